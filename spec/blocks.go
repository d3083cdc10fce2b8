package spec

import (
	"fmt"
	"iter"
	"os"
	"strings"
)

// Block is a fenced code block of a Markdown text.
type Block struct {
	// Info is the info string after the opening fence, such as "parse" or
	// "translate betza", without surrounding blanks; "" when there is none.
	Info string
	// Line is the line number of the opening fence, from 1. The i-th line
	// of Lines is line Line+1+i of the text.
	Line int
	// Lines are the lines between the fences exactly as written, blank
	// lines and surrounding spaces included.
	Lines []string
	// Start is the byte offset of the opening fence in the text, End the
	// offset just after the closing fence: text[Start:End] is the whole
	// block.
	Start, End int
}

// Body returns the text between the fences: each line followed by a
// newline.
func (b Block) Body() string {
	var s strings.Builder
	for _, l := range b.Lines {
		s.WriteString(l)
		s.WriteByte('\n')
	}
	return s.String()
}

// LineOf returns the line number in the text of b.Lines[i].
func (b Block) LineOf(i int) int { return b.Line + 1 + i }

// Examples yields the block's lines that hold something, each with its
// line number in the text: the examples of a block, blank lines left out.
func (b Block) Examples() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, line := range b.Lines {
			if strings.TrimSpace(line) != "" && !yield(b.LineOf(i), line) {
				return
			}
		}
	}
}

// fence is the marker that opens and closes a block. Indented fences and
// longer runs of backticks are not used in this project's texts.
const fence = "```"

// Blocks returns the fenced blocks of a Markdown text in order. A block
// opens at a line that starts with three backticks (the rest of the line
// is its info string) and closes at the next line that is three backticks
// alone (trailing blanks allowed). A block that is never closed is an
// error, so that a lost fence does not turn the rest of a spec into
// examples, or silently drop them.
func Blocks(doc string) ([]Block, error) {
	var out []Block
	var cur *Block
	offset := 0
	for n, line := range strings.SplitAfter(doc, "\n") {
		start := offset
		offset += len(line)
		text := strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		switch {
		case cur == nil && strings.HasPrefix(text, fence):
			cur = &Block{Info: strings.TrimSpace(text[len(fence):]), Line: n + 1, Start: start}
		case cur != nil && strings.TrimRight(text, " \t") == fence:
			cur.End = start + len(text)
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.Lines = append(cur.Lines, text)
		}
	}
	if cur != nil {
		return out, fmt.Errorf("line %d: the block %q is never closed", cur.Line, cur.Info)
	}
	return out, nil
}

// ReadBlocks returns the fenced blocks of the Markdown file at path (see
// Blocks); an error names the file.
func ReadBlocks(path string) ([]Block, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	blocks, err := Blocks(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return blocks, nil
}

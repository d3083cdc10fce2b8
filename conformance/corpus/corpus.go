// Package corpus reads the golden cases of corpus/: one txtar
// file a notation, split into valid/<area>/ and invalid/.
//
// A file's comment holds "key: value" lines about the notation:
//
//	notation: W-F
//	dialect: betza2            (optional; betza2 by default)
//	clauses: §4.1 §4.2 §2.7    (the clauses the file tests; in an invalid
//	                            file, the first is the one its error cites)
//	summary: one sentence on what the file pins down
//	canonical: W-F             (optional: the printer's form)
//	error: 5 expected a leg    (invalid files: offset and message substring)
//
// Each section is one case: a position, the mover's square, the reason for
// the expected result, and the expected outcomes, one eval.Outcome.Key a
// line ("want:" alone means no legal move):
//
//	-- blocked --
//	board: 8x8
//	position: 8/8/8/8/3p4/8/8/8
//	from: d3
//	why: d4 is occupied, so the horse cannot pass it (§4.2).
//	want:
//	b2 b2=X d3=
//
// A case may say "error: substring" instead of want, for evaluation errors.
//
// A case of the Spanish dialect may stand on a board of three or more
// dimensions (spec/spanish.md §S11): its board, position, from and want
// lines are written in the n-dimensional texts ("board: 5x5x5", "from:
// c3.3", "c3.3 c3.3= e5.5=X"), and it is evaluated by the Spanish direct
// evaluator (§S12), the reference's only reading of n dimensions. Such a
// case has no 2-D setup (Setup refuses it, Setups leaves it out) and no
// request of the 2-D protocol (spec/protocol.md).
//
// The want:, error: and canonical: lines are worked out by hand: they are
// the oracle the reference is judged by (CheckNotation, CheckCase, used by
// the corpus test and by every conform run over the corpus). Nothing in
// the project writes them, and the update switch BETZA_UPDATE, which
// refreshes snapshots, leaves them alone.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package corpus

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"

	builtin "github.com/betzacheck/betzacheck/corpus"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/ndboard"
)

// File is one corpus file.
type File struct {
	Path      string
	Notation  string
	Dialect   string
	Clauses   []string
	Summary   string
	Canonical string
	Invalid   bool // the file lives under invalid/: the notation must be rejected
	ErrOffset int  // invalid files: where the error is
	ErrText   string
	Cases     []*Case
}

// Case is one position of a file.
type Case struct {
	Name     string
	Board    string // "8x8" by default
	Position string // placement text; empty means an empty board
	From     string
	Mover    string // piece put on From when it is empty; board.DefaultMover by default
	Why      string
	Want     []string // outcome keys, sorted
	Error    string   // expected evaluation error (substring), instead of Want
}

// ID names the case in reports: path without extension, then the case.
func (c *Case) ID(f *File) string {
	return strings.TrimSuffix(f.Path, ".txtar") + "/" + c.Name
}

// Load reads every .txtar file under dir, sorted by path. It reads
// inside dir only (through an os.Root): a file that is a symbolic link
// out of the corpus is an error, never followed (issue 28), and a
// directory that is a link is not walked into.
func Load(dir string) ([]*File, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return load(root.FS(), dir)
}

// Builtin is the name that stands for the corpus built into the program
// (Builtin) where a command takes a corpus directory: a directory of that
// name is written ./builtin.
const Builtin = "builtin"

// LoadBuiltin reads the corpus built into the program (the repository's
// corpus directory, embedded: package github.com/betzacheck/betzacheck/corpus).
func LoadBuiltin() ([]*File, error) { return load(builtin.Files(), "") }

// LoadNamed reads the corpus a command names: the built-in one for
// Builtin, else the directory (Load).
func LoadNamed(name string) ([]*File, error) {
	if name == Builtin {
		return LoadBuiltin()
	}
	return Load(name)
}

// load reads every .txtar file of fsys, sorted by path; dir is the
// directory fsys is rooted at, for the errors and the links' check, ""
// for the built-in corpus.
func load(fsys fs.FS, dir string) ([]*File, error) {
	var files []*File
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 && dir != "" {
			if err := linkInside(dir, path); err != nil {
				return err
			}
		}
		data, err := fs.ReadFile(fsys, path)
		if err != nil {
			return fmt.Errorf("%s: %w", filepath.Join(dir, filepath.FromSlash(path)), err)
		}
		f, err := Parse(path, data)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, err
}

// linkInside checks that the symbolic link at path (slash-separated,
// relative to dir) leads to a file inside dir.
func linkInside(dir, path string) error {
	name := filepath.Join(dir, filepath.FromSlash(path))
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	base, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(base, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s: a symbolic link out of the corpus (to %s): not followed", path, target)
	}
	return nil
}

// MaxLine is the longest line a corpus file may have, in bytes: a case is
// written by hand, and its longest line is a few hundred bytes. A longer
// line is refused before anything reads it, so that no error quotes it.
const MaxLine = 4096

// excerptMax is how many bytes of its input an error quotes (Excerpt).
const excerptMax = 80

// Excerpt quotes the beginning of s, at most excerptMax bytes (whole
// runes), and says how long s is when it is cut: what an error shows of
// the input it is about (issue 28: a 20 MB line was echoed whole).
func Excerpt(s string) string {
	if len(s) <= excerptMax {
		return strconv.Quote(s)
	}
	cut := excerptMax
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// Parse reads one corpus file; path (slash-separated, relative to the
// corpus root) decides whether it is an invalid case. Its errors quote at
// most the beginning of a line (Excerpt), and a line longer than MaxLine
// is an error of its own.
func Parse(path string, data []byte) (*File, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
	}
	for n, rest := 1, data; len(rest) > 0; n++ {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		if len(line) > MaxLine {
			return nil, bad("line %d: %d bytes, more than a corpus line may have (%d): %s", n, len(line), MaxLine, Excerpt(string(line)))
		}
		rest = after
	}
	ar := txtar.Parse(data)
	f := &File{Path: path, Dialect: dialect.Betza2, Invalid: strings.HasPrefix(path, "invalid/")}
	for _, kv := range fields(ar.Comment) {
		switch kv.key {
		case "notation":
			f.Notation = kv.value
		case "dialect":
			f.Dialect = kv.value
		case "clauses":
			f.Clauses = strings.Fields(kv.value)
		case "summary":
			f.Summary = kv.value
		case "canonical":
			f.Canonical = kv.value
		case "error":
			off, text, _ := strings.Cut(kv.value, " ")
			n, err := strconv.Atoi(off)
			if err != nil {
				return nil, bad("error: expected an offset then a message, found %s", Excerpt(kv.value))
			}
			f.ErrOffset, f.ErrText = n, text
		default:
			return nil, bad("unknown field %s", Excerpt(kv.key))
		}
	}
	switch {
	case f.Notation == "" && !f.Invalid:
		return nil, bad("no notation")
	case len(f.Clauses) == 0:
		return nil, bad("no clauses: every file cites the clauses it tests")
	case f.Summary == "":
		return nil, bad("no summary")
	case f.Invalid && f.ErrText == "":
		return nil, bad("an invalid file needs error: OFFSET MESSAGE")
	case f.Invalid && len(ar.Files) > 0:
		return nil, bad("an invalid file has no cases")
	}
	for _, sec := range ar.Files {
		c := &Case{Name: sec.Name, Board: "8x8", Mover: board.DefaultMover().String()}
		// the one-line fields of a case, by key; "want:" starts the list of
		// outcome keys that runs to the end of the section
		fields := map[string]*string{"board": &c.Board, "position": &c.Position, "from": &c.From,
			"mover": &c.Mover, "why": &c.Why, "error": &c.Error}
		inWant := false
		for _, line := range strings.Split(string(sec.Data), "\n") {
			if inWant {
				if line = strings.TrimSpace(line); line != "" {
					c.Want = append(c.Want, line)
				}
				continue
			}
			if strings.TrimSpace(line) == "" {
				continue
			}
			key, value, ok := strings.Cut(line, ":")
			if !ok {
				return nil, bad("case %s: expected key: value, found %s", c.Name, Excerpt(line))
			}
			if field, ok := fields[key]; ok {
				*field = strings.TrimSpace(value)
			} else if key == "want" {
				inWant = true
			} else {
				return nil, bad("case %s: unknown field %s", c.Name, Excerpt(key))
			}
		}
		switch {
		case c.From == "":
			return nil, bad("case %s: no from square", c.Name)
		case c.Why == "":
			return nil, bad("case %s: no why: every expectation carries its reasoning", c.Name)
		case !inWant && c.Error == "":
			return nil, bad("case %s: neither want: nor error:", c.Name)
		}
		if c.ND() && f.Dialect != dialect.Spanish {
			return nil, bad("case %s: the %s board has more than two dimensions, which only the Spanish dialect reads (§S11.1)", c.Name, c.Board)
		}
		for _, line := range c.Want {
			if err := c.checkKey(line); err != nil {
				// The key parser quotes the line whole: only its
				// beginning is shown.
				return nil, bad("case %s: want: %s", c.Name, strings.ReplaceAll(err.Error(), strconv.Quote(line), Excerpt(line)))
			}
		}
		sort.Strings(c.Want)
		f.Cases = append(f.Cases, c)
	}
	return f, nil
}

// ND reports whether the case stands on a board of three or more
// dimensions, whose size has more than one 'x' (§S11.1).
func (c *Case) ND() bool { return ndboard.Beyond2D(c.Board) }

// maxKeyWord is the longest word of an outcome key: a square and its
// content ("z26.26.26.26.26=X*" on the largest n-D board is 18 bytes).
const maxKeyWord = 64

// checkKey checks that line is an outcome key of the case's board. A word
// longer than any of a key is refused before the key is read, with its
// beginning only (the key parser quotes what it does not read).
func (c *Case) checkKey(line string) error {
	for _, w := range strings.Fields(line) {
		if len(w) > maxKeyWord {
			return fmt.Errorf("a word of %d bytes, longer than any of an outcome key (%d): %s", len(w), maxKeyWord, Excerpt(w))
		}
	}
	if !c.ND() {
		_, err := eval.ParseKey(line)
		return err
	}
	size, err := ndboard.ParseSize(c.Board)
	if err != nil {
		return err
	}
	_, err = ndboard.ParseKey(size, line)
	return err
}

type field struct{ key, value string }

func fields(comment []byte) []field {
	var out []field
	for _, line := range strings.Split(string(comment), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, _ := strings.Cut(line, ":")
		out = append(out, field{strings.TrimSpace(key), strings.TrimSpace(value)})
	}
	return out
}

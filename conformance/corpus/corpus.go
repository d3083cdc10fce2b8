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
package corpus

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"betzacheck/reference/board"
	"betzacheck/reference/dialect"
	"betzacheck/reference/eval"
	"betzacheck/reference/ndboard"
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

// Load reads every .txtar file under dir, sorted by path.
func Load(dir string) ([]*File, error) {
	var files []*File
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		f, err := Parse(filepath.ToSlash(rel), data)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, err
}

// Parse reads one corpus file; path (slash-separated, relative to the
// corpus root) decides whether it is an invalid case.
func Parse(path string, data []byte) (*File, error) {
	ar := txtar.Parse(data)
	f := &File{Path: path, Dialect: dialect.Betza2, Invalid: strings.HasPrefix(path, "invalid/")}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
	}
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
				return nil, bad("error: expected an offset then a message, found %q", kv.value)
			}
			f.ErrOffset, f.ErrText = n, text
		default:
			return nil, bad("unknown field %q", kv.key)
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
				return nil, bad("case %s: expected key: value, found %q", c.Name, line)
			}
			if field, ok := fields[key]; ok {
				*field = strings.TrimSpace(value)
			} else if key == "want" {
				inWant = true
			} else {
				return nil, bad("case %s: unknown field %q", c.Name, key)
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
				return nil, bad("case %s: want: %v", c.Name, err)
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

// checkKey checks that line is an outcome key of the case's board.
func (c *Case) checkKey(line string) error {
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

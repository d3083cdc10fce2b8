package classic

import (
	"github.com/betzacheck/betzacheck/reference"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/spec"
)

const specPath = "../../../spec/classic.md"

// TestSpecExamples runs the executable examples of spec/classic.md: the
// blocks "translate PROFILE" and "reject PROFILE".
func TestSpecExamples(t *testing.T) {
	blocks, err := spec.ReadBlocks(specPath)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range blocks {
		kind, prof, _ := strings.Cut(b.Info, " ")
		if kind != "translate" && kind != "reject" {
			continue
		}
		d := profile(t, prof)
		for at, line := range b.Examples() {
			n++
			if kind == "reject" {
				if err := spec.CheckReject(line, dialect.Classic, toBetza2(d)); err != nil {
					t.Errorf("classic.md:%d: %s: %v", at, prof, err)
				}
				continue
			}
			src, want, ok := strings.Cut(line, " => ")
			if !ok {
				t.Errorf("classic.md:%d: %q has no =>", at, line)
				continue
			}
			got, err := reference.SourceOf(d.ToBetza2(src))
			if err != nil || got != want {
				t.Errorf("classic.md:%d: %s: %q: got %q, %v; the spec says %q", at, prof, src, got, err, want)
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d examples", n)
	}
}

// toBetza2 is d's translation for spec.CheckReject: only its error.
func toBetza2(d Dialect) func(string) error {
	return func(src string) error {
		_, err := d.ToBetza2(src)
		return err
	}
}

// TestSpecTable: the table of §C5.1 is the Go table, cell by cell.
func TestSpecTable(t *testing.T) {
	data, err := os.ReadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	var header []string
	rows := 0
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if cells[0] == "topic" {
			header = cells
			continue
		}
		if header == nil || strings.HasPrefix(cells[0], "---") || len(cells) != len(header) {
			if header != nil && len(cells) != len(header) {
				header = nil // the table ended
			}
			continue
		}
		rows++
		for i, name := range header[1:] {
			p, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			v, ok := p.Value(cells[0])
			if !ok || v != cells[i+1] {
				t.Errorf("§C5.1 says %s reads %q as %q; the Go table says %q", name, cells[0], cells[i+1], v)
			}
		}
	}
	if rows != len(Topics) {
		t.Errorf("§C5.1 has %d rows, there are %d topics", rows, len(Topics))
	}
	if len(header) != 0 && len(header)-1 != len(Profiles) {
		t.Errorf("§C5.1 has %d profiles, the Go table %d", len(header)-1, len(Profiles))
	}
}

var clauseRef = regexp.MustCompile(`§C\d+\.\d+`)

// TestClausesDefined: every §C clause the package cites is in the spec.
func TestClausesDefined(t *testing.T) {
	spec, err := os.ReadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		src, _ := os.ReadFile(e.Name())
		for _, c := range clauseRef.FindAllString(string(src), -1) {
			if !strings.Contains(string(spec), "**"+c+"**") {
				t.Errorf("%s cites %s, which spec/classic.md does not define", e.Name(), c)
			}
		}
	}
}

package classic

import (
	"betzacheck/reference"
	"betzacheck/reference/loc"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const specPath = "../../../spec/classic.md"

func blocks(t *testing.T, prefix string) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	cur := ""
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```"+prefix+" "):
			cur = strings.TrimPrefix(line, "```"+prefix+" ")
		case strings.HasPrefix(line, "```"):
			cur = ""
		case cur != "" && strings.TrimSpace(line) != "":
			out[cur] = append(out[cur], line)
		}
	}
	return out
}

// TestSpecExamples runs the executable examples of spec/classic.md.
func TestSpecExamples(t *testing.T) {
	n := 0
	for prof, lines := range blocks(t, "translate") {
		d := profile(t, prof)
		for _, line := range lines {
			src, want, ok := strings.Cut(line, " => ")
			if !ok {
				t.Errorf("%q has no =>", line)
				continue
			}
			n++
			got, err := reference.SourceOf(d.ToBetza2(src))
			if err != nil || got != want {
				t.Errorf("%s: %q: got %q, %v; the spec says %q", prof, src, got, err, want)
			}
		}
	}
	for prof, lines := range blocks(t, "reject") {
		d := profile(t, prof)
		for _, line := range lines {
			f := strings.Fields(line)
			if len(f) != 3 {
				t.Errorf("reject line %q", line)
				continue
			}
			n++
			_, err := d.ToBetza2(f[0])
			var e *loc.Error
			if !errors.As(err, &e) || "@"+strconv.Itoa(e.Offset) != f[1] || e.Clause != f[2] {
				t.Errorf("%s: %q: error %v, the spec says %s %s", prof, f[0], err, f[1], f[2])
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d examples", n)
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

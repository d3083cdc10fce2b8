package bracket

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"betzacheck/reference"
	"betzacheck/reference/dialect"
	"betzacheck/reference/loc"
)

// SpecBlocks returns the lines of the fenced blocks of a spec with the
// given info string.
func SpecBlocks(t *testing.T, path, info string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "```"+info:
			in = true
		case strings.HasPrefix(line, "```"):
			in = false
		case in && strings.TrimSpace(line) != "":
			out = append(out, line)
		}
	}
	return out
}

// TestSpecExamples runs the executable examples of spec/bracket.md.
func TestSpecExamples(t *testing.T) {
	const spec = "../../../spec/bracket.md"
	n := 0
	for _, line := range SpecBlocks(t, spec, "translate") {
		src, want, ok := strings.Cut(line, " => ")
		if !ok {
			t.Errorf("translate line %q has no =>", line)
			continue
		}
		n++
		got, err := reference.SourceOf(Dialect{}.ToBetza2(src))
		if err != nil || got != want {
			t.Errorf("%q: got %q, %v; the spec says %q", src, got, err, want)
		}
	}
	for _, line := range SpecBlocks(t, spec, "reject") {
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Errorf("reject line %q: want SRC @OFFSET §CLAUSE", line)
			continue
		}
		n++
		_, err := Dialect{}.ToBetza2(f[0])
		var e *loc.Error
		if !errors.As(err, &e) || "@"+itoa(e.Offset) != f[1] || e.Clause != f[2] {
			t.Errorf("%q: error %v, the spec says %s %s", f[0], err, f[1], f[2])
		}
	}
	for _, line := range SpecBlocks(t, spec, "noequiv") {
		n++
		_, err := Dialect{}.ToBetza2(line)
		var ne *dialect.NoEquivalentError
		if !errors.As(err, &ne) {
			t.Errorf("%q: %v, the spec says it has no equivalent", line, err)
		}
	}
	if n < 50 {
		t.Errorf("only %d examples in %s", n, spec)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestClausesDefined: every §B clause this package cites is defined in
// spec/bracket.md.
func TestClausesDefined(t *testing.T) {
	spec, err := os.ReadFile("../../../spec/bracket.md")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		src, err := os.ReadFile(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range clauseRef.FindAllString(string(src), -1) {
			if !strings.Contains(string(spec), "**"+c+"**") {
				t.Errorf("%s cites %s, which spec/bracket.md does not define", e.Name(), c)
			}
		}
	}
}

var clauseRef = regexp.MustCompile(`§B\d+\.\d+`)

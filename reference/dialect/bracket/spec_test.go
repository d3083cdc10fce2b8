package bracket

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/spec"
)

// TestSpecExamples runs the executable examples of spec/bracket.md: the
// blocks "translate", "reject" and "noequiv".
func TestSpecExamples(t *testing.T) {
	blocks, err := spec.ReadBlocks(specPath)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range blocks {
		for at, line := range b.Examples() {
			switch b.Info {
			case "translate":
				src, want, ok := strings.Cut(line, " => ")
				if !ok {
					t.Errorf("bracket.md:%d: translate line %q has no =>", at, line)
					continue
				}
				got, err := reference.SourceOf(Dialect{}.ToBetza2(src))
				if err != nil || got != want {
					t.Errorf("bracket.md:%d: %q: got %q, %v; the spec says %q", at, src, got, err, want)
				}
			case "reject":
				read := func(src string) error {
					_, err := Dialect{}.ToBetza2(src)
					return err
				}
				if err := spec.CheckReject(line, dialect.Bracket, read); err != nil {
					t.Errorf("bracket.md:%d: %v", at, err)
				}
			case "noequiv":
				_, err := Dialect{}.ToBetza2(line)
				var ne *dialect.NoEquivalentError
				if !errors.As(err, &ne) {
					t.Errorf("bracket.md:%d: %q: %v, the spec says it has no equivalent", at, line, err)
				}
			default:
				continue
			}
			n++
		}
	}
	if n < 50 {
		t.Errorf("only %d examples in %s", n, specPath)
	}
}

const specPath = "../../../spec/bracket.md"

// TestClausesDefined: every §B clause this package cites is defined in
// spec/bracket.md.
func TestClausesDefined(t *testing.T) {
	doc, err := os.ReadFile(specPath)
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
			if !strings.Contains(string(doc), "**"+c+"**") {
				t.Errorf("%s cites %s, which spec/bracket.md does not define", e.Name(), c)
			}
		}
	}
}

var clauseRef = regexp.MustCompile(`§B\d+\.\d+`)

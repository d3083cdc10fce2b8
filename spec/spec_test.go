package spec_test

import (
	"os"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/spec"
)

// TestExamples runs every fenced example of spec/betza2.md (see its
// section "Executable examples"): each line of a ```parse block must
// compile; each line of a ```reject block must be refused with an error at
// the offset and under the clause it states, a clause the spec defines.
func TestExamples(t *testing.T) {
	data, err := os.ReadFile("betza2.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	blocks, err := spec.Blocks(doc)
	if err != nil {
		t.Fatalf("betza2.md: %v", err)
	}
	counts := map[string]int{}
	for _, b := range blocks {
		if b.Info != "parse" && b.Info != "reject" {
			continue
		}
		for i, line := range b.Lines {
			if line == "" {
				continue
			}
			counts[b.Info]++
			at := b.LineOf(i)
			if b.Info == "parse" {
				if _, err := reference.Compile(line); err != nil {
					t.Errorf("betza2.md:%d: %q must parse: %v", at, line, err)
				}
				continue
			}
			r, err := spec.ParseReject(line)
			if err != nil {
				t.Errorf("betza2.md:%d: %v", at, err)
				continue
			}
			if !strings.Contains(doc, "**"+r.Clause+"**") {
				t.Errorf("betza2.md:%d: %s is not a clause of the spec", at, r.Clause)
			}
			_, err = reference.Compile(r.Text)
			if err := r.Check(err, ""); err != nil {
				t.Errorf("betza2.md:%d: %v", at, err)
			}
		}
	}
	if counts["parse"] < 30 || counts["reject"] < 90 {
		t.Errorf("too few examples: %v", counts)
	}
	t.Logf("%d parse and %d reject examples", counts["parse"], counts["reject"])
}

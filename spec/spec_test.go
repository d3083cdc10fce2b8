package spec_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"betzacheck/reference"
)

// TestExamples runs every fenced example of spec/betza2.md: each line of a
// ```parse block must compile, each line of a ```reject block must not.
func TestExamples(t *testing.T) {
	f, err := os.Open("betza2.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var block string
	counts := map[string]int{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "```"):
			if block != "" || text == "```" {
				block = ""
				continue
			}
			block = strings.TrimPrefix(text, "```")
			if block != "parse" && block != "reject" {
				block = "other"
			}
		case block == "parse" || block == "reject":
			src := strings.TrimSpace(text)
			if src == "" {
				continue
			}
			counts[block]++
			_, err := reference.Compile(src)
			if block == "parse" && err != nil {
				t.Errorf("betza2.md:%d: %q must parse: %v", line, src, err)
			}
			if block == "reject" && err == nil {
				t.Errorf("betza2.md:%d: %q must be rejected", line, src)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if counts["parse"] < 30 || counts["reject"] < 10 {
		t.Errorf("too few examples: %v", counts)
	}
	t.Logf("%d parse and %d reject examples", counts["parse"], counts["reject"])
}

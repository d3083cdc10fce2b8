package grammar_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/grammar"
)

// TestRestrict: a grammar restricted to some characters samples sentences
// written with those alone, still of the grammar (the classic parser
// reads them), and every allowed modifier still occurs; a start that
// cannot be written with them is an error.
func TestRestrict(t *testing.T) {
	g, err := grammar.Classic()
	if err != nil {
		t.Fatal(err)
	}
	const allowed = "WFNRfbsmc0123456789"
	rg, err := grammar.Restrict(g, grammar.ClassicStart, allowed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[rune]bool{}
	for i := 0; i < 2000; i++ {
		s := grammar.Sample(rg, grammar.ClassicStart, r, 4)
		if s == "" {
			t.Fatalf("sample %d is empty", i)
		}
		for _, c := range s {
			if !strings.ContainsRune(allowed, c) {
				t.Fatalf("sample %q has %q, not in %q", s, c, allowed)
			}
			seen[c] = true
		}
	}
	for _, c := range "WFNRfbsmc" {
		if !seen[c] {
			t.Errorf("no sample has %q", c)
		}
	}
	if _, err := grammar.Restrict(g, grammar.ClassicStart, "fbmc"); err == nil || !strings.Contains(err.Error(), "no sentence of Description") {
		t.Errorf("modifiers alone: %v", err)
	}
}

package props

import (
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/expand"
)

// TestFactoredForms pins the forms the refactoring law writes: the
// explicit chains with their first k legs shared, for each depth up to the
// deepest fork.
func TestFactoredForms(t *testing.T) {
	for _, c := range []struct {
		notation string
		want     []string
	}{
		{"xW-xW-W2", []string{"axmW-(fxmW-fmcWfxmW-fmW-fmcW)", "axmW-fxmW-(fmcWfmW-fmcW)"}},
		{"W3", []string{"amcWamW-(fmcWfmW-fmcW)"}},
		{"(WF)-N", nil},
		{"xW-(F(W-F))", []string{"axmW-(fmcFfmW-fmcF)"}},
	} {
		prog, err := reference.Compile(c.notation)
		if err != nil {
			t.Fatal(err)
		}
		s := &Subject{Notation: c.notation, prog: prog}
		chains, _ := s.explicitChainLegs(explicitChains, explicitLegs)
		var root trie
		for _, ch := range chains {
			root.add(ch)
		}
		var got []string
		for k := 1; k <= root.forkDepth(); k++ {
			var b strings.Builder
			root.write(&b, k)
			got = append(got, b.String())
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: forms %q, want %q", c.notation, got, c.want)
		}
	}
}

// TestLegsReadBack: beyond the size at which explicit-defaults evaluates
// the written-out union, it reads every written-out leg back; a leg whose
// written form does not say all it means breaks it.
func TestLegsReadBack(t *testing.T) {
	for _, notation := range []string{"W300", "C583", "(frW)100", "xW-xW-W300", "icR-ebR200"} {
		prog, err := reference.Compile(notation)
		if err != nil {
			t.Fatal(err)
		}
		s := &Subject{Notation: notation, prog: prog}
		if _, res := s.explicitChainLegs(explicitChains, explicitLegs); res.Undecided == nil {
			t.Fatalf("%s: small enough to evaluate written out; the test wants one that is not", notation)
		}
		if res := s.explicitLegsReadBack(); res != Holds {
			t.Errorf("%s: %s%v", notation, res.Failure, res.Undecided)
		}
		// A victim-i (§3.11) on a leg without c: its written form drops
		// it, so it reads back as another leg.
		leg := &prog.Prog.Nodes[1].Leg
		leg.Modal, leg.CVirgin = expand.M, true
		if res := s.explicitLegsReadBack(); res.Failure == "" {
			t.Errorf("%s with a victim-i that its written form drops: read back without a failure", notation)
		}
	}
}

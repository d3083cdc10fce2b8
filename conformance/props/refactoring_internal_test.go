package props

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/geometry"
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

// TestLegKey: legKey writes what fmt wrote before it was written in one
// buffer (issue 29): the directions as fmt.Sprint lists them, the
// modality, the flags; "-" for the directions of a null leg. It allocates
// its text and the modality's (fmt took ten).
func TestLegKey(t *testing.T) {
	prog, err := reference.Compile("ifxcimW-lbecdiF-O-aW-(F)rf3-xmN")
	if err != nil {
		t.Fatal(err)
	}
	for i := range prog.Prog.Nodes {
		l := &prog.Prog.Nodes[i].Leg
		dirs := fmt.Sprint(l.Dirs)
		if l.Atom.Class == geometry.Null {
			dirs = "-"
		}
		want := fmt.Sprintf("%c%s:%s:i%t,%t,%t:x%t:e%t", l.Atom.Letter, dirs, l.Modal, l.MoverVirgin, l.CVirgin, l.DVirgin, l.Erupt, l.Equal)
		if got := legKey(l); got != want {
			t.Errorf("leg %s: key %q, want %q", l, got, want)
		}
		if allocs := testing.AllocsPerRun(20, func() { legKey(l) }); allocs > 2 {
			t.Errorf("leg %s: its key allocates %.0f times", l, allocs)
		}
	}
}

// TestExplicitChainsWrittenOnce: the chains explicit-defaults writes out
// are those refactoring writes out, within its larger limits, and
// refactoring reads them again instead of walking the chains a second time
// (issue 29); within smaller limits they are walked again, and are too
// many.
func TestExplicitChainsWrittenOnce(t *testing.T) {
	prog, err := reference.Compile("xW-xW-W2")
	if err != nil {
		t.Fatal(err)
	}
	fresh := &Subject{Notation: "xW-xW-W2", prog: prog}
	want, _ := fresh.explicitChainLegs(refactorChains, refactorLegs)
	s := &Subject{Notation: "xW-xW-W2", prog: prog}
	first, res := s.explicitChainLegs(explicitChains, explicitLegs)
	if res != Holds || !slices.EqualFunc(first, want, slices.Equal) {
		t.Fatalf("explicit-defaults writes %q (%+v), refactoring %q", first, res, want)
	}
	if again, _ := s.explicitChainLegs(refactorChains, refactorLegs); len(again) == 0 || &again[0] != &first[0] {
		t.Errorf("refactoring writes the chains out again")
	}
	if fewer, res := s.explicitChainLegs(1, 1); fewer != nil || res.Undecided == nil {
		t.Errorf("within one chain of one leg: %q, %+v; want too many", fewer, res)
	}
}

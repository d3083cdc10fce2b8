package expand_test

import (
	"errors"
	"slices"
	"testing"

	"betzacheck/reference/expand"
	"betzacheck/reference/syntax"
)

func compile(t *testing.T, src string) (*expand.Program, error) {
	t.Helper()
	n, err := syntax.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return expand.Compile(n, src, expand.DefaultLimits)
}

// TestSeedExpansions pins the expansions the seed writes out, every
// default spelled (a: every direction, §4.4).
func TestSeedExpansions(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		// §5.1 W3 = (W)(W-fW)(W-fW-fW), with m on left legs (§4.2).
		{"W3", []string{"amcW", "amW-fmcW", "amW-fmW-fmcW"}},
		// §5.2 with §7.1: (X-Y)03 = mX-fmY-fmX-fmY-fmX-fY.
		{"(W-F)03", []string{"amW-fmF-fmW-fmF-fmW-fmcF"}},
		// §5.4 Arc03 = cA-rcA-rA.
		{"Arc03", []string{"acA-rcA-rmcA"}},
		// §5.4 A3 = Afm3.
		{"A3", []string{"amcA", "amA-fmcA", "amA-fmA-fmcA"}},
		{"Afm3", []string{"amcA", "amA-fmcA", "amA-fmA-fmcA"}},
		// §7.1 vc(W-F-R) = vW-F-cR, §7.2 c(WFN) = cWcFcN.
		{"vc(W-F-R)", []string{"vmW-fmF-fcR"}},
		{"c(WFN)", []string{"acW", "acF", "acN"}},
		// §5.5 the castling prefix goes to the first and last legs.
		{"irdiW04-buW02-bW", []string{"irmW-ifmW-ifmW-ifdiW-bmW-fuW-bmcW"}},
		// §7.1 x and a to the first leg, cd to the last.
		{"B-xacdK02-buK", []string{"amB-axmK-fcdK-buK"}},
		// A direction set that would read back as one name is a group.
		{"W-(fWrW)", []string{"amW-fmcW", "amW-rmcW"}},
	} {
		p, err := compile(t, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := p.Chains(20, 20); !slices.Equal(got, c.want) {
			t.Errorf("%s expands to %q, want %q", c.src, got, c.want)
		}
	}
}

// TestUnboundedIsALoop: §5.3 W0 unrolls into a first copy and a loop, so
// the graph stays small whatever the board.
func TestUnboundedIsALoop(t *testing.T) {
	p, err := compile(t, "W0")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Nodes) != 4 {
		t.Errorf("W0 has %d nodes, want 4", len(p.Nodes))
	}
	if got := p.Chains(10, 3); got[len(got)-1] != "amW-fmW-fmW-…" {
		t.Errorf("W0 chains %q do not end in a loop", got)
	}
}

func TestStaticErrors(t *testing.T) {
	for _, c := range []struct {
		src    string
		offset syntax.Pos
		clause string
	}{
		{"pW", 0, "§9.7"},
		{"W-tW", 2, "§9.7"},
		{"(oW)", 1, "§9.7"},
		{"uW3", 0, "§9.7"},
		{"eW", 0, "§9.8"},
		{"(eW)3", 1, "§9.8"},
	} {
		_, err := compile(t, c.src)
		var se *syntax.Error
		if !errors.As(err, &se) || se.Offset != c.offset || se.Clause != c.clause {
			t.Errorf("%s: error %v, want one at %d citing %s", c.src, err, c.offset, c.clause)
		}
	}
	// p after an eruption is a fragment's, and allowed (§9.7).
	if _, err := compile(t, "W-xpK"); err != nil {
		t.Errorf("W-xpK: %v", err)
	}
}

func TestNodeLimit(t *testing.T) {
	n, _ := syntax.Parse("((W999)999)")
	_, err := expand.Compile(n, "((W999)999)", expand.Limits{MaxNodes: 10000})
	var le *expand.LimitError
	if !errors.As(err, &le) || le.Value != 10000 {
		t.Errorf("error %v, want the node limit", err)
	}
}

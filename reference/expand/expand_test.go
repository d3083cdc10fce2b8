package expand_test

import (
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/syntax"
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
		var se *loc.Error
		if !errors.As(err, &se) || se.Offset != int(c.offset) || se.Clause != c.clause {
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

// TestChainCounts: the count of chains is exact and does not depend on how
// much of them a walk shows (issue 13: (W-F)1000 was counted as 7, and the
// count changed with the legs shown).
func TestChainCounts(t *testing.T) {
	// ((W-F)100)100: k outer copies, each inner copy 1 to 100 long, give
	// 100^k chains; k runs from 1 to 100 (§5.1).
	nested := new(big.Int)
	for k := int64(1); k <= 100; k++ {
		nested.Add(nested, new(big.Int).Exp(big.NewInt(100), big.NewInt(k), nil))
	}
	for _, c := range []struct {
		src  string
		want string
	}{
		{"W", "1"},
		{"W3", "3"},
		{"W03", "1"},
		{"(W-F)1000", "1000"}, // §5.1: 1 to 1000 copies of W-F
		{"W1000", "1000"},
		{"(WF)03", "8"},      // 2·2·2 ways through three exact copies
		{"(W-F)(WF)3", "15"}, // W-F, then 2+4+8 through (WF)3
		{"((W-F)100)100", nested.String()},
		{"(WF)063", "9223372036854775808"},         // 2^63
		{"(WF)064", "18446744073709551616"},        // 2^64: 2^63 + 2^63 no longer fits a word
		{"(WFD)040", "12157665459056928801"},       // 3^40, below 2^64
		{"(WFD)041", "36472996377170786403"},       // 3^41, above
		{"(WF)064(WF)064", "36893488147419103232"}, // 2^65
		{"W0", "unbounded"},                        // §5.3 a loop
		{"(W-F)0-N", "unbounded"},                  // a loop that ends the move only after it
		{"mW0-cF", "unbounded"},
	} {
		p, err := compile(t, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		for _, legs := range []int{1, 3, 12, 5000} {
			w := p.WalkChains(8, legs)
			if got := w.Total.String(); got != c.want {
				t.Errorf("%s with %d legs shown: %s chains, want %s", c.src, legs, got, c.want)
			}
			if c.want != "unbounded" && !w.Total.Exact() {
				t.Errorf("%s: count %v not marked exact", c.src, w.Total)
			}
		}
	}
}

// TestCompileAllocates: a leg of one node costs Compile no allocation of
// its own (its fragment lists it as a slice of one array, and it takes
// the list of what follows it as it is), bar the list of directions that
// it writes; Compile allocated 4 times a leg of W and 5 of fmW (issue 29).
func TestCompileAllocates(t *testing.T) {
	const legs = 200
	for _, c := range []struct {
		leg  string
		most float64 // allocations per leg
	}{{"W", 0.1}, {"fmW", 1.1}} {
		src := strings.Repeat(c.leg+"-", legs-1) + "cF"
		n, err := syntax.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(10, func() {
			if _, err := expand.Compile(n, src, expand.DefaultLimits); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > c.most*legs {
			t.Errorf("Compile of %d legs %s allocates %.0f times, want at most %.0f", legs, c.leg, allocs, c.most*legs)
		}
	}
}

// TestLegStringAllocates: writing a leg out allocates its text alone
// (fuzz writes out every leg of every notation, issue 29).
func TestLegStringAllocates(t *testing.T) {
	p, err := compile(t, "ifxcimW-lbecdiF-O")
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.Nodes {
		leg := &p.Nodes[i].Leg
		if allocs := testing.AllocsPerRun(20, func() { _ = leg.String() }); allocs > 1 {
			t.Errorf("writing out %s allocates %.0f times", leg, allocs)
		}
	}
}

// TestChainCountsAllocate: counting the chains of a program allocates
// the same few arrays however many nodes it has, not some per node
// (counting was 2% of fuzz, issue 29), as long as the counts fit a word:
// ten times the nodes, the same allocations.
func TestChainCountsAllocate(t *testing.T) {
	for _, pair := range [][2]string{{"W100", "W1000"}, {"(WFD)020", "(WFD)040"}} {
		var allocs [2]float64
		for i, src := range pair {
			p, err := compile(t, src)
			if err != nil {
				t.Fatal(err)
			}
			allocs[i] = testing.AllocsPerRun(10, func() { p.WalkChains(1, 1) })
		}
		if allocs[1] > allocs[0] {
			t.Errorf("counting the chains of %s allocates %.0f times, of %s %.0f times", pair[0], allocs[0], pair[1], allocs[1])
		}
	}
}

// TestChainCountBound: a count of 2^ChainCountBits or more is given as
// that bound, marked, not as a wrong number.
func TestChainCountBound(t *testing.T) {
	p, err := compile(t, "((WFD)01000)066") // 3^66000 chains through 198,000 nodes
	if err != nil {
		t.Fatal(err)
	}
	w := p.WalkChains(8, 12)
	if !w.Total.AtLeast || w.Total.Unbounded || w.Total.Exact() {
		t.Fatalf("count %v: want a lower bound", w.Total)
	}
	if got, want := w.Total.String(), "at least 2^1024"; got != want {
		t.Errorf("count %s, want %s", got, want)
	}
}

// TestChainWalkMore: what a walk shows plus More accounts for every
// chain.
func TestChainWalkMore(t *testing.T) {
	for _, c := range []struct {
		src             string
		maxChains, legs int
		shown           int
		more            string
		cut             bool // the last chain shown is cut
	}{
		{"W3", 1, 12, 1, "2", false},
		{"W3", 8, 12, 3, "0", false},
		{"W3", 8, 2, 3, "0", true}, // W, W-W, and W-W… standing for W-W-W
		{"(W-F)1000", 3, 12, 3, "997", false},
		{"(W-F)1000", 8, 12, 7, "0", true}, // 6 whole chains and one cut standing for 994
		{"W0", 3, 12, 3, "unbounded", false},
		{"W0", 20, 5, 6, "0", true}, // 5 whole chains and one cut standing for the rest
	} {
		p, err := compile(t, c.src)
		if err != nil {
			t.Fatal(err)
		}
		w := p.WalkChains(c.maxChains, c.legs)
		if len(w.Shown) != c.shown || w.More.String() != c.more {
			t.Errorf("%s (%d chains, %d legs): %d shown and %s more, want %d and %s", c.src, c.maxChains, c.legs, len(w.Shown), w.More, c.shown, c.more)
			continue
		}
		if last := w.Shown[len(w.Shown)-1]; last.Cut != c.cut {
			t.Errorf("%s: last chain cut %v, want %v", c.src, last.Cut, c.cut)
		}
		if !w.Total.Exact() {
			continue
		}
		// Every chain is shown, stood for by a cut entry, or more.
		sum := w.More.Int()
		for _, sc := range w.Shown {
			if sc.Ends {
				sum.Add(sum, big.NewInt(1))
			}
			sum.Add(sum, sc.Beyond.Int())
		}
		if sum.Cmp(w.Total.Int()) != 0 {
			t.Errorf("%s: shown, cut and more make %v chains, want %v", c.src, sum, w.Total)
		}
	}
}

// TestChainWalkDeep: a long chain is walked without recursion and shown
// cut at the legs asked for.
func TestChainWalkDeep(t *testing.T) {
	p, err := compile(t, "((W-F)01000)0100") // one chain of 200,000 legs
	if err != nil {
		t.Fatal(err)
	}
	w := p.WalkChains(8, 7)
	if w.Total.String() != "1" || len(w.Shown) != 1 || len(w.Shown[0].Nodes) != 7 || !w.Shown[0].Cut || w.Shown[0].Beyond.String() != "1" {
		t.Errorf("walk %+v, want one chain cut at 7 legs", w)
	}
}

// TestLegWords: a leg in words says what each item means, with its
// clause, and where each default came from.
func TestLegWords(t *testing.T) {
	p, err := compile(t, "ifxW-ecB-dO")
	if err != nil {
		t.Fatal(err)
	}
	var legs []expand.LegWords
	for i, n := range p.WalkChains(1, 10).Shown[0].Nodes {
		legs = append(legs, p.Nodes[n].Leg.Words(i > 0))
	}
	first, second, null := legs[0], legs[1], legs[2]
	if got, want := first.DirectionsText(), "f, forward"; got != want || first.DirectionsWhy != "written" {
		t.Errorf("first leg directions %q (%s), want %q (written)", got, first.DirectionsWhy, want)
	}
	if got, want := first.ModalityText(), "m, to an empty square"; got != want || first.ModalityWhy != "m implied on the left of '-' (§4.2)" {
		t.Errorf("first leg modality %q (%s), want %q with §4.2", got, first.ModalityWhy, want)
	}
	var names []string
	for _, f := range first.Flags {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, []string{"initial", "eruption"}) {
		t.Errorf("first leg flags %v, want initial and eruption", names)
	}
	if got, want := second.DirectionsText(), "f, forward (relative to the previous leg, §2.7)"; got != want {
		t.Errorf("second leg directions %q, want %q", got, want)
	}
	if len(second.Flags) != 1 || second.Flags[0].Name != "same length" {
		t.Errorf("second leg flags %v, want same length", second.Flags)
	}
	if len(null.Directions) != 0 || null.DirectionsWhy != "" || null.ModalityText() != "d, destroying a friend" {
		t.Errorf("null leg %+v: want no directions and d", null)
	}
}

package props

import (
	"fmt"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/equiv"
)

// Pairs are the equivalences the seed states or its rules imply, each with
// its clauses.
func Pairs() []Pair {
	ps := []Pair{
		{Name: "W3 is W, W-fW, W-fW-fW", Clauses: "§5.1 §4.3", A: "W3", B: "(W)(W-fW)(W-fW-fW)"},
		{Name: "(X-Y)03 expands as the seed writes it", Clauses: "§5.2 §4.2 §4.3 §7.1", A: "(W-F)03", B: "mW-fmF-fmW-fmF-fmW-fF"},
		{Name: "Arc03 is cA-rcA-rA", Clauses: "§5.4", A: "Arc03", B: "cA-rcA-rA"},
		{Name: "A3 is Afm3", Clauses: "§5.4", A: "A3", B: "Afm3"},
		{Name: "(W) is W", Clauses: "§8.1", A: "(W)", B: "W"},
		{Name: "c(WFN) is cWcFcN", Clauses: "§7.2", A: "c(WFN)", B: "cWcFcN"},
		{Name: "vc(W-F-R) is vW-F-cR", Clauses: "§7.1", A: "vc(W-F-R)", B: "vW-F-cR"},
		{Name: "R is W0", Clauses: "§1.2 §5.3", A: "R", B: "W0"},
		{Name: "B is F0", Clauses: "§1.2 §5.3", A: "B", B: "F0"},
		{Name: "Q is K0", Clauses: "§1.3 §5.3 §2.7", A: "Q", B: "K0"},
		{Name: "K is WF", Clauses: "§1.3 §7.3", A: "K", B: "WF"},
		{Name: "Q is RB", Clauses: "§1.3 §7.3", A: "Q", B: "RB"},
		{Name: "lfN-rW mirrors rfN-rW", Clauses: "§6.1 §6.2", A: "lfN-rW", B: "rfN-rW", Sym: &equiv.Mirror},
		{Name: "N-rW is mirror symmetric", Clauses: "§6.2", A: "N-rW", B: "N-rW", Sym: &equiv.Mirror},
		{Name: "N-rW is quarter-turn symmetric", Clauses: "§6.2", A: "N-rW", B: "N-rW", Sym: &equiv.Rotate90},
		{Name: "N8 is the nightrider of at most 8 leaps, as the seed claims", Clauses: "§5.1 §5.4 §2.4 §2.7", A: "N8", B: "the nightrider of at most 8 leaps (oracle)", Oracle: RiderUpTo(knightRing[:], 8), Expected: true},
		{Name: "Nrf8 is the nightrider of at most 8 leaps", Clauses: "§5.1 §5.4 §2.4 §2.7 §6.1", A: "Nrf8", B: "the nightrider of at most 8 leaps (oracle)", Oracle: RiderUpTo(knightRing[:], 8)},
		{Name: "Nfr8 is the rose, as the seed claims", Clauses: "§5.4 §6.1 §2.7", A: "Nfr8", B: "the rose (oracle)", Oracle: Rose, Expected: true},
		{Name: "(F-lF)r0 is the crooked bishop, as the seed claims", Clauses: "§5.4 §6.1 §2.7", A: "(F-lF)r0", B: "the crooked bishop (oracle)", Oracle: CrookedBishop, Expected: true},
		{Name: "the rose written out leg by leg is the rose", Clauses: "§6.1 §2.7 §2.4", A: Alternating("N", "fr", "rf", 8) + Alternating("N", "lf", "fl", 8), B: "the rose (oracle)", Oracle: Rose},
		{Name: "the crooked bishop written out leg by leg is the crooked bishop", Clauses: "§2.7 §2.3", A: Alternating("F", "l", "r", 15) + Alternating("F", "r", "l", 15), B: "the crooked bishop (oracle)", Oracle: CrookedBishop},
	}
	// §7.3 K and Q as 8-fold shortcuts.
	for _, s := range [][3]string{
		{"f", "fW", "fR"}, {"b", "bW", "bR"}, {"v", "vW", "vR"}, {"s", "sW", "sR"},
		{"fs", "fF", "fB"}, {"bs", "bF", "bB"}, {"lv", "lF", "lB"}, {"rv", "rF", "rB"},
		{"fl", "flF", "flB"}, {"br", "brF", "brB"}, {"fh", "fWfF", "fRfB"},
	} {
		ps = append(ps,
			Pair{Name: s[0] + "K is " + s[1], Clauses: "§7.3 §2.5", A: s[0] + "K", B: s[1]},
			Pair{Name: s[0] + "Q is " + s[2], Clauses: "§7.3 §2.5", A: s[0] + "Q", B: s[2]})
	}
	// §5.1, §5.2 for every leaper and counts up to 8.
	for _, x := range "WFDNAHCZGK" {
		for n := 1; n <= 8; n++ {
			ps = append(ps,
				Pair{Name: fmt.Sprintf("%c0%d is the %d-fold chain", x, n, n), Clauses: "§5.2 §4.2 §4.3",
					A: fmt.Sprintf("%c0%d", x, n), B: chain(string(x), n)},
				Pair{Name: fmt.Sprintf("%c%d is the union of %c01..%c0%d", x, n, x, x, n), Clauses: "§5.1 §5.2",
					A: fmt.Sprintf("%c%d", x, n), B: upTo(string(x), n)})
		}
	}
	return ps
}

// chain writes X-fX-…-fX with n legs.
func chain(x string, n int) string {
	legs := []string{x}
	for i := 1; i < n; i++ {
		legs = append(legs, "f"+x)
	}
	return strings.Join(legs, "-")
}

// upTo writes X01X02…X0n.
func upTo(x string, n int) string {
	var b strings.Builder
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "%s0%d", x, k)
	}
	return b.String()
}

// Alternating writes the union of the chains X, X-aX, X-aX-bX, … up to n
// legs, the continuation legs taking directions a and b in turn: the
// literal 2.0 spelling of circular and crooked riders (spec/findings.md).
func Alternating(x, a, b string, n int) string {
	legs := []string{x}
	for i := 1; i < n; i++ {
		d := a
		if i%2 == 0 {
			d = b
		}
		legs = append(legs, d+x)
	}
	var out strings.Builder
	for k := 1; k <= n; k++ {
		out.WriteString("(" + strings.Join(legs[:k], "-") + ")")
	}
	return out.String()
}

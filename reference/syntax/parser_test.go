package syntax_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// valid holds notations the parser accepts, with their canonical print.
// The first part is every example of the seed text, in its order.
var valid = []struct {
	in, canonical string
}{
	{"fmFfcF-mF", "fmFfcF-mF"},
	{"W-F", "W-F"},
	{"mRpR-cR", "mRpR-cR"},
	{"pQ-K", "pQ-K"},
	{"cK-aK", "cK-aK"},
	{"mcB-xaK", "mcB-axK"},
	{"cB-dO", "cB-dO"},
	{"mQcQ-xdO-acdK", "mQcQ-xdO-acdK"},
	{"cR-ebR", "cR-beR"},
	{"mQ-cK-bK", "mQ-cK-bK"},
	{"mR-xatD-bW", "mR-axtD-bW"},
	{"cK-bK-mQ", "cK-bK-mQ"},
	{"cmtoK-bK-mQ", "mctoK-bK-mQ"},
	{"R-pW-bW-bB", "R-pW-bW-bB"},
	{"pR-W-B", "pR-W-B"},
	{"R-rpW-bW-rbB", "R-rpW-bW-rbB"},
	{"(cdW-bW-R-uW-bW)(moW-bW-R)", "(cdW-bW-R-uW-bW)(moW-bW-R)"},
	{"B-xaK-cdK-buK", "B-axK-cdK-buK"},
	{"B-xacdK02-buK", "B-axcdK02-buK"},
	{"B-xacdK-uK", "B-axcdK-uK"},
	{"irdiW04-buW02-bW", "irdiW04-buW02-bW"},
	{"W3", "W3"},
	{"(W-F)03", "(W-F)03"},
	{"Arc03", "Arc03"},
	{"A3", "A3"},
	{"Afm3", "Afm3"},
	{"Nfr8", "Nfr8"},
	{"(F-lF)r0", "(F-lF)r0"},
	{"rfN-rW", "rfN-rW"},
	{"lfN-rW", "lfN-rW"},
	{"N-rW", "N-rW"},
	{"vc(W-F-R)", "vc(W-F-R)"},
	{"c(WFN)", "c(WFN)"},
	{"fK", "fK"},
	{"fsK", "fsK"},

	// Beyond the seed.
	{"W", "W"},
	{"(W)", "(W)"},
	{"((W))", "((W))"},
	{"WFDNAHCZGOKQRB", "WFDNAHCZGOKQRB"},
	{"cmW", "mcW"},             // modalities in the order m c d p t o u
	{"ciiW", "iciW"},           // victim i after c, then a mover i
	{"dciW", "cidW"},           // the victim i stays with its c
	{"ixcdiW", "ixcdiW"},       // mover i, x, c, d with victim i
	{"eW-ebR", "eW-beR"},       // directions before x and e
	{"fhW", "fhW"},             // h after f
	{"fmbW", "fbmW"},           // direction letters apart are read together (§2.6)
	{"rxfmN", "rfxmN"},         // ditto across an x
	{"bmfhW", "bfhmW"},         // ditto, with a pair
	{"fmbcfW", "fbfmcW"},       // three apart
	{"W0", "W0"},               // unbounded
	{"W010", "W010"},           // exactly ten
	{"W1000", "W1000"},         // MaxExponent
	{"W01000", "W01000"},       // ditto, exact
	{"Wmc0", "Wmc0"},           // exponent modifiers, bare zero
	{"NfN", "NfN"},             // not a doubled atom: modifiers between
	{"N3N", "N3N"},             // nor: an exponent between
	{"(N)N", "(N)N"},           // nor: a group
	{"N-N", "N-N"},             // nor: a chain
	{"W3fF", "W3fF"},           // the run is F's prefix: no digit follows
	{"Wf3F", "Wf3F"},           // the run is the exponent's
	{"(W)3(F)03", "(W)3(F)03"}, // exponents on groups
}

// invalid holds notations the parser rejects. '@' marks the offset of the
// error: it is removed from the input.
var invalid = []struct {
	in, msg, clause string
}{
	{"mRpR-@", "expected a leg after '-', found end of input", "§9.4"},
	{"@", "expected a notation, found end of input", "§9.12"},
	{"@-W", "expected a leg, found '-'", "§9.4"},
	{"W-@", "expected a leg after '-', found end of input", "§9.4"},
	{"W-@-F", "expected a leg after '-', found '-'", "§9.4"},
	{"W-@)", "expected a leg after '-', found ')'", "§9.4"},
	{"W3-@3", `expected a leg after '-', found digits "3"`, "§9.4"},
	{"@3", `expected a leg, found digits "3"`, "§9.4"},
	{"@)W", "expected a leg, found ')'", "§9.5"},
	{"(@)", "expected a leg inside '(', found ')'", "§8.3"},
	{"(W@", "expected ')' to close the '(' at offset 0, found end of input", "§9.5"},
	{"W(F@", "expected ')' to close the '(' at offset 1, found end of input", "§9.5"},
	{"W@)", "expected a leg or the end of input, found ')' with no matching '('", "§9.5"},
	{"(W)@)", "found ')' with no matching '('", "§9.5"},
	{"(W)(@", "expected a leg after '(', found end of input", "§9.5"},
	{"W-(@", "expected a leg after '(', found end of input", "§9.5"},
	{"(@-W)", "expected a leg after '(', found '-'", "§9.5"},
	{"@q", "expected a modifier (one of fblrvshamcdptouxei), an atom or '(', found 'q'", "§9.1"},
	{"W@q", "found 'q'", "§9.1"},
	{"W@$", `expected a leg, found "$"`, "§9.1"},
	{"@ W", `expected a leg, found " "`, "§9.1"},
	{"W@ 3", `expected a leg, found " "`, "§9.1"},
	{"W@é", `expected a leg, found "é"`, "§9.1"},
	{"W-@é", `expected a leg after '-', found "é"`, "§9.1"},
	{"W@X", "unknown atom 'X', expected one of WFDNAHCZGOKQRB", "§9.2"},
	{"fm@", `expected an atom or '(' after modifiers "fm", found end of input`, "§9.3"},
	{"W3f@", `expected an atom or '(' after modifiers "f", found end of input`, "§9.3"},
	{"(fm@)", `expected an atom or '(' after modifiers "fm", found ')'`, "§9.3"},
	{"Wm3m@3", `expected an atom or '(' after modifiers "m", found digits "3"`, "§9.3"},
	{"W0@0", "expected a digit 1-9 after the leading zero, found '0'", "§9.6"},
	{"W0@01", "expected a digit 1-9 after the leading zero, found '0'", "§9.6"},
	{"m@mW", "modality 'm' repeated on one leg", "§9.9"},
	{"cm@cW", "modality 'c' repeated on one leg", "§9.9"},
	{"Wm@m3", "modality 'm' repeated on one leg", "§9.9"}, // on an exponent
	{"i@iW", "modifier 'i' repeated on one leg", "§9.9"},
	{"x@xW", "modifier 'x' repeated on one leg", "§9.9"},
	{"e@eW", "modifier 'e' repeated on one leg", "§9.9"},
	{"@hW", "expected f, b, l or r before 'h', found it first", "§9.9"},
	{"fm@hW", "expected f, b, l or r before 'h', found 'm'", "§9.9"},
	{"lf@hW", "expected f, b, l or r before 'h', found it already paired", "§9.9"},
	// §9.10, with the hint of each class (§1.5): X0 rides straight on
	// orthogonal and diagonal atoms, rf keeps an oblique one straight
	// (§5.3, spec/findings.md F7: N0 is not the nightrider).
	{"N@N", "expected a different atom after N, found N again: Betza 2.0 writes the straight N rider as Nrf0 (N0 may swerve at every leap, §5.3)", "§9.10"},
	{"C@C", "found C again: Betza 2.0 writes the straight C rider as Crf0 (C0 may swerve at every leap, §5.3)", "§9.10"},
	{"Z@Z", "found Z again: Betza 2.0 writes the straight Z rider as Zrf0 (Z0 may swerve at every leap, §5.3)", "§9.10"},
	{"W@W", "found W again: Betza 2.0 writes the W rider as W0 (§5.3)", "§9.10"},
	{"F@F", "found F again: Betza 2.0 writes the F rider as F0 (§5.3)", "§9.10"},
	{"D@D", "found D again: Betza 2.0 writes the D rider as D0 (§5.3)", "§9.10"},
	{"A@A", "found A again: Betza 2.0 writes the A rider as A0 (§5.3)", "§9.10"},
	{"H@H", "found H again: Betza 2.0 writes the H rider as H0 (§5.3)", "§9.10"},
	{"G@G", "found G again: Betza 2.0 writes the G rider as G0 (§5.3)", "§9.10"},
	{"K@K", "found K again: Betza 2.0 writes the K rider as K0, which is Q (§1.3, §5.3)", "§9.10"},
	{"(R@R)", "found R again: R is already a rider: write R (§1.2)", "§9.10"},
	{"B@B", "found B again: B is already a rider: write B (§1.2)", "§9.10"},
	{"Q@Q", "found Q again: Q is already a rider: write Q (§1.3)", "§9.10"},
	{"O@O", "found O again: O is the null move and has no rider (§1.4)", "§9.10"},
	{"W@x3", "expected a direction or modality letter on the exponent, found 'x'", "§5.4"},
	{"Wf@i3", "expected a direction or modality letter on the exponent, found 'i'", "§5.4"},
	{"W@1001", "exponent 1001 exceeds the limit of 1000 repetitions", "§5.6"},
	{"W@01001", "exponent 01001 exceeds the limit of 1000 repetitions", "§5.6"},
	{"W@99999999999999999999999", "exceeds the limit of 1000 repetitions", "§5.6"},
	{strings.Repeat("(", 100) + "@(W" + strings.Repeat(")", 101), "groups nested deeper than 100", "§9.11"},
}

// marked splits a table input into the notation and the marked offset.
func marked(t testing.TB, in string) (string, syntax.Pos) {
	t.Helper()
	at := strings.Index(in, "@")
	if at < 0 || strings.Count(in, "@") != 1 {
		t.Fatalf("table input %q: want exactly one '@' marking the error", in)
	}
	return in[:at] + in[at+1:], syntax.Pos(at)
}

func TestValid(t *testing.T) {
	for _, c := range valid {
		n, err := syntax.Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := syntax.Print(n); got != c.canonical {
			t.Errorf("Print(Parse(%q)) = %q, want %q", c.in, got, c.canonical)
		}
	}
}

func TestInvalid(t *testing.T) {
	for _, c := range invalid {
		src, at := marked(t, c.in)
		n, err := syntax.Parse(src)
		if err == nil {
			t.Errorf("Parse(%q) = %q, want an error", src, syntax.Print(n))
			continue
		}
		if n != nil {
			t.Errorf("Parse(%q) returned a notation with its error", src)
		}
		var e *loc.Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q): error %T, want *loc.Error", src, err)
			continue
		}
		if e.Offset != int(at) || !strings.Contains(e.Msg, c.msg) || e.Clause != c.clause {
			t.Errorf("Parse(%q):\n%s\nwant offset %d, %q, %s", src, e.Render(src), at, c.msg, c.clause)
		}
	}
}

// equalAST compares notations up to offsets and the spelling of modifier
// runs: the text as written, and the order of the modality letters (which
// ModSet keeps as written and Print puts in canonical order).
//
// The slices of chains and legs are compared as maps from index to
// element: cmp diffs slices by edit distance, comparing elements more than
// once, which takes time exponential in the nesting of groups ("((((W))))"
// forty deep would not finish). Maps are compared key by key.
var equalAST = []cmp.Option{
	cmpopts.IgnoreTypes(syntax.Pos(0), []syntax.Pos(nil)),
	// Modifiers.Text; cmpopts.IgnoreFields would do, but it searches the
	// whole path at every value, which is slow on deep nesting.
	cmp.FilterPath(func(p cmp.Path) bool {
		f, ok := p.Last().(cmp.StructField)
		return ok && f.Name() == "Text" && p.Index(-2).Type() == reflect.TypeFor[syntax.Modifiers]()
	}, cmp.Ignore()),
	cmpopts.SortSlices(func(a, b syntax.Modality) bool { return a.Letter < b.Letter }),
	cmp.Transformer("ByIndex", byIndex[*syntax.Chain]),
	cmp.Transformer("ByIndex", byIndex[*syntax.Leg]),
}

func byIndex[T any](s []T) map[int]T {
	m := make(map[int]T, len(s))
	for i, x := range s {
		m[i] = x
	}
	return m
}

// roundTrip checks that the printed form of n parses back to n and prints
// the same. It returns a description of the first problem, or "".
func roundTrip(src string, n *syntax.Notation) string {
	p := syntax.Print(n)
	n2, err := syntax.Parse(p)
	if err != nil {
		return "Parse(Print(Parse(" + quote(src) + "))) = Parse(" + quote(p) + "): " + err.Error()
	}
	if d := cmp.Diff(n, n2, equalAST...); d != "" {
		return "Parse(Print(Parse(" + quote(src) + "))) differs (-first +second):\n" + d
	}
	if p2 := syntax.Print(n2); p2 != p {
		return "Print is not idempotent on " + quote(src) + ": " + quote(p) + " then " + quote(p2)
	}
	return ""
}

func quote(s string) string { return "\"" + strings.ReplaceAll(s, "\"", "\\\"") + "\"" }

// TestParseAllocates: Parse allocates little more than the nodes it
// returns, one block per leg, one per exponent and one per chain of few
// legs, with no array of the input's tokens (a fuzz case compiles
// notations of thousands of legs, issue 29; Parse allocated 9 times per
// leg of fmW3, and 6 times per chain of amW-fmcW besides its legs).
func TestParseAllocates(t *testing.T) {
	const legs = 200
	for _, c := range []struct {
		src  string
		most float64 // allocations per leg
	}{
		{strings.Repeat("fmW-", legs-1) + "cF", 1.2},
		{strings.Repeat("fmW3-", legs-1) + "cF", 2.2},
		{strings.Repeat("amW-fmcW", legs/2), 1.6}, // chains of two legs, side by side
	} {
		allocs := testing.AllocsPerRun(10, func() {
			if _, err := syntax.Parse(c.src); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > c.most*legs {
			t.Errorf("Parse of %d legs %.12s… allocates %.0f times, want at most %.0f", legs, c.src, allocs, c.most*legs)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, c := range valid {
		n, err := syntax.Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if msg := roundTrip(c.in, n); msg != "" {
			t.Error(msg)
		}
	}
}

// equalAST tells apart what it should and only that.
func TestEqualAST(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		equal bool
	}{
		{"cmW", "mcW", true},
		{"ciiW", "iciW", true},
		{"fmF-W", "fmF-W", true},
		{"cW", "mW", false},
		{"ciW", "icW", false},
		{"fW", "bW", false},
		{"flW", "lfW", false}, // directions are kept as written
		{"W", "F", false},
		{"W3", "W03", false},
		{"W3", "Wf3", false},
		{"W-F", "WF", false},
		{"(W)", "W", false},
		{"((W-F))", "((W-N))", false},
	} {
		a, errA := syntax.Parse(c.a)
		b, errB := syntax.Parse(c.b)
		if errA != nil || errB != nil {
			t.Fatalf("Parse: %v, %v", errA, errB)
		}
		if got := cmp.Equal(a, b, equalAST...); got != c.equal {
			t.Errorf("equal(%q, %q) = %v, want %v", c.a, c.b, got, c.equal)
		}
	}
}

// checkPositions checks that every node's span is ordered, lies within src
// and within its parent, that siblings come in order, and that the
// offsets point at what the node says it holds.
func checkPositions(src string, n *syntax.Notation) []string {
	var errs []string
	bad := func(format string, args ...any) {
		errs = append(errs, quote(src)+": "+fmt.Sprintf(format, args...))
	}
	span := func(what string, x syntax.Node, lo, hi syntax.Pos) {
		if x.Pos() > x.End() || x.Pos() < lo || x.End() > hi {
			bad("%s spans [%d, %d), outside [%d, %d)", what, x.Pos(), x.End(), lo, hi)
		}
	}
	mods := func(m *syntax.Modifiers, lo, hi syntax.Pos) {
		span("modifiers "+quote(m.Text), m, lo, hi)
		if m.Pos() >= 0 && m.End() <= syntax.Pos(len(src)) && m.Pos() <= m.End() && src[m.Pos():m.End()] != m.Text {
			bad("modifiers %q at %d do not match the input", m.Text, m.At)
		}
	}
	var notation func(n *syntax.Notation, lo, hi syntax.Pos)
	notation = func(n *syntax.Notation, lo, hi syntax.Pos) {
		span("notation", n, lo, hi)
		prev := n.Pos()
		for _, c := range n.Chains {
			span("chain", c, prev, n.End())
			prev = c.End()
			if len(c.Dashes) != len(c.Legs)-1 {
				bad("chain with %d legs has %d dashes", len(c.Legs), len(c.Dashes))
			}
			at := c.Pos()
			for i, l := range c.Legs {
				span("leg", l, at, c.End())
				at = l.End()
				if i < len(c.Dashes) {
					d := c.Dashes[i]
					if d != l.End() || int(d) >= len(src) || src[d] != '-' {
						bad("dash %d of a chain at %d, leg ends at %d", i, d, l.End())
					}
				}
				mods(l.Mods, l.Pos(), l.End())
				switch u := l.Unit.(type) {
				case *syntax.Atom:
					span("atom", u, l.Mods.End(), l.End())
					if int(u.At) >= len(src) || src[u.At] != u.Letter {
						bad("atom %c at %d does not match the input", u.Letter, u.At)
					}
				case *syntax.Group:
					span("group", u, l.Mods.End(), l.End())
					if int(u.Rparen) >= len(src) || src[u.Lparen] != '(' || src[u.Rparen] != ')' {
						bad("group parentheses at %d and %d do not match the input", u.Lparen, u.Rparen)
					} else {
						notation(u.Body, u.Lparen+1, u.Rparen)
					}
				default:
					bad("leg with unit %T", l.Unit)
				}
				if e := l.Exp; e != nil {
					span("exponent", e, l.Unit.End(), l.End())
					mods(e.Mods, e.Pos(), e.Digits)
					if e.End() <= syntax.Pos(len(src)) && src[e.Digits:e.End()] != e.Text {
						bad("exponent digits %q at %d do not match the input", e.Text, e.Digits)
					}
				}
			}
		}
	}
	notation(n, 0, syntax.Pos(len(src)))
	return errs
}

func TestPositions(t *testing.T) {
	for _, c := range valid {
		n, err := syntax.Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		for _, e := range checkPositions(c.in, n) {
			t.Error(e)
		}
	}
}

func TestRender(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"mRpR-", "" +
			"error: mRpR-\n" +
			"            ^ expected a leg after '-', found end of input (§9.4)"},
		{"W$", "" +
			"error: W$\n" +
			"        ^ expected a leg, found \"$\" (§9.1)"},
		{"N-NN", "" +
			"error: N-NN\n" +
			"          ^ expected a different atom after N, found N again: Betza 2.0 writes the straight N rider as Nrf0 (N0 may swerve at every leap, §5.3) (§9.10)"},
	} {
		_, err := syntax.Parse(c.src)
		var e *loc.Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q): %v, want a *loc.Error", c.src, err)
			continue
		}
		if got := e.Render(c.src); got != c.want {
			t.Errorf("Render for %q:\n%s\nwant:\n%s", c.src, got, c.want)
		}
	}
}

func TestErrorString(t *testing.T) {
	_, err := syntax.Parse("mRpR-")
	if got, want := err.Error(), "offset 5: expected a leg after '-', found end of input (§9.4)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

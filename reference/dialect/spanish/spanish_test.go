package spanish_test

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/ndboard"
	"github.com/betzacheck/betzacheck/spec"
)

var d spanish.Dialect

// TestSpecExamples runs every executable example of spec/spanish.md (see
// its section "Executable examples").
func TestSpecExamples(t *testing.T) {
	blocks, err := spec.ReadBlocks("../../../spec/spanish.md")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{"spanish": true, "spanish-reject": true, "spanish-unsupported": true, "spanish-from": true, "spanish-from-none": true, "spanish-nd": true}
	counts := map[string]int{}
	for _, b := range blocks {
		if !kinds[b.Info] {
			continue
		}
		for line, text := range b.Examples() {
			counts[b.Info]++
			if b.Info == "spanish-reject" {
				parse := func(src string) error {
					_, err := spanish.Parse(src)
					return err
				}
				if err := spec.CheckReject(text, dialect.Spanish, parse); err != nil {
					t.Errorf("spanish.md:%d: %v", line, err)
				}
				continue
			}
			src, want, arrow := strings.Cut(text, " → ")
			if !arrow {
				t.Errorf("spanish.md:%d: %q has no ' → '", line, text)
				continue
			}
			if b.Info == "spanish-nd" {
				if err := checkND(src, want); err != nil {
					t.Errorf("spanish.md:%d: %v", line, err)
				}
				continue
			}
			// spanish and spanish-unsupported translate into Betza 2.0,
			// spanish-from and spanish-from-none out of it; the -unsupported
			// and -none blocks name the part that has no equivalent.
			translate := func(src string) (string, error) { return reference.SourceOf(d.ToBetza2(src)) }
			verb := "translates to"
			if strings.HasPrefix(b.Info, "spanish-from") {
				translate, verb = d.FromBetza2, "is written"
			}
			got, err := translate(src)
			if b.Info == "spanish" || b.Info == "spanish-from" {
				if err != nil || got != want {
					t.Errorf("spanish.md:%d: %q %s %q, %v; want %q", line, src, verb, got, err, want)
				}
				continue
			}
			var ne *dialect.NoEquivalentError
			if !errors.As(err, &ne) || ne.Part != want || src[ne.Offset:ne.Offset+len(ne.Part)] != ne.Part {
				t.Errorf("spanish.md:%d: %q gives %q, %v; want no equivalent for %q", line, src, got, err, want)
			}
		}
	}
	for k := range kinds {
		if counts[k] < 5 {
			t.Errorf("too few %s examples: %d", k, counts[k])
		}
	}
	t.Logf("examples: %v", counts)
}

// checkND checks a spanish-nd example: "NOTATION on SIZE from SQUARE"
// evaluated directly on the empty board with a white unmoved mover has
// want outcomes.
func checkND(src, want string) error {
	notation, rest, ok1 := strings.Cut(src, " on ")
	size, from, ok2 := strings.Cut(rest, " from ")
	n, err := strconv.Atoi(want)
	if !ok1 || !ok2 || err != nil {
		return fmt.Errorf("%q: expected NOTATION on SIZE from SQUARE → N", src+" → "+want)
	}
	s, err := ndboard.ParseSetup(size, "", from, "X*")
	if err != nil {
		return err
	}
	outs, err := spanish.Evaluate(notation, s, eval.Options{})
	if err != nil {
		return fmt.Errorf("%s: %v", src, err)
	}
	if len(outs) != n {
		return fmt.Errorf("%s: %d outcomes %v, want %d", src, len(outs), spanish.Keys(outs), n)
	}
	return nil
}

// The text's own notations: every one parses, and translates or names
// its unsupported part.
var seedNotations = []struct{ src, betza2, unsupported string }{
	{"oD:1>, cD:1x>, iD:2>", "fmWfcFifmW2", ""},
	{"D:n+", "R", ""},
	{"S:(2,1)", "N", ""},
	{"D:nx", "B", ""},
	{"D:n+, D:nx", "RB", ""},
	{"D:1+, D:1x", "WF", ""},
	{"D:n+, S:(2,1)", "RN", ""},
	{"D:nx, S:(2,1)", "BN", ""},
	{"D:n+, D:nx, S:(2,1)", "RBN", ""},
	{"D:1+, D:1x, S:(2,1)", "WFN", ""},
	{"D:nx, D:1+", "BW", ""},
	{"D:1x, S:(3,1)", "FC", ""},
	{"D:2+, S:(2x)", "W2A", ""},
	{`"imita la pieza anteriormente movida por el oponente"`, "", `"imita la pieza anteriormente movida por el oponente"`},
	{"S:n(2,1)", "Nrf0", ""},
	{"D:n+, D:nx, o(D:n+)U(B:1+), o(D:nx)U(B:1x)", "RBmR-pW-WmB-pF-F", ""},
	{"(D:1x)U(D:n+)", "F-R", ""},
	{`S:"no alineado"n(2,1)`, "", `"no alineado"`},
	{"D:n>, D:nx>, D:n(2,1)>", "fRfBfNrf0", ""},
	{`D:1+, D:1x, (Tp:"todo")U(cE:(1+)U(1x))`, "", `"todo"`},
	{"D:1+", "W", ""},
	{"S:(2x)", "A", ""},
	{"D:1x", "F", ""},
	{`"salto de turno"`, "", `"salto de turno"`},
	// The forms the text defines in its lists.
	{"Tp:(2x)", "mFmp02", ""},
	{"B(esp)", "", "B(esp)"},
	{"cL(x)", "cF-mF", ""},
	{"cE(1+)", "", "cE(1+)"},
	{"D:1x>(=r)", "flF", ""},
	{"S:(2,1)>", "fN", ""},
	{"S:(2,1)<", "bN", ""},
	{"S:(2,1)(r=)", "rN", ""},
	{"D:n(x3)", "", "(x3)"},
	{"D:n(x4)", "", "(x4)"},
	{"D:n(x5)>(r=)(>3)(<4)", "", "(x5)>(r=)(>3)(<4)"},
	{"S:(3,2,1)", "", "(3,2,1)"},
	{"S:(4,3,2,1)", "", "(4,3,2,1)"},
	{"D:1(<>3)", "", "(<>3)"},
	{"D:1(<>4)", "", "(<>4)"},
	{"D:1(>3)", "", "(>3)"},
	{"D:1(<3)", "", "(<3)"},
	{"D:1(>4)", "", "(>4)"},
	{"D:1(<4)", "", "(<4)"},
}

func TestSeedNotations(t *testing.T) {
	for _, c := range seedNotations {
		n, err := spanish.Parse(c.src)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if n.End() != spanish.Pos(len(c.src)) {
			t.Errorf("%q: notation ends at %d", c.src, n.End())
		}
		got, err := reference.SourceOf(d.ToBetza2(c.src))
		if c.unsupported != "" {
			var ne *dialect.NoEquivalentError
			if !errors.As(err, &ne) || ne.Part != c.unsupported {
				t.Errorf("%q: got %q, %v; want no equivalent for %s", c.src, got, err, c.unsupported)
			}
			continue
		}
		if err != nil || got != c.betza2 {
			t.Errorf("%q: got %q, %v; want %q", c.src, got, err, c.betza2)
		}
	}
}

// TestErrors: located errors, one fault a line; the offset, a part of the
// message and the clause.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		src    string
		offset int
		msg    string
		clause string
	}{
		{"", 0, "expected a movement, found end of input", "§S1.2"},
		{"D1+", 1, "expected ':' after the determinant D, found '1'", "§S2.1"},
		{"Tp1+", 2, "expected ':' after the determinant Tp, found '1'", "§S2.3"},
		{"T:1+", 1, "expected 'p' after 'T'", "§S2.3"},
		{"D:+", 2, "expected a count", "§S4.5"},
		{"D:0+", 2, "found '0'", "§S4.1"},
		{"D:1+ ", 4, "expected ',', 'U' or the end of input, found ' ': a space stands only after a comma", "§S1.1"},
		{"D:1 +", 3, "after the count 1, found ' '", "§S1.1"},
		{"D:1+,", 5, "expected a movement after the comma at offset 4, found end of input", "§S1.2"},
		{"D:1+,,D:1x", 5, "expected a movement after the comma at offset 4, found ','", "§S1.2"},
		{"D:1+)", 4, "found ')' with no matching '('", "§S6.5"},
		{"(D:1+", 5, "expected ')' to close the '(' at offset 0, found end of input", "§S6.5"},
		{"()", 1, "expected a movement inside '('", "§S6.5"},
		{"oiD:1+", 1, "expected the prefixes in the order i, o, c, found 'i' after 'o'", "§S3.4"},
		{"ooD:1+", 1, "at most once, found 'o' again", "§S3.4"},
		{"ocL(x)", 2, "after the prefix \"oc\", found 'L': only i may stand before cL and cE", "§S3.4"},
		{"o\"x\"", 1, "after the prefix \"o\", found '\"': free text and Otro take no prefix", "§S2.6"},
		{"S:(1,1)", 5, "found 1 again", "§S5.5"},
		{"S:(2,1", 6, "expected ',' or ')' in the hypogonal at offset 2", "§S5.5"},
		{"S:(2,1)x>", 9, "expected a direction at right angles", "§S5.6"},
		{"S:(2,1)x>>", 9, "at right angles to the one before, found \">\" on the same axis", "§S5.6"},
		{"S:(2,1)x(>3)(<3)", 12, "found \"(<3)\" on the same axis", "§S5.6"},
		{"S:(2,1)(<>3)", 8, "found '<>': the vertical (<>a) names two directions", "§S5.6"},
		{"S:(2,1)<>", 8, "expected the end of the selector <, found '>'", "§S5.6"},
		{"S:(2,1)(r)", 9, "expected '=' to complete (r=), found ')'", "§S5.6"},
		{"D:1(=)", 5, "expected 'r' to complete (=r), found ')'", "§S5.2"},
		{"D:1x><", 5, "at right angles", "§S5.3"},
		{"D:1(x1)", 5, "of 2 or more, found 1: a polygonal step changes two coordinates or more", "§S7.1"},
		{"D:1(>2)", 5, "of 3 or more, found 2: the plane's orthogonals are written", "§S7.1"},
		{"D:1x>(r=)(>3)", 9, "expected the end of the diagonal x>(r=), found '('", "§S5.3"},
		{"D:1x(>3)(<3)", 8, "found \"(<3)\" on the same axis", "§S5.3"},
		// A character outside ASCII is reported whole (issue 13).
		{"é", 0, "found 'é'", "§S1.4"},
		{"D:1+é", 4, "expected ',', 'U' or the end of input, found 'é'", "§S1.2"},
		{"D:1+\xff", 4, "found the byte 0xff, which is not UTF-8", "§S1.2"},
		{"D:(2)", 5, "expected a direction or a hypogonal after the exact count (2), found end of input", "§S4.2"},
		{"D:n2+", 3, "after the count n, found '2'", "§S4.1"},
		{"S:(2)(3)", 7, "expected a direction after '(3'", "§S4.4"},
		{"B(es)", 4, "expected 'p' to complete B(esp), found ')'", "§S2.5"},
		{"\"abc", 4, "expected '\"' to close the text opened at offset 0", "§S2.6"},
		{"\"a\tb\"", 2, "expected a printable character", "§S2.6"},
		{"cL(1x)", 3, "found '1': the direction of cL has no count", "§S3.5"},
		{"cL((2x))", 5, "expected ',' in the hypogonal at offset 3, found 'x'", "§S3.5"},
		{"cL(x", 4, "expected ')' to close cL(", "§S3.5"},
		{"cE", 2, "expected '(' and a range after cE", "§S3.6"},
		{"D:1234567890+", 2, "at most 9 digits", "§S4.6"},
		{"D:1+UU", 5, "expected a movement", "§S1.4"},
	} {
		_, err := spanish.Parse(c.src)
		var de *loc.Error
		if !errors.As(err, &de) {
			t.Errorf("%q: %v, want a *loc.Error", c.src, err)
			continue
		}
		if de.Offset != c.offset || !strings.Contains(de.Msg, c.msg) || de.Clause != c.clause || de.In != "spanish" {
			t.Errorf("%q: %v; want offset %d, %q, %s", c.src, err, c.offset, c.msg, c.clause)
		}
	}
}

// TestPositions: every node lies inside its parent and the notation spans
// the whole input.
func TestPositions(t *testing.T) {
	for _, c := range seedNotations {
		n, err := spanish.Parse(c.src)
		if err != nil {
			t.Fatal(err)
		}
		walk(t, c.src, n, 0, spanish.Pos(len(c.src)))
	}
}

func walk(t *testing.T, src string, n spanish.Node, lo, hi spanish.Pos) {
	t.Helper()
	if reflect.ValueOf(n).IsNil() {
		return
	}
	if n.Pos() < lo || n.End() > hi || n.Pos() > n.End() {
		t.Errorf("%q: %T [%d,%d) outside [%d,%d)", src, n, n.Pos(), n.End(), lo, hi)
		return
	}
	switch n := n.(type) {
	case *spanish.Notation:
		for _, m := range n.Moves {
			walk(t, src, m, n.Pos(), n.End())
		}
	case *spanish.Move:
		for _, p := range n.Parts {
			walk(t, src, p, n.Pos(), n.End())
		}
	case *spanish.Part:
		walk(t, src, n.Body, n.Pos(), n.End())
	case *spanish.Group:
		walk(t, src, n.Move, n.Lparen+1, n.Rparen)
	case *spanish.Simple:
		if n.Text != nil {
			walk(t, src, n.Text, n.Pos(), n.End())
		}
		if n.Range != nil {
			walk(t, src, n.Range, n.Pos(), n.End())
		}
	case *spanish.Range:
		if n.Count != nil {
			walk(t, src, n.Count, n.Pos(), n.End())
		}
		walk(t, src, n.Unit, n.Pos(), n.End())
	case *spanish.Text:
		if src[n.Pos():n.End()] != n.Source || n.Source != `"`+n.Value+`"` {
			t.Errorf("%q: text %q at [%d,%d)", src, n.Source, n.Pos(), n.End())
		}
	case *spanish.Line:
		if src[n.Pos():n.End()] != n.Source {
			t.Errorf("%q: line %q at [%d,%d)", src, n.Source, n.Pos(), n.End())
		}
	}
}

// TestTranslationsCompile: every translation of the seed and spec is a
// Betza 2.0 notation (Translate checks it too; this keeps the check
// visible).
func TestTranslationsCompile(t *testing.T) {
	for _, c := range seedNotations {
		if c.betza2 == "" {
			continue
		}
		if _, err := reference.Compile(c.betza2); err != nil {
			t.Errorf("%q: %v", c.betza2, err)
		}
	}
}

// TestFromBetza2RoundTrip: what FromBetza2 writes reads back, and
// translates to a notation with the same canonical form or, failing that,
// FromBetza2 of it is a fixed point.
func TestFromBetza2RoundTrip(t *testing.T) {
	for _, src := range []string{"R", "B", "Q", "K", "W", "F", "N", "C", "Z", "D", "A", "H", "G", "fN", "fsN", "rffrN",
		"fmWfcFifmW2", "F-R", "Nrf0", "W2A", "fsW", "fhK", "fsK3", "lbQ", "iW", "cR", "cW-W", "F-fhN", "K-R", "W02", "D0", "Nrf03",
		"vW", "sR", "fW3", "bF04", "Crf0", "Zrf2", "imcK", "ifmcR", "D-fhN", "F-fW"} {
		sp, err := d.FromBetza2(src)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		back, err := reference.SourceOf(d.ToBetza2(sp))
		if err != nil {
			t.Errorf("%q → %q: %v", src, sp, err)
			continue
		}
		again, err := d.FromBetza2(back)
		if err != nil || again != sp {
			t.Errorf("%q → %q → %q → %q, %v: not a fixed point", src, sp, back, again, err)
		}
	}
}

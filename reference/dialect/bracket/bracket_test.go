package bracket

import (
	"errors"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// Valid one-liners and their Betza 2.0 translation, each with the clause
// of spec/bracket.md it exercises.
var valid = []struct{ src, want, clause string }{
	{"W", "W", "§B2.1"},
	{"R", "R", "§B2.1"},
	{"Q", "Q", "§B2.1"},
	{"NN", "Nrf0", "§B2.3"},
	{"DD", "D0", "§B2.3"},
	{"AA", "A0", "§B2.3"},
	{"CC", "Crf0", "§B2.3"},
	{"N3", "Nrf3", "§B5.1"},
	{"R3", "W3", "§B5.1"},
	{"R0", "R", "§B5.2"},
	{"N0", "Nrf0", "§B5.2"},
	{"R1", "W", "§B5.1"},
	{"K2", "K2", "§B5.1"},
	{"[R-sR]", "R-sR", "§B3.1"},
	{"[pR-R]", "pR-R", "§B4.4"},
	{"[F?R]", "F(F-R)", "§B3.2"},
	{"[W?F?R]", "W(W-F)W-F-R", "§B3.2"},
	{"[W-F?R]", "W-FW-F-R", "§B3.2"},
	{"c[F?R]", "cF(F-cR)", "§B4.8"},
	{"f[R-sR]", "fR-sR", "§B4.8"},
	{"f[lR-sR]", "lR-sR", "§B4.6"},
	{"m[R-cR]", "R-cR", "§B4.6"},
	{"i[W-F]", "iW-F", "§B4.5"},
	{"[pR]", "R", "§B4.7"},
	{"[cpR]", "cR", "§B4.7"},
	{"hW", "W", "§B4.7"},
	{"vhN", "vN", "§B4.7"},
	{"nW", "W", "§B4.7"},
	{"jR", "R", "§B4.7"},
	{"njD", "pW-W", "§B4.6"},
	{"jnD", "W02", "§B4.6"},
	{"mfW", "fmW", "§B4.1"},
	{"pR", "pR-R", "§B7.1"},
	{"cpR", "pR-cR", "§B7.1"},
	{"mRcpR", "mRpR-cR", "§B7.1"},
	{"pNN", "pNrf0-rfNrf0", "§B7.2"},
	{"pR3", "pW-W2pW02-W", "§B7.2"},
	{"pW", "mO", "§B7.3"},
	{"p[R-sR]", "pR-sRpR-R-sR(R-spR-R)", "§B7.2"},
	{"p[pR-R]", "pR-R", "§B7.2"},
	{"p[pR-pR-R]", "mO", "§B7.2"},
	{"p[W-R]", "pW-RW-pR-R", "§B7.2"},
	{"nD", "W02", "§B6.1"},
	{"cnD", "cW02", "§B6.1"},
	{"nA", "F02", "§B6.1"},
	{"nH", "W03", "§B6.1"},
	{"jD", "pW-W", "§B6.1"},
	{"jH", "pW-pW-W", "§B6.1"},
	{"nDD", "(W-W)0", "§B6.3"},
	{"jDD", "(pW-W)0", "§B6.3"},
	{"nD3", "(W-W)3", "§B6.3"},
	{"nN", "W-F", "§B6.2"},
	{"jN", "pW-F", "§B6.2"},
	{"fnN", "fW-F", "§B6.2"},
	{"frnN", "rW-flF", "§B6.2"},
	{"nC", "W-W-F", "§B6.2"},
	{"nZ", "W-F-F", "§B6.2"},
	{"[N-nN]", "N-W-F", "§B6.6"},
	{"fmWfcF", "fmWfcF", "§B1.1"},
	{"N[NN]", "N(Nrf0)", "§B1.1"},
}

func TestToBetza2(t *testing.T) {
	for _, c := range valid {
		got, err := reference.SourceOf(Dialect{}.ToBetza2(c.src))
		if err != nil {
			t.Errorf("%s: %q: %v", c.clause, c.src, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: %q translates to %q, want %q", c.clause, c.src, got, c.want)
		}
		if _, err := reference.Compile(got); err != nil {
			t.Errorf("%q: translation %q does not compile: %v", c.src, got, err)
		}
	}
}

// Invalid one-liners: the offset and clause of the first error.
var invalid = []struct {
	src    string
	offset int
	clause string
}{
	{"", 0, "§B8.1"},
	{"X", 0, "§B2.4"},
	{"E", 0, "§B2.4"},
	{"WW", 1, "§B2.4"},
	{"RR", 1, "§B2.4"},
	{"UU", 1, "§B2.4"},
	{"R-sR", 1, "§B3.1"},
	{"[R-sR", 5, "§B3.5"},
	{"[]", 1, "§B3.5"},
	{"[R-]", 3, "§B8.2"},
	{"[R--R]", 3, "§B8.2"},
	{"[[R]]", 1, "§B3.5"},
	{"[R[W]]", 2, "§B3.5"},
	{"f", 1, "§B8.2"},
	{"W$", 1, "§B8.2"},
	{"W F", 1, "§B8.2"},
	{"aW", 0, "§B8.3"},
	{"xW", 0, "§B8.3"},
	{"3W", 0, "§B5.1"},
	{"W03", 1, "§B5.5"},
	{"W1001", 1, "§B5.4"},
	{"]", 0, "§B8.2"},
}

func TestErrors(t *testing.T) {
	for _, c := range invalid {
		_, err := Dialect{}.ToBetza2(c.src)
		var e *loc.Error
		switch {
		case err == nil:
			t.Errorf("%q: accepted, want an error at %d (%s)", c.src, c.offset, c.clause)
		case !errors.As(err, &e):
			t.Errorf("%q: %v is not a *loc.Error", c.src, err)
		case e.Offset != c.offset || e.Clause != c.clause:
			t.Errorf("%q: error at %d (%s) %q, want at %d (%s)", c.src, e.Offset, e.Clause, e.Msg, c.offset, c.clause)
		}
	}
}

// TestMessages pins what an error says: the character found, whole
// (issue 13: a non-ASCII byte was printed as 'Ã'), and each hint, checked
// against spec/bracket.md.
func TestMessages(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"Wé", "expected a leg, found 'é'"},
		{"W\xff", "expected a leg, found the byte 0xff, which is not UTF-8"},
		{"fé", "expected an atom after the modifiers, found 'é'"},
		{"W'", `expected a leg, found "'"`},
		{"[Wé]", "expected '-', '?' or ']', found 'é'"},
		// §B2.4: the riders of W F K are R B Q; R B Q and U are not doubled.
		{"WW", "found a second W: W is not doubled in the bracket dialect; the W rider is R"},
		{"FF", "the F rider is B"},
		{"KK", "the K rider is Q"},
		{"RR", "found a second R: R is not doubled: it is already a rider"},
		{"QQ", "Q is not doubled: it is already a rider"},
		{"UU", "U is not doubled: it already leaps to any square"},
		// §B3.1, §B3.5, §B5.1, §B8.3.
		{"R-sR", "legs are joined only inside brackets"},
		{"[[R]]", "brackets do not nest"},
		{"3W", "a range follows an atom"},
		{"aW", "expected a modifier (i f b r l v s h m c d p n j) or an atom, found 'a'"},
	} {
		_, err := Dialect{}.ToBetza2(c.src)
		var e *loc.Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%q: %v, want a message with %q", c.src, err, c.msg)
		}
	}
}

// Notations with no Betza 2.0 translation: the part named and the clause.
var noEquivalent = []struct{ src, part string }{
	{"U", "U"},
	{"fU", "fU"},
	{"nNN", "nNN"},
	{"[W-nN]", "nN"},
	{"p[R-lR-rR]", "p[R-lR-rR]"},
	{"p[R-cR-R]", "p[R-cR-R]"},
	{"pR20", "pR20"},
}

func TestNoEquivalent(t *testing.T) {
	for _, c := range noEquivalent {
		_, err := Dialect{}.ToBetza2(c.src)
		var ne *dialect.NoEquivalentError
		if !errors.As(err, &ne) {
			t.Errorf("%q: %v, want a *dialect.NoEquivalentError", c.src, err)
			continue
		}
		if ne.Part != c.part || ne.Reason == "" {
			t.Errorf("%q: part %q (%s), want part %q", c.src, ne.Part, ne.Reason, c.part)
		}
	}
}

// FromBetza2: Betza 2.0 in, bracket text out, or the part with no
// equivalent.
var from = []struct{ src, want, noEq string }{
	{"R-sR", "[R-sR]", ""},
	{"pR-R", "[pR-R]", ""},
	{"F(F-R)", "[F?R]", ""},
	{"(cF)(F-cR)", "cF[F-cR]", ""},
	{"W(W-F)(W-F-R)", "[W?F?R]", ""},
	{"(W-F-R)W(W-F)", "[W?F?R]", ""},
	{"Nrf0", "NN", ""},
	{"D0", "DD", ""},
	{"W3", "W3", ""},
	{"N", "N", ""},
	{"N(N)", "N[N]", ""},
	{"W02", "nD", ""},
	{"fcW02", "fcnD", ""},
	{"iW-F", "[iW-F]", ""},
	{"aW", "W", ""},
	{"W-aW", "", "a"},
	{"N0", "", "N0"},
	{"mcB-xaK", "", "x"},
	{"cR-ebR", "", "e"},
	{"cB-dO", "", "dO"},
	{"W03F", "nHF", ""},
	{"W04", "", "W04"},
	{"(W-F)03", "", "(W-F)03"},
	{"cidiW", "", "cidiW"},
	{"mR-xatD-bW", "", "x"},
}

func TestFromBetza2(t *testing.T) {
	for _, c := range from {
		got, err := Dialect{}.FromBetza2(c.src)
		if c.noEq != "" {
			var ne *dialect.NoEquivalentError
			if !errors.As(err, &ne) || ne.Part != c.noEq {
				t.Errorf("FromBetza2(%q) = %q, %v; want no equivalent for %q", c.src, got, err, c.noEq)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("FromBetza2(%q) = %q, %v; want %q", c.src, got, err, c.want)
		}
	}
}

func TestFromBetza2RejectsInvalid(t *testing.T) {
	_, err := Dialect{}.FromBetza2("NN")
	var e *loc.Error
	if !errors.As(err, &e) || e.In != "" || e.Clause != "§9.10" {
		t.Errorf("FromBetza2(\"NN\") error %v, want a located Betza 2.0 error under §9.10", err)
	}
}

// TestTranslationLimit: a description whose translation passes Betza 2.0's
// expansion limit is a located error of the description (§B8.4), found
// while the chains are written: issue 28's [W?W?…W] of 1,000 and 5,000
// legs was an internal error with a 400 KB translation and its offset,
// or 50 s and 4 GB. A p before such a path writes a chain per end and
// per place of the hurdle (§B7.2), a count cubic in its length; the
// classic dialect, translated by the same model (§C1.4), has the limit
// too. Memory and time are not asserted here (they are measured in
// BenchmarkTranslationLimit); the error must be this one.
func TestTranslationLimit(t *testing.T) {
	long := func(sep, leg string, n int) string { return strings.TrimSuffix(strings.Repeat(leg+sep, n), sep) }
	for _, c := range []struct {
		src string
		at  int
	}{
		{"[" + long("?", "W", 1000) + "]", 0},
		{"[" + long("?", "W", 5000) + "]", 0},
		{"[" + long("?", "W", 632) + "]", 0},
		{"fW[" + long("-", "W1000", 101) + "]", 2},
		{"p[" + long("?", "R", 400) + "]", 0},
	} {
		_, err := Dialect{}.ToBetza2(c.src)
		var le *loc.Error
		if !errors.As(err, &le) || le.Clause != "§B8.4" || le.Offset != c.at || le.In != dialect.Bracket {
			t.Errorf("%.40s… (%d bytes): %.300v; want the limit of §B8.4 at %d", c.src, len(c.src), err, c.at)
		}
	}
	if _, err := (Dialect{}).ToBetza2("[" + long("?", "W", 631) + "]"); err != nil {
		t.Errorf("631 legs, 199,396 after expansion: %.200v", err)
	}
}

// BenchmarkTranslationLimit is the cost of the error of §B8.4 for the
// 5,000 legs of issue 28 (50 s and 4.1 GB before the limit was checked
// as the chains are written).
func BenchmarkTranslationLimit(b *testing.B) {
	src := "[" + strings.Repeat("W?", 5000) + "W]"
	for b.Loop() {
		if _, err := (Dialect{}).ToBetza2(src); err == nil {
			b.Fatal("no error")
		}
	}
}

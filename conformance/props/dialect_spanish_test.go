package props_test

// Cross-dialect properties of the Spanish notation (spec/spanish.md):
// each Spanish notation, translated, means the same moves as its Betza 2.0
// form or an independent move generator, on generated positions; writing
// 2.0 in Spanish and back keeps the meaning; and the Spanish corpus files
// (corpus/valid/spanish) are checked through their translation.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/conformance/props"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
)

// spanishPair is a law "the Spanish notation means the same moves as B",
// B a Betza 2.0 notation or an oracle; Clauses cite both sides.
type spanishPair struct {
	Name     string
	Clauses  string
	Spanish  string
	B        string
	Oracle   equiv.Mover
	Expected bool // a claim that does not hold; spec/spanish.md says why
}

func spanishPairs() []spanishPair {
	return []spanishPair{
		{Name: "D:n+ is R", Clauses: "§S2.1 §S4.1 §S5.2 / 2.0 §1.2", Spanish: "D:n+", B: "R"},
		{Name: "D:nx is B", Clauses: "§S2.1 §S4.1 §S5.3 / 2.0 §1.2", Spanish: "D:nx", B: "B"},
		{Name: "D:1+ is W", Clauses: "§S2.1 §S5.2 / 2.0 §1.1", Spanish: "D:1+", B: "W"},
		{Name: "D:2+ is the two-step slide W2", Clauses: "§S2.1 §S4.1 / 2.0 §5.1 §4.2", Spanish: "D:2+", B: "(W)(W-fW)"},
		{Name: "S:(2,1) is N", Clauses: "§S2.2 §S5.5 / 2.0 §1.1", Spanish: "S:(2,1)", B: "N"},
		{Name: "S:(2x) is A", Clauses: "§S2.2 §S4.4 / 2.0 §1.1", Spanish: "S:(2x)", B: "A"},
		{Name: "S:n(2,1) is Nrf0", Clauses: "§S2.2 §S5.7 / 2.0 §5.3 §5.4 §2.7 §6.1", Spanish: "S:n(2,1)", B: "Nrf0"},
		{Name: "S:n(2,1) is the nightrider (oracle)", Clauses: "§S2.2 §S5.7", Spanish: "S:n(2,1)", B: "the nightrider (oracle)", Oracle: props.Nightrider},
		{Name: "S:n(2,1) is N0, as 2.0 §5.3 claims", Clauses: "§S5.7 / 2.0 §5.3 §2.4 §2.7", Spanish: "S:n(2,1)", B: "N0", Expected: true},
		{Name: "D:1+, D:1x is K", Clauses: "§S1.2 §S2.1 / 2.0 §1.3 §4.6", Spanish: "D:1+, D:1x", B: "K"},
		{Name: "D:n+, D:nx is Q", Clauses: "§S1.2 §S2.1 / 2.0 §1.3", Spanish: "D:n+, D:nx", B: "Q"},
		{Name: "the Peón line is the pawn", Clauses: "§S3.1 §S3.2 §S3.3 §S5.2 §S5.3 / 2.0 §3.1 §3.2 §3.11 §5.1", Spanish: "oD:1>, cD:1x>, iD:2>", B: "fmWfcFifmW2"},
		{Name: "the Zar is F-R", Clauses: "§S6.1 §S6.2 / 2.0 §4.1 §4.3 §2.7", Spanish: "(D:1x)U(D:n+)", B: "F-R"},
		{Name: "the Zar slides outward from its diagonal step (oracle)", Clauses: "§S6.1 §S6.2", Spanish: "(D:1x)U(D:n+)", B: "the Zar (oracle)", Oracle: spanishZar},
		{Name: "the Saltamontes' hop is slide, hurdle, land beyond (oracle)", Clauses: "§S2.4 §S6.2 §S6.3", Spanish: "o(D:n+)U(B:1+)", B: "slide then hop (oracle)", Oracle: spanishSlideHop},
		{Name: "B:n* is the 2.0 grasshopper pQ-K", Clauses: "§S2.4 / 2.0 §3.4 §4.3", Spanish: "B:n*", B: "pQ-K"},
		{Name: "Tp:n+ reaches every free square of the rook lines (oracle)", Clauses: "§S2.3 / 2.0 §3.4 §5.4", Spanish: "Tp:n+", B: "the rook-line teleporter (oracle)", Oracle: spanishTeleporter},
		{Name: "cL(x) is the draughts capture cF-mF", Clauses: "§S3.5 / 2.0 §3.2 §4.3", Spanish: "cL(x)", B: "cF-mF"},
		{Name: "D:(2)+ is W02", Clauses: "§S4.2 / 2.0 §5.2", Spanish: "D:(2)+", B: "mW-fW"},
		{Name: "D:2(2)+ is (W02)2", Clauses: "§S4.3 / 2.0 §5.1 §5.2 §8.2", Spanish: "D:2(2)+", B: "W02W04"},
		{Name: "D:n>, D:nx>, D:n(2,1)> is the Avu fRfBfNrf0", Clauses: "§S5.2 §S5.3 §S5.6 §S5.7 / 2.0 §2.2 §2.3 §2.4", Spanish: "D:n>, D:nx>, D:n(2,1)>", B: "fRfBfNrf0"},
		{Name: "(2,1)x>(r=) is rfN and frN", Clauses: "§S5.6 / 2.0 §2.4", Spanish: "S:(2,1)x>(r=)", B: "rfNfrN"},
	}
}

var (
	orthDirs = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	diagDirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// spanishZar steps one square diagonally onto an empty square, which is not a
// stop, then slides outward along one of the two orthogonals that make up
// that diagonal.
func spanishZar(p board.Setup) ([]string, error) {
	long := p.Pos.Size().W + p.Pos.Size().H
	var paths [][]board.Square
	for _, d := range diagDirs {
		first := p.From.Add(d[0], d[1])
		if !p.Pos.Size().Contains(first) || !p.Pos.At(first).Empty() {
			continue
		}
		for _, u := range [][2]int{{d[0], 0}, {0, d[1]}} {
			var path []board.Square
			for k := 1; k <= long; k++ {
				path = append(path, first.Add(k*u[0], k*u[1]))
			}
			paths = append(paths, path)
		}
	}
	return props.Walk(p, paths), nil
}

// spanishSlideHop slides at least one empty square along a file or rank up to the
// first occupied square, hops over it and lands right behind it, on an
// empty square or an enemy.
func spanishSlideHop(p board.Setup) ([]string, error) {
	mover := p.Pos.At(p.From)
	moved := mover
	moved.Virgin = false
	size := p.Pos.Size()
	var keys []string
	for _, u := range orthDirs {
		k := 1
		for q := p.From.Add(u[0], u[1]); size.Contains(q) && p.Pos.At(q).Empty(); q = q.Add(u[0], u[1]) {
			k++
		}
		hurdle := p.From.Add(k*u[0], k*u[1])
		land := hurdle.Add(u[0], u[1])
		if k < 2 || !size.Contains(hurdle) || !size.Contains(land) {
			continue
		}
		if c := p.Pos.At(land); c.Empty() || c.Color != mover.Color {
			keys = append(keys, props.OutcomeKey(p, land, moved))
		}
	}
	return spanishSorted(keys), nil
}

// spanishTeleporter lands on any empty square of the mover's file or rank,
// whatever stands between.
func spanishTeleporter(p board.Setup) ([]string, error) {
	mover := p.Pos.At(p.From)
	moved := mover
	moved.Virgin = false
	var keys []string
	for _, u := range orthDirs {
		for q := p.From.Add(u[0], u[1]); p.Pos.Size().Contains(q); q = q.Add(u[0], u[1]) {
			if p.Pos.At(q).Empty() {
				keys = append(keys, props.OutcomeKey(p, q, moved))
			}
		}
	}
	return spanishSorted(keys), nil
}

func spanishSorted(keys []string) []string {
	out := append([]string(nil), keys...)
	sort.Strings(out)
	return out
}

func spanishMover(src string) (equiv.Mover, string, error) {
	b2, err := reference.SourceOf(spanish.Dialect{}.ToBetza2(src))
	if err != nil {
		return nil, "", err
	}
	m, err := equiv.Notation(b2)
	return m, b2, err
}

// TestSpanishPairs checks every Spanish law on generated positions.
func TestSpanishPairs(t *testing.T) {
	cfg := props.ConfigFromEnv()
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases a property", cfg.Seed, cfg.Seed, cfg.Cases)
	for _, pair := range spanishPairs() {
		t.Run(pair.Name, func(t *testing.T) {
			a, b2, err := spanishMover(pair.Spanish)
			if err != nil {
				t.Fatalf("%s: %v", pair.Spanish, err)
			}
			b := pair.Oracle
			if b == nil {
				if b, err = equiv.Notation(pair.B); err != nil {
					t.Fatalf("%s: %v", pair.B, err)
				}
			}
			checkPair(t, cfg, a, b, pair.Spanish+" ("+b2+")", pair.B, pair.Clauses, pair.Expected, "spec/spanish.md", nil)
		})
	}
}

// spanishExpressible reports whether FromBetza2 writes s in Spanish.
func spanishExpressible(s string) bool {
	_, err := spanish.Dialect{}.FromBetza2(s)
	return err == nil
}

// spanishLegs generates 2.0 notations of one to three single-atom legs
// side by side, and two-leg chains, with direction letters, m c, a
// mover-i and exponents: the shapes §S9 writes in Spanish, and near
// misses that it must refuse.
func spanishLegs() gopter.Gen {
	return func(gp *gopter.GenParameters) *gopter.GenResult {
		r := rand.New(rand.NewPCG(uint64(gp.Rng.Int63()), uint64(gp.Rng.Int63())))
		for try := 0; try < 1000; try++ {
			s := spanishRandomLegs(r)
			if gen.Compiles(s) && spanishExpressible(s) {
				return gopter.NewGenResult(s, gen.ShrinkNotation(spanishExpressible))
			}
		}
		return gopter.NewEmptyResult(nil)
	}
}

func spanishRandomLegs(r *rand.Rand) string {
	pick := func(opts ...string) string { return opts[r.IntN(len(opts))] }
	leg := func(cont bool) string {
		atom := pick("W", "F", "K", "R", "B", "Q", "D", "A", "H", "G", "N", "C", "Z")
		var dirs string
		if cont {
			dirs = pick("", "", "fh", "f")
		} else {
			for n := r.IntN(3); n > 0; n-- {
				dirs += pick("f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "lf", "rf", "fs", "bs", "lv", "rv", "fh", "a")
			}
		}
		mods := pick("", "", "m", "c", "mc")
		i := pick("", "", "", "i")
		exp := ""
		if strings.Contains("WFKDAHGNCZ", atom) && r.IntN(2) == 0 {
			straight := pick("", "f", "rf")
			exp = straight + pick("2", "3", "02", "03", "0", "1", "01")
		}
		return i + dirs + mods + atom + exp
	}
	if r.IntN(4) == 0 {
		return leg(false) + "-" + leg(true)
	}
	s := leg(false)
	for n := r.IntN(3); n > 0; n-- {
		s += leg(false)
	}
	return s
}

// TestSpanishRoundTrip: ToBetza2(FromBetza2(x)) ≡ x for generated 2.0
// notations that Spanish can express (§S9, §S8), and for notations sampled
// from grammar/betza2.ebnf that it can express.
func TestSpanishRoundTrip(t *testing.T) {
	cfg := props.ConfigFromEnv()
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases a property", cfg.Seed, cfg.Seed, cfg.Cases)
	g, err := grammar.Betza2()
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []struct {
		name string
		gen  gopter.Gen
	}{
		{"single legs and outward chains", spanishLegs()},
		{"sampled from betza2.ebnf", gen.Notation(g, 4, spanishExpressible)},
	} {
		t.Run(src.name, func(t *testing.T) {
			undecided := 0
			property := prop.ForAll(func(n string, p board.Setup) string {
				msg, limit := roundTripSpanish(n, p)
				if limit {
					undecided++
				}
				return msg
			}, src.gen, gen.Setup(3, 10))
			params := parameters(t, cfg)
			params.MaxDiscardRatio = 50
			if res := property.Check(params); !res.Passed() {
				t.Errorf("round trip through Spanish (§S8, §S9) fails; seed %d\n%s", cfg.Seed, report(res))
			}
			if undecided > 0 {
				t.Logf("%d cases undecided (a search limit)", undecided)
			}
		})
	}
}

// roundTripSpanish returns the failure of the round trip of n on p, or
// reports that a search limit left it undecided.
func roundTripSpanish(n string, p board.Setup) (failure string, undecided bool) {
	d := spanish.Dialect{}
	sp, err := d.FromBetza2(n)
	if err != nil {
		return fmt.Sprintf("FromBetza2(%q): %v", n, err), false
	}
	back, err := reference.SourceOf(d.ToBetza2(sp))
	if err != nil {
		return fmt.Sprintf("%q → %q: ToBetza2: %v", n, sp, err), false
	}
	ma, err := equiv.Notation(n)
	if err != nil {
		return fmt.Sprintf("%q: %v", n, err), false
	}
	mb, err := equiv.Notation(back)
	if err != nil {
		return fmt.Sprintf("%q → %q → %q: %v", n, sp, back, err), false
	}
	c := equiv.Compare(ma, mb, p)
	if c.Verdict == equiv.Differ {
		return c.Counterexample.Report("2.0 "+n, "through Spanish "+sp+" → "+back), false
	}
	return "", c.Verdict == equiv.Undecided
}

// TestSpanishCorpus runs the corpus files of dialect spanish: each
// notation is translated (§S8) and each case evaluated through
// corpus.Reference on the translation, or the case names the part that
// has no equivalent. The summary states the 2.0 form and cites clauses of
// spec/spanish.md. The files of n-dimensional pieces (valid/spanish-nd,
// invalid/spanish-nd) are left to conformance/corpus, which checks them
// through the direct evaluator and the parser.
func TestSpanishCorpus(t *testing.T) {
	files, err := corpus.Load("../../corpus")
	if err != nil {
		t.Fatal(err)
	}
	specText, err := os.ReadFile("../../spec/spanish.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range regexp.MustCompile(`\*\*(§S\d+\.\d+)\*\*`).FindAllStringSubmatch(string(specText), -1) {
		defined[m[1]] = true
	}
	cite := regexp.MustCompile(`§S\d+\.\d+`)
	n, cases := 0, 0
	for _, f := range files {
		if f.Dialect != dialect.Spanish || strings.Contains(f.Path, "spanish-nd/") {
			continue
		}
		n++
		t.Run(f.Path, func(t *testing.T) {
			if f.Invalid {
				t.Fatalf("Spanish files live under valid/spanish: rejected notations are tested in reference/dialect/spanish")
			}
			cited := cite.FindAllString(f.Summary, -1)
			if len(cited) == 0 {
				t.Errorf("the summary cites no clause of spec/spanish.md")
			}
			for _, c := range cited {
				if !defined[c] {
					t.Errorf("the summary cites %s, which spec/spanish.md does not define", c)
				}
			}
			b2, err := reference.SourceOf(spanish.Dialect{}.ToBetza2(f.Notation))
			var ne *dialect.NoEquivalentError
			switch {
			case errors.As(err, &ne):
				if !strings.Contains(f.Summary, ne.Part) {
					t.Errorf("the summary does not name the unsupported part %s", ne.Part)
				}
			case err != nil:
				t.Fatalf("%q: %v", f.Notation, err)
			case !strings.Contains(f.Summary, "`"+b2+"`"):
				t.Errorf("the summary does not state the 2.0 form `%s`", b2)
			case f.Canonical != "" && f.Canonical != b2:
				t.Errorf("%q translates to %q, the file says %q", f.Notation, b2, f.Canonical)
			}
			for _, c := range f.Cases {
				cases++
				if err != nil {
					if c.Error == "" || !strings.Contains(err.Error(), c.Error) {
						t.Errorf("case %s: %v, want an error containing %q", c.Name, err, c.Error)
					}
					continue
				}
				tf := *f
				tf.Dialect, tf.Notation = "betza2", b2
				got, rerr := corpus.Reference(&tf, c)
				if c.Error != "" {
					if rerr == nil || !strings.Contains(rerr.Error(), c.Error) {
						t.Errorf("case %s: error %v, want one containing %q", c.Name, rerr, c.Error)
					}
					continue
				}
				if rerr != nil {
					t.Errorf("case %s: %v", c.Name, rerr)
					continue
				}
				if diff := cmp.Diff(c.Want, got, cmp.Comparer(func(a, b []string) bool {
					return len(a) == 0 && len(b) == 0 || cmp.Equal(a, b)
				})); diff != "" {
					t.Errorf("case %s (%s, 2.0 %s)\nwhy: %s\noutcomes (-want +got):\n%s", c.Name, c.From, b2, c.Why, diff)
				}
			}
		})
	}
	if n < 25 {
		t.Errorf("%d Spanish corpus files, want one for each of the 25 pieces of the text at least", n)
	}
	t.Logf("%d Spanish corpus files, %d cases", n, cases)
}

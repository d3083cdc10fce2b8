package props_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	betzagen "github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/conformance/props"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/expand"
)

// simpleNotation generates notations of one to three moves, each a
// leaper or rider atom, an exponent of one or a short chain, with
// direction letters and the modalities m and c (and a victim-i or a
// leading i): the programs of the fast path (eval.Simple), with some that
// are not. A good share of the moves repeat
// along a line, which the fast path walks as a ride: exponents on leapers
// and riders, up to (§5.1), exact (§5.2) and unbounded (§5.3), with
// direction and modality letters on the exponent (§5.4), and chains that
// are straight by hand; others turn off the line (Nfr8, N0, W-F, N-rW) or
// go on from a capture (Arc03, Wmc0), which the fast path leaves to the
// general search.
func simpleNotation() gopter.Gen {
	atom := gen.OneConstOf("W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "R", "B", "Q", "W0", "F0")
	straight := gen.OneConstOf("W3", "F5", "D2", "A03", "K3", "R4", "B2", "Q3", "H02", "G2", "W0", "F0",
		"Nrf0", "Crf2", "Zrf02", "Wf3", "Wm3", "W03", "F02", "Km0", "Qf2", "Rm3", "Nrf02", "K02", "Bf0", "W8",
		"mW-fcW", "mF-fmF", "mR-fR", "mW-fW-fW", "mN-rfN", "mK-fK", "mD-fD", "mQ-fcQ", "mC-rfC")
	turning := gen.OneConstOf("Nfr8", "N3", "N0", "Nlf3", "Zlf02", "Wfs3", "Wc3", "Wmc0", "Arc03", "Wv3", "Fl2", "Kr3",
		"W-F", "N-rW", "mW-bW", "mR-lR", "mF-fW", "mD-fW", "mN-lfN", "mW-fD")
	move := gopter.CombineGens(
		gen.OneConstOf("", "", "i"),
		gen.OneConstOf("", "", "f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "fh", "bh", "ff", "lf", "rb", "fs", "bv"),
		gen.OneConstOf("", "m", "c", "mc", "ci", "mci", "", "m", "c", "mc", "p"),
		gen.OneGenOf(atom, atom, straight, straight, straight, straight, turning),
	).Map(func(v []any) string { return v[0].(string) + v[1].(string) + v[2].(string) + v[3].(string) })
	return gen.SliceOfN(3, gen.OneGenOf(move, move, gen.Const(""))).Map(func(moves []string) string { return strings.Join(moves, "") }).
		SuchThat(func(s string) bool { return s != "" && betzagen.Compiles(s) })
}

// lineShape says what kind of program the fast path sees in prog: a
// line program of single legs, one whose moves repeat along their lines
// (a node goes on to a next leg), or not a line program.
func lineShape(prog *expand.Program) (simple, repeats bool) {
	if !eval.Simple(prog) {
		return false, false
	}
	for _, n := range prog.Nodes {
		if len(n.Next) > 0 {
			return true, true
		}
	}
	return true, false
}

// budget is a query's budgets, small ones included, so that the fast path
// is checked to answer only where the general search would not run out.
type budget struct{ states, bytes int }

// TestFastPath: the fast path of the evaluator (reference/eval/fast.go)
// answers exactly what the general search answers, outcome for outcome
// and error for error, on every generated notation and position, with
// default and with tiny budgets. Most generated notations are simple, and
// the test fails if too few are, if too few of them repeat along their
// lines, or if too few are not simple: it must exercise the fast path,
// its lines and its refusals.
func TestFastPath(t *testing.T) {
	cfg := props.ConfigFromEnv()
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases", cfg.Seed, cfg.Seed, 10*cfg.Cases)
	budgets := gen.OneConstOf(budget{}, budget{}, budget{1, 0}, budget{2, 0}, budget{0, 1500}, budget{0, 40000})
	var fast, general eval.Evaluator
	simple, repeats, tried := 0, 0, 0
	property := prop.ForAll(func(n string, p board.Setup, b budget) string {
		prog, err := reference.Compile(n)
		if err != nil {
			return fmt.Sprintf("%s: %v", n, err)
		}
		tried++
		if s, r := lineShape(prog.Prog); s {
			simple++
			if r {
				repeats++
			}
		}
		opt := eval.Options{MaxStates: b.states, MaxBytes: b.bytes}
		got, errGot := fast.Moves(prog.Prog, p.Pos, p.From, opt)
		opt.General = true
		want, errWant := general.Moves(prog.Prog, p.Pos, p.From, opt)
		if msg := sameAnswer(got, errGot, want, errWant); msg != "" {
			return fmt.Sprintf("%s on %s with budgets %+v: %s", n, p, b, msg)
		}
		return ""
	}, simpleNotation(), betzagen.Setup(1, 16), budgets)
	params := parameters(t, cfg)
	params.MinSuccessfulTests = 10 * cfg.Cases // each case costs microseconds
	if res := property.Check(params); !res.Passed() {
		t.Errorf("the fast path and the general search differ; seed %d\n%s", cfg.Seed, report(res))
	}
	t.Logf("%d of %d notations simple, %d of them repeating along their lines; %d not simple", simple, tried, repeats, tried-simple)
	if 2*simple < tried {
		t.Errorf("only %d of %d generated notations take the fast path", simple, tried)
	}
	if 5*repeats < tried {
		t.Errorf("only %d of %d generated notations take the fast path with moves that repeat along a line", repeats, tried)
	}
	if 10*(tried-simple) < tried {
		t.Errorf("only %d of %d generated notations are not simple: the fast path's refusals are not exercised", tried-simple, tried)
	}
}

// sameAnswer says how two answers differ, "" when they do not: the same
// outcomes in the same order, or errors that are the same limit.
func sameAnswer(got []eval.Outcome, errGot error, want []eval.Outcome, errWant error) string {
	if errGot != nil || errWant != nil {
		var a, b *eval.LimitError
		if errors.As(errGot, &a) && errors.As(errWant, &b) && a.Budget == b.Budget {
			return ""
		}
		return fmt.Sprintf("error %v, general search %v", errGot, errWant)
	}
	keys := func(outs []eval.Outcome) []string {
		var k []string
		for _, o := range outs {
			k = append(k, o.Key())
		}
		return k
	}
	if a, b := keys(got), keys(want); !slices.Equal(a, b) {
		return fmt.Sprintf("outcomes %q, general search %q", a, b)
	}
	return ""
}

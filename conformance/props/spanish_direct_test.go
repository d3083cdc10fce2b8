package props_test

// The differential oracle of the Spanish notation in the plane (issue 17):
// the direct evaluator (spanish.Evaluate, spec/spanish.md §S12), which
// reads the notation by its own rules on the n-dimensional board, and the
// translation into Betza 2.0 (§S8) evaluated by the reference must give
// the same outcomes on every 2-D position. Each side was written from the
// spec on its own; a disagreement is a bug of one of them or a finding
// (spec/findings.md).

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	"golang.org/x/exp/ebnf"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/conformance/props"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/ndboard"
)

// directCases is the least number of cases of the differential property
// when BETZA_PROPS_N does not set it.
const directCases = 500

// spanishDirect is the direct evaluator of src as a Mover on 2-D
// positions.
func spanishDirect(src string) equiv.Mover {
	return func(p board.Setup) ([]string, error) {
		outs, err := spanish.Evaluate(src, ndboard.FromBoard(p), eval.Options{})
		if err != nil {
			return nil, err
		}
		return spanish.Keys(outs), nil
	}
}

// translates reports whether src has a Betza 2.0 translation.
func translates(src string) bool {
	_, err := spanish.Dialect{}.ToBetza2(src)
	return err == nil
}

// TestSpanishDirect: on 2-D positions the direct evaluator and the
// translation into Betza 2.0 give the same outcomes, over Spanish
// notations generated three ways: written part by part from the forms of
// §S2–§S6, sampled from grammar/spanish.ebnf, and written from generated
// Betza 2.0 (FromBetza2). Only notations that translate are drawn; on
// them the direct evaluator must answer too.
func TestSpanishDirect(t *testing.T) {
	cfg := props.ConfigFromEnv()
	cases := directCases
	if os.Getenv("BETZA_PROPS_N") != "" {
		cases = cfg.Cases
	}
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases a generator", cfg.Seed, cfg.Seed, cases)
	g, err := spanishGrammar()
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []struct {
		name string
		gen  gopter.Gen
	}{
		{"written part by part", spanishParts()},
		{"sampled from spanish.ebnf", spanishSampled(g)},
		{"written from Betza 2.0", spanishFromBetza2()},
	} {
		t.Run(src.name, func(t *testing.T) {
			var tally equiv.Tally
			property := prop.ForAll(func(sp string, p board.Setup) string {
				b2, err := reference.SourceOf(spanish.Dialect{}.ToBetza2(sp))
				if err != nil {
					return "" // drawn to translate; a shrunk notation may not
				}
				b, err := equiv.Notation(b2)
				if err != nil {
					return "2.0 " + b2 + ": " + err.Error()
				}
				c := equiv.Compare(spanishDirect(sp), b, p)
				tally.Add(c, p)
				if c.Verdict != equiv.Differ {
					return ""
				}
				return c.Counterexample.Report("direct "+sp, "2.0 "+b2) +
					"\nfix the evaluator or the translation, or write the disagreement in spec/findings.md"
			}, src.gen, gen.Setup(3, 10))
			params := parameters(t, props.Config{Cases: cases, Seed: cfg.Seed})
			params.MaxDiscardRatio = 50
			if res := property.Check(params); !res.Passed() {
				t.Errorf("the direct evaluator (§S12) and the translation (§S8) disagree; seed %d\n%s", cfg.Seed, report(res))
			}
			t.Logf("%d positions compared", tally.Tried)
			if tally.Undecided > 0 {
				t.Logf("%d of %d positions undecided (a search limit), first: %s: %v", tally.Undecided, tally.Tried, tally.First.Setup, tally.First.Reason)
			}
		})
	}
}

// spanishGrammar reads grammar/spanish.ebnf.
func spanishGrammar() (ebnf.Grammar, error) {
	f, err := os.Open("../../grammar/spanish.ebnf")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ebnf.Parse("spanish.ebnf", f)
}

// spanishDrawn generates the notations draw writes that translate, with
// the shrinker of the other generators.
func spanishDrawn(draw func(r *rand.Rand) string) gopter.Gen {
	return func(gp *gopter.GenParameters) *gopter.GenResult {
		r := rand.New(rand.NewPCG(uint64(gp.Rng.Int63()), uint64(gp.Rng.Int63())))
		for try := 0; try < 1000; try++ {
			if s := draw(r); translates(s) {
				return gopter.NewGenResult(s, shrinkSpanish)
			}
		}
		return gopter.NewEmptyResult(nil)
	}
}

// shrinkSpanish proposes the smaller Spanish notations that translate
// (gen.NotationCandidates).
func shrinkSpanish(v interface{}) gopter.Shrink {
	cands := gen.NotationCandidates(v.(string), translates)
	return func() (interface{}, bool) {
		if len(cands) == 0 {
			return nil, false
		}
		c := cands[0]
		cands = cands[1:]
		return c, true
	}
}

// spanishSampled samples grammar/spanish.ebnf.
func spanishSampled(g ebnf.Grammar) gopter.Gen {
	return spanishDrawn(func(r *rand.Rand) string { return grammar.Sample(g, "Notation", r, 8) })
}

// spanishFromBetza2 writes in Spanish the Betza 2.0 notations of
// spanishRandomLegs that have a Spanish form (§S9).
func spanishFromBetza2() gopter.Gen {
	return spanishDrawn(func(r *rand.Rand) string {
		sp, err := spanish.Dialect{}.FromBetza2(spanishRandomLegs(r))
		if err != nil {
			return ""
		}
		return sp
	})
}

// spanishParts writes movements part by part: determinants, prefixes,
// counts, spans, hypogonals with and without selectors, cL, groups and
// conjunctions, joined in lists (§S1–§S6).
func spanishParts() gopter.Gen {
	return spanishDrawn(spanishRandomMovements)
}

func spanishRandomMovements(r *rand.Rand) string {
	pick := func(opts ...string) string { return opts[r.IntN(len(opts))] }
	lines := []string{"+", "x", "*", "<>", "=", ">", "<", "(r=)", "(=r)", "x>", "x<", "x(r=)", "x(=r)", "x>(r=)", "x<(=r)", "x(r=)<"}
	full := []string{"+", "x", "*"}
	hypogonal := func(after bool) string {
		h := pick("(2,1)", "(1,2)", "(3,1)", "(1,3)", "(3,2)", "(2,3)")
		if !after && r.IntN(3) == 0 {
			h += pick(">", "<", "(r=)", "(=r)", "x>(r=)", "x(=r)<", "x<(r=)")
		}
		return h
	}
	rng := func(det string, after bool) string {
		count := pick("1", "2", "3", "n", "(2)", "(3)", "2(2)", "n(2)", "3(2)")
		dirs := lines
		if after {
			dirs = full
		}
		switch r.IntN(4) {
		case 0:
			return pick("", "", "2", "n", "(2)") + hypogonal(after)
		case 1:
			return pick("", "", "2", "n") + "(" + pick("2", "3", "4") + pick(full...) + ")"
		}
		if det == "B" {
			count = pick("1", "2", "n", "(2)")
		}
		return count + pick(dirs...)
	}
	var part, movement func(after bool, depth int) string
	part = func(after bool, depth int) string {
		prefix := pick("", "", "", "o", "c", "oc", "i", "io", "ic")
		switch r.IntN(8) {
		case 0:
			return pick("", "i") + "cL(" + pick(append(full, ">", "x>", "(2,1)")...) + ")"
		case 1:
			if depth < 2 {
				return prefix + "(" + movement(after, depth+1) + ")"
			}
		}
		det := pick("D", "D", "S", "S", "Tp", "B")
		return prefix + det + ":" + rng(det, after)
	}
	movement = func(after bool, depth int) string {
		s := part(after, depth)
		for n := r.IntN(3); n > 0 && r.IntN(2) == 0; n-- {
			s += "U" + part(true, depth)
		}
		return s
	}
	s := movement(false, 0)
	for r.IntN(3) == 0 {
		s += pick(", ", ",") + movement(false, 0)
	}
	return s
}

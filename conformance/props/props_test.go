package props_test

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"betzacheck/conformance/equiv"
	"betzacheck/conformance/gen"
	"betzacheck/conformance/props"
	"betzacheck/grammar"
)

func parameters(t *testing.T, cfg props.Config) *gopter.TestParameters {
	t.Helper()
	p := gopter.DefaultTestParametersWithSeed(cfg.Seed)
	p.MinSuccessfulTests = cfg.Cases
	p.MaxShrinkCount = 200
	return p
}

// TestPairs checks every law of props.Pairs on generated positions; a
// seed claim marked Expected must fail, and the test says so if it holds.
func TestPairs(t *testing.T) {
	cfg := props.ConfigFromEnv()
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases a property", cfg.Seed, cfg.Seed, cfg.Cases)
	for _, pair := range props.Pairs() {
		t.Run(pair.Name, func(t *testing.T) {
			a, b, err := pair.Movers()
			if err != nil {
				t.Fatal(err)
			}
			property := prop.ForAll(func(p equiv.Position) string {
				if cx := equiv.Compare(a, b, p); cx != nil {
					return cx.Report(pair.A, pair.B) + "\nready-to-add corpus case:\n" +
						props.CorpusCase(pair.Name, pair.A, pair.Clauses, "TODO: reason checked by hand", p)
				}
				return ""
			}, gen.Position(3, 12))
			res := property.Check(parameters(t, cfg))
			switch {
			case pair.Expected && res.Passed():
				t.Errorf("%s: the seed's claim now holds on %d positions; update spec/findings.md", pair.Name, cfg.Cases)
			case pair.Expected:
				t.Logf("expected failure (spec/findings.md): %s ≢ %s", pair.A, pair.B)
			case !res.Passed():
				t.Errorf("%s (%s) fails; seed %d\n%s", pair.Name, pair.Clauses, cfg.Seed, report(res))
			}
		})
	}
}

// TestLaws checks the laws over notations sampled from grammar/betza2.ebnf.
func TestLaws(t *testing.T) {
	cfg := props.ConfigFromEnv()
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases a law", cfg.Seed, cfg.Seed, cfg.Cases)
	g, err := grammar.Betza2()
	if err != nil {
		t.Fatal(err)
	}
	for _, law := range props.Laws {
		t.Run(law.Name, func(t *testing.T) {
			property := prop.ForAll(func(n string, p equiv.Position) string {
				if msg := law.CheckOn(n, p); msg != "" {
					return msg + "\nready-to-add corpus case:\n" +
						props.CorpusCase(law.Name, n, law.Clauses, "TODO: reason checked by hand", p)
				}
				return ""
			}, gen.Notation(g, 6, nil), gen.Position(3, 10))
			if res := property.Check(parameters(t, cfg)); !res.Passed() {
				t.Errorf("law %s (%s) fails; seed %d\n%s", law.Name, law.Clauses, cfg.Seed, report(res))
			}
		})
	}
}

func report(r *gopter.TestResult) string {
	var out string
	for _, l := range r.Labels {
		out += l + "\n"
	}
	for _, a := range r.Args {
		out += "shrunk argument: " + a.String() + "\n"
	}
	if r.Error != nil {
		out += "error: " + r.Error.Error() + "\n"
	}
	return out
}

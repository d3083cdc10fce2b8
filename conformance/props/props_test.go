package props_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/conformance/props"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/syntax"
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
			corpusCase := func(p board.Setup) string {
				return props.CorpusCase(pair.Name, pair.A, pair.Clauses, "TODO: reason checked by hand", p)
			}
			checkPair(t, cfg, a, b, pair.A, pair.B, pair.Clauses, pair.Expected, "spec/findings.md", corpusCase)
		})
	}
}

// checkPair checks on generated positions that a and b mean the same
// moves. An expected failure (a claim recorded in the document where) must
// fail, and the test says so when it starts to hold. corpusCase, if set,
// writes a failure as a ready-to-add corpus case. A position on which a
// search limit is hit decides nothing: it is logged, and a run that
// decides nothing fails.
func checkPair(t *testing.T, cfg props.Config, a, b equiv.Mover, nameA, nameB, clauses string, expected bool, where string, corpusCase func(board.Setup) string) {
	t.Helper()
	var tally equiv.Tally
	property := prop.ForAll(func(p board.Setup) string {
		c := equiv.Compare(a, b, p)
		tally.Add(c, p)
		if c.Verdict != equiv.Differ {
			return ""
		}
		msg := c.Counterexample.Report(nameA, nameB)
		if corpusCase != nil {
			msg += "\nready-to-add corpus case:\n" + corpusCase(p)
		}
		return msg
	}, gen.Setup(3, 12))
	res := property.Check(parameters(t, cfg))
	if tally.Undecided > 0 {
		t.Logf("%d of %d positions undecided (a search limit), first: %s: %v", tally.Undecided, tally.Tried, tally.First.Setup, tally.First.Reason)
	}
	switch {
	case expected && res.Passed():
		t.Errorf("%s ≡ %s: the claim now holds on %d positions; update %s", nameA, nameB, cfg.Cases, where)
	case expected:
		t.Logf("expected failure (%s): %s ≢ %s", where, nameA, nameB)
	case !res.Passed():
		t.Errorf("%s ≡ %s (%s) fails; seed %d\n%s", nameA, nameB, clauses, cfg.Seed, report(res))
	case tally.Decided() == 0:
		t.Errorf("%s ≡ %s: no position decided (every one hit a search limit); seed %d", nameA, nameB, cfg.Seed)
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
			checkLaw(t, cfg, law, gen.Notation(g, 6, nil), gen.Setup(3, 10))
		})
	}
}

// TestLawsOnEruptions checks the laws that write a notation's chains out
// (explicit-defaults, refactoring) on generated notations whose chains
// share a nested eruption and fork after it (gen.Eruptions, §3.8), where
// each chain must still be a move of its own (issue 28).
func TestLawsOnEruptions(t *testing.T) {
	cfg := props.ConfigFromEnv()
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases a law", cfg.Seed, cfg.Seed, cfg.Cases)
	for _, law := range props.Laws {
		if law.Name != "explicit-defaults" && law.Name != "refactoring" {
			continue
		}
		t.Run(law.Name, func(t *testing.T) {
			checkLaw(t, cfg, law, gen.Eruptions(), gen.Setup(1, 5))
		})
	}
}

// checkLaw checks law on the notations and positions the generators
// draw; a failure is reported with a ready-to-add corpus case, and the
// cases on which the law was undecided (a search limit) are logged.
func checkLaw(t *testing.T, cfg props.Config, law props.Law, notations, setups gopter.Gen) {
	t.Helper()
	undecided, tried := 0, 0
	property := prop.ForAll(func(n string, p board.Setup) string {
		res := law.CheckOn(n, p)
		tried++
		if res.Undecided != nil {
			undecided++
		}
		if res.Failure != "" {
			return res.Failure + "\nready-to-add corpus case:\n" +
				props.CorpusCase(law.Name, n, law.Clauses, "TODO: reason checked by hand", p)
		}
		return ""
	}, notations, setups)
	if res := property.Check(parameters(t, cfg)); !res.Passed() {
		t.Errorf("law %s (%s) fails; seed %d\n%s", law.Name, law.Clauses, cfg.Seed, report(res))
	}
	if undecided > 0 {
		t.Logf("law %s undecided (a limit) on %d of %d cases", law.Name, undecided, tried)
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

// TestRiderHints: the hint of the doubled-atom error (§9.10) names a
// notation that is the atom ridden straight on, checked against an
// independent rider generator (issue 13: the hint said N0 for the
// nightrider, which zigzags, spec/findings.md F7).
func TestRiderHints(t *testing.T) {
	cfg := props.ConfigFromEnv()
	hinted := regexp.MustCompile(`(?:as|write) ([A-Z][a-z0-9]*)`)
	for _, letter := range "WFDNAHCZGKRBQ" {
		t.Run(string(letter)+string(letter), func(t *testing.T) {
			_, err := syntax.Parse(string(letter) + string(letter))
			m := hinted.FindStringSubmatch(fmt.Sprint(err))
			if m == nil {
				t.Fatalf("%c%c: error %v names no notation", letter, letter, err)
			}
			a, err := equiv.Notation(m[1])
			if err != nil {
				t.Fatalf("hint %s: %v", m[1], err)
			}
			atom := geometry.LookupAtom(byte(letter))
			var leaps [][2]int
			for _, v := range atom.Leaps {
				leaps = append(leaps, [2]int{v.X, v.Y})
			}
			checkPair(t, cfg, a, props.Rider(leaps), m[1], "the straight "+atom.Name+" rider (oracle)", "§1.6 §5.3", false, "", nil)
		})
	}
}

// TestLawsOnSharedEruption: the laws that write a notation's chains out
// hold where the chains share a nested eruption and fork after it (issue
// 28: the evaluator once joined such chains' moves into one union, and
// both laws broke on these cases).
func TestLawsOnSharedEruption(t *testing.T) {
	for _, c := range []struct{ notation, size, placement, from string }{
		{"xW-xW-W2", "1x4", "p/1/1/X", "a1"},
		{"xW-xW-(cWmW)", "1x4", "p/1/1/X", "a1"},
		{"xD-xZa3", "6x6", "3k2/6/1b4/6/6/5X", "f1"},
		{"(xW)4", "4x5", "X2n/4/4/4/r3", "a5"},
	} {
		sz, err := board.ParseSize(c.size)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := board.ParsePosition(sz, c.placement)
		if err != nil {
			t.Fatal(err)
		}
		from, err := board.ParseSquare(c.from)
		if err != nil {
			t.Fatal(err)
		}
		for _, law := range props.Laws {
			if law.Name != "explicit-defaults" && law.Name != "refactoring" {
				continue
			}
			res := law.CheckOn(c.notation, board.Setup{Pos: pos, From: from})
			if res.Failure != "" || res.Undecided != nil {
				t.Errorf("law %s on %s: %s%v", law.Name, c.notation, res.Failure, res.Undecided)
			}
		}
	}
}

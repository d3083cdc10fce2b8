package props_test

// One reading per notation (issue 26 item 5): the classic dialect under
// its xboard profile (spec/classic.md §C5) reads the letters that
// single-leg XBetza adds as the dialect xbetza reads them (spec/xbetza.md),
// so a classic notation that both read must mean the same moves under
// both, and a notation one of them refuses must be refused by the other.
// Where the two differ on purpose, the difference is a recorded decision
// (oneReadingDecisions), each naming the clause of the spec that records
// it.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/leanovate/gopter"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/conformance/props"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/xbetza"
)

// oneReadingSeed is the seed of TestOneReadingPerNotation when BETZA_SEED
// is not set: a fixed one, so that the figures it logs are the same on
// every run.
const oneReadingSeed = 260005

const (
	oneReadingNotations = 10000 // classic notations drawn from grammar/classic.ebnf
	oneReadingPositions = 60    // generated positions each pair of moves is compared on
)

// readingDecision is a recorded difference between the xboard profile of
// the classic dialect and the dialect xbetza: the moves whose text
// matches Pattern are read differently on purpose, for the reason Why,
// recorded in the spec at Clause. Example is a move the decision covers;
// the test checks that it still shows a difference, so that the table
// cannot rot.
type readingDecision struct {
	Pattern string
	Example string
	Why     string
	Clause  string
}

// oneReadingDecisions are the recorded differences. Every difference the
// property found (issue 26 item 5's QQ1 and WW1, nD1 and W00, and the
// others of spec/classic.md §C5.5, §C5.7, §C5.8 and §C5.10–§C5.13) was
// decided by making the two readings one, so none is kept; p and g
// together (pgR, gpR) already read alike and are pinned by §C4.7 and
// §X4.3. A difference kept on purpose is added here with the clause of
// the Decision paragraph that records it (spec/classic.md §C5.14).
var oneReadingDecisions = []readingDecision{}

// oneReadingSpecs are the spec texts a decision's clause is looked up in.
var oneReadingSpecs = []string{"../../spec/classic.md", "../../spec/xbetza.md"}

// reading is what one dialect makes of one text: its translation, or
// the error that refused it (located, or no Betza 2.0 equivalent).
type reading struct {
	prog  *reference.Program
	err   error
	noEq  bool
	mover equiv.Mover
}

func (r reading) String() string {
	switch {
	case r.err == nil:
		return "reads it as " + r.prog.Source()
	case r.noEq:
		return "has no equivalent: " + r.err.Error()
	}
	return "refuses it: " + r.err.Error()
}

func readWith(d dialect.Dialect, ev *equiv.Evaluation, src string) reading {
	prog, err := d.ToBetza2(src)
	var ne *dialect.NoEquivalentError
	if err != nil {
		return reading{err: err, noEq: errors.As(err, &ne)}
	}
	return reading{prog: prog, mover: ev.Program(prog)}
}

// readings compares what the xboard profile and xbetza make of one move,
// on the same positions each time, each side on its own evaluator.
type readings struct {
	xboard    dialect.Dialect
	positions []board.Setup
	ev        [2]*equiv.Evaluation
}

func newReadings(t *testing.T, seed int64) *readings {
	return &readings{xboard: classicProfile(t, "xboard"), positions: oneReadingSetups(seed, oneReadingPositions),
		ev: [2]*equiv.Evaluation{new(equiv.Evaluation), new(equiv.Evaluation)}}
}

func (r *readings) compare(move string) moveOutcome {
	return compareReadings(readWith(r.xboard, r.ev[0], move), readWith(xbetza.Dialect{}, r.ev[1], move), r.positions)
}

// moveOutcome is what the comparison of one move under both dialects
// found.
type moveOutcome struct {
	kind   string // "agree", "both refuse", "no equivalent", "undecided", or a kind of difference
	detail string
}

// classicMoves splits a sentence of grammar/classic.ebnf into its moves
// as both parsers read them: modifiers, one capital, the same capital
// again (a doubled letter, §C2.2, §X2.4), digits.
func classicMoves(s string) []string {
	var moves []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == s[i] {
			j++
		}
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		moves = append(moves, s[start:j])
		start, i = j, j-1
	}
	if start < len(s) {
		moves = append(moves, s[start:])
	}
	return moves
}

// TestOneReadingPerNotation: on classic notations drawn from
// grammar/classic.ebnf, the xboard profile of the classic dialect and
// the dialect xbetza agree move by move: both refuse it, or both read it
// and the translations mean the same moves on generated positions, or
// the difference is one of oneReadingDecisions. A notation is a union of
// its moves under both dialects (§C1.1, §X1.1), so each move is compared
// once, alone; the notations are then counted by what their moves gave.
func TestOneReadingPerNotation(t *testing.T) {
	cfg := props.ConfigFromEnv()
	if os.Getenv("BETZA_SEED") == "" {
		cfg.Seed = oneReadingSeed
	}
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d notations, %d positions a move", cfg.Seed, cfg.Seed, oneReadingNotations, oneReadingPositions)
	g, err := grammar.Classic()
	if err != nil {
		t.Fatal(err)
	}
	rs := newReadings(t, cfg.Seed)
	cache := map[string]moveOutcome{}
	compare := func(move string) moveOutcome {
		if o, ok := cache[move]; ok {
			return o
		}
		o := rs.compare(move)
		cache[move] = o
		return o
	}
	r := rand.New(rand.NewPCG(uint64(cfg.Seed), 0))
	counts := map[string]int{}
	unexplained := map[string]moveOutcome{}
	for i := 0; i < oneReadingNotations; i++ {
		s := grammar.Sample(g, grammar.ClassicStart, r, 8)
		kinds := map[string]bool{}
		for _, m := range classicMoves(s) {
			o := compare(m)
			if isDifference(o.kind) {
				if d := decisionFor(m); d != nil {
					kinds["by decision "+d.Clause] = true
					continue
				}
				unexplained[m] = o
			}
			kinds[o.kind] = true
		}
		counts[notationKind(kinds)]++
	}
	var kinds []string
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("%6d notations: %s", counts[k], k)
	}
	moveKinds := map[string]int{}
	for _, o := range cache {
		moveKinds[o.kind]++
	}
	t.Logf("%d distinct moves, each compared once: %v", len(cache), moveKinds)
	var moves []string
	for m := range unexplained {
		moves = append(moves, m)
	}
	sort.Strings(moves)
	const shown = 20
	for i, m := range moves {
		if i == shown {
			t.Errorf("and %d more moves read differently (replay with BETZA_SEED=%d)", len(moves)-shown, cfg.Seed)
			break
		}
		t.Errorf("%q: %s, recorded in no decision (seed %d): %s", m, unexplained[m].kind, cfg.Seed, unexplained[m].detail)
	}
	if counts["read by both, same moves"] == 0 {
		t.Errorf("no notation was read by both and compared; seed %d", cfg.Seed)
	}
	if n := counts["undecided"]; n > 0 {
		t.Logf("%d notations undecided: a search limit stopped a comparison of one of their moves; they count as neither agreeing nor differing", n)
	}
}

// TestOneReadingDecisions: every recorded decision names a clause that
// the spec texts define, and its example is a move it covers that the
// two dialects still read differently, so that the table cannot rot.
func TestOneReadingDecisions(t *testing.T) {
	var specs string
	for _, path := range oneReadingSpecs {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		specs += string(b)
	}
	rs := newReadings(t, oneReadingSeed)
	for _, d := range oneReadingDecisions {
		if !strings.Contains(specs, "**"+d.Clause+"**") {
			t.Errorf("decision %q cites %s, which neither spec/classic.md nor spec/xbetza.md defines", d.Pattern, d.Clause)
		}
		re, err := regexp.Compile(d.Pattern)
		if err != nil {
			t.Errorf("decision %q: %v", d.Pattern, err)
			continue
		}
		if !re.MatchString(d.Example) {
			t.Errorf("decision %q: its example %q does not match it", d.Pattern, d.Example)
		}
		if o := rs.compare(d.Example); !isDifference(o.kind) {
			t.Errorf("decision %q (%s): its example %q is no longer read differently (%s); remove the decision", d.Pattern, d.Clause, d.Example, o.kind)
		}
	}
	t.Logf("%d differences kept on purpose", len(oneReadingDecisions))
}

// TestOneReadingIssueNotations: the notations issue 26 names, each read
// one way by both dialects (spec/classic.md §C5.10–§C5.13, §C4.7).
func TestOneReadingIssueNotations(t *testing.T) {
	rs := newReadings(t, oneReadingSeed)
	for _, c := range []struct{ move, want string }{
		{"QQ1", "both refuse"}, {"WW1", "both refuse"}, {"WW3", "both refuse"},
		{"W00", "both refuse"}, {"W03", "both refuse"},
		{"nD1", "agree"}, {"nN1", "agree"},
		{"pgR", "agree"}, {"gpR", "agree"}, {"cpgQ", "agree"},
		{"iifmnD", "both refuse"}, {"jDD", "both refuse"}, {"hrQ", "both refuse"},
		{"ffrrN", "agree"}, {"rrmfN", "agree"}, {"rrfK", "agree"},
		{"jpR", "no equivalent"}, {"epR3", "agree"},
	} {
		if o := rs.compare(c.move); o.kind != c.want {
			t.Errorf("%q: %s, want %s: %s", c.move, o.kind, c.want, o.detail)
		}
	}
}

// notationKind names what a notation's moves gave, the worst first: a
// difference nobody decided, a refusal, a missing equivalent, a search
// limit, a decision, agreement.
func notationKind(kinds map[string]bool) string {
	for _, k := range []string{"differ", "read by one only", "both refuse", "no equivalent", "undecided"} {
		if kinds[k] {
			return k
		}
	}
	var decided []string
	for k := range kinds {
		if strings.HasPrefix(k, "by decision") {
			decided = append(decided, k)
		}
	}
	if len(decided) > 0 {
		sort.Strings(decided)
		return strings.Join(decided, ", ")
	}
	return "read by both, same moves"
}

func isDifference(kind string) bool { return kind == "differ" || kind == "read by one only" }

// compareReadings compares the xboard profile's reading a with xbetza's
// b of one move.
func compareReadings(a, b reading, positions []board.Setup) moveOutcome {
	both := fmt.Sprintf("xboard %s; xbetza %s", a, b)
	switch {
	case a.err != nil && b.err != nil && a.noEq != b.noEq:
		return moveOutcome{"read by one only", both}
	case a.err != nil && b.err != nil && a.noEq:
		return moveOutcome{"no equivalent", both}
	case a.err != nil && b.err != nil:
		return moveOutcome{"both refuse", both}
	case a.noEq || b.noEq:
		return moveOutcome{"read by one only", both}
	case a.err != nil || b.err != nil:
		return moveOutcome{"read by one only", both}
	}
	if a.prog.Source() == b.prog.Source() {
		return moveOutcome{"agree", ""}
	}
	cx, tally := equiv.Check(a.mover, b.mover, positions)
	switch tally.Verdict(cx) {
	case equiv.Differ:
		return moveOutcome{"differ", both + "\n" + cx.Report("xboard "+a.prog.Source(), "xbetza "+b.prog.Source())}
	case equiv.Undecided:
		return moveOutcome{"undecided", both}
	}
	return moveOutcome{"agree", ""}
}

// decisionFor returns the decision that covers the move, or nil.
func decisionFor(move string) *readingDecision {
	for i, d := range oneReadingDecisions {
		if regexp.MustCompile(d.Pattern).MatchString(move) {
			return &oneReadingDecisions[i]
		}
	}
	return nil
}

// oneReadingSetups draws n positions from seed, as the properties do.
func oneReadingSetups(seed int64, n int) []board.Setup {
	params := gopter.DefaultGenParameters().WithSize(100)
	params.Rng.Seed(seed)
	gs := gen.Setup(3, 10)
	out := make([]board.Setup, 0, n)
	for len(out) < n {
		if v, ok := gs(params).Retrieve(); ok {
			out = append(out, v.(board.Setup))
		}
	}
	return out
}

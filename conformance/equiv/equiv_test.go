package equiv_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// setup reads a setup whose placement holds the mover on from.
func setup(t *testing.T, size, placement, from string) board.Setup {
	t.Helper()
	s, err := board.ParseSetup(size, placement, from, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func position(t *testing.T) board.Setup { return setup(t, "3x3", "3/1X1/3", "b2") }

// notation is the Mover of a notation that compiles.
func notation(t *testing.T, src string) equiv.Mover {
	t.Helper()
	m, err := equiv.Notation(src)
	if err != nil {
		t.Fatalf("Notation(%q): %v", src, err)
	}
	return m
}

// keysOf evaluates a mover that must not fail.
func keysOf(t *testing.T, m equiv.Mover, p board.Setup) []string {
	t.Helper()
	k, err := m(p)
	if err != nil {
		t.Fatalf("on %s: %v", p, err)
	}
	return k
}

func keys(k ...string) equiv.Mover {
	return func(board.Setup) ([]string, error) { return k, nil }
}

func failing(err error) equiv.Mover {
	return func(board.Setup) ([]string, error) { return nil, err }
}

// limit is a mover that hits the search limit, wrapped as a caller might.
var limit = failing(fmt.Errorf("evaluating: %w", &eval.LimitError{}))

// TestCompareVerdicts: a limit on either side is undecided, never equal
// (issue 13: positions that hit the limit were counted as equivalent).
func TestCompareVerdicts(t *testing.T) {
	p := position(t)
	for _, c := range []struct {
		name string
		a, b equiv.Mover
		want equiv.Verdict
	}{
		{"same keys", keys("a1"), keys("a1"), equiv.Equal},
		{"different keys", keys("a1"), keys("a2"), equiv.Differ},
		{"same error", failing(errors.New("x")), failing(errors.New("x")), equiv.Equal},
		{"error on one side", failing(errors.New("x")), keys(), equiv.Differ},
		{"limit on A", limit, keys("a1"), equiv.Undecided},
		{"limit on B", keys("a1"), limit, equiv.Undecided},
		{"limit on both", limit, limit, equiv.Undecided},
	} {
		got := equiv.Compare(c.a, c.b, p)
		if got.Verdict != c.want {
			t.Errorf("%s: %v, want %v", c.name, got.Verdict, c.want)
		}
		if (got.Counterexample != nil) != (c.want == equiv.Differ) || (got.Reason != nil) != (c.want == equiv.Undecided) {
			t.Errorf("%s: counterexample %v, reason %v", c.name, got.Counterexample, got.Reason)
		}
	}
}

// TestCheckTally: Check counts the positions it tried and those a limit
// left undecided, and stops at the first difference.
func TestCheckTally(t *testing.T) {
	p := position(t)
	calls := 0
	flaky := func(board.Setup) ([]string, error) {
		calls++
		if calls%2 == 0 {
			return nil, &eval.LimitError{}
		}
		return []string{"a1"}, nil
	}
	cx, tally := equiv.Check(flaky, keys("a1"), []board.Setup{p, p, p, p, p})
	if cx != nil || tally.Tried != 5 || tally.Undecided != 2 || tally.Decided() != 3 || tally.First == nil {
		t.Errorf("counterexample %v, tally %+v: want none, 5 tried, 2 undecided", cx, tally)
	}
	cx, tally = equiv.Check(limit, keys("a1"), []board.Setup{p, p})
	if cx != nil || tally.Decided() != 0 {
		t.Errorf("every position hit the limit: counterexample %v, %d decided", cx, tally.Decided())
	}
	cx, tally = equiv.Check(keys("a1"), keys("a2"), []board.Setup{p, p, p})
	if cx == nil || tally.Tried != 1 {
		t.Errorf("first position differs: counterexample %v, %d tried", cx, tally.Tried)
	}
}

// TestRunVerdict: a run is equal only when it tried some position and
// decided every one; a difference wins over undecided positions.
func TestRunVerdict(t *testing.T) {
	cx := &equiv.Counterexample{}
	for _, c := range []struct {
		name  string
		tally equiv.Tally
		cx    *equiv.Counterexample
		want  equiv.Verdict
	}{
		{"all decided", equiv.Tally{Tried: 3}, nil, equiv.Equal},
		{"one undecided", equiv.Tally{Tried: 3, Undecided: 1}, nil, equiv.Undecided},
		{"nothing tried", equiv.Tally{}, nil, equiv.Undecided},
		{"a difference", equiv.Tally{Tried: 3, Undecided: 2}, cx, equiv.Differ},
	} {
		if got := c.tally.Verdict(c.cx); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestNotationKeys: the Mover of a notation gives the sorted keys of its
// outcomes, each "TO CHANGES" with the changes in rank-then-file order.
func TestNotationKeys(t *testing.T) {
	p := setup(t, "5x5", "5/5/2X2/5/5", "c3")
	got := keysOf(t, notation(t, "W"), p)
	want := []string{"b3 b3=X c3=", "c2 c2=X c3=", "c4 c3= c4=X", "d3 c3= d3=X"}
	if !slices.Equal(got, want) {
		t.Errorf("W from c3: %q, want %q", got, want)
	}
	// A capture: the enemy on d4 is replaced by the mover.
	p = setup(t, "5x5", "5/3p1/2X2/5/5", "c3")
	got = keysOf(t, notation(t, "cF"), p)
	if want := []string{"d4 c3= d4=X"}; !slices.Equal(got, want) {
		t.Errorf("cF from c3 with a black piece on d4: %q, want %q", got, want)
	}
	if _, err := equiv.Notation("W-"); err == nil {
		t.Error("Notation accepts W-")
	}
}

// TestEvaluation: the Movers of an Evaluation give what Notation gives,
// query after query on its one evaluator, and a query beyond its budgets
// is a limit, which Compare counts as undecided.
func TestEvaluation(t *testing.T) {
	var e equiv.Evaluation
	positions := []board.Setup{
		setup(t, "5x5", "5/5/2X2/5/5", "c3"),
		setup(t, "5x5", "5/3p1/2X2/5/5", "c3"),
		setup(t, "3x3", "3/1X1/3", "b2"),
	}
	for _, src := range []string{"W", "cF", "Q", "W3"} {
		m, err := e.Notation(src)
		if err != nil {
			t.Fatalf("Evaluation.Notation(%q): %v", src, err)
		}
		for _, p := range positions {
			if got, want := keysOf(t, m, p), keysOf(t, notation(t, src), p); !slices.Equal(got, want) {
				t.Errorf("%s on %s: %q on an Evaluation, %q by Notation", src, p, got, want)
			}
		}
	}
	if _, err := e.Notation("W-"); err == nil {
		t.Error("Evaluation.Notation accepts W-")
	}
	small := equiv.Evaluation{Options: eval.Options{MaxStates: 2}}
	m, err := small.Notation("W-W-W")
	if err != nil {
		t.Fatal(err)
	}
	_, err = m(positions[0])
	var limit *eval.LimitError
	if !errors.As(err, &limit) || limit.Budget != eval.BudgetStates || limit.Limit != 2 {
		t.Fatalf("W-W-W within 2 states: error %v, want the states limit", err)
	}
	if c := equiv.Compare(m, notation(t, "W-W-W"), positions[0]); c.Verdict != equiv.Undecided {
		t.Errorf("W-W-W within 2 states against W-W-W: %v, want undecided", c.Verdict)
	}
}

// TestKeys: Keys writes each outcome's key and sorts them.
func TestKeys(t *testing.T) {
	a1, a2, b1 := board.Square{File: 0, Rank: 0}, board.Square{File: 0, Rank: 1}, board.Square{File: 1, Rank: 0}
	out := []eval.Outcome{
		{To: &b1, Changes: []eval.Change{{Square: a1}, {Square: b1, Piece: board.Piece{Kind: 'X'}}}},
		{To: nil, Changes: []eval.Change{{Square: a1}, {Square: a2}}},
	}
	got := equiv.Keys(out)
	if want := []string{"- a1= a2=", "b1 a1= b1=X"}; !slices.Equal(got, want) {
		t.Errorf("Keys: %q, want %q", got, want)
	}
	if got := equiv.Keys(nil); len(got) != 0 {
		t.Errorf("Keys(nil) = %q", got)
	}
}

// TestCompareCounterexample: a difference names the position and the keys
// only each side has; an error on one side is kept with its side.
func TestCompareCounterexample(t *testing.T) {
	p := position(t)
	got := equiv.Compare(keys("a1", "b2", "c3"), keys("b2", "c1", "c3"), p)
	cx := got.Counterexample
	if got.Verdict != equiv.Differ || cx == nil {
		t.Fatalf("%v, %v", got.Verdict, cx)
	}
	if !slices.Equal(cx.OnlyA, []string{"a1"}) || !slices.Equal(cx.OnlyB, []string{"c1"}) || cx.Setup.String() != p.String() || cx.ErrA != nil || cx.ErrB != nil {
		t.Errorf("counterexample %+v", cx)
	}
	boom := errors.New("boom")
	got = equiv.Compare(keys("a1"), failing(boom), p)
	if cx := got.Counterexample; got.Verdict != equiv.Differ || cx == nil || cx.ErrA != nil || cx.ErrB != boom || cx.OnlyA != nil {
		t.Errorf("an error on B only: %v %+v", got.Verdict, got.Counterexample)
	}
	got = equiv.Compare(failing(errors.New("x")), failing(errors.New("y")), p)
	if got.Verdict != equiv.Differ {
		t.Errorf("two different errors: %v, want differ", got.Verdict)
	}
}

// TestCompareFragmentConflicts: both sides refused for conflicting
// fragments (§3.15) is equal, whichever square each found first; a
// conflict on one side only is a difference.
func TestCompareFragmentConflicts(t *testing.T) {
	p := position(t)
	at := func(file int) equiv.Mover {
		return failing(fmt.Errorf("moves: %w", &eval.FragmentConflictError{Square: board.Square{File: file}}))
	}
	if got := equiv.Compare(at(0), at(2), p); got.Verdict != equiv.Equal {
		t.Errorf("conflicts on a1 and c1: %v, want equal", got.Verdict)
	}
	if got := equiv.Compare(at(0), keys(), p); got.Verdict != equiv.Differ {
		t.Errorf("a conflict on A only: %v, want differ", got.Verdict)
	}
}

// TestCompareLimitFirst: a limit on A decides the comparison without
// evaluating B.
func TestCompareLimitFirst(t *testing.T) {
	called := false
	b := func(board.Setup) ([]string, error) { called = true; return nil, nil }
	got := equiv.Compare(limit, b, position(t))
	if got.Verdict != equiv.Undecided || !equiv.IsLimit(got.Reason) || called {
		t.Errorf("%v, reason %v, B evaluated: %v", got.Verdict, got.Reason, called)
	}
}

// TestCheckCounterexampleSetup: Check returns the counterexample of the
// first position that differs, and the first undecided position with its
// reason.
func TestCheckCounterexampleSetup(t *testing.T) {
	p1, p2, p3 := position(t), setup(t, "3x3", "3/3/X2", "a1"), setup(t, "3x3", "2X/3/3", "c3")
	// A differs from B on a1 only; it hits the limit on c3.
	a := func(p board.Setup) ([]string, error) {
		switch p.From.String() {
		case "a1":
			return []string{"x"}, nil
		case "c3":
			return nil, &eval.LimitError{}
		}
		return nil, nil
	}
	cx, tally := equiv.Check(a, keys(), []board.Setup{p3, p1, p2, p1})
	if cx == nil || cx.Setup.String() != p2.String() || !slices.Equal(cx.OnlyA, []string{"x"}) {
		t.Fatalf("counterexample %+v, want the one on a1", cx)
	}
	if tally.Tried != 3 || tally.Undecided != 1 || tally.First == nil || tally.First.Setup.String() != p3.String() || !equiv.IsLimit(tally.First.Reason) {
		t.Errorf("tally %+v, want 3 tried, the one on c3 undecided", tally)
	}
	if cx, tally := equiv.Check(a, keys(), nil); cx != nil || tally.Tried != 0 || tally.First != nil {
		t.Errorf("no positions: %v, %+v", cx, tally)
	}
}

// TestTally: Add counts positions and undecided ones, keeping the first;
// Plus adds two runs in order.
func TestTally(t *testing.T) {
	p1, p2 := position(t), setup(t, "3x3", "3/3/X2", "a1")
	r1, r2 := errors.New("first"), errors.New("second")
	var a equiv.Tally
	a.Add(equiv.Comparison{Verdict: equiv.Equal}, p1)
	a.Add(equiv.Comparison{Verdict: equiv.Undecided, Reason: r1}, p1)
	a.Add(equiv.Comparison{Verdict: equiv.Differ}, p2)
	a.Add(equiv.Comparison{Verdict: equiv.Undecided, Reason: r2}, p2)
	if a.Tried != 4 || a.Undecided != 2 || a.Decided() != 2 || a.First == nil || a.First.Reason != r1 || a.First.Setup.String() != p1.String() {
		t.Errorf("tally %+v", a)
	}
	var b equiv.Tally
	b.Add(equiv.Comparison{Verdict: equiv.Undecided, Reason: r2}, p2)
	if s := a.Plus(b); s.Tried != 5 || s.Undecided != 3 || s.First.Reason != r1 {
		t.Errorf("a+b = %+v, want 5 tried, 3 undecided, a's first", s)
	}
	if s := (equiv.Tally{Tried: 2}).Plus(b); s.Tried != 3 || s.Undecided != 1 || s.First == nil || s.First.Reason != r2 {
		t.Errorf("a run without undecided + b = %+v, want b's first", s)
	}
}

func TestVerdictString(t *testing.T) {
	for v, want := range map[equiv.Verdict]string{equiv.Equal: "equal", equiv.Differ: "differ", equiv.Undecided: "undecided"} {
		if v.String() != want {
			t.Errorf("%d prints %q, want %q", v, v.String(), want)
		}
	}
}

func TestDifference(t *testing.T) {
	a, b := []string{"a", "c", "d", "f"}, []string{"b", "c", "f", "g"}
	onlyA, onlyB := equiv.Difference(a, b)
	if !slices.Equal(onlyA, []string{"a", "d"}) || !slices.Equal(onlyB, []string{"b", "g"}) {
		t.Errorf("Difference: %q, %q", onlyA, onlyB)
	}
	if onlyA, onlyB := equiv.Difference(a, a); onlyA != nil || onlyB != nil {
		t.Errorf("Difference of equal lists: %q, %q", onlyA, onlyB)
	}
	want := "reference (2):\n  a\n  d\nengine (2):\n  b\n  g\n"
	if got := equiv.DiffText(a, b, "reference", "engine"); got != want {
		t.Errorf("DiffText:\n%s\nwant:\n%s", got, want)
	}
	if got := equiv.DiffText(a, a, "x", "y"); got != "" {
		t.Errorf("DiffText of equal lists: %q", got)
	}
	if got, want := equiv.DiffText(nil, []string{"b"}, "x", "y"), "y (1):\n  b\n"; got != want {
		t.Errorf("DiffText, one side: %q, want %q", got, want)
	}
}

// TestDiagram: rank 1 at the bottom, black in lower case, the mover's
// square in brackets, the files under the board.
func TestDiagram(t *testing.T) {
	p := setup(t, "3x2", "p2/1X1", "b1")
	want := "" +
		"  2  p  .  . \n" +
		"  1  . [X] . \n" +
		"     a  b  c \n"
	if got := equiv.Diagram(p); got != want {
		t.Errorf("Diagram:\n%s\nwant:\n%s", got, want)
	}
	p = setup(t, "2x1", "Kx*", "b1")
	if got, want := equiv.Diagram(p), "  1  K [x]\n     a  b \n"; got != want {
		t.Errorf("Diagram, a black unmoved mover:\n%q\nwant:\n%q", got, want)
	}
}

// TestReport: the setup, its diagram, then the keys only each side has,
// or the two errors.
func TestReport(t *testing.T) {
	p := setup(t, "3x2", "p2/1X1", "b1")
	diagram := equiv.Diagram(p)
	cx := &equiv.Counterexample{Setup: p, OnlyA: []string{"a1 a1=X b1="}, OnlyB: []string{"c1 b1= c1=X", "c2 b1= c2=X"}}
	want := "board 3x2 position p2/1X1 from b1\n" + diagram +
		"only W: a1 a1=X b1=\n" +
		"only F: c1 b1= c1=X\n" +
		"only F: c2 b1= c2=X\n"
	if got := cx.Report("W", "F"); got != want {
		t.Errorf("Report:\n%s\nwant:\n%s", got, want)
	}
	cx = &equiv.Counterexample{Setup: p, ErrA: errors.New("boom")}
	want = "board 3x2 position p2/1X1 from b1\n" + diagram + "A: boom\nB: no error\n"
	if got := cx.Report("A", "B"); got != want {
		t.Errorf("Report with an error:\n%s\nwant:\n%s", got, want)
	}
}

// TestEvaluationKeysAllocate: an Evaluation's Mover allocates one string
// per outcome beyond what the evaluator itself allocates, and the list's
// growth (each key was built and then copied, issue 29).
func TestEvaluationKeysAllocate(t *testing.T) {
	prog, err := reference.Compile("Q")
	if err != nil {
		t.Fatal(err)
	}
	p := setup(t, "8x8", "8/8/8/8/3X4/8/8/8", "d4")
	var ev equiv.Evaluation
	m := ev.Program(prog)
	keys, err := m(p)
	if err != nil || len(keys) != 27 {
		t.Fatalf("Q on d4: %d keys, %v", len(keys), err)
	}
	var bare eval.Evaluator
	visit := testing.AllocsPerRun(20, func() {
		if err := bare.Visit(prog.Prog, p.Pos, p.From, eval.Options{}, func(eval.Outcome) {}); err != nil {
			t.Fatal(err)
		}
	})
	mover := testing.AllocsPerRun(20, func() { m(p) })
	if extra := mover - visit; extra > float64(len(keys)+6) {
		t.Errorf("the Mover allocates %.0f times more than the evaluator for %d keys", extra, len(keys))
	}
}

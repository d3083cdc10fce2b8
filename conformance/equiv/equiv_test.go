package equiv_test

import (
	"errors"
	"fmt"
	"testing"

	"betzacheck/conformance/equiv"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
)

func position(t *testing.T) board.Setup {
	t.Helper()
	pos, err := board.ParsePosition(board.Size{W: 3, H: 3}, "3/1X1/3")
	if err != nil {
		t.Fatal(err)
	}
	return board.Setup{Pos: pos, From: board.Square{File: 1, Rank: 1}}
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

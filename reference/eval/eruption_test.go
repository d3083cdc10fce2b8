package eval_test

import (
	"errors"
	"slices"
	"testing"

	"betzacheck/reference"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
)

// query evaluates src for the piece on from, in a position given as
// placement text (§11.2) on a board of the given size.
func query(t *testing.T, src, size, placement, from string, opt eval.Options) ([]string, error) {
	t.Helper()
	prog, err := reference.Compile(src)
	if err != nil {
		t.Fatalf("Compile(%q): %v", src, err)
	}
	sz, err := board.ParseSize(size)
	if err != nil {
		t.Fatal(err)
	}
	pos := board.NewPosition(sz)
	if placement != "" {
		if pos, err = board.ParsePosition(sz, placement); err != nil {
			t.Fatal(err)
		}
	}
	sq, err := board.ParseSquare(from)
	if err != nil {
		t.Fatal(err)
	}
	if pos.At(sq).Empty() {
		pos.Set(sq, board.Piece{Kind: 'X', Virgin: true})
	}
	out, err := eval.Moves(prog.Prog, pos, sq, opt)
	return keysOf(out), err
}

// TestCyclicEruption: fragments that erupt again and again between the
// same squares (§3.8) once recursed without end and overflowed the stack.
// The answer is the limit of the finite nestings: with nothing to capture
// the mover stays and nothing else changes, as with a bounded exponent.
func TestCyclicEruption(t *testing.T) {
	for _, c := range []struct {
		src, size, placement, from string
		want                       []string
	}{
		{"(xaW)0", "3x1", "", "a1", []string{"a1 a1=X"}},
		{"(xaW)5", "3x1", "", "a1", []string{"a1 a1=X"}},
		{"(xaK)0", "2x2", "", "a1", []string{"a1 a1=X"}},
		{"(xaK)0", "3x3", "", "b2", []string{"b2 b2=X"}},
		{"(xaW)0", "8x8", "", "d4", []string{"d4 d4=X"}},
		// The fragments that go on reach the pawn on d1 two eruptions
		// deep, through a loop between b1 and c1; those of the one-copy
		// move do not.
		{"(xaW)0", "4x1", "X*2p", "a1", []string{"a1 a1=X", "a1 a1=X d1="}},
		{"(xaW)5", "4x1", "X*2p", "a1", []string{"a1 a1=X", "a1 a1=X d1="}},
	} {
		got, err := query(t, c.src, c.size, c.placement, c.from, eval.Options{})
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s on %s %q from %s: %q, %v; want %q", c.src, c.size, c.placement, c.from, got, err, c.want)
		}
	}
}

// TestCyclicEruptionNeverSettles: fragments that carry a pawn back and
// forth between a2 and a3, erupting after every trip, give those squares
// contents that alternate with the depth of nesting and never settle
// (§3.8): a fragment conflict (§3.15), not an answer.
func TestCyclicEruptionNeverSettles(t *testing.T) {
	const src = "xfmW-fpW-(xbmW-bcW-buW)0"
	_, err := query(t, src, "1x4", "1/p/1/X", "a1", eval.Options{})
	var conflict *eval.FragmentConflictError
	if !errors.As(err, &conflict) || !conflict.Cyclic || conflict.Square.String() != "a2" {
		t.Errorf("%s: error %v, want a cyclic fragment conflict on a2", src, err)
	}
	// Without the pawn the second leg has nothing to hop: every fragment
	// is blocked and the mover stays.
	got, err := query(t, src, "1x4", "", "a1", eval.Options{})
	if want := []string{"a1 a1=X"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("%s on an empty board: %q, %v; want %q", src, got, err, want)
	}
}

// TestNestedEruption pins what a fragment that erupts in turn contributes
// (§3.8, §3.15).
func TestNestedEruption(t *testing.T) {
	for _, c := range []struct {
		src, size, placement, from string
		want                       []string
		conflict                   string // the square of a fragment conflict instead
	}{
		// The one move's one fragment steps to a2 and erupts there; the
		// nested fragment takes the pawn and steps back. The move is not
		// idle: it used to get a second outcome in which nothing is taken.
		{"xmW-xcW-bmW", "1x3", "p/1/X*", "a1", []string{"a1 a1=X a3="}, ""},
		// Two root fragments each erupt beside the mover; a nested fragment
		// of each destroys the mover and puts it down on the far side. One
		// piece would go to a1 and to c1: a conflict. The nested unloads used
		// to be forgotten, and the mover was cloned onto both squares.
		{"xamW-x(acdW-fuW)", "3x1", "1X1", "b1", nil, "b1"},
		// After the nested eruption on b1 the move acW-mO empties a1 and the
		// move acW-bmW-buW puts the pawn back there, marked as moved. The
		// moves after a nested eruption are not told apart, so both apply:
		// a conflict. The later move used to win silently.
		{"xlmW-xacW-(mObmW-buW)", "4x1", "p*1X1", "c1", nil, "a1"},
	} {
		got, err := query(t, c.src, c.size, c.placement, c.from, eval.Options{})
		var conflict *eval.FragmentConflictError
		switch {
		case c.conflict != "":
			if !errors.As(err, &conflict) || conflict.Square.String() != c.conflict || conflict.Cyclic {
				t.Errorf("%s on %s %q from %s: %q, %v; want a fragment conflict on %s", c.src, c.size, c.placement, c.from, got, err, c.conflict)
			}
		case err != nil || !slices.Equal(got, c.want):
			t.Errorf("%s on %s %q from %s: %q, %v; want %q", c.src, c.size, c.placement, c.from, got, err, c.want)
		}
	}
}

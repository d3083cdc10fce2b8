package eval_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
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
// Each chain is finite and a move of its own: with nothing to capture
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

// TestCyclicEruptionPerChain: fragments that carry a pawn back and forth
// between a2 and a3, erupting after every trip, nest eruptions as deep as
// the chain is long (§3.8). Each chain is a move of its own (§4.6, §5.1),
// so with an odd number of trips the pawn ends on a2, and with an even
// number back on a3, unchanged: two outcomes. This was once a "cyclic"
// fragment conflict, when the moves after a nested eruption were one
// union whose content alternated with the depth of nesting.
func TestCyclicEruptionPerChain(t *testing.T) {
	const src = "xfmW-fpW-(xbmW-bcW-buW)0"
	got, err := query(t, src, "1x4", "1/p/1/X", "a1", eval.Options{})
	if want := []string{"a1", "a1 a2=p a3="}; err != nil || !slices.Equal(got, want) {
		t.Errorf("%s: %q, %v; want %q", src, got, err, want)
	}
	// Without the pawn the second leg has nothing to hop: every fragment
	// is blocked and the mover stays.
	got, err = query(t, src, "1x4", "", "a1", eval.Options{})
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
		// After the nested eruption on b1 the chain ...-acW-mO empties a1
		// and the chain ...-acW-bmW-buW puts the pawn back there, marked as
		// moved. Each chain is a move of its own (§4.6), the nested
		// eruption's included: two outcomes. They were once one union, a
		// conflict on a1.
		{"xlmW-xacW-(mObmW-buW)", "4x1", "p*1X1", "c1", []string{"c1 a1=", "c1 a1=p"}, ""},
		// The smallest pair: the chains xW-xW-W (which captures on
		// a4) and xW-xW-W-fW (whose last step is blocked by the pawn) share
		// the nested eruption on a2, and are two moves.
		{"xW-xW-W2", "1x4", "p/1/1/X", "a1", []string{"a1", "a1 a4="}, ""},
		{"(axmW-fxmW-fmcW)(axmW-fxmW-fmW-fmcW)", "1x4", "p/1/1/X", "a1", []string{"a1", "a1 a4="}, ""},
	} {
		got, err := query(t, c.src, c.size, c.placement, c.from, eval.Options{})
		var conflict *eval.FragmentConflictError
		switch {
		case c.conflict != "":
			if !errors.As(err, &conflict) || conflict.Square.String() != c.conflict {
				t.Errorf("%s on %s %q from %s: %q, %v; want a fragment conflict on %s", c.src, c.size, c.placement, c.from, got, err, c.conflict)
			}
		case err != nil || !slices.Equal(got, c.want):
			t.Errorf("%s on %s %q from %s: %q, %v; want %q", c.src, c.size, c.placement, c.from, got, err, c.want)
		}
	}
}

package eval_test

import (
	"fmt"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// TestEffect: each outcome read against its setup, how the mover ends and
// what else the move removes or puts down.
func TestEffect(t *testing.T) {
	for _, c := range []struct {
		src, size, placement, from string
		want                       []string // effectText of each outcome, in Key order
	}{
		// A move and a capture.
		{"fW", "3x3", "3/3/3", "b2", []string{"moves b3"}},
		{"fcW", "3x3", "1p1/3/3", "b2", []string{"captures b3"}},
		// A rifle capture: the mover stays, the victim is removed.
		{"fcW-bmW", "3x3", "1p1/3/3", "b2", []string{"stays b2 removes b3"}},
		// The kamikaze: the mover is destroyed, its square counts as removed.
		{"fcW-dO", "3x3", "1p1/3/3", "b2", []string{"destroyed removes b2 b3"}},
		// The catapult of the corpus: the enemy on d5 is taken, carried and
		// put down one square past where the rook stops (§3.7, §3.12).
		{"cdW-bW-R-uW-bW", "8x8", "8/8/8/3p4/8/8/8/8", "d4", []string{"moves d2 removes d5 puts d1=p", "moves d3 removes d5 puts d2=p"}},
	} {
		prog, err := reference.Compile(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		s, err := board.ParseSetup(c.size, c.placement, c.from, "X*")
		if err != nil {
			t.Fatal(err)
		}
		outs, err := prog.Moves(s.Pos, s.From, eval.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		var got []string
		for _, o := range outs {
			got = append(got, effectText(o.Effect(s)))
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s from %s on %s: %q, want %q", c.src, c.from, c.placement, got, c.want)
		}
	}
}

func effectText(ef eval.Effect) string {
	text := map[eval.MoverEnd]string{eval.MoverMoves: "moves " + ef.To.String(), eval.MoverCaptures: "captures " + ef.To.String(),
		eval.MoverStays: "stays " + ef.To.String(), eval.MoverDestroyed: "destroyed"}[ef.End]
	if len(ef.Removed) > 0 {
		text += " removes"
		for _, q := range ef.Removed {
			text += " " + q.String()
		}
	}
	for _, c := range ef.Put {
		text += fmt.Sprintf(" puts %s=%s", c.Square, c.Piece)
	}
	return text
}

package speed

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// A side is one implementation set up for one piece on the positions.
type side interface {
	// check returns the piece's destinations on every position, in the
	// order of the positions (untimed).
	check() ([][]wire.Outcome, error)
	// round evaluates the piece on every position, passes times over, and
	// returns the CPU time it took and the destinations it counted.
	round(passes int) (time.Duration, int, error)
}

// referenceSide evaluates one compiled notation with the reference, one
// Evaluator reused for every query: with Evaluator.Moves, whose answer is
// the caller's, or (visit) with Evaluator.Visit, which shows each outcome
// in the evaluator's memory as the hand generator fills its buffer.
type referenceSide struct {
	prog   *reference.Program
	setups []board.Setup
	ev     eval.Evaluator
	visit  bool
}

func newReferenceSide(p Piece, setups []board.Setup, visit bool) (*referenceSide, error) {
	prog, err := reference.Compile(p.Betza2)
	if err != nil {
		return nil, fmt.Errorf("piece %s: the reference does not compile %q: %w", p.Name, p.Betza2, err)
	}
	return &referenceSide{prog: prog, setups: setups, visit: visit}, nil
}

// query evaluates the piece on setup i; keep, if not nil, gets a copy of
// every outcome.
func (r *referenceSide) query(i int, keep func(eval.Outcome)) (int, error) {
	s := r.setups[i]
	n := 0
	var err error
	if r.visit {
		err = r.ev.Visit(r.prog.Prog, s.Pos, s.From, eval.Options{}, func(o eval.Outcome) {
			n++
			if keep != nil {
				to := *o.To
				o.To, o.Changes = &to, slices.Clone(o.Changes)
				keep(o)
			}
		})
	} else {
		var outs []eval.Outcome
		outs, err = r.ev.Moves(r.prog.Prog, s.Pos, s.From, eval.Options{})
		n = len(outs)
		if keep != nil {
			for _, o := range outs {
				keep(o)
			}
		}
	}
	if err != nil {
		return 0, fmt.Errorf("position %d: %w", i+1, err)
	}
	return n, nil
}

func (r *referenceSide) check() ([][]wire.Outcome, error) {
	dests := make([][]wire.Outcome, len(r.setups))
	for i, s := range r.setups {
		var outs []eval.Outcome
		if _, err := r.query(i, func(o eval.Outcome) { outs = append(outs, o) }); err != nil {
			return nil, err
		}
		dests[i] = wire.OutcomesOf(outs, s, wire.LevelDestinations)
	}
	return dests, nil
}

// pass is one query per position; it counts the outcomes, which for the
// benchmark's pieces are one per destination.
func (r *referenceSide) pass() (int, error) {
	n := 0
	for i := range r.setups {
		k, err := r.query(i, nil)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}

func (r *referenceSide) round(passes int) (time.Duration, int, error) {
	return timeRound(r.pass, passes)
}

// handSide runs a hand-written generator, into one reused buffer.
type handSide struct {
	gen    Generator
	boards []*Board
	buf    []Dest
}

func newHandSide(p Piece, setups []board.Setup) (*handSide, error) {
	if p.Hand == nil {
		return nil, fmt.Errorf("piece %s has no hand-written generator", p.Name)
	}
	h := &handSide{gen: p.Hand, boards: make([]*Board, len(setups)), buf: make([]Dest, 0, 64)}
	for i, s := range setups {
		b, err := NewBoard(s)
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", i+1, err)
		}
		h.boards[i] = b
	}
	return h, nil
}

func (h *handSide) check() ([][]wire.Outcome, error) {
	dests := make([][]wire.Outcome, len(h.boards))
	for i, b := range h.boards {
		h.buf = h.gen(b, h.buf)
		dests[i] = destinations(h.buf)
	}
	return dests, nil
}

func (h *handSide) pass() (int, error) {
	n := 0
	for _, b := range h.boards {
		h.buf = h.gen(b, h.buf)
		n += len(h.buf)
	}
	return n, nil
}

func (h *handSide) round(passes int) (time.Duration, int, error) {
	return timeRound(h.pass, passes)
}

// timeRound runs pass passes times and returns the CPU time of the
// process over them and the sum of what pass counted. It collects the
// garbage first, so that every round starts from a clean heap and pays
// for its own garbage.
func timeRound(pass func() (int, error), passes int) (time.Duration, int, error) {
	runtime.GC()
	start, err := cpuTime()
	if err != nil {
		return 0, 0, err
	}
	n := 0
	for range passes {
		k, err := pass()
		if err != nil {
			return 0, 0, err
		}
		n += k
	}
	end, err := cpuTime()
	if err != nil {
		return 0, 0, err
	}
	return end - start, n, nil
}

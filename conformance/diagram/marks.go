// Package diagram draws move diagrams as SVG, in the manner of the
// Interactive Diagram of chessvariants.com: the board with its
// coordinates, the mover, the other pieces, a mark on every square that
// the outcomes of a move touch, a legend of the marks used and, on
// request, the paths drawn as lines.
//
// The output is deterministic: the same input gives byte-identical SVG.
// Every mark is an element with a class attribute naming it and the
// square it is on, e.g.
//
//	<g class="mark move-only" data-square="d5">
//
// so that tests and tools read the marks back rather than look at them.
//
// # Marks
//
// The marks are classified from the outcomes alone (eval.Outcome: the
// mover's final square, the changed squares, the paths), by Classify, which
// reads each outcome as eval.Effect does (how the mover ends, the pieces
// removed, the pieces put down) and adds what its paths show:
//
//   - move-only, capture-only, move-or-capture: the mover's final square
//     when it is not its starting square. An outcome captures there when
//     the square held a piece before the move. A square is move-or-capture
//     when some outcomes land on it capturing and others not. On one
//     position a square is either empty or occupied before the move, so
//     Classify never gives move-or-capture; the mark is kept for diagrams
//     that draw the outcomes of several positions on one board (an empty
//     square and an enemy placed on it, as the Interactive Diagram does).
//   - mover-stays, mover-destroyed: on the mover's square, for an outcome
//     that ends where it started (an eruption in place, a rifle shot) or
//     that destroys the mover.
//   - hopped-over: a square of a path (after its start) that is not the
//     mover's square, holds a piece and is not changed by the outcome.
//     Paths record the end square of every leg (§10.4), and a ride passes
//     only empty squares, so these are the pieces a leg stopped on and
//     left: screens and friends passed with t. Needs outcomes evaluated
//     with paths.
//   - locust-captured, burned: a square other than the mover's that held
//     a piece and is emptied while the mover does not end there. The
//     outcome does not say which leg emptied it, so the class is what is
//     observable. When the outcome has paths, each path decides: a square
//     on the path was emptied by one of its legs (locust-captured); a
//     square off the path can only have been emptied by the fragments of
//     an eruption, whose squares paths do not record (burned). Without
//     paths, Options.Erupts decides: set (the notation has an x leg), the
//     square is called burned; unset, locust-captured.
//   - unloaded: a square other than the mover's final square that ends
//     holding a piece it did not hold before: a carried piece put there
//     (§3.7).
//
// Limits: with paths, a piece that a leg hops over and a later eruption
// burns is shown as locust-captured; without paths, a locust capture in a
// notation that also erupts is shown as burned. A carried piece shows
// twice, unpaired: where it was taken (locust-captured or burned) and
// where it was put (unloaded); castling's rook is one. A square may carry
// several marks, from different outcomes or from one.
//
// # Boards of more than two dimensions
//
// Levels draws the outcomes of the Spanish direct evaluator on an
// n-dimensional board (spec/spanish.md §S11, §S12) as the board's levels,
// its 2-D slices, side by side (LevelRows), each one panel as above,
// titled with the level's name; the marks are classified by ClassifyND
// and named with the n-dimensional square names ("c3.3").
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package diagram

import (
	"slices"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// Mark is a kind of square mark; its value is the class attribute the SVG
// gives the mark's element.
type Mark string

// The marks, in legend order.
const (
	MoveOnly       Mark = "move-only"
	CaptureOnly    Mark = "capture-only"
	MoveOrCapture  Mark = "move-or-capture"
	MoverStays     Mark = "mover-stays"
	MoverDestroyed Mark = "mover-destroyed"
	HoppedOver     Mark = "hopped-over"
	LocustCaptured Mark = "locust-captured"
	Burned         Mark = "burned"
	Unloaded       Mark = "unloaded"
)

// AllMarks lists every mark in legend order.
var AllMarks = []Mark{MoveOnly, CaptureOnly, MoveOrCapture, MoverStays, MoverDestroyed,
	HoppedOver, LocustCaptured, Burned, Unloaded}

// legendText is what the legend says of each mark.
var legendText = map[Mark]string{
	MoveOnly:       "move only: the mover may land here, not capturing",
	CaptureOnly:    "capture only: the mover may land here, capturing",
	MoveOrCapture:  "move or capture: the mover may land here, capturing or not",
	MoverStays:     "stays: the mover may end on its own square",
	MoverDestroyed: "destroyed: the mover may be removed",
	HoppedOver:     "hopped over: a leg stops on this piece and leaves it",
	LocustCaptured: "locust capture: removed by a leg before the last",
	Burned:         "burned: removed by an eruption (x)",
	Unloaded:       "unloaded: a carried piece is put here",
}

// Marks is a classification: for each mark, its squares sorted by rank,
// then file. Marks not used are absent.
type Marks map[Mark][]board.Square

// Used returns the marks present, in legend order.
func (m Marks) Used() []Mark { return usedMarks(m) }

// usedMarks returns the marks of a classification that have squares, in
// legend order.
func usedMarks[Q any](m map[Mark][]Q) []Mark {
	var out []Mark
	for _, k := range AllMarks {
		if len(m[k]) > 0 {
			out = append(out, k)
		}
	}
	return out
}

// Classify computes the marks of outcomes, evaluated for the piece on from
// in pos. Only opt.Erupts matters to it; see the package documentation
// for the rules.
func Classify(pos *board.Position, from board.Square, outcomes []eval.Outcome, opt Options) Marks {
	set := newMarkSet[board.Square]()
	setup := board.Setup{Pos: pos, From: from}
	for _, o := range outcomes {
		ef := o.Effect(setup)
		set.end(ef.End, from, ef.To)
		for _, c := range ef.Put {
			set.add(Unloaded, c.Square)
		}
		for _, q := range ef.Removed {
			switch {
			case q == from:
				continue // the destroyed mover, marked mover-destroyed
			case len(o.Paths) == 0 && opt.Erupts:
				set.add(Burned, q)
			case len(o.Paths) == 0:
				set.add(LocustCaptured, q)
			}
			for _, p := range o.Paths {
				if slices.Contains(p, q) {
					set.add(LocustCaptured, q)
				} else {
					set.add(Burned, q)
				}
			}
		}
		changed := map[board.Square]bool{}
		for _, c := range o.Changes {
			changed[c.Square] = true
		}
		for _, p := range o.Paths {
			for i, q := range p {
				if i == 0 || q == from || changed[q] || pos.At(q).Empty() {
					continue
				}
				set.add(HoppedOver, q)
			}
		}
	}
	return set.sorted(board.Square.Compare)
}

// landing is how the outcomes that end on a square land there: a set of
// landMove and landCapture.
type landing uint8

const (
	landMove    landing = 1 << iota // some outcome lands without capturing
	landCapture                     // some outcome lands capturing
)

// mark is the mark of a square the mover lands on as l says.
func (l landing) mark() Mark {
	switch l {
	case landMove:
		return MoveOnly
	case landCapture:
		return CaptureOnly
	}
	return MoveOrCapture
}

// markSet collects the squares of each mark, squares of any kind, and how
// the mover lands on each square it ends on.
type markSet[Q comparable] struct {
	marks map[Mark]map[Q]bool
	lands map[Q]landing
}

func newMarkSet[Q comparable]() markSet[Q] {
	return markSet[Q]{marks: map[Mark]map[Q]bool{}, lands: map[Q]landing{}}
}

func (s markSet[Q]) add(m Mark, q Q) {
	if s.marks[m] == nil {
		s.marks[m] = map[Q]bool{}
	}
	s.marks[m][q] = true
}

// end records how an outcome's mover, which started on from, ends: on to,
// moving or capturing; staying (mover-stays); destroyed (mover-destroyed).
func (s markSet[Q]) end(end eval.MoverEnd, from, to Q) {
	switch end {
	case eval.MoverDestroyed:
		s.add(MoverDestroyed, from)
	case eval.MoverStays:
		s.add(MoverStays, from)
	case eval.MoverMoves:
		s.lands[to] |= landMove
	case eval.MoverCaptures:
		s.lands[to] |= landCapture
	}
}

// sorted lists the squares of each mark, those the mover lands on
// included, in the order of compare.
func (s markSet[Q]) sorted(compare func(a, b Q) int) map[Mark][]Q {
	for q, l := range s.lands {
		s.add(l.mark(), q)
	}
	out := map[Mark][]Q{}
	for m, sqs := range s.marks {
		for q := range sqs {
			out[m] = append(out[m], q)
		}
		slices.SortFunc(out[m], compare)
	}
	return out
}

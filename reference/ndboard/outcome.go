package ndboard

import (
	"fmt"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// Change is one square whose content a move changes, with the content
// after the move (the empty Piece when the square is emptied).
type Change struct {
	Square Square
	Piece  board.Piece
}

// Outcome is one result of a move on an n-dimensional board: where the
// mover ends and what changes (§S11.4). It is the shape of data of the 2-D
// reference's outcome (eval.Outcome, 2.0 §10.3), whose key it writes the
// same way on a 2-D board.
type Outcome struct {
	To      Square   // the mover's final square
	Changes []Change // sorted by Square.Compare
}

// Effect is an outcome read against the setup it was evaluated on, as
// eval.Outcome.Effect reads a 2-D one (2.0 §10.1): how the mover ends (an
// n-dimensional outcome always has a final square, so never
// eval.MoverDestroyed), which pieces are gone and which are put down.
type Effect struct {
	End eval.MoverEnd
	To  Square // where the mover ends; its own square when it stays
	// Removed are the squares that held a piece and end empty, other
	// than the square the mover left, in the order of the changes.
	Removed []Square
	// Put are the squares other than the mover's final square that end
	// holding a piece they did not hold, with that piece.
	Put []Change
}

// Effect reads o against s, the setup it was evaluated on.
func (o Outcome) Effect(s Setup) Effect {
	ef := Effect{End: eval.MoverMoves, To: o.To}
	switch {
	case o.To == s.From:
		ef.End = eval.MoverStays
	case !s.Pos.At(o.To.At).Empty():
		ef.End = eval.MoverCaptures
	}
	for _, c := range o.Changes {
		switch {
		case c.Square == o.To, c.Square == s.From && c.Piece.Empty():
			// the mover's final square, the square it left
		case c.Piece.Empty() && !s.Pos.At(c.Square.At).Empty():
			ef.Removed = append(ef.Removed, c.Square)
		case !c.Piece.Empty():
			ef.Put = append(ef.Put, c)
		}
	}
	return ef
}

// Capture reports whether the outcome removes or replaces a piece other
// than the mover, on s, the setup it was evaluated on: whether it changes
// a square, other than the mover's, that held a piece (as
// eval.Outcome.Capture does on a 2-D board).
func (o Outcome) Capture(s Setup) bool {
	for _, c := range o.Changes {
		if c.Square != s.From && !s.Pos.At(c.Square.At).Empty() {
			return true
		}
	}
	return false
}

// Key is the canonical text of the outcome (§S11.4): the mover's final
// square, then each changed square with its content after the move,
// "c3.3 c3.3= e5.5=X". On a 2-D board it is eval.Outcome.Key.
func (o Outcome) Key() string {
	var b []byte
	b = o.To.Append(b)
	for _, c := range o.Changes {
		b = append(b, ' ')
		b = c.Square.Append(b)
		b = append(b, '=')
		b = c.Piece.Append(b)
	}
	return string(b)
}

// ParseKey reads a key written by Key back into its outcome on a board of
// the size. The text must be written exactly as Key writes it.
func ParseKey(size Size, line string) (Outcome, error) {
	fs := strings.Fields(line)
	if len(fs) == 0 {
		return Outcome{}, fmt.Errorf("empty outcome line")
	}
	to, err := ParseSquare(size, fs[0])
	if err != nil {
		return Outcome{}, fmt.Errorf("%q: the mover's square: %v", line, err)
	}
	o := Outcome{To: to}
	for _, f := range fs[1:] {
		name, content, ok := strings.Cut(f, "=")
		if !ok {
			return Outcome{}, fmt.Errorf("%q: expected SQUARE=CONTENT, found %q", line, f)
		}
		q, err := ParseSquare(size, name)
		if err != nil {
			return Outcome{}, fmt.Errorf("%q: %v", line, err)
		}
		p, err := board.ParsePiece(content)
		if err != nil {
			return Outcome{}, fmt.Errorf("%q: %v", line, err)
		}
		o.Changes = append(o.Changes, Change{q, p})
	}
	if !slices.IsSortedFunc(o.Changes, func(a, b Change) int { return a.Square.Compare(b.Square) }) {
		return Outcome{}, fmt.Errorf("%q: the changed squares are not in order (last coordinate, …, rank, file)", line)
	}
	if o.Key() != strings.Join(fs, " ") {
		return Outcome{}, fmt.Errorf("%q: not written as a key (%q)", line, o.Key())
	}
	return o, nil
}

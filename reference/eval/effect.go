package eval

import "github.com/betzacheck/betzacheck/reference/board"

// MoverEnd is how the mover ends its move.
type MoverEnd uint8

// The ways a move ends for the mover.
const (
	MoverMoves     MoverEnd = iota // on an empty square other than its own
	MoverCaptures                  // on a square other than its own that held a piece
	MoverStays                     // on its own square (an eruption in place, a rifle shot)
	MoverDestroyed                 // off the board: it was destroyed and has no final square
)

// Effect is an outcome read against the setup it was evaluated on: how
// the mover ends, which pieces are gone and which are put down. It is all
// an outcome shows (§10.1): which leg emptied a square, a capture, a burn
// or the taking of a piece to carry, it does not say.
type Effect struct {
	End MoverEnd
	To  board.Square // where the mover ends; its own square when it stays; zero when destroyed
	// Removed are the squares that held a piece and end empty, other
	// than the square the mover left (which counts when the mover is
	// destroyed: its piece is gone too), in the order of the changes.
	Removed []board.Square
	// Put are the squares other than the mover's final square that end
	// holding a piece they did not hold (a carried piece put down, §3.7),
	// with that piece, in the order of the changes.
	Put []Change
}

// Effect reads o against s, the setup it was evaluated on.
func (o Outcome) Effect(s board.Setup) Effect {
	var ef Effect
	switch {
	case o.To == nil:
		ef.End = MoverDestroyed
	case *o.To == s.From:
		ef.End, ef.To = MoverStays, s.From
	case s.Pos.At(*o.To).Empty():
		ef.End, ef.To = MoverMoves, *o.To
	default:
		ef.End, ef.To = MoverCaptures, *o.To
	}
	for _, c := range o.Changes {
		switch {
		case o.To != nil && c.Square == *o.To:
			// the mover's final square
		case o.To != nil && c.Square == s.From && c.Piece.Empty():
			// the square the mover left
		case c.Piece.Empty() && !s.Pos.At(c.Square).Empty():
			ef.Removed = append(ef.Removed, c.Square)
		case !c.Piece.Empty():
			ef.Put = append(ef.Put, c)
		}
	}
	return ef
}

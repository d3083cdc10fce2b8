package speed

import (
	"fmt"

	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
)

// Board is an 8x8 position as the hand-written generator reads it: a 0x88
// mailbox (square index 16*rank + file; an index with a bit of 0x88 set is
// off the board, whatever step of at most 7 files and 7 ranks led there)
// that says of each square whether it is empty, holds a friend of the
// mover or an enemy. The mover is white: forward is up the board.
type Board struct {
	cell [128]int8
	from int
}

// The contents of a Board's square.
const (
	empty  = 0
	friend = 1
	enemy  = -1
)

// NewBoard reads a setup into a Board. The board must be 8x8 and the mover
// white.
func NewBoard(s board.Setup) (*Board, error) {
	if size := s.Pos.Size(); size != (board.Size{W: 8, H: 8}) {
		return nil, fmt.Errorf("the hand-written generator reads 8x8 boards only, not %s", size)
	}
	if s.Mover().Empty() || s.Mover().Color != board.White {
		return nil, fmt.Errorf("the hand-written generator moves a white piece; %s holds %q", s.From, s.Mover())
	}
	b := &Board{from: index(s.From)}
	for _, q := range s.Pos.Pieces() {
		b.cell[index(q)] = friend
		if s.Pos.At(q).Color != board.White {
			b.cell[index(q)] = enemy
		}
	}
	return b, nil
}

func index(q board.Square) int { return 16*q.Rank + q.File }

// Dest is one destination of the hand-written generator: a square (its
// 0x88 index) and whether the move takes the piece standing there.
type Dest struct {
	To      uint8
	Capture bool
}

// Square is the destination's square.
func (d Dest) Square() board.Square { return board.Square{File: int(d.To & 7), Rank: int(d.To >> 4)} }

// Generator is a hand-written move generator of one piece: it appends the
// destinations of the mover of b to buf[:0] and returns the slice, so that
// a caller who passes the slice back in allocates nothing.
type Generator func(b *Board, buf []Dest) []Dest

// rider is the generator of a piece that makes at most reach steps in
// each of the directions steps (0x88 steps: one file is 1, one rank is 16),
// stopping at the board's edge, before a friend and on an enemy, which it
// takes. A leaper rides one step.
func rider(steps []int, reach int) Generator {
	return func(b *Board, buf []Dest) []Dest {
		buf = buf[:0]
		for _, d := range steps {
			to := b.from
			for range reach {
				to += d
				if to&0x88 != 0 {
					break
				}
				c := b.cell[to&0x7f]
				if c == friend {
					break
				}
				buf = append(buf, Dest{To: uint8(to), Capture: c == enemy})
				if c == enemy {
					break
				}
			}
		}
		return buf
	}
}

// pawn is fmWfcF: one step forward to an empty square, one step diagonally
// forward onto an enemy.
func pawn(b *Board, buf []Dest) []Dest {
	buf = buf[:0]
	if to := b.from + 16; to&0x88 == 0 && b.cell[to&0x7f] == empty {
		buf = append(buf, Dest{To: uint8(to)})
	}
	for _, to := range [2]int{b.from + 15, b.from + 17} {
		if to&0x88 == 0 && b.cell[to&0x7f] == enemy {
			buf = append(buf, Dest{To: uint8(to), Capture: true})
		}
	}
	return buf
}

// destinations is the wire form of the hand generator's destinations, for
// comparing them with the other sides'.
func destinations(ds []Dest) []wire.Outcome {
	ws := make([]wire.Outcome, len(ds))
	for i, d := range ds {
		to := d.Square().String()
		ws[i] = wire.Outcome{To: &to, Capture: d.Capture}
	}
	return ws
}

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

// hopper is the generator of a piece that rides along each of the
// directions steps to the first piece of either colour (the hurdle) and
// then goes on beyond it: a grasshopper (cannon false) lands on the square
// just beyond, empty or an enemy, which it takes; a cannon (cannon true)
// moves like a rook to the empty squares before the hurdle and captures
// the first piece beyond it along the line if that is an enemy.
func hopper(steps []int, cannon bool) Generator {
	return func(b *Board, buf []Dest) []Dest {
		buf = buf[:0]
		for _, d := range steps {
			to := b.from + d
			for ; to&0x88 == 0 && b.cell[to&0x7f] == empty; to += d {
				if cannon {
					buf = append(buf, Dest{To: uint8(to)})
				}
			}
			if to&0x88 != 0 {
				continue // no hurdle on this line
			}
			to += d
			if cannon {
				for to&0x88 == 0 && b.cell[to&0x7f] == empty {
					to += d
				}
				if to&0x88 == 0 && b.cell[to&0x7f] == enemy {
					buf = append(buf, Dest{To: uint8(to), Capture: true})
				}
				continue
			}
			if to&0x88 == 0 && b.cell[to&0x7f] != friend {
				buf = append(buf, Dest{To: uint8(to), Capture: b.cell[to&0x7f] == enemy})
			}
		}
		return buf
	}
}

// bent is the generator of a two-step piece that may be blocked: for each
// pair of steps, the first to an empty square, then the second from there
// to an empty square or an enemy, which it takes (the Mao: an orthogonal
// step, then a diagonal one outward; the Moa: a diagonal step, then an
// orthogonal one outward).
func bent(pairs [][2]int) Generator {
	return func(b *Board, buf []Dest) []Dest {
		buf = buf[:0]
		for _, p := range pairs {
			via := b.from + p[0]
			if via&0x88 != 0 || b.cell[via&0x7f] != empty {
				continue
			}
			to := via + p[1]
			if to&0x88 == 0 && b.cell[to&0x7f] != friend {
				buf = append(buf, Dest{To: uint8(to), Capture: b.cell[to&0x7f] == enemy})
			}
		}
		return buf
	}
}

// checker is fmFfcF-mF, the checker of the seeds: one step diagonally
// forward to an empty square, or one diagonally forward onto an enemy,
// which it takes, and on along the same diagonal to the empty square just
// beyond, where it lands.
func checker(b *Board, buf []Dest) []Dest {
	buf = buf[:0]
	for _, d := range [2]int{15, 17} {
		to := b.from + d
		if to&0x88 != 0 {
			continue
		}
		switch b.cell[to&0x7f] {
		case empty:
			buf = append(buf, Dest{To: uint8(to)})
		case enemy:
			if land := to + d; land&0x88 == 0 && b.cell[land&0x7f] == empty {
				buf = append(buf, Dest{To: uint8(land), Capture: true})
			}
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

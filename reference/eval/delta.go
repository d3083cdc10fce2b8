package eval

import (
	"strings"

	"betzacheck/reference/board"
)

// A delta is the set of squares whose content differs from the position
// being evaluated, kept as a string so that search states stay comparable:
// four bytes a square (file, rank, kind, colour and virgin bits), sorted by
// rank then file. Off-board squares never appear in a delta.
type delta string

func encodeSquare(q board.Square) (byte, byte) { return byte(q.File), byte(q.Rank) }

func pieceBits(p board.Piece) byte {
	b := byte(p.Color)
	if p.Virgin {
		b |= 2
	}
	return b
}

func decodePiece(kind, bits byte) board.Piece {
	if kind == 0 {
		return board.Piece{}
	}
	return board.Piece{Kind: kind, Color: board.Color(bits & 1), Virgin: bits&2 != 0}
}

// find returns the index of q's entry, or where it would be inserted.
func (d delta) find(q board.Square) (int, bool) {
	f, r := encodeSquare(q)
	for i := 0; i < len(d); i += 4 {
		if d[i+1] > r || (d[i+1] == r && d[i] >= f) {
			return i, d[i] == f && d[i+1] == r
		}
	}
	return len(d), false
}

// at returns the content of q under d over pos.
func (d delta) at(pos *board.Position, q board.Square) board.Piece {
	if i, ok := d.find(q); ok {
		return decodePiece(d[i+2], d[i+3])
	}
	return pos.At(q)
}

// set returns d with q holding p.
func (d delta) set(q board.Square, p board.Piece) delta {
	f, r := encodeSquare(q)
	entry := string([]byte{f, r, p.Kind, pieceBits(p)})
	i, ok := d.find(q)
	end := i
	if ok {
		end = i + 4
	}
	var b strings.Builder
	b.Grow(len(d) + 4)
	b.WriteString(string(d[:i]))
	b.WriteString(entry)
	b.WriteString(string(d[end:]))
	return delta(b.String())
}

// each calls fn for every square of d with its content.
func (d delta) each(fn func(q board.Square, p board.Piece)) {
	for i := 0; i < len(d); i += 4 {
		fn(board.Square{File: int(d[i]), Rank: int(d[i+1])}, decodePiece(d[i+2], d[i+3]))
	}
}

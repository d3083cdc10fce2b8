package eval

import (
	"hash/maphash"

	"github.com/betzacheck/betzacheck/reference/board"
)

// A delta is the set of squares whose content differs from the position
// being evaluated: four bytes a square (file, rank, kind, colour and
// virgin bits), sorted by rank then file. Off-board squares never appear
// in a delta. Search states hold a delta by its id in the search's texts
// (interned), so that equal deltas are one id and states stay small and
// comparable; a delta value is a read-only view of those bytes.
type delta []byte

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
	f, r := byte(q.File), byte(q.Rank)
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

// appendSet appends d with q holding p to dst and returns the result.
func (d delta) appendSet(dst []byte, q board.Square, p board.Piece) []byte {
	i, ok := d.find(q)
	end := i
	if ok {
		end = i + 4
	}
	dst = append(dst, d[:i]...)
	dst = append(dst, byte(q.File), byte(q.Rank), p.Kind, pieceBits(p))
	return append(dst, d[end:]...)
}

// set returns a new delta: d with q holding p.
func (d delta) set(q board.Square, p board.Piece) delta {
	return d.appendSet(make([]byte, 0, len(d)+4), q, p)
}

// each calls fn for every square of d with its content.
func (d delta) each(fn func(q board.Square, p board.Piece)) {
	for i := 0; i < len(d); i += 4 {
		fn(board.Square{File: int(d[i]), Rank: int(d[i+1])}, decodePiece(d[i+2], d[i+3]))
	}
}

// textID names a byte string interned in a texts table; 0 is the empty
// string.
type textID int32

// texts interns byte strings (deltas, unload records, outcome keys) in one
// arena: equal strings get one id, and interning a string already met
// allocates nothing. Its memory is kept from one query to the next.
type texts struct {
	arena []byte
	spans []span   // by id; spans[0] is the empty string
	table []textID // open addressing by hash; 0 is a free slot
	seed  maphash.Seed
}

type span struct{ off, end int32 }

// reset empties the table, keeping its memory unless a large query left
// it large (keepStates).
func (t *texts) reset() {
	if t.spans == nil {
		t.seed = maphash.MakeSeed()
	}
	if t.table == nil || len(t.table) > 2*keepStates || cap(t.arena) > 64*keepStates {
		t.table = make([]textID, 64)
		t.arena, t.spans = nil, nil
	}
	t.arena = t.arena[:0]
	t.spans = append(t.spans[:0], span{})
	clear(t.table)
}

// bytes returns the string of id; the view stays valid for the query.
func (t *texts) bytes(id textID) delta {
	s := t.spans[id]
	return delta(t.arena[s.off:s.end:s.end])
}

// intern returns the id of b, adding a copy of it if it is new; added
// reports that it was new.
func (t *texts) intern(b []byte) (id textID, added bool) {
	if len(b) == 0 {
		return 0, false
	}
	h := maphash.Bytes(t.seed, b)
	mask := uint64(len(t.table) - 1)
	i := h & mask
	for ; t.table[i] != 0; i = (i + 1) & mask {
		if string(t.bytes(t.table[i])) == string(b) {
			return t.table[i], false
		}
	}
	id = textID(len(t.spans))
	off := int32(len(t.arena))
	t.arena = append(t.arena, b...)
	t.spans = append(t.spans, span{off, int32(len(t.arena))})
	t.table[i] = id
	if 2*len(t.spans) > len(t.table) {
		t.grow()
	}
	return id, true
}

// grow doubles the table and places every id again.
func (t *texts) grow() {
	t.table = make([]textID, 2*len(t.table))
	mask := uint64(len(t.table) - 1)
	for id := 1; id < len(t.spans); id++ {
		i := maphash.Bytes(t.seed, t.bytes(textID(id))) & mask
		for t.table[i] != 0 {
			i = (i + 1) & mask
		}
		t.table[i] = textID(id)
	}
}

package eval

import (
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/geometry"
)

// state is one point of the search: the mover (or a fragment) is on sq,
// about to make the leg of node. It is 32 bytes of small integers, with
// no padding and nothing a garbage collector must look at: squares fit in
// a byte each (a path stays within the margin of §12.4, so |coordinate| <
// 3·MaxSide), and the delta and the unload record are interned texts.
type state struct {
	node    int32
	steps   int32  // the previous leg's step count, kept when some leg is e (§3.10)
	delta   textID // the board changes so far
	unloads textID // fragment unloads as "from>to;" (§3.15); 0 in the real move
	path    int32  // the path walked so far, interned (Options.Paths); 0 otherwise

	sq, carryFrm point
	carried      packedPiece
	rot          int8
	chir         packedChirality // the path's handedness (§6.1)
	flags        stateFlags
}

// point is a square in a state.
type point struct{ file, rank int8 }

func pointOf(q board.Square) point   { return point{int8(q.File), int8(q.Rank)} }
func (p point) square() board.Square { return board.Square{File: int(p.file), Rank: int(p.rank)} }

// packedPiece is a piece in a state: its kind and the bits of pieceBits.
type packedPiece struct{ kind, bits byte }

func packPiece(p board.Piece) packedPiece { return packedPiece{p.Kind, pieceBits(p)} }
func (p packedPiece) piece() board.Piece  { return decodePiece(p.kind, p.bits) }
func (p packedPiece) empty() bool         { return p.kind == 0 }

// packedChirality is a geometry.Chirality in a state.
type packedChirality struct {
	hand, axis int8
	dx, dy     int8
}

func packChirality(c geometry.Chirality) packedChirality {
	return packedChirality{int8(c.Hand), c.Axis, int8(c.Disp.X), int8(c.Disp.Y)}
}

func (c packedChirality) unpack() geometry.Chirality {
	return geometry.Chirality{Hand: geometry.Hand(c.hand), Axis: c.axis, Disp: vec{X: int(c.dx), Y: int(c.dy)}}
}

// stateFlags are a state's yes-or-no facts.
type stateFlags uint8

const (
	flagErupted stateFlags = 1 << iota // the eruption of this node's leg has happened (§3.8)
	flagGone                           // the real mover was destroyed (§3.14)
)

// erupted reports that the eruption of st's leg has happened (§3.8).
func (st *state) erupted() bool { return st.flags&flagErupted != 0 }

// gone reports that the real mover was destroyed (§3.14).
func (st *state) gone() bool { return st.flags&flagGone != 0 }

// words packs every field of st into four words, so that equal states
// have equal words and different states different ones: the one list of
// a state's fields that hash and appendKey read.
func (st *state) words() [4]uint64 {
	return [4]uint64{
		uint64(uint32(st.node)) | uint64(uint32(st.steps))<<32,
		uint64(uint32(st.delta)) | uint64(uint32(st.unloads))<<32,
		uint64(uint32(st.path)) | uint64(uint8(st.sq.file))<<32 | uint64(uint8(st.sq.rank))<<40 |
			uint64(uint8(st.carryFrm.file))<<48 | uint64(uint8(st.carryFrm.rank))<<56,
		uint64(st.carried.kind) | uint64(st.carried.bits)<<8 | uint64(uint8(st.rot))<<16 |
			uint64(uint8(st.chir.hand))<<24 | uint64(uint8(st.chir.axis))<<32 |
			uint64(uint8(st.chir.dx))<<40 | uint64(uint8(st.chir.dy))<<48 | uint64(st.flags)<<56,
	}
}

// hash mixes the words of st: each by its own odd constant, so that the
// four products are independent, then the high bits folded down onto the
// low ones that the set's table uses.
func (st *state) hash() uint64 {
	w := st.words()
	h := w[0]*0x9e3779b97f4a7c15 ^ w[1]*0xbf58476d1ce4e5b9 ^ w[2]*0x94d049bb133111eb ^ w[3]*0xd6e8feb86659fd93
	h ^= h >> 32
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// stateSet is a set of states that numbers them in the order they were
// added. Its memory is kept from one query to the next.
type stateSet struct {
	states []state
	table  []int32 // open addressing by hash: 1 + index into states; 0 is free
}

// reset empties the set, keeping its memory unless a large query left it
// large (keepStates).
func (s *stateSet) reset() {
	if s.table == nil || len(s.table) > 2*keepStates {
		s.table = make([]int32, 64)
		s.states = nil
	}
	s.states = s.states[:0]
	clear(s.table)
}

// keepStates is how many states an Evaluator's memory keeps room for
// between queries: a query that needed more gives its memory back, so an
// evaluator reused over many queries holds what a usual one needs.
const keepStates = 1 << 14

// add adds st and reports whether it was new.
func (s *stateSet) add(st state) bool {
	mask := uint64(len(s.table) - 1)
	for i := st.hash() & mask; ; i = (i + 1) & mask {
		j := s.table[i]
		if j == 0 {
			s.states = append(s.states, st)
			s.table[i] = int32(len(s.states))
			if 2*len(s.states) > len(s.table) {
				s.grow()
			}
			return true
		}
		if s.states[j-1] == st {
			return false
		}
	}
}

// grow doubles the table and places every state again.
func (s *stateSet) grow() {
	s.table = make([]int32, 2*len(s.table))
	mask := uint64(len(s.table) - 1)
	for j := range s.states {
		i := s.states[j].hash() & mask
		for s.table[i] != 0 {
			i = (i + 1) & mask
		}
		s.table[i] = int32(j + 1)
	}
}

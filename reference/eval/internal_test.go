package eval

import (
	"bytes"
	"cmp"
	"testing"
	"unsafe"

	"github.com/betzacheck/betzacheck/reference/board"
)

// TestKeyRankOrder: keyRank orders outcomes as their Keys do wherever
// it tells them apart, for every final square of the largest board, a
// destroyed mover and virtual squares, whatever change follows the name.
func TestKeyRankOrder(t *testing.T) {
	type end struct {
		to   point
		gone bool
	}
	var ends []end
	for f := int8(-2); f < board.MaxSide+2; f++ {
		for r := int8(-2); r < board.MaxSide+2; r++ {
			ends = append(ends, end{to: point{f, r}})
		}
	}
	ends = append(ends, end{gone: true})
	key := func(e end, change board.Square) []byte {
		o := Outcome{Changes: []Change{{Square: change}}}
		if !e.gone {
			q := e.to.square()
			o.To = &q
		}
		return o.AppendKey(nil)
	}
	// The squares of the board have ranks of their own (fastMoves sorts
	// its destinations by keyOrder alone).
	seen := map[uint32]point{}
	for _, e := range ends {
		if q := e.to.square(); !e.gone && (board.Size{W: board.MaxSide, H: board.MaxSide}).Contains(q) {
			if other, dup := seen[keyRank(e.to, false)]; dup {
				t.Fatalf("%s and %s have one rank", q, other.square())
			}
			seen[keyRank(e.to, false)] = e.to
		}
	}
	for _, change := range []board.Square{{File: 0, Rank: 0}, {File: 25, Rank: 25}} {
		for _, a := range ends {
			for _, b := range ends {
				pa, pb := keyRank(a.to, a.gone), keyRank(b.to, b.gone)
				if pa == pb {
					continue
				}
				if got, want := cmp.Compare(pa, pb), bytes.Compare(key(a, change), key(b, change)); got != want {
					t.Fatalf("%q and %q: keyRank orders them %d, their keys %d", key(a, change), key(b, change), got, want)
				}
			}
		}
	}
}

// TestStateSize: a search state is 32 bytes with no padding, the figure
// the memory budget's estimates start from (budget.go, state.go); a new
// field must be paid for knowingly.
func TestStateSize(t *testing.T) {
	if got := unsafe.Sizeof(state{}); got != 32 {
		t.Errorf("a search state is %d bytes, want 32", got)
	}
}

package props

import (
	"slices"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/reference/board"
)

// The oracles below generate the moves of two classic pieces directly on
// the board, without any Betza notation, so that the seed's claims about
// Nfr8 and (F-lF)r0 can be checked against pieces defined independently.

// knightRing lists the knight leaps in counter-clockwise order.
var knightRing = [8][2]int{{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}}

// Rose moves along the octagon of knight leaps, turning the same way by
// one leap each time, up to 8 leaps: every square passed must be empty,
// the last may hold an enemy.
func Rose(p board.Setup) ([]string, error) {
	var paths [][]board.Square
	for start := 0; start < 8; start++ {
		for _, turn := range []int{1, -1} {
			var path []board.Square
			for j := 0; j < 8; j++ {
				v := knightRing[((start+turn*j)%8+8)%8]
				path = append(path, step(lastOr(path, p.From), v))
			}
			paths = append(paths, path)
		}
	}
	return Walk(p, paths), nil
}

// Nightrider repeats one knight leap in a straight line.
var Nightrider = Rider(knightRing[:])

// Rider returns the oracle of the rider of leaps: each leap repeated in a
// straight line, any number of times.
func Rider(leaps [][2]int) equiv.Mover { return RiderUpTo(leaps, 0) }

// RiderUpTo is Rider with at most max leaps (0: no limit but the board).
func RiderUpTo(leaps [][2]int, max int) equiv.Mover {
	return func(p board.Setup) ([]string, error) {
		long := p.Pos.Size().W + p.Pos.Size().H
		if max > 0 {
			long = max
		}
		var paths [][]board.Square
		for _, v := range leaps {
			var path []board.Square
			for k := 1; k <= long; k++ {
				path = append(path, p.From.Add(k*v[0], k*v[1]))
			}
			paths = append(paths, path)
		}
		return Walk(p, paths), nil
	}
}

// CrookedBishop moves by diagonal steps that alternate between two
// perpendicular diagonals (a zigzag), any number of steps.
func CrookedBishop(p board.Setup) ([]string, error) {
	var paths [][]board.Square
	size := p.Pos.Size()
	long := size.W + size.H
	for _, d1 := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		for _, d2 := range [][2]int{{-d1[0], d1[1]}, {d1[0], -d1[1]}} {
			var path []board.Square
			for j := 0; j < long; j++ {
				v := d1
				if j%2 == 1 {
					v = d2
				}
				path = append(path, step(lastOr(path, p.From), v))
			}
			paths = append(paths, path)
		}
	}
	return Walk(p, paths), nil
}

func lastOr(path []board.Square, q board.Square) board.Square {
	if len(path) > 0 {
		return path[len(path)-1]
	}
	return q
}

func step(q board.Square, v [2]int) board.Square { return q.Add(v[0], v[1]) }

// Walk follows each path from the mover's square and returns the outcome
// keys of every stop, sorted: each prefix whose squares before the last
// are empty (the start square counts as empty once left) and whose last
// square is empty or holds an enemy. Oracles of sliding pieces are paths
// given to Walk.
func Walk(p board.Setup, paths [][]board.Square) []string {
	mover := p.Pos.At(p.From)
	moved := mover
	moved.Virgin = false
	seen := map[string]bool{}
	var keys []string
	for _, path := range paths {
		for _, q := range path {
			if !p.Pos.Size().Contains(q) {
				break
			}
			content := p.Pos.At(q)
			if q == p.From {
				content = board.Piece{}
			}
			if content.Empty() || content.Color != mover.Color {
				k := OutcomeKey(p, q, moved)
				if !seen[k] {
					seen[k] = true
					keys = append(keys, k)
				}
			}
			if !content.Empty() {
				break
			}
		}
	}
	sort.Strings(keys)
	return keys
}

// OutcomeKey writes eval.Outcome.Key for a plain move from p.From to q.
func OutcomeKey(p board.Setup, to board.Square, moved board.Piece) string {
	type change struct {
		q board.Square
		s string
	}
	var cs []change
	if to != p.From {
		cs = append(cs, change{p.From, p.From.String() + "="})
	}
	if p.Pos.At(to) != moved {
		cs = append(cs, change{to, to.String() + "=" + moved.String()})
	}
	slices.SortFunc(cs, func(a, b change) int { return a.q.Compare(b.q) })
	parts := []string{to.String()}
	for _, c := range cs {
		parts = append(parts, c.s)
	}
	return strings.Join(parts, " ")
}

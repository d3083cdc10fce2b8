package eval

import (
	"slices"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/geometry"
)

// This file is the fast path: a second implementation of the rules,
// specialised to the programs most pieces are (R, N, Q, fmWfcF, the
// nightrider): every move is one leaper or rider leg that ends the move,
// on an empty square (m, §3.1) or by capturing (c, §3.2). For these the
// search needs no states: each direction is walked once, and each
// destination is one outcome. Moves takes it when it applies and the
// query's budgets cannot run out; Options.General turns it off, and the
// harness checks it against the general search (conformance/props
// TestFastPath, and a planted bug in it that the check must catch).

// simpleNode reports whether node is a move the fast path makes: one leg
// that ends the move, with no modality but m and c, neither e nor x, on a
// leaper or a rider.
func simpleNode(node *expand.Node) bool {
	leg := &node.Leg
	return node.End && len(node.Next) == 0 && leg.Atom.Class != geometry.Null &&
		!leg.Equal && !leg.Erupt && leg.Modal&^(expand.M|expand.C) == 0
}

// Simple reports whether the fast path applies to prog: every move is a
// start node that simpleNode accepts.
func Simple(prog *expand.Program) bool {
	for _, n := range prog.Starts {
		if !simpleNode(&prog.Nodes[n]) {
			return false
		}
	}
	return len(prog.Starts) > 0
}

// fastFits reports whether the general search of a simple program could
// not run out of the query's budgets on its board: it visits one state
// per start node, and records at most one outcome per square (with an
// interned key of two changes, and the delta of a capture). Only then may
// the fast path answer for it.
func (s *search) fastFits() bool {
	squares := s.pos.Size().Squares()
	bytes := len(s.prog.Starts)*seenCost + (squares+1)*(outcomeCost+3*(textCost+10))
	return len(s.prog.Starts) <= s.opt.MaxStates && bytes <= s.opt.MaxBytes
}

// fastMoves is the search for a simple program (§1.1, §1.2, §2, §3.1, §3.2,
// §3.11, §10): from the mover's square each selected leap of each move's
// leg, read in the first leg's frame (§2.1), is taken once for a leaper
// and again and again for a rider, over empty squares only (§1.2); an
// empty square is a destination if the leg has m, an enemy one if it has
// c (and, with a victim-i, the enemy has not moved). A leg never ends off
// the board: only o does that (§3.6). Every destination is one outcome:
// the origin empties and the mover, marked as moved (§10.2), stands on it
// (search.outcome). The destinations are left in fastDests, in the order
// of the outcomes' keys.
func (s *search) fastMoves() {
	var reached [(board.MaxSide*board.MaxSide + 63) / 64]uint64
	dests := s.fastDests[:0] // keyOrder of each destination
	fr := geometry.Frame{Rot: firstRot(s.mover)}
	size := s.pos.Size()
	for _, node := range s.prog.Starts {
		leg := &s.prog.Nodes[node].Leg
		if leg.MoverVirgin && !s.mover.Virgin {
			continue // §3.11
		}
		selected := s.selected(int32(node), fr)
		maxSteps := 1
		if leg.Atom.Rider {
			maxSteps = max(size.W, size.H)
		}
		for i, v := range leg.Atom.Leaps {
			if selected&(1<<i) == 0 {
				continue
			}
			for k := 1; k <= maxSteps; k++ {
				q := s.from.Add(k*v.X, k*v.Y)
				if !size.Contains(q) {
					break
				}
				p := s.pos.At(q)
				ends := endsOnEmpty(leg.Modal)
				if !p.Empty() {
					ends = captures(leg, p, p.Color == s.mover.Color)
				}
				if bit := q.File*board.MaxSide + q.Rank; ends && reached[bit/64]&(1<<(bit%64)) == 0 {
					reached[bit/64] |= 1 << (bit % 64)
					dests = append(dests, keyOrder(q))
				}
				if !p.Empty() {
					break // §1.2 a ride ends on the first piece it meets
				}
			}
		}
	}
	s.fastDests = dests
	slices.Sort(dests)
}

// keyOrder numbers the squares of the largest board in the order of their
// names as text, the order of the keys of the outcomes that end on them:
// file letter first, then the rank's digits.
func keyOrder(q board.Square) uint16 {
	return uint16(q.File*board.MaxSide) + uint16(rankNames[q.Rank])
}

// fromKeyOrder is the inverse of keyOrder.
func fromKeyOrder(k uint16) board.Square {
	return board.Square{File: int(k) / board.MaxSide, Rank: int(ranksByName[k%board.MaxSide])}
}

// ranksByName are the ranks 0..MaxSide-1 in the order of their names as
// text ("1", "10", "11", … "19", "2", "20", … "26", "3", … "9"), and
// rankNames is its inverse: the place of each rank in that order.
var ranksByName, rankNames = func() (order, place [board.MaxSide]int8) {
	for i := range order {
		order[i] = int8(i)
	}
	slices.SortFunc(order[:], func(a, b int8) int {
		return strings.Compare(strconv.Itoa(int(a)+1), strconv.Itoa(int(b)+1))
	})
	for i, r := range order {
		place[r] = int8(i)
	}
	return order, place
}()

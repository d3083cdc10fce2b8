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
// specialised to the programs most pieces are (R, N, Q, fmWfcF, W3, the
// nightrider Nrf0): every path goes straight out from the mover's square,
// along one leap v repeated, over empty squares, and ends the move on an
// empty square (m, §3.1) or by capturing (c, §3.2). For these the search
// needs no states: each line is walked once, and each destination is one
// outcome. Moves takes it when it applies and the query's budgets cannot
// run out; Options.General turns it off, and the harness checks it
// against the general search (conformance/props TestFastPath, and planted
// bugs in it that the check must catch).
//
// A line program is worked out once per program and mover (colour and
// whether it has moved) into a table per line: the line of v is the
// squares k·v from the origin, k = 1, 2, …, and bit k of its masks says
// what square k may be. While a path stays on the line, everything that
// decides its legs is the same whatever the position: the frame after k
// steps of v (§2.7, §6.1) and so the leaps each later leg selects, and
// the legs still going (a square of the line is reached only over empty
// squares before it). So the nodes whose legs reach square k form one set
// per line and k, and the table holds what those legs accept there.

// fastLine is one line of a line program: the squares k·v from the
// mover's square, k = 1 … board.MaxSide-1, and, by bit k of each mask,
// what square k may be.
type fastLine struct {
	v vec
	// empty: a leg that ends the move there accepts it empty (§3.1);
	// enemy and virginEnemy: holding an enemy that has moved, or one that
	// has not (a c leg with a victim-i takes only the latter, §3.2, §3.11).
	empty, enemy, virginEnemy uint32
	// goesOn: some leg goes on past square k when it is empty, a rider
	// riding on (§1.2) or a chain going on from it (§4.1).
	goesOn uint32
	// pushes[k] is how many states the general search pushes on squares
	// 1 … k of the line at most (fastFits).
	pushes [board.MaxSide]int32
}

// lineTable is the fast path's work for one program and one kind of
// mover: its lines, or ok false when the program is not a line program
// for that mover.
type lineTable struct {
	built, ok bool
	lines     []fastLine
}

// lineIndex is the place of a mover's lineTable in search.lines: by its
// colour (§2.1) and whether it has moved (§3.11).
func lineIndex(c board.Color, virgin bool) int {
	i := 2 * int(c)
	if virgin {
		i++
	}
	return i
}

// Simple reports whether the fast path applies to prog, a line program:
// for a mover of either colour, every path of every move goes straight
// out from the mover's square along one leap, repeated or not, over empty
// squares, and ends the move on an empty square or by capturing.
func Simple(prog *expand.Program) bool {
	var s search
	s.start(prog, board.NewPosition(board.Size{W: 1, H: 1}), board.Square{}, board.Piece{}, Options{})
	return s.lineProgram()
}

// lineProgram reports whether s.prog is a line program: whether buildLines
// accepts it for a white and a black mover that has not moved, the movers
// for which every leg may be made (§3.11), so that it accepts it for one
// that has moved too. It keeps the two tables.
func (s *search) lineProgram() bool {
	ok := true
	for _, c := range []board.Color{board.White, board.Black} {
		t := &s.lines[lineIndex(c, true)]
		t.lines, t.ok = s.buildLines(c, true)
		t.built = true
		ok = ok && t.ok
	}
	return ok
}

// lineTable returns the table of s.prog for the query's mover, building
// it the first time.
func (s *search) lineTable() *lineTable {
	t := &s.lines[lineIndex(s.mover.Color, s.mover.Virgin)]
	if !t.built {
		t.lines, t.ok = s.buildLines(s.mover.Color, s.mover.Virgin)
		t.built = true
	}
	return t
}

// lineNode reports whether node is a leg the fast path walks: a leaper or
// a rider (§1.1, §1.2), not the null atom (§1.4), neither e (§3.10) nor x
// (§3.8), that ends the move only with m or c (§3.1, §3.2), and goes on to
// a next leg only with m alone (§4.1, §4.2): from an empty square that it
// leaves as it found it, so that the path after it is still a line.
func lineNode(node *expand.Node) bool {
	leg := &node.Leg
	if leg.Atom.Class == geometry.Null || leg.Equal || leg.Erupt {
		return false
	}
	if node.End && leg.Modal&^(expand.M|expand.C) != 0 {
		return false
	}
	return len(node.Next) == 0 || leg.Modal == expand.M
}

// legOpen is §3.11 for a leg with a leading i: only a mover that has not
// moved makes it.
func legOpen(leg *expand.Leg, virgin bool) bool { return virgin || !leg.MoverVirgin }

// buildLines works out the lines of s.prog for a mover of colour c that
// has moved or not (virgin); ok is false when s.prog is not a line
// program for it. It is a line program when every leg the search may
// reach on a line is a lineNode, and every leg after the first selects,
// in its frame, no leap but the line's own, so that no path leaves its
// line. The lines are the leaps the first legs select in the frame of
// §2.1; the moves that make one leap are one line, their union (§4.6).
func (s *search) buildLines(c board.Color, virgin bool) (lines []fastLine, ok bool) {
	nodes := s.prog.Nodes
	first := geometry.Frame{Rot: firstRot(board.Piece{Color: c})}
	var starts [][]int32 // by line: the nodes whose legs reach its square 1
	met := make([]bool, len(nodes))
	for _, n := range s.prog.Starts {
		if !lineNode(&nodes[n]) {
			return nil, false
		}
		if met[n] || !legOpen(&nodes[n].Leg, virgin) {
			continue
		}
		// A start node is listed once per line: its leaps are distinct,
		// so it selects each line's leap at most once.
		met[n] = true
		selected := s.selected(int32(n), first)
		for i, v := range nodes[n].Leg.Atom.Leaps {
			if selected&(1<<i) == 0 {
				continue
			}
			j := slices.IndexFunc(lines, func(l fastLine) bool { return l.v == v })
			if j < 0 {
				j = len(lines)
				lines = append(lines, fastLine{v: v})
				starts = append(starts, nil)
			}
			starts[j] = append(starts[j], int32(n))
		}
	}
	w := lineWalk{in: make([]int32, len(nodes)), pushed: make([]int32, len(nodes))}
	for j := range lines {
		if !s.walkLine(&lines[j], starts[j], first.Rot, virgin, &w) {
			return nil, false
		}
	}
	return lines, true
}

// lineWalk is walkLine's memory, shared by the lines of one table: by
// node, the last square (a stamp) where it joined the next set of legs,
// and where the general search pushed it.
type lineWalk struct {
	in, pushed []int32
	stamp      int32
	next       []int32
}

// walkLine fills the masks of l from the nodes whose legs reach its first
// square (reach), for a mover whose first frame turns by rot and that has
// moved or not (virgin). It follows the set of legs that reach square k,
// k = 1, 2, …: each that ends the move says what square k may be; a rider
// rides on to square k+1 (§1.2); each that goes on pushes its next nodes
// there, read in the frame after k steps of v, which NextRot and the
// path's handedness give (§2.7, §6.1), and each of them that selects v
// reaches square k+1. It reports false when a next node is not a lineNode
// or selects another leap: the path would leave the line.
func (s *search) walkLine(l *fastLine, reach []int32, rot int8, virgin bool, w *lineWalk) bool {
	nodes := s.prog.Nodes
	// What a c leg may take (captures): an enemy that has moved, one that
	// has not. Only the piece's virginity matters to the rule.
	moved, unmoved := board.Piece{Kind: 'X'}, board.Piece{Kind: 'X', Virgin: true}
	var hand geometry.Chirality
	for k := 1; k < board.MaxSide; k++ {
		bit := uint32(1) << k
		rot = geometry.NextRot(l.v, rot)
		hand.Step(l.v, 1)
		fr := geometry.Frame{Rot: rot, Mirror: hand.Hand == geometry.HandMirrored}
		w.stamp++
		next, pushes := w.next[:0], int32(0)
		for _, n := range reach {
			node := &nodes[n]
			leg := &node.Leg
			if node.End {
				if endsOnEmpty(leg.Modal) {
					l.empty |= bit
				}
				if captures(leg, moved, false) {
					l.enemy |= bit
				}
				if captures(leg, unmoved, false) {
					l.virginEnemy |= bit
				}
			}
			if leg.Atom.Rider && w.in[n] != w.stamp {
				w.in[n] = w.stamp
				next = append(next, n)
			}
			for _, m := range node.Next {
				if w.pushed[m] == w.stamp {
					continue
				}
				w.pushed[m] = w.stamp
				pushes++
				if !lineNode(&nodes[m]) {
					return false
				}
				if !legOpen(&nodes[m].Leg, virgin) {
					continue
				}
				on, turns := s.alongLine(int32(m), fr, l.v)
				if turns {
					return false
				}
				if on && w.in[m] != w.stamp {
					w.in[m] = w.stamp
					next = append(next, int32(m))
				}
			}
		}
		l.pushes[k] = l.pushes[k-1] + pushes
		if len(next) == 0 {
			// No leg reaches the squares beyond: they push nothing.
			for j := k + 1; j < board.MaxSide; j++ {
				l.pushes[j] = l.pushes[k]
			}
			break
		}
		l.goesOn |= bit
		reach, w.next = next, reach // reach's memory holds the set after next
	}
	return true
}

// alongLine reads the leg of node m in the frame fr, after steps of v
// (§2.6): on reports that it selects v, turns that it selects some other
// leap, which would take the path off the line.
func (s *search) alongLine(m int32, fr geometry.Frame, v vec) (on, turns bool) {
	selected := s.selected(m, fr)
	for i, u := range s.prog.Nodes[m].Leg.Atom.Leaps {
		if selected&(1<<i) == 0 {
			continue
		}
		if u == v {
			on = true
		} else {
			turns = true
		}
	}
	return on, turns
}

// Estimated sizes of what the general search holds for a line program
// (fastFits), as it counts them (budget.go): the delta of the origin
// emptied (query), and per destination at most what a capture costs: its
// delta (take: the origin and the captured square emptied), the plain
// outcome it has (plainOutcome), and the memo of its landing (land).
var (
	startCost = textCost + 4
	destCost  = (textCost + 8) + (outcomeCost + landedCost + textCost + 3*plainKeyLen) + landedCost
)

// fastFits reports whether the fast path answers the query: whether the
// program is a line program for its mover (lineTable, built when a mover
// of its kind first needs it) whose general search could not run out of
// the query's budgets on its board. That search visits one state
// per start node, and per line at most the states pushed on the squares
// the line can have on a board of that size; it records at most one
// outcome per square those lines cover, the mover's own square never.
// Only then may the fast path answer for it.
func (s *search) fastFits() bool {
	t := s.lineTable()
	if !t.ok {
		return false
	}
	size := s.pos.Size()
	states, squares := len(s.prog.Starts), 0
	for i := range t.lines {
		l := &t.lines[i]
		n := l.longest(size)
		states += int(l.pushes[n])
		squares += n
	}
	bytes := states*seenCost + startCost + min(squares, size.Squares()-1)*destCost
	return states <= s.opt.MaxStates && bytes <= s.opt.MaxBytes
}

// longest is the most squares the line can have on a board of size size,
// from any square.
func (l *fastLine) longest(size board.Size) int {
	n := board.MaxSide - 1
	if l.v.X != 0 {
		n = min(n, (size.W-1)/geometry.Abs(l.v.X))
	}
	if l.v.Y != 0 {
		n = min(n, (size.H-1)/geometry.Abs(l.v.Y))
	}
	return n
}

// fastMoves is the search for a line program (§1.1, §1.2, §2, §3.1, §3.2,
// §3.11, §4.1, §5, §10): from the mover's square it walks each line of
// the program's table (lineTable) out to the edge of the board, the first
// piece, or the last square a leg goes on to. An empty square is a
// destination if a leg that ends the move accepts it empty, an enemy one
// if a leg captures that enemy; a friend never is, c takes only enemies.
// A leg never ends off the board: only o does that (§3.6). Every
// destination is one outcome: the origin empties and the mover, marked as
// moved (§10.2), stands on it (search.outcome). The destinations are left
// in fastDests, in the order of the outcomes' keys.
func (s *search) fastMoves() {
	var reached [(board.MaxSide*board.MaxSide + 63) / 64]uint64
	dests := s.fastDests[:0] // keyOrder of each destination
	size := s.pos.Size()
	lines := s.lineTable().lines
	for i := range lines {
		l := &lines[i]
		q := s.from
		for k := 1; ; k++ {
			q = q.Add(l.v.X, l.v.Y)
			if !size.Contains(q) {
				break
			}
			bit := uint32(1) << k
			p := s.pos.At(q)
			var ends bool
			switch {
			case p.Empty():
				ends = l.empty&bit != 0
			case p.Color == s.mover.Color:
			case p.Virgin:
				ends = l.virginEnemy&bit != 0
			default:
				ends = l.enemy&bit != 0
			}
			if sq := q.File*board.MaxSide + q.Rank; ends && reached[sq/64]&(1<<(sq%64)) == 0 {
				reached[sq/64] |= 1 << (sq % 64)
				dests = append(dests, keyOrder(q))
			}
			if !p.Empty() {
				break // §1.2 a ride ends on the first piece it meets
			}
			if l.goesOn&bit == 0 {
				break
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

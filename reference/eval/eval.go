// Package eval runs an expanded Betza program on a position: for the piece
// on one square it finds every legal outcome (§10). The search keeps its
// state explicit (square, frame, handedness, step count, carried piece,
// board changes) and visits each state once, so unbounded exponents stay
// bounded by the board (§5.3). No part of it recurses: work lists hold
// what is left to do, and every piece of work and memory is counted
// against the budgets of §12.3.
package eval

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"betzacheck/reference/board"
	"betzacheck/reference/expand"
	"betzacheck/reference/geometry"
	"betzacheck/reference/loc"
)

// Options tune one evaluation. The zero value asks for effects within the
// default budgets.
type Options struct {
	// Paths keeps the squares each outcome's paths visited (§10.4). Paths
	// are then part of the search state, so the search can grow with the
	// number of paths rather than the number of squares.
	Paths bool
	// MaxStates is the states budget (§12.3): how many search states the
	// query may visit, the fragment states of eruptions included; 0 means
	// DefaultMaxStates, or DefaultMaxPathStates when Paths is set.
	MaxStates int
	// MaxBytes is the memory budget (§12.3): how many bytes the search may
	// hold as it estimates them, counting its seen-sets and work stacks,
	// the fragments of every eruption, interned paths and outcomes. The
	// estimate is an upper bound of the live data, computed rather than
	// measured, so a query's answer never depends on the machine; the
	// process needs about twice as much, for the garbage collector. 0
	// means DefaultMaxBytes.
	MaxBytes int
	// Context, when not nil, bounds the query in time: once it is done the
	// search stops with a *LimitError whose Budget is BudgetTime.
	Context context.Context
}

// Change is a square whose content a move changes, with its content after.
type Change struct {
	Square board.Square
	Piece  board.Piece // empty when the square is emptied
}

// Outcome is the effect of one move (§10.1).
type Outcome struct {
	To      *board.Square // the mover's final square; nil if it was destroyed
	Changes []Change      // sorted by rank, then file
	Paths   [][]board.Square
}

// Capture reports whether the outcome removes or replaces a piece other
// than the mover (§10.4).
func (o Outcome) Capture(pos *board.Position, from board.Square) bool {
	for _, c := range o.Changes {
		if c.Square != from && !pos.At(c.Square).Empty() {
			return true
		}
	}
	return false
}

// Key is a canonical text of the outcome's effect, equal for equal effects.
func (o Outcome) Key() string {
	var b strings.Builder
	if o.To == nil {
		b.WriteString("-")
	} else {
		b.WriteString(o.To.String())
	}
	for _, c := range o.Changes {
		fmt.Fprintf(&b, " %s=%s", c.Square, c.Piece)
	}
	return b.String()
}

// ParseKey is the inverse of Outcome.Key: it reads a key back into its
// outcome (without paths): the mover's square ("-" when it was destroyed),
// then each changed square with its content after the move ("d4=" when
// emptied), by rank, then file (§10.3). The text must be written exactly
// as Key writes it, so that comparing keys compares outcomes; the corpus's
// want: lines are keys.
func ParseKey(line string) (Outcome, error) {
	var o Outcome
	fs := strings.Fields(line)
	if len(fs) == 0 {
		return o, fmt.Errorf("empty outcome line")
	}
	if fs[0] != "-" {
		q, err := board.ParseSquare(fs[0])
		if err != nil {
			return o, fmt.Errorf("%q: the mover's square: %v", line, err)
		}
		o.To = &q
	}
	for _, f := range fs[1:] {
		name, content, ok := strings.Cut(f, "=")
		if !ok {
			return o, fmt.Errorf("%q: expected SQUARE=CONTENT, found %q", line, f)
		}
		q, err := board.ParseSquare(name)
		if err != nil {
			return o, fmt.Errorf("%q: %v", line, err)
		}
		p, err := board.ParsePiece(content)
		if err != nil {
			return o, fmt.Errorf("%q: %v", line, err)
		}
		o.Changes = append(o.Changes, Change{Square: q, Piece: p})
	}
	slices.SortStableFunc(o.Changes, func(a, b Change) int { return a.Square.Compare(b.Square) })
	for i := 1; i < len(o.Changes); i++ {
		if o.Changes[i].Square == o.Changes[i-1].Square {
			return o, fmt.Errorf("%q: square %s changes twice", line, o.Changes[i].Square)
		}
	}
	if k := o.Key(); k != line {
		return o, fmt.Errorf("%q is not written as an outcome key: %q (changes by rank, then file, each once)", line, k)
	}
	return o, nil
}

// FragmentConflictError reports fragments that disagree about a square
// (§3.15): two completing fragments give it different contents or move one
// piece to two squares, or (Cyclic) fragments that erupt again and again
// give it a content that never settles (§3.8). It is an error of the
// query, found when the notation is evaluated on a position where the
// fragments disagree, never when the notation is read (§9.13).
type FragmentConflictError struct {
	Square board.Square
	Cyclic bool
}

func (e *FragmentConflictError) Error() string {
	if e.Cyclic {
		return fmt.Sprintf("fragments of an eruption that erupt in a loop give %s contents that never settle (§3.8, §3.15)", e.Square)
	}
	return fmt.Sprintf("fragments of an eruption give %s two different contents (§3.15)", e.Square)
}

// state is one point of the search: the mover (or a fragment) is on sq,
// about to make the leg of node.
type state struct {
	node     int32
	sq       board.Square
	rot      int8
	chir     geometry.Chirality // the path's handedness (§6.1)
	erupted  bool               // the eruption of this node's leg has happened (§3.8)
	gone     bool               // the real mover was destroyed (§3.14)
	steps    int32
	carried  board.Piece
	carryFrm board.Square
	delta    delta
	unloads  string // fragment unloads as "from>to;" (§3.15)
	path     int32  // the path walked so far, interned (Options.Paths); 0 otherwise
}

type search struct {
	prog      *expand.Program
	pos       *board.Position
	from      board.Square
	mover     board.Piece
	opt       Options
	meter     meter
	outcomes  map[string]*found  // by the raw bytes of the effect
	usesSteps bool               // some leg is e (§3.10), so states keep step counts
	paths     []pathNode         // interned paths: a square and the path before it
	pathIDs   map[pathNode]int32 // so that equal paths share one id

	// The eruptions met so far (fragments.go), and Tarjan's counter.
	erupts    []eruption
	eruptIDs  map[state]int32
	nextIndex int32
}

// found is an outcome met during the search, with the paths that led to
// it (interned ids, unfolded once the search is over).
type found struct {
	outcome Outcome
	paths   []int32
}

// pathNode is one step of an interned path; parent 0 is the empty path.
type pathNode struct {
	parent int32
	sq     board.Square
}

// Moves returns every outcome of the program for the piece on from, sorted
// by Key. It is Evaluator.Moves on a fresh evaluator.
func Moves(prog *expand.Program, pos *board.Position, from board.Square, opt Options) ([]Outcome, error) {
	var ev Evaluator
	return ev.Moves(prog, pos, from, opt)
}

// An Evaluator answers queries one after another and keeps the memory of
// one query for the next, so that a caller making many queries (fuzzing,
// equivalence, a benchmark) allocates little beyond the answers. The zero
// value is ready to use. An Evaluator is not safe for concurrent use: keep
// one per goroutine.
type Evaluator struct{}

// Moves returns every outcome of the program for the piece on from, sorted
// by Key. The answer is the caller's: nothing of it is reused.
func (ev *Evaluator) Moves(prog *expand.Program, pos *board.Position, from board.Square, opt Options) (_ []Outcome, err error) {
	mover := pos.At(from)
	if !pos.Size().Contains(from) {
		return nil, fmt.Errorf("square %s is off the %s board", from, pos.Size())
	}
	if mover.Empty() {
		return nil, fmt.Errorf("no piece on %s to move", from)
	}
	if opt.MaxStates == 0 {
		opt.MaxStates = DefaultMaxStates
		if opt.Paths {
			opt.MaxStates = DefaultMaxPathStates
		}
	}
	if opt.MaxBytes == 0 {
		opt.MaxBytes = DefaultMaxBytes
	}
	s := &search{prog: prog, pos: pos, from: from, mover: mover, opt: opt,
		meter:    newMeter(opt),
		outcomes: map[string]*found{},
		paths:    []pathNode{{}}, pathIDs: map[pathNode]int32{},
		eruptIDs: map[state]int32{}}
	for _, n := range prog.Nodes {
		s.usesSteps = s.usesSteps || n.Leg.Equal
	}
	defer loc.Catch(&err)
	rot := firstRot(mover)
	// §3.14 the origin is empty once the mover has left it.
	start := delta("").set(from, board.Piece{})
	s.meter.checkContext()
	var init []state
	for _, n := range prog.Starts {
		init = append(init, state{node: int32(n), sq: from, rot: rot, delta: start, path: s.pathStep(0, from)})
	}
	s.explore(init)
	keys := make([]string, 0, len(s.outcomes))
	byKey := make(map[string]*found, len(s.outcomes))
	for _, f := range s.outcomes {
		k := f.outcome.Key()
		keys = append(keys, k)
		byKey[k] = f
	}
	sort.Strings(keys)
	out := make([]Outcome, 0, len(keys))
	for _, k := range keys {
		f := byKey[k]
		for _, p := range f.paths {
			f.outcome.Paths = append(f.outcome.Paths, s.squares(p))
		}
		out = append(out, f.outcome)
	}
	return out, nil
}

// firstRot is the frame of the first leg (§2.1): forward is up the board
// for white and down for black, a rotation by half a turn, never a mirror.
func firstRot(mover board.Piece) int8 {
	if mover.Color == board.Black {
		return 4
	}
	return 0
}

// pathStep returns the id of path extended by q. Interning keeps equal
// paths one state and memory linear in the states, however long the paths.
func (s *search) pathStep(path int32, q board.Square) int32 {
	if !s.opt.Paths {
		return 0
	}
	n := pathNode{path, q}
	if id, ok := s.pathIDs[n]; ok {
		return id
	}
	id := int32(len(s.paths))
	s.meter.spend(0, pathCost)
	s.paths = append(s.paths, n)
	s.pathIDs[n] = id
	return id
}

// squares unfolds an interned path. The unfolded paths of the answer can
// be much larger than the interned tree they share, so they count against
// the memory budget too.
func (s *search) squares(path int32) []board.Square {
	n := 0
	for p := path; p != 0; p = s.paths[p].parent {
		n++
	}
	s.meter.spend(0, 24+n*int(unsafe.Sizeof(board.Square{})))
	out := make([]board.Square, n)
	for ; path != 0; path = s.paths[path].parent {
		n--
		out[n] = s.paths[path].sq
	}
	return out
}

// explore runs the real move from init, depth first with an explicit
// stack, recording its outcomes.
func (s *search) explore(init []state) {
	seen := map[state]struct{}{}
	var stack []state
	// push counts a state when it is first met, so that neither the set of
	// states nor the stack of states to visit outgrows the budgets (§12.3).
	push := func(st state) {
		if _, ok := seen[st]; ok {
			return
		}
		seen[st] = struct{}{}
		s.meter.spend(1, seenCost+len(st.delta)+len(st.unloads))
		stack = append(stack, st)
	}
	for _, st := range init {
		push(st)
	}
	for len(stack) > 0 {
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		s.successors(st, false, s.land, push, s.erupt)
	}
}

// successors makes the leg of st's node: end gets each state in which the
// move may end, more each state that goes on to a next node, and erupt
// the state if the leg erupts (§3.8): the real move ends there, and a
// fragment ends there and erupts in turn.
func (s *search) successors(st state, fragment bool, end, more, erupt func(state)) {
	node := &s.prog.Nodes[st.node]
	leg := &node.Leg
	// §3.11 a leading i: only a mover that has not moved.
	if leg.MoverVirgin && !s.mover.Virgin {
		return
	}
	if leg.Erupt && !st.erupted {
		erupt(st)
		return
	}
	for _, nx := range s.leg(st, leg, fragment) {
		if node.End {
			end(nx)
		}
		if nx.gone && !fragment {
			continue // §3.14 nothing moves after the mover is destroyed
		}
		for _, m := range node.Next {
			nx.node = int32(m)
			more(nx)
		}
	}
}

// land records the outcome of a real move that ended on st.sq (§10.1).
func (s *search) land(st state) {
	d := st.delta
	var to *board.Square
	if !st.gone {
		d = d.set(st.sq, markMoved(s.mover))
		sq := st.sq
		to = &sq
	}
	s.record(to, d, st.path)
}

// record adds the effect of a move that ends with the mover on to (nil if
// it was destroyed) and the changes d, reached by path, to the outcomes.
// Paths with the same final square and the same changes are one outcome
// (§10.3), which keeps every path that led to it.
func (s *search) record(to *board.Square, d delta, path int32) {
	// The map key is the effect's raw bytes: the final square, then the
	// delta entries that differ from the position.
	raw := make([]byte, 0, 2+len(d))
	if to == nil {
		raw = append(raw, 0xff, 0xff)
	} else {
		raw = append(raw, byte(to.File), byte(to.Rank))
	}
	for i := 0; i < len(d); i += 4 {
		q := board.Square{File: int(d[i]), Rank: int(d[i+1])}
		if s.pos.At(q) != decodePiece(d[i+2], d[i+3]) {
			raw = append(raw, d[i:i+4]...)
		}
	}
	f, ok := s.outcomes[string(raw)]
	if !ok {
		s.meter.spend(0, outcomeCost+3*len(raw))
		o := Outcome{To: to}
		d.each(func(q board.Square, p board.Piece) {
			if s.pos.At(q) != p {
				o.Changes = append(o.Changes, Change{q, p})
			}
		})
		f = &found{outcome: o}
		s.outcomes[string(raw)] = f
	}
	if s.opt.Paths {
		s.meter.spend(0, 8)
		f.paths = append(f.paths, path)
	}
}

// erupt is §3.8 in the real move: the mover stays on st.sq, and the
// fragments' effects are added to the outcome, one outcome per move that
// can follow the eruption.
func (s *search) erupt(st state) {
	// Decision §3.8: the mover must be able to stand where it erupts.
	if !s.pos.Size().Contains(st.sq) || !st.delta.at(s.pos, st.sq).Empty() || st.gone {
		return
	}
	moved := markMoved(s.mover)
	st.delta = st.delta.set(st.sq, moved)
	r := s.solve(s.eruptionID(st))
	if r.err != nil {
		loc.Bail(r.err)
	}
	effects := slices.Clip(r.effects)
	if r.idle {
		effects = append(effects, "")
	}
	for _, effect := range effects {
		d := st.delta
		effect.each(func(q board.Square, p board.Piece) { d = d.set(q, p) })
		to := &st.sq
		if d.at(s.pos, st.sq) != moved {
			to = nil // a fragment destroyed the mover (xdO, §3.14)
		}
		s.record(to, d, st.path)
	}
}

// content is what the leg finds on q: off reports an off-board square.
func (s *search) content(st state, q board.Square) (p board.Piece, off bool) {
	if !s.pos.Size().Contains(q) {
		return board.Piece{}, true
	}
	return st.delta.at(s.pos, q), false
}

// inMargin is the decision of §3.6 and the limit of §12.4: virtual squares
// lie within one board width and height around the board, and no leg ends
// beyond them.
func (s *search) inMargin(q board.Square) bool {
	sz := s.pos.Size()
	return q.File >= -sz.W && q.File < 2*sz.W && q.Rank >= -sz.H && q.Rank < 2*sz.H
}

// leg makes one leg from st and returns the states after it, one per
// destination and modality that allows it: each move its directions name,
// and each length of a ride, is a path of its own (§4.5).
func (s *search) leg(st state, leg *expand.Leg, fragment bool) []state {
	if leg.Atom.Class == geometry.Null {
		return s.stay(st, leg, fragment)
	}
	var out []state
	fr := legFrame(&st)
	class := fr.ClassIn(leg.Atom.Class)
	minSteps, maxSteps := stepCounts(leg, &st)
	for _, v := range leg.Atom.Leaps {
		if !leg.AllDirections() && !geometry.SelectsAny(class, leg.Dirs, fr.Local(v)) {
			continue
		}
		for k := 1; k <= maxSteps; k++ {
			q := st.sq.Add(k*v.X, k*v.Y)
			p, off := s.content(st, q)
			if off && !s.inMargin(q) {
				break
			}
			if k >= minSteps {
				out = s.arrive(st, leg, q, v, k, p, off, false, fragment, out)
			}
			// §1.2, §4.7 a ride passes only empty squares on the board;
			// §3.6 only its end square may be off the board.
			if off || !p.Empty() {
				break
			}
		}
	}
	return out
}

// stay makes an O leg, which ends on the square where it starts (§1.4).
// In the real move that square holds the mover itself, a friend, and a
// mover that is destroyed makes no more legs (§3.14); a fragment, which
// is not the mover, finds there what the board holds.
func (s *search) stay(st state, leg *expand.Leg, fragment bool) []state {
	p, _ := s.content(st, st.sq)
	if !fragment {
		p = s.mover
		if st.gone {
			return nil
		}
	}
	return s.arrive(st, leg, st.sq, vec{}, 0, p, false, !fragment, fragment, nil)
}

// legFrame is the frame a leg from st is read in: facing the path's last
// step (§2.1, §2.7), and mirrored once the path's handedness is fixed
// mirrored (§6.1). The first leg, and every leg made before the
// handedness is fixed, is read in the unmirrored frame (§6.3).
func legFrame(st *state) geometry.Frame {
	return geometry.Frame{Rot: st.rot, Mirror: st.chir.Hand == geometry.HandMirrored}
}

// stepCounts is how many steps of one move a leg from st makes, at least
// and at most: exactly one for a leaper (§1.1), any number for a rider
// (§1.2), and for an e leg exactly as many as the previous leg made, which
// makes a leaper a rider for the leg (§3.10).
func stepCounts(leg *expand.Leg, st *state) (minSteps, maxSteps int) {
	switch {
	case leg.Equal:
		return int(st.steps), int(st.steps)
	case leg.Atom.Rider:
		return 1, 1 << 30
	}
	return 1, 1
}

// arrive ends a leg from st on q, k steps of v away (none for an O leg),
// and appends a state for each modality letter of the leg that accepts q:
// the leg accepts the union of its letters (§3.13). p is what q holds, off
// says that q is a virtual square, and self that q holds the real mover
// itself (§3.14).
func (s *search) arrive(st state, leg *expand.Leg, q board.Square, v vec, k int, p board.Piece, off, self, fragment bool, out []state) []state {
	next := st
	s.reach(&next, q, v, k)
	m := leg.Modal
	switch {
	case off:
		if endsOffBoard(m) {
			out = append(out, next)
		}
	case p.Empty():
		if endsOnEmpty(m) {
			out = append(out, next)
		}
		if u, ok := unload(m, next, fragment); ok {
			out = append(out, u)
		}
	default:
		friend := p.Color == s.mover.Color
		if captures(leg, p, friend) || destroys(leg, p, friend) {
			out = append(out, take(next, p, self))
		}
		if hops(m) || hopsOnFriend(m, friend) {
			out = append(out, next) // one path when both p and t hop
		}
	}
	return out
}

// reach moves the path of st to q, where a leg of k steps of v ends: its
// frame turns to face the last step (§2.7), its step count is kept for a
// later e leg (§3.10) if some leg reads it, its handedness may be fixed
// (§6.1), and q joins the path (§10.4). An O leg (k = 0) only adds q to
// the path.
func (s *search) reach(st *state, q board.Square, v vec, k int) {
	st.erupted = false
	st.sq = q
	if k > 0 {
		if s.usesSteps {
			st.steps = int32(k)
		}
		st.rot = geometry.NextRot(v, st.rot)
		st.chir.Step(v, k) // §6.1
	}
	st.path = s.pathStep(st.path, q)
}

// endsOnEmpty is §3.1 m: the leg may end on an empty square of the board.
func endsOnEmpty(m expand.Modality) bool { return m.Has(expand.M) }

// captures is §3.2 c: the leg may end on an enemy, which is captured;
// with a victim-i, only on an enemy that has not moved (§3.11).
func captures(leg *expand.Leg, p board.Piece, friend bool) bool {
	return !friend && leg.Modal.Has(expand.C) && (!leg.CVirgin || p.Virgin)
}

// destroys is §3.3 d: the leg may end on a friend, which is destroyed;
// with a victim-i, only on a friend that has not moved (§3.11).
func destroys(leg *expand.Leg, p board.Piece, friend bool) bool {
	return friend && leg.Modal.Has(expand.D) && (!leg.DVirgin || p.Virgin)
}

// hops is §3.4 p: the leg may end on a piece of either colour, which stays
// where it is; the path hops onto its square.
func hops(m expand.Modality) bool { return m.Has(expand.P) }

// hopsOnFriend is §3.5 t: the leg may end on a friend, which stays where
// it is; the path hops onto its square.
func hopsOnFriend(m expand.Modality, friend bool) bool { return friend && m.Has(expand.T) }

// endsOffBoard is §3.6 o: the leg may end on a virtual square, and the
// path goes on from there (leg keeps it within the margin of §12.4).
func endsOffBoard(m expand.Modality) bool { return m.Has(expand.O) }

// unload is §3.7 u: on the empty square of the board where next stands, a
// path that carries a piece (§3.12) puts it down, marked as moved (§10.2),
// and carries nothing afterwards. It reports false when the leg has no u
// or nothing is carried: unloading nothing is blocked.
func unload(m expand.Modality, next state, fragment bool) (state, bool) {
	if !m.Has(expand.U) || next.carried.Empty() {
		return next, false
	}
	next.delta = next.delta.set(next.sq, markMoved(next.carried))
	if fragment {
		// Only fragments need the record, to find one piece unloaded
		// twice (§3.15); in the real move it would only split states.
		next.unloads += fmt.Sprintf("%s>%s;", next.carryFrm, next.sq)
	}
	next.carried, next.carryFrm = board.Piece{}, board.Square{}
	return next, true
}

// take is §3.12: the piece a c or d leg captures or destroys on the square
// where next stands is removed and carried, replacing any piece carried
// before. On the real mover itself (self) the mover is destroyed.
func take(next state, p board.Piece, self bool) state {
	next.carried, next.carryFrm = p, next.sq
	if self {
		return destroyMover(next)
	}
	next.delta = next.delta.set(next.sq, board.Piece{})
	return next
}

// destroyMover is §3.14 for a d leg that ends on the real mover itself
// (dO): the mover, which stands on no square of the delta, is gone; the
// outcome has no final square for it (§10.1), and the real move makes no
// more legs (successors).
func destroyMover(next state) state {
	next.gone = true
	return next
}

// markMoved is §10.2: a piece is marked as moved after it moves, the mover
// after every move, even one back to its start, and a piece put down by u.
func markMoved(p board.Piece) board.Piece {
	p.Virgin = false
	return p
}

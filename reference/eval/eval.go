// Package eval runs an expanded Betza program on a position: for the piece
// on one square it finds every legal outcome (§10). The search keeps its
// state explicit (square, frame, handedness, step count, carried piece,
// board changes) and visits each state once, so unbounded exponents stay
// bounded by the board (§5.3). No part of it recurses: work lists hold
// what is left to do, and every piece of work and memory is counted
// against the budgets of §12.3.
//
// Its API is stable (README.md, Stability).
package eval

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"unsafe"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/loc"
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
	// General makes the query take the general search where the fast path
	// (fast.go) would answer, for the harness that checks one against the
	// other. The answer is the same either way.
	General bool
}

// Change is a square whose content a move changes, with its content after.
type Change struct {
	Square board.Square
	Piece  board.Piece // empty when the square is emptied
}

// Outcome is the effect of one move (§10.1). It is read-only: its To may
// share memory with its Changes, and its Changes with those of other
// outcomes (Evaluator.Moves).
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
func (o Outcome) Key() string { return string(o.AppendKey(nil)) }

// AppendKey appends the outcome's Key to b.
func (o Outcome) AppendKey(b []byte) []byte {
	if o.To == nil {
		b = append(b, '-')
	} else {
		b = o.To.Append(b)
	}
	for _, c := range o.Changes {
		b = append(b, ' ')
		b = c.Square.Append(b)
		b = append(b, '=')
		b = c.Piece.Append(b)
	}
	return b
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
// (§3.15): two completing fragments of one move give it different
// contents or move one piece to two squares. It is an error of the
// query, found when the notation is evaluated on a position where the
// fragments disagree, never when the notation is read (§9.13).
type FragmentConflictError struct {
	Square board.Square
}

func (e *FragmentConflictError) Error() string {
	return fmt.Sprintf("fragments of an eruption give %s two different contents (§3.15)", e.Square)
}

// Evaluator answers queries one after another and keeps the memory of
// one query for the next, so that a caller making many queries (fuzzing,
// equivalence, a benchmark) allocates little beyond the answers. The zero
// value is ready to use. An Evaluator is not safe for concurrent use: keep
// one per goroutine. It keeps what it works out about the last program it
// ran (which leaps each leg may make, whether the fast path applies), so
// a program must not change once it has been evaluated. From its second
// query on it also keeps the changes of plain moves that its answers
// share (a table of 64 KiB) and carves its answers' outcomes from slabs
// of 8 KiB (Moves).
type Evaluator struct{ s search }

// Moves returns every outcome of the program for the piece on from, sorted
// by Key. It is Evaluator.Moves on a fresh evaluator.
func Moves(prog *expand.Program, pos *board.Position, from board.Square, opt Options) ([]Outcome, error) {
	var ev Evaluator
	return ev.Moves(prog, pos, from, opt)
}

// search is one query and the memory it keeps for the next.
type search struct {
	prog  *expand.Program
	pos   *board.Position
	size  board.Size    // pos's
	cells []board.Piece // pos's squares with the origin emptied, for the general search (content)
	// startDelta is the changes of the first legs: the origin emptied.
	startDelta textID
	from       board.Square
	mover      board.Piece
	opt        Options
	meter      meter
	usesSteps  bool        // some leg is e (§3.10), so states keep step counts
	erupting   bool        // some leg is x (§3.8)
	finishAt   []bool      // by node: the real move makes its states at once (finishing)
	fastDests  []uint16    // fastMoves' destinations, by keyOrder
	pairs      *plainPairs // from the second query on
	slab       outcomeSlab // Moves' outcome arrays

	lines [4]lineTable // the fast path's tables of the program, by lineIndex (fast.go)

	// The answer of the last query: fastDests when fastAnswer, else the
	// outcomes met in order; the number of their changes; and Visit's
	// memory for the outcome it shows.
	fastAnswer   bool
	changeCount  int // of the outcomes that are not plain (plainOutcome)
	plainCount   int // plain outcomes
	visitOutcome Outcome
	visitChanges []Change

	texts    texts    // deltas, unload records and outcome keys, interned
	seen     stateSet // the states of the real move met so far
	stack    []int32  // the states of seen left to visit
	legOut   []state  // the states after one leg (successors)
	lastOut  []state  // the states after a last leg (finish)
	scratch  []byte
	rawKey   []byte  // record's key of an effect
	outcomes []found // in the order they were met
	// With Options.Paths, by outcome met: the paths that led to it
	// (interned ids), and the same paths unfolded once the search is over
	// (sortAnswer).
	foundPaths [][]int32
	unfolded   [][][]board.Square
	foundAt    []int32          // by the textID of an effect: 1 + index into outcomes
	landed     map[uint64]int32 // land's outcomes by delta, square and gone
	// The plain outcomes met (plainOutcome), by final square (rank ·
	// MaxSide + file): an entry is this query's when its stamp is.
	stamp       uint32
	plainStamp  []uint32
	plainLanded []int32
	sel         []uint16 // by node and frame: selectedBit | the leaps the leg may make (selected)

	// answer's order of the outcomes, and sortFound's keys.
	order         []int32
	byRank        []uint64
	keyA, keyB    []byte
	changeScratch []Change

	paths   []pathNode         // interned paths: a square and the path before it
	pathIDs map[pathNode]int32 // so that equal paths share one id

	// The eruptions met so far (fragments.go), and Tarjan's counter.
	erupts      []eruption
	eruptIDs    map[string]int32 // by the members' keys
	eruptKey    []byte
	keys        []state          // eruption states (fragments.go)
	keyIDs      map[state]int32  // their ids
	parts       []part           // the parts of frontiers of fragments
	partIDs     map[string]int32 // by node and states
	partKey     []byte
	sortScratch []keyedState
	memo        map[string]fragEffect // member effects (memberEffect)
	memoBytes   int
	memoKey     []byte
	vecKey      []byte // combine's key of a vector
	nextIndex   int32

	// The search's own callbacks for successors, made once.
	pushFn, eruptFn func(state)
}

// found is an outcome met during the search: the effect's key (its raw
// bytes, interned) or the plain effect (plainOutcome), the mover's final
// square and whether it is gone. Its paths, when the query keeps them,
// are in search.foundPaths.
type found struct {
	key   textID
	to    point
	gone  bool
	plain bool
}

// pathNode is one step of an interned path; parent 0 is the empty path.
type pathNode struct {
	parent int32
	sq     board.Square
}

// Moves returns every outcome of the program for the piece on from, sorted
// by Key. The answer is the caller's: the evaluator never writes it again.
// Outcomes with equal changes may share them, within the answer and with
// other answers of the same evaluator (Outcome is read-only).
func (ev *Evaluator) Moves(prog *expand.Program, pos *board.Position, from board.Square, opt Options) ([]Outcome, error) {
	s := &ev.s
	n, err := s.query(prog, pos, from, opt)
	if err != nil {
		return nil, err
	}
	// The answer's memory is its outcomes and one arena for the changes
	// of those that do not share a pair of changes (plainPairs), which
	// their Changes share and their final squares point into.
	var out []Outcome
	if s.pairs == nil { // a first query: there may be no other to share a slab
		out = make([]Outcome, n)
	} else {
		out = s.slab.take(n)
	}
	need := s.changeCount
	if s.pairs == nil {
		need += 2 * s.plainCount
	}
	changes := make([]Change, 0, need)
	for i := range out {
		changes = s.outcome(i, &out[i], changes, s.pairs)
	}
	return out, nil
}

// Visit calls visit with every outcome of the program for the piece on
// from, in the order of their Keys, once the whole search is done (a
// query that fails calls it for none). It is Moves without the answer's
// memory: the outcome visit gets, its final square and its changes are
// the evaluator's and valid only until visit returns, so a caller that
// keeps one must copy it (only its paths are its own).
func (ev *Evaluator) Visit(prog *expand.Program, pos *board.Position, from board.Square, opt Options, visit func(Outcome)) error {
	s := &ev.s
	n, err := s.query(prog, pos, from, opt)
	if err != nil {
		return err
	}
	for i := range n {
		s.visitChanges = s.outcome(i, &s.visitOutcome, s.visitChanges[:0], nil)
		visit(s.visitOutcome)
	}
	return nil
}

// query runs the search and keeps its answer, sorted by Key, for outcome
// to unfold; it returns the number of outcomes.
func (s *search) query(prog *expand.Program, pos *board.Position, from board.Square, opt Options) (n int, err error) {
	mover := pos.At(from)
	if !pos.Size().Contains(from) {
		return 0, fmt.Errorf("square %s is off the %s board", from, pos.Size())
	}
	if mover.Empty() {
		return 0, fmt.Errorf("no piece on %s to move", from)
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
	s.start(prog, pos, from, mover, opt)
	defer loc.Catch(&err)
	s.fastAnswer = !opt.General && !opt.Paths && s.fastFits()
	if s.fastAnswer {
		s.meter.checkContext()
		s.fastMoves()
		s.changeCount, s.plainCount = 0, len(s.fastDests)
		return len(s.fastDests), nil
	}
	s.reset()
	rot := firstRot(mover)
	// §3.14 the origin is empty once the mover has left it.
	start := s.setDelta(0, from, board.Piece{})
	s.startDelta = start
	s.cells = pos.AppendCells(s.cells[:0])
	s.cells[from.Rank*pos.Size().W+from.File] = board.Piece{}
	s.meter.checkContext()
	for _, n := range prog.Starts {
		st := state{node: int32(n), sq: pointOf(from), rot: rot, delta: start, path: s.pathStep(0, from)}
		if s.finishAt[n] {
			s.finish(st)
		} else {
			s.push(st)
		}
	}
	s.explore()
	s.sortAnswer()
	return len(s.order), nil
}

// start readies the search for a query: the program, the position and the
// budgets.
func (s *search) start(prog *expand.Program, pos *board.Position, from board.Square, mover board.Piece, opt Options) {
	if s.pushFn == nil {
		s.pushFn, s.eruptFn = s.push, s.erupt
	} else if s.pairs == nil {
		// An evaluator's second query: it is being reused, so the
		// changes its answers share are worth a table.
		s.pairs = new(plainPairs)
	}
	if prog != s.prog {
		s.sel = slices.Grow(s.sel[:0], 16*len(prog.Nodes))[:16*len(prog.Nodes)]
		clear(s.sel)
		s.prog, s.lines = prog, [4]lineTable{}
		s.finishAt = finishing(prog)
		s.erupting = prog.Erupts()
		s.usesSteps = false
		for _, n := range prog.Nodes {
			s.usesSteps = s.usesSteps || n.Leg.Equal
		}
	}
	s.prog, s.pos, s.size, s.from, s.mover, s.opt = prog, pos, pos.Size(), from, mover, opt
	s.meter.reset(opt)
}

// reset readies the general search's memory for a query, keeping what the
// last query held.
func (s *search) reset() {
	s.texts.reset()
	s.seen.reset()
	s.stack = reuse(s.stack)
	s.legOut = reuse(s.legOut)
	s.lastOut = reuse(s.lastOut)
	s.outcomes = reuse(s.outcomes)
	s.foundPaths = reuse(s.foundPaths)
	s.unfolded = reuse(s.unfolded)
	s.foundAt = reuse(s.foundAt)
	s.landed = reuseMap(s.landed)
	s.paths = append(reuse(s.paths), pathNode{})
	s.pathIDs = reuseMap(s.pathIDs)
	if s.erupting { // only a program that erupts uses fragments.go's memory
		s.erupts = reuse(s.erupts)
		s.eruptIDs = reuseMap(s.eruptIDs)
		s.parts = reuse(s.parts)
		s.partIDs = reuseMap(s.partIDs)
		s.keys = reuse(s.keys)
		s.keyIDs = reuseMap(s.keyIDs)
		s.memo = reuseMap(s.memo)
		s.memoBytes = 0
		s.nextIndex = 0
	}
	if s.plainStamp == nil {
		s.plainStamp = make([]uint32, board.MaxSide*board.MaxSide)
		s.plainLanded = make([]int32, board.MaxSide*board.MaxSide)
	}
	s.stamp++
	if s.stamp == 0 { // wrapped: no entry may look like this query's
		clear(s.plainStamp)
		s.stamp = 1
	}
}

// reuse empties a slice of the search for the next query, keeping its
// memory unless a large query left it large (keepStates).
func reuse[T any](x []T) []T {
	if cap(x) > keepStates {
		return nil
	}
	return x[:0]
}

// reuseMap is reuse for a map.
func reuseMap[K comparable, V any](m map[K]V) map[K]V {
	switch {
	case m == nil || len(m) > keepStates:
		return map[K]V{}
	case len(m) > 0:
		clear(m)
	}
	return m
}

// sortAnswer puts the outcomes met in the order of their Keys (order),
// counts their changes and unfolds their paths.
func (s *search) sortAnswer() {
	order := s.order[:0]
	s.changeCount, s.plainCount = 0, 0
	for i := range s.outcomes {
		order = append(order, int32(i))
		if s.outcomes[i].plain {
			s.plainCount++
		} else {
			s.changeCount += (len(s.texts.bytes(s.outcomes[i].key)) - 2) / 4
		}
	}
	s.order = order
	s.sortFound(order)
	// The paths are unfolded here, where the memory budget may still stop
	// the query.
	for _, ps := range s.foundPaths {
		var u [][]board.Square
		for _, p := range ps {
			u = append(u, s.squares(p))
		}
		s.unfolded = append(s.unfolded, u)
	}
}

// outcome unfolds the i-th outcome of the answer, in Key order, into *o.
// A plain outcome takes its changes from pairs when there are pairs
// (Moves); any other appends its changes to changes, which it returns,
// and points o.To at the square of the change that puts the mover on its
// final square. When no change does (the square held the very piece the
// mover becomes), the square is appended after the outcome's changes,
// outside o.Changes.
func (s *search) outcome(i int, o *Outcome, changes []Change, pairs *plainPairs) []Change {
	var f *found
	plain, gone, to := true, false, board.Square{}
	o.Paths = nil
	if s.fastAnswer {
		// fastMoves: the origin empties and the mover stands on the
		// destination, which held no piece like the mover.
		to = fromKeyOrder(s.fastDests[i])
	} else {
		f = &s.outcomes[s.order[i]]
		plain, gone, to = f.plain, f.gone, f.to.square()
		if s.opt.Paths {
			o.Paths = s.unfolded[s.order[i]]
		}
	}
	moved := markMoved(s.mover)
	if plain && pairs != nil && (f == nil || pairFits(s.pos, s.from, to, moved)) {
		o.Changes, o.To = pairs.plain(s.from, to, moved)
		return changes
	}
	first := len(changes)
	if f == nil {
		changes = s.appendPlain(changes, to)
	} else {
		changes = s.appendChanges(changes, f)
	}
	last := len(changes)
	o.Changes, o.To = changes[first:last:last], nil
	if gone {
		return changes
	}
	for j := range o.Changes {
		if o.Changes[j].Square == to {
			o.To = &o.Changes[j].Square
			return changes
		}
	}
	changes = append(changes, Change{Square: to})
	o.To = &changes[last].Square
	return changes
}

// outcomeSlab hands out the outcome arrays of Moves' answers: the answers
// of an evaluator reused for many queries are carved in turn from one
// larger array, so that most answers cost no allocation of their own.
// Each answer gets its own part, capped, and no part is handed out twice,
// so an answer stays the caller's; one the caller keeps keeps its slab
// alive, at most slabSize outcomes.
type outcomeSlab []Outcome

// slabSize is the outcomes of a slab: a few dozen usual answers, in 8 KiB
// (a size of the allocator's, which wastes none of it). An answer of more
// than a quarter of it gets an array of its own.
const slabSize = 8192 / int(unsafe.Sizeof(Outcome{}))

// take returns n new outcomes, zero.
func (sl *outcomeSlab) take(n int) []Outcome {
	if n > slabSize/4 {
		return make([]Outcome, n)
	}
	if cap(*sl)-len(*sl) < n {
		*sl = make([]Outcome, 0, slabSize)
	}
	k := len(*sl)
	*sl = (*sl)[:k+n]
	return (*sl)[k : k+n : k+n]
}

// plainPairs holds the changes of plain effects (plainOutcome) that
// answers share: a move from one square to another by one piece changes
// the same two squares in the same way on every position where the
// destination does not already hold that very piece, so its two changes
// are made once and every outcome with that effect points at them. They
// are never written again (Outcome is read-only), so sharing them keeps
// each answer the caller's, and an answer of plain moves costs its
// outcomes alone. The table is direct-mapped: a pair whose slot another
// took is made again when next needed; the old one lives on in the
// answers that point at it.
type plainPairs struct {
	slots [plainPairSlots]plainPair
	chunk []Change // where new pairs are made
}

type plainPair struct {
	key     uint64 // 0 for an empty slot
	changes *[2]Change
}

// plainPairSlots is the size of the table (64 KiB): room for every move
// of a queen between two squares of an 8x8 board, at most a quarter of
// them in a slot another move wants too.
const plainPairSlotBits = 12
const plainPairSlots = 1 << plainPairSlotBits

// pairFits reports whether the plain effect of a move of the piece moved
// from from to to is the usual pair of changes: the squares differ and to
// does not hold moved already (appendPlain).
func pairFits(pos *board.Position, from, to board.Square, moved board.Piece) bool {
	return from != to && pos.At(to) != moved
}

// plain returns the two changes of the piece moved leaving from for to
// (where it fits, pairFits), and the square of the one on to.
func (t *plainPairs) plain(from, to board.Square, moved board.Piece) ([]Change, *board.Square) {
	key := 1<<63 | uint64(from.File)<<8 | uint64(from.Rank) | uint64(to.File)<<24 | uint64(to.Rank)<<16 |
		uint64(moved.Kind)<<32 | uint64(pieceBits(moved))<<40
	slot := &t.slots[(key*0x9e3779b97f4a7c15)>>(64-plainPairSlotBits)]
	pair, at := movePair(from, to, moved)
	if slot.key != key {
		if cap(t.chunk)-len(t.chunk) < 2 {
			t.chunk = make([]Change, 0, 256)
		}
		n := len(t.chunk)
		t.chunk = append(t.chunk, pair[:]...)
		slot.key, slot.changes = key, (*[2]Change)(t.chunk[n:n+2])
	}
	return slot.changes[:], &slot.changes[at].Square
}

// movePair is the two changes of a piece, moved, leaving from for another
// square to: from emptied and to holding it, by rank then file (§10.3);
// at is the place of to's.
func movePair(from, to board.Square, moved board.Piece) (pair [2]Change, at int) {
	if to.Compare(from) < 0 {
		return [2]Change{{to, moved}, {Square: from}}, 0
	}
	return [2]Change{{Square: from}, {to, moved}}, 1
}

// appendChanges appends the changes of f's effect to changes: its key
// holds the final square's two bytes, then the delta entries that change.
func (s *search) appendChanges(changes []Change, f *found) []Change {
	if f.plain {
		return s.appendPlain(changes, f.to.square())
	}
	d := s.texts.bytes(f.key)[2:]
	for j := 0; j < len(d); j += 4 {
		changes = append(changes, Change{board.Square{File: int(d[j]), Rank: int(d[j+1])}, decodePiece(d[j+2], d[j+3])})
	}
	return changes
}

// sortFound sorts order, indices into the outcomes met, as the outcomes'
// Keys sort. Their final squares (keyRank) mostly decide; only outcomes
// that end on one square have their keys written out.
func (s *search) sortFound(order []int32) {
	byRank := s.byRank[:0]
	for _, i := range order {
		f := &s.outcomes[i]
		byRank = append(byRank, uint64(keyRank(f.to, f.gone))<<32|uint64(i))
	}
	s.byRank = byRank
	slices.Sort(byRank)
	for j, x := range byRank {
		order[j] = int32(x)
	}
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && byRank[hi]>>32 == byRank[lo]>>32 {
			hi++
		}
		if hi-lo > 1 {
			slices.SortFunc(order[lo:hi], func(a, b int32) int {
				s.keyA = s.outcomeKey(s.keyA[:0], &s.outcomes[a])
				s.keyB = s.outcomeKey(s.keyB[:0], &s.outcomes[b])
				return bytes.Compare(s.keyA, s.keyB)
			})
		}
		lo = hi
	}
}

// outcomeKey appends the Key of the outcome f to b.
func (s *search) outcomeKey(b []byte, f *found) []byte {
	o := Outcome{Changes: s.appendChanges(s.changeScratch[:0], f)}
	s.changeScratch = o.Changes
	if !f.gone {
		to := f.to.square()
		o.To = &to
	}
	return o.AppendKey(b)
}

// keyRank orders outcomes by the start of their keys, the name of the
// final square: a virtual square's "(" first, then a destroyed mover's
// "-", then the squares of the board in the order of their names
// (keyOrder). Outcomes of one rank end on one square, or on virtual ones.
func keyRank(to point, gone bool) uint32 {
	switch {
	case gone:
		return 1
	case to.file < 0 || to.file >= board.MaxSide || to.rank < 0 || to.rank >= board.MaxSide:
		return 0
	}
	return 2 + uint32(keyOrder(to.square()))
}

// firstRot is the frame of the first leg (§2.1): forward is up the board
// for white and down for black, a rotation by half a turn, never a mirror.
func firstRot(mover board.Piece) int8 {
	if mover.Color == board.Black {
		return 4
	}
	return 0
}

// pathStep returns the id of path extended by q when the query keeps
// paths (Options.Paths), else 0. Interning keeps equal paths one state
// and memory linear in the states, however long the paths.
func (s *search) pathStep(path int32, q board.Square) int32 {
	if !s.opt.Paths {
		return 0
	}
	return s.internPath(path, q)
}

// internPath returns the id of path extended by q.
func (s *search) internPath(path int32, q board.Square) int32 {
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

// push adds st to the states of the real move when it is first met, and
// to the states left to visit, counting it so that neither the set of
// states nor the stack of states to visit outgrows the budgets (§12.3).
func (s *search) push(st state) {
	if !s.seen.add(st) {
		return
	}
	s.meter.spend(1, seenCost)
	s.stack = append(s.stack, int32(len(s.seen.states)-1))
}

// explore runs the real move from the states pushed, depth first with an
// explicit stack, recording its outcomes.
func (s *search) explore() {
	for len(s.stack) > 0 {
		i := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		s.successors(s.seen.states[i], false, nil, s.pushFn, s.eruptFn)
	}
}

// finishing marks the nodes of prog whose states the real move makes at
// once (finish) instead of storing them: a last leg (no leg may follow,
// so its states only end moves) that does not erupt (which would start a
// search of its own), and that is a start node nothing leads to, or is
// reached only from one. Such a start node has one state, the mover on
// its square, and its leg reaches each square once, each with its own
// state; so every state of the last leg is met once, and the set of
// states met would never find it again.
func finishing(prog *expand.Program) []bool {
	into := make([]int, len(prog.Nodes))
	from := make([]int, len(prog.Nodes))
	for i, n := range prog.Nodes {
		for _, m := range n.Next {
			into[m]++
			from[m] = i
		}
	}
	starts := make([]int, len(prog.Nodes))
	for _, n := range prog.Starts {
		starts[n]++
	}
	at := make([]bool, len(prog.Nodes))
	for m, n := range prog.Nodes {
		// A start node nothing leads to has one state too.
		once := into[m] == 0 && starts[m] == 1
		if p := from[m]; into[m] == 1 {
			once = into[p] == 0 && starts[p] == 1
		}
		at[m] = len(n.Next) == 0 && !n.Leg.Erupt && once
	}
	return at
}

// finish makes the leg of st, a state of the real move at a finishing
// node, at once. It counts as a state visited (§12.3), and its leg's
// states go in their own slice, since successors is iterating over
// legOut.
func (s *search) finish(st state) {
	s.meter.spend(1, 0)
	node := &s.prog.Nodes[st.node]
	leg := &node.Leg
	if leg.MoverVirgin && !s.mover.Virgin {
		return // §3.11
	}
	// A leg that may only end on an empty square or by capturing, from a
	// state that changed nothing but the origin, ends in plain outcomes
	// only (landPlain): no state need be made for them.
	direct := st.delta == s.startDelta && !st.gone() && !s.opt.Paths && leg.Modal&^(expand.M|expand.C) == 0
	s.lastOut = s.leg(st, leg, false, direct, s.lastOut[:0])
	for _, nx := range s.lastOut {
		s.land(nx)
	}
}

// landPlain is arrive and land at once for the last leg of a real move
// whose every landing is plain (finish): q, which holds p or is off the
// board, is the plain outcome of its square if the leg accepts it empty
// (§3.1) or captures what it holds (§3.2, §3.11).
func (s *search) landPlain(leg *expand.Leg, q board.Square, p board.Piece, off bool) {
	switch {
	case off:
	case p.Empty():
		if endsOnEmpty(leg.Modal) {
			s.plainOutcome(pointOf(q), 0)
		}
	case captures(leg, p, p.Color == s.mover.Color):
		s.plainOutcome(pointOf(q), 0)
	}
}

// successors makes the leg of st's node: each state in which the move may
// end is landed (land) in the real move and given to end in a fragment,
// more gets each state that goes on to a next node, and erupt the state
// if the leg erupts (§3.8): the real move ends there, and a fragment ends
// there and erupts in turn.
func (s *search) successors(st state, fragment bool, end, more, erupt func(state)) {
	node := &s.prog.Nodes[st.node]
	leg := &node.Leg
	// §3.11 a leading i: only a mover that has not moved.
	if leg.MoverVirgin && !s.mover.Virgin {
		return
	}
	if leg.Erupt && !st.erupted() {
		erupt(st)
		return
	}
	s.legOut = s.leg(st, leg, fragment, false, s.legOut[:0])
	for _, nx := range s.legOut {
		switch {
		case !node.End:
		case fragment:
			end(nx)
		default:
			s.land(nx) // end is land in the real move: called directly
		}
		if nx.gone() && !fragment {
			continue // §3.14 nothing moves after the mover is destroyed
		}
		for _, m := range node.Next {
			nx.node = int32(m)
			if !fragment && s.finishAt[m] {
				s.finish(nx)
			} else {
				more(nx)
			}
		}
	}
}

// land records the outcome of a real move that ended on st.sq (§10.1).
// The outcome depends only on the square, the changes so far and whether
// the mover is gone, so it is worked out once for each of them.
// A move that changed nothing on its way has the plain effect of its
// final square (plainOutcome), with no key to work out.
func (s *search) land(st state) {
	if !st.gone() && s.isPlain(st.sq, s.texts.bytes(st.delta)) {
		s.plainOutcome(st.sq, st.path)
		return
	}
	memo := uint64(uint32(st.delta))<<32 | uint64(uint8(st.sq.file))<<16 | uint64(uint8(st.sq.rank))<<8 | uint64(st.flags&flagGone)
	if i, ok := s.landed[memo]; ok {
		s.addPath(i, st.path)
		return
	}
	d := s.texts.bytes(st.delta)
	if !st.gone() {
		s.scratch = d.appendSet(s.scratch[:0], st.sq.square(), markMoved(s.mover))
		d = s.scratch
	}
	i := s.record(st.sq, st.gone(), d, st.path)
	s.meter.spend(0, landedCost)
	s.landed[memo] = i
}

// plainOutcome adds the path to the outcome met with the plain effect of
// to: the origin emptied and the mover, marked as moved, on the square
// to of the board (§3.14, §10.1, §10.2), nothing else changed. Most moves
// have it, so it is looked up by square, and its changes are worked out
// only for the answer (appendPlain). It returns the outcome's index
// among those met.
func (s *search) plainOutcome(to point, path int32) int32 {
	at := int(to.rank)*board.MaxSide + int(to.file)
	if s.plainStamp[at] != s.stamp {
		// What record and land would spend for it.
		s.meter.spend(0, outcomeCost+landedCost+textCost+3*plainKeyLen)
		s.plainStamp[at], s.plainLanded[at] = s.stamp, int32(len(s.outcomes))
		s.outcomes = append(s.outcomes, found{to: to, plain: true})
		if s.opt.Paths {
			s.foundPaths = append(s.foundPaths, nil)
		}
	}
	i := s.plainLanded[at]
	s.addPath(i, path)
	return i
}

// plainKeyLen is the length of the raw key of a plain effect: the final
// square and two changes.
const plainKeyLen = 2 + 2*4

// isPlain reports whether a move whose mover ends on to, on the board,
// with the changes d (besides the mover's own on to, which d may or may
// not hold yet) has the plain effect of to (plainOutcome): the origin
// emptied unless the mover stands there again, and every other square as
// the position has it. A capture by landing on the victim has it too.
// Deciding it from the changes keeps one effect one outcome however it
// was reached (§10.3).
func (s *search) isPlain(to point, d delta) bool {
	sq := to.square()
	if !s.size.Contains(sq) {
		return false
	}
	origin := sq == s.from
	for i := 0; i < len(d); i += 4 {
		q, p := board.Square{File: int(d[i]), Rank: int(d[i+1])}, decodePiece(d[i+2], d[i+3])
		switch {
		case q == sq:
		case q == s.from:
			if !p.Empty() {
				return false
			}
			origin = true
		case p != s.pos.At(q):
			return false
		}
	}
	return origin
}

// appendPlain appends the changes of the plain effect of to
// (plainOutcome), by rank then file, leaving out a square whose content
// does not change.
func (s *search) appendPlain(changes []Change, to board.Square) []Change {
	moved := markMoved(s.mover)
	if to == s.from {
		if s.pos.At(to) != moved {
			changes = append(changes, Change{to, moved})
		}
		return changes
	}
	if s.pos.At(to) == moved {
		return append(changes, Change{Square: s.from})
	}
	pair, _ := movePair(s.from, to, moved)
	return append(changes, pair[:]...)
}

// record adds the effect of a move that ends with the mover on to (or
// destroyed: gone) and the changes d, reached by path, to the outcomes.
// Paths with the same final square and the same changes are one outcome
// (§10.3), which keeps every path that led to it. It returns the index of
// the outcome among those met.
func (s *search) record(to point, gone bool, d delta, path int32) int32 {
	if !gone && s.isPlain(to, d) {
		return s.plainOutcome(to, path)
	}
	// The effect's key is its raw bytes: the final square, then the delta
	// entries that differ from the position.
	raw := append(s.rawKey[:0], byte(to.file), byte(to.rank))
	if gone {
		raw = append(raw[:0], 0xff, 0xff)
	}
	for i := 0; i < len(d); i += 4 {
		q := board.Square{File: int(d[i]), Rank: int(d[i+1])}
		if s.pos.At(q) != decodePiece(d[i+2], d[i+3]) {
			raw = append(raw, d[i:i+4]...)
		}
	}
	s.rawKey = raw
	key, added := s.texts.intern(raw)
	if added {
		s.meter.spend(0, textCost+len(raw))
	}
	for int(key) >= len(s.foundAt) {
		s.foundAt = append(s.foundAt, 0)
	}
	i := s.foundAt[key] - 1
	if i < 0 {
		s.meter.spend(0, outcomeCost+2*len(raw))
		i = int32(len(s.outcomes))
		s.outcomes = append(s.outcomes, found{key: key, to: to, gone: gone})
		if s.opt.Paths {
			s.foundPaths = append(s.foundPaths, nil)
		}
		s.foundAt[key] = i + 1
	}
	s.addPath(i, path)
	return i
}

// addPath adds a path that led to the outcome met i (Options.Paths).
func (s *search) addPath(i int32, path int32) {
	if s.opt.Paths {
		s.meter.spend(0, 8)
		s.foundPaths[i] = append(s.foundPaths[i], path)
	}
}

// erupt is §3.8 in the real move: the mover stays on st.sq, and the
// fragments' effects are added to the outcome, one outcome per move that
// can follow the eruption.
func (s *search) erupt(st state) {
	at := st.sq.square()
	// Decision §3.8: the mover must be able to stand where it erupts.
	if !s.pos.Size().Contains(at) || !s.texts.bytes(st.delta).at(s.pos, at).Empty() || st.gone() {
		return
	}
	moved := markMoved(s.mover)
	st.delta = s.setDelta(st.delta, at, moved)
	r := s.solve(s.eruptionID([]int32{s.keyID(eruptionKey(st))}))
	if r.err != nil {
		loc.Bail(r.err)
	}
	// One outcome per class of chains after the eruption (§4.6): the
	// fragments' effect on it, or none when they all blocked.
	for _, v := range r.vectors {
		d := s.texts.bytes(st.delta)
		s.texts.bytes(v[0].effect).each(func(q board.Square, p board.Piece) { d = d.set(q, p) })
		// A fragment may destroy the mover (xdO, §3.14).
		s.record(st.sq, d.at(s.pos, at) != moved, d, st.path)
	}
}

// setDelta returns the id of the delta id with q holding p.
func (s *search) setDelta(id textID, q board.Square, p board.Piece) textID {
	s.scratch = s.texts.bytes(id).appendSet(s.scratch[:0], q, p)
	id, added := s.texts.intern(s.scratch)
	if added {
		s.meter.spend(0, textCost+len(s.scratch))
	}
	return id
}

// content is what a leg finds on q, the changes d made: off reports an
// off-board square.
//
// The origin is empty in s.cells already (§3.14), so a leg from a state
// that changed nothing else passes no changes (legChanges).
func (s *search) content(d delta, q board.Square) (p board.Piece, off bool) {
	if uint(q.File) >= uint(s.size.W) || uint(q.Rank) >= uint(s.size.H) {
		return board.Piece{}, true
	}
	if len(d) > 0 {
		return d.at(s.pos, q), false // d holds the origin, as s.cells does
	}
	return s.cells[q.Rank*s.size.W+q.File], false
}

// legChanges are the changes a leg from st reads the board under: none
// when they are only the origin emptied, which s.cells holds already.
func (s *search) legChanges(st *state) delta {
	if st.delta == s.startDelta {
		return nil
	}
	return s.texts.bytes(st.delta)
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
// and each length of a ride, is a path of its own (§4.5). It appends them
// to out and returns the result; with direct, it lands each square the leg
// accepts instead (landPlain), and makes no state.
func (s *search) leg(st state, leg *expand.Leg, fragment, direct bool, out []state) []state {
	if leg.Atom.Class == geometry.Null {
		return s.stay(st, leg, fragment, out)
	}
	fr := legFrame(&st)
	selected := s.selected(st.node, fr)
	minSteps, maxSteps := stepCounts(leg, &st)
	from := st.sq.square()
	d := s.legChanges(&st)
	// Whether the leg may end on an empty square at all: a ride passes
	// most of them, and arrive need not look at those.
	endsOnEmptySquare := endsOnEmpty(leg.Modal) || unloads(leg.Modal, &st)
	for m := selected &^ selectedBit; m != 0; m &= m - 1 {
		v := leg.Atom.Leaps[bits.TrailingZeros16(m)]
		q := from
		for k := 1; k <= maxSteps; k++ {
			q.File, q.Rank = q.File+v.X, q.Rank+v.Y
			p, off := s.content(d, q)
			if off && !s.inMargin(q) {
				break
			}
			switch {
			case k < minSteps || p.Empty() && !off && !endsOnEmptySquare:
			case direct:
				s.landPlain(leg, q, p, off)
			default:
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

// selectedBit marks an entry of search.sel as computed.
const selectedBit = 1 << 15

// selected is §2.6 for the leg of node read in frame fr: the set of its
// atom's leaps (bit i for Atom.Leaps[i]) that at least one of its
// direction names selects, every leap when it names none. It is worked
// out once per node and frame of a program.
func (s *search) selected(node int32, fr geometry.Frame) uint16 {
	i := int(node)*16 + int(fr.Rot)*2
	if fr.Mirror {
		i++
	}
	if m := s.sel[i]; m != 0 {
		return m
	}
	return s.selectLeaps(i, node, fr)
}

// selectLeaps works out selected's entry i, for node in frame fr.
func (s *search) selectLeaps(i int, node int32, fr geometry.Frame) uint16 {
	leg := &s.prog.Nodes[node].Leg
	class := fr.ClassIn(leg.Atom.Class)
	m := uint16(selectedBit)
	for j, v := range leg.Atom.Leaps {
		if !leg.AllDirections() && !geometry.SelectsAny(class, leg.Dirs, fr.Local(v)) {
			continue
		}
		m |= 1 << j
	}
	s.sel[i] = m
	return m
}

// stay makes an O leg, which ends on the square where it starts (§1.4).
// In the real move that square holds the mover itself, a friend, and a
// mover that is destroyed makes no more legs (§3.14); a fragment, which
// is not the mover, finds there what the board holds.
func (s *search) stay(st state, leg *expand.Leg, fragment bool, out []state) []state {
	q := st.sq.square()
	p, _ := s.content(s.legChanges(&st), q)
	if !fragment {
		p = s.mover
		if st.gone() {
			return out
		}
	}
	return s.arrive(st, leg, q, vec{}, 0, p, false, !fragment, fragment, out)
}

// legFrame is the frame a leg from st is read in: facing the path's last
// step (§2.1, §2.7), and mirrored once the path's handedness is fixed
// mirrored (§6.1). The first leg, and every leg made before the
// handedness is fixed, is read in the unmirrored frame (§6.3).
func legFrame(st *state) geometry.Frame {
	return geometry.Frame{Rot: st.rot, Mirror: geometry.Hand(st.chir.hand) == geometry.HandMirrored}
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
//
// The path is moved to q (reach) only once some letter accepts q: most
// squares a ride passes end no leg, and the frame and handedness of a
// path that ends nowhere are never needed.
func (s *search) arrive(st state, leg *expand.Leg, q board.Square, v vec, k int, p board.Piece, off, self, fragment bool, out []state) []state {
	m := leg.Modal
	next := st
	switch {
	case off:
		if endsOffBoard(m) {
			s.reach(&next, q, v, k)
			out = append(out, next)
		}
	case p.Empty():
		onEmpty := endsOnEmpty(m)
		if !onEmpty && !unloads(m, &st) {
			break
		}
		s.reach(&next, q, v, k)
		if onEmpty {
			out = append(out, next)
		}
		if u, ok := s.unload(m, next, fragment); ok {
			out = append(out, u)
		}
	default:
		friend := p.Color == s.mover.Color
		takes, hopsOn := captures(leg, p, friend) || destroys(leg, p, friend), hops(m) || hopsOnFriend(m, friend)
		if !takes && !hopsOn {
			break
		}
		s.reach(&next, q, v, k)
		if takes {
			last := !fragment && len(s.prog.Nodes[st.node].Next) == 0
			out = append(out, s.take(next, p, self, last))
		}
		if hopsOn {
			out = append(out, next) // one path when both p and t hop
		}
	}
	return out
}

// reach moves the path of st to q, where a leg of k steps of v ends: its
// frame turns to face the last step (§2.7), its step count is kept for a
// later e leg (§3.10) if some leg reads it, its handedness may be fixed
// (§6.1), and q joins the path (§10.4). An O leg (k = 0) only adds q to
// the path, and so does a leg that no leg may follow: its states only end
// moves, which read neither their frame nor their step count nor their
// handedness.
func (s *search) reach(st *state, q board.Square, v vec, k int) {
	st.flags &^= flagErupted
	st.sq = pointOf(q)
	if k > 0 && len(s.prog.Nodes[st.node].Next) > 0 {
		if s.usesSteps {
			st.steps = int32(k)
		}
		st.rot = geometry.NextRot(v, st.rot)
		if geometry.Hand(st.chir.hand) == geometry.HandUnset { // once fixed, it stays (§6.1)
			chir := st.chir.unpack()
			chir.Step(v, k) // §6.1
			st.chir = packChirality(chir)
		}
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
func (s *search) unload(m expand.Modality, next state, fragment bool) (state, bool) {
	if !unloads(m, &next) {
		return next, false
	}
	q := next.sq.square()
	next.delta = s.setDelta(next.delta, q, markMoved(next.carried.piece()))
	if fragment {
		// Only fragments need the record, to find one piece unloaded
		// twice (§3.15); in the real move it would only split states.
		b := append(s.scratch[:0], s.texts.bytes(next.unloads)...)
		b = next.carryFrm.square().Append(b)
		b = append(b, '>')
		b = q.Append(b)
		s.scratch = append(b, ';')
		id, added := s.texts.intern(s.scratch)
		if added {
			s.meter.spend(0, textCost+len(s.scratch))
		}
		next.unloads = id
	}
	next.carried, next.carryFrm = packedPiece{}, point{}
	return next, true
}

// unloads is the condition of §3.7 u: the leg has u and the path
// carries a piece; unloading nothing is blocked.
func unloads(m expand.Modality, st *state) bool { return m.Has(expand.U) && !st.carried.empty() }

// take is §3.12: the piece a c or d leg captures or destroys on the square
// where next stands is removed and carried, replacing any piece carried
// before. On the real mover itself (self) the mover is destroyed. After
// the last leg of the real move (last) the mover itself stands on that
// square (land), so the removal is not recorded.
func (s *search) take(next state, p board.Piece, self, last bool) state {
	next.carried, next.carryFrm = packPiece(p), next.sq
	if self {
		return destroyMover(next)
	}
	if !last {
		next.delta = s.setDelta(next.delta, next.sq.square(), board.Piece{})
	}
	return next
}

// destroyMover is §3.14 for a d leg that ends on the real mover itself
// (dO): the mover, which stands on no square of the delta, is gone; the
// outcome has no final square for it (§10.1), and the real move makes no
// more legs (successors).
func destroyMover(next state) state {
	next.flags |= flagGone
	return next
}

// markMoved is §10.2: a piece is marked as moved after it moves, the mover
// after every move, even one back to its start, and a piece put down by u.
func markMoved(p board.Piece) board.Piece {
	p.Virgin = false
	return p
}

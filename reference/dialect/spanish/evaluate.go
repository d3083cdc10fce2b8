package spanish

import (
	"fmt"
	"slices"
	"time"
	"unsafe"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/ndboard"
)

// Evaluate reads src as a Spanish notation and evaluates it directly on
// the setup, a board of 2 or more dimensions, by the rules of
// spec/spanish.md (§S12), without translating it into Betza 2.0, within
// the budgets of opt (§S12.4: opt.MaxStates, opt.MaxBytes and
// opt.Context, with eval's defaults for zero values; opt.Paths and
// opt.General do not apply). The outcomes are distinct and sorted by key.
// Errors are *loc.Error values, the notation's reading error or the part
// that has no evaluation, at its offset, with the clause that says why;
// or an *eval.LimitError when a budget ran out, which decides nothing.
func Evaluate(src string, s ndboard.Setup, opt eval.Options) ([]ndboard.Outcome, error) {
	n, err := Parse(src)
	if err != nil {
		return nil, err
	}
	return EvaluateParsed(n, src, s, opt)
}

// EvaluateParsed is Evaluate for a notation n already parsed from src.
func EvaluateParsed(n *Notation, src string, s ndboard.Setup, opt eval.Options) ([]ndboard.Outcome, error) {
	e := &evaluator{src: src, setup: s, size: s.Pos.Size(), sign: 1, mover: s.Mover(), budget: newBudget(opt)}
	if e.mover.Color == board.Black {
		e.sign = -1 // §S5.1, §S7.3
	}
	var moves [][]legSpec
	for _, m := range n.Moves {
		specs, err := e.compile(m)
		if err != nil {
			return nil, err
		}
		moves = append(moves, specs)
	}
	outcomes := map[string]ndboard.Outcome{}
	for _, specs := range moves {
		walks, err := e.movement(specs)
		if err != nil {
			return nil, err
		}
		for _, w := range walks {
			o := e.outcome(w)
			outcomes[o.Key()] = o
		}
	}
	keys := make([]string, 0, len(outcomes))
	for k := range outcomes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]ndboard.Outcome, len(keys))
	for i, k := range keys {
		out[i] = outcomes[k]
	}
	return out, nil
}

// budget meters a direct evaluation (§S12.4): the squares its rides visit
// (the states of eval's budget, 2.0 §12.3), the bytes of the walks it
// keeps between parts, and the caller's context.
type budget struct {
	opt           eval.Options
	states, bytes int
	start         time.Time
}

// walkBytes estimates the memory of a kept walk: the walk, its captured
// squares and its entry in the seen-set.
func walkBytes(w walk) int {
	return int(unsafe.Sizeof(w)) + len(w.captured)*int(unsafe.Sizeof(ndboard.Vec{}))*2 + 64
}

func newBudget(opt eval.Options) *budget {
	if opt.MaxStates == 0 {
		opt.MaxStates = eval.DefaultMaxStates
	}
	if opt.MaxBytes == 0 {
		opt.MaxBytes = eval.DefaultMaxBytes
	}
	return &budget{opt: opt, start: time.Now()}
}

// visit counts a square a ride visits; the context is looked at every
// 1024 of them.
func (b *budget) visit() error {
	b.states++
	if b.states > b.opt.MaxStates {
		return &eval.LimitError{Budget: eval.BudgetStates, Limit: b.opt.MaxStates}
	}
	if ctx := b.opt.Context; ctx != nil && b.states%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return &eval.LimitError{Budget: eval.BudgetTime, Elapsed: time.Since(b.start), Err: err}
		}
	}
	return nil
}

// keep counts the memory of a walk kept for the next part.
func (b *budget) keep(w walk) error {
	b.bytes += walkBytes(w)
	if b.bytes > b.opt.MaxBytes {
		return &eval.LimitError{Budget: eval.BudgetBytes, Limit: b.opt.MaxBytes}
	}
	return nil
}

type evaluator struct {
	src    string
	setup  ndboard.Setup
	size   ndboard.Size
	mover  board.Piece
	sign   int // +1 for white, -1 for black: the player's frame (§S5.1, §S7.3)
	budget *budget
}

// fail is the error of a part that has no evaluation.
func (e *evaluator) fail(n Node, clause, format string, args ...any) error {
	return loc.Errorf(dialect.Spanish, int(n.Pos()), clause, format, args...)
}

// kind is how a part gets from its square to the square where it lands.
type kind uint8

const (
	slide    kind = iota // D: every square passed is empty (§S2.1)
	leap                 // S: the squares between are ignored (§S2.2)
	teleport             // Tp: every square before the last is ignored (§S2.3)
	hop                  // B: onto a hurdle, then one unit beyond (§S2.4)
	locust               // cL: capture the enemy one unit away, land beyond (§S3.5)
)

// unit is one unit of a range: steps single steps of step, the last of
// which is where the unit lands (§S4.4); a hypogonal is one leap.
type unit struct {
	step  ndboard.Vec
	steps int
}

// legSpec is one part of a movement, compiled for the board: groups
// opened (§S3.7), its units in the board's frame, its count and how it
// lands.
type legSpec struct {
	at         Node
	kind       kind
	units      []unit // the first part's units; after U the full set, filtered by the walk (§S6.2)
	after      bool   // the part follows a U
	oblique    bool   // its units are hypogonal leaps: forward after it is their nearest orthogonal (§S6.2)
	count      counts
	empty      bool // it may land on an empty square
	enemy      bool // it may land on an enemy, capturing it
	needVirgin bool // i: only while the mover has not moved (§S3.3)
}

// counts is the numbers of units a range may make (§S4.1–§S4.3): the
// multiples of every, from every to most (most 0: no bound).
type counts struct{ every, most int }

func (c counts) allows(n int) bool { return n%c.every == 0 && (c.most == 0 || n <= c.most) }
func (c counts) done(n int) bool   { return c.most != 0 && n >= c.most }

// compile checks that every part of the movement has an evaluation on the
// board and compiles it, in order.
func (e *evaluator) compile(m *Move) ([]legSpec, error) {
	parts := flatten(m, false, false, false, nil)
	specs := make([]legSpec, 0, len(parts))
	for k, f := range parts {
		s, err := e.compilePart(f, k > 0, k == len(parts)-1)
		if err != nil {
			return nil, err
		}
		if k > 0 && specs[k-1].oblique {
			if err := e.checkNearest(specs[k-1], s.at); err != nil {
				return nil, err
			}
		}
		specs = append(specs, s)
	}
	return specs, nil
}

// compilePart compiles one part; after says it follows a U, last that it
// ends the movement.
func (e *evaluator) compilePart(f flat, after, last bool) (legSpec, error) {
	switch b := f.body.(type) {
	case *Other:
		return legSpec{}, e.fail(b, "§S2.6", "cannot evaluate %s: free text and Otro say in words what the notation does not", e.src[b.Pos():b.End()])
	case *Brinco:
		return legSpec{}, e.fail(b, "§S2.5", "cannot evaluate B(esp): it says only that the piece hops")
	case *Capture:
		if b.Kind == 'E' {
			return legSpec{}, e.fail(b, "§S3.6", "cannot evaluate the explosive capture %s: the text fixes neither where the piece explodes nor how its area is read", e.src[b.Pos():b.End()])
		}
		return e.locustPart(f, b, after)
	case *Simple:
		return e.simplePart(f, b, after, last)
	}
	return legSpec{}, fmt.Errorf("spanish: internal error: unexpected part %T", f.body)
}

// locustPart is §S3.5: one unit onto an adjacent enemy, captured, then one
// more unit straight on to an empty square.
func (e *evaluator) locustPart(f flat, c *Capture, after bool) (legSpec, error) {
	units, oblique, err := e.units(c.Dir, after)
	if err != nil {
		return legSpec{}, err
	}
	return legSpec{at: c, kind: locust, units: units, after: after, oblique: oblique,
		count: counts{1, 1}, empty: true, needVirgin: f.i}, nil
}

// simplePart is a determinant with its range (§S2.1–§S2.4, §S4) and the
// landing of §S3.1–§S3.4 and §S6.3.
func (e *evaluator) simplePart(f flat, s *Simple, after, last bool) (legSpec, error) {
	if s.Text != nil {
		return legSpec{}, e.fail(s.Text, "§S2.6", "cannot evaluate %s: free text says in words what the notation does not", s.Text.Source)
	}
	k := map[string]kind{"D": slide, "S": leap, "Tp": teleport, "B": hop}[s.Det.Name]
	units, oblique, err := e.units(s.Range.Unit, after)
	if err != nil {
		return legSpec{}, err
	}
	c := countsOf(s.Range.Count)
	if k == hop && (units[0].steps > 1 || c.every > 1 && c.most != c.every) {
		return legSpec{}, e.fail(s.Range, "§S2.4", "cannot evaluate the hop %s: a hop is read over single steps and leaps only, never over spans", e.src[s.Range.Pos():s.Range.End()])
	}
	spec := legSpec{at: s, kind: k, units: units, after: after, oblique: oblique, count: c, needVirgin: f.i}
	spec.empty, spec.enemy = landing(f, k == teleport, last)
	return spec, nil
}

// landing is where a part may land (§S3.1–§S3.4, §S6.3, §S2.3): o on an
// empty square, c on an enemy, oc on either. Without them, a part before
// U lands on an empty square and goes on, and the last part moves or
// captures; but i alone, and a teleporter, only move.
func landing(f flat, teleport, last bool) (empty, enemy bool) {
	switch {
	case f.o || f.c:
		return f.o, f.c
	case !last:
		return true, false
	case f.i || teleport:
		return true, false
	}
	return true, true
}

// countsOf reads a count (§S4.1–§S4.3): none is one unit; k is up to k
// units and n any number; (j) is exactly j; k(j) and n(j) repeat exactly j
// units up to k times or any number of times.
func countsOf(c *Count) counts {
	switch {
	case c == nil:
		return counts{1, 1}
	case c.Steps == "":
		return counts{c.Exact.N, c.Exact.N}
	}
	every := 1
	if c.Exact != nil {
		every = c.Exact.N
	}
	if c.Unbounded() {
		return counts{every, 0}
	}
	return counts{every, every * c.N}
}

// units returns the units of a unit of a range in the board's frame
// (§S5.1, §S7.3): for the first part every move its direction names; after
// U, where only full sets are read (§S6.2, §S6.4), the whole set, which
// the walk narrows to the outward moves. oblique reports a hypogonal.
func (e *evaluator) units(u Unit, after bool) ([]unit, bool, error) {
	var moves []ndboard.Vec
	steps, oblique, full := 1, false, true
	var err error
	switch u := u.(type) {
	case *Line:
		moves, err = e.lineMoves(u)
		full = u.Along == 0 && len(u.Lean) == 0
	case *Span:
		moves, err = e.lineMoves(u.Line)
		steps, full = u.N, u.Line.Along == 0 && len(u.Line.Lean) == 0
	case *Hypogonal:
		moves, err = e.hypogonalMoves(u)
		oblique, full = true, u.Selector == nil
	}
	if err != nil {
		return nil, false, err
	}
	if after && !full {
		return nil, false, e.fail(u, "§S6.4", "cannot evaluate %s after U: a directed part after U has no reading fixed by the text", e.src[u.Pos():u.End()])
	}
	out := make([]unit, len(moves))
	for i, v := range moves {
		out[i] = unit{step: v.Scale(e.sign), steps: steps}
	}
	return out, oblique, nil
}

// lineMoves is the single steps a line direction names on the board, in
// the player's frame (§S5.2–§S5.4, §S7.3, §S7.4), refused when the board
// has too few dimensions for it (§S7.2) or it names none (§S7.4).
func (e *evaluator) lineMoves(l *Line) ([]ndboard.Vec, error) {
	dims := e.size.Dims()
	if l.Dim > dims {
		return nil, e.fail(l, "§S7.2", "cannot evaluate %s on the %d-D board %s: it needs %d dimensions", l.Source, dims, e.size, l.Dim)
	}
	out := lineSteps(l, dims)
	if len(out) == 0 {
		return nil, e.fail(l, "§S7.4", "cannot evaluate %s: no move leans towards every direction written after it", l.Source)
	}
	return out, nil
}

// hypogonalMoves is the leaps a hypogonal names on the board, in the
// player's frame (§S5.5, §S5.6, §S7.5), refused when the board has too
// few dimensions for it (§S7.2).
func (e *evaluator) hypogonalMoves(h *Hypogonal) ([]ndboard.Vec, error) {
	dims := e.size.Dims()
	if h.Dim() > dims {
		return nil, e.fail(h, "§S7.2", "cannot evaluate %s on the %d-D board %s: it needs %d dimensions", e.src[h.Pos():h.End()], dims, e.size, h.Dim())
	}
	return hypogonalSteps(h, dims), nil
}

// nearest is forward after a unit (§S6.2): its own direction for a line,
// the orthogonal nearest to it for a hypogonal leap, which is the axis of
// its largest coordinate. ok is false when several axes share it.
func nearest(u unit, oblique bool) (ndboard.Vec, bool) {
	if !oblique {
		return u.step, true
	}
	axis, best, tie := 0, 0, false
	for k, c := range u.step {
		switch a := max(c, -c); {
		case a > best:
			axis, best, tie = k, a, false
		case a == best:
			tie = true
		}
	}
	var f ndboard.Vec
	f[axis] = u.step[axis] / best
	return f, !tie
}

// checkNearest refuses a part after U that follows a hypogonal leap
// whose largest coordinate is not unique, such as (2,2,1): it has no
// nearest orthogonal, so the part has no forward to go outward from
// (§S6.2).
func (e *evaluator) checkNearest(prev legSpec, next Node) error {
	for _, u := range prev.units {
		if _, ok := nearest(u, true); !ok {
			return e.fail(next, "§S6.2", "cannot evaluate %s after the leap %s: the leap has no single nearest orthogonal to go outward from", e.src[next.Pos():next.End()], e.src[prev.at.Pos():prev.at.End()])
		}
	}
	return nil
}

// walk is a movement under way: the mover's square, forward after the
// last part (zero before the first) and the pieces captured so far
// (§S12.2). The position it stands on is the setup's with the mover lifted
// and those pieces removed (walk.at).
type walk struct {
	at, fwd  ndboard.Vec
	captured []ndboard.Vec
}

// pieceAt is what stands on v for the walk w: the setup's piece, but none
// on the mover's square, which it has left, or on a captured square.
func (e *evaluator) pieceAt(w walk, v ndboard.Vec) board.Piece {
	if v == e.setup.From.At || slices.Contains(w.captured, v) {
		return board.Piece{}
	}
	return e.setup.Pos.At(v)
}

// key tells apart the walks that may go on differently: the coordinates
// of the square, forward and the captured squares, one byte each (sides
// are at most 26, so every coordinate and step fits a signed byte).
func (w walk) key(b []byte) []byte {
	vec := func(v ndboard.Vec) {
		for _, x := range v {
			b = append(b, byte(int8(x)))
		}
	}
	vec(w.at)
	vec(w.fwd)
	for _, c := range w.captured {
		vec(c)
	}
	return b
}

// movement runs the parts of one movement, each from every square where
// the part before it ended (§S6.1), and returns the walks that end it.
func (e *evaluator) movement(specs []legSpec) ([]walk, error) {
	walks := []walk{{at: e.setup.From.At}}
	var key []byte
	for _, s := range specs {
		if s.needVirgin && !e.mover.Virgin {
			return nil, nil // §S3.3
		}
		seen := map[string]bool{}
		var next []walk
		for _, w := range walks {
			landed, err := e.part(s, w)
			if err != nil {
				return nil, err
			}
			for _, n := range landed {
				key = n.key(key[:0])
				if seen[string(key)] {
					continue
				}
				if err := e.budget.keep(n); err != nil {
					return nil, err
				}
				seen[string(key)] = true
				next = append(next, n)
			}
		}
		walks = next
	}
	return walks, nil
}

// part runs one part from the walk w.
func (e *evaluator) part(s legSpec, w walk) ([]walk, error) {
	var out []walk
	for _, u := range s.units {
		if s.after && u.step.Dot(w.fwd) <= 0 {
			continue // §S6.2 after U only outward
		}
		fwd, _ := nearest(u, s.oblique)
		rode, err := e.ride(s, w, u)
		if err != nil {
			return nil, err
		}
		for _, n := range rode {
			n.fwd = fwd
			out = append(out, n)
		}
	}
	return out, nil
}

// ride goes unit by unit from w along u and returns the walks that land:
// after each number of units the count allows, a landing by the part's
// kind (§S2.1–§S2.4, §S3.5); between units, the square where one lands
// and the next starts must be empty, except for a teleporter (§S4.1).
// Each square it visits counts against the states budget (§S12.4).
func (e *evaluator) ride(s legSpec, w walk, u unit) ([]walk, error) {
	var out []walk
	at := w.at
	for n := 1; ; n++ {
		for k := 1; k <= u.steps; k++ {
			at = at.Add(u.step)
			if !e.size.Contains(at) {
				return out, nil
			}
			if err := e.budget.visit(); err != nil {
				return nil, err
			}
			if k < u.steps && s.kind == slide && !e.pieceAt(w, at).Empty() {
				return out, nil // §S2.1 a slide passes empty squares only
			}
		}
		here := e.pieceAt(w, at)
		if s.count.allows(n) {
			switch s.kind {
			case hop:
				if !here.Empty() { // §S2.4 the hurdle, then one unit beyond
					out = e.land(s, w, at.Add(u.step), out)
				}
			case locust:
				if !here.Empty() && here.Color != e.mover.Color { // §S3.5
					taken := w
					taken.captured = append(slices.Clone(w.captured), at)
					out = e.land(s, taken, at.Add(u.step), out)
				}
			default:
				out = e.land(s, w, at, out)
			}
		}
		if s.count.done(n) || s.kind != teleport && !here.Empty() {
			return out, nil // §S4.1 between units an empty square (§S2.3 anything for Tp)
		}
	}
}

// land adds the walk that lands on the point to out, if the part may land
// there (§S3.1–§S3.4, §S6.3): never on a friend; on an empty square if
// the part may move; on an enemy, which it captures, if it may capture.
func (e *evaluator) land(s legSpec, w walk, at ndboard.Vec, out []walk) []walk {
	if !e.size.Contains(at) {
		return out
	}
	here := e.pieceAt(w, at)
	switch {
	case here.Empty() && s.empty:
		w.at = at
		return append(out, w)
	case !here.Empty() && here.Color != e.mover.Color && s.enemy:
		w.captured = append(slices.Clone(w.captured), at)
		w.at = at
		return append(out, w)
	}
	return out
}

// outcome is the effect of a finished walk (§S12.3): the mover, marked as
// moved, on its final square, the square it left and the captured pieces'
// squares emptied; only the squares whose content differs, in the order
// of Square.Compare.
func (e *evaluator) outcome(w walk) ndboard.Outcome {
	square := e.setup.Pos.Square
	moved := e.mover
	moved.Virgin = false
	o := ndboard.Outcome{To: square(w.at)}
	if w.at != e.setup.From.At {
		o.Changes = append(o.Changes, ndboard.Change{Square: square(e.setup.From.At)})
	}
	for _, c := range w.captured {
		if c != w.at {
			o.Changes = append(o.Changes, ndboard.Change{Square: square(c)})
		}
	}
	if e.setup.Pos.At(w.at) != moved {
		o.Changes = append(o.Changes, ndboard.Change{Square: square(w.at), Piece: moved})
	}
	slices.SortFunc(o.Changes, func(a, b ndboard.Change) int { return a.Square.Compare(b.Square) })
	return o
}

// Keys returns the keys of the outcomes, in their order.
func Keys(outs []ndboard.Outcome) []string {
	keys := make([]string, len(outs))
	for i, o := range outs {
		keys[i] = o.Key()
	}
	return keys
}

package eval

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"betzacheck/reference/board"
)

// This file is §3.8 and §3.15 for fragments: what the fragments of an
// eruption do. It works in two steps, neither of them recursive:
//
//  1. discover runs the fragments of one eruption state and records, for
//     every move that can follow the eruption, how its fragments end: with
//     their changes, and for a fragment that meets another x, the nested
//     eruption state it erupts in. Where fragments go never depends on
//     what nested eruptions do, only what they leave behind does.
//  2. solve resolves the nested eruptions: eruption states form a graph
//     (an eruption depends on the ones its fragments erupt in), whose
//     strongly connected components are settled from the leaves up. A
//     component with a loop is the cyclic case of §3.8: it is settled by
//     rounds, round k being the result when eruptions nested deeper than k
//     add nothing, until a round changes nothing.

// eruption is one eruption state with what its fragments do.
type eruption struct {
	at    state      // the state that meets the x leg, normalised (eruptionKey)
	moves []fragMove // the moves after the eruption in which a fragment completed
	idle  bool       // some move after the eruption has no completing fragment
	deps  []int32    // the nested eruptions its fragments erupt in, each once

	result fragResult
	solved bool

	index, low int32 // Tarjan's numbering; index -1 until visited
	onStack    bool
	slot       int32 // position in the component being settled
}

// fragMove is one move after an eruption (§4.6, §5.1: every chain of legs
// is a move of its own) and how its fragments ended.
type fragMove struct{ ends []fragEnd }

// fragEnd is a fragment path that completed (reached the end of its chain)
// or met another x and erupts in turn (nested >= 0).
type fragEnd struct {
	delta   textID
	unloads textID // pieces it moved, "from>to;" (§3.15)
	nested  int32  // the eruption it ends in, or -1
}

// fragResult is what the fragments of one eruption do.
type fragResult struct {
	effects []delta  // per move whose fragments completed: their combined changes
	unloads []string // per such move: the pieces its fragments moved
	idle    bool     // some move has no completing fragment, so no effect
	err     error    // a fragment conflict (§3.15)

	// The whole eruption seen from a fragment that erupts in it (§3.8,
	// Decision: the moves after a nested eruption are not told apart): the
	// union of every move's changes and moved pieces, or mergeErr if two
	// moves disagree.
	all        delta
	allUnloads string
	mergeErr   error
}

// eruptionKey normalises st for the table of eruptions: the path walked,
// the carried piece and the unload record do not change what the
// fragments do, since they start with nothing (§3.15).
func eruptionKey(st state) state {
	st.path = 0
	st.carried, st.carryFrm, st.unloads = packedPiece{}, point{}, 0
	st.flags &^= flagErupted
	return st
}

// eruptionID returns the index of the eruption in state st, adding it
// (unexplored) if it is new.
func (s *search) eruptionID(st state) int32 {
	k := eruptionKey(st)
	if id, ok := s.eruptIDs[k]; ok {
		return id
	}
	id := int32(len(s.erupts))
	s.meter.spend(0, eruptionCost)
	s.erupts = append(s.erupts, eruption{at: k, index: -1, slot: -1})
	s.eruptIDs[k] = id
	return id
}

// discover runs the fragments of eruption id (§3.8) and records how they
// end. Each chain of legs after the eruption is a move with its own
// fragments. A frontier is the set of fragment states of one chain so far;
// chains whose frontiers are equal go on alike, so they are explored once
// (a subset construction: loops stay finite).
func (s *search) discover(id int32) {
	at := s.erupts[id].at
	f := at
	f.flags |= flagErupted
	type frontier struct {
		node   int32
		states []state
	}
	var (
		moves []fragMove
		idle  bool
		deps  []int32
	)
	depSeen := map[int32]bool{}
	seen := map[string]bool{}
	next := map[int32][]state{} // the states of one step, by node
	queue := []frontier{{at.node, []state{f}}}
	// What discover holds only while it runs (the frontiers, their keys and
	// the maps of one step) is given back to the memory budget at the end.
	transient := 0
	hold := func(bytes int) {
		transient += bytes
		s.meter.spend(0, bytes)
	}
	for len(queue) > 0 {
		fr := queue[0]
		queue = queue[1:]
		var ends []fragEnd
		erupts := false // the frontier's fragments met an x and erupt in turn
		clear(next)
		var met map[state]bool // the long lists of next as sets; short ones are searched
		for _, x := range fr.states {
			s.meter.spend(1, 0)
			s.successors(x, true, func(nx state) {
				ends = append(ends, fragEnd{nx.delta, nx.unloads, -1})
			}, func(nx state) {
				const short = 16
				list := next[nx.node]
				if len(list) < short {
					if slices.Contains(list, nx) {
						return
					}
				} else {
					if met == nil {
						met = map[state]bool{}
					}
					if len(list) == short {
						for _, x := range list {
							met[x] = true
						}
					}
					if met[nx] {
						return
					}
					met[nx] = true
				}
				hold(seenCost)
				next[nx.node] = append(list, nx)
			}, func(nx state) {
				// §3.8 a fragment that meets another x ends there, its
				// changes so far counting, and erupts in turn.
				erupts = true
				d := s.eruptionID(nx)
				if !depSeen[d] {
					depSeen[d] = true
					deps = append(deps, d)
				}
				ends = append(ends, fragEnd{nx.delta, nx.unloads, d})
			})
		}
		node := &s.prog.Nodes[fr.node]
		switch {
		case len(ends) > 0:
			s.meter.spend(0, len(ends)*endCost)
			moves = append(moves, fragMove{ends})
		case node.End:
			idle = true // this move's fragments all blocked
		}
		if erupts {
			// The rest of every chain through this node belongs to the
			// nested eruptions: these moves have their fragments, and none
			// goes on here (§3.8).
			continue
		}
		for _, m := range node.Next {
			states := next[int32(m)]
			if len(states) == 0 {
				// No fragment goes on: every move through m is idle.
				idle = idle || s.prog.Nodes[m].ReachesEnd
				continue
			}
			if key := frontierKey(int32(m), states); !seen[key] {
				seen[key] = true
				hold(2*len(key) + 64)
				queue = append(queue, frontier{int32(m), states})
			}
		}
	}
	s.meter.spend(0, 4*len(deps)-transient)
	e := &s.erupts[id]
	e.moves, e.idle, e.deps = moves, idle, deps
}

// solve returns what the fragments of eruption root do, settling every
// eruption it depends on first. It is Tarjan's algorithm with an explicit
// stack: each strongly connected component of the eruption graph is
// settled as soon as it is complete, so every component is settled after
// the ones it depends on.
func (s *search) solve(root int32) *fragResult {
	if s.erupts[root].solved {
		return &s.erupts[root].result
	}
	type frame struct {
		id  int32
		dep int // next dependency to look at
	}
	var work []frame
	var stack []int32 // Tarjan's stack of the components under construction
	visit := func(id int32) {
		e := &s.erupts[id]
		e.index, e.low, e.onStack = s.nextIndex, s.nextIndex, true
		s.nextIndex++
		stack = append(stack, id)
		work = append(work, frame{id: id})
		s.discover(id)
	}
	visit(root)
	for len(work) > 0 {
		top := &work[len(work)-1]
		id := top.id
		if deps := s.erupts[id].deps; top.dep < len(deps) {
			w := deps[top.dep]
			top.dep++
			switch we := &s.erupts[w]; {
			case we.solved:
			case we.index < 0:
				visit(w)
			case we.onStack:
				s.erupts[id].low = min(s.erupts[id].low, we.index)
			}
			continue
		}
		work = work[:len(work)-1]
		e := &s.erupts[id]
		if len(work) > 0 {
			p := &s.erupts[work[len(work)-1].id]
			p.low = min(p.low, e.low)
		}
		if e.low == e.index {
			i := len(stack) - 1
			for stack[i] != id {
				i--
			}
			// members shares stack's array; settle is done with it
			// before anything is pushed again.
			members := stack[i:len(stack):len(stack)]
			stack = stack[:i]
			for _, m := range members {
				s.erupts[m].onStack = false
			}
			s.settle(members)
		}
	}
	return &s.erupts[root].result
}

// settle works out the results of one strongly connected component of
// eruptions, whose dependencies outside it are settled.
//
// §3.8 Decision: an eruption that can erupt again, through its fragments,
// in a state it is already in (a cyclic nested eruption) is read as the
// limit of its finite truncations: round k is the result when eruptions
// nested k deep add nothing beyond their fragments' own changes, and the
// rounds go on until one changes nothing. If the rounds come back to an
// earlier result instead, the fragments give some square a content that
// never settles: that is a fragment conflict (§3.15).
//
// A round re-evaluates only the eruptions whose dependencies changed in
// the round before; the others would give what they gave. A return to an
// earlier round is spotted by a hash of the whole round, kept up to date
// change by change, and confirmed by comparing the rounds themselves.
func (s *search) settle(members []int32) {
	if len(members) == 1 && !slices.Contains(s.erupts[members[0]].deps, members[0]) {
		e := &s.erupts[members[0]]
		e.result = s.evaluate(members[0], func(d int32) *fragResult { return &s.erupts[d].result })
		e.solved = true
		s.meter.spend(0, resultCost(&e.result))
		return
	}
	n := len(members)
	for i, m := range members {
		s.erupts[m].slot = int32(i)
	}
	dependents := make([][]int32, n) // within the component, by slot
	transient := 0                   // given back at the end
	for i, m := range members {
		for _, d := range s.erupts[m].deps {
			if j := s.erupts[d].slot; j >= 0 {
				dependents[j] = append(dependents[j], int32(i))
				transient += 4
			}
		}
	}
	cur := make([]fragResult, n) // round 0: nested eruptions add nothing
	keys := make([]string, n)    // resultKey of cur; "" in round 0
	transient += n * (int(unsafe.Sizeof(fragResult{})) + 32)
	s.meter.spend(0, transient)
	lookup := func(d int32) *fragResult {
		if e := &s.erupts[d]; e.slot >= 0 {
			return &cur[e.slot]
		}
		return &s.erupts[d].result
	}
	type change struct {
		slot int32
		r    fragResult
		key  string
	}
	var hash uint64 // the sum of memberHash over the component
	rounds := map[uint64]int{}
	var snapshot []string // a round that may come back, and when
	snapRound, period := 0, 0
	dirty := make([]int32, n)
	for i := range dirty {
		dirty[i] = int32(i)
	}
	for round := 1; ; round++ {
		var changed []change
		work := 0
		for _, i := range dirty {
			r := s.evaluate(members[i], lookup)
			if k := resultKey(&r); k != keys[i] {
				changed = append(changed, change{i, r, k})
			}
			work++
			for _, mv := range s.erupts[members[i]].moves {
				work += len(mv.ends)
			}
		}
		s.meter.spend(work, 0)
		if len(changed) == 0 {
			break // a fixed point: deeper nesting changes nothing
		}
		first := changed[0]
		q, _ := firstDifference(s.pos, &cur[first.slot], &first.r)
		inDirty := make([]bool, n)
		dirty = dirty[:0]
		for _, c := range changed {
			hash += memberHash(c.slot, c.key) - memberHash(c.slot, keys[c.slot])
			cost := resultCost(&c.r) - resultCost(&cur[c.slot]) + len(c.key) - len(keys[c.slot])
			transient += cost
			s.meter.spend(0, cost)
			cur[c.slot], keys[c.slot] = c.r, c.key
			for _, d := range dependents[c.slot] {
				if !inDirty[d] {
					inDirty[d] = true
					dirty = append(dirty, d)
				}
			}
		}
		if snapshot != nil && round == snapRound+period {
			if slices.Equal(snapshot, keys) {
				// The rounds cycle: some square never settles.
				err := &FragmentConflictError{Square: q, Cyclic: true}
				for i := range cur {
					cur[i] = fragResult{err: err, mergeErr: err}
				}
				break
			}
			snapshot = nil // two rounds with one hash after all
		}
		if j, ok := rounds[hash]; ok && snapshot == nil {
			snapshot, snapRound, period = slices.Clone(keys), round, round-j
			transient += 16 * n
			s.meter.spend(0, 16*n)
		}
		rounds[hash] = round
		transient += 32
		s.meter.spend(0, 32)
	}
	s.meter.spend(0, -transient)
	for i, m := range members {
		e := &s.erupts[m]
		e.result, e.solved, e.slot = cur[i], true, -1
		s.meter.spend(0, resultCost(&e.result))
	}
}

// resultKey is a canonical text of a result, never empty.
func resultKey(r *fragResult) string {
	var b strings.Builder
	b.WriteByte('r')
	if r.err != nil {
		fmt.Fprintf(&b, "!%v", r.err)
	}
	if r.idle {
		b.WriteString("~")
	}
	for i, e := range r.effects {
		fmt.Fprintf(&b, "%q%s,", string(e), r.unloads[i])
	}
	return b.String()
}

// memberHash hashes the result key of the member in slot i.
func memberHash(i int32, key string) uint64 {
	if key == "" {
		return 0
	}
	h := fnv.New64a()
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], uint32(i))
	h.Write(b[:])
	h.Write([]byte(key))
	return h.Sum64()
}

// resultCost is the memory a settled result holds.
func resultCost(r *fragResult) int {
	n := 64 + len(r.all) + len(r.allUnloads)
	for i, e := range r.effects {
		n += 32 + len(e) + len(r.unloads[i])
	}
	return n
}

// evaluate is what the fragments of eruption id do when every nested
// eruption it depends on does what nested says.
func (s *search) evaluate(id int32, nested func(int32) *fragResult) fragResult {
	e := &s.erupts[id]
	base := s.texts.bytes(e.at.delta)
	r := fragResult{idle: e.idle}
	for _, mv := range e.moves {
		u := newUnion(s.pos, base)
		for _, end := range mv.ends {
			d, unloads := s.texts.bytes(end.delta), string(s.texts.bytes(end.unloads))
			if end.nested >= 0 {
				// §3.8 the nested eruption's changes come after the
				// fragment's own, on the board it left.
				n := nested(end.nested)
				if n.err != nil {
					return fragResult{err: n.err, mergeErr: n.err}
				}
				if n.mergeErr != nil {
					return fragResult{err: n.mergeErr, mergeErr: n.mergeErr}
				}
				n.all.each(func(q board.Square, p board.Piece) { d = d.set(q, p) })
				unloads += n.allUnloads
			}
			u.add(d, unloads)
		}
		if u.err != nil {
			return fragResult{err: u.err, mergeErr: u.err}
		}
		r.effects = append(r.effects, u.effect)
		r.unloads = append(r.unloads, u.movedText())
	}
	// §3.8 Decision: seen from a fragment that erupts here, the moves
	// after this eruption are not told apart: all their effects apply, as
	// a union (§3.15).
	switch len(r.effects) {
	case 0:
		return r
	case 1:
		r.all, r.allUnloads = r.effects[0], r.unloads[0]
		return r
	}
	all := newUnion(s.pos, base)
	for i, eff := range r.effects {
		all.add(eff, r.unloads[i])
	}
	r.all, r.allUnloads, r.mergeErr = all.effect, all.movedText(), all.err
	return r
}

// union combines contributions (§3.15): the changes that differ from
// base, and the pieces moved. Two contributions that give one square
// different contents, or move one piece to two squares, make a conflict,
// kept in err.
type union struct {
	pos    *board.Position
	base   delta
	effect delta
	moved  map[string]string // unload source -> destination
	err    error
}

func newUnion(pos *board.Position, base delta) *union {
	return &union{pos: pos, base: base}
}

func (u *union) add(d delta, unloads string) {
	if u.err != nil {
		return
	}
	var conflict *board.Square
	d.each(func(q board.Square, p board.Piece) {
		if u.base.at(u.pos, q) == p {
			return
		}
		if i, ok := u.effect.find(q); ok && decodePiece(u.effect[i+2], u.effect[i+3]) != p && conflict == nil {
			conflict = &q
		}
		u.effect = u.effect.set(q, p)
	})
	for m := range strings.SplitSeq(unloads, ";") {
		if src, dst, ok := strings.Cut(m, ">"); ok {
			if prev, dup := u.moved[src]; dup && prev != dst && conflict == nil {
				q, _ := board.ParseSquare(src)
				conflict = &q
			}
			if u.moved == nil {
				u.moved = map[string]string{}
			}
			u.moved[src] = dst
		}
	}
	if conflict != nil {
		u.err = &FragmentConflictError{Square: *conflict}
	}
}

// movedText writes the moved pieces in a canonical order.
func (u *union) movedText() string {
	if len(u.moved) == 0 {
		return ""
	}
	srcs := make([]string, 0, len(u.moved))
	for src := range u.moved {
		srcs = append(srcs, src)
	}
	sort.Strings(srcs)
	var b strings.Builder
	for _, src := range srcs {
		fmt.Fprintf(&b, "%s>%s;", src, u.moved[src])
	}
	return b.String()
}

// firstDifference finds a square whose content differs between the
// effects of two results.
func firstDifference(pos *board.Position, a, b *fragResult) (board.Square, bool) {
	var squares []board.Square
	collect := func(r *fragResult) {
		for _, e := range r.effects {
			e.each(func(q board.Square, _ board.Piece) { squares = append(squares, q) })
		}
	}
	collect(a)
	collect(b)
	for _, q := range squares {
		if a.all.at(pos, q) != b.all.at(pos, q) {
			return q, true
		}
	}
	if len(squares) > 0 {
		return squares[0], true
	}
	return board.Square{}, false
}

// frontierKey is a canonical encoding of a set of states at one node.
func frontierKey(node int32, states []state) string {
	keys := make([]string, len(states))
	for i, st := range states {
		keys[i] = string(st.appendKey(nil))
	}
	sort.Strings(keys)
	b := binary.AppendVarint(nil, int64(node))
	for _, k := range keys {
		b = append(b, k...)
	}
	return string(b)
}

// appendKey appends the words of st to b, 32 bytes, so that equal
// encodings, alone or concatenated, mean equal states; the delta and the
// unloads are interned, so their ids stand for them.
func (st state) appendKey(b []byte) []byte {
	for _, w := range st.words() {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b
}

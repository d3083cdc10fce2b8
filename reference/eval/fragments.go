package eval

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"slices"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
)

// This file is §3.8 and §3.15 for fragments: what the fragments of an
// eruption do. It works in two steps, neither of them recursive:
//
//  1. discover runs the fragments of a joint eruption along every chain of
//     legs after it and records, for every class of chains that behave
//     alike, how its fragments end: with their changes, or by meeting
//     another x, where they erupt in turn. Where fragments go never
//     depends on what nested eruptions do, only what they leave behind
//     does.
//  2. solve resolves the nested eruptions: joint eruptions form a graph
//     (one depends on the ones its fragments erupt in), whose strongly
//     connected components are settled from the leaves up. A component
//     with a loop (§3.8, fragments that erupt in a loop) is settled by
//     rounds, round k holding the results of the chains whose eruptions
//     nest at most k deep in it, until a round adds nothing.
//
// A move of an eruption is a whole chain (§4.6, §5.1, §3.8): the
// fragments that erupt in turn on one chain, and theirs, go on along that
// same chain, so fragments of every depth stand on the same node at the
// same step. Running them in lockstep keeps each chain's nested results
// with that chain: the fragments that meet one x node on one chain erupt
// together, as one joint eruption whose members are their eruption
// states, and each result of it (one per class of chains after it) gives
// every member its own effect for that class, a vector. The eruption that
// erupted into it takes, for each class, the vector of that class only.

// eruption is a joint eruption: eruption states on one node whose
// fragments run along the same chains in lockstep (§3.8).
type eruption struct {
	members []int32    // the eruption states (search.keys), in increasing order
	moves   []fragMove // the classes of chains after the eruption
	deps    []int32    // the joint eruptions its fragments erupt in, each once

	result   fragResult
	vecIndex map[uint64][]int32 // result's vectors by the hash of their effects, once it is long
	combined []int              // by move: how many vectors of its nested eruption it has combined (1 once a move that ends has)
	solved   bool

	index, low int32 // Tarjan's numbering; index -1 until visited
	onStack    bool
	slot       int32 // position in the component being settled
}

// fragMove is one class of chains after a joint eruption (§4.6, §5.1:
// every chain of legs is a move of its own) and how its fragments end:
// all at the end of the chain (nested -1), or all by meeting the next x
// on the chain, where they erupt in the joint eruption nested.
type fragMove struct {
	nested int32
	// parts are the members' fragments on the class's chains at the node
	// where they end (-1 for a member whose fragments all blocked; nil
	// when every member's did): their ends are the move's.
	parts []int32
	// child, for a move whose fragments erupt, is each end's member in
	// the nested eruption: the ends of the members' parts, in order.
	child []int32
}

// fragEffect is what the fragments of one member do on one class of
// chains: the changes that differ from the board they set out on (a
// delta), and the pieces they moved ("from>to;"), both interned.
type fragEffect struct {
	effect, moved textID
}

// fragResult is what the fragments of one joint eruption do: a vector per
// class of chains with distinct effects, one effect per member, or a
// fragment conflict (§3.15). Vectors are only ever added, so a reader
// that has combined the first k of them need only combine the rest.
type fragResult struct {
	vectors [][]fragEffect
	err     error
}

// part is one member's part of a frontier: the states of the fragments
// that set out from one eruption state, on one chain so far, about to
// make the leg of node. Parts are interned (search.parts): fragments that
// stand alike go on alike, whichever joint eruption they belong to, so
// what a part's fragments do at its node is worked out once (step).
type part struct {
	node   int32
	states []state // in the order of their words, each once (sortStates)
	done   bool    // step has run
	// What its fragments do at node: ends are those that complete where
	// the chain may end, or, at a node whose leg erupts, those that meet
	// its x (§3.8), each erupting as the eruption state erupting[k].
	ends     []partEnd
	erupting []int32
	next     []int32 // by index in the node's Next: the part that goes on there, -1 for none
}

// partEnd is a fragment that completed, or met an x and erupts in turn:
// its changes and the pieces it moved ("from>to;", §3.15).
type partEnd struct{ delta, unloads textID }

// eruptionKey normalises st for the table of eruption states: the path
// walked, the carried piece and the unload record do not change what the
// fragments do, since they start with nothing (§3.15).
func eruptionKey(st state) state {
	st.path = 0
	st.carried, st.carryFrm, st.unloads = packedPiece{}, point{}, 0
	st.flags &^= flagErupted
	return st
}

// keyID returns the id of the eruption state st (normalised), adding it
// if it is new.
func (s *search) keyID(st state) int32 {
	if id, ok := s.keyIDs[st]; ok {
		return id
	}
	id := int32(len(s.keys))
	s.meter.spend(0, 3*stateSize)
	s.keys = append(s.keys, st)
	s.keyIDs[st] = id
	return id
}

// eruptionID returns the index of the joint eruption of the eruption
// states members (increasing), adding it (unexplored) if it is new.
func (s *search) eruptionID(members []int32) int32 {
	s.eruptKey = s.eruptKey[:0]
	for _, m := range members {
		s.eruptKey = binary.AppendUvarint(s.eruptKey, uint64(m))
	}
	if id, ok := s.eruptIDs[string(s.eruptKey)]; ok {
		return id
	}
	id := int32(len(s.erupts))
	s.meter.spend(0, eruptionCost+4*len(members)+2*len(s.eruptKey))
	s.erupts = append(s.erupts, eruption{members: members, index: -1, slot: -1})
	s.eruptIDs[string(s.eruptKey)] = id
	return id
}

// discover runs the fragments of joint eruption id (§3.8) along every
// chain after it and records how they end. A frontier is the fragments of
// one chain so far, a part for each member (-1 for a member whose
// fragments all blocked); chains whose frontiers are equal go on alike,
// so they are explored once (a subset construction: loops stay finite).
// A chain ends a class of its own where it may end, and where its
// fragments meet an x all of them erupt together, each as a member of one
// nested joint eruption, which follows the chain from there.
func (s *search) discover(id int32) {
	members := s.erupts[id].members
	n := len(members)
	type frontier struct {
		node  int32
		parts []int32
	}
	var (
		moves []fragMove
		deps  []int32
		empty bool // the class in which no fragment goes on is recorded
	)
	depSeen := map[int32]bool{}
	seen := map[string]bool{}
	start := make([]int32, n)
	for i, m := range members {
		st := s.keys[m]
		st.flags |= flagErupted
		start[i] = s.partID(st.node, []state{st})
	}
	queue := []frontier{{s.keys[members[0]].node, start}}
	var key []byte
	for len(queue) > 0 {
		fr := queue[0]
		queue = queue[1:]
		node := &s.prog.Nodes[fr.node]
		erupts := false
		for _, p := range fr.parts {
			if p >= 0 {
				s.step(p)
				erupts = erupts || len(s.parts[p].erupting) > 0
			}
		}
		if erupts {
			// Every fragment of the frontier stands on this node, so all of
			// them met its x. The rest of every chain through the node is
			// the nested joint eruption's to follow (§3.8).
			d, child := s.nestedEruption(fr.parts)
			if !depSeen[d] {
				depSeen[d] = true
				deps = append(deps, d)
			}
			s.meter.spend(0, 4*len(child)+4*n+moveCost)
			moves = append(moves, fragMove{nested: d, parts: fr.parts, child: child})
			continue
		}
		if node.End {
			// The chains that end here: one class, whether or not a
			// fragment completed (§3.8: the move then changes nothing).
			s.meter.spend(0, 4*n+moveCost)
			moves = append(moves, fragMove{nested: -1, parts: fr.parts})
		}
		for j, m := range node.Next {
			parts := make([]int32, n)
			live := false
			for i, p := range fr.parts {
				parts[i] = -1
				if p >= 0 {
					parts[i] = s.parts[p].next[j]
					live = live || parts[i] >= 0
				}
			}
			if !live {
				// No fragment goes on: every chain through m that ends is a
				// move whose fragments all blocked.
				if !empty && s.prog.Nodes[m].ReachesEnd {
					empty = true
					s.meter.spend(0, moveCost)
					moves = append(moves, fragMove{nested: -1})
				}
				continue
			}
			key = binary.AppendUvarint(key[:0], uint64(m))
			for _, p := range parts {
				key = binary.AppendVarint(key, int64(p))
			}
			if !seen[string(key)] {
				seen[string(key)] = true
				s.meter.spend(0, 2*len(key)+4*n+64)
				queue = append(queue, frontier{int32(m), parts})
			}
		}
	}
	e := &s.erupts[id]
	e.moves, e.deps = moves, deps
}

// partID returns the id of the part of fragments in states (sorted, each
// once) about to make the leg of node, adding it if it is new.
func (s *search) partID(node int32, states []state) int32 {
	s.partKey = binary.AppendUvarint(s.partKey[:0], uint64(node))
	for _, st := range states {
		s.partKey = st.appendKey(s.partKey)
	}
	if id, ok := s.partIDs[string(s.partKey)]; ok {
		return id
	}
	id := int32(len(s.parts))
	s.meter.spend(len(states), len(states)*seenCost+2*len(s.partKey)+partCost)
	s.parts = append(s.parts, part{node: node, states: states})
	s.partIDs[string(s.partKey)] = id
	return id
}

// step works out what the fragments of part id do at its node, once: the
// leg of every state, the fragments that complete or erupt, and the parts
// that go on to each next node.
func (s *search) step(id int32) {
	if s.parts[id].done {
		return
	}
	p := s.parts[id]
	node := &s.prog.Nodes[p.node]
	var ends []partEnd
	var erupting []int32
	next := make([][]state, len(node.Next))
	var met map[state]bool // the states of next met so far, once some list is long
	for _, st := range p.states {
		s.meter.spend(1, 0)
		s.successors(st, true, func(nx state) {
			ends = append(ends, partEnd{nx.delta, nx.unloads})
		}, func(nx state) {
			j := slices.Index(node.Next, int(nx.node))
			const short = 16 // lists up to this long are searched
			switch list := next[j]; {
			case len(list) < short:
				if slices.Contains(list, nx) {
					return
				}
			case met == nil:
				met = map[state]bool{}
				for _, l := range next {
					for _, x := range l {
						met[x] = true
					}
				}
				fallthrough
			default:
				if met[nx] {
					return
				}
			}
			if met != nil {
				met[nx] = true
			}
			s.meter.spend(0, seenCost)
			next[j] = append(next[j], nx)
		}, func(nx state) {
			// §3.8 a fragment that meets another x ends there, its
			// changes so far counting, and erupts in turn.
			ends = append(ends, partEnd{nx.delta, nx.unloads})
			erupting = append(erupting, s.keyID(eruptionKey(nx)))
		})
	}
	ids := make([]int32, len(next))
	for j, states := range next {
		ids[j] = -1
		if len(states) > 0 {
			ids[j] = s.partID(int32(node.Next[j]), s.sortStates(states))
		}
	}
	s.meter.spend(0, 8*len(ends)+4*len(erupting)+4*len(ids))
	q := &s.parts[id]
	q.ends, q.erupting, q.next, q.done = ends, erupting, ids, true
}

// nestedEruption returns the joint eruption that the fragments of the
// parts of a frontier erupt in, all of them having met the x of its node
// (§3.8), and the member there of each of their ends, in order.
func (s *search) nestedEruption(parts []int32) (int32, []int32) {
	var keys []int32
	for _, p := range parts {
		if p >= 0 {
			keys = append(keys, s.parts[p].erupting...)
		}
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	var child []int32
	for _, p := range parts {
		if p >= 0 {
			for _, k := range s.parts[p].erupting {
				j, _ := slices.BinarySearch(keys, k)
				child = append(child, int32(j))
			}
		}
	}
	return s.eruptionID(keys), child
}

// keyedState is a state with its words.
type keyedState struct {
	w  [4]uint64
	st state
}

// sortStates puts states in the order of their words, each once, in
// place, and returns them. The words are packed once a state, not once a
// comparison.
func (s *search) sortStates(states []state) []state {
	if len(states) < 2 {
		return states
	}
	ks := s.sortScratch[:0]
	for _, st := range states {
		ks = append(ks, keyedState{st.words(), st})
	}
	slices.SortFunc(ks, func(a, b keyedState) int {
		for i := range a.w {
			if c := cmp.Compare(a.w[i], b.w[i]); c != 0 {
				return c
			}
		}
		return 0
	})
	out := states[:0]
	for i, k := range ks {
		if i == 0 || k.w != ks[i-1].w {
			out = append(out, k.st)
		}
	}
	s.sortScratch = ks[:0]
	return out
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
// joint eruptions, whose dependencies outside it are settled.
//
// §3.8: every chain is finite, so each of its moves nests eruptions to a
// finite depth, even where the eruptions of a component erupt in one
// another in a loop. A component's results are then the least fixed
// point of extend, reached by rounds from nothing: round k holds the
// vectors of the chains whose eruptions nest at most k deep in it. The
// rounds only add vectors, of which a finite board has finitely many, so
// they end, with a round that adds none. A round extends only the
// eruptions whose dependencies gained vectors in the round before, and
// each combines only the vectors it has not combined yet.
func (s *search) settle(members []int32) {
	for i, m := range members {
		s.erupts[m].slot = int32(i)
	}
	dependents := make([][]int32, len(members)) // within the component, by slot
	for i, m := range members {
		for _, d := range s.erupts[m].deps {
			if j := s.erupts[d].slot; j >= 0 {
				dependents[j] = append(dependents[j], int32(i))
			}
		}
	}
	dirty := make([]int32, len(members))
	for i := range dirty {
		dirty[i] = int32(i)
	}
	inDirty := make([]bool, len(members))
	for len(dirty) > 0 {
		var grew []int32
		for _, i := range dirty {
			if s.extend(members[i]) {
				grew = append(grew, i)
			}
		}
		s.meter.spend(len(dirty), 0)
		clear(inDirty)
		dirty = dirty[:0]
		for _, i := range grew {
			for _, d := range dependents[i] {
				if !inDirty[d] {
					inDirty[d] = true
					dirty = append(dirty, d)
				}
			}
		}
	}
	for _, m := range members {
		e := &s.erupts[m]
		e.solved, e.slot, e.vecIndex, e.combined = true, -1, nil, nil
	}
}

// extend adds to the result of joint eruption id what its moves give
// with the vectors of their nested eruptions that it has not combined yet
// (§3.8, §4.6): each class of chains that ends gives one vector, each
// class whose fragments erupt in turn one vector per vector of the nested
// eruption, the result of the same chains (a move of an eruption is a
// whole chain). It reports whether the result grew or became an error.
func (s *search) extend(id int32) bool {
	e := &s.erupts[id]
	if e.result.err != nil {
		return false
	}
	if e.combined == nil {
		e.combined = make([]int, len(e.moves))
		s.meter.spend(0, 8*len(e.moves)+48)
	}
	before := len(e.result.vectors)
	for i := range e.moves {
		mv := &e.moves[i]
		if mv.nested < 0 {
			if e.combined[i] == 0 {
				e.combined[i] = 1
				s.combine(e, mv, nil)
			}
		} else {
			n := &s.erupts[mv.nested].result
			if n.err != nil {
				e.result.err = n.err
				return true
			}
			// n may be e's own result, which this loop extends: the
			// vectors it gains now are combined in the next round.
			ws := n.vectors[e.combined[i]:len(n.vectors)]
			e.combined[i] += len(ws)
			for _, w := range ws {
				s.combine(e, mv, w)
			}
		}
		if e.result.err != nil {
			return true
		}
	}
	return len(e.result.vectors) > before
}

// combine adds to the result of the joint eruption e the vector of its
// move mv when its nested eruption gives the vector w, unless the result
// has it already. A conflict among the fragments of one member makes the
// result an error (§3.15).
func (s *search) combine(e *eruption, mv *fragMove, w []fragEffect) {
	v := make([]fragEffect, len(e.members))
	at := 0 // the first end of the member's part in mv.child
	for i, m := range e.members {
		if mv.parts == nil || mv.parts[i] < 0 {
			continue // the member's fragments all blocked: no effect
		}
		p := mv.parts[i]
		var child []int32
		if mv.nested >= 0 {
			child = mv.child[at : at+len(s.parts[p].ends)]
			at += len(child)
		}
		var err error
		if v[i], err = s.memberEffect(m, p, child, w); err != nil {
			e.result.err = err
			return
		}
	}
	same := func(j int32) bool { return slices.Equal(e.result.vectors[j], v) }
	if len(e.result.vectors) < shortResult {
		for j := range e.result.vectors {
			if same(int32(j)) {
				return
			}
		}
	} else {
		if e.vecIndex == nil {
			e.vecIndex = map[uint64][]int32{}
			for j := range e.result.vectors {
				h := s.vectorHash(e.result.vectors[j])
				e.vecIndex[h] = append(e.vecIndex[h], int32(j))
			}
			s.meter.spend(0, 48*len(e.result.vectors))
		}
		h := s.vectorHash(v)
		if slices.ContainsFunc(e.vecIndex[h], same) {
			return
		}
		s.meter.spend(0, 48)
		e.vecIndex[h] = append(e.vecIndex[h], int32(len(e.result.vectors)))
	}
	s.meter.spend(0, 8*len(v)+24)
	e.result.vectors = append(e.result.vectors, v)
}

// vectorHash hashes the effects of a vector.
func (s *search) vectorHash(v []fragEffect) uint64 {
	b := s.vecKey[:0]
	for _, f := range v {
		b = binary.LittleEndian.AppendUint32(b, uint32(f.effect))
		b = binary.LittleEndian.AppendUint32(b, uint32(f.moved))
	}
	s.vecKey = b
	return maphash.Bytes(s.texts.seed, b)
}

// shortResult is how many vectors a result holds before they are looked
// up through a map rather than compared one by one.
const shortResult = 8

// memberEffect is what the fragments of eruption state m do on a class of
// chains where they end as part p's ends do (§3.15), each erupting in turn
// as member child[k] of a nested eruption whose vector is w (child nil:
// they complete). Equal questions get one answer, kept while the memo
// stays within its share of the memory budget.
func (s *search) memberEffect(m, p int32, child []int32, w []fragEffect) (fragEffect, error) {
	mk := binary.AppendUvarint(s.memoKey[:0], uint64(m))
	mk = binary.AppendUvarint(mk, uint64(p))
	for _, c := range child {
		mk = binary.AppendUvarint(mk, uint64(w[c].effect))
		mk = binary.AppendUvarint(mk, uint64(w[c].moved))
	}
	s.memoKey = mk
	if eff, ok := s.memo[string(mk)]; ok {
		return eff, nil
	}
	u := union{pos: s.pos, base: s.texts.bytes(s.keys[m].delta)}
	for k, end := range s.parts[p].ends {
		d, unloads := s.texts.bytes(end.delta), string(s.texts.bytes(end.unloads))
		if child != nil {
			// §3.8 the nested eruption's changes on this chain come after
			// the fragment's own, on the board it left.
			c := w[child[k]]
			s.texts.bytes(c.effect).each(func(q board.Square, p board.Piece) { d = d.set(q, p) })
			unloads += string(s.texts.bytes(c.moved))
		}
		u.add(d, unloads)
	}
	if u.err != nil {
		return fragEffect{}, u.err
	}
	eff := fragEffect{s.intern(u.effect), s.intern([]byte(u.movedText()))}
	if cost := 2*len(mk) + 48; s.memoBytes+cost <= s.opt.MaxBytes/memoShare {
		s.memoBytes += cost
		s.meter.spend(0, cost)
		s.memo[string(mk)] = eff
	}
	return eff, nil
}

// memoShare: the memo of member effects holds at most this fraction of
// the memory budget (1/memoShare).
const memoShare = 4

// intern returns the id of b in the search's texts, counting it against
// the memory budget if it is new.
func (s *search) intern(b []byte) textID {
	id, added := s.texts.intern(b)
	if added {
		s.meter.spend(0, textCost+len(b))
	}
	return id
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

// appendKey appends the words of st to b, 32 bytes, so that equal
// encodings, alone or concatenated, mean equal states; the delta and the
// unloads are interned, so their ids stand for them.
func (st state) appendKey(b []byte) []byte {
	for _, w := range st.words() {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b
}

package eval

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"betzacheck/reference/board"
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
	members []state    // normalised (eruptionKey), in the order of their keys
	moves   []fragMove // the classes of chains after the eruption
	deps    []int32    // the joint eruptions its fragments erupt in, each once

	result fragResult
	solved bool

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
	ends   []fragEnd
}

// fragEnd is a fragment that completed (reached the end of its chain) or
// met another x and erupts in turn as member child of the move's nested
// eruption. member is the member of the joint eruption it set out from.
type fragEnd struct {
	member  int32
	child   int32 // -1 for a fragment that completed
	delta   textID
	unloads textID // pieces it moved, "from>to;" (§3.15)
}

// fragEffect is what the fragments of one member do on one class of
// chains: the changes that differ from the board they set out on, and the
// pieces they moved.
type fragEffect struct {
	effect delta
	moved  string
}

// fragResult is what the fragments of one joint eruption do: a vector per
// class of chains with distinct effects, one effect per member, or a
// fragment conflict (§3.15).
type fragResult struct {
	vectors [][]fragEffect
	err     error
}

// nothing is the result of a nested eruption that adds nothing beyond its
// fragments' own changes: one vector of empty effects (a nil vector reads
// as every member's empty effect). Round 0 of settle starts from it.
func nothing() fragResult { return fragResult{vectors: [][]fragEffect{nil}} }

// token is one fragment in lockstep: its state and the member of the
// joint eruption it set out from.
type token struct {
	st     state
	member int32
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

// eruptionID returns the index of the joint eruption of the normalised
// states members, in key order, adding it (unexplored) if it is new.
func (s *search) eruptionID(members []state) int32 {
	s.eruptKey = s.eruptKey[:0]
	for _, m := range members {
		s.eruptKey = m.appendKey(s.eruptKey)
	}
	if id, ok := s.eruptIDs[string(s.eruptKey)]; ok {
		return id
	}
	id := int32(len(s.erupts))
	s.meter.spend(0, eruptionCost+len(members)*2*stateSize)
	s.erupts = append(s.erupts, eruption{members: members, index: -1, slot: -1})
	s.eruptIDs[string(s.eruptKey)] = id
	return id
}

// discover runs the fragments of joint eruption id (§3.8) along every
// chain after it and records how they end. A frontier is the set of
// fragments of one chain so far, each with the member it set out from;
// chains whose frontiers are equal go on alike, so they are explored once
// (a subset construction: loops stay finite). A chain ends a class of its
// own where it may end, and where its fragments meet an x all of them
// erupt together, each as a member of one nested joint eruption, which
// follows the chain from there.
func (s *search) discover(id int32) {
	members := s.erupts[id].members
	type frontier struct {
		node   int32
		tokens []token
	}
	var (
		moves []fragMove
		deps  []int32
		empty bool // the class in which no fragment goes on is recorded
	)
	depSeen := map[int32]bool{}
	seen := map[string]bool{}
	next := map[int32][]token{} // the tokens of one step, by node
	start := make([]token, len(members))
	for i, m := range members {
		m.flags |= flagErupted
		start[i] = token{m, int32(i)}
	}
	queue := []frontier{{members[0].node, start}}
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
		var erupting []token // the fragments that met an x, normalised
		clear(next)
		var met map[token]bool // the long lists of next as sets; short ones are searched
		for _, tk := range fr.tokens {
			s.meter.spend(1, 0)
			s.successors(tk.st, true, func(nx state) {
				ends = append(ends, fragEnd{tk.member, -1, nx.delta, nx.unloads})
			}, func(nx state) {
				const short = 16
				t := token{nx, tk.member}
				list := next[nx.node]
				if len(list) < short {
					if slices.Contains(list, t) {
						return
					}
				} else {
					if met == nil {
						met = map[token]bool{}
					}
					if len(list) == short {
						for _, x := range list {
							met[x] = true
						}
					}
					if met[t] {
						return
					}
					met[t] = true
				}
				hold(seenCost)
				next[nx.node] = append(list, t)
			}, func(nx state) {
				// §3.8 a fragment that meets another x ends there, its
				// changes so far counting, and erupts in turn.
				ends = append(ends, fragEnd{tk.member, -1, nx.delta, nx.unloads})
				erupting = append(erupting, token{eruptionKey(nx), tk.member})
			})
		}
		node := &s.prog.Nodes[fr.node]
		if len(erupting) > 0 {
			// Every fragment of the frontier stands on this node, so all of
			// them met its x. The rest of every chain through the node is
			// the nested joint eruption's to follow (§3.8).
			d := s.nestedEruption(erupting, ends)
			if !depSeen[d] {
				depSeen[d] = true
				deps = append(deps, d)
			}
			s.meter.spend(0, len(ends)*endCost)
			moves = append(moves, fragMove{d, ends})
			continue
		}
		if node.End {
			// The chains that end here: one class, whether or not a
			// fragment completed (§3.8: the move then changes nothing).
			s.meter.spend(0, len(ends)*endCost)
			moves = append(moves, fragMove{-1, ends})
		}
		for _, m := range node.Next {
			tokens := next[int32(m)]
			if len(tokens) == 0 {
				// No fragment goes on: every chain through m that ends is a
				// move whose fragments all blocked.
				if !empty && s.prog.Nodes[m].ReachesEnd {
					empty = true
					moves = append(moves, fragMove{-1, nil})
				}
				continue
			}
			if key := frontierKey(int32(m), tokens); !seen[key] {
				seen[key] = true
				hold(2*len(key) + 64)
				queue = append(queue, frontier{int32(m), tokens})
			}
		}
	}
	s.meter.spend(0, 4*len(deps)-transient)
	e := &s.erupts[id]
	e.moves, e.deps = moves, deps
}

// nestedEruption returns the joint eruption of the fragments erupting
// (normalised, with the members they set out from) and sets the child of
// each end in ends, which are erupting's ends in the same order, to its
// member there.
func (s *search) nestedEruption(erupting []token, ends []fragEnd) int32 {
	keys := make([]state, 0, len(erupting))
	for _, tk := range erupting {
		keys = append(keys, tk.st)
	}
	slices.SortFunc(keys, compareStates)
	keys = slices.Compact(keys)
	for i, tk := range erupting {
		j, _ := slices.BinarySearchFunc(keys, tk.st, compareStates)
		ends[i].child = int32(j)
	}
	return s.eruptionID(keys)
}

// compareStates orders states by their words.
func compareStates(a, b state) int {
	wa, wb := a.words(), b.words()
	for i := range wa {
		if c := cmp.Compare(wa[i], wb[i]); c != 0 {
			return c
		}
	}
	return 0
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
// point of evaluate, reached by rounds from nothing: round k holds the
// vectors of the chains whose eruptions nest at most k deep in the
// component. The rounds only add vectors, of which a finite board has
// finitely many, so they end, with a round that adds none.
//
// A round re-evaluates only the eruptions whose dependencies changed in
// the round before; the others would give what they gave.
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
	cur := make([]fragResult, n) // round 0: no vectors yet
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
	dirty := make([]int32, n)
	for i := range dirty {
		dirty[i] = int32(i)
	}
	for len(dirty) > 0 {
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
		inDirty := make([]bool, n)
		dirty = dirty[:0]
		for _, c := range changed {
			cost := resultCost(&c.r) - resultCost(&cur[c.slot]) + len(c.key) - len(keys[c.slot])
			transient += cost
			s.meter.spend(0, cost)
			cur[c.slot], keys[c.slot] = c.r, c.key
			if c.r.err != nil {
				// A conflict on one chain is the answer's (§3.15).
				for i := range cur {
					cur[i] = fragResult{err: c.r.err}
				}
				dirty = dirty[:0]
				break
			}
			for _, d := range dependents[c.slot] {
				if !inDirty[d] {
					inDirty[d] = true
					dirty = append(dirty, d)
				}
			}
		}
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
	for _, v := range r.vectors {
		b.WriteString(vectorKey(v))
	}
	return b.String()
}

// vectorKey is a canonical text of a vector of effects, never empty: a nil
// vector (every member's effect empty) and one of empty effects are one.
func vectorKey(v []fragEffect) string {
	var b strings.Builder
	b.WriteByte('[')
	for _, e := range v {
		fmt.Fprintf(&b, "%q%s,", string(e.effect), e.moved)
	}
	s := strings.TrimRight(b.String(), "\"\",")
	return s + "]"
}

// resultCost is the memory a settled result holds.
func resultCost(r *fragResult) int {
	n := 64
	for _, v := range r.vectors {
		n += 24
		for _, e := range v {
			n += 40 + len(e.effect) + len(e.moved)
		}
	}
	return n
}

// evaluate is what the fragments of joint eruption id do when every
// nested eruption it depends on does what nested says. Each class of
// chains that ends gives one vector; each class whose fragments erupt in
// turn gives one vector per vector of the nested eruption, the result of
// the same chains (§3.8: a move of an eruption is a whole chain).
func (s *search) evaluate(id int32, nested func(int32) *fragResult) fragResult {
	e := &s.erupts[id]
	n := len(e.members)
	var r fragResult
	var keys []string // of r.vectors, which are sorted by them at the end
	seen := map[string]bool{}
	unions := make([]*union, n)
	for _, mv := range e.moves {
		ws := nothing().vectors
		if mv.nested >= 0 {
			nr := nested(mv.nested)
			if nr.err != nil {
				return fragResult{err: nr.err}
			}
			ws = nr.vectors
		}
		for _, w := range ws {
			for i := range unions {
				unions[i] = newUnion(s.pos, s.texts.bytes(e.members[i].delta))
			}
			for _, end := range mv.ends {
				d, unloads := s.texts.bytes(end.delta), string(s.texts.bytes(end.unloads))
				if end.child >= 0 && w != nil {
					// §3.8 the nested eruption's changes on this chain come
					// after the fragment's own, on the board it left.
					c := w[end.child]
					c.effect.each(func(q board.Square, p board.Piece) { d = d.set(q, p) })
					unloads += c.moved
				}
				unions[end.member].add(d, unloads)
			}
			v := make([]fragEffect, n)
			for i, u := range unions {
				if u.err != nil {
					return fragResult{err: u.err}
				}
				v[i] = fragEffect{u.effect, u.movedText()}
			}
			if k := vectorKey(v); !seen[k] {
				seen[k] = true
				r.vectors = append(r.vectors, v)
				keys = append(keys, k)
			}
		}
	}
	// The vectors are a set: in the order of their keys, equal sets are
	// equal results.
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	sorted := make([][]fragEffect, len(order))
	for i, j := range order {
		sorted[i] = r.vectors[j]
	}
	r.vectors = sorted
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

// frontierKey is a canonical encoding of a set of tokens at one node.
func frontierKey(node int32, tokens []token) string {
	keys := make([]string, len(tokens))
	for i, tk := range tokens {
		b := tk.st.appendKey(nil)
		keys[i] = string(binary.LittleEndian.AppendUint32(b, uint32(tk.member)))
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

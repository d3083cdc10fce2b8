package expand

import (
	"strings"

	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// ctx is what the surroundings of a unit decide for it: the defaults of its
// first leg's directions and its last leg's modality (§4.2–§4.4), the
// prefix letters distributed onto it (§7.1), and whether its last leg ends
// the move.
type ctx struct {
	firstDirs   []string // nil: every direction
	firstDirWhy string
	firstErupt  bool
	firstEqual  bool
	equalSrc    *syntax.Modifiers // where the e was written
	moveStart   bool              // the first leg is the first leg of the whole move

	lastModal        Modality
	cVirgin, dVirgin bool
	lastModWhy       string
	modSrc           *syntax.Modifiers // where the modality was written; nil if implied
	final            bool              // the last leg ends the move

	moverVirgin bool
}

// frag is a piece of the graph: the nodes that start it and the nodes
// that end it.
type frag struct{ entries, exits []int }

type expander struct {
	prog *Program
	lim  Limits
	// ids holds every node's index at that index: a fragment of one node
	// lists it as a slice of ids, with nothing to allocate.
	ids []int
	// forward is the direction set f that §4.3 and §5.1 imply, one for
	// the whole program (Leg.Dirs are never written to).
	forward []string
	// atoms are the atoms looked up so far, by letter from 'A': a
	// notation names few atoms in many legs.
	atoms ['Z' - 'A' + 1]*geometry.Atom
}

// lookupAtom is geometry.LookupAtom, looked up once per letter.
func (e *expander) lookupAtom(letter byte) *geometry.Atom {
	if letter < 'A' || letter > 'Z' {
		return geometry.LookupAtom(letter) // the parser admits none
	}
	a := &e.atoms[letter-'A']
	if *a == nil {
		*a = geometry.LookupAtom(letter)
	}
	return *a
}

// Compile expands a parsed notation into a Program. Errors are
// *loc.Error (static errors of §9.7, §9.8) or *LimitError (§9.11),
// which is found from the tree before anything is expanded.
func Compile(n *syntax.Notation, src string, lim Limits) (_ *Program, err error) {
	size, lerr := countLegs(n, lim.MaxNodes)
	if lerr != nil {
		return nil, lerr
	}
	e := &expander{prog: &Program{Source: src, Nodes: make([]Node, 0, size)}, lim: lim, ids: make([]int, size), forward: []string{"f"}}
	for i := range e.ids {
		e.ids[i] = i
	}
	defer loc.Catch(&err)
	f := e.notation(n, moveContext())
	e.prog.Starts = f.entries
	if err := e.prog.checkFinalLegs(); err != nil {
		return nil, err
	}
	e.prog.markReachesEnd()
	return e.prog, nil
}

// moveContext is the context of a whole move: §4.4 the first leg goes every
// way, the last leg moves or captures and ends the move.
func moveContext() ctx {
	return ctx{
		firstDirWhy: "every direction on the first leg (§4.4)",
		moveStart:   true,
		lastModal:   M | C,
		lastModWhy:  "mc on the last leg (§4.4)",
		final:       true,
	}
}

// notation: §4.6 juxtaposed chains are a union, each in the same context,
// so a prefix on a set of moves applies to each member (§7.2).
func (e *expander) notation(n *syntax.Notation, c ctx) frag {
	var f frag
	for _, ch := range n.Chains {
		g := e.chain(ch, c)
		f.entries = append(f.entries, g.entries...)
		f.exits = append(f.exits, g.exits...)
	}
	return f
}

// chain: §4.1 each leg starts where the previous one ended.
func (e *expander) chain(ch *syntax.Chain, c ctx) frag {
	var f frag
	for i, l := range ch.Legs {
		lc := c
		if i > 0 {
			lc = e.rightOperand(lc)
		}
		if i < len(ch.Legs)-1 {
			lc = leftOperand(lc)
		}
		f = e.then(f, e.leg(l, lc), i == 0)
	}
	return f
}

// rightOperand: §4.3 an implied f on the first leg of a right operand of '-'.
func (e *expander) rightOperand(c ctx) ctx {
	c.firstDirs = e.forward
	c.firstDirWhy = "f implied on the right of '-' (§4.3)"
	c.firstErupt, c.firstEqual, c.moveStart = false, false, false
	return c
}

// leftOperand: §4.2 an implied m on the last leg of a left operand of '-';
// the move goes on after it.
func leftOperand(c ctx) ctx {
	c.lastModal, c.cVirgin, c.dVirgin, c.modSrc = M, false, false, nil
	c.lastModWhy = "m implied on the left of '-' (§4.2)"
	c.final = false
	return c
}

// leg applies the leg's own prefix, then expands its unit, repeated when
// it has an exponent.
func (e *expander) leg(l *syntax.Leg, c ctx) frag {
	why := "written"
	if _, atom := l.Unit.(*syntax.Atom); !atom || l.Exp != nil {
		why = "written on the enclosing unit (§7.1)"
	}
	c = distribute(l.Mods, c, why)
	if l.Exp == nil {
		return e.unit(l.Unit, c)
	}
	return e.repeat(l, c)
}

// distribute: §7.1 prefix letters fill the unspecified items: directions,
// x and e go to the first leg, modalities to the last leg, a mover-i to
// the whole move; a leg's own letters are applied last and so win.
func distribute(mods *syntax.Modifiers, c ctx, why string) ctx {
	s := mods.Set
	if s.Equal {
		c.equalSrc = mods
	}
	if s.Dirs != "" {
		c.firstDirs, c.firstDirWhy = directions(s.Dirs), why
	}
	c.firstErupt = c.firstErupt || s.Erupt
	c.firstEqual = c.firstEqual || s.Equal
	c.moverVirgin = c.moverVirgin || s.MoverVirgin
	if s.HasModality() {
		c.lastModal, c.cVirgin, c.dVirgin = modality(s.Modalities)
		c.lastModWhy, c.modSrc = why, mods
	}
	return c
}

// directions tokenises a direction string (§2.6); 'a' means every
// direction (§3.9), which is written as nil.
func directions(dirs string) []string {
	toks := syntax.DirectionTokens(dirs)
	for _, t := range toks {
		if t == "a" {
			return nil
		}
	}
	return toks
}

func modality(ms []syntax.Modality) (m Modality, cVirgin, dVirgin bool) {
	for _, x := range ms {
		switch x.Letter {
		case 'm':
			m |= M
		case 'c':
			m |= C
			cVirgin = x.VictimVirgin
		case 'd':
			m |= D
			dVirgin = x.VictimVirgin
		case 'p':
			m |= P
		case 't':
			m |= T
		case 'o':
			m |= O
		case 'u':
			m |= U
		}
	}
	return m, cVirgin, dVirgin
}

// unit expands an atom into one node, a group into its notation (§8.1). A
// group is a unit like an atom, in whatever context its prefixes, its
// exponent and its place in a chain give it (§8.2).
func (e *expander) unit(u syntax.Unit, c ctx) frag {
	switch u := u.(type) {
	case *syntax.Group:
		return e.notation(u.Body, c)
	case *syntax.Atom:
		return e.atom(u, c)
	}
	panic("expand: unknown unit")
}

func (e *expander) atom(a *syntax.Atom, c ctx) frag {
	// §9.8 e needs a previous leg.
	if c.firstEqual && c.moveStart {
		loc.Bail(loc.Errorf("", int(letterAt(c.equalSrc, 'e', a.At)), "§9.8", "e on the first leg of a move: there is no previous leg to be as long as"))
	}
	leg := Leg{
		Atom:        e.lookupAtom(a.Letter),
		Dirs:        c.firstDirs,
		DirWhy:      c.firstDirWhy,
		Modal:       c.lastModal,
		CVirgin:     c.cVirgin,
		DVirgin:     c.dVirgin,
		ModWhy:      c.lastModWhy,
		ModSrc:      c.modSrc,
		MoverVirgin: c.moverVirgin,
		Erupt:       c.firstErupt,
		Equal:       c.firstEqual,
		At:          a.At,
	}
	id := len(e.prog.Nodes)
	e.prog.Nodes = append(e.prog.Nodes, Node{Leg: leg, End: c.final})
	return frag{entries: e.just(id), exits: e.just(id)}
}

// just is the list of node id alone: a slice of e.ids whose capacity ends
// with it, so that appending to it copies it.
func (e *expander) just(id int) []int {
	if id < len(e.ids) {
		return e.ids[id : id+1 : id+1]
	}
	return []int{id} // not counted by countLegs: cannot happen
}

// then is the fragment f followed by g: a move through f goes on into g
// (§4.1); when first, f is empty and g is the whole.
func (e *expander) then(f, g frag, first bool) frag {
	if first {
		f.entries = g.entries
	} else {
		e.connect(f.exits, g.entries)
	}
	f.exits = g.exits
	return f
}

// connect lets every node of exits go on into every node of entries. A
// node that goes on nowhere yet takes entries itself, its length for its
// capacity, so that appending to it later copies it: most nodes are
// connected once, and so allocate nothing.
func (e *expander) connect(exits, entries []int) {
	if len(entries) == 0 {
		return
	}
	for _, x := range exits {
		if next := &e.prog.Nodes[x].Next; len(*next) == 0 {
			*next = entries[:len(entries):len(entries)]
		} else {
			*next = append(*next, entries...)
		}
	}
}

// repeat unrolls an exponent (§5). Factor k of the chain gets the
// surrounding first-leg items only when k = 1 and the surrounding last-leg
// items only when it is the last factor (§5.5); between factors the
// exponent's own modifiers, or f and m, are implied (§5.4).
func (e *expander) repeat(l *syntax.Leg, c ctx) frag {
	x := l.Exp
	joinDirs, joinDirWhy := e.forward, "f implied between repeated factors (§5.1)"
	if x.Mods.Set.Dirs != "" {
		joinDirs, joinDirWhy = directions(x.Mods.Set.Dirs), "written on the exponent (§5.4)"
	}
	joinModal, joinModWhy := M, "m implied between repeated factors (§5.1)"
	var joinC, joinD bool
	var joinSrc *syntax.Modifiers
	if x.Mods.Set.HasModality() {
		joinSrc = x.Mods
		joinModal, joinC, joinD = modality(x.Mods.Set.Modalities)
		joinModWhy = "written on the exponent (§5.4)"
	}
	factor := func(k int, last bool) frag {
		fc := c
		if k > 1 {
			fc.firstDirs, fc.firstDirWhy = joinDirs, joinDirWhy
			fc.firstErupt, fc.firstEqual, fc.moveStart = false, false, false
		}
		if !last {
			fc.lastModal, fc.cVirgin, fc.dVirgin, fc.lastModWhy, fc.modSrc = joinModal, joinC, joinD, joinModWhy, joinSrc
			fc.final = false
		}
		return e.unit(l.Unit, fc)
	}
	switch x.Kind {
	case syntax.Exact: // §5.2 exactly Count factors
		var f frag
		for k := 1; k <= x.Count; k++ {
			f = e.then(f, factor(k, k == x.Count), k == 1)
		}
		return f
	case syntax.UpTo: // §5.1 one to Count factors
		var f frag
		var more []int // exits of the previous not-last factor
		for k := 1; k <= x.Count; k++ {
			last := factor(k, true)
			var next frag
			if k < x.Count {
				next = factor(k, false)
			}
			if k == 1 {
				f.entries = append(append(f.entries, last.entries...), next.entries...)
			} else {
				e.connect(more, last.entries)
				e.connect(more, next.entries)
			}
			f.exits = append(f.exits, last.exits...)
			more = next.exits
		}
		return f
	default: // §5.3 any number of factors
		last1, more1 := factor(1, true), factor(1, false)
		lastK, moreK := factor(2, true), factor(2, false)
		e.connect(more1.exits, lastK.entries)
		e.connect(more1.exits, moreK.entries)
		e.connect(moreK.exits, lastK.entries)
		e.connect(moreK.exits, moreK.entries)
		return frag{
			entries: append(append([]int{}, last1.entries...), more1.entries...),
			exits:   append(append([]int{}, last1.exits...), lastK.exits...),
		}
	}
}

// checkFinalLegs: §9.7 a final leg of the real move (no x on the way to it)
// must let the mover stand on its end square: no p, t, o or u. The walk is
// breadth first from the starts, over a queue that holds each node at most
// twice (before and after an x).
func (p *Program) checkFinalLegs() error {
	type item struct {
		node    int
		erupted bool
	}
	seen := [2][]bool{make([]bool, len(p.Nodes)), make([]bool, len(p.Nodes))}
	queue := make([]item, 0, len(p.Nodes)) // mostly each node once; at most twice
	push := func(it item) {
		k := 0
		if it.erupted {
			k = 1
		}
		if !seen[k][it.node] {
			seen[k][it.node] = true
			queue = append(queue, it)
		}
	}
	for _, s := range p.Starts {
		push(item{s, false})
	}
	for head := 0; head < len(queue); head++ {
		it := queue[head]
		n := &p.Nodes[it.node]
		erupted := it.erupted || n.Leg.Erupt
		if n.End && !erupted {
			if bad := n.Leg.Modal & (P | T | O | U); bad != 0 {
				letter, msg := finalLegMessage(bad)
				return loc.Errorf("", int(letterAt(n.Leg.ModSrc, letter, n.Leg.At)), "§9.7", "%s", msg)
			}
		}
		for _, m := range n.Next {
			push(item{m, erupted})
		}
	}
	return nil
}

func finalLegMessage(bad Modality) (byte, string) {
	switch {
	case bad&P != 0:
		return 'p', "expected a modality the mover can end on (m, c or d), found p: it cannot stay on an occupied square"
	case bad&T != 0:
		return 't', "expected a modality the mover can end on (m, c or d), found t: it cannot stay on a friend's square"
	case bad&O != 0:
		return 'o', "expected a modality the mover can end on (m, c or d), found o: it cannot end off the board"
	}
	return 'u', "expected a modality the mover can end on (m, c or d), found u: it cannot land where it unloads"
}

// letterAt is the offset of letter in the modifier run src, or def when
// the letter was not written there.
func letterAt(src *syntax.Modifiers, letter byte, def syntax.Pos) syntax.Pos {
	if src != nil {
		if i := strings.IndexByte(src.Text, letter); i >= 0 {
			return src.At + syntax.Pos(i)
		}
	}
	return def
}

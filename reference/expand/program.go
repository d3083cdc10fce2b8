// Package expand turns a Betza 2.0 AST into a Program: a graph of legs in
// which every default has been resolved and every exponent unrolled. Each
// rule is one function citing its clause; the evaluator (package eval)
// walks the graph on a position.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package expand

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// Modality is a set of the modality letters m c d p t o u (§3).
type Modality uint8

// The modality bits.
const (
	M Modality = 1 << iota // empty square (§3.1)
	C                      // enemy, captured (§3.2)
	D                      // friend, destroyed (§3.3)
	P                      // any piece, hopped (§3.4)
	T                      // friend, hopped (§3.5)
	O                      // off the board (§3.6)
	U                      // unload onto an empty square (§3.7)
)

const modalityOrder = "mcdptou"

func (m Modality) String() string {
	var b strings.Builder
	for i := range modalityOrder {
		if m&(1<<i) != 0 {
			b.WriteByte(modalityOrder[i])
		}
	}
	return b.String()
}

// Has reports whether every bit of x is in m.
func (m Modality) Has(x Modality) bool { return m&x == x }

// Leg is one resolved leg: what it leaps, which directions, which
// conditions on its end square, and the flags of §3.
type Leg struct {
	Atom  *geometry.Atom
	Dirs  []string // direction names (§2.6); nil means every direction
	Modal Modality
	// VictimVirgin restricts c and d to pieces that have not moved (§3.11).
	CVirgin, DVirgin bool
	MoverVirgin      bool // the move needs a mover that has not moved (§3.11)
	Erupt            bool // x (§3.8)
	Equal            bool // e (§3.10)
	At               syntax.Pos
	ModSrc           *syntax.Modifiers // where Modal was written; nil if implied
	// Why records where the directions and the modality came from, for
	// explain: "written", or the default and its clause.
	DirWhy, ModWhy string
}

// AllDirections reports whether the leg may go every way its atom can.
func (l *Leg) AllDirections() bool { return l.Dirs == nil }

// Node is a leg in the graph with the legs that may follow it.
type Node struct {
	Leg Leg
	// Next are the indices of the nodes that may follow. Nodes may share
	// their Next arrays: they are never written to in place.
	Next []int
	End  bool // the move may end after this leg (§4.4)
	// ReachesEnd: some chain through this node ends the move (§4.6): the
	// node may end it, or a node after it may. Compile sets it.
	ReachesEnd bool
}

// Program is an expanded notation: start nodes and the graph.
type Program struct {
	Source string
	Nodes  []Node
	Starts []int
}

// Limits bounds expansion (§5.6, §9.11).
type Limits struct {
	MaxNodes int // legs in the unrolled graph
}

// DefaultLimits are the limits of §12.
var DefaultLimits = Limits{MaxNodes: 200_000}

// String writes the leg as explicit Betza 2.0, every default spelled out.
// Direction names that would read back as other names when written side
// by side (f and r make fr, §2.6) are written as a group of one leg per
// name: (fmWrmW).
func (l *Leg) String() string {
	if len(l.Dirs) > 1 && !slices.Equal(syntax.DirectionTokens(strings.Join(l.Dirs, "")), l.Dirs) {
		parts := make([]string, len(l.Dirs))
		for i, d := range l.Dirs {
			one := *l
			one.Dirs = []string{d}
			parts[i] = one.String()
		}
		return "(" + strings.Join(parts, "") + ")"
	}
	var buf [24]byte // most legs: one allocation, the result
	b := buf[:0]
	if l.MoverVirgin {
		b = append(b, 'i')
	}
	if l.Dirs == nil {
		if l.Atom.Class != geometry.Null {
			b = append(b, 'a')
		}
	}
	for _, d := range l.Dirs {
		b = append(b, d...)
	}
	if l.Erupt {
		b = append(b, 'x')
	}
	if l.Equal {
		b = append(b, 'e')
	}
	b = l.appendModalityLetters(b)
	b = append(b, l.Atom.Letter)
	return string(b)
}

// ModalityLetters writes the leg's modality as explicit Betza 2.0: its
// letters in the order m c d p t o u, with the i of §3.11 after a c or d
// that takes only pieces that have not moved ("mci"); "" for none.
func (l *Leg) ModalityLetters() string { return string(l.appendModalityLetters(nil)) }

// appendModalityLetters appends ModalityLetters to b.
func (l *Leg) appendModalityLetters(b []byte) []byte {
	for i := range modalityOrder {
		bit := Modality(1 << i)
		if l.Modal&bit == 0 {
			continue
		}
		b = append(b, modalityOrder[i])
		if (bit == C && l.CVirgin) || (bit == D && l.DVirgin) {
			b = append(b, 'i')
		}
	}
	return b
}

// Erupts reports whether some leg of the program erupts (x, §3.8).
func (p *Program) Erupts() bool {
	for i := range p.Nodes {
		if p.Nodes[i].Leg.Erupt {
			return true
		}
	}
	return false
}

// ChainText writes the legs of nodes, a chain or its first legs, as fully
// explicit Betza 2.0 joined by '-' ("aW-fmW", §4.1).
func (p *Program) ChainText(nodes []int) string {
	legs := make([]string, len(nodes))
	for i, n := range nodes {
		legs[i] = p.Nodes[n].Leg.String()
	}
	return strings.Join(legs, "-")
}

// Chains lists the chains of the program (ChainWalk's), each written as
// fully explicit Betza ("aW-fmW"), at most max of them: a chain longer
// than maxLegs legs is cut, and its first maxLegs legs are listed with
// "-…" when chains continue past them. It is for tests.
func (p *Program) Chains(max, maxLegs int) []string {
	var out []string
	for _, c := range p.WalkChains(max, maxLegs).Shown {
		text := p.ChainText(c.Nodes)
		if c.Ends {
			out = append(out, text)
		}
		if c.Cut {
			out = append(out, text+"-…")
		}
	}
	return out[:min(len(out), max)]
}

// ChainCountBits bounds the chain counts that are exact: a program with
// 2^ChainCountBits chains or more has its count given as that lower bound,
// so that counting stays cheap in time and memory on any program the node
// limit admits (§12).
const ChainCountBits = 1024

var chainCountCap = new(big.Int).Lsh(big.NewInt(1), ChainCountBits)

// ChainCount is a number of chains (§4.6: a chain is one way through the
// graph from a start to a leg that may end the move): exact, however
// large; a lower bound when AtLeast is set (the exact number is at least
// 2^ChainCountBits); or Unbounded, when a loop (a 0 exponent, §5.3) lets a
// chain repeat without end.
//
// A count below 2^64 is held in a machine word, so that counting the
// chains of a program allocates nothing per node; a larger one is a
// big.Int.
type ChainCount struct {
	small     uint64   // the number when large is nil
	large     *big.Int // the number when it is 2^64 or more, else nil
	AtLeast   bool
	Unbounded bool
}

// Exact reports whether the count is a number, not a bound.
func (c ChainCount) Exact() bool { return !c.AtLeast && !c.Unbounded }

// IsZero reports whether the count is exactly zero.
func (c ChainCount) IsZero() bool { return c.Exact() && c.large == nil && c.small == 0 }

// Int returns the number (the bound when AtLeast); nil when Unbounded.
func (c ChainCount) Int() *big.Int {
	switch {
	case c.Unbounded:
		return nil
	case c.large == nil:
		return new(big.Int).SetUint64(c.small)
	}
	return new(big.Int).Set(c.large)
}

// AtMost reports whether the count is a number no larger than n.
func (c ChainCount) AtMost(n uint64) bool { return c.Exact() && c.large == nil && c.small <= n }

// String writes the count: digits, "at least 2^1024", or "unbounded".
func (c ChainCount) String() string {
	switch {
	case c.Unbounded:
		return "unbounded"
	case c.AtLeast:
		return fmt.Sprintf("at least 2^%d", ChainCountBits)
	case c.large == nil:
		return strconv.FormatUint(c.small, 10)
	}
	return c.large.String()
}

// Why says what a count that is not a number stands for, with its
// clause; "" for an exact count.
func (c ChainCount) Why() string {
	switch {
	case c.Unbounded:
		return "an exponent repeats without end; the board bounds it, §5.3"
	case c.AtLeast:
		return "a lower bound: too many to count exactly"
	}
	return ""
}

// plus returns c + d, saturating at the cap.
func (c ChainCount) plus(d ChainCount) ChainCount {
	if c.Unbounded || d.Unbounded {
		return ChainCount{Unbounded: true}
	}
	atLeast := c.AtLeast || d.AtLeast
	if c.large == nil && d.large == nil {
		if sum, carry := bits.Add64(c.small, d.small, 0); carry == 0 {
			return ChainCount{small: sum, AtLeast: atLeast}
		}
	}
	sum := new(big.Int).Add(c.Int(), d.Int())
	if sum.Cmp(chainCountCap) >= 0 {
		return ChainCount{large: new(big.Int).Set(chainCountCap), AtLeast: true}
	}
	return ChainCount{large: sum, AtLeast: atLeast}
}

// ShownChain is one chain of a walk: its nodes, or its first maxLegs
// nodes when chains continue past them.
type ShownChain struct {
	Nodes []int
	Ends  bool // Nodes is a whole chain: its last leg may end the move
	// Cut: chains continue past Nodes, which holds maxLegs legs; Beyond
	// counts them.
	Cut    bool
	Beyond ChainCount
}

// ChainWalk is what a walk shows of a program's chains and how many
// there are.
type ChainWalk struct {
	Shown []ShownChain // at most maxChains entries, depth first in the graph's order
	Total ChainCount   // every chain of the program
	// More counts the chains that Shown does not stand for: those past
	// the last entry (a cut entry stands for the chains it continues to).
	More ChainCount
}

// WalkChains walks the chains of p depth first: every path from a start
// node to a node that may end the move, each ended at maxLegs legs, the
// first maxChains of them kept. The counts do not depend on maxChains or
// maxLegs. The walk costs O(maxChains·maxLegs) plus time and memory linear
// in the graph for the counts; maxChains and maxLegs must be at least 1.
// It is the one chain walk of the package; explain and the tests use it.
func (p *Program) WalkChains(maxChains, maxLegs int) ChainWalk {
	count := p.chainCounts()
	w := ChainWalk{}
	for _, s := range p.Starts {
		w.Total = w.Total.plus(count[s])
	}
	full := func() bool { return len(w.Shown) >= maxChains }
	var stack []walkFrame
	push := func(n int) {
		stack = append(stack, walkFrame{node: n})
		node := &p.Nodes[n]
		if len(stack) < maxLegs {
			if node.End {
				w.Shown = append(w.Shown, ShownChain{Nodes: path(stack), Ends: true})
			}
			return
		}
		c := ShownChain{Nodes: path(stack), Ends: node.End}
		for _, m := range node.Next {
			c.Beyond = c.Beyond.plus(count[m])
		}
		c.Cut = !c.Beyond.IsZero()
		w.Shown = append(w.Shown, c)
	}
	for _, s := range p.Starts {
		if count[s].IsZero() {
			continue
		}
		if full() {
			w.More = w.More.plus(count[s])
			continue
		}
		push(s)
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			node := &p.Nodes[top.node]
			if len(stack) >= maxLegs || top.next == len(node.Next) {
				stack = stack[:len(stack)-1]
				continue
			}
			m := node.Next[top.next]
			top.next++
			switch {
			case count[m].IsZero():
			case full():
				w.More = w.More.plus(count[m])
			default:
				push(m)
			}
		}
	}
	return w
}

// walkFrame is a node on the walk's path and the index of its next
// successor to visit.
type walkFrame struct{ node, next int }

// path returns the nodes on the walk's path.
func path(stack []walkFrame) []int {
	out := make([]int, len(stack))
	for i, f := range stack {
		out[i] = f.node
	}
	return out
}

// markReachesEnd sets ReachesEnd on every node from which some chain ends
// the move, by one walk back from the nodes that may end it: no
// recursion, linear in the program.
func (p *Program) markReachesEnd() {
	start, pred := p.predecessors()
	var queue []int32
	for i := range p.Nodes {
		if p.Nodes[i].End {
			p.Nodes[i].ReachesEnd = true
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		m := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, i := range pred[start[m]:start[m+1]] {
			if !p.Nodes[i].ReachesEnd {
				p.Nodes[i].ReachesEnd = true
				queue = append(queue, i)
			}
		}
	}
}

// predecessors returns the nodes before every node, in one array: those
// of node m are pred[start[m]:start[m+1]].
func (p *Program) predecessors() (start, pred []int32) {
	start = make([]int32, len(p.Nodes)+1)
	for _, nd := range p.Nodes {
		for _, m := range nd.Next {
			start[m+1]++
		}
	}
	for i := range p.Nodes {
		start[i+1] += start[i]
	}
	pred = make([]int32, start[len(p.Nodes)])
	fill := slices.Clone(start[:len(p.Nodes)])
	for i, nd := range p.Nodes {
		for _, m := range nd.Next {
			pred[fill[m]] = int32(i)
			fill[m]++
		}
	}
	return start, pred
}

// chainCounts returns, for every node, the number of chains from it: the
// ways from the node (itself included) to a node that may end the move.
// Only nodes that reach an end have chains. They are settled in reverse
// topological order; a node left unsettled reaches a loop that can still
// end the move, so its count is unbounded. Nothing recurses: the cost is
// linear in the graph whatever its depth.
func (p *Program) chainCounts() []ChainCount {
	start, pred := p.predecessors()
	// Settle the nodes whose successors that reach an end are all settled.
	waiting := make([]int, len(p.Nodes))
	queue := make([]int, 0, len(p.Nodes)) // each node enters once: no reslicing, no regrowing
	for i := range p.Nodes {
		if !p.Nodes[i].ReachesEnd {
			continue
		}
		for _, m := range p.Nodes[i].Next {
			if p.Nodes[m].ReachesEnd {
				waiting[i]++
			}
		}
		if waiting[i] == 0 {
			queue = append(queue, i)
		}
	}
	count := make([]ChainCount, len(p.Nodes))
	settled := make([]bool, len(p.Nodes))
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		settled[i] = true
		c := ChainCount{}
		if p.Nodes[i].End {
			c.small = 1
		}
		for _, m := range p.Nodes[i].Next {
			c = c.plus(count[m])
		}
		count[i] = c
		for _, j := range pred[start[i]:start[i+1]] {
			if p.Nodes[j].ReachesEnd {
				if waiting[j]--; waiting[j] == 0 {
					queue = append(queue, int(j))
				}
			}
		}
	}
	for i := range p.Nodes {
		if p.Nodes[i].ReachesEnd && !settled[i] {
			count[i] = ChainCount{Unbounded: true}
		}
	}
	return count
}

// LimitError reports a notation whose expansion would exceed a limit of
// §12.2 (§9.11). It is found before anything is expanded, and it is a
// static error of the notation like any other: Unwrap gives the
// *loc.Error, placed at the exponent (or leg) that takes the expansion
// past the limit.
type LimitError struct {
	Limit string // what is limited: "legs in the expanded move"
	Value int    // the limit
	At    syntax.Pos
	Err   *loc.Error
}

func (e *LimitError) Error() string { return e.Err.Error() }

// Unwrap returns the error as a *loc.Error.
func (e *LimitError) Unwrap() error { return e.Err }

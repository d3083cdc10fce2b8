// Package expand turns a Betza 2.0 AST into a Program: a graph of legs in
// which every default has been resolved and every exponent unrolled. Each
// rule is one function citing its clause; the evaluator (package eval)
// walks the graph on a position.
package expand

import (
	"slices"
	"strings"

	"betzacheck/reference/syntax"
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
	Atom  *Atom
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
	Leg  Leg
	Next []int // indices of the nodes that may follow
	End  bool  // the move may end after this leg (§4.4)
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
	joined := strings.Join(l.Dirs, "")
	if len(l.Dirs) > 1 && !slices.Equal(syntax.DirectionTokens(joined), l.Dirs) {
		parts := make([]string, len(l.Dirs))
		for i, d := range l.Dirs {
			one := *l
			one.Dirs = []string{d}
			parts[i] = one.String()
		}
		return "(" + strings.Join(parts, "") + ")"
	}
	var b strings.Builder
	if l.MoverVirgin {
		b.WriteByte('i')
	}
	if l.Dirs == nil {
		if l.Atom.Class != Null {
			b.WriteByte('a')
		}
	} else {
		b.WriteString(joined)
	}
	if l.Erupt {
		b.WriteByte('x')
	}
	if l.Equal {
		b.WriteByte('e')
	}
	for i := range modalityOrder {
		bit := Modality(1 << i)
		if l.Modal&bit == 0 {
			continue
		}
		b.WriteByte(modalityOrder[i])
		if (bit == C && l.CVirgin) || (bit == D && l.DVirgin) {
			b.WriteByte('i')
		}
	}
	b.WriteByte(l.Atom.Letter)
	return b.String()
}

// Chains lists the distinct leg sequences of the program, each written as
// fully explicit Betza ("aW-fmW"), up to max chains and legs per chain;
// a loop is cut with "…". It is for explain and for tests.
func (p *Program) Chains(max, maxLegs int) []string {
	var out []string
	var walk func(n int, prefix []string)
	walk = func(n int, prefix []string) {
		if len(out) >= max {
			return
		}
		node := &p.Nodes[n]
		prefix = append(prefix, node.Leg.String())
		if node.End {
			out = append(out, strings.Join(prefix, "-"))
		}
		if len(prefix) >= maxLegs {
			if len(node.Next) > 0 {
				out = append(out, strings.Join(prefix, "-")+"-…")
			}
			return
		}
		for _, m := range node.Next {
			walk(m, prefix)
		}
	}
	for _, s := range p.Starts {
		walk(s, nil)
	}
	return out
}

// LimitError reports a notation whose expansion would exceed a limit of
// §12.2 (§9.11). It is found before anything is expanded, and it is a
// static error of the notation like any other: Unwrap gives the
// *syntax.Error, placed at the exponent (or leg) that takes the expansion
// past the limit.
type LimitError struct {
	Limit string // what is limited: "legs in the expanded move"
	Value int    // the limit
	At    syntax.Pos
	Err   *syntax.Error
}

func (e *LimitError) Error() string { return e.Err.Error() }

// Unwrap returns the error as a *syntax.Error.
func (e *LimitError) Unwrap() error { return e.Err }

// Package syntax reads Betza 2.0 notation: a hand-written scanner, a
// recursive-descent parser producing an AST with byte offsets on every node,
// and a printer that writes the canonical form.
//
// The productions of grammar/betza2.ebnf and the AST share their names:
// Notation, Chain, Leg, Atom, Group, Exponent, Modifiers.
//
// Where the parser checks more than the grammar: the grammar accepts any
// run of modifier letters, while the parser also rejects a modality letter
// repeated on one leg, an 'h' that does not follow f, b, l or r (§9.9),
// a doubled atom letter such as NN (§1.6), exponents of "00" or above
// MaxExponent (§9.6, §5.6), groups nested deeper than 100 (§9.11). The
// semantic restrictions of §9.7 and §9.8 need the expanded move and are
// checked by package expand.
//
// Unlike go/parser, Parse stops at the first error instead of
// resynchronising: a notation is one short line, and the error after the
// first is almost always a consequence of it.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package syntax

// Pos is a byte offset into the parsed text, from 0.
type Pos int

// Node is implemented by every AST node.
type Node interface {
	Pos() Pos // first byte of the node
	End() Pos // first byte after the node
}

// Notation is a union of moves written side by side (§4.6): "fmWfcF" is
// the two chains fmW and fcF.
type Notation struct {
	Chains []*Chain
}

// Chain is one or more legs joined by '-' (§4.1).
type Chain struct {
	Legs   []*Leg
	Dashes []Pos // offset of each '-', len(Legs)-1 of them
}

// Leg is a unit (an atom or a group) with its prefix modifiers and an
// optional exponent (§5).
type Leg struct {
	Mods *Modifiers // prefix; never nil, possibly empty
	Unit Unit
	Exp  *Exponent // nil when there is none
}

// Unit is an *Atom or a *Group.
type Unit interface {
	Node
	unit()
}

// Atom is one capital letter naming a leap or a ride (§1).
type Atom struct {
	At     Pos
	Letter byte
}

// Group is a parenthesised notation (§8).
type Group struct {
	Lparen, Rparen Pos
	Body           *Notation
}

// ExpKind says how an exponent counts repetitions (§5).
type ExpKind uint8

// The three kinds of exponent.
const (
	UpTo      ExpKind = iota // W3: one to three factors (§5.1)
	Exact                    // W03: exactly three (§5.2)
	Unbounded                // W0: any number (§5.3)
)

// Exponent is the repetition suffix of a leg: modifiers (§5.4) and digits.
type Exponent struct {
	Mods   *Modifiers
	Digits Pos    // offset of the first digit
	Text   string // the digits as written
	Kind   ExpKind
	Count  int // number of factors; 0 when Unbounded
}

// Modifiers is a run of lower-case modifier letters, as written.
type Modifiers struct {
	At   Pos
	Text string
	Set  ModSet // the letters split by class; filled by the parser
}

func (n *Notation) Pos() Pos { return n.Chains[0].Pos() }
func (n *Notation) End() Pos { return n.Chains[len(n.Chains)-1].End() }
func (c *Chain) Pos() Pos    { return c.Legs[0].Pos() }
func (c *Chain) End() Pos    { return c.Legs[len(c.Legs)-1].End() }
func (l *Leg) Pos() Pos {
	if l.Mods.Text != "" {
		return l.Mods.At
	}
	return l.Unit.Pos()
}
func (l *Leg) End() Pos {
	if l.Exp != nil {
		return l.Exp.End()
	}
	return l.Unit.End()
}
func (a *Atom) Pos() Pos  { return a.At }
func (a *Atom) End() Pos  { return a.At + 1 }
func (g *Group) Pos() Pos { return g.Lparen }
func (g *Group) End() Pos { return g.Rparen + 1 }
func (e *Exponent) Pos() Pos {
	if e.Mods.Text != "" {
		return e.Mods.At
	}
	return e.Digits
}
func (e *Exponent) End() Pos  { return e.Digits + Pos(len(e.Text)) }
func (m *Modifiers) Pos() Pos { return m.At }
func (m *Modifiers) End() Pos { return m.At + Pos(len(m.Text)) }

func (*Atom) unit()  {}
func (*Group) unit() {}

package spanish

import "github.com/betzacheck/betzacheck/reference/geometry"

// Pos is a byte offset into the parsed text, from 0.
type Pos int

// Node is implemented by every AST node.
type Node interface {
	Pos() Pos // first byte of the node
	End() Pos // first byte after the node
}

// Notation is a list of movements separated by commas: their union
// (§S1.2).
type Notation struct {
	Moves  []*Move
	Commas []Pos // offset of each ',', len(Moves)-1 of them
}

// Move is one or more parts joined by the conjunction U (§S6.1).
type Move struct {
	Parts []*Part
	Us    []Pos // offset of each 'U', len(Parts)-1 of them
}

// Part is one element of a conjunction: a prefix and a body (§S1.4).
type Part struct {
	Prefix *Prefix // never nil, possibly empty
	Body   Body
}

// Prefix is the run of special determinants o, i, c written before a
// body, in the order i, o, c (§S3.4).
type Prefix struct {
	At   Pos
	Text string
}

// Has reports whether the prefix holds the letter c.
func (p *Prefix) Has(c byte) bool {
	for i := 0; i < len(p.Text); i++ {
		if p.Text[i] == c {
			return true
		}
	}
	return false
}

// Body is a *Simple, *Group, *Brinco, *Capture or *Other.
type Body interface {
	Node
	body()
}

// Group is a parenthesised movement (§S6.5).
type Group struct {
	Lparen, Rparen Pos
	Move           *Move
}

// Simple is a determinant with its free text and range: "D:n+",
// "S:(2,1)", "Tp:\"todo\"", "S:\"no alineado\"n(2,1)" (§S2).
type Simple struct {
	Det   *Determinant
	Text  *Text  // nil when there is none
	Range *Range // nil when the text stands alone
}

// Determinant is the kind of displacement: D, S, Tp or B, before ':'
// (§S2.1–§S2.4).
type Determinant struct {
	At   Pos
	Name string // "D", "S", "Tp" or "B"
}

// Brinco is "B(esp)": a hopper whose hop the text explains only in prose
// (§S2.5).
type Brinco struct {
	At Pos
}

// Capture is a capture determinant: cL(d), the locust capture of checkers
// (§S3.5), or cE(area), the explosive capture (§S3.6).
type Capture struct {
	At    Pos
	Kind  byte // 'L' or 'E'
	Colon bool // written "cL:" / "cE:"
	// cL: the direction, in parentheses.
	Lparen, Rparen Pos
	Dir            Unit // *Line or *Hypogonal
	// cE: the area, one or more parenthesised ranges joined by U.
	Area []*AreaItem
}

// AreaItem is one parenthesised range of an explosion's area.
type AreaItem struct {
	Lparen, Rparen Pos
	Range          *Range
}

// Other is a movement of the kind "Otro": free text alone, or the word
// Otro with an optional text (§S2.6).
type Other struct {
	At      Pos
	Keyword bool  // the word "Otro" was written
	Text    *Text // nil for a bare "Otro"
}

// Text is free text in double quotes, kept verbatim (§S2.6).
type Text struct {
	At     Pos // the opening quote
	Close  Pos // the closing quote
	Value  string
	Source string // as written, quotes included
}

// Range is a count and a unit: "n+", "1x>", "(2)+", "2(3)+", "(2x)",
// "n(2,1)" (§S4).
type Range struct {
	Count *Count // nil when there is none
	Unit  Unit
}

// Count is the number of steps or repetitions before a unit (§S4.1–§S4.3).
type Count struct {
	At    Pos
	Steps string // "n", digits, or "" when only Exact is written
	N     int    // the number of Steps; 0 for "n" or ""
	Exact *Exact // nil when there is none
}

// Unbounded reports whether the steps are "n".
func (c *Count) Unbounded() bool { return c.Steps == "n" }

// Exact is a count in parentheses: "(2)" (§S4.2).
type Exact struct {
	Lparen, Rparen Pos
	N              int
}

// Unit is a *Line, *Span or *Hypogonal.
type Unit interface {
	Node
	unit()
}

// LineKind says which family a line direction belongs to.
type LineKind uint8

// The families of line directions.
const (
	Orthogonal LineKind = iota // + <> = > < (r=) (=r)   (§S5.2)
	Diagonal                   // x x> x< x(r=) x>(=r) (x2) … (§S5.3, §S7.1)
	All                        // *                      (§S5.4)
	Hyper                      // any that needs 3 dimensions or more: (x3) (<>4) (>3) x(>3) (x3)>(r=)(>3) … (§S7.1)
)

// Line is a direction along a line of single steps (§S5.2–§S5.4, §S7.1).
// Orders, Along and Lean say which moves it names on a board of any
// number of dimensions (§S7.3, §S7.4): the single steps that change
// Orders[i] coordinates by one each, along the axis Along if it is not
// 0, leaning towards every unidirectional orthogonal of Lean. Moves are
// those of them that lie in the plane, when the direction needs no more
// than two dimensions.
type Line struct {
	At     Pos
	Source string // as written
	Kind   LineKind
	Moves  []Vec    // the unit moves in the player's frame; nil for Hyper
	Dim    int      // the number of dimensions the direction needs: 2, or more for Hyper
	Orders []int    // [1] orthogonal, [2] diagonal, [1 2] for *, [a] for (xa)
	Along  int      // the axis of a bidirectional orthogonal: 2 for <>, 1 for =, a for (<>a); 0 for any
	Lean   []Toward // > is {2 +1}; x>(r=) is {2 +1} {1 +1}; x(>3) and (x3)(>3) are {3 +1}
}

// Toward is a unidirectional orthogonal of any number of dimensions, in
// the player's frame: Sign (+1 or -1) along Axis, which is 1 for right
// (r=), 2 for forward >, 3 for up (>3), a for (>a) (§S7.3).
type Toward struct{ Axis, Sign int }

// towardOf is the unidirectional orthogonal of a plane's unit vector.
func towardOf(v Vec) Toward {
	if v.X != 0 {
		return Toward{1, v.X}
	}
	return Toward{2, v.Y}
}

// Span is a unit of several steps in one direction, in parentheses:
// "(2x)" (§S4.4).
type Span struct {
	Lparen, Rparen Pos
	N              int
	Line           *Line
}

// Hypogonal is a leap of a steps along one orthogonal and b along the
// other, "(2,1)", with an optional selector of the moves that lean one
// way: "(2,1)>" (§S5.5, §S5.6). With three or more coordinates, or a
// selector that names a third axis, it is n-dimensional (§S7.1).
type Hypogonal struct {
	Lparen, Rparen Pos
	Coords         []int
	Selector       *Selector // nil when there is none
}

// Dim is the number of dimensions the hypogonal needs: one axis for each
// coordinate, and the axes its selector names (§S7.2).
func (h *Hypogonal) Dim() int {
	d := max(2, len(h.Coords))
	if s := h.Selector; s != nil {
		d = max(d, s.Orth.Axis, s.Diag[0].Axis, s.Diag[1].Axis)
	}
	return d
}

// Selector picks the moves of a hypogonal that lean towards one
// unidirectional orthogonal or diagonal: ">", "(r=)", "(>3)",
// "x>(r=)", "x>(>3)" (§S5.6, §S7.5).
type Selector struct {
	At     Pos
	Source string
	// Orth is the orthogonal of an orthogonal selector; Diag the two
	// orthogonals whose bisector a diagonal selector names.
	Orth   Toward
	Diag   [2]Toward
	IsDiag bool
}

// Vec is a displacement (Δfile, Δrank) in the player's frame: forward is
// (0, +1), right is (+1, 0) (§S5.1). It is Betza 2.0's displacement, so
// that moves compare with the direction table of package geometry.
type Vec = geometry.Vec

func (n *Notation) Pos() Pos { return n.Moves[0].Pos() }
func (n *Notation) End() Pos { return n.Moves[len(n.Moves)-1].End() }
func (m *Move) Pos() Pos     { return m.Parts[0].Pos() }
func (m *Move) End() Pos     { return m.Parts[len(m.Parts)-1].End() }
func (p *Part) Pos() Pos {
	if p.Prefix.Text != "" {
		return p.Prefix.At
	}
	return p.Body.Pos()
}
func (p *Part) End() Pos        { return p.Body.End() }
func (p *Prefix) Pos() Pos      { return p.At }
func (p *Prefix) End() Pos      { return p.At + Pos(len(p.Text)) }
func (g *Group) Pos() Pos       { return g.Lparen }
func (g *Group) End() Pos       { return g.Rparen + 1 }
func (s *Simple) Pos() Pos      { return s.Det.At }
func (d *Determinant) Pos() Pos { return d.At }
func (d *Determinant) End() Pos { return d.At + Pos(len(d.Name)) }
func (s *Simple) End() Pos {
	if s.Range != nil {
		return s.Range.End()
	}
	return s.Text.End()
}
func (b *Brinco) Pos() Pos  { return b.At }
func (b *Brinco) End() Pos  { return b.At + Pos(len("B(esp)")) }
func (c *Capture) Pos() Pos { return c.At }
func (c *Capture) End() Pos {
	if c.Kind == 'L' {
		return c.Rparen + 1
	}
	return c.Area[len(c.Area)-1].Rparen + 1
}
func (o *Other) Pos() Pos { return o.At }
func (o *Other) End() Pos {
	if o.Text != nil {
		return o.Text.End()
	}
	return o.At + Pos(len("Otro"))
}
func (t *Text) Pos() Pos { return t.At }
func (t *Text) End() Pos { return t.Close + 1 }
func (r *Range) Pos() Pos {
	if r.Count != nil {
		return r.Count.Pos()
	}
	return r.Unit.Pos()
}
func (r *Range) End() Pos { return r.Unit.End() }
func (c *Count) Pos() Pos { return c.At }
func (c *Count) End() Pos {
	if c.Exact != nil {
		return c.Exact.Rparen + 1
	}
	return c.At + Pos(len(c.Steps))
}
func (l *Line) Pos() Pos { return l.At }
func (l *Line) End() Pos { return l.At + Pos(len(l.Source)) }
func (s *Span) Pos() Pos { return s.Lparen }
func (s *Span) End() Pos { return s.Rparen + 1 }
func (h *Hypogonal) Pos() Pos {
	return h.Lparen
}
func (h *Hypogonal) End() Pos {
	if h.Selector != nil {
		return h.Selector.At + Pos(len(h.Selector.Source))
	}
	return h.Rparen + 1
}

func (*Simple) body()  {}
func (*Group) body()   {}
func (*Brinco) body()  {}
func (*Capture) body() {}
func (*Other) body()   {}

func (*Line) unit()      {}
func (*Span) unit()      {}
func (*Hypogonal) unit() {}

package spanish

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// maxDepth bounds group nesting so that hostile input cannot exhaust the
// stack (§S6.5).
const maxDepth = 100

// maxDigits bounds a written number; counts above the Betza 2.0 limit are
// reported by the translation (§S4.6).
const maxDigits = 9

type parser struct {
	src   string
	off   int
	depth int
}

// Parse reads src as a Spanish notation. The error, if any, is a
// *loc.Error with the byte offset, what was expected and what was
// found, and the clause of spec/spanish.md.
func Parse(src string) (_ *Notation, err error) {
	p := &parser{src: src}
	defer loc.Catch(&err)
	n := p.notation()
	if p.off < len(p.src) {
		if p.peek() == ')' {
			p.fail(p.off, "§S6.5", "expected ',', 'U' or the end of input, found ')' with no matching '('")
		}
		p.fail(p.off, "§S1.2", "expected ',', 'U' or the end of input, found %s", p.found())
	}
	return n, nil
}

// fail stops reading with an error at byte at. A space found where
// something else was expected breaks §S1.1 whatever was expected: spaces
// stand only after a comma and in free text, so the error is §S1.1's and
// says so.
func (p *parser) fail(at int, clause, format string, args ...any) {
	if p.at(at) == ' ' {
		clause, format = "§S1.1", format+": a space stands only after a comma or in free text"
	}
	loc.Bail(loc.Errorf(dialect.Spanish, at, clause, format, args...))
}

// peek returns the byte at the offset, 0 at the end.
func (p *parser) peek() byte { return p.at(p.off) }

func (p *parser) at(i int) byte {
	if i < len(p.src) {
		return p.src[i]
	}
	return 0
}

func (p *parser) has(s string) bool { return strings.HasPrefix(p.src[p.off:], s) }

// found describes what stands at the offset, for "found ..." in messages.
func (p *parser) found() string { return p.foundAt(p.off) }

func (p *parser) foundAt(i int) string { return dialect.Found(p.src, i) }

// expect consumes s, or fails at the first byte of s that is not there:
// "expected what, found ..." for a single byte, "expected 'c' to complete
// what, found ..." for a longer s.
func (p *parser) expect(s, what, clause string) {
	for i := 0; i < len(s); i++ {
		if p.at(p.off+i) != s[i] {
			if len(s) > 1 {
				what = fmt.Sprintf("'%c' to complete %s", s[i], what)
			}
			p.fail(p.off+i, clause, "expected %s, found %s", what, p.foundAt(p.off+i))
		}
	}
	p.off += len(s)
}

// Notation = Move { Comma Move } .  Comma = "," { " " } .
func (p *parser) notation() *Notation {
	p.listItem(-1)
	n := &Notation{Moves: []*Move{p.move()}}
	for p.peek() == ',' {
		comma := p.off
		n.Commas = append(n.Commas, Pos(comma))
		p.off++
		for p.peek() == ' ' {
			p.off++
		}
		p.listItem(comma)
		n.Moves = append(n.Moves, p.move())
	}
	return n
}

// listItem checks that a movement of the list starts at the offset, at the
// start of the notation (comma < 0) or after the comma at offset comma: a
// notation is never empty, and every comma has a movement before and after
// it (§S1.2).
func (p *parser) listItem(comma int) {
	if p.off < len(p.src) && p.peek() != ',' {
		return
	}
	if comma < 0 {
		p.fail(p.off, "§S1.2", "expected a movement, found %s", p.found())
	}
	p.fail(p.off, "§S1.2", "expected a movement after the comma at offset %d, found %s", comma, p.found())
}

// Move = Part { "U" Part } .
func (p *parser) move() *Move {
	m := &Move{Parts: []*Part{p.part()}}
	for p.peek() == 'U' {
		m.Us = append(m.Us, Pos(p.off))
		p.off++
		m.Parts = append(m.Parts, p.part())
	}
	return m
}

// Part = Prefix ( Simple | Group | Brinco ) | [ "i" ] Capture | Other .
// Free text and Otro take no prefix (§S2.6), only i may stand before cL
// and cE (§S3.4), and B( is read as B(esp) up to its first wrong
// character (§S2.5).
func (p *parser) part() *Part {
	start := p.off
	if c := p.peek(); c == '"' || p.has("Otro") {
		return &Part{Prefix: &Prefix{At: Pos(start)}, Body: p.other()}
	}
	pre := p.prefix()
	part := &Part{Prefix: pre}
	switch {
	case p.has("cL") || p.has("cE"): // after no prefix or i (prefix)
		part.Body = p.capture()
	case strings.HasSuffix(pre.Text, "c") && (p.peek() == 'L' || p.peek() == 'E'):
		p.fail(p.off, "§S3.4", "expected D:, S:, Tp:, B:, B(esp) or '(' after the prefix %q, found %s: only i may stand before cL and cE, which capture by themselves", pre.Text, p.found())
	case pre.Text != "" && (p.peek() == '"' || p.has("Otro")):
		p.fail(p.off, "§S2.6", "expected D:, S:, Tp:, B:, B(esp) or '(' after the prefix %q, found %s: free text and Otro take no prefix", pre.Text, p.found())
	case p.peek() == '(':
		part.Body = p.group()
	case p.has("B("):
		part.Body = &Brinco{At: Pos(p.off)}
		p.expect("B(esp)", "B(esp)", "§S2.5")
	case p.has("Tp"), p.peek() == 'D', p.peek() == 'S', p.peek() == 'B':
		part.Body = p.simple()
	case p.peek() == 'T':
		p.fail(p.off+1, "§S2.3", "expected 'p' after 'T' (the determinant Tp:), found %s", p.foundAt(p.off+1))
	case pre.Text != "":
		p.fail(p.off, "§S1.4", "expected D:, S:, Tp:, B:, B(esp) or '(' after the prefix %q, found %s", pre.Text, p.found())
	default:
		p.fail(p.off, "§S1.4", "expected a movement (D:, S:, Tp:, B:, B(esp), cL, cE, '(', Otro or free text in quotes), found %s", p.found())
	}
	return part
}

// Prefix = [ "i" ] [ "o" ] [ "c" ] : in this order, each at most once
// (§S3.4). A 'c' directly followed by 'L' or 'E' is the capture
// determinant where one may stand, after no prefix or after i; after o it
// is the prefix c, and the 'L' or 'E' is the character that cannot follow.
func (p *parser) prefix() *Prefix {
	pre := &Prefix{At: Pos(p.off)}
	const order = "ioc"
	last := -1
	for {
		c := p.peek()
		k := strings.IndexByte(order, c)
		capture := c == 'c' && (p.at(p.off+1) == 'L' || p.at(p.off+1) == 'E') && (pre.Text == "" || pre.Text == "i")
		if k < 0 || capture {
			return pre
		}
		if k <= last {
			if k == last {
				p.fail(p.off, "§S3.4", "expected each of the prefixes i, o, c at most once, found '%c' again", c)
			}
			p.fail(p.off, "§S3.4", "expected the prefixes in the order i, o, c, found '%c' after '%c'", c, order[last])
		}
		last = k
		pre.Text += string(c)
		p.off++
	}
}

// Group = "(" Move ")" .
func (p *parser) group() *Group {
	open := p.off
	p.off++
	p.depth++
	if p.depth > maxDepth {
		p.fail(open, "§S6.5", "expected groups nested at most %d deep, found more", maxDepth)
	}
	if p.peek() == ')' {
		p.fail(p.off, "§S6.5", "expected a movement inside '(', found ')'")
	}
	m := p.move()
	p.wantClose(open, "§S6.5", "the '('")
	g := &Group{Lparen: Pos(open), Rparen: Pos(p.off), Move: m}
	p.off++
	p.depth--
	return g
}

// Simple = Determinant ":" ( Text [ Range ] | Range ) .
// Determinant = "D" | "S" | "Tp" | "B" .
func (p *parser) simple() *Simple {
	d := &Determinant{At: Pos(p.off)}
	switch {
	case p.has("Tp"):
		d.Name = "Tp"
	default:
		d.Name = p.src[p.off : p.off+1]
	}
	p.off += len(d.Name)
	clause := map[string]string{"D": "§S2.1", "S": "§S2.2", "Tp": "§S2.3", "B": "§S2.4"}[d.Name]
	p.expect(":", fmt.Sprintf("':' after the determinant %s", d.Name), clause)
	s := &Simple{Det: d}
	if p.peek() == '"' {
		s.Text = p.text()
		if p.startsRange(p.off) {
			s.Range = p.rangeOf()
		}
		return s
	}
	if !p.startsRange(p.off) {
		p.fail(p.off, "§S4.1", "expected a count, a direction or free text after %s:, found %s", d.Name, p.found())
	}
	s.Range = p.rangeOf()
	return s
}

// startsRange reports whether a Range can begin at offset i.
func (p *parser) startsRange(i int) bool {
	c := p.at(i)
	return isDigit(c) || c == 'n' || startsUnit(c)
}

// Range = Count Line | [ Count ] ( Span | Hypogonal ) .
func (p *parser) rangeOf() *Range {
	r := &Range{Count: p.count()}
	r.Unit = p.unit()
	if l, ok := r.Unit.(*Line); ok && r.Count == nil {
		p.fail(int(l.At), "§S4.5", "expected a count (a number, n or (k)) before the direction %q, found none", l.Source)
	}
	return r
}

// Count = Steps [ Exact ] | Exact .  Steps = "n" | Number .
// Exact = "(" Number ")" .  A count stands before the unit it counts
// (§S4): after steps (§S4.1) or an exact count (§S4.2), what cannot start
// a unit, another n included, is the error.
func (p *parser) count() *Count {
	c := &Count{At: Pos(p.off)}
	switch ch := p.peek(); {
	case ch == '0':
		p.fail(p.off, "§S4.1", "expected a count of 1 or more, or n, found '0'")
	case isDigit(ch):
		c.Steps, c.N = p.number("§S4.1")
	case ch == 'n':
		c.Steps = "n"
		p.off++
	}
	if p.exactAhead() {
		open := p.off
		p.off++
		_, n := p.number("§S4.2")
		c.Exact = &Exact{Lparen: Pos(open), Rparen: Pos(p.off), N: n}
		p.off++
	}
	switch {
	case c.Steps == "" && c.Exact == nil:
		return nil
	case startsUnit(p.peek()):
	case c.Exact != nil:
		p.fail(p.off, "§S4.2", "expected a direction or a hypogonal after the exact count (%d), found %s", c.Exact.N, p.found())
	default:
		p.fail(p.off, "§S4.1", "expected a direction, a span or a hypogonal after the count %s, found %s", c.Steps, p.found())
	}
	return c
}

// startsUnit reports whether c can start a Line, Span or Hypogonal.
func startsUnit(c byte) bool { return c != 0 && strings.IndexByte("+<>=*x(", c) >= 0 }

// exactAhead reports whether "(" digits ")" starts at the offset.
func (p *parser) exactAhead() bool {
	return p.peek() == '(' && isDigit(p.at(p.off+1)) && p.at(p.afterDigits(p.off+1)) == ')'
}

// afterDigits returns the offset of the first byte from i on that is not a
// digit.
func (p *parser) afterDigits(i int) int {
	for isDigit(p.at(i)) {
		i++
	}
	return i
}

// number reads Number = NonZeroDigit { Digit } .
func (p *parser) number(clause string) (string, int) {
	start := p.off
	if !isDigit(p.peek()) || p.peek() == '0' {
		p.fail(p.off, clause, "expected a number from 1, found %s", p.found())
	}
	for isDigit(p.peek()) {
		p.off++
	}
	text := p.src[start:p.off]
	if len(text) > maxDigits {
		p.fail(start, "§S4.6", "expected a number of at most %d digits, found %d", maxDigits, len(text))
	}
	n, _ := strconv.Atoi(text)
	return text, n
}

// unit reads a Line, Span or Hypogonal. After '(', an n is a count where
// only a number may stand (§S4.2) and a comma a missing coordinate of a
// hypogonal (§S5.5).
func (p *parser) unit() Unit {
	if p.peek() != '(' {
		return p.line()
	}
	switch c := p.at(p.off + 1); {
	case isDigit(c):
		return p.spanOrHypogonal()
	case c == 'x', c == '<', c == '>', c == 'r', c == '=':
		return p.line()
	case c == 'n':
		p.fail(p.off+1, "§S4.2", "expected a number after '(', found 'n': an exact count is a number, and n goes only outside a parenthesis or in front of one")
	case c == ',':
		p.fail(p.off+1, "§S5.5", "expected a number after '(', found ',': a hypogonal's coordinates are positive numbers")
	}
	p.fail(p.off+1, "§S4.4", "expected a number, x, <, >, r= or =r after '(', found %s", p.foundAt(p.off+1))
	return nil
}

// spanOrHypogonal reads "(" Number Line ")" or a Hypogonal. The number
// belongs to the hypogonal (§S5.5) when a comma follows it, to the span
// (§S4.4) otherwise.
func (p *parser) spanOrHypogonal() Unit {
	open := p.off
	p.off++
	clause := "§S4.4"
	if p.at(p.afterDigits(p.off)) == ',' {
		clause = "§S5.5"
	}
	_, n := p.number(clause)
	if p.peek() == ',' {
		return p.hypogonal(open, n)
	}
	if p.peek() == ')' {
		p.fail(p.off, "§S4.4", "expected a direction after '(%d', found ')': an exact count is followed by a direction, as in (%d)+", n, n)
	}
	l := p.line()
	p.wantClose(open, "§S4.4", "the span")
	s := &Span{Lparen: Pos(open), Rparen: Pos(p.off), N: n, Line: l}
	p.off++
	return s
}

// Hypogonal = "(" Number "," Number { "," Number } ")" [ Selector ] .
func (p *parser) hypogonal(open, first int) *Hypogonal {
	h := &Hypogonal{Lparen: Pos(open), Coords: []int{first}}
	last := 0
	for p.peek() == ',' {
		p.off++
		last = p.off
		_, n := p.number("§S5.5")
		h.Coords = append(h.Coords, n)
	}
	if p.peek() != ')' {
		p.fail(p.off, "§S5.5", "expected ',' or ')' in the hypogonal at offset %d, found %s", open, p.found())
	}
	if allEqual(h.Coords) {
		p.fail(last, "§S5.5", "expected a value different from the others in the hypogonal, found %d again: a leap with all its coordinates equal is a diagonal", first)
	}
	h.Rparen = Pos(p.off)
	p.off++
	h.Selector = p.selector()
	return h
}

// allEqual reports whether every coordinate is the first: such a leap
// is a diagonal, (1,1) is x and (1,1,1) is (x3), never a hypogonal
// (§S5.5).
func allEqual(coords []int) bool {
	for _, c := range coords {
		if c != coords[0] {
			return false
		}
	}
	return true
}

// Selector = Toward | "x" Toward Toward : one unidirectional
// orthogonal, or x and two on different axes (§S5.6, §S7.1). A further
// direction after the selector, or one that is not a selector, is the
// error.
func (p *parser) selector() *Selector {
	start := p.off
	s := &Selector{At: Pos(start)}
	switch c := p.peek(); {
	case c == '>' || c == '<' || c == '(':
		s.Orth, _ = p.toward("§S5.6")
	case c == 'x':
		p.off++
		s.IsDiag = true
		a, ok := p.toward("§S5.6")
		if !ok {
			p.fail(p.off, "§S5.6", "expected >, <, (r=), (=r) or (>3) after 'x' in a hypogonal's selector, found %s", p.found())
		}
		at := p.off
		b, ok := p.toward("§S5.6")
		if !ok {
			p.fail(at, "§S5.6", "expected a direction at right angles to the one before, found %s", p.foundAt(at))
		}
		p.rightAngles(a, b, at, "§S5.6")
		s.Diag = [2]Toward{a, b}
	case startsUnit(c):
		p.fail(p.off, "§S5.6", "expected a selector (>, <, (r=), (=r), (>3), or x and two of them) after the hypogonal, found %s", p.found())
	default:
		return nil
	}
	s.Source = p.src[start:p.off]
	if startsUnit(p.peek()) {
		p.fail(p.off, "§S5.6", "expected the end of the selector %s, found %s: a selector is one unidirectional orthogonal (>, <, (r=), (=r), (>3), …), or x and two of them at right angles", s.Source, p.found())
	}
	return s
}

// toward reads a unidirectional orthogonal, Toward = Vert | Side |
// "(" ( ">" | "<" ) Dim ")" (§S5.2, §S7.1), if one starts at the offset:
// forward, back, right, left, or up or down along axis 3 or beyond. Its
// callers stand where nothing else can start with these characters (line
// reads "<>" and the bidirectional verticals first), so a '<' is back
// even before a '>', and a '(' starts a unidirectional orthogonal whose
// reading fails under clause at the first character that cannot continue
// it.
func (p *parser) toward(clause string) (Toward, bool) {
	switch p.peek() {
	case '>':
		p.off++
		return Toward{2, +1}, true
	case '<':
		p.off++
		return Toward{2, -1}, true
	case '(':
		switch c := p.at(p.off + 1); {
		case c == 'r':
			p.expect("(r=)", "(r=)", clause)
			return Toward{1, +1}, true
		case c == '=':
			p.expect("(=r)", "(=r)", clause)
			return Toward{1, -1}, true
		case c == '<' && p.at(p.off+2) == '>':
			p.fail(p.off+1, clause, "expected a unidirectional orthogonal, found '<>': the vertical (<>a) names two directions, up and down")
		case c == '>' || c == '<':
			open := p.off
			p.off += 2
			d := p.dim(3, verticalWhy)
			p.wantClose(open, "§S7.1", "the direction")
			p.off++
			return Toward{d, map[byte]int{'>': +1, '<': -1}[c]}, true
		}
		p.fail(p.off+1, clause, "expected r=, =r, >a or <a after '(' (a unidirectional orthogonal: (r=), (=r), (>3), (<3), …), found %s", p.foundAt(p.off+1))
	}
	return Toward{}, false
}

// Line = Orth | Diag | "*" | Hyper .
func (p *parser) line() *Line {
	start := p.off
	l := &Line{At: Pos(start)}
	switch c := p.peek(); {
	case c == '+':
		p.off++
		l.Kind, l.Orders = Orthogonal, []int{1}
	case p.has("<>"):
		p.off += 2
		l.Kind, l.Orders, l.Along = Orthogonal, []int{1}, 2
	case c == '=':
		p.off++
		l.Kind, l.Orders, l.Along = Orthogonal, []int{1}, 1
	case c == '*':
		p.off++
		l.Kind, l.Orders = All, []int{1, 2}
	case c == 'x':
		p.off++
		l.Kind, l.Orders = Diagonal, []int{2}
		p.diagonal(l)
	case p.has("(x"), p.has("(<"), p.has("(>"):
		p.hyper(l)
	default:
		t, ok := p.toward("§S5.2")
		if !ok {
			p.fail(p.off, "§S5.2", "expected a direction (+ <> = > < (r=) (=r) x * or a hypogonal), found %s", p.found())
		}
		l.Kind, l.Orders, l.Lean = Orthogonal, []int{1}, []Toward{t}
	}
	l.Source = p.src[start:p.off]
	l.Dim = max(2, l.Along, slices.Max(l.Orders))
	for _, t := range l.Lean {
		l.Dim = max(l.Dim, t.Axis)
	}
	if l.Dim > 2 {
		l.Kind = Hyper // §S7.1
		return l
	}
	l.Moves = inPlane(lineSteps(l, 2))
	return l
}

// rightAngles fails under clause unless b, read from offset at, lies on
// another axis than a: a diagonal lies between two orthogonals at right
// angles (§S5.3, §S5.6).
func (p *parser) rightAngles(a, b Toward, at int, clause string) {
	if a.Axis == b.Axis {
		p.fail(at, clause, "expected a direction at right angles to the one before, found %q on the same axis", p.src[at:p.off])
	}
}

// Diag = "x" [ Toward [ Toward ] ] : the diagonal steps that lean
// towards every unidirectional orthogonal written, one or two on
// different axes (§S5.3, §S7.1), which l.Lean records.
func (p *parser) diagonal(l *Line) {
	a, ok := p.toward("§S5.3")
	if !ok {
		return
	}
	l.Lean = []Toward{a}
	at := p.off
	b, ok := p.toward("§S5.3")
	if !ok {
		return
	}
	p.rightAngles(a, b, at, "§S5.3")
	l.Lean = append(l.Lean, b)
	if c := p.peek(); c == '>' || c == '<' || c == '(' {
		p.fail(p.off, "§S5.3", "expected the end of the diagonal %s, found %s: a diagonal step changes two coordinates, so it leans towards two orthogonals at most; (x3) names the steps that change three", p.src[l.At:p.off], p.found())
	}
}

// Hyper = "(" "x" PolyDim ")" { Toward } | "(" ( "<>" | ">" | "<" ) Dim ")" .
// The polygonal (x2) is the plane's diagonal (§S7.1).
func (p *parser) hyper(l *Line) {
	open := p.off
	p.off++
	switch {
	case p.peek() == 'x':
		p.off++
		l.Kind = Diagonal
		l.Orders = []int{p.dim(2, polygonalWhy)}
	case p.has("<>"):
		p.off += 2
		l.Kind, l.Orders = Hyper, []int{1}
		l.Along = p.dim(3, verticalWhy)
	default: // '>' or '<'
		sign := map[byte]int{'>': +1, '<': -1}[p.peek()]
		p.off++
		l.Kind, l.Orders = Hyper, []int{1}
		l.Lean = []Toward{{p.dim(3, verticalWhy), sign}}
	}
	p.wantClose(open, "§S7.1", "the direction")
	p.off++
	if l.Kind != Diagonal {
		return
	}
	for {
		t, ok := p.toward("§S7.1")
		if !ok {
			return
		}
		l.Lean = append(l.Lean, t)
	}
}

// The least dimensions of a vertical's axis and of a polygonal, and why
// a smaller one is refused (§S7.1).
const (
	verticalWhy  = "the plane's orthogonals are written <>, =, >, <, (r=) and (=r)"
	polygonalWhy = "a polygonal step changes two coordinates or more, and a step that changes one is an orthogonal, +"
)

// dim reads Dim = "3" … "9" | NonZeroDigit Digit { Digit } , the axis of
// a vertical, with least 3, or PolyDim = "2" | Dim , the coordinates a
// polygonal step changes, with least 2 (§S7.1); why says why a smaller
// number is refused.
func (p *parser) dim(least int, why string) int {
	at := p.off
	if !isDigit(p.peek()) {
		p.fail(at, "§S7.1", "expected a number of dimensions, found %s", p.found())
	}
	_, n := p.number("§S7.1")
	if n < least {
		p.fail(at, "§S7.1", "expected a number of dimensions of %d or more, found %d: %s", least, n, why)
	}
	return n
}

// Capture = "cL" [ ":" ] "(" ( Line | Hypogonal ) ")"
//
//	| "cE" [ ":" ] Area .
//
// Area = "(" Range ")" { "U" "(" Range ")" } .
func (p *parser) capture() *Capture {
	c := &Capture{At: Pos(p.off), Kind: p.src[p.off+1]}
	p.off += 2
	if p.peek() == ':' {
		c.Colon = true
		p.off++
	}
	if c.Kind == 'L' {
		if p.peek() != '(' {
			p.fail(p.off, "§S3.5", "expected '(' and a direction after cL, found %s", p.found())
		}
		c.Lparen = Pos(p.off)
		p.off++
		c.Dir = p.locustDirection()
		p.wantClose(int(c.Lparen), "§S3.5", "cL(")
		c.Rparen = Pos(p.off)
		p.off++
		return c
	}
	c.Area = []*AreaItem{p.areaItem()}
	for p.peek() == 'U' && p.at(p.off+1) == '(' && p.areaAhead(p.off+2) {
		p.off++
		c.Area = append(c.Area, p.areaItem())
	}
	return c
}

// locustDirection reads the direction of cL(…), a Line or a Hypogonal: it
// has no count (§S3.5), so a count, or a number in parentheses that no
// comma makes a hypogonal, is the error where it shows.
func (p *parser) locustDirection() Unit {
	switch c := p.peek(); {
	case isDigit(c) || c == 'n':
		p.fail(p.off, "§S3.5", "expected a direction in cL(…), found %s: the direction of cL has no count", p.found())
	case c == '(' && isDigit(p.at(p.off+1)):
		open := p.off
		p.off++
		_, n := p.number("§S5.5")
		if p.peek() != ',' {
			p.fail(p.off, "§S3.5", "expected ',' in the hypogonal at offset %d, found %s: the direction of cL has no count or span", open, p.found())
		}
		return p.hypogonal(open, n)
	case !startsUnit(c):
		p.fail(p.off, "§S3.5", "expected a direction (+ <> = > < (r=) (=r) x * or a hypogonal) in cL(…), found %s", p.found())
	}
	return p.unit()
}

// areaAhead reports whether a Range (rather than a Part) starts at i,
// inside the "(" of an area item.
func (p *parser) areaAhead(i int) bool {
	c := p.at(i)
	if c == '(' {
		return isDigit(p.at(i+1)) || strings.IndexByte("x<>r=", p.at(i+1)) >= 0 && p.at(i+1) != 0
	}
	return p.startsRange(i)
}

func (p *parser) areaItem() *AreaItem {
	if p.peek() != '(' {
		p.fail(p.off, "§S3.6", "expected '(' and a range after cE, found %s", p.found())
	}
	it := &AreaItem{Lparen: Pos(p.off)}
	p.off++
	if !p.startsRange(p.off) {
		p.fail(p.off, "§S3.6", "expected a range (a count and a direction) in the area of cE, found %s", p.found())
	}
	it.Range = p.rangeOf()
	p.wantClose(int(it.Lparen), "§S3.6", "the area")
	it.Rparen = Pos(p.off)
	p.off++
	return it
}

// Other = "Otro" [ ":" Text ] | Text .
func (p *parser) other() *Other {
	o := &Other{At: Pos(p.off)}
	if p.has("Otro") {
		o.Keyword = true
		p.off += len("Otro")
		if p.peek() == ':' {
			p.off++
			if p.peek() != '"' {
				p.fail(p.off, "§S2.6", "expected free text in quotes after Otro:, found %s", p.found())
			}
			o.Text = p.text()
		}
		return o
	}
	o.Text = p.text()
	return o
}

// Text = "\"" { TextChar } "\"" .  TextChar is a printable ASCII character
// other than the quote, or a Latin-1 letter or sign (U+00A1–U+00FF).
func (p *parser) text() *Text {
	open := p.off
	p.off++
	for {
		if p.off >= len(p.src) {
			p.fail(p.off, "§S2.6", "expected '\"' to close the text opened at offset %d, found end of input", open)
		}
		r, size := utf8.DecodeRuneInString(p.src[p.off:])
		if r == '"' {
			break
		}
		if !textRune(r) || r == utf8.RuneError && size == 1 {
			p.fail(p.off, "§S2.6", "expected a printable character or '\"' in free text, found %q", r)
		}
		p.off += size
	}
	t := &Text{At: Pos(open), Close: Pos(p.off), Value: p.src[open+1 : p.off], Source: p.src[open : p.off+1]}
	p.off++
	return t
}

func textRune(r rune) bool {
	return r >= ' ' && r <= '~' && r != '"' || r >= 0xA1 && r <= 0xFF
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// wantClose fails under clause unless the next character is the ')' that
// closes the '(' at offset open: "expected ')' to close WHAT at offset N".
// The caller reads the ')'.
func (p *parser) wantClose(open int, clause, what string) {
	if p.peek() != ')' {
		p.fail(p.off, clause, "expected ')' to close %s at offset %d, found %s", what, open, p.found())
	}
}

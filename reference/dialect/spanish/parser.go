package spanish

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"betzacheck/reference/dialect"
	"betzacheck/reference/loc"
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
	if src == "" {
		p.fail(0, "§S1.2", "expected a movement, found end of input")
	}
	n := p.notation()
	if p.off < len(p.src) {
		if p.peek() == ')' {
			p.fail(p.off, "§S6.5", "expected ',', 'U' or the end of input, found ')' with no matching '('")
		}
		p.fail(p.off, "§S1.2", "expected ',', 'U' or the end of input, found %s", p.found())
	}
	return n, nil
}

func (p *parser) fail(at int, clause, format string, args ...any) {
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

// expect consumes s or fails with "expected what, found ...".
func (p *parser) expect(s, what, clause string) {
	if !p.has(s) {
		p.fail(p.off, clause, "expected %s, found %s", what, p.found())
	}
	p.off += len(s)
}

// Notation = Move { Comma Move } .  Comma = "," { " " } .
func (p *parser) notation() *Notation {
	n := &Notation{Moves: []*Move{p.move()}}
	for p.peek() == ',' {
		n.Commas = append(n.Commas, Pos(p.off))
		p.off++
		for p.peek() == ' ' {
			p.off++
		}
		n.Moves = append(n.Moves, p.move())
	}
	return n
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
func (p *parser) part() *Part {
	start := p.off
	if c := p.peek(); c == '"' || p.has("Otro") {
		return &Part{Prefix: &Prefix{At: Pos(start)}, Body: p.other()}
	}
	pre := p.prefix()
	part := &Part{Prefix: pre}
	switch {
	case p.has("cL") || p.has("cE"):
		if pre.Has('o') || pre.Has('c') {
			p.fail(p.off, "§S3.4", "expected D:, S:, Tp:, B: or '(' after the prefix %q, found '%s': only i may stand before cL and cE, which capture by themselves", pre.Text, p.src[p.off:p.off+2])
		}
		part.Body = p.capture()
	case p.peek() == '(':
		part.Body = p.group()
	case p.has("B("):
		if !p.has("B(esp)") {
			p.fail(p.off+2, "§S2.5", "expected \"esp\" in B(esp), found %s", p.foundAt(p.off+2))
		}
		part.Body = &Brinco{At: Pos(p.off)}
		p.off += len("B(esp)")
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

// Prefix = [ "i" ] [ "o" ] [ "c" ] .  A 'c' directly followed by 'L' or
// 'E' is the capture determinant, not a prefix.
func (p *parser) prefix() *Prefix {
	pre := &Prefix{At: Pos(p.off)}
	const order = "ioc"
	last := -1
	for {
		c := p.peek()
		k := strings.IndexByte(order, c)
		if k < 0 || (c == 'c' && (p.at(p.off+1) == 'L' || p.at(p.off+1) == 'E')) {
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
	if p.peek() != ')' {
		p.fail(p.off, "§S6.5", "expected ')' to close the '(' at offset %d, found %s", open, p.found())
	}
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
	return isDigit(c) || strings.IndexByte("n(+x*<>=", c) >= 0 && c != 0
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
// Exact = "(" Number ")" .
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
	if c.Steps == "" && c.Exact == nil {
		return nil
	}
	return c
}

// exactAhead reports whether "(" digits ")" starts at the offset.
func (p *parser) exactAhead() bool {
	if p.peek() != '(' || !isDigit(p.at(p.off+1)) {
		return false
	}
	i := p.off + 1
	for isDigit(p.at(i)) {
		i++
	}
	return p.at(i) == ')'
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

// unit reads a Line, Span or Hypogonal.
func (p *parser) unit() Unit {
	if p.peek() != '(' {
		return p.line()
	}
	switch c := p.at(p.off + 1); {
	case isDigit(c):
		return p.spanOrHypogonal()
	case c == 'x', c == '<', c == '>', c == 'r', c == '=':
		return p.line()
	}
	p.fail(p.off+1, "§S4.4", "expected a number, x, <, >, r= or =r after '(', found %s", p.foundAt(p.off+1))
	return nil
}

// spanOrHypogonal reads "(" Number Line ")" or a Hypogonal.
func (p *parser) spanOrHypogonal() Unit {
	open := p.off
	p.off++
	_, n := p.number("§S4.4")
	if p.peek() == ',' {
		return p.hypogonal(open, n)
	}
	if p.peek() == ')' {
		p.fail(p.off, "§S4.4", "expected a direction after '(%d', found ')': an exact count is followed by a direction, as in (%d)+", n, n)
	}
	l := p.line()
	if p.peek() != ')' {
		p.fail(p.off, "§S4.4", "expected ')' to close the span at offset %d, found %s", open, p.found())
	}
	s := &Span{Lparen: Pos(open), Rparen: Pos(p.off), N: n, Line: l}
	p.off++
	return s
}

// Hypogonal = "(" Number "," Number { "," Number } ")" [ Selector ] .
func (p *parser) hypogonal(open, first int) *Hypogonal {
	h := &Hypogonal{Lparen: Pos(open), Coords: []int{first}}
	for p.peek() == ',' {
		p.off++
		at := p.off
		_, n := p.number("§S5.5")
		for _, c := range h.Coords {
			if c == n {
				p.fail(at, "§S5.5", "expected a value different from the others in the hypogonal, found %d again", n)
			}
		}
		h.Coords = append(h.Coords, n)
	}
	if p.peek() != ')' {
		p.fail(p.off, "§S5.5", "expected ',' or ')' in the hypogonal at offset %d, found %s", open, p.found())
	}
	h.Rparen = Pos(p.off)
	p.off++
	h.Selector = p.selector()
	return h
}

// Selector = Vert | Side | "x" ( Vert Side | Side Vert ) .
func (p *parser) selector() *Selector {
	start := p.off
	s := &Selector{At: Pos(start)}
	switch {
	case p.peek() == '>' || p.peek() == '<' || p.has("(r=)") || p.has("(=r)"):
		s.Orth = p.orth1()
	case p.peek() == '(':
		p.fail(p.off, "§S5.6", "expected (r=) or (=r) after the hypogonal, found '('")
	case p.peek() == 'x':
		p.off++
		s.IsDiag = true
		a, ok := p.tryOrth1()
		if !ok {
			p.fail(p.off, "§S5.6", "expected >, <, (r=) or (=r) after 'x' in a hypogonal's selector, found %s", p.found())
		}
		b, ok := p.tryOrth1()
		if !ok || a.X*b.X+a.Y*b.Y != 0 {
			p.fail(p.off, "§S5.6", "expected a direction at right angles to the one before, found %s", p.found())
		}
		s.Diag = [2]Vec{a, b}
	default:
		return nil
	}
	s.Source = p.src[start:p.off]
	return s
}

// Unidirectional orthogonals (§S5.2): the player's forward, back, right
// and left.
var (
	fwd   = Vec{Y: 1}
	back  = Vec{Y: -1}
	right = Vec{X: 1}
	left  = Vec{X: -1}
)

// tryOrth1 reads ">" | "<" | "(r=)" | "(=r)".
func (p *parser) tryOrth1() (Vec, bool) {
	switch {
	case p.peek() == '>':
		p.off++
		return fwd, true
	case p.peek() == '<' && p.at(p.off+1) != '>':
		p.off++
		return back, true
	case p.has("(r=)"):
		p.off += 4
		return right, true
	case p.has("(=r)"):
		p.off += 4
		return left, true
	}
	return Vec{}, false
}

func (p *parser) orth1() Vec {
	v, ok := p.tryOrth1()
	if !ok {
		p.fail(p.off, "§S5.2", "expected >, <, (r=) or (=r), found %s", p.found())
	}
	return v
}

// Line = Orth | Diag | "*" | Hyper .
func (p *parser) line() *Line {
	start := p.off
	l := &Line{At: Pos(start), Dim: 2}
	switch c := p.peek(); {
	case c == '+':
		p.off++
		l.Kind, l.Moves = Orthogonal, []Vec{fwd, back, left, right}
	case p.has("<>"):
		p.off += 2
		l.Kind, l.Moves = Orthogonal, []Vec{fwd, back}
	case c == '=':
		p.off++
		l.Kind, l.Moves = Orthogonal, []Vec{left, right}
	case c == '*':
		p.off++
		l.Kind, l.Moves = All, []Vec{fwd, back, left, right, {X: -1, Y: 1}, {X: 1, Y: 1}, {X: -1, Y: -1}, {X: 1, Y: -1}}
	case c == 'x':
		p.off++
		l.Kind, l.Moves = Diagonal, p.diagonal()
	case p.has("(x"), p.has("(<"), p.has("(>"):
		p.hyper(l)
	default:
		if v, ok := p.tryOrth1(); ok {
			l.Kind, l.Moves = Orthogonal, []Vec{v}
			break
		}
		p.fail(p.off, "§S5.2", "expected a direction (+ <> = > < (r=) (=r) x * or a hypogonal), found %s", p.found())
	}
	l.Source = p.src[start:p.off]
	return l
}

// Diag = "x" [ Vert [ Side ] | Side [ Vert ] ] : the diagonal moves that
// lean towards every orthogonal written (§S5.3).
func (p *parser) diagonal() []Vec {
	all := []Vec{{X: -1, Y: 1}, {X: 1, Y: 1}, {X: -1, Y: -1}, {X: 1, Y: -1}}
	a, ok := p.tryOrth1()
	if !ok {
		return all
	}
	keep := func(moves []Vec, v Vec) []Vec {
		var out []Vec
		for _, m := range moves {
			if m.X*v.X+m.Y*v.Y > 0 {
				out = append(out, m)
			}
		}
		return out
	}
	moves := keep(all, a)
	at := p.off
	if b, ok := p.tryOrth1(); ok {
		if a.X*b.X+a.Y*b.Y != 0 {
			p.fail(at, "§S5.3", "expected a direction at right angles to the one before, found %s", p.foundAt(at))
		}
		moves = keep(moves, b)
	}
	return moves
}

// Hyper = "(" "x" Dim ")" { HyperSide } | "(" ( "<>" | ">" | "<" ) Dim ")" .
// HyperSide = Vert | Side | "(" ( ">" | "<" ) Dim ")" .
func (p *parser) hyper(l *Line) {
	l.Kind = Hyper
	open := p.off
	p.off++
	diagonal := false
	switch {
	case p.peek() == 'x':
		diagonal = true
		p.off++
	case p.has("<>"):
		p.off += 2
	default: // '>' or '<'
		p.off++
	}
	l.Dim = p.dim()
	if p.peek() != ')' {
		p.fail(p.off, "§S7.1", "expected ')' to close the direction at offset %d, found %s", open, p.found())
	}
	p.off++
	if !diagonal {
		return
	}
	for {
		if c := p.peek(); c == '>' || c == '<' { // '<' even before '>': "(x3)<>" is < then >
			p.off++
			continue
		}
		if p.has("(r=)") || p.has("(=r)") {
			p.off += 4
			continue
		}
		if p.has("(>") || p.has("(<") && !p.has("(<>") {
			side := p.off
			p.off += 2
			if d := p.dim(); d > l.Dim {
				l.Dim = d
			}
			if p.peek() != ')' {
				p.fail(p.off, "§S7.1", "expected ')' to close the direction at offset %d, found %s", side, p.found())
			}
			p.off++
			continue
		}
		return
	}
}

// Dim = "3" … "9" | NonZeroDigit Digit { Digit } .
func (p *parser) dim() int {
	at := p.off
	if !isDigit(p.peek()) {
		p.fail(at, "§S7.1", "expected a number of dimensions, found %s", p.found())
	}
	_, n := p.number("§S7.1")
	if n < 3 {
		p.fail(at, "§S7.1", "expected a number of dimensions of 3 or more, found %d: the plane's directions take no dimension (x, <>, > and <, §S5)", n)
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
		u := p.unit()
		if _, ok := u.(*Span); ok {
			p.fail(int(u.Pos()), "§S3.5", "expected a direction without a count in cL(…), found a span")
		}
		c.Dir = u
		if p.peek() != ')' {
			p.fail(p.off, "§S3.5", "expected ')' to close cL( at offset %d, found %s", c.Lparen, p.found())
		}
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
	if p.peek() != ')' {
		p.fail(p.off, "§S3.6", "expected ')' to close the area at offset %d, found %s", it.Lparen, p.found())
	}
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

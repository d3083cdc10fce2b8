package syntax

import (
	"fmt"
	"github.com/betzacheck/betzacheck/reference/loc"
	"strconv"
	"strings"
)

// MaxExponent is the largest repetition count an exponent may give (§5.6).
const MaxExponent = 1000

// atomLetters are the atoms of Betza 2.0 (§1.1–§1.4).
const atomLetters = "WFDNAHCZGOKQRB"

// IsAtom reports whether c is an atom letter of Betza 2.0.
func IsAtom(c byte) bool { return strings.IndexByte(atomLetters, c) >= 0 }

type item struct {
	tok token
	pos Pos
	lit string
}

// parser is a recursive-descent parser that reads its tokens from the
// scanner as it goes, two ahead (the token in hand and the one after it,
// all the grammar needs); it stops at the first error, which is all a
// one-line notation needs.
type parser struct {
	s     scanner
	tok   item // the next token
	after item // the token after it
	depth int
}

// maxDepth bounds group nesting so that hostile input cannot exhaust the
// stack (§9.11).
const maxDepth = 100

// Parse parses src as a Betza 2.0 notation. The error, if any, is a *loc.Error.
func Parse(src string) (_ *Notation, err error) {
	p := &parser{s: scanner{src: src}}
	p.tok = p.scan()
	p.after = p.scan()
	defer loc.Catch(&err)
	if p.peek().tok == tEOF {
		p.fail(p.peek().pos, "§9.12", "expected a notation, found end of input")
	}
	n := p.parseNotation()
	if it := p.peek(); it.tok != tEOF {
		if it.tok == tRparen {
			p.fail(it.pos, "§9.5", "expected a leg or the end of input, found ')' with no matching '('")
		}
		p.fail(it.pos, "§9.1", "expected a leg, found %s", describe(it.tok, it.lit))
	}
	return n, nil
}

// scan reads the next token; at the end of the input it is tEOF, again
// and again.
func (p *parser) scan() item {
	t, pos, lit := p.s.scan()
	return item{t, pos, lit}
}

func (p *parser) peek() item { return p.tok }

// peekAfter is the token after the next one.
func (p *parser) peekAfter() item { return p.after }

func (p *parser) next() item {
	it := p.tok
	if it.tok != tEOF {
		p.tok = p.after
		p.after = p.scan()
	}
	return it
}

func (p *parser) fail(at Pos, clause, format string, args ...any) {
	loc.Bail(errorf(at, clause, format, args...))
}

// startsLeg reports whether the next token can begin a leg.
func (p *parser) startsLeg() bool {
	switch p.peek().tok {
	case tAtom, tMods, tLparen:
		return true
	}
	return false
}

// Notation = Chain { Chain } .
func (p *parser) parseNotation() *Notation {
	n := &Notation{}
	for {
		n.Chains = append(n.Chains, p.parseChain())
		if !p.startsLeg() {
			return n
		}
	}
}

// Chain = Leg { "-" Leg } .
func (p *parser) parseChain() *Chain {
	b := &chainNodes{}
	c := &b.chain
	c.Legs = append(b.legs[:0], p.parseLeg(""))
	for p.peek().tok == tDash {
		dash := p.next()
		if c.Dashes == nil {
			c.Dashes = b.dashes[:0]
		}
		c.Dashes = append(c.Dashes, dash.pos)
		c.Legs = append(c.Legs, p.parseLeg("after '-'"))
	}
	return c
}

// chainNodes are a chain with room for its first legs, allocated
// together: most chains have few legs (an explicit form, the union of a
// notation's chains written out, has many chains).
type chainNodes struct {
	chain  Chain
	legs   [3]*Leg
	dashes [2]Pos
}

// Leg = Modifiers ( Atom | "(" Notation ")" ) [ Exponent ] .
// A group stands where an atom does, with the same modifiers, exponent and
// place in a chain (§8.2).
func (p *parser) parseLeg(context string) *Leg {
	it := p.peek()
	b := &legNodes{mods: Modifiers{At: it.pos}}
	leg := &b.leg
	leg.Mods = &b.mods
	if it.tok == tMods {
		p.next()
		p.modifiers(leg.Mods, b.modalities[:0], it, false)
		it = p.peek()
		if it.tok != tAtom && it.tok != tLparen {
			p.fail(it.pos, "§9.3", "expected an atom or '(' after modifiers %q, found %s", leg.Mods.Text, describe(it.tok, it.lit))
		}
	}
	switch it.tok {
	case tAtom:
		p.next()
		if !IsAtom(it.lit[0]) {
			p.fail(it.pos, "§9.2", "unknown atom '%s', expected one of %s", it.lit, atomLetters)
		}
		b.atom = Atom{At: it.pos, Letter: it.lit[0]}
		leg.Unit = &b.atom
	case tLparen:
		p.next()
		p.depth++
		if p.depth > maxDepth {
			p.fail(it.pos, "§9.11", "groups nested deeper than %d", maxDepth)
		}
		if in := p.peek(); !p.startsLegAfterParen() {
			if in.tok == tRparen {
				p.fail(in.pos, "§8.3", "expected a leg inside '(', found ')'")
			}
			p.fail(in.pos, "§9.5", "expected a leg after '(', found %s", describe(in.tok, in.lit))
		}
		body := p.parseNotation()
		closing := p.peek()
		if closing.tok != tRparen {
			p.fail(closing.pos, "§9.5", "expected ')' to close the '(' at offset %d, found %s", it.pos, describe(closing.tok, closing.lit))
		}
		p.next()
		p.depth--
		leg.Unit = &Group{Lparen: it.pos, Rparen: closing.pos, Body: body}
	default:
		where := ""
		if context != "" {
			where = " " + context
		}
		// §9.4 a '-' with no leg after it (or before it), or digits
		// where a leg must start.
		clause := "§9.4"
		switch {
		case it.tok == tIllegal:
			clause = "§9.1"
		case context != "":
		case it.tok == tRparen:
			clause = "§9.5"
		}
		p.fail(it.pos, clause, "expected a leg%s, found %s", where, describe(it.tok, it.lit))
	}
	leg.Exp = p.exponent()
	// §1.6 a doubled atom letter is the classic rider; 2.0 refuses it.
	if a, ok := leg.Unit.(*Atom); ok && leg.Exp == nil {
		if nx := p.peek(); nx.tok == tAtom && nx.lit[0] == a.Letter {
			p.fail(nx.pos, "§9.10", "expected a different atom after %c, found %c again: %s", a.Letter, a.Letter, riderHint(a.Letter))
		}
	}
	return leg
}

// legNodes are the nodes of a leg, its modifiers and its atom, allocated
// together: most nodes of a notation are these (the atom is not used when
// the leg's unit is a group).
type legNodes struct {
	leg        Leg
	mods       Modifiers
	atom       Atom
	modalities [len(modalityLetters)]Modality // room for mods.Set.Modalities
}

// riderHint says how Betza 2.0 writes what a doubled letter means in the
// classic notation, the atom ridden straight on (§1.6), by the atom's
// class (§1.5).
func riderHint(letter byte) string {
	switch letter {
	case 'N', 'C', 'Z':
		// §5.3 and spec/findings.md F7: after an oblique leap the implied f
		// names two leaps, so X0 may swerve; rf continues the leap.
		return fmt.Sprintf("Betza 2.0 writes the straight %c rider as %crf0 (%c0 may swerve at every leap, §5.3)", letter, letter, letter)
	case 'R', 'B':
		return fmt.Sprintf("%c is already a rider: write %c (§1.2)", letter, letter)
	case 'Q':
		return "Q is already a rider: write Q (§1.3)"
	case 'K':
		return "Betza 2.0 writes the K rider as K0, which is Q (§1.3, §5.3)"
	case 'O':
		return "O is the null move and has no rider (§1.4)"
	}
	return fmt.Sprintf("Betza 2.0 writes the %c rider as %c0 (§5.3)", letter, letter) // W F D A H G
}

func (p *parser) startsLegAfterParen() bool { return p.startsLeg() }

// Exponent = Modifiers Digits . A run of modifiers belongs to the exponent
// only when digits follow it; otherwise it is the next leg's prefix.
func (p *parser) exponent() *Exponent {
	it := p.peek()
	if it.tok != tDigits && (it.tok != tMods || p.peekAfter().tok != tDigits) {
		return nil
	}
	b := &exponentNodes{mods: Modifiers{At: it.pos}}
	e := &b.exp
	e.Mods = &b.mods
	if it.tok == tMods {
		p.next()
		p.modifiers(e.Mods, b.modalities[:0], it, true)
		it = p.peek()
	}
	p.next()
	e.Digits, e.Text = it.pos, it.lit
	digits := it.lit
	switch {
	case digits == "0":
		e.Kind = Unbounded // §5.3
		return e
	case digits[0] == '0':
		e.Kind = Exact // §5.2
		digits = digits[1:]
		if digits[0] == '0' {
			p.fail(it.pos+1, "§9.6", "expected a digit 1-9 after the leading zero, found '0'")
		}
	default:
		e.Kind = UpTo // §5.1
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n > MaxExponent {
		p.fail(it.pos, "§5.6", "exponent %s exceeds the limit of %d repetitions", it.lit, MaxExponent)
	}
	e.Count = n
	return e
}

// exponentNodes are an exponent and its modifiers, allocated together.
type exponentNodes struct {
	exp        Exponent
	mods       Modifiers
	modalities [len(modalityLetters)]Modality
}

// modifiers reads the run of modifier letters it into m, appending its
// modality letters to room.
func (p *parser) modifiers(m *Modifiers, room []Modality, it item, onExponent bool) {
	*m = Modifiers{At: it.pos, Text: it.lit}
	set, err := analyze(m, onExponent, room)
	if err != nil {
		loc.Bail(err)
	}
	m.Set = set
}

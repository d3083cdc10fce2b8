package grammar

import (
	"fmt"
	"strings"

	"golang.org/x/exp/ebnf"
)

// Restrict returns the grammar of the sentences of g that are written
// with the characters of allowed alone, for sampling the notations an
// implementation declares it reads (spec/protocol.md P2.6, characters).
// A token with another character is removed, and so is what needs it: the
// alternative or sequence it is in, the option or repetition around it
// (left out), the production that then derives no finite sentence, and
// every reference to that production, until nothing changes. A range
// keeps its allowed characters. It is an error when start derives no
// sentence at all.
func Restrict(g ebnf.Grammar, start, allowed string) (ebnf.Grammar, error) {
	dead := map[string]bool{}
	for {
		before := len(dead)
		r := restricter{g: g, allowed: allowed, dead: dead}
		out := ebnf.Grammar{}
		for name, p := range g {
			if dead[name] {
				continue
			}
			if x, ok := r.expr(p.Expr); ok {
				out[name] = &ebnf.Production{Name: p.Name, Expr: x}
			} else {
				dead[name] = true
			}
		}
		for name, c := range productionCosts(out) {
			if c >= infinite {
				dead[name] = true
			}
		}
		if len(dead) == before {
			if _, ok := out[start]; !ok {
				return nil, fmt.Errorf("grammar: no sentence of %s is written with the characters %q alone", start, allowed)
			}
			return out, nil
		}
	}
}

type restricter struct {
	g       ebnf.Grammar
	allowed string
	dead    map[string]bool
}

// expr is x with what needs another character taken out; ok is false
// when x derives no sentence written with the allowed characters. A nil
// expression derives the empty sentence.
func (r restricter) expr(x ebnf.Expression) (ebnf.Expression, bool) {
	switch x := x.(type) {
	case nil:
		return nil, true
	case *ebnf.Token:
		return x, r.writes(x.String)
	case *ebnf.Range:
		var alt ebnf.Alternative
		for c := []rune(x.Begin.String)[0]; c <= []rune(x.End.String)[0]; c++ {
			if r.writes(string(c)) {
				alt = append(alt, &ebnf.Token{StringPos: x.Begin.StringPos, String: string(c)})
			}
		}
		return oneOf(alt)
	case *ebnf.Name:
		_, defined := r.g[x.String]
		return x, !defined || !r.dead[x.String]
	case *ebnf.Group:
		body, ok := r.expr(x.Body)
		if !ok || body == nil {
			return nil, ok
		}
		return &ebnf.Group{Lparen: x.Lparen, Body: body}, true
	case *ebnf.Option:
		body, ok := r.expr(x.Body)
		if !ok || body == nil {
			return nil, true // left out
		}
		return &ebnf.Option{Lbrack: x.Lbrack, Body: body}, true
	case *ebnf.Repetition:
		body, ok := r.expr(x.Body)
		if !ok || body == nil {
			return nil, true
		}
		return &ebnf.Repetition{Lbrace: x.Lbrace, Body: body}, true
	case ebnf.Sequence:
		var seq ebnf.Sequence
		for _, e := range x {
			y, ok := r.expr(e)
			if !ok {
				return nil, false
			}
			if y != nil {
				seq = append(seq, y)
			}
		}
		switch len(seq) {
		case 0:
			return nil, true
		case 1:
			return seq[0], true
		}
		return seq, true
	case ebnf.Alternative:
		var alt ebnf.Alternative
		empty := false
		for _, e := range x {
			y, ok := r.expr(e)
			switch {
			case !ok:
			case y == nil:
				empty = true
			default:
				alt = append(alt, y)
			}
		}
		if empty {
			// The empty sentence stays one of the choices.
			alt = append(alt, &ebnf.Group{Lparen: x.Pos(), Body: nil})
		}
		return oneOf(alt)
	}
	return nil, false // *ebnf.Bad
}

// oneOf is the choice among the alternatives left: none derives nothing,
// one is itself.
func oneOf(alt ebnf.Alternative) (ebnf.Expression, bool) {
	switch len(alt) {
	case 0:
		return nil, false
	case 1:
		return alt[0], true
	}
	return alt, true
}

// writes reports whether every character of the token is allowed.
func (r restricter) writes(token string) bool {
	for _, c := range token {
		if !strings.ContainsRune(r.allowed, c) {
			return false
		}
	}
	return true
}

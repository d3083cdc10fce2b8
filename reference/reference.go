// Package reference is the executable definition of Betza 2.0: it compiles
// a notation (syntax, then expand) and evaluates it on a position (eval).
// Every rule it applies cites its clause of spec/betza2.md.
//
// Its API is stable (README.md, Stability), with the packages it names:
// board (positions), eval (the options of an evaluation and its
// outcomes), loc (located errors) and translate (the dialects); the
// fields of Program that expose the packages syntax and expand are not.
package reference

import (
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// Program is a compiled notation. AST and Prog are the parsed and the
// expanded notation, from packages whose API is not stable.
type Program struct {
	AST  *syntax.Notation
	Prog *expand.Program
}

// Compile parses and expands src. Its error is a *loc.Error (with the
// offset, what was expected and what was found) or an *expand.LimitError.
func Compile(src string) (*Program, error) {
	n, err := syntax.Parse(src)
	if err != nil {
		return nil, err
	}
	p, err := expand.Compile(n, src, expand.DefaultLimits)
	if err != nil {
		return nil, err
	}
	return &Program{AST: n, Prog: p}, nil
}

// Source is the notation as compiled.
func (p *Program) Source() string { return p.Prog.Source }

// Canonical is the notation in canonical form (syntax.Print).
func (p *Program) Canonical() string { return syntax.Print(p.AST) }

// Moves evaluates the program for the piece on from.
func (p *Program) Moves(pos *board.Position, from board.Square, opt eval.Options) ([]eval.Outcome, error) {
	return eval.Moves(p.Prog, pos, from, opt)
}

// SourceOf is the text of a compiled program, or err: for the caller of a
// function that returns both, such as a dialect's ToBetza2, that wants
// the Betza 2.0 text.
func SourceOf(p *Program, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return p.Source(), nil
}

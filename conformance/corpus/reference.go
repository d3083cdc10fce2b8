package corpus

import (
	"errors"
	"fmt"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
	"github.com/betzacheck/betzacheck/reference/ndboard"
	"github.com/betzacheck/betzacheck/reference/translate"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// Setup builds the case's position and the mover's square; an empty from
// square gets the case's mover, and no position line means an empty board.
// A case on a board of more than two dimensions has no 2-D setup (NDSetup).
func (c *Case) Setup() (board.Setup, error) {
	s, _, err := c.ReadSetup()
	return s, err
}

// ReadSetup is Setup with what the case's position text says besides its
// placement, when it is a FEN (§11.4): its en-passant square and notes.
func (c *Case) ReadSetup() (board.Setup, board.FEN, error) {
	if c.ND() {
		return board.Setup{}, board.FEN{}, fmt.Errorf("board %s has more than two dimensions: the case is evaluated on the n-dimensional board of the Spanish dialect (§S11.1)", c.Board)
	}
	return board.ReadSetup(c.Board, c.Position, c.From, c.Mover)
}

// NDSetup builds the case's setup on the n-dimensional board of the
// Spanish dialect (§S11), as Setup does on the 2-D board.
func (c *Case) NDSetup() (ndboard.Setup, error) {
	return ndboard.ParseSetup(c.Board, c.Position, c.From, c.Mover)
}

// Setups collects the 2-D setups of the files' cases, in order. A case
// on a board of more than two dimensions (Case.ND) has none. A case that
// expects an error (error:) and whose setup does not read is about the
// refused setup (valid/errors/bad-position) and has none; any other case
// whose setup does not read is an error, and so is a corpus with no setup
// at all.
func Setups(files []*File) ([]board.Setup, error) {
	var out []board.Setup
	for _, f := range files {
		for _, c := range f.Cases {
			if c.ND() {
				continue
			}
			s, err := c.Setup()
			switch {
			case err != nil && c.Error != "":
				continue
			case err != nil:
				return nil, fmt.Errorf("%s: %v", c.ID(f), err)
			}
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no corpus case with a position")
	}
	return out, nil
}

// Reference evaluates a case with the reference interpreter and returns
// the outcome keys, sorted. A file in another dialect is translated into
// Betza 2.0 first (package translate); a case on a board of more than two
// dimensions is evaluated by the Spanish direct evaluator (spec/spanish.md
// §S12), which reads n dimensions.
func Reference(f *File, c *Case) ([]string, error) {
	if c.ND() {
		if f.Dialect != dialect.Spanish {
			return nil, fmt.Errorf("board %s: only the Spanish dialect reads more than two dimensions (§S11.1)", c.Board)
		}
		s, err := c.NDSetup()
		if err != nil {
			return nil, err
		}
		outs, err := spanish.Evaluate(f.Notation, s, eval.Options{})
		if err != nil {
			return nil, err
		}
		return spanish.Keys(outs), nil
	}
	prog, err := f.Program()
	if err != nil {
		return nil, err
	}
	s, fen, err := c.ReadSetup()
	if err != nil {
		return nil, err
	}
	if err := translate.CheckEnPassant(f.Dialect, f.Notation, fen.EnPassant); err != nil {
		return nil, err
	}
	out, err := prog.Moves(s.Pos, s.From, eval.Options{})
	if err != nil {
		return nil, err
	}
	keys := make([]string, len(out))
	for i, o := range out {
		keys[i] = o.Key()
	}
	return keys, nil
}

// Program is the file's notation compiled: as written, or translated from
// the file's dialect into Betza 2.0 (its Source). The error is the
// notation's, located, or the translation's.
func (f *File) Program() (*reference.Program, error) {
	if f.Dialect == dialect.Betza2 {
		return reference.Compile(f.Notation)
	}
	return translate.ToBetza2(f.Dialect, f.Notation)
}

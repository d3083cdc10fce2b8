package corpus

import (
	"fmt"

	"betzacheck/reference/translate"

	"betzacheck/reference"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
)

// Setup builds the case's position and the mover's square; an empty from
// square gets the case's mover.
func (c *Case) Setup() (*board.Position, board.Square, error) {
	size, err := board.ParseSize(c.Board)
	if err != nil {
		return nil, board.Square{}, err
	}
	pos := board.NewPosition(size)
	if c.Position != "" {
		if pos, err = board.ParsePosition(size, c.Position); err != nil {
			return nil, board.Square{}, err
		}
	}
	from, err := board.ParseSquare(c.From)
	if err != nil {
		return nil, board.Square{}, err
	}
	if !size.Contains(from) {
		return nil, board.Square{}, fmt.Errorf("from square %s is off the %s board", from, size)
	}
	if pos.At(from).Empty() {
		mover, err := board.ParsePiece(c.Mover)
		if err != nil {
			return nil, board.Square{}, err
		}
		pos.Set(from, mover)
	}
	return pos, from, nil
}

// Reference evaluates a case with the reference interpreter and returns
// the outcome keys, sorted. A file in another dialect is translated into
// Betza 2.0 first (package translate).
func Reference(f *File, c *Case) ([]string, error) {
	notation, err := f.Betza2()
	if err != nil {
		return nil, err
	}
	prog, err := reference.Compile(notation)
	if err != nil {
		return nil, err
	}
	pos, from, err := c.Setup()
	if err != nil {
		return nil, err
	}
	out, err := prog.Moves(pos, from, eval.Options{})
	if err != nil {
		return nil, err
	}
	keys := make([]string, len(out))
	for i, o := range out {
		keys[i] = o.Key()
	}
	return keys, nil
}

// Betza2 is the file's notation in Betza 2.0: as written, or translated
// from the file's dialect.
func (f *File) Betza2() (string, error) {
	if f.Dialect == translate.Betza2 {
		return f.Notation, nil
	}
	return translate.ToBetza2(f.Dialect, f.Notation)
}

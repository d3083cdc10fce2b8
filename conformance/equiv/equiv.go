// Package equiv decides whether two move descriptions mean the same moves:
// equal outcome sets on a position (§10.3), and no distinguishing position
// among those tried.
package equiv

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"betzacheck/reference"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
)

// Position is a board with the mover's square.
type Position struct {
	Pos  *board.Position
	From board.Square
}

func (p Position) String() string {
	return fmt.Sprintf("board %s position %s from %s", p.Pos.Size(), p.Pos, p.From)
}

// Mover is a function from a position to its outcome keys: a compiled
// notation, an explicit oracle, or an external program.
type Mover func(Position) ([]string, error)

// Notation returns the Mover of a Betza 2.0 notation.
func Notation(src string) (Mover, error) {
	prog, err := reference.Compile(src)
	if err != nil {
		return nil, err
	}
	return Program(prog), nil
}

// Program returns the Mover of a compiled notation.
func Program(prog *reference.Program) Mover {
	return func(p Position) ([]string, error) {
		out, err := prog.Moves(p.Pos, p.From, eval.Options{})
		if err != nil {
			return nil, err
		}
		return Keys(out), nil
	}
}

// Keys returns the sorted keys of outcomes.
func Keys(out []eval.Outcome) []string {
	keys := make([]string, len(out))
	for i, o := range out {
		keys[i] = o.Key()
	}
	sort.Strings(keys)
	return keys
}

// Counterexample is a position on which two movers differ.
type Counterexample struct {
	Position     Position
	OnlyA, OnlyB []string // outcome keys only one side has
	ErrA, ErrB   error
}

// Check returns the first position on which a and b differ, or nil when
// none of positions distinguishes them. An evaluation error on one side
// only distinguishes them too; the same error text on both sides does not.
func Check(a, b Mover, positions []Position) *Counterexample {
	for _, p := range positions {
		if cx := Compare(a, b, p); cx != nil {
			return cx
		}
	}
	return nil
}

// Compare evaluates a and b on one position. A position on which either
// side exceeds a search limit (§12.3) decides nothing: a limit says how
// much work was done, not what the notation means.
func Compare(a, b Mover, p Position) *Counterexample {
	ka, errA := a(p)
	kb, errB := b(p)
	var limit *eval.LimitError
	if errors.As(errA, &limit) || errors.As(errB, &limit) {
		return nil
	}
	if errA != nil || errB != nil {
		if errA != nil && errB != nil && errA.Error() == errB.Error() {
			return nil
		}
		// Both moves are refused for conflicting fragments (§3.15); which
		// conflict is found first depends on the order of the search.
		var ca, cb *eval.FragmentConflictError
		if errors.As(errA, &ca) && errors.As(errB, &cb) {
			return nil
		}
		return &Counterexample{Position: p, ErrA: errA, ErrB: errB}
	}
	onlyA, onlyB := Difference(ka, kb)
	if len(onlyA) == 0 && len(onlyB) == 0 {
		return nil
	}
	return &Counterexample{Position: p, OnlyA: onlyA, OnlyB: onlyB}
}

// Difference returns the keys only in a and only in b; both are sorted.
func Difference(a, b []string) (onlyA, onlyB []string) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			onlyA = append(onlyA, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			onlyB = append(onlyB, b[j])
			j++
		default:
			i++
			j++
		}
	}
	return onlyA, onlyB
}

// Report writes the counterexample for a person: the position as a
// diagram and the outcomes only one side has.
func (c *Counterexample) Report(nameA, nameB string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s", c.Position, Diagram(c.Position))
	if c.ErrA != nil || c.ErrB != nil {
		fmt.Fprintf(&b, "%s: %v\n%s: %v\n", nameA, errText(c.ErrA), nameB, errText(c.ErrB))
		return b.String()
	}
	for _, k := range c.OnlyA {
		fmt.Fprintf(&b, "only %s: %s\n", nameA, k)
	}
	for _, k := range c.OnlyB {
		fmt.Fprintf(&b, "only %s: %s\n", nameB, k)
	}
	return b.String()
}

func errText(err error) string {
	if err == nil {
		return "no error"
	}
	return err.Error()
}

// Diagram draws the position with the mover in brackets, rank 1 at the
// bottom.
func Diagram(p Position) string {
	var b strings.Builder
	size := p.Pos.Size()
	for r := size.H - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%3d ", r+1)
		for f := 0; f < size.W; f++ {
			q := board.Square{File: f, Rank: r}
			cell := " . "
			if pc := p.Pos.At(q); !pc.Empty() {
				cell = " " + string(letterOf(pc)) + " "
			}
			if q == p.From {
				cell = "[" + cell[1:2] + "]"
			}
			b.WriteString(cell)
		}
		b.WriteByte('\n')
	}
	b.WriteString("    ")
	for f := 0; f < size.W; f++ {
		fmt.Fprintf(&b, " %c ", 'a'+f)
	}
	b.WriteByte('\n')
	return b.String()
}

func letterOf(p board.Piece) byte {
	if p.Color == board.Black {
		return p.Kind + ('a' - 'A')
	}
	return p.Kind
}

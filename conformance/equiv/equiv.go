// Package equiv decides whether two move descriptions mean the same moves:
// equal outcome sets on a position (§10.3), and no distinguishing position
// among those tried.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package equiv

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// Mover is a function from a position to its outcome keys: a compiled
// notation, an explicit oracle, or an external program.
type Mover func(board.Setup) ([]string, error)

// Notation returns the Mover of a Betza 2.0 notation.
func Notation(src string) (Mover, error) {
	prog, err := reference.Compile(src)
	if err != nil {
		return nil, err
	}
	return Program(prog), nil
}

// Program returns the Mover of a compiled notation, evaluated within the
// default budgets on a fresh evaluator at each call: it is safe for
// concurrent use. A worker making many queries uses an Evaluation instead.
func Program(prog *reference.Program) Mover {
	return func(p board.Setup) ([]string, error) {
		return new(Evaluation).Program(prog)(p)
	}
}

// An Evaluation makes the Movers of compiled notations for one worker:
// they share one eval.Evaluator, so that each query reuses the memory of
// the one before, and evaluate within the budgets of Options (§12.3; the
// zero Options are the defaults). A query that needs more fails with an
// *eval.LimitError, which Compare counts as undecided. The Movers of an
// Evaluation must not be called concurrently: make one Evaluation per
// goroutine. The zero value is ready to use.
type Evaluation struct {
	Options eval.Options
	ev      eval.Evaluator
	key     []byte // where each key is written before it is copied out
}

// Program returns the Mover of a compiled notation on e. Its keys are
// written as the evaluator shows each outcome (Visit), with no answer
// built in between, each in e's buffer and then copied out: one
// allocation a key.
func (e *Evaluation) Program(prog *reference.Program) Mover {
	return func(p board.Setup) ([]string, error) {
		var keys []string
		err := e.ev.Visit(prog.Prog, p.Pos, p.From, e.Options, func(o eval.Outcome) {
			e.key = o.AppendKey(e.key[:0])
			keys = append(keys, string(e.key))
		})
		if err != nil {
			return nil, err
		}
		return keys, nil
	}
}

// Notation returns the Mover of a Betza 2.0 notation on e.
func (e *Evaluation) Notation(src string) (Mover, error) {
	prog, err := reference.Compile(src)
	if err != nil {
		return nil, err
	}
	return e.Program(prog), nil
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
	Setup        board.Setup
	OnlyA, OnlyB []string // outcome keys only one side has
	ErrA, ErrB   error
}

// Verdict is what comparing two movers on one position decided.
type Verdict uint8

// The three verdicts. Undecided is never a kind of Equal: a comparison
// stopped by a search limit says nothing about the notations.
const (
	Equal     Verdict = iota // the same outcomes (or the same error) on the position
	Differ                   // different outcomes: a counterexample
	Undecided                // a search limit stopped one side (§12.3); nothing was decided
)

func (v Verdict) String() string {
	switch v {
	case Equal:
		return "equal"
	case Differ:
		return "differ"
	}
	return "undecided"
}

// Comparison is the verdict of Compare on one position: the
// counterexample when the movers differ, the reason when the comparison
// was undecided.
type Comparison struct {
	Verdict        Verdict
	Counterexample *Counterexample // set when Verdict is Differ
	Reason         error           // set when Verdict is Undecided: the limit hit
}

// UndecidedAt is a position on which a comparison decided nothing, and why.
type UndecidedAt struct {
	Setup  board.Setup
	Reason error
}

// Tally counts what a run of comparisons decided.
type Tally struct {
	Tried     int          // positions compared
	Undecided int          // of which a search limit stopped the comparison
	First     *UndecidedAt // the first undecided position, for the report
}

// Decided is the number of positions compared to a verdict.
func (t Tally) Decided() int { return t.Tried - t.Undecided }

// Add counts one comparison.
func (t *Tally) Add(c Comparison, p board.Setup) {
	t.Tried++
	if c.Verdict == Undecided {
		t.Undecided++
		if t.First == nil {
			t.First = &UndecidedAt{Setup: p, Reason: c.Reason}
		}
	}
}

// Verdict is what the run of comparisons decided, given the
// counterexample it ended on (nil when none): Differ when there is one;
// Equal only when it compared at least one position and decided every
// one; Undecided otherwise, since a search limit, or no position at all,
// decides nothing.
func (t Tally) Verdict(cx *Counterexample) Verdict {
	switch {
	case cx != nil:
		return Differ
	case t.Undecided > 0 || t.Tried == 0:
		return Undecided
	}
	return Equal
}

// Plus returns the tally of two runs, in order.
func (t Tally) Plus(u Tally) Tally {
	out := Tally{Tried: t.Tried + u.Tried, Undecided: t.Undecided + u.Undecided, First: t.First}
	if out.First == nil {
		out.First = u.First
	}
	return out
}

// Check compares a and b on positions in order and returns the first
// counterexample (nil when none of positions distinguishes them) with the
// tally of the positions compared up to it.
func Check(a, b Mover, positions []board.Setup) (*Counterexample, Tally) {
	var t Tally
	for _, p := range positions {
		c := Compare(a, b, p)
		t.Add(c, p)
		if c.Verdict == Differ {
			return c.Counterexample, t
		}
	}
	return nil, t
}

// Compare evaluates a and b on one position. A position on which either
// side exceeds a search limit (§12.3) is Undecided: a limit says how much
// work was done, not what the notation means. An evaluation error on one
// side only distinguishes the movers; the same error text on both sides
// does not.
func Compare(a, b Mover, p board.Setup) Comparison {
	ka, errA := a(p)
	if IsLimit(errA) {
		return Comparison{Verdict: Undecided, Reason: errA}
	}
	kb, errB := b(p)
	if IsLimit(errB) {
		return Comparison{Verdict: Undecided, Reason: errB}
	}
	if errA != nil || errB != nil {
		if errA != nil && errB != nil && errA.Error() == errB.Error() {
			return Comparison{Verdict: Equal}
		}
		// Both moves are refused for conflicting fragments (§3.15); which
		// conflict is found first depends on the order of the search.
		var ca, cb *eval.FragmentConflictError
		if errors.As(errA, &ca) && errors.As(errB, &cb) {
			return Comparison{Verdict: Equal}
		}
		return Comparison{Verdict: Differ, Counterexample: &Counterexample{Setup: p, ErrA: errA, ErrB: errB}}
	}
	onlyA, onlyB := Difference(ka, kb)
	if len(onlyA) == 0 && len(onlyB) == 0 {
		return Comparison{Verdict: Equal}
	}
	return Comparison{Verdict: Differ, Counterexample: &Counterexample{Setup: p, OnlyA: onlyA, OnlyB: onlyB}}
}

// IsLimit reports whether err is a search limit of the evaluator (§12.3):
// an answer that decides nothing about the notation.
func IsLimit(err error) bool {
	var limit *eval.LimitError
	return errors.As(err, &limit)
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

// DiffText lists, for a person, the keys only in a and only in b (both
// sorted) under the two titles, each with its count; "" when a and b are
// equal.
func DiffText(a, b []string, titleA, titleB string) string {
	onlyA, onlyB := Difference(a, b)
	var w strings.Builder
	for _, part := range []struct {
		title string
		keys  []string
	}{{titleA, onlyA}, {titleB, onlyB}} {
		if len(part.keys) == 0 {
			continue
		}
		fmt.Fprintf(&w, "%s (%d):\n", part.title, len(part.keys))
		for _, k := range part.keys {
			fmt.Fprintf(&w, "  %s\n", k)
		}
	}
	return w.String()
}

// Report writes the counterexample for a person: the position as a
// diagram and the outcomes only one side has.
func (c *Counterexample) Report(nameA, nameB string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s", c.Setup, Diagram(c.Setup))
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
func Diagram(p board.Setup) string {
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

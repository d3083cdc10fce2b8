package lint

import (
	"math/rand"
	"slices"

	"github.com/leanovate/gopter"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
)

// witnesses searches positions on which two readings differ (§L5.4), on
// one evaluator.
type witnesses struct {
	n    int   // generated positions per pair
	seed int64 // their seed
	ev   equiv.Evaluation
}

func newWitnesses(opt Options) *witnesses {
	n := opt.Positions
	if n == 0 {
		n = DefaultPositions
	}
	return &witnesses{n: max(n, 0), seed: opt.Seed, ev: equiv.Evaluation{Options: opt.Eval}}
}

// witness is a Witness with the moves of each reading on it.
type witness struct {
	Witness
	moves [2]int
}

// Center is the square the mover stands on in the first witness tried:
// the middle of the board, rounded towards a1 (d4 on 8x8).
func Center(size board.Size) board.Square {
	return board.Square{File: (size.W - 1) / 2, Rank: (size.H - 1) / 2}
}

// find returns the first position on which a and b make different moves:
// the empty board of size with a white mover that has not moved on the
// central square, then w.n positions of that board generated from
// w.seed. undecided counts the positions a search limit left undecided
// (never a sign of agreement).
func (w *witnesses) find(a, b *reference.Program, size board.Size) (found *witness, undecided int) {
	ma, mb := w.ev.Program(a), w.ev.Program(b)
	try := func(s board.Setup) *witness {
		ka, errA := ma(s)
		kb, errB := mb(s)
		if equiv.IsLimit(errA) || equiv.IsLimit(errB) {
			undecided++
			return nil
		}
		if errA != nil || errB != nil {
			return nil // an evaluation failure tells nothing about the readings
		}
		ka, kb = distinct(ka), distinct(kb)
		if slices.Equal(ka, kb) {
			return nil
		}
		return &witness{
			Witness: Witness{Board: size.String(), Position: s.Pos.String(), From: s.From.String()},
			moves:   [2]int{len(ka), len(kb)},
		}
	}
	pos := board.NewPosition(size)
	from := Center(size)
	pos.Set(from, board.DefaultMover())
	if found := try(board.Setup{Pos: pos, From: from}); found != nil {
		return found, undecided
	}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(w.seed))
	positions := gen.Positions(gen.Bounds{MinSide: max(size.W, size.H), MaxW: size.W, MaxH: size.H})
	for range w.n {
		v, ok := positions(params).Retrieve()
		if !ok {
			continue
		}
		if found := try(v.(board.Setup)); found != nil {
			seed := w.seed
			found.Seed = &seed
			return found, undecided
		}
	}
	return nil, undecided
}

// distinct returns the keys sorted, each once.
func distinct(keys []string) []string {
	keys = slices.Clone(keys)
	slices.Sort(keys)
	return slices.Compact(keys)
}

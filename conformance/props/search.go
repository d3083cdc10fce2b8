package props

import (
	"context"
	"math/rand"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"betzacheck/conformance/equiv"
	"betzacheck/conformance/gen"
	"betzacheck/grammar"
)

// Distinguish searches cases generated positions (boards of sides 3 to 12,
// from the seed) for one on which a and b differ, and shrinks it: the
// result is a small board with few pieces, or nil when none was found.
func Distinguish(a, b equiv.Mover, cases int, seed int64) *equiv.Counterexample {
	params := gopter.DefaultTestParametersWithSeed(seed)
	params.MinSuccessfulTests = cases
	params.MaxShrinkCount = 500
	var last *equiv.Counterexample
	property := prop.ForAll(func(p equiv.Position) bool {
		cx := equiv.Compare(a, b, p)
		if cx != nil {
			last = cx // gopter calls this last on the smallest failing case
		}
		return cx == nil
	}, gen.Position(3, 12))
	if property.Check(params).Passed() {
		return nil
	}
	return last
}

// FuzzConfig says how long Fuzz runs and how cases are drawn.
type FuzzConfig struct {
	Count   int   // cases to run; each case is a notation and a position
	Seed    int64 // case i is drawn from Seed+i, so any case replays alone
	Workers int   // 0: one per CPU
	MaxSide int   // largest board side (default 10)
	Depth   int   // grammar sampling depth (default 6)
}

// FuzzFailure is a law broken by a generated case, shrunk.
type FuzzFailure struct {
	Law      Law
	Case     int // index of the case, replayable with Seed+Case
	Notation string
	Position equiv.Position
	Message  string
}

// Fuzz draws cases and checks every law of Laws on each, until Count cases
// have passed, ctx is done or a law fails. done is called with the number
// of finished cases (from any goroutine). The first failure by case index
// is returned shrunk; the result does not depend on scheduling.
func Fuzz(ctx context.Context, cfg FuzzConfig, done func(n int)) (*FuzzFailure, int, error) {
	g, err := grammar.Betza2()
	if err != nil {
		return nil, 0, err
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.MaxSide == 0 {
		cfg.MaxSide = 10
	}
	if cfg.Depth == 0 {
		cfg.Depth = 6
	}
	notations, positions := gen.Notation(g, cfg.Depth, nil), gen.Position(3, cfg.MaxSide)
	var (
		next     atomic.Int64
		finished atomic.Int64
		mu       sync.Mutex
		first    *FuzzFailure
		wg       sync.WaitGroup
	)
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= cfg.Count {
					return
				}
				mu.Lock()
				stop := first != nil && first.Case < i
				mu.Unlock()
				if stop {
					return
				}
				params := gopter.DefaultGenParameters()
				params.Rng = rand.New(rand.NewSource(cfg.Seed + int64(i)))
				nr, pr := notations(params), positions(params)
				n, ok := nr.Retrieve()
				if !ok {
					finished.Add(1)
					continue
				}
				p, _ := pr.Retrieve()
				subject, err := NewSubject(n.(string), p.(equiv.Position))
				if err != nil { // gen.Notation only yields notations that compile
					panic(err)
				}
				for _, law := range Laws {
					if msg := law.Check(subject); msg != "" {
						f := shrinkFailure(law, i, nr, pr)
						mu.Lock()
						if first == nil || f.Case < first.Case {
							first = f
						}
						mu.Unlock()
						break
					}
				}
				if done != nil {
					done(int(finished.Add(1)))
				}
			}
		}()
	}
	wg.Wait()
	return first, int(finished.Load()), ctx.Err()
}

// shrinkFailure shrinks a failing case greedily: the notation first, then
// the position, keeping each smaller candidate that still breaks the law.
func shrinkFailure(law Law, i int, nr, pr *gopter.GenResult) *FuzzFailure {
	nv, _ := nr.Retrieve()
	pv, _ := pr.Retrieve()
	n, p := nv.(string), pv.(equiv.Position)
	fails := func(n string, p equiv.Position) bool { return law.CheckOn(n, p) != "" }
	for budget := 500; budget > 0; {
		improved := false
		shrink := nr.Shrinker(n)
		for c, ok := shrink(); ok && budget > 0; c, ok = shrink() {
			budget--
			if fails(c.(string), p) {
				n, improved = c.(string), true
				break
			}
		}
		shrinkP := gen.ShrinkPosition(p)
		for c, ok := shrinkP(); ok && budget > 0 && !improved; c, ok = shrinkP() {
			budget--
			if fails(n, c.(equiv.Position)) {
				p, improved = c.(equiv.Position), true
			}
		}
		if !improved {
			break
		}
	}
	return &FuzzFailure{Law: law, Case: i, Notation: n, Position: p, Message: law.CheckOn(n, p)}
}

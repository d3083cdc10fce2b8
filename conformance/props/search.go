package props

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// Distinguish searches cases generated positions (boards of sides 3 to 12,
// from the seed) for one on which a and b differ, and shrinks it: the
// result is a small board with few pieces, or nil when none was found.
// The tally counts the positions compared up to the first counterexample
// (the shrinking's trials are not counted) and those a search limit left
// undecided, which never count as equal.
//
// An error means the search itself broke (a mover panicked): nothing was
// decided, whatever the tally says.
func Distinguish(a, b equiv.Mover, cases int, seed int64) (*equiv.Counterexample, equiv.Tally, error) {
	var tally equiv.Tally
	if cases <= 0 {
		return nil, tally, nil
	}
	params := gopter.DefaultTestParametersWithSeed(seed)
	params.MinSuccessfulTests = cases
	params.MaxShrinkCount = 500
	var last *equiv.Counterexample
	shrinking := false
	property := prop.ForAll(func(p board.Setup) bool {
		c := equiv.Compare(a, b, p)
		if !shrinking {
			tally.Add(c, p)
		}
		if c.Verdict != equiv.Differ {
			return true // an undecided candidate is no smaller counterexample
		}
		shrinking = true
		last = c.Counterexample // gopter calls this last on the smallest failing case
		return false
	}, gen.Setup(3, 12))
	res := property.Check(params)
	switch {
	case res.Passed():
		return nil, tally, nil
	case last == nil:
		return nil, tally, fmt.Errorf("the position search stopped without a verdict: %v", resultError(res))
	}
	return last, tally, nil
}

// resultError describes a gopter result that neither passed nor failed.
func resultError(res *gopter.TestResult) error {
	if res.Error != nil {
		return res.Error
	}
	return fmt.Errorf("gopter: %s", res.Status)
}

// FuzzConfig says how long Fuzz runs, how cases are drawn and how much
// each may cost.
type FuzzConfig struct {
	Count   int   // cases to run; each case is a notation and a position
	Seed    int64 // case i is drawn from Seed+i, so any case replays alone
	Workers int   // 0: one per CPU
	MaxSide int   // largest board side (default 10)
	Depth   int   // grammar sampling depth (default 6)
	Laws    []Law // the laws to check (default Laws)
	// MaxStates and MaxBytes are the budgets (§12.3, eval.Options) of
	// each evaluation of a case's notation: a case that needs more is
	// undecided, never passed. 0 means FuzzMaxStates, FuzzMaxBytes.
	MaxStates, MaxBytes int
}

// The budgets of a fuzz case's queries unless FuzzConfig says otherwise:
// the evaluator's own, so that a run decides every case a single query
// would. Lower budgets buy more cases a second with more of them
// undecided (seed 1, 100,000 cases on 2 cores, issue 29: 9.6 s and 76
// undecided at these budgets, 5.1 s and 178 undecided at 10,000 states
// and 8 MiB).
const (
	FuzzMaxStates = eval.DefaultMaxStates
	FuzzMaxBytes  = eval.DefaultMaxBytes
)

// FuzzFailure is a law broken by a generated case, shrunk.
type FuzzFailure struct {
	Law      Law
	Case     int // index of the case, replayable with Seed+Case
	Notation string
	Setup    board.Setup
	Message  string
}

// FuzzUndecided is a case on which no law was broken but a law was left
// undecided (a search limit was hit), or which could not be drawn.
type FuzzUndecided struct {
	Law      string // "" when the case could not be drawn
	Case     int
	Notation string
	Setup    board.Setup
	Reason   error
}

// FuzzReport is what a fuzz run decided. Every finished case is passed
// (every law held), undecided, or the failure. With a failure the counts
// cover the cases up to it, which every worker finishes, so that they do
// not depend on scheduling.
type FuzzReport struct {
	Failure        *FuzzFailure   // the first broken law by case index, shrunk; nil when none
	Cases          int            // cases finished
	Undecided      int            // finished cases on which some law was undecided and none broken
	FirstUndecided *FuzzUndecided // the undecided case with the lowest index
	// UndecidedBy counts the undecided cases by the first law left
	// undecided on each ("" for cases that could not be drawn).
	UndecidedBy map[string]int
}

// Passed is the number of finished cases on which every law held.
func (r FuzzReport) Passed() int {
	n := r.Cases - r.Undecided
	if r.Failure != nil {
		n--
	}
	return n
}

// Verdict is what the run decided, as the command line prints it:
// "failed" when a law was broken, "undecided" when none was but some case
// was left undecided (or no case finished at all: nothing was decided),
// else "passed".
func (r FuzzReport) Verdict() string {
	switch {
	case r.Failure != nil:
		return "failed"
	case r.Undecided > 0 || r.Cases == 0:
		return "undecided"
	}
	return "passed"
}

// Fuzz draws cases and checks every law on each, until Count cases are
// finished, ctx is done or a law fails. done is called with the number of
// finished cases (from any goroutine). The first failure by case index is
// returned shrunk; the report does not depend on scheduling unless ctx
// stopped the run. A case on which a law is undecided (a search limit,
// §12.3) is counted as undecided, never as passed.
func Fuzz(ctx context.Context, cfg FuzzConfig, done func(n int)) (FuzzReport, error) {
	g, err := grammar.Betza2()
	if err != nil {
		return FuzzReport{}, err
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
	if cfg.Laws == nil {
		cfg.Laws = Laws
	}
	if cfg.MaxStates == 0 {
		cfg.MaxStates = FuzzMaxStates
	}
	if cfg.MaxBytes == 0 {
		cfg.MaxBytes = FuzzMaxBytes
	}
	positions := gen.Setup(3, cfg.MaxSide)
	var (
		next      atomic.Int64
		finished  atomic.Int64
		mu        sync.Mutex
		first     *FuzzFailure
		finishedI []int            // indices of finished cases (guarded by mu)
		undecided []*FuzzUndecided // (guarded by mu)
		wg        sync.WaitGroup
	)
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ev := &equiv.Evaluation{Options: eval.Options{MaxStates: cfg.MaxStates, MaxBytes: cfg.MaxBytes}}
			// The programs of the case in hand: the notation drawn is
			// compiled once, to check it and as the subject.
			progs := programs{}
			notations := gen.NotationWith(g, cfg.Depth, nil, progs.compile)
			// One source per worker, seeded again for each case: the
			// same draws as a fresh source of math/rand, without making
			// one (5 KB) each time, and seeded four times faster
			// (gen.Source).
			params := gopter.DefaultGenParameters()
			params.Rng = rand.New(gen.NewSource())
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
				params.Rng.Seed(cfg.Seed + int64(i))
				clear(progs)
				fail, und := runCase(cfg, i, params, notations, positions, ev, progs)
				mu.Lock()
				finishedI = append(finishedI, i)
				if fail != nil && (first == nil || fail.Case < first.Case) {
					first = fail
				}
				if und != nil {
					undecided = append(undecided, und)
				}
				mu.Unlock()
				if done != nil {
					done(int(finished.Add(1)))
				}
			}
		}()
	}
	wg.Wait()
	r := FuzzReport{Failure: first}
	within := func(i int) bool { return first == nil || i <= first.Case }
	for _, i := range finishedI {
		if within(i) {
			r.Cases++
		}
	}
	for _, u := range undecided {
		if !within(u.Case) {
			continue
		}
		r.Undecided++
		if r.UndecidedBy == nil {
			r.UndecidedBy = map[string]int{}
		}
		r.UndecidedBy[u.Law]++
		if r.FirstUndecided == nil || u.Case < r.FirstUndecided.Case {
			r.FirstUndecided = u
		}
	}
	return r, ctx.Err()
}

// runCase draws case i with params, whose source is seeded with
// cfg.Seed+i, and checks the laws on it, evaluating its notations on ev
// and keeping their programs in progs (empty when the case starts): the
// failure (shrunk) of the first law broken, or, when none is broken, the
// first law left undecided; both nil when every law held.
func runCase(cfg FuzzConfig, i int, params *gopter.GenParameters, notations, positions gopter.Gen, ev *equiv.Evaluation, progs programs) (*FuzzFailure, *FuzzUndecided) {
	nr, pr := notations(params), positions(params)
	n, ok := nr.Retrieve()
	p, _ := pr.Retrieve()
	if !ok {
		return nil, &FuzzUndecided{Case: i, Reason: errors.New("no notation that compiles could be drawn")}
	}
	subject, err := newSubject(ev, progs, n.(string), p.(board.Setup))
	if err != nil { // gen.Notation only yields notations that compile
		panic(err)
	}
	var und *FuzzUndecided
	for _, law := range cfg.Laws {
		res := law.Check(subject)
		switch {
		case res.Failure != "":
			return shrinkFailure(law, i, nr, pr), nil
		case res.Undecided != nil && und == nil:
			und = &FuzzUndecided{Law: law.Name, Case: i, Notation: subject.Notation, Setup: subject.Setup, Reason: res.Undecided}
		}
	}
	return nil, und
}

// shrinkFailure shrinks a failing case greedily: the notation first, then
// the position, keeping each smaller candidate that still breaks the law
// (a candidate on which the law is undecided does not).
func shrinkFailure(law Law, i int, nr, pr *gopter.GenResult) *FuzzFailure {
	nv, _ := nr.Retrieve()
	pv, _ := pr.Retrieve()
	n, p := nv.(string), pv.(board.Setup)
	fails := func(n string, p board.Setup) bool { return law.CheckOn(n, p).Failure != "" }
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
		shrinkP := gen.ShrinkSetup(p)
		for c, ok := shrinkP(); ok && budget > 0 && !improved; c, ok = shrinkP() {
			budget--
			if fails(n, c.(board.Setup)) {
				p, improved = c.(board.Setup), true
			}
		}
		if !improved {
			break
		}
	}
	return &FuzzFailure{Law: law, Case: i, Notation: n, Setup: p, Message: law.CheckOn(n, p).Failure}
}

package eval

import (
	"context"
	"fmt"
	"github.com/betzacheck/betzacheck/reference/loc"
	"time"
	"unsafe"
)

// The budgets of §12.3. A query that would need more fails with a
// *LimitError; it never returns a truncated answer. The defaults keep a
// query that exhausts its budget cheap: tens of megabytes and a fraction
// of a second, so that a fuzz or equivalence run with one worker per core
// stays small.
const (
	// DefaultMaxStates is the states budget of a query (§12.3).
	DefaultMaxStates = 1_000_000
	// DefaultMaxPathStates is the states budget when paths are kept
	// (§10.4): every path is a state of its own, and a loop such as aW0 has
	// unboundedly many paths.
	DefaultMaxPathStates = 100_000
	// DefaultMaxBytes is the memory budget of a query (§12.3), in bytes as
	// the search estimates them (see Options.MaxBytes).
	DefaultMaxBytes = 24 << 20
)

// Budget names one of the budgets of a query (§12.3).
type Budget string

// The budgets.
const (
	BudgetStates Budget = "states" // search states visited (Options.MaxStates)
	BudgetBytes  Budget = "bytes"  // memory held by the search (Options.MaxBytes)
	BudgetTime   Budget = "time"   // the caller's context (Options.Context)
)

// LimitError reports a query that ran out of one of its budgets (§12.3,
// §9.11). It is the one error for every budget; Budget says which.
type LimitError struct {
	Budget Budget
	// Limit is the size of the budget in its unit: states for
	// BudgetStates, bytes for BudgetBytes; 0 for BudgetTime, whose size
	// the caller's context holds.
	Limit int
	// Elapsed is how long the search ran before its context stopped it
	// (BudgetTime only).
	Elapsed time.Duration
	// Err is the context's error (BudgetTime only).
	Err error
}

func (e *LimitError) Error() string {
	switch e.Budget {
	case BudgetBytes:
		return fmt.Sprintf("the search needed more than %d bytes (%d MiB) of memory, its budget (§12.3)", e.Limit, e.Limit>>20)
	case BudgetTime:
		return fmt.Sprintf("the search was stopped after %v: %v (§12.3)", e.Elapsed.Round(time.Millisecond), e.Err)
	}
	return fmt.Sprintf("the search visited more than %d states, its budget (§12.3)", e.Limit)
}

// Unwrap returns the context's error of a time limit, so that
// errors.Is(err, context.DeadlineExceeded) holds.
func (e *LimitError) Unwrap() error { return e.Err }

// Estimated sizes of what the search holds, for the memory budget. They
// are upper bounds of the live data, with the slack of the growing arrays
// and hash tables that hold it.
var (
	stateSize = int(unsafe.Sizeof(state{}))
	// seenCost is one state in a seen-set (its array, twice the state
	// when it grows, and hash slots at most half full) and on a work
	// stack, or in a frontier of fragments.
	seenCost = 3*stateSize + 4*4 + 8
	// textCost is one interned text besides its bytes: its span and its
	// hash slots (texts).
	textCost = 2*int(unsafe.Sizeof(span{})) + 4*4
	// pathCost is one interned path step (a slice element and a map entry).
	pathCost = 3 * int(unsafe.Sizeof(pathNode{})+8)
	// landedCost is one entry of the outcomes of landings (search.landed).
	landedCost = 3 * 16
	// outcomeCost is one outcome before its changes: its entry, and the
	// two slice headers of its paths when the query keeps them
	// (search.foundPaths, search.unfolded).
	outcomeCost = int(unsafe.Sizeof(found{})) + 2*int(unsafe.Sizeof([]int32(nil))) + 64
	// eruptionCost is one joint eruption besides its members, held in a
	// slice and a map.
	eruptionCost = int(unsafe.Sizeof(eruption{})) + 64
	// partCost is one part of a frontier of fragments besides its states.
	partCost = int(unsafe.Sizeof(part{})) + 32
	// moveCost is one class of chains after an eruption, besides its parts.
	moveCost = int(unsafe.Sizeof(fragMove{})) + 16
)

// checkEvery is how many units of work pass between two looks at the
// context: often enough to stop within a millisecond or so, rarely enough
// to cost nothing.
const checkEvery = 1024

// meter counts a query's work against its budgets.
type meter struct {
	states, maxStates int
	bytes, maxBytes   int
	ctx               context.Context
	start             time.Time
	sinceCheck        int
}

// reset readies the meter for a query with the budgets of opt.
func (m *meter) reset(opt Options) {
	m.states, m.bytes, m.sinceCheck = 0, 0, 0
	m.maxStates, m.maxBytes, m.ctx = opt.MaxStates, opt.MaxBytes, opt.Context
	if m.ctx != nil {
		m.start = time.Now()
	}
}

// spend counts states and bytes and stops the search, by loc.Bail
// that Moves turns into its error, once a budget is exceeded or the
// context is done.
func (m *meter) spend(states, bytes int) {
	m.states += states
	m.bytes += bytes
	if m.states > m.maxStates || m.bytes > m.maxBytes || m.ctx != nil {
		m.check(states)
	}
}

// check is spend's work once a budget is exceeded or the query has a
// context.
func (m *meter) check(states int) {
	if m.states > m.maxStates {
		loc.Bail(&LimitError{Budget: BudgetStates, Limit: m.maxStates})
	}
	if m.bytes > m.maxBytes {
		loc.Bail(&LimitError{Budget: BudgetBytes, Limit: m.maxBytes})
	}
	if m.ctx == nil {
		return
	}
	m.sinceCheck += states + 1
	if m.sinceCheck >= checkEvery {
		m.sinceCheck = 0
		m.checkContext()
	}
}

// checkContext stops the search if its context is done.
func (m *meter) checkContext() {
	if m.ctx == nil {
		return
	}
	if err := m.ctx.Err(); err != nil {
		loc.Bail(&LimitError{Budget: BudgetTime, Elapsed: time.Since(m.start), Err: err})
	}
}

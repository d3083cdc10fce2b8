package eval_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/eval"
)

// crowded is an 8x8 board full of black pawns but for h1, where a queen
// of captures has more paths than any budget allows: every set of pawns
// taken is a search state of its own.
const crowded = "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/ppppppp1"

// TestLimitErrorNamesBudget: a search past a budget fails with the one
// limit error, which says which budget ran out and its size (§12.3).
func TestLimitErrorNamesBudget(t *testing.T) {
	for _, c := range []struct {
		opt    eval.Options
		budget eval.Budget
		limit  int
		text   string
	}{
		{eval.Options{MaxStates: 5000}, eval.BudgetStates, 5000, "more than 5000 states"},
		{eval.Options{MaxBytes: 1 << 20}, eval.BudgetBytes, 1 << 20, "more than 1048576 bytes (1 MiB)"},
		{eval.Options{}, eval.BudgetBytes, eval.DefaultMaxBytes, "its budget (§12.3)"},
	} {
		for _, src := range []string{"(amcK)0", "x(amcK)0"} {
			out, err := query(t, src, "8x8", crowded, "h1", c.opt)
			var lim *eval.LimitError
			if !errors.As(err, &lim) || lim.Budget != c.budget || lim.Limit != c.limit || !strings.Contains(err.Error(), c.text) || len(out) != 0 {
				t.Errorf("%s with %+v: %d outcomes, error %v; want the %s budget of %d", src, c.opt, len(out), err, c.budget, c.limit)
			}
		}
	}
}

// TestDefaultBudgetIsCheap: with the default budgets a query that
// exhausts them stops early. It used to run to a million states, which
// cost 4 GB of allocations (18 GB with an eruption) and half a gigabyte
// of memory; the bound here is generous, and the benchmarks hold the
// figures.
func TestDefaultBudgetIsCheap(t *testing.T) {
	for _, src := range []string{"(amcK)0", "x(amcK)0"} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := query(t, src, "8x8", crowded, "h1", eval.Options{})
		runtime.ReadMemStats(&after)
		var lim *eval.LimitError
		if !errors.As(err, &lim) {
			t.Fatalf("%s: error %v, want a limit", src, err)
		}
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 512<<20 {
			t.Errorf("%s: hitting the %s budget allocated %d MB", src, lim.Budget, grown>>20)
		}
	}
}

// countdown is a context that is done after its Err has been asked n
// times, so that a test can stop a search part way with no clock.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestContextStopsSearch: a context bounds a query in time; when it is
// done the search stops with a limit error for the time budget, never a
// truncated answer.
func TestContextStopsSearch(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, ctx := range []context.Context{done, &countdown{context.Background(), 3}} {
		for _, src := range []string{"(amcK)0", "x(amcK)0"} {
			out, err := query(t, src, "8x8", crowded, "h1", eval.Options{Context: ctx})
			var lim *eval.LimitError
			if !errors.As(err, &lim) || lim.Budget != eval.BudgetTime || !errors.Is(err, context.Canceled) || len(out) != 0 {
				t.Errorf("%s: %d outcomes, error %v; want the time budget", src, len(out), err)
			}
		}
	}
	// A context that is never done changes nothing.
	out, err := query(t, "Q", "8x8", "", "d4", eval.Options{Context: context.Background()})
	if err != nil || len(out) != 27 {
		t.Errorf("Q with a live context: %d outcomes, %v", len(out), err)
	}
}

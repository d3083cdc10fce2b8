package xbetza

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/loc"
)

// allocated returns the bytes f allocates: a measure of its work that a
// loaded machine does not change, unlike its time.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLimitsComeCheaply: issue 28's moves of thousands of legs, each
// refused by §X6.4 at the move, after work bounded by the limits rather
// than by the move's length (8,000 a's took 13.8 s and 3.5 GB: each path
// was copied whole at every leg, and 4096 paths of 8,000 legs were made
// before the count was checked). The work is asserted as the bytes
// allocated, never as time.
func TestLimitsComeCheaply(t *testing.T) {
	const budget = 64 << 20 // bytes allocated; the limits need a few MB
	for _, src := range []string{
		strings.Repeat("a", 8000) + "W",
		strings.Repeat("a", 20000) + "W",
		strings.Repeat("pa", 2000) + "W",
		strings.Repeat("ma", 2000) + "W",
		strings.Repeat("ca", 2000) + "W",
		strings.Repeat("ga", 2000) + "W",
		strings.Repeat("fsa", 1333) + "W",
		"aaaaaaaW",                          // 4 × 3^7 paths
		strings.Repeat("fa", 100) + "R1000", // one chain of 101 legs of 1999 copies
		"fW" + strings.Repeat("fa", 100) + "R1000",
	} {
		var err error
		n := allocated(func() { _, err = Dialect{}.ToBetza2(src) })
		var le *loc.Error
		at := 0
		if strings.HasPrefix(src, "fW") {
			at = 2
		}
		switch {
		case !errors.As(err, &le) || le.Clause != "§X6.4" || le.Offset != at:
			t.Errorf("%.30s… (%d bytes): %.200v; want the limit of §X6.4 at %d", src, len(src), err, at)
		case n > budget:
			t.Errorf("%.30s… (%d bytes): %d MB allocated to find the limit, want at most %d", src, len(src), n>>20, budget>>20)
		}
	}
	// Long moves within the limits translate, and their chains merge in
	// work proportional to their legs (4,001 legs took 12 s and 550 MB).
	src := strings.Repeat("fa", 4000) + "W"
	var err error
	if n := allocated(func() { _, err = Dialect{}.ToBetza2(src) }); err != nil || n > budget {
		t.Errorf("%.30s…: %v, %d MB allocated; want a translation within %d MB", src, err, n>>20, budget>>20)
	}
}

// BenchmarkLimit is the cost of §X6.4's error for 8,000 a's.
func BenchmarkLimit(b *testing.B) {
	src := strings.Repeat("a", 8000) + "W"
	for b.Loop() {
		if _, err := (Dialect{}).ToBetza2(src); err == nil {
			b.Fatal("no error")
		}
	}
}

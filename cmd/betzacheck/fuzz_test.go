package main

import (
	"runtime/debug"
	"testing"
)

// gcPacing reads the collector's settings without changing them.
func gcPacing() (percent int, limit int64) {
	percent = debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1)
}

// TestPaceGC: fuzz --heap sets a soft memory limit with GOGC=off and
// restores the pacing after; --heap 0, GOGC or GOMEMLIMIT keep it.
func TestPaceGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before, beforeLimit := gcPacing()
	restore := paceGC(123)
	if percent, limit := gcPacing(); percent != -1 || limit != 123<<20 {
		t.Errorf("paceGC(123): GOGC %d, limit %d; want off (-1), %d", percent, limit, 123<<20)
	}
	restore()
	if percent, limit := gcPacing(); percent != before || limit != beforeLimit {
		t.Errorf("after restore: GOGC %d, limit %d; want %d, %d", percent, limit, before, beforeLimit)
	}
	for _, c := range []struct {
		name, gogc, gomemlimit string
		mib                    int
	}{
		{"--heap 0", "", "", 0},
		{"GOGC", "50", "", 123},
		{"GOMEMLIMIT", "", "1GiB", 123},
	} {
		t.Setenv("GOGC", c.gogc)
		t.Setenv("GOMEMLIMIT", c.gomemlimit)
		restore := paceGC(c.mib)
		if percent, limit := gcPacing(); percent != before || limit != beforeLimit {
			t.Errorf("%s: GOGC %d, limit %d; want them kept (%d, %d)", c.name, percent, limit, before, beforeLimit)
		}
		restore()
	}
}

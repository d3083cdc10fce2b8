package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"betzacheck/conformance/props"
)

var fuzzCmd = &command{
	Name:    "fuzz",
	Args:    "[--count N] [--time D] [--seed S]",
	Summary: "check every law on notations sampled from the grammar, on generated positions",
	Run:     runFuzz,
}

func runFuzz(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	count := fs.Int("count", 10000, "cases to run (a case is a notation and a position)")
	limit := fs.Duration("time", 0, "stop after this long (0: no limit)")
	seed := fs.Int64("seed", time.Now().UnixNano(), "seed; case i is drawn from seed+i")
	if _, code, ok := c.parseArgs(e, fs, args, 0); !ok {
		return code
	}
	ctx := context.Background()
	if *limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *limit)
		defer cancel()
	}
	names := make([]string, len(props.Laws))
	for i, l := range props.Laws {
		names[i] = l.Name
	}
	fmt.Fprintf(e.stdout, "seed %d: %d cases against %d laws (%s)\n", *seed, *count, len(names), strings.Join(names, ", "))
	bar := newProgress(e.stderr, *count)
	start := time.Now()
	fail, n, _ := props.Fuzz(ctx, props.FuzzConfig{Count: *count, Seed: *seed}, bar.update)
	bar.finish()
	elapsed := time.Since(start)
	if fail != nil {
		fmt.Fprintf(e.stdout, "law %s (%s) broken by case %d (replay: --seed %d --count %d)\n%s\nready-to-add corpus case:\n%s",
			fail.Law.Name, fail.Law.Clauses, fail.Case, *seed, fail.Case+1, fail.Message,
			props.CorpusCase(fail.Law.Name, fail.Notation, fail.Law.Clauses, "TODO: reason checked by hand", fail.Position))
		return exitFail
	}
	fmt.Fprintf(e.stdout, "%d cases passed every law in %s (%.0f cases/s)\n", n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds())
	return exitOK
}

// progress draws a bar on a terminal and a plain line every 10% elsewhere.
type progress struct {
	mu        sync.Mutex
	w         io.Writer
	total     int
	terminal  bool
	lastTenth int
	lastDraw  time.Time
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

func (p *progress) update(done int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.terminal {
		if time.Since(p.lastDraw) < 100*time.Millisecond && done < p.total {
			return
		}
		p.lastDraw = time.Now()
		const width = 40
		filled := width * done / max(p.total, 1)
		fmt.Fprintf(p.w, "\r[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(" ", width-filled), done, p.total)
		return
	}
	if tenth := 10 * done / max(p.total, 1); tenth > p.lastTenth {
		p.lastTenth = tenth
		fmt.Fprintf(p.w, "%d/%d cases\n", done, p.total)
	}
}

func (p *progress) finish() {
	if p.terminal {
		fmt.Fprintln(p.w)
	}
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"betzacheck/conformance/props"
)

var fuzzCmd = &command{
	Name:    "fuzz",
	Args:    "[--count N] [--time D] [--seed S] [--quiet] [--json]",
	Summary: "check every law on notations sampled from the grammar, on generated positions",
	Run:     runFuzz,
}

// fuzzJSON is fuzz --json: the run and its failure, if any.
type fuzzJSON struct {
	Seed    int64            `json:"seed"`
	Count   int              `json:"count"`
	Cases   int              `json:"cases"` // cases run (fewer than count when --time stopped the run)
	Laws    []string         `json:"laws"`
	Passed  bool             `json:"passed"`
	Failure *fuzzFailureJSON `json:"failure"`
}

type fuzzFailureJSON struct {
	Law      string `json:"law"`
	Clauses  string `json:"clauses"`
	Case     int    `json:"case"`
	Notation string `json:"notation"`
	Board    string `json:"board"`
	Position string `json:"position"`
	From     string `json:"from"`
	Message  string `json:"message"`
	Replay   string `json:"replay"` // the flags that replay the case
}

func runFuzz(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	count := fs.Int("count", 10000, "cases to run (a case is a notation and a position)")
	limit := fs.Duration("time", 0, "stop after this long (0: no limit)")
	seed := fs.Int64("seed", time.Now().UnixNano(), "seed; case i is drawn from seed+i")
	quiet := fs.Bool("quiet", false, "print only the result line (and no progress)")
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
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
	if !*quiet && !*jsonOut {
		fmt.Fprintf(e.stdout, "seed %d: %d cases against %d laws (%s)\n", *seed, *count, len(names), strings.Join(names, ", "))
	}
	var bar *progress
	if !*quiet {
		bar = newProgress(e.stderr, *count)
	}
	start := time.Now()
	fail, n, _ := props.Fuzz(ctx, props.FuzzConfig{Count: *count, Seed: *seed}, bar.update)
	bar.finish()
	elapsed := time.Since(start)
	replay := ""
	if fail != nil {
		replay = fmt.Sprintf("--seed %d --count %d", *seed, fail.Case+1)
	}
	switch {
	case *jsonOut:
		doc := fuzzJSON{Seed: *seed, Count: *count, Cases: n, Laws: names, Passed: fail == nil}
		if fail != nil {
			p := fail.Position
			doc.Failure = &fuzzFailureJSON{Law: fail.Law.Name, Clauses: fail.Law.Clauses, Case: fail.Case,
				Notation: fail.Notation, Board: p.Pos.Size().String(), Position: p.Pos.String(), From: p.From.String(),
				Message: fail.Message, Replay: replay}
		}
		if err := writeJSON(e.stdout, doc); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck fuzz: %v\n", err)
			return exitFail
		}
	case fail != nil && *quiet:
		fmt.Fprintf(e.stdout, "law %s (%s) broken by case %d (replay: %s)\n", fail.Law.Name, fail.Law.Clauses, fail.Case, replay)
	case fail != nil:
		fmt.Fprintf(e.stdout, "law %s (%s) broken by case %d (replay: %s)\n%s\nready-to-add corpus case:\n%s",
			fail.Law.Name, fail.Law.Clauses, fail.Case, replay, fail.Message,
			props.CorpusCase(fail.Law.Name, fail.Notation, fail.Law.Clauses, "TODO: reason checked by hand", fail.Position))
	default:
		fmt.Fprintf(e.stdout, "%d cases passed every law in %s (%.0f cases/s)\n", n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds())
	}
	if fail != nil {
		return exitFail
	}
	return exitOK
}

// writeJSON writes v as indented JSON and a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// progress reports how far a run of many cases is, on stderr. On a
// terminal it draws a bar, once the run has taken longer than
// progressDelay (a quick run shows nothing); elsewhere (a log, a pipe) it
// writes a plain "N/M cases" line at every tenth. A nil *progress does
// nothing (--quiet).
type progress struct {
	mu        sync.Mutex
	w         io.Writer
	total     int
	terminal  bool
	start     time.Time
	drawn     bool // the bar is on the screen
	lastTenth int
	lastDraw  time.Time
}

// progressDelay is how long a run goes before a terminal shows its bar.
const progressDelay = time.Second

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total, terminal: isTerminal(w), start: time.Now()}
}

func (p *progress) update(done int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	// Runs shorter than a second show no progress at all.
	if time.Since(p.start) < progressDelay {
		return
	}
	if p.terminal {
		if time.Since(p.lastDraw) < 100*time.Millisecond && done < p.total {
			return
		}
		p.lastDraw = time.Now()
		p.drawn = true
		const width = 40
		filled := width * min(done, p.total) / max(p.total, 1)
		fmt.Fprintf(p.w, "\r[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(" ", width-filled), done, p.total)
		return
	}
	if tenth := 10 * done / max(p.total, 1); tenth > p.lastTenth {
		p.lastTenth = tenth
		fmt.Fprintf(p.w, "%d/%d cases\n", done, p.total)
	}
}

// finish ends the bar's line, if a bar was drawn.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/betzacheck/betzacheck/conformance/props"
)

// fuzzJSON is fuzz --json: the run, its failure if any, and the cases a
// search limit left undecided.
type fuzzJSON struct {
	Seed  int64 `json:"seed"`
	Count int   `json:"count"`
	// MaxStates and MaxBytes are the budgets of each evaluation of a
	// case's notation (§12.3): a case that needs more is undecided.
	MaxStates int      `json:"maxStates"`
	MaxBytes  int      `json:"maxBytes"`
	Cases     int      `json:"cases"` // cases run (fewer than count when --time stopped the run, or up to the failure)
	Laws      []string `json:"laws"`
	// PassedCases held every law; Undecided hit a search limit before
	// some law was decided (and broke none).
	PassedCases int            `json:"passedCases"`
	Undecided   int            `json:"undecided"`
	UndecidedBy map[string]int `json:"undecidedBy"` // undecided cases by the law left undecided`
	// Verdict is "passed" (every case run held every law), "failed" (a
	// law broken) or "undecided" (no law broken, but some case, or every
	// one, undecided, or the run interrupted). Passed is Verdict ==
	// "passed".
	Verdict string `json:"verdict"`
	Passed  bool   `json:"passed"`
	// Interrupted: SIGINT or SIGTERM stopped the run, for the reason
	// Stopped gives; the counts cover the cases finished by then.
	Interrupted      bool               `json:"interrupted"`
	Stopped          string             `json:"stopped,omitempty"`
	Failure          *fuzzFailureJSON   `json:"failure"`
	UndecidedExample *fuzzUndecidedJSON `json:"undecidedExample"`
}

type fuzzFailureJSON struct {
	Law      string `json:"law"`
	Clauses  string `json:"clauses"`
	Case     int    `json:"case"`
	Notation string `json:"notation"`
	*setupJSON
	Message string `json:"message"`
	Replay  string `json:"replay"` // the flags that replay the case
}

// fuzzUndecidedJSON is the first undecided case.
type fuzzUndecidedJSON struct {
	Law        string `json:"law"` // "" when the case could not be drawn
	Case       int    `json:"case"`
	Notation   string `json:"notation"`
	*setupJSON        // absent when the case could not be drawn
	Reason     string `json:"reason"`
	Replay     string `json:"replay"`
}

func runFuzz(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	count := fs.Int("count", 10000, "cases to run, 1 or more (a case is a notation and a position)")
	limit := fs.Duration("time", 0, "stop after this long (0: no limit)")
	seed := fs.Int64("seed", time.Now().UnixNano(), "seed; case i is drawn from seed+i")
	quiet := fs.Bool("quiet", false, "print only the result line (and no progress)")
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
	maxStates := fs.Int("max-states", props.FuzzMaxStates, "search states each evaluation of a case's notation may visit (§12.3); a case that needs more is undecided")
	maxBytes := fs.Int("max-bytes", props.FuzzMaxBytes, "bytes each evaluation of a case's notation may hold, as the search estimates them (§12.3); a case that needs more is undecided")
	workers := runtime.NumCPU()
	heap := fs.Int("heap", heapPerWorker*workers, "let the Go heap grow to `MIB` mebibytes before the collector runs (a soft limit, as GOGC=off with GOMEMLIMIT; the default is 100 per worker, one worker per CPU); 0 keeps Go's pacing, and so does GOGC or GOMEMLIMIT in the environment")
	if _, code, ok := c.parseArgs(e, fs, args, 0); !ok {
		return code
	}
	switch {
	case *count < 1:
		fmt.Fprintf(e.stderr, "betzacheck fuzz: --count %d: expected 1 or more\n", *count)
		return exitUsage
	case *limit < 0:
		fmt.Fprintf(e.stderr, "betzacheck fuzz: --time %v: expected 0 (no limit) or more\n", *limit)
		return exitUsage
	case !checkRange(c, e, "max-states", *maxStates, 1, math.MaxInt) || !checkRange(c, e, "max-bytes", *maxBytes, 1, math.MaxInt) ||
		!checkRange(c, e, "heap", *heap, 0, math.MaxInt):
		return exitUsage
	}
	defer paceGC(*heap)()
	// SIGINT and SIGTERM stop the run as they stop conform's: the cases
	// in flight finish (each within its budgets), no later case is
	// taken, and the result covers the cases finished, says that the run
	// was interrupted and exits 3 (1 if a law broke). A second signal
	// ends betzacheck at once.
	signalled, stopSignals := signalContext()
	defer stopSignals()
	ctx := signalled
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
		fmt.Fprintf(e.stdout, "seed %d: %d cases against %d laws (%s); a case's notation is evaluated within %d states and %s\n",
			*seed, *count, len(names), strings.Join(names, ", "), *maxStates, byteCount(*maxBytes))
	}
	var bar *progress
	if !*quiet {
		bar = newProgress(e.stderr, *count)
	}
	start := time.Now()
	r, runErr := props.Fuzz(ctx, props.FuzzConfig{Count: *count, Seed: *seed, Workers: workers, MaxStates: *maxStates, MaxBytes: *maxBytes}, bar.update)
	bar.finish()
	elapsed := time.Since(start)
	interrupted := ""
	if errors.Is(runErr, context.Canceled) && signalled.Err() != nil && r.Cases < *count {
		interrupted = context.Cause(signalled).Error()
		fmt.Fprintf(e.stderr, "betzacheck fuzz: %s: stopped after %d of %d cases; no later case run (the run replays with --seed %d --count %d)\n",
			interrupted, r.Cases, *count, *seed, *count)
	}
	if runErr != nil && !errors.Is(runErr, context.DeadlineExceeded) && interrupted == "" {
		fmt.Fprintf(e.stderr, "betzacheck fuzz: %v\n", runErr)
		return exitFail
	}
	fail := r.Failure
	budgets := ""
	if *maxStates != props.FuzzMaxStates {
		budgets += fmt.Sprintf(" --max-states %d", *maxStates)
	}
	if *maxBytes != props.FuzzMaxBytes {
		budgets += fmt.Sprintf(" --max-bytes %d", *maxBytes)
	}
	replay := func(i int) string { return fmt.Sprintf("--seed %d --count %d%s", *seed, i+1, budgets) }
	verdict := r.Verdict()
	interruptedNote := "" // a failure stops the run itself: only a signal is noted
	if interrupted != "" {
		interruptedNote = stoppedEarly(r.Cases, *count, interrupted)
		if verdict == "passed" {
			verdict = "undecided" // not every case ran: never a pass
		}
	}
	code := map[string]int{"passed": exitOK, "failed": exitFail, "undecided": exitUndecided}[verdict]
	if r.UndecidedBy == nil {
		r.UndecidedBy = map[string]int{}
	}
	switch {
	case *jsonOut:
		doc := fuzzJSON{Seed: *seed, Count: *count, MaxStates: *maxStates, MaxBytes: *maxBytes, Cases: r.Cases, Laws: names, PassedCases: r.Passed(), Undecided: r.Undecided, UndecidedBy: r.UndecidedBy,
			Verdict: verdict, Passed: verdict == "passed", Interrupted: interrupted != "", Stopped: interrupted}
		if fail != nil {
			p := fail.Setup
			doc.Failure = &fuzzFailureJSON{Law: fail.Law.Name, Clauses: fail.Law.Clauses, Case: fail.Case,
				Notation: fail.Notation, setupJSON: setupOf(p),
				Message: fail.Message, Replay: replay(fail.Case)}
		}
		if u := r.FirstUndecided; u != nil {
			doc.UndecidedExample = &fuzzUndecidedJSON{Law: u.Law, Case: u.Case, Notation: u.Notation, setupJSON: setupOf(u.Setup),
				Reason: u.Reason.Error(), Replay: replay(u.Case)}
		}
		if code := writeJSONDoc(c, e, doc); code != exitOK {
			return code
		}
	case fail != nil && *quiet:
		fmt.Fprintf(e.stdout, "law %s (%s) broken by case %d (replay: %s)%s\n", fail.Law.Name, fail.Law.Clauses, fail.Case, replay(fail.Case), interruptedNote)
	case fail != nil:
		fmt.Fprintf(e.stdout, "law %s (%s) broken by case %d (replay: %s)%s\n%s\nready-to-add corpus case:\n%s",
			fail.Law.Name, fail.Law.Clauses, fail.Case, replay(fail.Case), interruptedNote, fail.Message,
			props.CorpusCase(fail.Law.Name, fail.Notation, fail.Law.Clauses, "TODO: reason checked by hand", fail.Setup))
	case r.Cases == 0:
		fmt.Fprintf(e.stdout, "no case finished in %s: nothing was decided%s\n", elapsed.Round(time.Millisecond), stoppedEarly(r.Cases, *count, interrupted))
	case r.Undecided > 0:
		fmt.Fprintf(e.stdout, "%d cases: %d passed every law, %d undecided (%s) in %s%s\n",
			r.Cases, r.Passed(), r.Undecided, undecidedWords(r.UndecidedBy), elapsed.Round(time.Millisecond), stoppedEarly(r.Cases, *count, interrupted))
		if u := r.FirstUndecided; u != nil && !*quiet {
			what := "could not be drawn"
			if u.Law != "" {
				what = fmt.Sprintf("law %s undecided on %s", u.Law, u.Notation)
				if u.Setup.Pos != nil {
					what += ", " + u.Setup.String()
				}
			}
			fmt.Fprintf(e.stdout, "first undecided: case %d (replay: %s): %s: %v\n", u.Case, replay(u.Case), what, u.Reason)
		}
	default:
		fmt.Fprintf(e.stdout, "%d cases passed every law in %s (%.0f cases/s)%s\n", r.Cases, elapsed.Round(time.Millisecond), float64(r.Cases)/elapsed.Seconds(), stoppedEarly(r.Cases, *count, interrupted))
	}
	return code
}

// heapPerWorker is the heap, in MiB, that fuzz lets each worker's share
// grow to before the collector runs: a worker's live data is a case or
// two, whose searches the budgets keep to tens of MiB, so a run collects
// rarely and its peak stays near this.
const heapPerWorker = 100

// paceGC lets the heap grow to mib MiB before the collector runs (a soft
// limit with GOGC=off, as GOMEMLIMIT sets it) instead of each time the
// live heap doubles: a fuzz run allocates much and keeps little, and at
// Go's default pacing it spends about a third of its CPU collecting. It
// changes when memory is freed, never what a run decides. mib 0, or GOGC
// or GOMEMLIMIT in the environment, keep the pacing the runtime has. The
// function it returns restores the pacing before.
func paceGC(mib int) (restore func()) {
	if mib == 0 || os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	limit := debug.SetMemoryLimit(min(int64(mib), math.MaxInt64>>20) << 20)
	percent := debug.SetGCPercent(-1)
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}

// byteCount writes n bytes in MiB when it is a whole number of them.
func byteCount(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// undecidedWords says which laws a limit left undecided, and how often:
// "a limit was hit before law explicit-defaults was decided: 3".
func undecidedWords(by map[string]int) string {
	laws := slices.Sorted(maps.Keys(by))
	parts := make([]string, len(laws))
	for i, l := range laws {
		name := "law " + l
		if l == "" {
			name = "cases not drawn"
		}
		parts[i] = fmt.Sprintf("%s %d", name, by[l])
	}
	return "a limit was hit before a law was decided: " + strings.Join(parts, ", ")
}

// stoppedEarly notes a run that a signal (interrupted, its cause)
// stopped, or --time stopped, before --count cases.
func stoppedEarly(cases, count int, interrupted string) string {
	if interrupted != "" {
		return fmt.Sprintf("; INTERRUPTED: %s after %d of %d cases, no later case run", interrupted, cases, count)
	}
	if cases >= count {
		return ""
	}
	return fmt.Sprintf(", stopped by --time after %d of %d cases", cases, count)
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

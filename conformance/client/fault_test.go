package client_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
)

// tagVar is the environment variable that marks every process a test
// starts: the implementation inherits it, and so does everything the
// implementation starts, so that leftovers finds them all.
const tagVar = "BETZA_DOUBLE_TAG"

var tagCount atomic.Int64

// tagProcesses marks the processes the test starts from now on with a tag
// of their own, and returns it.
func tagProcesses(t *testing.T) string {
	tag := fmt.Sprintf("%d-%d", os.Getpid(), tagCount.Add(1))
	t.Setenv(tagVar, tag)
	return tag
}

// leftovers lists the live processes (not zombies) that carry tag in their
// environment. It returns nil where /proc cannot be read.
func leftovers(tag string) []string {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	want := []byte(tagVar + "=" + tag + "\x00")
	var found []string
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil || !bytes.Contains(env, want) {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The state is the field after the command name in parentheses.
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && (stat[i+2] == 'Z' || stat[i+2] == 'X') {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		found = append(found, fmt.Sprintf("%d %s", pid, bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '})))
	}
	return found
}

// checkNoLeftovers fails the test if a process tagged tag is still alive.
// A process killed a moment ago may take a moment to die: it waits for
// that, up to a generous bound, and stops as soon as none is left.
func checkNoLeftovers(t testing.TB, tag string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := leftovers(tag)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("processes left running: %q", left)
			for _, l := range left {
				if pid, err := strconv.Atoi(strings.Fields(l)[0]); err == nil {
					if p, err := os.FindProcess(pid); err == nil {
						p.Kill()
					}
				}
			}
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// conformCases are the batch as conform cases.
func conformCases() []*conform.Case {
	var cases []*conform.Case
	for i, req := range batch() {
		s, err := req.Setup()
		if err != nil {
			panic(err) // batch() is a fixed list of valid requests
		}
		c := conform.NewCase(fmt.Sprintf("case%d", i+1), []string{"test"}, req.Notation, s)
		c.Request = req
		cases = append(cases, c)
	}
	return cases
}

// runConform runs the batch through argv the way betzacheck conform does:
// an implementation that does not start still gives every case a verdict.
// It returns the report, the client's counts after Close, and the error of
// Close.
func runConform(ctx context.Context, argv []string, opts client.Options) (*conform.Report, client.Stats, error) {
	var im conform.Impl
	c, err := client.Start(ctx, argv, opts)
	if err != nil {
		im = conform.NotStarted{Name: filepath.Base(argv[0]), Err: err}
	} else {
		im = c
	}
	rep := conform.Run(ctx, im, conformCases(), "")
	closeErr := im.Close()
	var stats client.Stats
	if c != nil {
		stats = c.Stats()
	}
	return rep, stats, closeErr
}

// TestFaultMatrix runs the batch through every double, well-behaved and
// not, and checks for each: the run ends in bounded time, every case has
// exactly one verdict (with its own request id), each verdict is the one
// spec/protocol.md P6 specifies, the restarts, failed starts and
// unsolicited lines are counted, and no process or goroutine of the
// implementation is left.
func TestFaultMatrix(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "crashed")
	refused := filepath.Join(t.TempDir(), "refused")
	if err := os.WriteFile(refused, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	const (
		// limit is the time limit of a case: generous, since a loaded
		// machine must not turn a reply into a timeout. Rows whose every
		// timeout is certain (the implementation never answers) use short.
		limit = 5 * time.Second
		short = 300 * time.Millisecond
	)
	type row struct {
		name        string
		args        []string
		timeout     time.Duration // limit when 0
		hello       time.Duration // 30 s when 0
		want        string        // verdicts by initial (P F U E T C), one per case
		reason      map[int]string
		restarts    int
		failed      int // failed starts
		unsolicited int
		cancelOn    int // cancel the run while this case is pending (with -note)
	}
	rows := []row{
		{name: "good", want: "PPPPPP"},
		{name: "good", args: []string{"-level", "destinations"}, want: "PPPPPP"},
		{name: "good", args: []string{"-level", "effects"}, want: "PPPPPP"},
		{name: "wrongmoves", args: []string{"-level", "destinations"}, want: "PFPFPP"},
		{name: "good", args: []string{"-maxboard", "8x8"}, want: "PPPPUP", reason: map[int]string{5: "not sent: board 12x10 is larger than good's 8x8"}},
		{name: "wrongmoves", want: "PFPFPP"},
		{name: "errkinds", want: "PUEFPF", reason: map[int]string{2: "not today", 3: "segfault", 4: "rejected a valid notation", 6: "accepted an invalid notation"}},
		{name: "noise", args: []string{"-noise", "200"}, want: "PPPPPP"},
		{name: "crash", want: "PPCPPP", restarts: 1, reason: map[int]string{3: `exit status 3; stderr ends "crash: giving up on purpose"`}},
		{name: "crash", args: []string{"-mark", mark}, want: "PPCEEE", failed: 3, reason: map[int]string{4: "restart failed", 6: "restart failed"}},
		{name: "hang", want: "PTPPPP", restarts: 1, reason: map[int]string{2: "no reply within 5s; killed"}},
		{name: "hang", args: []string{"-deaf"}, timeout: short, want: "TTTTTT", restarts: 5},
		{name: "garbage", want: "PEPEPP", restarts: 1, reason: map[int]string{2: "not a JSON object", 4: `outcome 1 has no "to"`}},
		{name: "wrongid", want: "PPEPPP", restarts: 1, reason: map[int]string{3: "reply has id 33, want 3"}},
		{name: "oversized", want: "PEPPPP", restarts: 1, reason: map[int]string{2: "longer than 1048576 bytes"}},
		// P6.3: a partial line is misbehaviour, whatever follows it.
		{name: "partial", want: "PPEPPP", restarts: 1, reason: map[int]string{3: "partial line: the output ended inside"}},
		{name: "partial", args: []string{"-hang"}, want: "PPEPPP", restarts: 1, reason: map[int]string{3: "partial line: no newline within 5s"}},
		// P6.8: a line with the id of an earlier request is reported, and
		// charged to no case.
		{name: "extra", want: "PPPPPP", unsolicited: 1},
		{name: "extra", args: []string{"-dup"}, want: "PPPPPP", unsolicited: 1},
		{name: "extra", args: []string{"-late"}, want: "PPPPPP", unsolicited: 1},
		{name: "extra", args: []string{"-dup", "-late"}, want: "PPPPPP", unsolicited: 1},
		{name: "extra", args: []string{"-dup", "-at", "6"}, want: "PPPPPP", unsolicited: 1},
		// P6.2: the process exited; a child holding its stdout does not
		// make the case wait for the time limit.
		{name: "orphan", args: []string{"-at", "3"}, timeout: time.Hour, want: "PPCPPP", restarts: 1, reason: map[int]string{3: "output ended before the reply; exit status 4"}},
		{name: "orphan", args: []string{"-helper"}, want: "PPPPPP"},
		// Never starts: every case is an error, with the cause.
		{name: "orphan", args: []string{"-at", "0"}, hello: time.Hour, want: "EEEEEE", reason: map[int]string{1: "could not start"}},
		{name: "badhello", want: "EEEEEE", reason: map[int]string{1: "protocol 3"}},
		{name: "crash", args: []string{"-mark", refused}, want: "EEEEEE", reason: map[int]string{1: "exit status 1"}},
		{name: "hang", args: []string{"-at", "0"}, hello: short, want: "EEEEEE", reason: map[int]string{1: "no hello reply"}},
		{name: "missing", want: "EEEEEE", reason: map[int]string{1: "could not start"}},
		// The run is stopped (betzacheck got a signal) while case 2 is
		// pending: it and every later case are errors.
		// A stopped run takes no case after the one in flight (P6.6).
		{name: "hang", cancelOn: 2, timeout: time.Hour, want: "PE", reason: map[int]string{2: "run interrupted"}},
	}
	for _, r := range rows {
		t.Run(strings.Join(append([]string{r.name}, r.args...), " "), func(t *testing.T) {
			tag := tagProcesses(t)
			argv := double(t, r.name, r.args...)
			if r.name == "missing" {
				argv = []string{filepath.Join(t.TempDir(), "missing")}
			}
			var stderr bytes.Buffer
			opts := client.Options{Timeout: r.timeout, HelloTimeout: r.hello, Stderr: &stderr}
			if opts.Timeout == 0 {
				opts.Timeout = limit
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if r.cancelOn > 0 {
				note := filepath.Join(t.TempDir(), "hanging")
				argv = append(argv, "-at", strconv.Itoa(r.cancelOn), "-note", note)
				go func() {
					for ctx.Err() == nil {
						if _, err := os.Stat(note); err == nil {
							cancel()
							return
						}
						time.Sleep(10 * time.Millisecond)
					}
				}()
			}
			base := runtime.NumGoroutine()
			start := time.Now()
			rep, stats, err := runConform(ctx, argv, opts)
			elapsed := time.Since(start)
			cancel()
			if err != nil {
				t.Errorf("Close: %v", err)
			}
			// Bounded: every time limit that can trip, and a generous
			// allowance for starting processes on a loaded machine.
			bound := 30 * time.Second
			if opts.Timeout < time.Hour {
				bound += time.Duration(len(batch())) * opts.Timeout
			}
			if elapsed > bound {
				t.Errorf("the run took %v, more than %v", elapsed, bound)
			}
			if r.cancelOn > 0 {
				if !rep.Interrupted() || !strings.Contains(rep.Summary(), "INTERRUPTED") {
					t.Errorf("a stopped run's summary does not say so: %s", rep.Summary())
				}
			} else if len(rep.Results) != len(batch()) {
				t.Fatalf("%d verdicts for %d cases", len(rep.Results), len(batch()))
			}
			if len(rep.Results) != len(r.want) {
				t.Fatalf("%d verdicts, want %d", len(rep.Results), len(r.want))
			}
			var got []byte
			for _, res := range rep.Results {
				got = append(got, strings.ToUpper(res.Verdict.Kind.String())[0]) // P F U E T C
			}
			if string(got) != r.want {
				for i, res := range rep.Results {
					t.Logf("case %d: %v %s", i+1, res.Verdict.Kind, res.Verdict.Reason)
				}
				t.Errorf("verdicts %s, want %s", got, r.want)
			}
			for i, want := range r.reason {
				if reason := rep.Results[i-1].Verdict.Reason; !strings.Contains(reason, want) {
					t.Errorf("case %d: reason %q, want it to contain %q", i, reason, want)
				}
			}
			for i, res := range rep.Results {
				if k := res.Got.Kind; k == client.ResultOK || k == client.ResultError {
					if res.Got.ID != i+1 || res.Got.Reply.ID != i+1 {
						t.Errorf("case %d: request id %d, reply id %d", i+1, res.Got.ID, res.Got.Reply.ID)
					}
				}
			}
			if stats.Unsolicited != r.unsolicited {
				t.Errorf("%d unsolicited lines, want %d", stats.Unsolicited, r.unsolicited)
			}
			if stats.Restarts != r.restarts || stats.FailedStarts != r.failed {
				t.Errorf("%d restarts and %d failed starts, want %d and %d", stats.Restarts, stats.FailedStarts, r.restarts, r.failed)
			}
			if r.name == "noise" && stderr.Len() < len(batch())*200<<10 {
				t.Errorf("%d bytes of stderr passed on, want %d", stderr.Len(), len(batch())*200<<10)
			}
			waitGoroutines(t, base)
			checkNoLeftovers(t, tag)
		})
	}
}

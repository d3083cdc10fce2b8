package client_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// doubles builds the test double, the program testdata/double, once per
// test binary, into a directory TestMain removes.
var doubles struct {
	once sync.Once
	dir  string
	err  error
}

// runnerVar, in the environment of a run of the test binary, makes it a
// runner of the protocol instead (runner): the implementation's command
// line, its words separated by runnerSep.
const (
	runnerVar = "BETZA_CLIENT_RUNNER"
	runnerSep = "\x1f"
)

func TestMain(m *testing.M) {
	if argv := os.Getenv(runnerVar); argv != "" {
		os.Exit(runner(strings.Split(argv, runnerSep)))
	}
	code := m.Run()
	if doubles.dir != "" {
		os.RemoveAll(doubles.dir)
	}
	os.Exit(code)
}

// runner is the test binary run as a runner of the protocol, as
// betzacheck conform is one: it asks the implementation argv every
// request of the batch, with an hour for each, and ends it. A test kills
// it on the way (TestRunnerKilled).
func runner(argv []string) int {
	c, err := client.Start(context.Background(), argv, client.Options{Timeout: time.Hour})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for _, req := range batch() {
		c.Do(req)
	}
	c.Close()
	return 0
}

// double returns the command line of the test double name (a subcommand
// of testdata/double, where each one's doc says how it misbehaves) with
// args.
func double(tb testing.TB, name string, args ...string) []string {
	tb.Helper()
	doubles.once.Do(func() {
		if doubles.dir, doubles.err = os.MkdirTemp("", "betzacheck-doubles-"); doubles.err != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", doubles.dir+string(filepath.Separator), "./testdata/double")
		if out, err := cmd.CombinedOutput(); err != nil {
			doubles.err = fmt.Errorf("building the test double: %v\n%s", err, out)
		}
	})
	if doubles.err != nil {
		tb.Fatal(doubles.err)
	}
	return append([]string{filepath.Join(doubles.dir, "double"), name}, args...)
}

// batch is the cases every double is run on: five valid notations and,
// last, one the reference rejects.
func batch() []wire.MovesRequest {
	req := func(notation, size, position, from string) wire.MovesRequest {
		return wire.MovesRequest{Op: wire.OpMoves, Dialect: dialect.Betza2,
			Notation: notation, Board: size, Position: position, From: from}
	}
	return []wire.MovesRequest{
		req("N", "8x8", "8/8/2p5/8/3X*4/8/4P3/8", "d4"),
		req("mRpR-cR", "8x8", "3p4/8/3P4/8/3X4/8/8/3r4", "d4"),
		req("fmWfcF", "8x8", "8/8/8/3x4/2P1P3/8/8/8", "d5"),
		req("W-F", "8x8", "8/8/8/8/3X4/8/8/8", "d4"),
		req("K", "12x10", "12/12/12/12/12/12/12/12/1p10/K11", "a1"),
		req("mRpR-", "8x8", "8/8/8/8/3X4/8/8/8", "d4"),
	}
}

const ms = time.Millisecond

// testOptions are the bounds of the tests whose cases are answered: a
// time limit generous enough that a loaded machine does not turn a reply
// into a timeout.
func testOptions() client.Options {
	return client.Options{Timeout: 10 * time.Second}
}

// waitGoroutines fails the test unless the goroutine count falls back to
// at most base. The client waits for its goroutines before it returns, so
// this is quick; the bound is generous, for a loaded machine.
func waitGoroutines(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, %d before the run:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * ms)
	}
}

// TestFailedStartsGiveUp: after three failed starts in a row the client
// stops trying, and every further case is still answered (no-start).
func TestFailedStartsGiveUp(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "crashed")
	c, err := client.Start(context.Background(), double(t, "crash", "-at", "1", "-mark", mark), testOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	reqs := batch()
	for i := 0; i < 10; i++ {
		res := c.Do(reqs[i%len(reqs)])
		if want := client.ResultNoStart; i == 0 && res.Kind != client.ResultCrash || i > 0 && res.Kind != want {
			t.Fatalf("case %d: %v %s", i+1, res.Kind, res.Detail)
		}
		if i >= 4 && !strings.Contains(res.Detail, "not restarted after 3 failed starts") {
			t.Errorf("case %d: %s", i+1, res.Detail)
		}
	}
	if s := c.Stats(); s.FailedStarts != 3 || s.Cases != 10 {
		t.Errorf("stats %+v", s)
	}
}

// TestStartFails: a start that fails says why and leaves nothing
// running. Only the implementation that never answers needs a short
// handshake limit; the others fail at once and get a generous one, so
// that a loaded machine cannot turn their failure into a timeout.
func TestStartFails(t *testing.T) {
	for _, tt := range []struct {
		argv  []string
		hello time.Duration
		want  string
	}{
		{double(t, "badhello"), 0, "implementation speaks protocol 3, want 1 to 2"},
		{double(t, "crash", "-mark", os.Args[0]), 0, "; exit status 1; stderr ends \"crash: crashed before, refusing to start\""},
		{double(t, "hang", "-at", "0"), 300 * ms, "no hello reply within 300ms"},
		{double(t, "orphan", "-at", "0"), time.Hour, "the output ended before the hello reply; exit status 4"},
		{[]string{filepath.Join(t.TempDir(), "missing")}, 0, "no such file"},
		{nil, 0, "empty implementation command"},
	} {
		tag := tagProcesses(t)
		base := runtime.NumGoroutine()
		c, err := client.Start(context.Background(), tt.argv, client.Options{HelloTimeout: tt.hello})
		if err == nil {
			c.Close()
			t.Errorf("%q: started", tt.argv)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.argv, err, tt.want)
		}
		waitGoroutines(t, base)
		checkNoLeftovers(t, tag)
	}
}

// TestCancel: cancelling the context kills the implementation; the case
// in flight and every later one end as stopped, not as crashes of the
// implementation.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	tag := tagProcesses(t)
	base := runtime.NumGoroutine()
	note := filepath.Join(t.TempDir(), "hanging")
	c, err := client.Start(ctx, double(t, "hang", "-at", "2", "-note", note), client.Options{Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	reqs := batch()
	if res := c.Do(reqs[0]); res.Kind != client.ResultOK {
		t.Fatalf("case 1: %v %s", res.Kind, res.Detail)
	}
	go func() {
		for {
			if _, err := os.Stat(note); err == nil {
				cancel()
				return
			}
			time.Sleep(10 * ms)
		}
	}()
	if res := c.Do(reqs[1]); res.Kind != client.ResultStopped || !strings.Contains(res.Detail, "while the request was pending: context canceled") {
		t.Errorf("case 2: %v %s", res.Kind, res.Detail)
	}
	checkNoLeftovers(t, tag)
	if res := c.Do(reqs[2]); res.Kind != client.ResultStopped || !strings.Contains(res.Detail, "run stopped: context canceled") {
		t.Errorf("case 3: %v %s", res.Kind, res.Detail)
	}
	c.Close()
	if res := c.Do(reqs[3]); res.Kind != client.ResultStopped || !strings.Contains(res.Detail, "closed") {
		t.Errorf("after Close: %v %s", res.Kind, res.Detail)
	}
	waitGoroutines(t, base)
}

// benchRequests are the valid cases of the batch.
func benchRequests() []wire.MovesRequest { return batch()[:5] }

// BenchmarkPersistent: one implementation process serves every case.
func BenchmarkPersistent(b *testing.B) {
	c, err := client.Start(context.Background(), double(b, "good"), client.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	reqs := benchRequests()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if res := c.Do(reqs[i%len(reqs)]); res.Kind != client.ResultOK {
			b.Fatalf("%v %s", res.Kind, res.Detail)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}

// BenchmarkSpawnPerCase: a new implementation process (with a handshake)
// for every case.
func BenchmarkSpawnPerCase(b *testing.B) {
	argv := double(b, "good")
	reqs := benchRequests()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c, err := client.Start(context.Background(), argv, client.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if res := c.Do(reqs[i%len(reqs)]); res.Kind != client.ResultOK {
			b.Fatalf("%v %s", res.Kind, res.Detail)
		}
		if err := c.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}

// BenchmarkReferenceDirect: the same cases evaluated in process, without
// the protocol (compile, position, evaluation with paths).
func BenchmarkReferenceDirect(b *testing.B) {
	reqs := benchRequests()
	for i := 0; b.Loop(); i++ {
		req := reqs[i%len(reqs)]
		prog, err := reference.Compile(req.Notation)
		if err != nil {
			b.Fatal(err)
		}
		size, _ := board.ParseSize(req.Board)
		pos, err := board.ParsePosition(size, req.Position)
		if err != nil {
			b.Fatal(err)
		}
		from, _ := board.ParseSquare(req.From)
		if _, err := prog.Moves(pos, from, eval.Options{Paths: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}

// BenchmarkAnswer: the reference's whole reply in process (Answer: the
// above plus the conversion to wire outcomes), without pipes or JSON.
func BenchmarkAnswer(b *testing.B) {
	reqs := benchRequests()
	for i := 0; b.Loop(); i++ {
		if r := server.Answer(reqs[i%len(reqs)]); r.Error != nil {
			b.Fatal(r.Error)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}

// TestDeaf: an implementation that stops reading its input. A request too
// large for the pipe times out in the write; Close kills it and says so.
func TestDeaf(t *testing.T) {
	base := runtime.NumGoroutine()
	c, err := client.Start(context.Background(), double(t, "hang", "-deaf"), client.Options{Timeout: 200 * ms})
	if err != nil {
		t.Fatal(err)
	}
	req := batch()[0]
	req.Notation = strings.Repeat("W", 1<<20)
	if res := c.Do(req); res.Kind != client.ResultTimeout || !strings.Contains(res.Detail, "the request was not read within 200ms") {
		t.Errorf("huge request: %v %s", res.Kind, res.Detail)
	}
	// The restarted double reads nothing either, but a small request fits
	// in the pipe, so it is its reply that does not come.
	if res := c.Do(batch()[0]); res.Kind != client.ResultTimeout || !strings.Contains(res.Detail, "no reply within 200ms; killed") {
		t.Errorf("small request: %v %s", res.Kind, res.Detail)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close after a timeout: %v (the process was already killed)", err)
	}
	if s := c.Stats(); s.Restarts != 1 || s.Starts != 2 {
		t.Errorf("stats %+v", s)
	}

	c, err = client.Start(context.Background(), double(t, "hang", "-deaf"), client.Options{Timeout: 200 * ms})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := c.Close(); err == nil || !strings.Contains(err.Error(), "did not exit within 1s of bye and was killed") {
		t.Errorf("Close: %v", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("Close took %v", d)
	}
	waitGoroutines(t, base)
}

// TestOneShot: an implementation that exits after every reply is
// restarted before each request, and no case is blamed for it, provided
// its exit is seen before the next request is sent. (Otherwise the
// request may go into the pipe of a process that is exiting, and that
// case ends as a crash: the client cannot tell whether the process read
// it.) The test waits for the exit instead of sleeping.
func TestOneShot(t *testing.T) {
	c, err := client.Start(context.Background(), double(t, "crash", "-at", "1000", "-oneshot"), testOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i, req := range batch() {
		res := c.Do(req)
		if v := conform.Judge(server.Answer(req), res, c.Hello().Level); v.Kind != conform.VerdictPass {
			t.Errorf("case %d: %v %s", i+1, v.Kind, v.Reason)
		}
		client.WaitExit(c)
	}
	if s := c.Stats(); s.Restarts != 5 || s.Unsolicited != 0 {
		t.Errorf("stats %+v, want 5 restarts", s)
	}
}

func TestResultKindText(t *testing.T) {
	for k, want := range []string{"ok", "error", "timeout", "crash", "garbage", "no-start", "skipped", "stopped"} {
		if s := client.ResultKind(k).String(); s != want {
			t.Errorf("%d: %s, want %s", k, s, want)
		}
	}
}

package protocol_test

import (
	"bytes"
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

	"betzacheck/conformance/protocol"
	"betzacheck/reference"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
)

// doubles builds the test doubles of testdata/doubles once per test
// binary, into a directory TestMain removes.
var doubles struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if doubles.dir != "" {
		os.RemoveAll(doubles.dir)
	}
	os.Exit(code)
}

// double returns the path of a built test double.
func double(tb testing.TB, name string) string {
	tb.Helper()
	doubles.once.Do(func() {
		if doubles.dir, doubles.err = os.MkdirTemp("", "betzacheck-doubles-"); doubles.err != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", doubles.dir+string(filepath.Separator), "./testdata/doubles/...")
		if out, err := cmd.CombinedOutput(); err != nil {
			doubles.err = fmt.Errorf("building the doubles: %v\n%s", err, out)
		}
	})
	if doubles.err != nil {
		tb.Fatal(doubles.err)
	}
	return filepath.Join(doubles.dir, name)
}

// batch is the cases every double is run on: five valid notations and,
// last, one the reference rejects.
func batch() []protocol.MovesRequest {
	req := func(notation, size, position, from string) protocol.MovesRequest {
		return protocol.MovesRequest{Op: protocol.OpMoves, Dialect: protocol.DialectBetza2,
			Notation: notation, Board: size, Position: position, From: from}
	}
	return []protocol.MovesRequest{
		req("N", "8x8", "8/8/2p5/8/3X*4/8/4P3/8", "d4"),
		req("mRpR-cR", "8x8", "3p4/8/3P4/8/3X4/8/8/3r4", "d4"),
		req("fmWfcF", "8x8", "8/8/8/3x4/2P1P3/8/8/8", "d5"),
		req("W-F", "8x8", "8/8/8/8/3X4/8/8/8", "d4"),
		req("K", "12x10", "12/12/12/12/12/12/12/12/1p10/K11", "a1"),
		req("mRpR-", "8x8", "8/8/8/8/3X4/8/8/8", "d4"),
	}
}

const (
	P  = protocol.VerdictPass
	F  = protocol.VerdictFail
	U  = protocol.VerdictUnsupported
	E  = protocol.VerdictError
	T  = protocol.VerdictTimeout
	C  = protocol.VerdictCrash
	ms = time.Millisecond
)

// testOptions are short bounds, so that a broken double costs little.
func testOptions() protocol.Options {
	return protocol.Options{Timeout: 500 * ms, HelloTimeout: 5 * time.Second}
}

// run starts argv, runs reqs through it, closes it and judges every
// result against the reference at the implementation's level.
func run(t *testing.T, argv []string, opts protocol.Options, reqs []protocol.MovesRequest, between func(i int)) ([]protocol.Verdict, []protocol.Result, protocol.Stats) {
	t.Helper()
	c, err := protocol.Start(context.Background(), argv, opts)
	if err != nil {
		t.Fatal(err)
	}
	var verdicts []protocol.Verdict
	var results []protocol.Result
	for i, req := range reqs {
		if between != nil {
			between(i)
		}
		res := c.Do(req)
		results = append(results, res)
		verdicts = append(verdicts, protocol.Judge(protocol.Answer(req), res, c.Hello().Level))
	}
	stats := c.Stats()
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	return verdicts, results, stats
}

func kinds(vs []protocol.Verdict) []protocol.VerdictKind {
	var ks []protocol.VerdictKind
	for _, v := range vs {
		ks = append(ks, v.Kind)
	}
	return ks
}

// waitGoroutines fails the test unless the goroutine count falls back to
// at most base within a second.
func waitGoroutines(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, %d before the run:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * ms)
	}
}

// TestDoubles runs the batch through each double and checks every case's
// verdict, that every case got exactly one result with its own id, the
// restart count, that the run ends in time and that no goroutine is left.
func TestDoubles(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "crashed")
	tests := []struct {
		name     string
		args     []string
		want     []protocol.VerdictKind
		restarts int
		failed   int  // failed starts
		extra    bool // sleep before each case, so that unsolicited output is seen
		reason   map[int]string
	}{
		{name: "good", want: []protocol.VerdictKind{P, P, P, P, P, P}},
		{name: "good", args: []string{"-level", "destinations"}, want: []protocol.VerdictKind{P, P, P, P, P, P}},
		{name: "good", args: []string{"-level", "effects"}, want: []protocol.VerdictKind{P, P, P, P, P, P}},
		{name: "crash", want: []protocol.VerdictKind{P, P, C, P, P, P}, restarts: 1,
			reason: map[int]string{2: "exit status 3; stderr ends \"crash: giving up on purpose\""}},
		{name: "crash", args: []string{"-mark", mark}, want: []protocol.VerdictKind{P, P, C, E, E, E}, failed: 3,
			reason: map[int]string{3: "restart failed", 5: "restart failed"}},
		{name: "hang", want: []protocol.VerdictKind{P, T, P, P, P, P}, restarts: 1,
			reason: map[int]string{1: "no reply within 500ms"}},
		{name: "garbage", want: []protocol.VerdictKind{P, E, P, E, P, P}, restarts: 1,
			reason: map[int]string{1: "not a JSON object", 3: `outcome 1 has no "to"`}},
		{name: "wrongid", want: []protocol.VerdictKind{P, P, E, P, P, P}, restarts: 1,
			reason: map[int]string{2: "reply has id 33, want 3"}},
		{name: "wrongmoves", want: []protocol.VerdictKind{P, F, P, F, P, P}},
		{name: "wrongmoves", args: []string{"-level", "destinations"}, want: []protocol.VerdictKind{P, F, P, F, P, P}},
		{name: "errkinds", want: []protocol.VerdictKind{P, U, E, F, P, F},
			reason: map[int]string{1: "not today", 2: "segfault", 3: "rejected a valid notation", 5: "accepted an invalid notation"}},
		{name: "noise", args: []string{"-noise", "200"}, want: []protocol.VerdictKind{P, P, P, P, P, P}},
		{name: "partial", want: []protocol.VerdictKind{P, P, C, P, P, P}, restarts: 1,
			reason: map[int]string{2: "output ended inside a reply line"}},
		{name: "oversized", want: []protocol.VerdictKind{P, E, P, P, P, P}, restarts: 1,
			reason: map[int]string{1: "longer than 1048576 bytes"}},
		{name: "good", args: []string{"-maxboard", "8x8"}, want: []protocol.VerdictKind{P, P, P, P, U, P},
			reason: map[int]string{4: "not sent: board 12x10 is larger than good's 8x8"}},
		{name: "extra", want: []protocol.VerdictKind{P, P, P, P, P, P}, restarts: 1, extra: true},
	}
	for _, tt := range tests {
		t.Run(strings.Join(append([]string{tt.name}, tt.args...), " "), func(t *testing.T) {
			argv := append([]string{double(t, tt.name)}, tt.args...)
			var stderr bytes.Buffer
			opts := testOptions()
			opts.Stderr = &stderr
			var between func(int)
			if tt.extra {
				between = func(int) { time.Sleep(50 * ms) }
			}
			base := runtime.NumGoroutine()
			start := time.Now()
			vs, rs, stats := run(t, argv, opts, batch(), between)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("the run took %v", d)
			}
			waitGoroutines(t, base)
			if got := kinds(vs); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				for i, v := range vs {
					t.Logf("case %d: %v %s\n%s", i+1, v.Kind, v.Reason, v.Diff)
				}
				t.Errorf("verdicts %v, want %v", got, tt.want)
			}
			if len(rs) != len(batch()) {
				t.Errorf("%d results for %d cases", len(rs), len(batch()))
			}
			for i, r := range rs {
				if r.ID != i+1 {
					t.Errorf("case %d has id %d", i+1, r.ID)
				}
				if r.Kind == protocol.ResultOK || r.Kind == protocol.ResultError {
					if r.Reply.ID != r.ID {
						t.Errorf("case %d: reply id %d", i+1, r.Reply.ID)
					}
				}
			}
			for i, want := range tt.reason {
				if !strings.Contains(vs[i].Reason, want) {
					t.Errorf("case %d: reason %q, want it to contain %q", i+1, vs[i].Reason, want)
				}
			}
			if stats.Restarts != tt.restarts || stats.FailedStarts != tt.failed {
				t.Errorf("%d restarts and %d failed starts, want %d and %d", stats.Restarts, stats.FailedStarts, tt.restarts, tt.failed)
			}
			if stats.Cases != len(batch()) {
				t.Errorf("stats count %d cases", stats.Cases)
			}
			if tt.extra && stats.Unsolicited != 1 {
				t.Errorf("%d unsolicited lines, want 1", stats.Unsolicited)
			}
			if tt.name == "noise" && stderr.Len() < 6*200<<10 {
				t.Errorf("%d bytes of stderr passed on, want %d", stderr.Len(), 6*200<<10)
			}
		})
	}
}

// TestFailedStartsGiveUp: after three failed starts in a row the client
// stops trying, and every further case is still answered (no-start).
func TestFailedStartsGiveUp(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "crashed")
	c, err := protocol.Start(context.Background(), []string{double(t, "crash"), "-at", "1", "-mark", mark}, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	reqs := batch()
	for i := 0; i < 10; i++ {
		res := c.Do(reqs[i%len(reqs)])
		if want := protocol.ResultNoStart; i == 0 && res.Kind != protocol.ResultCrash || i > 0 && res.Kind != want {
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

func TestStartFails(t *testing.T) {
	for _, tt := range []struct {
		argv []string
		want string
	}{
		{[]string{double(t, "badhello")}, "implementation speaks protocol 2, want 1"},
		{[]string{double(t, "crash"), "-mark", os.Args[0]}, "; exit status 1; stderr ends \"crash: crashed before, refusing to start\""},
		{[]string{double(t, "hang"), "-at", "0"}, "no hello reply within 300ms"},
		{[]string{filepath.Join(t.TempDir(), "missing")}, "no such file"},
		{nil, "empty implementation command"},
	} {
		base := runtime.NumGoroutine()
		c, err := protocol.Start(context.Background(), tt.argv, protocol.Options{HelloTimeout: 300 * ms})
		if err == nil {
			c.Close()
			t.Errorf("%q: started", tt.argv)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.argv, err, tt.want)
		}
		waitGoroutines(t, base)
	}
}

// TestCancel: cancelling the context ends the implementation; the case in
// flight and every later one end as crashes.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	base := runtime.NumGoroutine()
	c, err := protocol.Start(ctx, []string{double(t, "hang"), "-at", "2"}, protocol.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	reqs := batch()
	if res := c.Do(reqs[0]); res.Kind != protocol.ResultOK {
		t.Fatalf("case 1: %v %s", res.Kind, res.Detail)
	}
	time.AfterFunc(100*ms, cancel)
	start := time.Now()
	if res := c.Do(reqs[1]); res.Kind != protocol.ResultCrash || time.Since(start) > 2*time.Second {
		t.Errorf("case 2: %v %s after %v", res.Kind, res.Detail, time.Since(start))
	}
	if res := c.Do(reqs[2]); res.Kind != protocol.ResultCrash || !strings.Contains(res.Detail, "cancelled") {
		t.Errorf("case 3: %v %s", res.Kind, res.Detail)
	}
	c.Close()
	if res := c.Do(reqs[3]); res.Kind != protocol.ResultCrash || !strings.Contains(res.Detail, "closed") {
		t.Errorf("after Close: %v %s", res.Kind, res.Detail)
	}
	waitGoroutines(t, base)
}

// benchRequests are the valid cases of the batch.
func benchRequests() []protocol.MovesRequest { return batch()[:5] }

// BenchmarkPersistent: one implementation process serves every case.
func BenchmarkPersistent(b *testing.B) {
	c, err := protocol.Start(context.Background(), []string{double(b, "good")}, protocol.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	reqs := benchRequests()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if res := c.Do(reqs[i%len(reqs)]); res.Kind != protocol.ResultOK {
			b.Fatalf("%v %s", res.Kind, res.Detail)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}

// BenchmarkSpawnPerCase: a new implementation process (with a handshake)
// for every case.
func BenchmarkSpawnPerCase(b *testing.B) {
	argv := []string{double(b, "good")}
	reqs := benchRequests()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c, err := protocol.Start(context.Background(), argv, protocol.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if res := c.Do(reqs[i%len(reqs)]); res.Kind != protocol.ResultOK {
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
		if r := protocol.Answer(reqs[i%len(reqs)]); r.Error != nil {
			b.Fatal(r.Error)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}

// TestDeaf: an implementation that stops reading its input. A request too
// large for the pipe times out in the write; Close kills it and says so.
func TestDeaf(t *testing.T) {
	base := runtime.NumGoroutine()
	c, err := protocol.Start(context.Background(), []string{double(t, "hang"), "-deaf"}, protocol.Options{Timeout: 200 * ms})
	if err != nil {
		t.Fatal(err)
	}
	req := batch()[0]
	req.Notation = strings.Repeat("W", 1<<20)
	if res := c.Do(req); res.Kind != protocol.ResultTimeout || !strings.Contains(res.Detail, "the request was not read within 200ms") {
		t.Errorf("huge request: %v %s", res.Kind, res.Detail)
	}
	// The restarted double reads nothing either, but a small request fits
	// in the pipe, so it is its reply that does not come.
	if res := c.Do(batch()[0]); res.Kind != protocol.ResultTimeout || !strings.Contains(res.Detail, "no reply within 200ms; killed") {
		t.Errorf("small request: %v %s", res.Kind, res.Detail)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close after a timeout: %v (the process was already killed)", err)
	}
	if s := c.Stats(); s.Restarts != 1 || s.Starts != 2 {
		t.Errorf("stats %+v", s)
	}

	c, err = protocol.Start(context.Background(), []string{double(t, "hang"), "-deaf"}, protocol.Options{Timeout: 200 * ms})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := c.Close(); err == nil || !strings.Contains(err.Error(), "did not exit within 1s of bye and was killed") {
		t.Errorf("Close: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Close took %v", d)
	}
	waitGoroutines(t, base)
}

// TestOneShot: an implementation that exits after every reply is
// restarted before each request, and no case is blamed for it, provided
// its exit is seen before the next request is sent: the pause gives it
// time. (Without it, a request may go into the pipe of a process that is
// exiting, and that case ends as a crash.)
func TestOneShot(t *testing.T) {
	c, err := protocol.Start(context.Background(), []string{double(t, "crash"), "-at", "1000", "-oneshot"}, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i, req := range batch() {
		res := c.Do(req)
		if v := protocol.Judge(protocol.Answer(req), res, c.Hello().Level); v.Kind != protocol.VerdictPass {
			t.Errorf("case %d: %v %s", i+1, v.Kind, v.Reason)
		}
		time.Sleep(200 * ms)
	}
	if s := c.Stats(); s.Restarts != 5 {
		t.Errorf("stats %+v, want 5 restarts", s)
	}
}

package client_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
)

// FuzzClient runs the batch through the scripted double, which misbehaves
// as the fuzz input says at each request (double scripted, in
// testdata/double: a step per line the client writes), and checks what
// must hold whatever the implementation does: the run ends within its
// limits, every case has exactly one verdict, with its own request id, no
// goroutine is left and no process of the implementation is left alive.
// The verdicts themselves are not checked: under a short time limit a
// slow reply may rightly be a timeout; TestFaultMatrix checks each
// misbehaviour's verdict.
func FuzzClient(f *testing.F) {
	for _, seed := range [][]byte{
		{},
		{0, 1, 2, 3},
		{0, 4, 5, 6, 7},
		{0, 8, 9, 10, 11},
		{0, 0, 0, 0, 0, 0, 12},
		{0, 13},
		{9, 1, 1, 1, 1, 1, 1, 7},
		{0, 0, 0, 0, 0, 0, 0, 11},
		{8},
		{3},
		{6, 6, 6, 6},
		{10, 10, 10, 10, 10, 10, 10, 10},
	} {
		f.Add(seed)
	}
	double(f, "scripted") // builds it, before the first input
	closeOnExec()
	f.Fuzz(func(t *testing.T, script []byte) {
		if len(script) > 24 {
			script = script[:24] // enough for every line of the batch, restarts included
		}
		file := filepath.Join(t.TempDir(), "script")
		if err := os.WriteFile(file, script, 0o644); err != nil {
			t.Fatal(err)
		}
		tag := tagProcesses(t)
		opts := client.Options{Timeout: 300 * time.Millisecond, HelloTimeout: time.Second, MaxReply: 4096}
		base := runtime.NumGoroutine()
		start := time.Now()
		rep, stats, _ := runConform(context.Background(), double(t, "scripted", "-script", file), opts)
		elapsed := time.Since(start)

		cases := len(batch())
		// The most one case can cost: a start (handshake limit, then the
		// grace to exit), its time limit, the grace to exit after a
		// crash, and the drain of a held output; then Close. The slack
		// is for a loaded machine.
		perCase := opts.HelloTimeout + opts.Timeout + 2*2*time.Second + time.Second
		if bound := time.Duration(cases)*perCase + 2*time.Second + 30*time.Second; elapsed > bound {
			t.Errorf("the run took %v, more than %v", elapsed, bound)
		}
		if len(rep.Results) != cases {
			t.Fatalf("%d verdicts for %d cases", len(rep.Results), cases)
		}
		started := stats.Starts > 0
		for i, res := range rep.Results {
			if k := res.Verdict.Kind; k < conform.VerdictPass || k > conform.VerdictCrash {
				t.Errorf("case %d: verdict %v", i+1, k)
			}
			if started && res.Got.ID != i+1 {
				t.Errorf("case %d: request id %d", i+1, res.Got.ID)
			}
			if k := res.Got.Kind; (k == client.ResultOK || k == client.ResultError) && res.Got.Reply.ID != res.Got.ID {
				t.Errorf("case %d: reply id %d to request %d", i+1, res.Got.Reply.ID, res.Got.ID)
			}
		}
		if started && stats.Cases != cases {
			t.Errorf("the client counts %d cases", stats.Cases)
		}
		waitGoroutines(t, base)
		checkNoLeftovers(t, tag)
	})
}

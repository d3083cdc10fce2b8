//go:build linux

package client_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/conformance/client"
)

// TestHelpersEnd: whatever an implementation starts ends with it, even a
// helper that calls setsid and one orphaned at once in a session of its
// own (a daemon's double fork): after bye, after a crash and after a
// timeout (spec/protocol.md P6.1; issue 28, item 6, where 66 were left
// after 6 cases). Before, only the implementation's process group was
// killed.
func TestHelpersEnd(t *testing.T) {
	for _, r := range []struct {
		args []string
		want string // verdicts by initial, as in TestFaultMatrix
	}{
		{nil, "PPPPPP"},
		{[]string{"-exit", "3"}, "PPCPPP"},
		{[]string{"-hang", "2"}, "PTPPPP"},
	} {
		t.Run(strings.Join(append([]string{"stray"}, r.args...), " "), func(t *testing.T) {
			tag := tagProcesses(t)
			// The time limit trips only where the double hangs for good.
			rep, _, err := runConform(context.Background(), double(t, "stray", r.args...), client.Options{Timeout: 5 * time.Second})
			if err != nil {
				t.Errorf("Close: %v", err)
			}
			var got []byte
			for _, res := range rep.Results {
				got = append(got, strings.ToUpper(res.Verdict.Kind.String())[0])
			}
			if string(got) != r.want {
				for i, res := range rep.Results {
					t.Logf("case %d: %v %s", i+1, res.Verdict.Kind, res.Verdict.Reason)
				}
				t.Errorf("verdicts %s, want %s", got, r.want)
			}
			checkNoLeftovers(t, tag)
		})
	}
}

// TestRunnerKilled: SIGKILL of the runner, which it cannot catch, still
// ends the implementation and everything it started, helpers in other
// sessions included (spec/protocol.md P6.1; issue 28, item 7, where the
// implementation's group was left running). The runner is this test
// binary run as one (runner); the implementation starts its helpers on
// the first request, says so, and hangs on the second, and the runner is
// killed then. Its processes are found by their tag in /proc.
func TestRunnerKilled(t *testing.T) {
	tag := tagProcesses(t)
	ready := filepath.Join(t.TempDir(), "ready")
	argv := double(t, "stray", "-ready", ready, "-hang", "2")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), runnerVar+"="+strings.Join(argv, runnerSep))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Generous: a loaded machine may be slow to start the processes.
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			checkNoLeftovers(t, tag)
			t.Fatal("the implementation did not start its helpers")
		}
	}
	if err := cmd.Process.Signal(os.Kill); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	checkNoLeftovers(t, tag)
}

//go:build !unix

package client

import (
	"os/exec"
	"time"
)

// guard ends the implementation. Where there are no process groups it
// can only kill the process itself.
type guard struct{}

// newGuard leaves cmd as it is.
func newGuard(*exec.Cmd) (*guard, error) { return &guard{}, nil }

// started has nothing to check: Start started the implementation itself.
func (*guard) started(time.Time) error { return nil }

// abandon has nothing to release.
func (*guard) abandon() {}

// end kills the implementation's process.
func (*guard) end(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// force is end.
func (g *guard) force(cmd *exec.Cmd) { g.end(cmd) }

// exited is Wait's error: the process is the implementation.
func (*guard) exited(waitErr error) (err error, endedByUs, known bool) { return waitErr, false, false }

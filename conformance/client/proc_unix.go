//go:build unix && !linux

package client

import (
	"os/exec"
	"syscall"
	"time"
)

// guard ends the implementation with whatever it started. Here it puts
// the implementation in a process group of its own and kills the group:
// a child that leaves the group (setsid) is out of its reach, which only
// Linux's child subreaper brings back (proc_linux.go).
type guard struct{}

// newGuard puts cmd in a process group of its own.
func newGuard(cmd *exec.Cmd) (*guard, error) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return &guard{}, nil
}

// started has nothing to check: Start started the implementation itself.
func (*guard) started(time.Time) error { return nil }

// abandon has nothing to release.
func (*guard) abandon() {}

// end kills the implementation's process group: the process, if it is
// still there, and whatever of the group it left behind. An empty group
// is not an error.
func (*guard) end(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil && err != syscall.ESRCH {
		cmd.Process.Kill()
	}
}

// force is end: the group kill is all there is.
func (g *guard) force(cmd *exec.Cmd) { g.end(cmd) }

// exited is Wait's error: the process is the implementation. Whether end
// killed it is not known here.
func (*guard) exited(waitErr error) (err error, endedByUs, known bool) { return waitErr, false, false }

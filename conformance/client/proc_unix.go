//go:build unix

package client

import (
	"os/exec"
	"syscall"
)

// isolate puts the implementation in a process group of its own, so that
// killing it also kills what it started (a shell wrapper's children).
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killTree kills the implementation's process group: the process, if it
// is still there, and whatever of the group it left behind. An empty
// group is not an error.
func killTree(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if err == syscall.ESRCH {
		return nil
	}
	if err != nil {
		return cmd.Process.Kill()
	}
	return nil
}

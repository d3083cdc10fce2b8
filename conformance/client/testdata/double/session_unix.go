//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// newSession makes cmd call setsid: a session and process group of its
// own, out of the reach of a kill of its parent's group.
func newSession(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }

//go:build unix

package browser

import (
	"os/exec"
	"syscall"
)

// ownGroup makes Chromium the leader of a new process group, which its
// zygotes, renderers and utility processes join.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killAll kills Chromium's process group, then the processes that left
// it but name Chromium's folder dir (see processes).
func killAll(cmd *exec.Cmd, dir string) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	for _, pid := range processes(cmd.Process.Pid, dir) {
		syscall.Kill(pid, syscall.SIGKILL)
	}
}

//go:build !unix

package browser

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(cmd *exec.Cmd) {}

// killAll kills Chromium's main process, which is all it can reach.
func killAll(cmd *exec.Cmd, dir string) {
	cmd.Process.Kill()
}

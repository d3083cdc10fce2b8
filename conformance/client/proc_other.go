//go:build !unix

package client

import "os/exec"

// isolate does nothing where process groups are not available.
func isolate(cmd *exec.Cmd) {}

// killTree kills the implementation's process.
func killTree(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}

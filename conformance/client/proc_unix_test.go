//go:build unix

package client_test

import (
	"os"
	"strconv"
	"syscall"
)

// closeOnExec marks every file descriptor of the test process above
// stderr close-on-exec. A fuzz worker inherits the pipes to its
// coordinator without that flag, so every implementation it starts, and
// every child those leave behind, would hold them: a child that outlives
// a stopped worker then keeps the coordinator waiting for ever.
func closeOnExec() {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range fds {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// Command orphan answers right, but leaves processes behind it. With -at N
// it starts a child that inherits its stdout and sleeps, then exits with
// status 4, on the request with id N (0: before answering the handshake),
// so that its stdout stays open after it is gone. With -helper it starts a
// background helper (no pipes) before the handshake and leaves it running
// when it ends at bye.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

var (
	at     = flag.Int("at", -1, "the request id on which to exit, leaving a child that holds stdout (0: the handshake)")
	helper = flag.Bool("helper", false, "start a background helper that outlives bye")
	child  = flag.Bool("child", false, "be the child: sleep forever")
)

// spawn starts this program again as a sleeping child; with holdOut the
// child inherits stdout and stderr.
func spawn(holdOut bool) {
	cmd := exec.Command(os.Args[0], "-child")
	if holdOut {
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "orphan:", err)
		os.Exit(5)
	}
}

func main() {
	flag.Parse()
	switch {
	case *child:
		double.Hang()
	case *at == 0:
		spawn(true)
		os.Exit(4)
	case *helper:
		spawn(false)
	}
	double.Run("orphan", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		if req.ID == *at {
			spawn(true)
			fmt.Fprintln(os.Stderr, "orphan: leaving a child behind")
			os.Exit(4)
		}
		c.Reply(right)
	})
}

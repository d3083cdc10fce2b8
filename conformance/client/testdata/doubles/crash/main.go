// Command crash answers right but exits with status 3 on the request with
// id -at (3), before replying. With -mark FILE it creates FILE when it
// crashes and refuses to start (exit 1, no handshake) while FILE exists.
// With -oneshot it exits (status 0) after each reply.
package main

import (
	"flag"
	"fmt"
	"os"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

var (
	at      = flag.Int("at", 3, "the request id to crash on")
	mark    = flag.String("mark", "", "a file that marks a crash; starts fail while it exists")
	oneshot = flag.Bool("oneshot", false, "exit after each reply")
)

func main() {
	flag.Parse()
	if *mark != "" {
		if _, err := os.Stat(*mark); err == nil {
			fmt.Fprintln(os.Stderr, "crash: crashed before, refusing to start")
			os.Exit(1)
		}
	}
	double.Run("crash", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		if req.ID == *at {
			fmt.Fprintln(os.Stderr, "crash: giving up on purpose")
			if *mark != "" {
				os.WriteFile(*mark, nil, 0o644)
			}
			os.Exit(3)
		}
		c.Reply(right)
		if *oneshot {
			os.Exit(0)
		}
	})
}

// Command good is a correct implementation: the reference behind
// server.Serve; with flags (-level destinations or effects) the
// reference answering at that level.
package main

import (
	"os"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/server"
	"betzacheck/conformance/wire"
)

func main() {
	if len(os.Args) > 1 {
		double.Run("good", func(c *double.Conn, _ wire.MovesRequest, right wire.Reply) { c.Reply(right) })
		return
	}
	if err := server.Serve(os.Stdin, os.Stdout, "good", "test"); err != nil {
		os.Exit(1)
	}
}

// Command good is a correct implementation: the reference behind
// protocol.Serve; with flags (-level destinations or effects) the
// reference answering at that level.
package main

import (
	"os"

	"betzacheck/conformance/protocol"
	"betzacheck/conformance/protocol/testdata/doubles/internal/double"
)

func main() {
	if len(os.Args) > 1 {
		double.Run("good", func(c *double.Conn, _ protocol.MovesRequest, right protocol.Reply) { c.Reply(right) })
		return
	}
	if err := protocol.Serve(os.Stdin, os.Stdout, "good", "test"); err != nil {
		os.Exit(1)
	}
}

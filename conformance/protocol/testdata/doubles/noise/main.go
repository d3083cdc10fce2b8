// Command noise answers right and writes a lot on stderr before each reply
// (run it with -noise KiB).
package main

import (
	"betzacheck/conformance/protocol"
	"betzacheck/conformance/protocol/testdata/doubles/internal/double"
)

func main() {
	double.Run("noise", func(c *double.Conn, _ protocol.MovesRequest, right protocol.Reply) { c.Reply(right) })
}

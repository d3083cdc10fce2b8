// Command extra answers right, but writes a second, unsolicited line right
// after its reply to request -at (2).
package main

import (
	"flag"

	"betzacheck/conformance/protocol"
	"betzacheck/conformance/protocol/testdata/doubles/internal/double"
)

var at = flag.Int("at", 2, "the request id after whose reply to write an extra line")

func main() {
	double.Run("extra", func(c *double.Conn, req protocol.MovesRequest, right protocol.Reply) {
		c.Reply(right)
		if req.ID == *at {
			c.Line(`{"id":0,"note":"nobody asked"}`)
		}
	})
}

// Command partial answers right, but for request -at (3) writes the first
// half of its reply, with no newline, and exits.
package main

import (
	"encoding/json"
	"flag"
	"os"

	"betzacheck/conformance/protocol"
	"betzacheck/conformance/protocol/testdata/doubles/internal/double"
)

var at = flag.Int("at", 3, "the request id to cut short")

func main() {
	double.Run("partial", func(c *double.Conn, req protocol.MovesRequest, right protocol.Reply) {
		if req.ID == *at {
			b, _ := json.Marshal(right)
			c.Raw(b[:len(b)/2])
			os.Exit(0)
		}
		c.Reply(right)
	})
}

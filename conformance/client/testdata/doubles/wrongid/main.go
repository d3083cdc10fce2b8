// Command wrongid answers right, except that the reply to request -at (3)
// carries the id 33.
package main

import (
	"flag"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

var at = flag.Int("at", 3, "the request id to answer with a wrong id")

func main() {
	double.Run("wrongid", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		if req.ID == *at {
			right.ID = 33
		}
		c.Reply(right)
	})
}

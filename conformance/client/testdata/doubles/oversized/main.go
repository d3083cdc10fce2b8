// Command oversized answers right, but the reply to request -at (2) is a
// well-formed line of 2 MiB.
package main

import (
	"flag"
	"fmt"
	"strings"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

var at = flag.Int("at", 2, "the request id to answer with 2 MiB")

func main() {
	double.Run("oversized", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		if req.ID == *at {
			c.Line(fmt.Sprintf(`{"id":%d,"outcomes":[],"padding":"%s"}`, req.ID, strings.Repeat("x", 2<<20)))
			return
		}
		c.Reply(right)
	})
}

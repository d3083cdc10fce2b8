// Command partial answers right, but for request -at (3) writes the first
// half of its reply, with no newline, and exits; with -hang it stays
// silent instead, without ending the line.
package main

import (
	"encoding/json"
	"flag"
	"os"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

var (
	at   = flag.Int("at", 3, "the request id to cut short")
	hang = flag.Bool("hang", false, "hang after the partial line instead of exiting")
)

func main() {
	double.Run("partial", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		if req.ID == *at {
			b, _ := json.Marshal(right)
			c.Raw(b[:len(b)/2])
			if *hang {
				double.Hang()
			}
			os.Exit(0)
		}
		c.Reply(right)
	})
}

// Command extra answers right, but writes a second, unsolicited line after
// its reply to request -at (2): by default a line with id 0; with -dup the
// same reply again. With -late the extra line is written only when the
// next request arrives, just before that request's reply, so that it
// reaches the client while a later request is pending.
package main

import (
	"encoding/json"
	"flag"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

var (
	at   = flag.Int("at", 2, "the request id after whose reply to write an extra line")
	dup  = flag.Bool("dup", false, "the extra line is the reply again")
	late = flag.Bool("late", false, "write the extra line when the next request arrives")
)

func main() {
	var pending string
	double.Run("extra", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		if pending != "" {
			c.Line(pending)
			pending = ""
		}
		c.Reply(right)
		if req.ID != *at {
			return
		}
		line := `{"id":0,"note":"nobody asked"}`
		if *dup {
			b, _ := json.Marshal(right)
			line = string(b)
		}
		if *late {
			pending = line
			return
		}
		c.Line(line)
	})
}

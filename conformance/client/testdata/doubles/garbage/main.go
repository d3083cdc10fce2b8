// Command garbage answers right, except: request 2 gets a line that is not
// JSON before its reply; request 4 gets a reply with an outcome that has
// no "to".
package main

import (
	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

func main() {
	double.Run("garbage", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		switch req.ID {
		case 2:
			c.Line("garbage: this is not JSON")
		case 4:
			c.Line(`{"id":4,"outcomes":[{"capture":false}]}`)
			return
		}
		c.Reply(right)
	})
}

// Command noise answers right and writes a lot on stderr before each reply
// (run it with -noise KiB).
package main

import (
	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

func main() {
	double.Run("noise", func(c *double.Conn, _ wire.MovesRequest, right wire.Reply) { c.Reply(right) })
}

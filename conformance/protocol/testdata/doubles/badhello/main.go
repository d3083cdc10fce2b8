// Command badhello declares protocol 2 in its handshake (or whatever
// -protocol says), so that a protocol 1 client refuses it.
package main

import (
	"os"

	"betzacheck/conformance/protocol"
	"betzacheck/conformance/protocol/testdata/doubles/internal/double"
)

func main() {
	os.Args = append([]string{os.Args[0], "-protocol", "2"}, os.Args[1:]...)
	double.Run("badhello", func(c *double.Conn, _ protocol.MovesRequest, right protocol.Reply) { c.Reply(right) })
}

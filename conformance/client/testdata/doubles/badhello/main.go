// Command badhello declares protocol 2 in its handshake (or whatever
// -protocol says), so that a protocol 1 client refuses it.
package main

import (
	"os"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

func main() {
	os.Args = append([]string{os.Args[0], "-protocol", "2"}, os.Args[1:]...)
	double.Run("badhello", func(c *double.Conn, _ wire.MovesRequest, right wire.Reply) { c.Reply(right) })
}

// Command hang answers right but never answers the request with id -at
// (2); with -at 0 it never answers the handshake; with -deaf it answers
// the handshake and then never reads its input again. With -note FILE it
// creates FILE when it starts to hang, so that a test knows when.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

var (
	at   = flag.Int("at", 2, "the request id to hang on")
	deaf = flag.Bool("deaf", false, "stop reading after the handshake")
	note = flag.String("note", "", "a file to create on starting to hang")
)

// hang notes that it hangs, and hangs.
func hang() {
	if *note != "" {
		os.WriteFile(*note, nil, 0o644)
	}
	double.Hang()
}

func main() {
	flag.Parse()
	switch {
	case *at == 0:
		hang()
	case *deaf:
		bufio.NewReader(os.Stdin).ReadBytes('\n')
		fmt.Printf(`{"id":0,"name":"deaf","version":"test","protocol":%d,"dialects":["betza2"],"level":"paths"}`+"\n", wire.Version)
		hang()
	}
	double.Run("hang", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		if req.ID == *at {
			hang()
		}
		c.Reply(right)
	})
}

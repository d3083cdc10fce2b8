package main

import (
	"fmt"

	"github.com/betzacheck/betzacheck/conformance/wire"
)

// The program's version and the spec it implements; the protocol version
// it speaks is wire.Version (spec/protocol.md).
const (
	version     = "0.1.0"
	specVersion = "Betza 2.0 spec"
)

func runVersion(c *command, e *env, args []string) int {
	if _, code, ok := c.parseArgs(e, c.flagSet(e), args, 0); !ok {
		return code
	}
	fmt.Fprintf(e.stdout, "betzacheck %s (%s, protocol %d)\n", version, specVersion, wire.Version)
	return exitOK
}

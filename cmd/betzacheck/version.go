package main

import "fmt"

// The program's version, the spec it implements and the protocol version
// it speaks (spec/protocol.md).
const (
	version         = "0.1.0"
	specVersion     = "Betza 2.0 spec"
	protocolVersion = 1
)

func runVersion(c *command, e *env, args []string) int {
	if _, code, ok := c.parseArgs(e, c.flagSet(e), args, 0); !ok {
		return code
	}
	fmt.Fprintf(e.stdout, "betzacheck %s (%s, protocol %d)\n", version, specVersion, protocolVersion)
	return exitOK
}

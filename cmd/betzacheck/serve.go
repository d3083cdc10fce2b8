package main

import (
	"fmt"

	"github.com/betzacheck/betzacheck/conformance/server"
)

func runServe(c *command, e *env, args []string) int {
	if _, code, ok := c.parseArgs(e, c.flagSet(e), args, 0); !ok {
		return code
	}
	if err := server.Serve(e.stdin, e.stdout, "betzacheck", moduleVersion()); err != nil {
		fmt.Fprintf(e.stderr, "betzacheck serve: %v\n", err)
		return exitFail
	}
	return exitOK
}

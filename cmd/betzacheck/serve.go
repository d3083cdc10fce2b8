package main

import (
	"fmt"

	"betzacheck/conformance/server"
)

var serveCmd = &command{
	Name:    "serve",
	Args:    "",
	Summary: "answer protocol 1 requests on stdin/stdout with the reference (spec/protocol.md)",
	Run:     runServe,
}

func runServe(c *command, e *env, args []string) int {
	if _, code, ok := c.parseArgs(e, c.flagSet(e), args, 0); !ok {
		return code
	}
	if err := server.Serve(e.stdin, e.stdout, "betzacheck", version); err != nil {
		fmt.Fprintf(e.stderr, "betzacheck serve: %v\n", err)
		return exitFail
	}
	return exitOK
}

package main

import (
	"errors"
	"fmt"
	"io"

	"betzacheck/reference"
	"betzacheck/reference/syntax"
)

var parseCmd = &command{
	Name:    "parse",
	Args:    "NOTATION",
	Summary: "print the canonical form of a Betza 2.0 notation, or the located error",
	Run:     runParse,
}

func runParse(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	prog, code := compile(e.stderr, ops[0])
	if prog == nil {
		return code
	}
	fmt.Fprintln(e.stdout, prog.Canonical())
	return exitOK
}

// compile compiles src with the reference. On failure it reports the
// error on w (a syntax or static error with a caret under the input) and
// returns a nil program and exitFail.
func compile(w io.Writer, src string) (*reference.Program, int) {
	prog, err := reference.Compile(src)
	if err == nil {
		return prog, exitOK
	}
	var serr *syntax.Error
	if errors.As(err, &serr) {
		fmt.Fprintln(w, serr.Render(src))
	} else {
		fmt.Fprintf(w, "error: %s: %v\n", src, err)
	}
	return nil, exitFail
}

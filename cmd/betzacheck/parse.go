package main

import (
	"errors"
	"fmt"
	"strings"

	"betzacheck/reference"
	"betzacheck/reference/expand"
	"betzacheck/reference/syntax"
)

var parseCmd = &command{
	Name:    "parse",
	Args:    "NOTATION", // flags (--json) are listed below the synopsis
	Summary: "print the canonical form of a Betza 2.0 notation, or the located error",
	Run:     runParse,
}

// parseJSON is parse --json: the canonical form, or the error.
type parseJSON struct {
	Notation  string          `json:"notation"`
	Canonical *string         `json:"canonical,omitempty"`
	Error     *parseErrorJSON `json:"error,omitempty"`
}

type parseErrorJSON struct {
	Offset  int    `json:"offset"` // byte offset in the notation
	Message string `json:"message"`
	Clause  string `json:"clause"`
}

func runParse(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	jsonOut := fs.Bool("json", false, "print one JSON object: the canonical form, or the error with its offset, message and clause (on stdout)")
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	if *jsonOut {
		src := ops[0]
		doc := parseJSON{Notation: src}
		prog, err := reference.Compile(src)
		if err == nil {
			canon := prog.Canonical()
			doc.Canonical = &canon
		} else {
			doc.Error = errorJSON(err)
		}
		if err := writeJSON(e.stdout, doc); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck parse: %v\n", err)
			return exitFail
		}
		if doc.Error != nil {
			return exitFail
		}
		return exitOK
	}
	prog, code := compile(e, ops[0])
	if prog == nil {
		return code
	}
	fmt.Fprintln(e.stdout, prog.Canonical())
	return exitOK
}

// errorJSON is a compile error as data: a syntax or static error, or a
// limit of §9.11.
func errorJSON(err error) *parseErrorJSON {
	var serr *syntax.Error
	var lerr *expand.LimitError
	switch {
	case errors.As(err, &serr):
		return &parseErrorJSON{Offset: int(serr.Offset), Message: serr.Msg, Clause: serr.Clause}
	case errors.As(err, &lerr):
		return &parseErrorJSON{Offset: int(lerr.At), Message: fmt.Sprintf("expansion exceeds the limit of %d %s", lerr.Value, lerr.Limit), Clause: "§9.11"}
	}
	return &parseErrorJSON{Message: err.Error()}
}

// compile compiles src with the reference. On failure it reports the
// error on e.stderr (a syntax or static error with a caret under the
// input, the caret and message in colour on a terminal) and returns a nil
// program and exitFail.
func compile(e *env, src string) (*reference.Program, int) {
	prog, err := reference.Compile(src)
	if err == nil {
		return prog, exitOK
	}
	var serr *syntax.Error
	if errors.As(err, &serr) {
		text := serr.Render(src)
		if first, caret, ok := strings.Cut(text, "\n"); ok && e.colorErr {
			pad := len(caret) - len(strings.TrimLeft(caret, " "))
			text = first + "\n" + caret[:pad] + paint(true, colorRed, caret[pad:])
		}
		fmt.Fprintln(e.stderr, text)
	} else {
		fmt.Fprintf(e.stderr, "error: %s: %v\n", src, err)
	}
	return nil, exitFail
}

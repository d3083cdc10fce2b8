package main

import (
	"errors"
	"fmt"
	"strings"

	"betzacheck/reference"
	"betzacheck/reference/loc"
)

// parseJSON is parse --json: the canonical form, or the error.
type parseJSON struct {
	Notation  string     `json:"notation"`
	Canonical *string    `json:"canonical,omitempty"`
	Error     *jsonError `json:"error,omitempty"`
}

func runParse(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	jsonOut := fs.Bool("json", false, "print one JSON object: the canonical form, or the error with its offset, message and clause (on stdout)")
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	prog, code := compile(c, e, ops[0], *jsonOut)
	if prog == nil {
		return code
	}
	if *jsonOut {
		canon := prog.Canonical()
		return writeJSONDoc(c, e, parseJSON{Notation: ops[0], Canonical: &canon})
	}
	fmt.Fprintln(e.stdout, prog.Canonical())
	return exitOK
}

// jsonError is an error as data: the one shape of "error" in every --json
// output (parse, explain, moves, equiv). Offset is a byte offset into the
// notation, or into the input that Input names ("--position"); it is
// absent when the error has no place (a search limit, a missing file).
type jsonError struct {
	Input   string `json:"input,omitempty"`
	Offset  *int   `json:"offset,omitempty"`
	Message string `json:"message"`
	Clause  string `json:"clause"`
}

// errorDocJSON is what a command prints with --json when it fails on an
// input: the notation the error is about (absent when it is about no
// notation, as with a bad --corpus) and the error; parse --json's shape.
type errorDocJSON struct {
	Notation *string    `json:"notation,omitempty"`
	Error    *jsonError `json:"error"`
}

// errorJSON is an error as data, read by reference.Diagnose: a syntax or
// static error (the expansion limit of §9.11 too) keeps its offset; any
// other error's message is split from the clause it cites at its end.
func errorJSON(err error) *jsonError {
	d := reference.Diagnose(err)
	return &jsonError{Offset: d.Offset, Message: d.Msg, Clause: d.Clause}
}

// reportError reports an error of the command on an input: with --json as
// the error document on stdout (and nothing on stderr), else as text on
// stderr. notation is nil when the error is about no notation. It returns
// code.
func reportError(c *command, e *env, jsonOut bool, notation *string, je *jsonError, text string, code int) int {
	if !jsonOut {
		fmt.Fprintln(e.stderr, text)
		return code
	}
	if wcode := writeJSONDoc(c, e, errorDocJSON{Notation: notation, Error: je}); wcode != exitOK {
		return wcode
	}
	return code
}

// writeJSONDoc writes v as the command's JSON output; a write error is
// reported on stderr as a failure.
func writeJSONDoc(c *command, e *env, v any) int {
	if err := writeJSON(e.stdout, v); err != nil {
		fmt.Fprintf(e.stderr, "betzacheck %s: %v\n", c.Name, err)
		return exitFail
	}
	return exitOK
}

// compile compiles src with the reference. On failure it reports the
// error, as the JSON error document on stdout when jsonOut is set, else on
// e.stderr (a syntax or static error with a caret under the input, the
// caret and message in colour on a terminal), and returns a nil program
// and exitFail: a bad notation is a failure, exit 1, in every command.
func compile(c *command, e *env, src string, jsonOut bool) (*reference.Program, int) {
	prog, err := reference.Compile(src)
	if err == nil {
		return prog, exitOK
	}
	if jsonOut {
		return nil, reportError(c, e, true, &src, errorJSON(err), "", exitFail)
	}
	var serr *loc.Error
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

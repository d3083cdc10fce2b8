package main

import (
	"errors"
	"fmt"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// parseJSON is parse --json: the canonical form, or the error. Dialect
// is the dialect the notation was read in, left out for Betza 2.0;
// Canonical is the canonical form of its Betza 2.0 translation.
type parseJSON struct {
	Notation  string     `json:"notation"`
	Dialect   string     `json:"dialect,omitempty"`
	Canonical *string    `json:"canonical,omitempty"`
	Error     *jsonError `json:"error,omitempty"`
}

func runParse(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	dialectName := dialectFlag(fs, "dialect", "read the notation in dialect `NAME` and print its Betza 2.0 translation; NAME is one of")
	jsonOut := fs.Bool("json", false, "print one JSON object: the canonical form (and the dialect when not betza2), or the error with its offset, message and clause (on stdout)")
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	if !knownDialect(c, e, "dialect", *dialectName) {
		return exitUsage
	}
	o := operand{Text: ops[0], Dialect: *dialectName}
	prog, code := compile(c, e, o, *jsonOut)
	if prog == nil {
		return code
	}
	canon := prog.Canonical()
	if *jsonOut {
		return writeJSONDoc(c, e, parseJSON{Notation: o.Text, Dialect: o.jsonDialect(), Canonical: &canon})
	}
	if o.foreign() {
		// Both notations, each named by its dialect.
		fmt.Fprintf(e.stdout, "%s: %s\n%s: ", o.Dialect, o.Text, dialect.Betza2)
	}
	fmt.Fprintln(e.stdout, canon)
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
// notation, as with a bad --corpus) with the dialect it was read in (left
// out for Betza 2.0), and the error; parse --json's shape.
type errorDocJSON struct {
	Notation *string    `json:"notation,omitempty"`
	Dialect  string     `json:"dialect,omitempty"`
	Error    *jsonError `json:"error"`
}

// errorJSON is an error as data, read by reference.Diagnose: a syntax or
// static error (the expansion limit of §9.11 too), of Betza 2.0 or of
// another dialect, keeps its offset; so does a part with no Betza 2.0
// equivalent, when its dialect located it; any other error's message is
// split from the clause it cites at its end.
func errorJSON(err error) *jsonError {
	d := reference.Diagnose(err)
	var ne *dialect.NoEquivalentError
	if d.Offset == nil && errors.As(err, &ne) && ne.Offset >= 0 {
		off := ne.Offset
		d.Offset = &off
	}
	return &jsonError{Offset: d.Offset, Message: d.Msg, Clause: d.Clause}
}

// reportError reports an error of the command on an input: with --json as
// the error document on stdout (and nothing on stderr), else as text on
// stderr; either way the document is kept in e.reported. about is the
// notation the error is about, nil when it is about none. It returns code.
func reportError(c *command, e *env, jsonOut bool, about *operand, je *jsonError, text string, code int) int {
	doc := errorDocJSON{Error: je}
	if about != nil {
		doc.Notation, doc.Dialect = &about.Text, about.jsonDialect()
	}
	e.reported = &doc
	if !jsonOut {
		fmt.Fprintln(e.stderr, text)
		return code
	}
	if wcode := writeJSONDoc(c, e, doc); wcode != exitOK {
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

// compile compiles the notation o with the reference: a Betza 2.0
// notation as it is, one of another dialect as its Betza 2.0 translation
// (translate.ToBetza2), so that every command works on Betza 2.0. The
// dialect is one knownDialect accepted. On failure it reports the error,
// as the JSON error document on stdout when jsonOut is set, else on
// e.stderr (a syntax or static error with a caret under the notation as
// typed, the caret and message in colour on a terminal; a part with no
// Betza 2.0 equivalent, and why), and returns a nil program and exitFail:
// a bad notation is a failure, exit 1, in every command and dialect.
func compile(c *command, e *env, o operand, jsonOut bool) (*reference.Program, int) {
	var prog *reference.Program
	var err error
	if o.foreign() {
		prog, err = translate.ToBetza2(o.Dialect, o.Text)
	} else {
		prog, err = reference.Compile(o.Text)
	}
	if err == nil {
		return prog, exitOK
	}
	return nil, reportError(c, e, jsonOut, &o, errorJSON(err), notationErrorText(e, o.Text, err), exitFail)
}

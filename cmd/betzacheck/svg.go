package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/betzacheck/betzacheck/conformance/diagram"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// writeMovesSVG writes the diagram of outs to file for moves --svg (to
// stdout when file is "-"), titled by the notation's name (operand.name):
// the marks of every outcome and, with paths, the paths as lines. It
// returns the exit code.
func writeMovesSVG(e *env, file, name string, prog *reference.Program, pos *board.Position, from board.Square, outs []eval.Outcome, paths bool) int {
	opt := diagram.Options{
		Paths:  paths,
		Title:  fmt.Sprintf("%s from %s", name, from),
		Erupts: prog.Prog.Erupts(),
	}
	return writeSVG(e, file, func(w io.Writer) error { return diagram.WriteSVG(w, pos, from, outs, opt) })
}

// writeSVG writes the SVG document that draw writes as it draws to file
// for moves --svg, to stdout when file is "-", and returns the exit code.
// The drawing stops at the first write that fails: on stdout, under web,
// when the answer passes its size limit, so that a diagram too large to
// answer is never built whole.
func writeSVG(e *env, file string, draw func(io.Writer) error) int {
	if file == "-" {
		if err := draw(e.stdout); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck moves: --svg -: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	f, err := os.Create(file)
	if err == nil {
		w := bufio.NewWriter(f)
		err = draw(w)
		if err == nil {
			err = w.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck moves: --svg: %v\n", err)
		return exitUsage
	}
	return exitOK
}

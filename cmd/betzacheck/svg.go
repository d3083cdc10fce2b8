package main

import (
	"fmt"
	"os"

	"betzacheck/conformance/diagram"
	"betzacheck/reference"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
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
	return writeSVG(e, file, diagram.SVG(pos, from, outs, opt))
}

// writeSVG writes the SVG document svg to file for moves --svg, to stdout
// when file is "-", and returns the exit code.
func writeSVG(e *env, file string, svg []byte) int {
	if file == "-" {
		if _, err := e.stdout.Write(svg); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck moves: --svg -: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	if err := os.WriteFile(file, svg, 0o666); err != nil {
		fmt.Fprintf(e.stderr, "betzacheck moves: --svg: %v\n", err)
		return exitUsage
	}
	return exitOK
}

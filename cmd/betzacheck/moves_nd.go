package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/diagram"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/ndboard"
)

// ndQuery is a moves query on a board of more than two dimensions: the
// texts of --board, --position and --from, and the outputs asked for.
type ndQuery struct {
	board, position, from string
	json, paths           bool
	svg                   string
}

// ndQueried reports whether moves with the --board text board and the
// dialect is a query on a board of more than two dimensions (movesND): a
// size with more than one 'x' in the Spanish dialect, whose errors are
// then §S11.1's, or one that reads as such a size in any dialect, which
// movesND refuses, saying why. Any other text is a 2-D size, with the 2-D
// errors.
func ndQueried(board, dialectName string) bool {
	if !ndboard.Beyond2D(board) {
		return false
	}
	_, err := ndboard.ParseSize(board)
	return err == nil || dialectName == dialect.Spanish
}

// ndInput names the flag each text of an n-dimensional setup comes from
// (the In of ndboard's located errors).
var ndInput = map[string]string{"board": "--board", "position": "--position", "square": "--from", "mover": "--from"}

// movesND is moves on a board of more than two dimensions (spec/spanish.md
// §S11): the notation, Spanish, is evaluated by the dialect's direct
// evaluator (§S12), not through Betza 2.0, which has no such board. The
// outputs are the 2-D ones, per level: the text diagram and the SVG show
// the levels side by side (diagram.LevelRows), the JSON is the 2-D
// document with n-dimensional square names and no canonical form.
// inputError reports an error of the input named (a flag) with text as
// its text output: exit 2.
func movesND(c *command, e *env, o operand, q ndQuery, inputError func(input string, err error, text string) int) int {
	if o.Dialect != dialect.Spanish {
		err := fmt.Errorf("the board %s has more than two dimensions, which only the Spanish dialect reads, by its direct evaluator: give --dialect %s (§S11.1)", q.board, dialect.Spanish)
		return inputError("--board", err, "betzacheck moves: --board: "+err.Error())
	}
	if q.paths {
		err := errors.New("the direct evaluator of a board of more than two dimensions records no paths, only each outcome (§S12.7)")
		return inputError("--paths", err, "betzacheck moves: --paths: "+err.Error())
	}
	s, err := ndboard.ParseSetup(q.board, q.position, q.from, board.DefaultMover().String())
	if err != nil {
		var le *loc.Error
		if !errors.As(err, &le) { // ParseSetup's errors are all located
			return inputError("--board", err, "betzacheck moves: "+err.Error())
		}
		input := ndInput[le.In]
		if le.In == "position" {
			// a caret under the offending character, as on a 2-D board
			return inputError(input, err, le.RenderInput(input, q.position))
		}
		return inputError(input, err, fmt.Sprintf("betzacheck moves: %s: %s (%s)", input, le.Msg, le.Clause))
	}
	outs, err := spanish.Evaluate(o.Text, s, eval.Options{Context: e.ctx})
	if err != nil {
		// A notation that does not read, or a part with no evaluation on
		// this board: a failure of this query, exit 1; a search budget
		// decides nothing, exit 3.
		return reportError(c, e, q.json, &o, errorJSON(err), notationErrorText(e, o.Text, err), failureStatus(err))
	}
	// By the square where the mover ends, as on a 2-D board.
	slices.SortStableFunc(outs, func(a, b ndboard.Outcome) int { return a.To.Compare(b.To) })
	if q.svg != "" {
		opt := diagram.Options{Title: fmt.Sprintf("%s from %s", o.name(), s.From)}
		draw := func(w io.Writer) error { return diagram.WriteLevels(w, s, outs, opt) }
		if code := writeSVG(e, q.svg, draw); code != exitOK || q.svg == "-" {
			return code
		}
	}
	if q.json {
		return writeMovesDoc(e.stdout, ndMovesDoc(o, s, outs))
	}
	fmt.Fprintf(e.stdout, "notation: %s (%s, evaluated directly on the %s board)\n\n", o.Text, o.Dialect, s.Pos.Size())
	writeLevelsText(e.stdout, s, outs)
	return exitOK
}

// ndOutcomeWords is outcomeWords for an outcome on an n-dimensional
// board.
func ndOutcomeWords(ef ndboard.Effect) string {
	var put []placed
	for _, p := range ef.Put {
		put = append(put, placed{p.Piece.String(), p.Square.String()})
	}
	return effectWords(ef.End, ef.To.String(), squareList(ef.Removed), put)
}

// levelGap separates the levels of a row of the text diagram.
const levelGap = "    "

// writeLevelsText is the text output of moves on an n-dimensional board:
// each level drawn as a 2-D board (drawBoard) under its name, the levels
// laid out as diagram.LevelRows says, then the legend of the 2-D diagram
// and a line per outcome with the count.
func writeLevelsText(w io.Writer, s ndboard.Setup, outs []ndboard.Outcome) {
	size := s.Pos.Size()
	marks := diagram.ClassifyND(s, outs).ByLevel()
	var used mark
	others := false
	for _, row := range diagram.LevelRows(size) {
		var blocks [][]string
		for _, lv := range row {
			d := drawBoard(s.Pos.Level(lv), s.From.Plane(), diagram.OnLevel(s.From, lv), marks[lv])
			used |= d.used
			others = others || d.others
			// The name over the file letter a.
			indent := strings.Repeat(" ", len(fmt.Sprint(size.Side(1)))+2)
			blocks = append(blocks, append([]string{indent + size.LevelName(lv)}, d.lines...))
		}
		for _, l := range sideBySide(blocks) {
			fmt.Fprintln(w, l)
		}
		fmt.Fprintln(w)
	}
	writeLegend(w, s.Mover(), s.From.String(), used, others)
	lines := make([]string, len(outs))
	for i, o := range outs {
		lines[i] = ndOutcomeWords(o.Effect(s))
	}
	writeOutcomeLines(w, lines, len(outs))
}

// sideBySide joins blocks of lines, of equal heights, left to right, each
// block padded to its widest line and followed by levelGap; the lines are
// trimmed on the right.
func sideBySide(blocks [][]string) []string {
	var out []string
	for i := range blocks[0] {
		var b strings.Builder
		for _, block := range blocks {
			width := 0
			for _, l := range block {
				width = max(width, len(l))
			}
			fmt.Fprintf(&b, "%-*s%s", width, block[i], levelGap)
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}

// ndMovesDoc is the --json document of moves on an n-dimensional board:
// the 2-D document's shape, its names n-dimensional, without a canonical
// form since nothing is translated.
func ndMovesDoc(o operand, s ndboard.Setup, outs []ndboard.Outcome) jsonMoves {
	doc := jsonMoves{Notation: o.Text, Dialect: o.Dialect, Board: s.Pos.Size().String(), From: s.From.String(),
		Outcomes: []jsonOutcome{}, direct: true}
	for _, out := range outs {
		to := out.To.String()
		jo := jsonOutcome{To: &to, Words: ndOutcomeWords(out.Effect(s))}
		for _, c := range out.Changes {
			jo.Changes = append(jo.Changes, placed{c.Piece.String(), c.Square.String()})
		}
		doc.Outcomes = append(doc.Outcomes, jo)
	}
	return doc
}

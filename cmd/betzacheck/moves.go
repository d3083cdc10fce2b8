package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/diagram"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/translate"
)

func runMoves(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	boardFlag := fs.String("board", "8x8", "board size `WxH`, each side 1..26; with --dialect spanish also 3 to 8 sides (5x5x5, 4x4x4x4), evaluated by the Spanish direct evaluator instead of the Betza 2.0 translation")
	posFlag := fs.String("position", "", "piece placement `TEXT` (ranks from the top, '/' between them, digits for empty runs, upper case white, lower case black, '*' after a piece that has not moved), or a full FEN (side, castling, counters and Fairy-Stockfish [holdings] read and ignored with a note, §11.4; on a board of more than two dimensions each level's text, from the highest, '//' between levels, '///' where the fourth coordinate changes); default an empty board")
	fromFlag := fs.String("from", "", "the mover's `square` (required; c3.3 on 5x5x5: level 3); an empty square gets a white X that has not moved")
	jsonFlag := fs.Bool("json", false, "print one JSON object instead of the diagram (an error too, on stdout)")
	pathsFlag := fs.Bool("paths", false, "also print the squares each path of an outcome visited (not on a board of more than two dimensions)")
	svgFlag := fs.String("svg", "", "also write the diagram as SVG to `FILE`, with the paths drawn when --paths is given; - writes it to stdout instead of the text")
	dialectName := dialectFlag(fs, "dialect", "read the notation in dialect `NAME` and evaluate its Betza 2.0 translation (spanish on a board of more than two dimensions: evaluated directly); NAME is one of")
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	if !knownDialect(c, e, "dialect", *dialectName) {
		return exitUsage
	}
	if *svgFlag == "-" && *jsonFlag {
		fmt.Fprintln(e.stderr, "betzacheck moves: --svg - and --json both write to stdout: choose one")
		return exitUsage
	}
	o := operand{Text: ops[0], Dialect: *dialectName}
	// inputError reports a bad board, position or square: exit 2.
	inputError := func(input string, err error, text string) int {
		je := errorJSON(err)
		je.Input = input
		return reportError(c, e, *jsonFlag, &o, je, text, exitUsage)
	}

	if *fromFlag == "" {
		if !*jsonFlag {
			fmt.Fprintln(e.stderr, "betzacheck moves: --from is required")
			c.usage(e.stderr, nil)
			return exitUsage
		}
		return inputError("--from", errors.New("--from is required"), "")
	}
	if ndQueried(*boardFlag, o.Dialect) {
		q := ndQuery{board: *boardFlag, position: *posFlag, from: *fromFlag, json: *jsonFlag, paths: *pathsFlag, svg: *svgFlag}
		return movesND(c, e, o, q, inputError)
	}
	setup, fen, err := board.ReadSetup(*boardFlag, *posFlag, *fromFlag, board.DefaultMover().String())
	if err != nil {
		var se *board.SetupError
		errors.As(err, &se) // ParseSetup's errors are all *SetupError
		input := "--" + se.Text
		var le *loc.Error
		if se.Text == "position" && errors.As(se.Err, &le) {
			// a caret under the offending character, like a notation error
			return inputError(input, se.Err, le.RenderInput(input, *posFlag))
		}
		return inputError(input, se.Err, fmt.Sprintf("betzacheck moves: %s: %v", input, se.Err))
	}
	pos, from := setup.Pos, setup.From

	prog, code := compile(c, e, o, *jsonFlag)
	if prog == nil {
		return code
	}
	if err := translate.CheckEnPassant(o.Dialect, o.Text, fen.EnPassant); err != nil {
		return inputError("--position", err, fmt.Sprintf("betzacheck moves: --position: %v", err))
	}
	for _, note := range fen.Notes {
		fmt.Fprintf(e.stderr, "betzacheck moves: note: --position: %s (§11.4)\n", note)
	}
	outs, err := prog.Moves(pos, from, eval.Options{Paths: *pathsFlag, Context: e.ctx})
	if err != nil {
		// An evaluation error: a fragment conflict is a failure of this
		// query (exit 1), a search budget decides nothing (exit 3).
		return reportError(c, e, *jsonFlag, &o, errorJSON(err), fmt.Sprintf("error: %s: %v", o.name(), err), failureStatus(err))
	}
	sortOutcomes(outs)
	if *svgFlag != "" {
		if code := writeMovesSVG(e, *svgFlag, o.name(), prog, pos, from, outs, *pathsFlag); code != exitOK || *svgFlag == "-" {
			return code
		}
	}
	if *jsonFlag {
		return writeMovesJSON(e.stdout, o, prog.Canonical(), pos, from, outs, *pathsFlag)
	}
	if o.foreign() {
		// What the diagram is of: a Betza 2.0 notation needs no saying.
		fmt.Fprintf(e.stdout, "notation: %s\n\n", o.words(prog.Canonical()))
	}
	writeMovesText(e.stdout, pos, from, outs, *pathsFlag)
	return exitOK
}

// sortOutcomes orders outcomes by the square where the mover ends, rank
// by rank and file by file as squares are ordered everywhere in reports
// (a2 before a10), a destroyed mover first; outcomes that end on the same
// square keep eval's order.
func sortOutcomes(outs []eval.Outcome) {
	slices.SortStableFunc(outs, func(a, b eval.Outcome) int {
		switch {
		case a.To == nil || b.To == nil:
			return cmp.Compare(b2i(a.To != nil), b2i(b.To != nil))
		}
		return a.To.Compare(*b.To)
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// outcomeWords is the outcome in plain words, e.g. "e5: captures on e5"
// or "d4 (stays): removes c5, e5". A removal is not called a burn or a
// capture: the outcome alone does not say which leg made it.
func outcomeWords(ef eval.Effect) string {
	var put []placed
	for _, p := range ef.Put {
		put = append(put, placed{p.Piece.String(), p.Square.String()})
	}
	return effectWords(ef.End, ef.To.String(), squareList(ef.Removed), put)
}

// placed is a piece put down on a square, by their names.
type placed struct{ piece, square string }

// effectWords is outcomeWords of an effect given by its names: how the
// mover ends on the square to, the squares removed ("" for none) and the
// pieces put down. Boards of every dimension word their outcomes here.
func effectWords(end eval.MoverEnd, to, removed string, put []placed) string {
	var head string
	var parts []string
	switch end {
	case eval.MoverDestroyed:
		head = "(destroyed)"
	case eval.MoverStays:
		head = to + " (stays)"
	case eval.MoverCaptures:
		head = to
		parts = append(parts, "captures on "+to)
	default:
		head = to
		parts = append(parts, "moves to "+to)
	}
	if removed != "" {
		parts = append(parts, "removes "+removed)
	}
	for _, p := range put {
		parts = append(parts, fmt.Sprintf("puts %s on %s", p.piece, p.square))
	}
	if len(parts) == 0 {
		parts = append(parts, "stays on "+to)
	}
	return head + ": " + strings.Join(parts, "; ")
}

// squareList is the squares' names separated by commas: "c5, e5".
func squareList[Q fmt.Stringer](sqs []Q) string {
	names := make([]string, len(sqs))
	for i, q := range sqs {
		names[i] = q.String()
	}
	return strings.Join(names, ", ")
}

// The glyphs of the text diagram: each shows some marks of the
// diagram's classification (diagram.Classify).
type mark uint8

const (
	markDest     mark = 1 << iota // the mover may land here (an empty square)
	markCapture                   // the mover may land here, capturing
	markRemoved                   // a piece removed without the mover landing here
	markPut                       // a carried piece may be put here
	markStay                      // the mover may stay on its square
	markDestroys                  // the mover may be destroyed
)

// textMarks is the glyph of each mark of the classification. The text
// diagram draws locust captures and burns alike, and no hops.
var textMarks = map[diagram.Mark]mark{
	diagram.MoveOnly:       markDest,
	diagram.CaptureOnly:    markCapture,
	diagram.MoveOrCapture:  markCapture,
	diagram.MoverStays:     markStay,
	diagram.MoverDestroyed: markDestroys,
	diagram.LocustCaptured: markRemoved,
	diagram.Burned:         markRemoved,
	diagram.Unloaded:       markPut,
}

func writeMovesText(w io.Writer, pos *board.Position, from board.Square, outs []eval.Outcome, paths bool) {
	d := drawBoard(pos, from, true, diagram.Classify(pos, from, outs, diagram.Options{}))
	setup := board.Setup{Pos: pos, From: from}
	var lines []string
	for _, o := range outs {
		lines = append(lines, outcomeWords(o.Effect(setup)))
		if paths {
			for _, p := range o.Paths {
				lines = append(lines, "    path: "+squareList(p))
			}
		}
	}
	for _, l := range d.lines {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w)
	writeLegend(w, pos.At(from), from.String(), d.used, d.others)
	writeOutcomeLines(w, lines, len(outs))
}

// boardText is the text diagram of one 2-D board: its lines (the ranks
// from the top, each with its number on the left, then the file
// letters), the marks its cells show and whether it shows pieces other
// than the mover.
type boardText struct {
	lines  []string
	used   mark
	others bool
}

// drawBoard draws pos with the glyphs of the classification marks (see
// cellText); the mover stands on from when mover is set (a level of an
// n-dimensional board may have none).
func drawBoard(pos *board.Position, from board.Square, mover bool, marks diagram.Marks) boardText {
	size := pos.Size()
	cells := map[board.Square]mark{}
	for m, sqs := range marks {
		for _, q := range sqs {
			cells[q] |= textMarks[m]
		}
	}
	var d boardText
	rankWidth := len(fmt.Sprint(size.H))
	for r := size.H - 1; r >= 0; r-- {
		var b strings.Builder
		fmt.Fprintf(&b, "%*d ", rankWidth, r+1)
		for f := 0; f < size.W; f++ {
			q := board.Square{File: f, Rank: r}
			isFrom := mover && q == from
			cell, m := cellText(pos.At(q), isFrom, cells[q])
			d.used |= m
			if !isFrom && !pos.At(q).Empty() {
				d.others = true
			}
			b.WriteString(cell)
		}
		d.lines = append(d.lines, strings.TrimRight(b.String(), " "))
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", rankWidth+1))
	for f := 0; f < size.W; f++ {
		fmt.Fprintf(&b, " %c ", 'a'+f)
	}
	d.lines = append(d.lines, strings.TrimRight(b.String(), " "))
	return d
}

// writeLegend writes the legend of a text diagram: the mover, on the
// square named from, then the glyph of each mark used and, when the
// diagram shows them, the other pieces; then a blank line.
func writeLegend(w io.Writer, mover board.Piece, from string, used mark, others bool) {
	state := "has not moved"
	if !mover.Virgin {
		state = "has moved"
	}
	letter := mover.String()[:1]
	legend := []struct {
		m    mark
		text string
	}{
		{0, fmt.Sprintf(" %s   the mover on %s (%s, %s)", letter, from, mover.Color, state)},
		{markStay, fmt.Sprintf("<%s>  the mover may stay on its square", letter)},
		{markDestroys, fmt.Sprintf("{%s}  the mover may be destroyed", letter)},
		{markDest, " *   the mover may move here"},
		{markCapture, "(p)  the mover may capture here"},
		{markRemoved, "[p]  a piece removed without the mover landing here (burned, locust, destroyed)"},
		{markPut, " +   a carried piece may be put here"},
	}
	for _, l := range legend {
		if l.m == 0 || used&l.m != 0 {
			fmt.Fprintln(w, l.text)
		}
	}
	if others {
		fmt.Fprintln(w, " p   other pieces: upper case white, lower case black")
	}
	fmt.Fprintln(w)
}

// writeOutcomeLines writes a line per outcome (lines, with any path lines
// among them) and the count of the n outcomes.
func writeOutcomeLines(w io.Writer, lines []string, n int) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	switch n {
	case 0:
		fmt.Fprintln(w, "no outcomes")
	case 1:
		fmt.Fprintln(w, "1 outcome")
	default:
		fmt.Fprintf(w, "%d outcomes\n", n)
	}
}

// cellText is the three-character cell of a square holding p (the mover
// when isFrom) with the marks m, and the marks it shows.
func cellText(p board.Piece, isFrom bool, m mark) (string, mark) {
	content := "."
	if !p.Empty() {
		content = p.String()[:1]
	}
	switch {
	case isFrom && m&markStay != 0:
		return "<" + content + ">", markStay
	case isFrom && m&markDestroys != 0:
		return "{" + content + "}", markDestroys
	case m&markCapture != 0:
		return "(" + content + ")", markCapture
	case m&markDest != 0 && p.Empty():
		return " * ", markDest
	case m&markRemoved != 0:
		return "[" + content + "]", markRemoved
	case m&markPut != 0 && p.Empty():
		return " + ", markPut
	}
	return " " + content + " ", 0
}

// jsonMoves is the --json output: one object. Dialect and Canonical, the
// canonical form of the Betza 2.0 translation that was evaluated, are
// left out for a Betza 2.0 notation; Canonical is left out too on a board
// of more than two dimensions, where nothing is translated (direct).
type jsonMoves struct {
	Notation  string        `json:"notation"`
	Dialect   string        `json:"dialect,omitempty"`
	Canonical string        `json:"canonical,omitempty"`
	Board     string        `json:"board"`
	From      string        `json:"from"`
	Outcomes  []jsonOutcome `json:"outcomes"`
	direct    bool
}

type jsonOutcome struct {
	To      *string     `json:"to"`
	Words   string      `json:"words"` // the outcome's line of the text output
	Changes jsonChanges `json:"changes"`
	Paths   [][]string  `json:"paths,omitempty"`
}

// jsonChanges is an object from square to content after, in the order of
// the outcome's changes (by rank, then file; on an n-dimensional board by
// the last coordinate first).
type jsonChanges []placed

func (cs jsonChanges) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(c.square)
		v, _ := json.Marshal(c.piece)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func writeMovesJSON(w io.Writer, o operand, canonical string, pos *board.Position, from board.Square, outs []eval.Outcome, paths bool) int {
	doc := jsonMoves{Notation: o.Text, Dialect: o.jsonDialect(), Canonical: o.jsonCanonical(canonical), Board: pos.Size().String(), From: from.String(), Outcomes: []jsonOutcome{}}
	setup := board.Setup{Pos: pos, From: from}
	for _, o := range outs {
		jo := jsonOutcome{Words: outcomeWords(o.Effect(setup))}
		for _, c := range o.Changes {
			jo.Changes = append(jo.Changes, placed{c.Piece.String(), c.Square.String()})
		}
		if o.To != nil {
			s := o.To.String()
			jo.To = &s
		}
		if paths {
			jo.Paths = [][]string{}
			for _, p := range o.Paths {
				names := make([]string, len(p))
				for i, q := range p {
					names[i] = q.String()
				}
				jo.Paths = append(jo.Paths, names)
			}
		}
		doc.Outcomes = append(doc.Outcomes, jo)
	}
	return writeMovesDoc(w, doc)
}

// writeMovesDoc writes the --json document of moves, one outcome a line:
// readable, and still a single JSON object.
func writeMovesDoc(w io.Writer, doc jsonMoves) int {
	var b strings.Builder
	field := func(name string, v any, last bool) {
		k, _ := json.Marshal(name)
		x, _ := json.Marshal(v)
		fmt.Fprintf(&b, "  %s: %s", k, x)
		if !last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("{\n")
	field("notation", doc.Notation, false)
	if doc.Dialect != "" {
		field("dialect", doc.Dialect, false)
		if !doc.direct {
			field("canonical", doc.Canonical, false)
		}
	}
	field("board", doc.Board, false)
	field("from", doc.From, false)
	if len(doc.Outcomes) == 0 {
		b.WriteString("  \"outcomes\": []\n}\n")
	} else {
		b.WriteString("  \"outcomes\": [\n")
		for i, o := range doc.Outcomes {
			x, err := json.Marshal(o)
			if err != nil {
				fmt.Fprintf(w, "betzacheck moves: %v\n", err)
				return exitFail
			}
			b.WriteString("    ")
			b.Write(x)
			if i < len(doc.Outcomes)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("  ]\n}\n")
	}
	io.WriteString(w, b.String())
	return exitOK
}

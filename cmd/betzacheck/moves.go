package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"betzacheck/conformance/diagram"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
	"betzacheck/reference/loc"
)

func runMoves(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	boardFlag := fs.String("board", "8x8", "board size `WxH`, each side 1..26")
	posFlag := fs.String("position", "", "piece placement `TEXT` (ranks from the top, '/' between them, digits for empty runs, upper case white, lower case black, '*' after a piece that has not moved); default an empty board")
	fromFlag := fs.String("from", "", "the mover's `square` (required); an empty square gets a white X that has not moved")
	jsonFlag := fs.Bool("json", false, "print one JSON object instead of the diagram (an error too, on stdout)")
	pathsFlag := fs.Bool("paths", false, "also print the squares each path of an outcome visited")
	svgFlag := fs.String("svg", "", "also write the diagram as SVG to `FILE`, with the paths drawn when --paths is given; - writes it to stdout instead of the text")
	dialectName := dialectFlag(fs, "dialect", "read the notation in dialect `NAME` and evaluate its Betza 2.0 translation; NAME is one of")
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
	placement := cmp.Or(*posFlag, board.EmptyPlacement(*boardFlag)) // default an empty board
	setup, err := board.ParseSetup(*boardFlag, placement, *fromFlag, board.DefaultMover().String())
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
	outs, err := prog.Moves(pos, from, eval.Options{Paths: *pathsFlag, Context: e.ctx})
	if err != nil {
		// An evaluation error (a search limit, a fragment conflict) is a
		// failure of this query, exit 1.
		return reportError(c, e, *jsonFlag, &o, errorJSON(err), fmt.Sprintf("error: %s: %v", o.name(), err), exitFail)
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
	var head string
	var parts []string
	switch ef.End {
	case eval.MoverDestroyed:
		head = "(destroyed)"
	case eval.MoverStays:
		head = ef.To.String() + " (stays)"
	case eval.MoverCaptures:
		head = ef.To.String()
		parts = append(parts, "captures on "+ef.To.String())
	default:
		head = ef.To.String()
		parts = append(parts, "moves to "+ef.To.String())
	}
	if len(ef.Removed) > 0 {
		parts = append(parts, "removes "+squareList(ef.Removed))
	}
	for _, p := range ef.Put {
		parts = append(parts, fmt.Sprintf("puts %s on %s", p.Piece, p.Square))
	}
	if len(parts) == 0 {
		parts = append(parts, "stays on "+ef.To.String())
	}
	return head + ": " + strings.Join(parts, "; ")
}

func squareList(sqs []board.Square) string {
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
	size := pos.Size()
	marks := map[board.Square]mark{}
	for m, sqs := range diagram.Classify(pos, from, outs, diagram.Options{}) {
		for _, q := range sqs {
			marks[q] |= textMarks[m]
		}
	}
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

	rankWidth := len(fmt.Sprint(size.H))
	var used mark
	others := false
	for r := size.H - 1; r >= 0; r-- {
		var b strings.Builder
		fmt.Fprintf(&b, "%*d ", rankWidth, r+1)
		for f := 0; f < size.W; f++ {
			q := board.Square{File: f, Rank: r}
			cell, m := cellText(pos, from, q, marks[q])
			used |= m
			if q != from && !pos.At(q).Empty() {
				others = true
			}
			b.WriteString(cell)
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", rankWidth+1))
	for f := 0; f < size.W; f++ {
		fmt.Fprintf(&b, " %c ", 'a'+f)
	}
	fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	fmt.Fprintln(w)

	mover := pos.At(from)
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
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	switch len(outs) {
	case 0:
		fmt.Fprintln(w, "no outcomes")
	case 1:
		fmt.Fprintln(w, "1 outcome")
	default:
		fmt.Fprintf(w, "%d outcomes\n", len(outs))
	}
}

// cellText is the three-character cell of q and the marks it shows.
func cellText(pos *board.Position, from, q board.Square, m mark) (string, mark) {
	p := pos.At(q)
	content := "."
	if !p.Empty() {
		content = p.String()[:1]
	}
	switch {
	case q == from && m&markStay != 0:
		return "<" + content + ">", markStay
	case q == from && m&markDestroys != 0:
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
// left out for a Betza 2.0 notation.
type jsonMoves struct {
	Notation  string        `json:"notation"`
	Dialect   string        `json:"dialect,omitempty"`
	Canonical string        `json:"canonical,omitempty"`
	Board     string        `json:"board"`
	From      string        `json:"from"`
	Outcomes  []jsonOutcome `json:"outcomes"`
}

type jsonOutcome struct {
	To      *string     `json:"to"`
	Words   string      `json:"words"` // the outcome's line of the text output
	Changes jsonChanges `json:"changes"`
	Paths   [][]string  `json:"paths,omitempty"`
}

// jsonChanges is an object from square to content after, in the order of
// eval (by rank, then file).
type jsonChanges []eval.Change

func (cs jsonChanges) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(c.Square.String())
		v, _ := json.Marshal(c.Piece.String())
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
		jo := jsonOutcome{Words: outcomeWords(o.Effect(setup)), Changes: jsonChanges(o.Changes)}
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
	// One outcome per line: readable, and still a single JSON object.
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
		field("canonical", doc.Canonical, false)
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

package diagram

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/golden"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// A diagram case: a notation on a position, the options, and the squares
// of every mark, worked out by hand.
type diagramCase struct {
	name     string
	notation string
	size     string
	position string
	from     string
	paths    bool
	erupts   bool
	want     map[Mark]string // squares separated by spaces, any order
}

var cases = []diagramCase{
	{
		// §5.1 W3 = W, W-fW, W-fW-fW: the 12 squares within three rook
		// steps of d4; h4 and d8 are four away.
		name: "w3", notation: "W3", size: "8x8", position: "8/8/8/8/3X4/8/8/8", from: "d4", paths: true,
		want: map[Mark]string{MoveOnly: "a4 b4 c4 e4 f4 g4 d1 d2 d3 d5 d6 d7"},
	},
	{
		// The cannon mRpR-cR on d4. Up: d5 is free, the friend on d6 is
		// the screen, the rook on d8 is taken. Right: e4 free, the enemy
		// pawn on f4 is the screen, the knight on h4 is taken. Down: the
		// knight on d2 blocks, and the friend on d1 behind it cannot be
		// taken, so d2 is hopped by no outcome. Left: a4, b4, c4.
		name: "cannon", notation: "mRpR-cR", size: "8x8", position: "3r4/8/3P4/8/3X1p1n/8/3n4/3P4", from: "d4", paths: true,
		want: map[Mark]string{
			MoveOnly:    "a4 b4 c4 e4 d3 d5",
			CaptureOnly: "d8 h4",
			HoppedOver:  "d6 f4",
		},
	},
	{
		// The fire demon mcB-xaK from a1 (§3.8): it moves or captures as a
		// bishop, then every adjacent enemy burns. From d4 e4 burns; from
		// e5 d6, e4 and f6 burn, the friend on f5 does not; f6 is also
		// taken by the bishop move itself.
		name: "fire_demon", notation: "mcB-xaK", size: "8x8", position: "8/8/3p1p2/5P2/4p3/8/8/X*7", from: "a1", erupts: true,
		want: map[Mark]string{
			MoveOnly:    "b2 c3 d4 e5",
			CaptureOnly: "f6",
			Burned:      "e4 d6 f6",
		},
	},
	{
		// Castling irdiW04-buW02-bW with the king on d1 and the rook four
		// squares right (§3.7, §3.11, §3.12): the king takes its own rook
		// on h1, steps back to g1, unloads the rook on f1 and returns to
		// g1. h1 is emptied by a leg before the last (on the path), f1
		// gets the rook.
		name: "castling", notation: "irdiW04-buW02-bW", size: "8x8", position: "8/8/8/8/8/8/8/R*2K*3R*", from: "d1", paths: true,
		want: map[Mark]string{
			MoveOnly:       "g1",
			LocustCaptured: "h1",
			Unloaded:       "f1",
		},
	},
	{
		// The rifle cR-ebR (§3.10): it captures as a rook and returns as
		// many steps, so it stays on d4 and d7 and f4 are emptied by its
		// first leg. The friend on b4 is not a target.
		name: "rifle", notation: "cR-ebR", size: "8x8", position: "8/3p4/8/8/1P1X1p2/8/8/8", from: "d4", paths: true,
		want: map[Mark]string{
			MoverStays:     "d4",
			LocustCaptured: "d7 f4",
		},
	},
}

func outcomes(t *testing.T, c diagramCase) (*board.Position, board.Square, []eval.Outcome) {
	t.Helper()
	size, err := board.ParseSize(c.size)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := board.ParsePosition(size, c.position)
	if err != nil {
		t.Fatal(err)
	}
	from, err := board.ParseSquare(c.from)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := reference.Compile(c.notation)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := prog.Moves(pos, from, eval.Options{Paths: c.paths})
	if err != nil {
		t.Fatal(err)
	}
	return pos, from, outs
}

func (c diagramCase) options() Options {
	return Options{Paths: c.paths, Title: c.notation + " from " + c.from, Erupts: c.erupts}
}

// node is an XML element read back from the SVG.
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []node     `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *node) hasClass(c string) bool {
	return slices.Contains(strings.Fields(n.attr("class")), c)
}

// walk calls f on n and every element under it, in document order.
func (n *node) walk(f func(*node)) {
	f(n)
	for i := range n.Nodes {
		n.Nodes[i].walk(f)
	}
}

// parse checks that svg is well-formed XML, one svg element with nothing
// after it, and returns its tree.
func parse(t *testing.T, svg []byte) *node {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				if tok.Name.Local != "svg" || tok.Name.Space != "http://www.w3.org/2000/svg" {
					t.Fatalf("root element %v, want svg in the SVG namespace", tok.Name)
				}
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if roots != 1 {
		t.Fatalf("%d root elements, want 1", roots)
	}
	var root node
	if err := xml.Unmarshal(svg, &root); err != nil {
		t.Fatal(err)
	}
	return &root
}

// readMarks returns the squares of every mark element under n, each list
// sorted, and the marks the legend lists, in order.
func readMarks(t *testing.T, n *node) (marks map[Mark]string, legend []Mark) {
	t.Helper()
	sets := map[Mark][]string{}
	n.walk(func(e *node) {
		switch {
		case e.hasClass("mark"):
			cls := strings.Fields(e.attr("class"))
			if len(cls) != 2 {
				t.Errorf("mark element with class %q, want \"mark KIND\"", e.attr("class"))
				return
			}
			m := Mark(cls[1])
			if _, ok := legendText[m]; !ok {
				t.Errorf("unknown mark class %q", m)
			}
			q := e.attr("data-square")
			if slices.Contains(sets[m], q) {
				t.Errorf("mark %s on %s twice", m, q)
			}
			sets[m] = append(sets[m], q)
		case e.hasClass("legend-item"):
			legend = append(legend, Mark(e.attr("data-mark")))
		}
	})
	marks = map[Mark]string{}
	for m, sqs := range sets {
		marks[m] = sortedNames(sqs)
	}
	return marks, legend
}

func sortedNames(names []string) string {
	s := append([]string(nil), names...)
	sort.Strings(s)
	return strings.Join(s, " ")
}

func normalise(want map[Mark]string) map[Mark]string {
	out := map[Mark]string{}
	for m, s := range want {
		out[m] = sortedNames(strings.Fields(s))
	}
	return out
}

func legendOf(want map[Mark]string) []Mark {
	var out []Mark
	for _, m := range AllMarks {
		if want[m] != "" {
			out = append(out, m)
		}
	}
	return out
}

func TestGolden(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos, from, outs := outcomes(t, c)
			golden.Check(t, c.name+".svg", SVG(pos, from, outs, c.options()))
		})
	}
}

// TestMarks reads every case's SVG back: the squares of each mark class
// are the hand-computed ones, and the legend lists exactly the classes
// used, in legend order.
func TestMarks(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos, from, outs := outcomes(t, c)
			svg := SVG(pos, from, outs, c.options())
			root := parse(t, svg)
			got, legend := readMarks(t, root)
			want := normalise(c.want)
			if !mapsEqual(got, want) {
				t.Errorf("marks read back:\ngot  %v\nwant %v", got, want)
			}
			if !slices.Equal(legend, legendOf(want)) {
				t.Errorf("legend lists %v, want %v", legend, legendOf(want))
			}
			// Classify agrees with what the SVG shows.
			cl := map[Mark]string{}
			for m, sqs := range Classify(pos, from, outs, c.options()) {
				names := make([]string, len(sqs))
				for i, q := range sqs {
					names[i] = q.String()
				}
				cl[m] = sortedNames(names)
			}
			if !mapsEqual(cl, want) {
				t.Errorf("Classify:\ngot  %v\nwant %v", cl, want)
			}
		})
	}
}

func mapsEqual(a, b map[Mark]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestStructure checks the parts that are not marks: a square per board
// square, a piece per piece with the mover marked, the coordinates, and a
// path element per distinct path when paths are drawn.
func TestStructure(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos, from, outs := outcomes(t, c)
			root := parse(t, SVG(pos, from, outs, c.options()))
			var squares, pieces, movers, paths, title int
			var coords []string
			root.walk(func(e *node) {
				switch {
				case e.hasClass("square") && !e.hasClass("virtual"):
					squares++
				case e.hasClass("piece"):
					pieces++
					if e.hasClass("mover") {
						movers++
						if e.attr("data-square") != from.String() {
							t.Errorf("mover drawn on %s, want %s", e.attr("data-square"), from)
						}
					}
					q, _ := board.ParseSquare(e.attr("data-square"))
					if got := e.attr("data-piece"); got != pos.At(q).String() {
						t.Errorf("piece on %s is %q, want %q", q, got, pos.At(q))
					}
				case e.hasClass("path"):
					paths++
				case e.hasClass("coordinates"):
					for _, x := range e.Nodes {
						coords = append(coords, x.Text)
					}
				case e.XMLName.Local == "title":
					title++
					if e.Text != c.options().Title {
						t.Errorf("title %q, want %q", e.Text, c.options().Title)
					}
				}
			})
			size := pos.Size()
			if squares != size.Squares() {
				t.Errorf("%d squares, want %d", squares, size.Squares())
			}
			if pieces != len(pos.Pieces()) || movers != 1 {
				t.Errorf("%d pieces with %d movers, want %d with 1", pieces, movers, len(pos.Pieces()))
			}
			if want := len(uniquePaths(outs)); c.paths && paths != want {
				t.Errorf("%d paths drawn, want %d", paths, want)
			}
			if wantCoords := "a b c d e f g h 1 2 3 4 5 6 7 8"; strings.Join(coords, " ") != wantCoords {
				t.Errorf("coordinates %q, want %q", strings.Join(coords, " "), wantCoords)
			}
			if title != 1 {
				t.Errorf("%d title elements, want 1", title)
			}
		})
	}
}

// TestDeterministic: the same input gives the same bytes, whatever the
// order of the outcomes and of their paths.
func TestDeterministic(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos, from, outs := outcomes(t, c)
			a := SVG(pos, from, outs, c.options())
			rev := make([]eval.Outcome, len(outs))
			for i, o := range outs {
				o.Paths = slices.Clone(o.Paths)
				slices.Reverse(o.Paths)
				rev[len(outs)-1-i] = o
			}
			b := SVG(pos, from, rev, c.options())
			if !bytes.Equal(a, b) {
				t.Error("reordering the outcomes changed the SVG")
			}
		})
	}
}

// TestClassifyRules covers the rules that the golden cases do not: what
// the Erupts hint changes without paths, what paths decide, the mover
// staying and being destroyed.
func TestClassifyRules(t *testing.T) {
	demon := cases[2]
	tests := []struct {
		name string
		c    diagramCase
		want map[Mark]string
	}{
		{
			// Without paths or the hint nothing says the removals are
			// eruptions: they are called locust captures (a known limit).
			name: "no paths, no hint",
			c:    diagramCase{notation: demon.notation, size: "8x8", position: demon.position, from: "a1"},
			want: map[Mark]string{MoveOnly: "b2 c3 d4 e5", CaptureOnly: "f6", LocustCaptured: "e4 d6 f6"},
		},
		{
			// With paths the burned squares are off every path: burned,
			// with no hint needed.
			name: "paths, no hint",
			c:    diagramCase{notation: demon.notation, size: "8x8", position: demon.position, from: "a1", paths: true},
			want: map[Mark]string{MoveOnly: "b2 c3 d4 e5", CaptureOnly: "f6", Burned: "e4 d6 f6"},
		},
		{
			// Paths win over the hint: the rifle's victims are on its path.
			name: "rifle with the hint",
			c:    diagramCase{notation: "cR-ebR", size: "8x8", position: "8/3p4/8/8/1P1X1p2/8/8/8", from: "d4", paths: true, erupts: true},
			want: map[Mark]string{MoverStays: "d4", LocustCaptured: "d7 f4"},
		},
		{
			// An eruption in place: the mover stays and c5 burns; its path
			// is the start square alone.
			name: "eruption in place",
			c:    diagramCase{notation: "xcK", size: "8x8", position: "8/8/8/2p5/3X4/8/8/8", from: "d4", paths: true},
			want: map[Mark]string{MoverStays: "d4", Burned: "c5"},
		},
		{
			// §3.14 a fragment destroys the mover.
			name: "mover destroyed",
			c:    diagramCase{notation: "mW-xdO", size: "8x8", position: "8/8/8/8/3X4/8/8/8", from: "d4", erupts: true},
			want: map[Mark]string{MoverDestroyed: "d4"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, from, outs := outcomes(t, tt.c)
			root := parse(t, SVG(pos, from, outs, tt.c.options()))
			got, legend := readMarks(t, root)
			want := normalise(tt.want)
			if !mapsEqual(got, want) {
				t.Errorf("got  %v\nwant %v", got, want)
			}
			if !slices.Equal(legend, legendOf(want)) {
				t.Errorf("legend lists %v, want %v", legend, legendOf(want))
			}
		})
	}
}

// TestUnloadedSynthetic: a piece put on an empty square (b3) or where
// another piece was (c4) is an unload; the piece replaced on c4 is not
// also called captured.
func TestUnloadedSynthetic(t *testing.T) {
	pos, err := board.ParsePosition(board.Size{W: 4, H: 4}, "4/1p2/4/X3")
	if err != nil {
		t.Fatal(err)
	}
	a1, b3, c4, to := sq(t, "a1"), sq(t, "b3"), sq(t, "c4"), sq(t, "d1")
	outs := []eval.Outcome{{To: &to, Changes: []eval.Change{
		{Square: a1}, {Square: to, Piece: pos.At(a1)},
		{Square: b3, Piece: board.Piece{Kind: 'N', Color: board.White}},
		{Square: c4, Piece: board.Piece{Kind: 'P', Color: board.Black}},
	}}}
	got, _ := readMarks(t, parse(t, SVG(pos, a1, outs, Options{})))
	want := normalise(map[Mark]string{MoveOnly: "d1", Unloaded: "b3 c4"})
	if !mapsEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}

// TestCounterexample draws W3 against R on d4: two boards titled with the
// names, each with its own marks, and the outcomes only R has as notes.
func TestCounterexample(t *testing.T) {
	pos, err := board.ParsePosition(board.Size{W: 8, H: 8}, "8/8/8/8/3X4/8/8/8")
	if err != nil {
		t.Fatal(err)
	}
	from := board.Square{File: 3, Rank: 3}
	a, _ := equiv.Notation("W3")
	b, _ := equiv.Notation("R")
	c := equiv.Compare(a, b, board.Setup{Pos: pos, From: from})
	if c.Verdict != equiv.Differ {
		t.Fatalf("W3 and R: %v on d4, want differ", c.Verdict)
	}
	cx := c.Counterexample
	var outs [2][]eval.Outcome
	for i, src := range []string{"W3", "R"} {
		prog, err := reference.Compile(src)
		if err != nil {
			t.Fatal(err)
		}
		if outs[i], err = prog.Moves(pos, from, eval.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	svg := Counterexample(cx, "W3", "R", outs[0], outs[1], Options{})
	golden.Check(t, "counterexample.svg", svg)
	root := parse(t, svg)
	var boards []*node
	root.walk(func(e *node) {
		if e.hasClass("board") {
			boards = append(boards, e)
		}
	})
	if len(boards) != 2 {
		t.Fatalf("%d boards, want 2", len(boards))
	}
	wantMoves := []string{
		"a4 b4 c4 e4 f4 g4 d1 d2 d3 d5 d6 d7",
		"a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8",
	}
	wantNotes := [][]string{nil, {"only R: d8 d4= d8=X", "only R: h4 d4= h4=X"}}
	for i, name := range []string{"W3", "R"} {
		bd := boards[i]
		if bd.attr("data-name") != name {
			t.Errorf("board %d is named %q, want %q", i, bd.attr("data-name"), name)
		}
		var titles, notes []string
		bd.walk(func(e *node) {
			switch {
			case e.hasClass("board-title"):
				titles = append(titles, e.Text)
			case e.hasClass("note"):
				notes = append(notes, e.Text)
			}
		})
		if !slices.Equal(titles, []string{name}) {
			t.Errorf("board %d titles %q, want %q", i, titles, name)
		}
		if !slices.Equal(notes, wantNotes[i]) {
			t.Errorf("board %d notes %q, want %q", i, notes, wantNotes[i])
		}
		got, legend := readMarks(t, bd)
		want := normalise(map[Mark]string{MoveOnly: wantMoves[i]})
		if !mapsEqual(got, want) || !slices.Equal(legend, []Mark{MoveOnly}) {
			t.Errorf("board %d marks %v legend %v, want %v legend [move-only]", i, got, legend, want)
		}
	}
}

// TestEscaping: titles and notes are escaped, so the output stays XML.
func TestEscaping(t *testing.T) {
	pos := board.NewPosition(board.Size{W: 3, H: 3})
	from := sq(t, "b2")
	pos.Set(from, board.Piece{Kind: 'X'})
	svg := SVG(pos, from, nil, Options{Title: `a<b & "c"`})
	root := parse(t, svg)
	var title string
	root.walk(func(e *node) {
		if e.XMLName.Local == "title" {
			title = e.Text
		}
	})
	if title != `a<b & "c"` {
		t.Errorf("title read back as %q", title)
	}
	got, legend := readMarks(t, root)
	if len(got) != 0 || len(legend) != 0 {
		t.Errorf("no outcomes gave marks %v and legend %v", got, legend)
	}
}

func sq(t *testing.T, name string) board.Square {
	t.Helper()
	q, err := board.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestLegendText(t *testing.T) {
	for _, m := range AllMarks {
		if legendText[m] == "" {
			t.Errorf("mark %s has no legend text", m)
		}
	}
	if len(legendText) != len(AllMarks) {
		t.Errorf("%d legend texts for %d marks", len(legendText), len(AllMarks))
	}
}

// TestCounterexampleError: a side that failed shows its error as a note
// and no marks.
func TestCounterexampleError(t *testing.T) {
	pos, err := board.ParsePosition(board.Size{W: 3, H: 3}, "3/1X1/3")
	if err != nil {
		t.Fatal(err)
	}
	from := sq(t, "b2")
	prog, err := reference.Compile("W")
	if err != nil {
		t.Fatal(err)
	}
	outs, err := prog.Moves(pos, from, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cx := &equiv.Counterexample{Setup: board.Setup{Pos: pos, From: from}, ErrB: errors.New("adapter crashed <EOF>")}
	root := parse(t, Counterexample(cx, "spec", "impl", outs, nil, Options{Title: "W"}))
	var notes []string
	var marks [2]map[Mark]string
	i := 0
	root.walk(func(e *node) {
		switch {
		case e.hasClass("board"):
			marks[i], _ = readMarks(t, e)
			i++
		case e.hasClass("note"):
			notes = append(notes, e.Text)
		}
	})
	if want := []string{"error: adapter crashed <EOF>"}; !slices.Equal(notes, want) {
		t.Errorf("notes %q, want %q", notes, want)
	}
	if !mapsEqual(marks[0], normalise(map[Mark]string{MoveOnly: "b1 a2 c2 b3"})) || len(marks[1]) != 0 {
		t.Errorf("marks %v, want the spec's W moves and none for impl", marks)
	}
}

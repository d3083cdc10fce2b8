package wire_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

func TestKey(t *testing.T) {
	w := wire.Outcome{To: sq("d1"), Capture: true,
		Changes: map[string]string{"d4": "", "d1": "X", "b12": "r*"},
		Paths:   [][]string{{"d4", "d2", "d1"}, {"d4", "d1"}, {"d4", "d1"}}}
	for level, want := range map[string]string{
		"destinations": "d1 capture",
		"effects":      "d1 d1=X d4= b12=r* capture",
		"paths":        "d1 d1=X d4= b12=r* capture via d4-d1, d4-d2-d1",
	} {
		if got := wire.Key(w, level); got != want {
			t.Errorf("%s: %q, want %q", level, got, want)
		}
	}
	if got := wire.Key(wire.Outcome{}, "effects"); got != "-" {
		t.Errorf("destroyed mover: %q", got)
	}
}

// TestProject: at level paths outcomes with one effect merge and their
// paths are the union; at destinations, outcomes with one destination
// and capture flag merge.
func TestProject(t *testing.T) {
	a := wire.Outcome{To: sq("c3"), Changes: map[string]string{"a1": "", "c3": "X"}, Paths: [][]string{{"a1", "b2", "c3"}}}
	b := wire.Outcome{To: sq("c3"), Changes: map[string]string{"a1": "", "c3": "X"}, Paths: [][]string{{"a1", "c3"}, {"a1", "b2", "c3"}}}
	c := wire.Outcome{To: sq("c3"), Changes: map[string]string{"a1": "", "c3": "X", "b2": ""}, Paths: [][]string{{"a1", "b2", "c3"}}}
	got := wire.Keys(wire.Project([]wire.Outcome{a, b, c}, "paths"), "paths")
	want := []string{"c3 a1= b2= c3=X via a1-b2-c3", "c3 a1= c3=X via a1-b2-c3, a1-c3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("paths: %q, want %q", got, want)
	}
	if got := wire.Keys(wire.Project([]wire.Outcome{a, b, c}, "destinations"), "destinations"); len(got) != 1 || got[0] != "c3" {
		t.Errorf("destinations: %q", got)
	}
	if a.Paths[0][0] != "a1" || len(b.Paths) != 2 {
		t.Error("Project modified its input")
	}
}

// TestWire: the JSON of replies at each level, including the empty cases
// that must still be written.
func TestWire(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{wire.Reply{ID: 3}, `{"id":3,"outcomes":[]}`},
		{wire.Reply{ID: 3, Outcomes: []wire.Outcome{{To: sq("a1")}}}, `{"id":3,"outcomes":[{"to":"a1","capture":false}]}`},
		{wire.Reply{ID: 3, Outcomes: []wire.Outcome{{To: sq("a1"), Changes: map[string]string{}}}}, `{"id":3,"outcomes":[{"to":"a1","capture":false,"changes":{}}]}`},
		{wire.Reply{ID: 3, Outcomes: []wire.Outcome{{Changes: map[string]string{"a1": ""}, Paths: [][]string{{"a1", "a1"}}}}},
			`{"id":3,"outcomes":[{"to":null,"capture":false,"changes":{"a1":""},"paths":[["a1","a1"]]}]}`},
		{wire.Reply{ID: 4, Outcomes: []wire.Outcome{{To: sq("a1")}}, Error: &wire.ErrorReply{Kind: "syntax", Message: "m", Offset: off(0)}},
			`{"id":4,"error":{"kind":"syntax","message":"m","offset":0}}`},
	} {
		b, err := json.Marshal(tt.v)
		if err != nil || string(b) != tt.want {
			t.Errorf("%s %v, want %s", b, err, tt.want)
		}
	}
}

func TestSupports(t *testing.T) {
	h := wire.HelloReply{Name: "ffish", Dialects: []string{"betza-classic"}, MaxBoard: "12x10"}
	req := wire.MovesRequest{Dialect: "betza-classic", Board: "12x10"}
	if err := h.Supports(req); err != nil {
		t.Error(err)
	}
	req.Board = "10x12"
	if err := h.Supports(req); err == nil || !strings.Contains(err.Error(), "larger than ffish's 12x10") {
		t.Errorf("10x12: %v", err)
	}
	req.Board, req.Dialect = "8x8", "betza2"
	if err := h.Supports(req); err == nil {
		t.Error("betza2 accepted")
	}
}

// TestHelloDialects: a handshake may name every dialect of the protocol
// (P2.3 of spec/protocol.md), xbetza included, and no other.
func TestHelloDialects(t *testing.T) {
	for _, d := range []string{"betza2", "betza-classic", "bracket", "spanish", "xbetza"} {
		h := wire.HelloReply{Name: "x", Protocol: wire.Version, Level: wire.LevelDestinations, Dialects: []string{d}}
		if err := h.Check(); err != nil {
			t.Errorf("%s: %v", d, err)
		}
	}
	// A classic profile is a dialect from protocol 2 on (P2.6), and only
	// a known one of betza-classic.
	for _, c := range []struct {
		protocol int
		dialect  string
		err      string
	}{
		{2, "betza-classic:xboard", ""},
		{2, "betza-classic:fairy-stockfish", ""},
		{1, "betza-classic:xboard", "only betza-classic takes a profile, from protocol 2 on"},
		{2, "betza-classic:hgm", `unknown profile "hgm"`},
		{2, "bracket:xboard", "only betza-classic takes a profile"},
		{2, "xboard", `dialect "xboard", want some of`},
	} {
		h := wire.HelloReply{Name: "x", Protocol: c.protocol, Level: wire.LevelDestinations, Dialects: []string{c.dialect}}
		err := h.Check()
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("protocol %d, %s: %v, want %q", c.protocol, c.dialect, err, c.err)
		}
	}
}

// TestCapabilities: the capabilities of protocol 2 (P2.6) default to true,
// a protocol 1 reply has none, and Supports refuses each request that
// needs one the implementation lacks, naming it.
func TestCapabilities(t *testing.T) {
	no := false
	h := wire.HelloReply{Name: "tpl", Protocol: 1, Level: wire.LevelDestinations, Dialects: []string{"betza-classic"},
		Occupied: &no, Colours: &no, Unmoved: &no, Validates: &no, Characters: "WF"}
	if err := h.Check(); err != nil {
		t.Fatal(err)
	}
	if !h.ReadsOccupied() || !h.ReadsColours() || !h.ReadsUnmoved() || !h.ValidatesNotations() || h.Characters != "" {
		t.Errorf("a protocol 1 reply kept capabilities: %+v", h)
	}
	h = wire.HelloReply{Name: "tpl", Protocol: 2, Level: wire.LevelDestinations, Dialects: []string{"betza-classic"},
		Occupied: &no, Validates: &no, Characters: "WF"}
	if err := h.Check(); err != nil {
		t.Fatal(err)
	}
	if h.ReadsOccupied() || !h.ReadsColours() || !h.ReadsUnmoved() || h.ValidatesNotations() {
		t.Errorf("capabilities read wrongly: %+v", h)
	}
	req := func(notation, position, from string) wire.MovesRequest {
		return wire.MovesRequest{Dialect: "betza-classic", Notation: notation, Board: "3x3", Position: position, From: from}
	}
	for _, c := range []struct {
		h   wire.HelloReply
		req wire.MovesRequest
		err string
	}{
		{h, req("WF", "3/1X*1/3", "b2"), ""},
		{h, req("fW", "3/1X1/3", "b2"), `reads no 'f'`},
		{h, req("W", "3/1Xp/3", "b2"), "takes no piece besides the mover (occupied: false), the position has one on c2"},
		{wire.HelloReply{Name: "c", Dialects: []string{"betza-classic"}, Colours: &no}, req("W", "3/1xp/3", "b2"), "the mover must be white"},
		{wire.HelloReply{Name: "c", Dialects: []string{"betza-classic"}, Colours: &no}, req("W", "3/1XP/3", "b2"), "the piece on c2 has the mover's colour"},
		{wire.HelloReply{Name: "c", Dialects: []string{"betza-classic"}, Colours: &no}, req("W", "3/1Xp/3", "b2"), ""},
		{wire.HelloReply{Name: "u", Dialects: []string{"betza-classic"}, Unmoved: &no}, req("W", "3/1Xp*/3", "b2"), "reads no '*' (unmoved: false), the piece on c2 has one"},
		{wire.HelloReply{Name: "u", Dialects: []string{"betza-classic"}, Unmoved: &no}, req("W", "3/1Xp/3", "b2"), ""},
		{wire.HelloReply{Name: "p", Dialects: []string{"betza-classic:xboard"}}, req("W", "3/1Xp/3", "b2"), `does not read dialect "betza-classic"`},
	} {
		err := c.h.Supports(c.req)
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%+v on %+v: %v, want %q", c.h, c.req, err, c.err)
		}
	}
}

// TestSquareNames: OutcomeOf names squares as board.Square.String does, on
// and off the board.
func TestSquareNames(t *testing.T) {
	size, _ := board.ParseSize("26x26")
	pos := board.NewPosition(size)
	from := board.Square{File: 25, Rank: 25}
	pos.Set(from, board.Piece{Kind: 'X'})
	for _, q := range []board.Square{{File: 0, Rank: 0}, {File: 25, Rank: 25}, {File: 7, Rank: 11},
		{File: -1, Rank: 3}, {File: 26, Rank: 0}, {File: 3, Rank: 30}} {
		w := wire.OutcomeOf(eval.Outcome{To: &q}, board.Setup{Pos: pos, From: from}, "destinations")
		if *w.To != q.String() {
			t.Errorf("%v: %q, want %q", q, *w.To, q.String())
		}
	}
}

func sq(s string) *string { return &s }
func off(n int) *int      { return &n }

// TestParseOutcome: a wire outcome read back names the same squares and
// pieces, changes in square order; a name that is not a square or a piece
// is an error.
func TestParseOutcome(t *testing.T) {
	w := wire.Outcome{To: sq("d1"), Capture: true,
		Changes: map[string]string{"d4": "", "d1": "X", "b12": "r*", "(-1,3)": ""},
		Paths:   [][]string{{"d4", "d2", "d1"}, {"d4", "(-1,3)", "d1"}}}
	o, err := wire.ParseOutcome(w)
	if err != nil {
		t.Fatal(err)
	}
	var changes []string
	for _, c := range o.Changes {
		changes = append(changes, c.Square.String()+"="+c.Piece.String())
	}
	var paths []string
	for _, p := range o.Paths {
		var names []string
		for _, q := range p {
			names = append(names, q.String())
		}
		paths = append(paths, strings.Join(names, "-"))
	}
	if o.To == nil || o.To.String() != "d1" || strings.Join(changes, " ") != "d1=X (-1,3)= d4= b12=r*" ||
		strings.Join(paths, ", ") != "d4-d2-d1, d4-(-1,3)-d1" {
		t.Errorf("to %v, changes %q, paths %q", o.To, changes, paths)
	}
	if o, err := wire.ParseOutcome(wire.Outcome{}); err != nil || o.To != nil {
		t.Errorf("destroyed mover: %+v %v", o, err)
	}
	for _, bad := range []wire.Outcome{
		{To: sq("d0")},
		{To: sq("d1"), Changes: map[string]string{"?": "X"}},
		{To: sq("d1"), Changes: map[string]string{"d1": "X!"}},
		{To: sq("d1"), Paths: [][]string{{"d4", "nowhere"}}},
	} {
		if _, err := wire.ParseOutcome(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// TestHelloLabels: a hello reply's name and version are short printable
// text (P2.1), since reports print them as they are: a terminal escape or
// a line break in them could forge a report's lines (issue 28, item 12).
func TestHelloLabels(t *testing.T) {
	for _, c := range []struct{ name, version, err string }{
		{"ffish", "0.7.10-3-gabc (build 2024)", ""},
		{"Großmeister", "1.0 β", ""},
		{"\x1b[2Jtoy", "1", `name "\x1b[2Jtoy" has the character U+001B at byte 0, which is not printable (P2.1)`},
		{"toy", "1\nFAKE: 999 cases: 999 pass", `version "1\nFAKE: 999 cases: 999 pass" has the character U+000A at byte 1`},
		{"toy\u202e", "1", "U+202E"}, // right-to-left override
		{"toy", strings.Repeat("9", 101), "is 101 bytes long, more than 100 (P2.1)"},
	} {
		h := wire.HelloReply{Name: c.name, Version: c.version, Protocol: 2, Dialects: []string{"betza2"}, Level: "paths"}
		err := h.Check()
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%q %q: %v, want %q", c.name, c.version, err, c.err)
		}
	}
}

// TestQuoteText: text an implementation sent is shown quoted, escapes
// and all, and cut at a character's start.
func TestQuoteText(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"unexpected ')'", `"unexpected ')'"`},
		{"\x1b[2J\nFAKE", `"\x1b[2J\nFAKE"`},
		{"\u009b31m §5.6", `"\u009b31m §5.6"`},
		{strings.Repeat("a", 199) + "é", `"` + strings.Repeat("a", 199) + `"… (201 bytes)`},
	} {
		if got := wire.QuoteText(c.text); got != c.want {
			t.Errorf("QuoteText(%q) = %s, want %s", c.text, got, c.want)
		}
	}
}

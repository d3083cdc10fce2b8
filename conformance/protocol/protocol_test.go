package protocol_test

import (
	"encoding/json"
	"strings"
	"testing"

	"betzacheck/conformance/protocol"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
)

func TestKey(t *testing.T) {
	w := protocol.WireOutcome{To: sq("d1"), Capture: true,
		Changes: map[string]string{"d4": "", "d1": "X", "b12": "r*"},
		Paths:   [][]string{{"d4", "d2", "d1"}, {"d4", "d1"}, {"d4", "d1"}}}
	for level, want := range map[string]string{
		"destinations": "d1 capture",
		"effects":      "d1 d1=X d4= b12=r* capture",
		"paths":        "d1 d1=X d4= b12=r* capture via d4-d1, d4-d2-d1",
	} {
		if got := protocol.Key(w, level); got != want {
			t.Errorf("%s: %q, want %q", level, got, want)
		}
	}
	if got := protocol.Key(protocol.WireOutcome{}, "effects"); got != "-" {
		t.Errorf("destroyed mover: %q", got)
	}
}

// TestProject: at level paths outcomes with one effect merge and their
// paths are the union; at destinations, outcomes with one destination
// and capture flag merge.
func TestProject(t *testing.T) {
	a := protocol.WireOutcome{To: sq("c3"), Changes: map[string]string{"a1": "", "c3": "X"}, Paths: [][]string{{"a1", "b2", "c3"}}}
	b := protocol.WireOutcome{To: sq("c3"), Changes: map[string]string{"a1": "", "c3": "X"}, Paths: [][]string{{"a1", "c3"}, {"a1", "b2", "c3"}}}
	c := protocol.WireOutcome{To: sq("c3"), Changes: map[string]string{"a1": "", "c3": "X", "b2": ""}, Paths: [][]string{{"a1", "b2", "c3"}}}
	got := protocol.Keys(protocol.Project([]protocol.WireOutcome{a, b, c}, "paths"), "paths")
	want := []string{"c3 a1= b2= c3=X via a1-b2-c3", "c3 a1= c3=X via a1-b2-c3, a1-c3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("paths: %q, want %q", got, want)
	}
	if got := protocol.Keys(protocol.Project([]protocol.WireOutcome{a, b, c}, "destinations"), "destinations"); len(got) != 1 || got[0] != "c3" {
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
		{protocol.Reply{ID: 3}, `{"id":3,"outcomes":[]}`},
		{protocol.Reply{ID: 3, Outcomes: []protocol.WireOutcome{{To: sq("a1")}}}, `{"id":3,"outcomes":[{"to":"a1","capture":false}]}`},
		{protocol.Reply{ID: 3, Outcomes: []protocol.WireOutcome{{To: sq("a1"), Changes: map[string]string{}}}}, `{"id":3,"outcomes":[{"to":"a1","capture":false,"changes":{}}]}`},
		{protocol.Reply{ID: 3, Outcomes: []protocol.WireOutcome{{Changes: map[string]string{"a1": ""}, Paths: [][]string{{"a1", "a1"}}}}},
			`{"id":3,"outcomes":[{"to":null,"capture":false,"changes":{"a1":""},"paths":[["a1","a1"]]}]}`},
		{protocol.Reply{ID: 4, Outcomes: []protocol.WireOutcome{{To: sq("a1")}}, Error: &protocol.ErrorReply{Kind: "syntax", Message: "m", Offset: off(0)}},
			`{"id":4,"error":{"kind":"syntax","message":"m","offset":0}}`},
	} {
		b, err := json.Marshal(tt.v)
		if err != nil || string(b) != tt.want {
			t.Errorf("%s %v, want %s", b, err, tt.want)
		}
	}
}

func TestToWireLevels(t *testing.T) {
	req := batch()[1]
	full := protocol.Answer(req).Outcomes
	s, err := req.Setup()
	if err != nil {
		t.Fatal(err)
	}
	if got := protocol.NewRequest(req.Dialect, req.Notation, s); got != req {
		t.Errorf("NewRequest: %+v, want %+v", got, req)
	}
	for _, level := range protocol.Levels() {
		ws := protocol.Project(full, level)
		for _, w := range ws {
			if (w.Changes != nil) != (level != "destinations") || (w.Paths != nil) != (level == "paths") {
				t.Errorf("%s: %+v", level, w)
			}
		}
	}
}

func TestSupports(t *testing.T) {
	h := protocol.HelloReply{Name: "ffish", Dialects: []string{"betza-classic"}, MaxBoard: "12x10"}
	req := protocol.MovesRequest{Dialect: "betza-classic", Board: "12x10"}
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

// TestSquareNames: ToWire names squares as board.Square.String does, on
// and off the board.
func TestSquareNames(t *testing.T) {
	size, _ := board.ParseSize("26x26")
	pos := board.NewPosition(size)
	from := board.Square{File: 25, Rank: 25}
	pos.Set(from, board.Piece{Kind: 'X'})
	for _, q := range []board.Square{{File: 0, Rank: 0}, {File: 25, Rank: 25}, {File: 7, Rank: 11},
		{File: -1, Rank: 3}, {File: 26, Rank: 0}, {File: 3, Rank: 30}} {
		w := protocol.ToWire(eval.Outcome{To: &q}, board.Setup{Pos: pos, From: from}, "destinations")
		if *w.To != q.String() {
			t.Errorf("%v: %q, want %q", q, *w.To, q.String())
		}
	}
}

package server_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/betzacheck/betzacheck/conformance/golden"
	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// TestServeGolden runs the requests of testdata/serve.txtar through Serve
// and compares the replies line by line.
func TestServeGolden(t *testing.T) {
	const path = "testdata/serve.txtar"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ar := txtar.Parse(data)
	var requests, replies *txtar.File
	for i := range ar.Files {
		switch ar.Files[i].Name {
		case "requests":
			requests = &ar.Files[i]
		case "replies":
			replies = &ar.Files[i]
		}
	}
	if requests == nil || replies == nil {
		t.Fatalf("%s: want sections requests and replies", path)
	}
	var out bytes.Buffer
	if err := server.Serve(bytes.NewReader(requests.Data), &out, "betzacheck", "test"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(strings.Split(string(replies.Data), "\n"), strings.Split(out.String(), "\n")); diff != "" {
		if golden.Update() {
			replies.Data = out.Bytes()
			if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("replies (-want +got):\n%s", diff)
	}
}

// TestServeEdges: input that ends without a newline, over-long lines,
// blank lines, and a write error.
func TestServeEdges(t *testing.T) {
	var out bytes.Buffer
	in := `{"id":0,"op":"hello","protocol":1}` + "\n\n  \n" + `{"id":5,"op":"nope"}`
	if err := server.Serve(strings.NewReader(in), &out, "x", "1"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], `{"id":5,"error":{"kind":"unsupported"`) {
		t.Errorf("replies:\n%s", out.String())
	}

	out.Reset()
	in = `{"id":1,"pad":"` + strings.Repeat("x", server.MaxRequest) + "\"}\n" + `{"id":2,"op":"zap"}` + "\n"
	if err := server.Serve(strings.NewReader(in), &out, "x", "1"); err != nil {
		t.Fatal(err)
	}
	want := `{"id":null,"error":{"kind":"request","message":"request line longer than 1048576 bytes"}}` + "\n" +
		`{"id":2,"error":{"kind":"unsupported","message":"unknown op \"zap\" (the protocol has hello, moves and bye)"}}` + "\n"
	if out.String() != want {
		t.Errorf("replies:\n%s\nwant:\n%s", out.String(), want)
	}

	if err := server.Serve(strings.NewReader(`{"id":0,"op":"hello"}`+"\n"), failWriter{}, "x", "1"); err == nil {
		t.Error("Serve ignored a write error")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

// TestAnswerLevels: the reference's answer at level paths, projected to
// each level, carries what that level compares; and the request of a
// setup is the one that was answered.
func TestAnswerLevels(t *testing.T) {
	req := wire.MovesRequest{Op: wire.OpMoves, Dialect: dialect.Betza2,
		Notation: "mRpR-cR", Board: "8x8", Position: "3p4/8/3P4/8/3X4/8/8/3r4", From: "d4"}
	answer := server.Answer(req)
	if answer.Error != nil || len(answer.Outcomes) == 0 {
		t.Fatalf("reference: %+v", answer)
	}
	full := answer.Outcomes
	s, err := req.Setup()
	if err != nil {
		t.Fatal(err)
	}
	if got := wire.NewRequest(req.Dialect, req.Notation, s); got != req {
		t.Errorf("NewRequest: %+v, want %+v", got, req)
	}
	for _, level := range wire.Levels() {
		ws := wire.Project(full, level)
		for _, w := range ws {
			if (w.Changes != nil) != (level != "destinations") || (w.Paths != nil) != (level == "paths") {
				t.Errorf("%s: %+v", level, w)
			}
		}
	}
}

// TestAnswerSetup: the reply to a request already read is the reply to
// its text, at every level, for an answer and for an error.
func TestAnswerSetup(t *testing.T) {
	for _, req := range []wire.MovesRequest{
		{ID: 4, Op: wire.OpMoves, Dialect: dialect.Betza2, Notation: "mRpR-cR", Board: "8x8", Position: "3p4/8/3P4/8/3X4/8/8/3r4", From: "d4"},
		{ID: 5, Op: wire.OpMoves, Dialect: dialect.Betza2, Notation: "xacK-uaK", Board: "8x8", Position: "8/8/8/8/3p4/2X*5/8/8", From: "c3"},
		{ID: 6, Op: wire.OpMoves, Dialect: dialect.Betza2, Notation: "mRpR-", Board: "3x3", Position: "3/1X1/3", From: "b2"},
	} {
		s, err := req.Setup()
		if err != nil {
			t.Fatal(err)
		}
		for _, level := range wire.Levels() {
			text, err1 := json.Marshal(server.AnswerAt(req, level))
			typed := server.AnswerSetup(req.Notation, s, level)
			typed.ID = req.ID
			setup, err2 := json.Marshal(typed)
			if err1 != nil || err2 != nil || string(text) != string(setup) {
				t.Errorf("%s at %s: %s %v from the text, %s %v from the setup", req.Notation, level, text, err1, setup, err2)
			}
		}
	}
}

// TestAnswerDialects: the reference reads every dialect through its
// translation; a dialect's syntax error is "syntax" with its offset, a
// notation with no Betza 2.0 equivalent and an unknown dialect are
// "unsupported", and a classic profile is read by that profile.
func TestAnswerDialects(t *testing.T) {
	req := func(d, notation string) wire.MovesRequest {
		return wire.MovesRequest{ID: 3, Op: wire.OpMoves, Dialect: d, Notation: notation, Board: "8x8", Position: "8/8/8/8/3X4/8/8/8", From: "d4"}
	}
	for _, c := range []struct {
		req        wire.MovesRequest
		kind       string // "" for outcomes
		n          int
		message    string
		wantOffset int
	}{
		{req("bracket", "[R-sR]"), "", 49, "", 0}, // a rook leg, then a sideways one: every square off the d-file and rank 4, 7x7
		{req("betza-classic", "W10"), "", 14, "", 0},
		{req("betza-classic:fairy-stockfish", "W10"), "", 4, "", 0}, // one range digit: W1
		{req("betza-classic", "W$"), wire.KindSyntax, 0, "", 1},
		{req("xbetza", "oW"), wire.KindUnsupported, 0, "no equivalent", 0},
		{req("klingon", "W"), wire.KindUnsupported, 0, `dialect "klingon": the reference reads betza2, `, 0},
	} {
		r := server.AnswerAt(c.req, wire.LevelDestinations)
		switch {
		case r.ID != 3:
			t.Errorf("%+v: id %d", c.req, r.ID)
		case c.kind == "" && (r.Error != nil || len(r.Outcomes) != c.n):
			t.Errorf("%s %s: %+v, want %d outcomes", c.req.Dialect, c.req.Notation, r, c.n)
		case c.kind != "" && (r.Error == nil || r.Error.Kind != c.kind || !strings.Contains(r.Error.Message, c.message)):
			t.Errorf("%s %s: %+v, want %s %q", c.req.Dialect, c.req.Notation, r, c.kind, c.message)
		case c.kind == wire.KindSyntax && (r.Error.Offset == nil || *r.Error.Offset != c.wantOffset):
			t.Errorf("%s %s: offset %v, want %d", c.req.Dialect, c.req.Notation, r.Error.Offset, c.wantOffset)
		}
	}
}

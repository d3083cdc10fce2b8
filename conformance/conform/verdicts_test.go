package conform_test

import (
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

func sq(s string) *string { return &s }
func off(n int) *int      { return &n }

const (
	P = conform.VerdictPass
	F = conform.VerdictFail
	U = conform.VerdictUnsupported
	E = conform.VerdictError
	T = conform.VerdictTimeout
	C = conform.VerdictCrash
)

// moves is a Betza 2.0 request for the piece on d4 of an 8x8 board.
func moves(notation, position string) wire.MovesRequest {
	return wire.MovesRequest{Op: wire.OpMoves, Dialect: dialect.Betza2,
		Notation: notation, Board: "8x8", Position: position, From: "d4"}
}

func TestJudge(t *testing.T) {
	rook := server.Answer(moves("mRpR-cR", "3p4/8/3P4/8/3X4/8/8/3r4")) // eleven outcomes, one capture
	if rook.Error != nil || len(rook.Outcomes) != 11 {
		t.Fatalf("reference: %+v", rook)
	}
	invalid := server.Answer(moves("mRpR-", "8/8/8/8/3X4/8/8/8"))
	if invalid.Error == nil || invalid.Error.Kind != wire.KindSyntax {
		t.Fatalf("reference: %+v", invalid)
	}
	dest := wire.Project(rook.Outcomes, wire.LevelDestinations)
	ok := func(ws []wire.Outcome) client.Result {
		return client.Result{Kind: client.ResultOK, Reply: wire.Reply{Outcomes: ws}}
	}
	fail := func(kind, msg string, offset *int) client.Result {
		return client.Result{Kind: client.ResultError, Reply: wire.Reply{Error: &wire.ErrorReply{Kind: kind, Message: msg, Offset: offset}}}
	}
	syntax := func(msg string, offset int) wire.Reply {
		return wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindSyntax, Message: msg, Offset: &offset}}
	}
	refuse := func(kind, msg string) wire.Reply {
		return wire.Reply{Error: &wire.ErrorReply{Kind: kind, Message: msg}}
	}
	tests := []struct {
		name   string
		want   wire.Reply
		got    client.Result
		level  string
		kind   conform.VerdictKind
		reason string
		diff   string
	}{
		{name: "same at paths", want: rook, got: ok(rook.Outcomes), level: "paths", kind: P},
		{name: "destinations only", want: rook, got: ok(dest), level: "destinations", kind: P},
		{name: "destinations, reordered and doubled", want: rook, got: ok(append(append([]wire.Outcome(nil), dest[3:]...), dest...)), level: "destinations", kind: P},
		{name: "one missing", want: rook, got: ok(dest[1:]), level: "destinations", kind: F,
			reason: "10 outcomes, the reference has 11", diff: "only in the reference (1):\n  a4\n"},
		{name: "one wrong", want: rook, got: ok(append([]wire.Outcome{{To: sq("d8"), Capture: false}}, dest[:6]...)), level: "destinations", kind: F,
			diff: "only in the reference (5):\n  d8 capture\n  e4\n  f4\n  g4\n  h4\nonly in the implementation (1):\n  d8\n"},
		{name: "effects differ", want: rook, got: ok([]wire.Outcome{{To: sq("d8"), Capture: true, Changes: map[string]string{"d8": "X"}}}), level: "effects", kind: F},
		{name: "valid rejected", want: rook, got: fail("syntax", "what is p?", off(2)), level: "destinations", kind: F,
			reason: "rejected a valid notation: syntax at offset 2: what is p?"},
		{name: "internal", want: rook, got: fail("internal", "oops", nil), level: "destinations", kind: E, reason: "internal: oops"},
		{name: "unsupported", want: rook, got: fail("unsupported", "no multi-leg moves", nil), level: "destinations", kind: U, reason: "no multi-leg moves"},
		{name: "invalid rejected", want: invalid, got: fail("syntax", "dangling -", off(5)), level: "paths", kind: P},
		{name: "invalid rejected elsewhere", want: invalid, got: fail("syntax", "dangling -", off(4)), level: "paths", kind: P,
			reason: "rejected at offset 4, the reference at 5"},
		{name: "invalid accepted", want: invalid, got: ok(nil), level: "destinations", kind: F,
			reason: "accepted an invalid notation; the reference says syntax at offset 5: expected a leg after '-', found end of input (§9.4)"},
		{name: "invalid accepted with moves", want: syntax("x", 1), got: ok(dest[:1]), level: "destinations", kind: F,
			diff: "only in the implementation (1):\n  a4\n"},
		{name: "invalid, internal error", want: invalid, got: fail("internal", "boom", nil), level: "paths", kind: E},
		{name: "invalid, unsupported", want: invalid, got: fail("unsupported", "no", nil), level: "paths", kind: U},
		{name: "reference limit", want: refuse("unsupported", "limit"), got: ok(dest), level: "destinations", kind: U,
			reason: "the reference does not answer this case: limit"},
		{name: "both refuse", want: refuse("internal", "fragment conflict"), got: fail("internal", "conflict", nil), level: "effects", kind: P},
		// Kind request blames the request, which the client sent well-formed:
		// an error, even where the reference refuses the case too (P4).
		{name: "request", want: rook, got: fail("request", "no piece on d4", nil), level: "destinations", kind: E, reason: "request: no piece on d4 (the implementation says the request is at fault, P4)"},
		{name: "refused case blamed on the request", want: refuse("internal", "fragment conflict"), got: fail("request", "no piece", nil), level: "effects", kind: E},
		{name: "answered a refused case", want: refuse("internal", "fragment conflict"), got: ok(dest), level: "effects", kind: F},
		{name: "refused case rejected as syntax", want: refuse("internal", "fragment conflict"), got: fail("syntax", "x", nil), level: "effects", kind: F},
		{name: "timeout", want: rook, got: client.Result{Kind: client.ResultTimeout, Detail: "slow"}, level: "paths", kind: T, reason: "slow"},
		{name: "crash", want: rook, got: client.Result{Kind: client.ResultCrash, Detail: "exit status 3"}, level: "paths", kind: C, reason: "exit status 3"},
		{name: "garbage", want: rook, got: client.Result{Kind: client.ResultGarbage, Detail: "not JSON"}, level: "paths", kind: E, reason: "garbage reply: not JSON"},
		{name: "no start", want: rook, got: client.Result{Kind: client.ResultNoStart, Detail: "restart failed: EOF"}, level: "paths", kind: E,
			reason: "implementation does not start: restart failed: EOF"},
		{name: "stopped", want: rook, got: client.Result{Kind: client.ResultStopped, Detail: "not asked: interrupt"}, level: "paths", kind: E,
			reason: "run interrupted: not asked: interrupt"},
		{name: "skipped", want: rook, got: client.Result{Kind: client.ResultSkipped, Detail: "not sent: board"}, level: "paths", kind: U, reason: "not sent: board"},
		{name: "bad level", want: rook, got: ok(dest), level: "squares", kind: E},
	}
	for _, tt := range tests {
		v := conform.Judge(tt.want, tt.got, tt.level)
		if v.Kind != tt.kind || tt.reason != "" && v.Reason != tt.reason || tt.diff != "" && v.Diff != tt.diff {
			t.Errorf("%s: %v %q\n%s\nwant %v %q\n%s", tt.name, v.Kind, v.Reason, v.Diff, tt.kind, tt.reason, tt.diff)
		}
		if v.Kind == P && tt.reason == "" && v.Reason != "" && tt.want.Error == nil {
			t.Errorf("%s: a plain pass with reason %q", tt.name, v.Reason)
		}
	}
}

func TestVerdictKindText(t *testing.T) {
	for k, want := range []string{"pass", "fail", "unsupported", "error", "timeout", "crash"} {
		b, _ := conform.VerdictKind(k).MarshalText()
		if string(b) != want {
			t.Errorf("%d: %s, want %s", k, b, want)
		}
	}
}

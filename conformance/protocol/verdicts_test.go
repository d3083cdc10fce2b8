package protocol_test

import (
	"testing"

	"betzacheck/conformance/protocol"
)

func sq(s string) *string { return &s }
func off(n int) *int      { return &n }

func TestJudge(t *testing.T) {
	rook := protocol.Answer(batch()[1]) // mRpR-cR: eleven outcomes, one capture
	if rook.Error != nil || len(rook.Outcomes) != 11 {
		t.Fatalf("reference: %+v", rook)
	}
	invalid := protocol.Answer(batch()[5])
	if invalid.Error == nil || invalid.Error.Kind != protocol.KindSyntax {
		t.Fatalf("reference: %+v", invalid)
	}
	dest := protocol.Project(rook.Outcomes, protocol.LevelDestinations)
	ok := func(ws []protocol.WireOutcome) protocol.Result {
		return protocol.Result{Kind: protocol.ResultOK, Reply: protocol.Reply{Outcomes: ws}}
	}
	fail := func(kind, msg string, offset *int) protocol.Result {
		return protocol.Result{Kind: protocol.ResultError, Reply: protocol.Reply{Error: &protocol.ErrorReply{Kind: kind, Message: msg, Offset: offset}}}
	}
	syntax := func(msg string, offset int) protocol.Reply {
		return protocol.Reply{Error: &protocol.ErrorReply{Kind: protocol.KindSyntax, Message: msg, Offset: &offset}}
	}
	refuse := func(kind, msg string) protocol.Reply {
		return protocol.Reply{Error: &protocol.ErrorReply{Kind: kind, Message: msg}}
	}
	tests := []struct {
		name   string
		want   protocol.Reply
		got    protocol.Result
		level  string
		kind   protocol.VerdictKind
		reason string
		diff   string
	}{
		{name: "same at paths", want: rook, got: ok(rook.Outcomes), level: "paths", kind: P},
		{name: "destinations only", want: rook, got: ok(dest), level: "destinations", kind: P},
		{name: "destinations, reordered and doubled", want: rook, got: ok(append(append([]protocol.WireOutcome(nil), dest[3:]...), dest...)), level: "destinations", kind: P},
		{name: "one missing", want: rook, got: ok(dest[1:]), level: "destinations", kind: F,
			reason: "10 outcomes, the reference has 11", diff: "only in the reference (1):\n  a4\n"},
		{name: "one wrong", want: rook, got: ok(append([]protocol.WireOutcome{{To: sq("d8"), Capture: false}}, dest[:6]...)), level: "destinations", kind: F,
			diff: "only in the reference (5):\n  d8 capture\n  e4\n  f4\n  g4\n  h4\nonly in the implementation (1):\n  d8\n"},
		{name: "effects differ", want: rook, got: ok([]protocol.WireOutcome{{To: sq("d8"), Capture: true, Changes: map[string]string{"d8": "X"}}}), level: "effects", kind: F},
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
		{name: "answered a refused case", want: refuse("internal", "fragment conflict"), got: ok(dest), level: "effects", kind: F},
		{name: "refused case rejected as syntax", want: refuse("internal", "fragment conflict"), got: fail("syntax", "x", nil), level: "effects", kind: F},
		{name: "timeout", want: rook, got: protocol.Result{Kind: protocol.ResultTimeout, Detail: "slow"}, level: "paths", kind: T, reason: "slow"},
		{name: "crash", want: rook, got: protocol.Result{Kind: protocol.ResultCrash, Detail: "exit status 3"}, level: "paths", kind: C, reason: "exit status 3"},
		{name: "garbage", want: rook, got: protocol.Result{Kind: protocol.ResultGarbage, Detail: "not JSON"}, level: "paths", kind: E, reason: "garbage reply: not JSON"},
		{name: "no start", want: rook, got: protocol.Result{Kind: protocol.ResultNoStart, Detail: "restart failed: EOF"}, level: "paths", kind: E,
			reason: "implementation does not start: restart failed: EOF"},
		{name: "stopped", want: rook, got: protocol.Result{Kind: protocol.ResultStopped, Detail: "not asked: interrupt"}, level: "paths", kind: E,
			reason: "run interrupted: not asked: interrupt"},
		{name: "skipped", want: rook, got: protocol.Result{Kind: protocol.ResultSkipped, Detail: "not sent: board"}, level: "paths", kind: U, reason: "not sent: board"},
		{name: "bad level", want: rook, got: ok(dest), level: "squares", kind: E},
	}
	for _, tt := range tests {
		v := protocol.Judge(tt.want, tt.got, tt.level)
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
		b, _ := protocol.VerdictKind(k).MarshalText()
		if string(b) != want {
			t.Errorf("%d: %s, want %s", k, b, want)
		}
	}
	if s := protocol.ResultGarbage.String(); s != "garbage" {
		t.Errorf("ResultGarbage is %q", s)
	}
}

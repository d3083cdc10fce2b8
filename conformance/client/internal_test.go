package client

import (
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/wire"
)

func TestDecodeReply(t *testing.T) {
	tests := []struct {
		line   string
		level  string
		desync bool
		err    string // "" for a valid reply
	}{
		{`{"id":7,"outcomes":[{"to":"d8","capture":false},{"to":"d1","capture":true}]}`, "destinations", false, ""},
		{`{"id":7,"outcomes":[]}`, "paths", false, ""},
		{`{"id":7,"outcomes":[{"to":null,"capture":false,"changes":{}}],"extra":1}`, "effects", false, ""},
		{`{"id":7,"outcomes":[{"to":"d8","capture":false,"changes":{"d4":"","d8":"X"},"paths":[["d4","d8"]]}]}`, "paths", false, ""},
		{`{"id":7,"error":{"kind":"syntax","message":"m","offset":3}}`, "destinations", false, ""},
		{`{"id":7,"error":{"kind":"unsupported","message":"m"},"outcomes":null}`, "destinations", false, ""},
		{`not json`, "destinations", true, "not a JSON object"},
		{`[1,2]`, "destinations", true, "not a JSON object"},
		{`{"outcomes":[]}`, "destinations", true, "no id"},
		{`{"id":null,"outcomes":[]}`, "destinations", true, "no id"},
		{`{"id":"7","outcomes":[]}`, "destinations", true, "not an integer"},
		{`{"id":8,"outcomes":[]}`, "destinations", true, "reply has id 8, want 7"},
		{`{"id":7}`, "destinations", false, "neither outcomes nor error"},
		{`{"id":7,"outcomes":[],"error":{"kind":"internal","message":""}}`, "destinations", false, "both"},
		{`{"id":7,"error":{"kind":"fatal","message":"m"}}`, "destinations", false, `kind "fatal"`},
		{`{"id":7,"error":{"message":"m"}}`, "destinations", false, "no kind"},
		{`{"id":7,"error":{"kind":"internal"}}`, "destinations", false, "no message"},
		{`{"id":7,"error":"boom"}`, "destinations", false, "reply error"},
		{`{"id":7,"outcomes":{}}`, "destinations", false, "reply outcomes"},
		{`{"id":7,"outcomes":[{"capture":false}]}`, "destinations", false, `outcome 1 has no "to"`},
		{`{"id":7,"outcomes":[{"to":"a1","capture":false},{"to":"d8"}]}`, "destinations", false, `outcome 2 has no "capture"`},
		{`{"id":7,"outcomes":[{"to":5,"capture":false}]}`, "destinations", false, `"to" is "5"`},
		{`{"id":7,"outcomes":[{"to":"a1","capture":"yes"}]}`, "destinations", false, "reply outcomes"},
		{`{"id":7,"outcomes":[{"to":"a1","capture":false}]}`, "effects", false, `no "changes"`},
		{`{"id":7,"outcomes":[{"to":"a1","capture":false,"changes":{}}]}`, "paths", false, `no "paths"`},
		// Protocol violations are errors naming the clause (P6.3), not
		// answers to judge (issue 28, item 13).
		{`{"id":7,"error":{"kind":"request","message":"from: no piece on d4"}}`, "destinations", false, ""},
		{"{\"id\":7,\"outcomes\":[{\"to\":\"d\xff\",\"capture\":false}]}", "destinations", false, "not UTF-8: byte 0xff at offset 28 (P1.2)"},
		{"{\"id\":7,\"error\":{\"kind\":\"internal\",\"message\":\"\xc3(\"}}", "destinations", false, "not UTF-8: byte 0xc3 at offset 46 (P1.2)"},
		{`{"id":7,"outcomes":[{"to":"zz999","capture":false}]}`, "destinations", false, `outcome 1: "to" "zz999", which names no square of the 8x8 board (P3.1)`},
		{`{"id":7,"outcomes":[{"to":"","capture":false}]}`, "destinations", false, `"to" "", which names no square`},
		{`{"id":7,"outcomes":[{"to":"i1","capture":false}]}`, "destinations", false, `"to" "i1", which names no square of the 8x8 board`},
		{`{"id":7,"outcomes":[{"to":"a9","capture":false}]}`, "destinations", false, `"to" "a9", which names no square`},
		{`{"id":7,"outcomes":[{"to":"a01","capture":false}]}`, "destinations", false, `"to" "a01", which names no square`},
		{`{"id":7,"outcomes":[{"to":"(0,0)","capture":false}]}`, "destinations", false, `"to" "(0,0)", which names no square`},
		{`{"id":7,"outcomes":[{"to":"D4","capture":false}]}`, "destinations", false, `"to" "D4", which names no square`},
		{`{"id":7,"outcomes":[{"to":null,"capture":true}]}`, "destinations", false, ""}, // a destroyed mover (P3.3)
		{`{"id":7,"outcomes":[{"to":"d5","capture":false,"changes":{"d4":"","d5":"X*"}}]}`, "effects", false, `gives d5 the content "X*", want "" or one piece letter (P3.3)`},
		{`{"id":7,"outcomes":[{"to":"d5","capture":false,"changes":{"d4":"","d5":"?"}}]}`, "effects", false, `the content "?"`},
		{`{"id":7,"outcomes":[{"to":"d5","capture":false,"changes":{"d4":"","z5":"X"}}]}`, "effects", false, `"changes" has the key "z5", which names no square`},
		{`{"id":7,"outcomes":[{"to":"d5","capture":false,"changes":{"d4":"","d5":"X"}}]}`, "destinations", false, ""},
		{`{"id":7,"outcomes":[{"to":"d5","capture":false,"changes":{"d4":"","d5":"X"},"paths":[[]]}]}`, "paths", false, "path 1 is empty"},
		{`{"id":7,"outcomes":[{"to":"d4","capture":false,"changes":{},"paths":[["d4"]]}]}`, "paths", false, ""}, // an eruption's: the mover stays
		{`{"id":7,"outcomes":[{"to":"d5","capture":false,"changes":{"d4":"","d5":"X"},"paths":[["d4","d5"],["d4","q05"]]}]}`, "paths", false, `path 2 has "q05", which names no square (P3.3)`},
		{`{"id":7,"outcomes":[{"to":"d5","capture":false,"changes":{"d4":"","d5":"X"},"paths":[["d4","(2,-1)","i5","d5"]]}]}`, "paths", false, ""}, // virtual squares (§3.6)
		{`{"id":7,"error":{"kind":"syntax","message":"m","offset":-5}}`, "destinations", false, "offset -5 is not a byte offset in the notation, from 0 to 3 (P4)"},
		{`{"id":7,"error":{"kind":"syntax","message":"m","offset":4}}`, "destinations", false, "offset 4 is not a byte offset"},
		{`{"id":7,"error":{"kind":"syntax","message":"m","offset":3}}`, "destinations", false, ""},
		{`{"id":7,"error":{"kind":"unsupported","message":"m","offset":-5}}`, "destinations", false, ""}, // only a syntax error has an offset
		{`{"id":"\u001b[2J","outcomes":[]}`, "destinations", true, `reply id "\"\\u001b[2J\"" is not an integer`},
		{`{"id":7,"error":{"kind":"\u001b[2J","message":"m"}}`, "destinations", false, `kind "\x1b[2J"`},
	}
	req := wire.MovesRequest{ID: 7, Op: wire.OpMoves, Dialect: "betza2", Notation: "mRW", Board: "8x8", Position: "8/8/8/8/3X4/8/8/8", From: "d4"}
	for _, tt := range tests {
		_, desync, err := decodeReply([]byte(tt.line), req, tt.level)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.line, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want %q", tt.line, err, tt.err)
		case desync != tt.desync:
			t.Errorf("%s: desync %v", tt.line, desync)
		}
	}
}

// TestDecodeQuotes: the message of an error reply is the
// implementation's text, kept quoted and cut, so that no report prints a
// terminal escape or a forged line it sent (issue 28, item 12).
func TestDecodeQuotes(t *testing.T) {
	req := wire.MovesRequest{ID: 7, Op: wire.OpMoves, Dialect: "betza2", Notation: "W", Board: "8x8", Position: "8/8/8/8/3X4/8/8/8", From: "d4"}
	r, _, err := decodeReply([]byte(`{"id":7,"error":{"kind":"internal","message":"\u001b[2J\u009b1m\nFAKE: 999 cases: 999 pass"}}`), req, "destinations")
	if err != nil {
		t.Fatal(err)
	}
	if want := `"\x1b[2J\u009b1m\nFAKE: 999 cases: 999 pass"`; r.Error.Message != want {
		t.Errorf("message %s, want %s", r.Error.Message, want)
	}
	long := strings.Repeat("é", 300)
	r, _, err = decodeReply([]byte(`{"id":7,"error":{"kind":"internal","message":"`+long+`"}}`), req, "destinations")
	if err != nil {
		t.Fatal(err)
	}
	if want := `"` + strings.Repeat("é", 100) + `"… (600 bytes)`; r.Error.Message != want {
		t.Errorf("message %s, want %s", r.Error.Message, want)
	}
}

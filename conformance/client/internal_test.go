package client

import (
	"strings"
	"testing"
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
		{`{"id":7,"outcomes":[{"to":5,"capture":false}]}`, "destinations", false, `"to" is 5`},
		{`{"id":7,"outcomes":[{"to":"a1","capture":"yes"}]}`, "destinations", false, "reply outcomes"},
		{`{"id":7,"outcomes":[{"to":"a1","capture":false}]}`, "effects", false, `no "changes"`},
		{`{"id":7,"outcomes":[{"to":"a1","capture":false,"changes":{}}]}`, "paths", false, `no "paths"`},
	}
	for _, tt := range tests {
		_, desync, err := decodeReply([]byte(tt.line), 7, tt.level)
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

package speed

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// fakeFFishVar, in the environment of a run of the test binary, makes it a
// stand-in for ffish_bench.js (fakeFFish) that misbehaves as the variable's
// value says.
const fakeFFishVar = "BETZA_SPEED_FAKE_FFISH"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeFFishVar); mode != "" {
		os.Exit(fakeFFish(mode))
	}
	os.Exit(m.Run())
}

// fakeFFish answers ffish_bench.js's requests with no destinations on any
// position, except where mode makes it misbehave: "no-boards" leaves out
// the destinations on the boards of the positions' own, "no-memory" the
// memory, "freed" frees one board fewer than there are positions.
func fakeFFish(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<24)
	n := 0
	for in.Scan() {
		var req struct {
			Op        string     `json:"op"`
			Positions [][]string `json:"positions"`
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		reply := map[string]any{}
		switch req.Op {
		case "positions":
			n = len(req.Positions)
			reply = map[string]any{"ffish": "fake", "node": "none", "positions": n}
		case "piece":
			none := make([][]any, n)
			for i := range none {
				none[i] = []any{}
			}
			reply = map[string]any{"destinations": none, "board_destinations": none, "memory": map[string]int{"rss": 1 << 20, "wasm": 1 << 20}}
			switch mode {
			case "no-boards":
				delete(reply, "board_destinations")
			case "no-memory":
				delete(reply, "memory")
			}
		case "done":
			reply["freed"] = n
			if mode == "freed" {
				reply["freed"] = n - 1
			}
		case "bye":
			return 0
		}
		line, _ := json.Marshal(reply)
		fmt.Printf("%s\n", line)
	}
	return 0
}

// TestFFishReplies: a piece reply without the destinations on the
// positions' own boards or without the process's memory, or a done reply
// that freed the wrong number of boards, is an error of the ffish side.
func TestFFishReplies(t *testing.T) {
	setups := readPositions(t)[:5]
	p := Pieces()[0]
	for _, tc := range []struct{ mode, want string }{
		{"well", ""},
		{"no-boards", "destinations for 5 positions and 0 boards, expected 5"},
		{"no-memory", "lacks the process's memory"},
		{"freed", "freed 4 boards, expected 5"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Setenv(fakeFFishVar, tc.mode)
			f, err := startFFish(context.Background(), []string{os.Args[0]}, setups, os.Stderr)
			if err != nil {
				t.Fatal(err)
			}
			_, _, mem, err := f.piece(p)
			if err == nil {
				if mem.RSS <= 0 || mem.Wasm <= 0 {
					t.Errorf("memory %+v", mem)
				}
				err = f.done()
			}
			if cerr := f.close(); cerr != nil {
				t.Errorf("close: %v", cerr)
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

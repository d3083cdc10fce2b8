// Package golden is the project's one update switch, BETZA_UPDATE, and
// compares test output with golden files under testdata/, rewriting them
// when the switch is set (review the diff before committing it). Every
// test that refreshes a snapshot asks Update: Check (the diagrams and the
// HTML report), the testscript scripts and the README test of
// cmd/betzacheck, the protocol exchange. The switch
// refreshes snapshots only: the hand-checked lines of the corpus (want:,
// error:, canonical:) and the examples of the specs are never rewritten.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Switch is the environment variable that turns updating on: any
// non-empty value, as in BETZA_UPDATE=1 go test ./...
const Switch = "BETZA_UPDATE"

// Update reports whether snapshots are being rewritten.
func Update() bool { return os.Getenv(Switch) != "" }

// Check compares got with testdata/name, or writes it there under Update,
// and reports the first line that differs.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	file := filepath.Join("testdata", name)
	if Update() {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with %s=1 to create it)", err, Switch)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("%s differs at line %d:\ngot:  %s\nwant: %s\n(%s=1 rewrites it; review the diff)", file, i+1, g, w, Switch)
		}
	}
}

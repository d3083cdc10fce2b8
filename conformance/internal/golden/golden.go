// Package golden compares test output with golden files under testdata/,
// and rewrites them when BETZA_UPDATE is set (the one update switch of the
// project; review the diff before committing it). The switch refreshes
// snapshots only: the hand-checked lines of the corpus are never
// rewritten (package corpus).
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Update reports whether golden files are being rewritten.
func Update() bool { return os.Getenv("BETZA_UPDATE") != "" }

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
		t.Fatalf("%v (run with BETZA_UPDATE=1 to create it)", err)
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
			t.Fatalf("%s differs at line %d:\ngot:  %s\nwant: %s\n(BETZA_UPDATE=1 rewrites it; review the diff)", file, i+1, g, w)
		}
	}
}

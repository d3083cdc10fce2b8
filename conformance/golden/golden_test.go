package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB whose Fatal records the failure and ends the
// goroutine, as testing's does; check runs Check on its own goroutine.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Fatal(args ...any)         { r.failed = fmt.Sprint(args...); runtime.Goexit() }
func (r *recorder) Fatalf(f string, a ...any) { r.failed = fmt.Sprintf(f, a...); runtime.Goexit() }

// check runs Check and returns its fatal failure, "" if none.
func check(t *testing.T, name string, got []byte) string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Check(r, name, got)
	}()
	<-done
	return r.failed
}

func TestUpdate(t *testing.T) {
	t.Setenv(Switch, "")
	if Update() {
		t.Error("Update with the switch empty")
	}
	t.Setenv(Switch, "1")
	if !Update() {
		t.Error("no Update with the switch set")
	}
}

func TestCheck(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join("testdata", "snap.txt")
	want := "one\ntwo\nthree\n"
	if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(Switch, "")

	if msg := check(t, "snap.txt", []byte(want)); msg != "" {
		t.Errorf("the same bytes: %s", msg)
	}
	if msg := check(t, "snap.txt", []byte("one\nTWO\nthree\n")); !strings.Contains(msg, "line 2") || !strings.Contains(msg, "TWO") || !strings.Contains(msg, Switch) {
		t.Errorf("a changed line: %q, want the line number, both lines and the switch", msg)
	}
	if msg := check(t, "snap.txt", []byte("one\ntwo\n")); !strings.Contains(msg, "line 3") {
		t.Errorf("a missing line: %q, want line 3", msg)
	}
	if msg := check(t, "missing.txt", []byte(want)); !strings.Contains(msg, "missing.txt") || !strings.Contains(msg, "create it") {
		t.Errorf("a missing file: %q, want its name and a hint at the switch", msg)
	}

	t.Setenv(Switch, "1")
	msg := check(t, "snap.txt", []byte("new\n"))
	if got, err := os.ReadFile(file); err != nil || string(got) != "new\n" || msg != "" {
		t.Errorf("under the switch the file holds %q (%v), failure %q; want it rewritten", got, err, msg)
	}
}

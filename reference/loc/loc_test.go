package loc

import (
	"errors"
	"strings"
	"testing"
)

func TestErrorAndRender(t *testing.T) {
	e := Errorf("bracket", 3, "§B1.1", "expected %q, found end of input", ']')
	if got, want := e.Error(), "bracket: offset 3: expected ']', found end of input (§B1.1)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got, want := Errorf("", 1, "§9.4", "x").Error(), "offset 1: x (§9.4)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	// The caret counts characters, not bytes ("error: " is 7 columns, é one
	// more), and stays within the text (the end of "8" is column 18+1).
	if got, want := Errorf("", 2, "§9.1", "m").Render("éW"), "error: éW\n"+strings.Repeat(" ", 8)+"^ m (§9.1)"; got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
	if got, want := Errorf("", 99, "§9.4", "m").RenderInput("--position", "8"), "error: --position 8\n"+strings.Repeat(" ", 19)+"^ m (§9.4)"; got != want {
		t.Errorf("RenderInput:\n%s\nwant:\n%s", got, want)
	}
}

func TestBailCatch(t *testing.T) {
	want := errors.New("stop")
	run := func() (err error) {
		defer Catch(&err)
		func() { Bail(want) }()
		return nil
	}
	if err := run(); err != want {
		t.Errorf("Catch returned %v, want %v", err, want)
	}
	defer func() {
		if r := recover(); r != "other" {
			t.Errorf("recovered %v, want the other panic to go on", r)
		}
	}()
	func() (err error) {
		defer Catch(&err)
		panic("other")
	}()
}

package syntax_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// FuzzParse checks that Parse never panics, that an error is a
// *loc.Error whose offset lies within [0, len(input)] and renders, and
// that an accepted input has sound positions and round-trips through Print.
func FuzzParse(f *testing.F) {
	for _, c := range valid {
		f.Add(c.in)
	}
	for _, c := range invalid {
		f.Add(strings.Replace(c.in, "@", "", 1))
	}
	f.Fuzz(func(t *testing.T, src string) {
		n, err := syntax.Parse(src)
		if err != nil {
			if n != nil {
				t.Fatalf("Parse(%q) returned a notation with its error", src)
			}
			var e *loc.Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q): error %T, want *loc.Error", src, err)
			}
			if e.Offset < 0 || e.Offset > len(src) {
				t.Fatalf("Parse(%q): error offset %d outside [0, %d]", src, e.Offset, len(src))
			}
			if e.Msg == "" || e.Clause == "" {
				t.Fatalf("Parse(%q): error %#v lacks a message or clause", src, e)
			}
			_ = e.Render(src)
			return
		}
		if n == nil {
			t.Fatalf("Parse(%q) returned neither a notation nor an error", src)
		}
		for _, e := range checkPositions(src, n) {
			t.Error(e)
		}
		if msg := roundTrip(src, n); msg != "" {
			t.Fatal(msg)
		}
	})
}

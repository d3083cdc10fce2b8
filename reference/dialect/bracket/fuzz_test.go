package bracket

import (
	"errors"
	"testing"

	"betzacheck/reference"
	"betzacheck/reference/dialect"
	"betzacheck/reference/loc"
)

// FuzzBracket: no panic; an accepted text translates to a notation the
// core compiles, and an error is located inside the text or names the
// part with no equivalent.
func FuzzBracket(f *testing.F) {
	for _, c := range valid {
		f.Add(c.src)
	}
	for _, c := range invalid {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		out, err := Dialect{}.ToBetza2(src)
		if err != nil {
			var e *loc.Error
			var ne *dialect.NoEquivalentError
			switch {
			case errors.As(err, &e):
				if e.Offset < 0 || e.Offset > len(src) {
					t.Fatalf("%q: error offset %d outside the text", src, e.Offset)
				}
			case errors.As(err, &ne):
			default:
				t.Fatalf("%q: %v", src, err)
			}
			return
		}
		if _, err := reference.Compile(out); err != nil {
			t.Fatalf("%q translates to %q, which does not compile: %v", src, out, err)
		}
		if back, err := (Dialect{}).FromBetza2(out); err == nil {
			if _, err := (Dialect{}).ToBetza2(back); err != nil {
				t.Fatalf("%q -> %q -> %q does not translate again: %v", src, out, back, err)
			}
		}
	})
}

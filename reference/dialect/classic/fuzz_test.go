package classic

import (
	"errors"
	"testing"

	"betzacheck/reference"
	"betzacheck/reference/dialect"
	"betzacheck/reference/loc"
)

// FuzzClassic: under every profile, no panic; an accepted text translates
// to a notation the core compiles; errors are located in the text.
func FuzzClassic(f *testing.F) {
	for _, c := range valid {
		f.Add(c.src)
	}
	for _, c := range invalid {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for i := range Profiles {
			d := profile(t, Profiles[i].Name)
			out, err := d.ToBetza2(src)
			if err != nil {
				var e *loc.Error
				var ne *dialect.NoEquivalentError
				switch {
				case errors.As(err, &e):
					if e.Offset < 0 || e.Offset > len(src) {
						t.Fatalf("%s: %q: offset %d outside the text", d.profile.Name, src, e.Offset)
					}
				case errors.As(err, &ne):
				default:
					t.Fatalf("%s: %q: %v", d.profile.Name, src, err)
				}
				continue
			}
			if _, err := reference.Compile(out); err != nil {
				t.Fatalf("%s: %q translates to %q, which does not compile: %v", d.profile.Name, src, out, err)
			}
			if back, err := d.FromBetza2(out); err == nil {
				if _, err := d.ToBetza2(back); err != nil {
					t.Fatalf("%s: %q -> %q -> %q does not translate again: %v", d.profile.Name, src, out, back, err)
				}
			}
		}
	})
}

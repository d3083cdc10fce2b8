package classic

import (
	"testing"

	"betzacheck/reference/dialect"
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
			if err := dialect.Check(d, src); err != nil {
				t.Fatalf("%s: %v", d.profile.Name, err)
			}
		}
	})
}

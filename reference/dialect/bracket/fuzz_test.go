package bracket

import (
	"testing"

	"betzacheck/reference/dialect"
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
		if err := dialect.Check(Dialect{}, src); err != nil {
			t.Fatal(err)
		}
	})
}

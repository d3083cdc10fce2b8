package spanish_test

import (
	"errors"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
)

// FuzzParse: reading never panics; an error is located inside the input;
// a notation that reads either translates to Betza 2.0 that compiles or
// names a part it cannot translate; FromBetza2 of the translation, when it
// succeeds, reads back.
func FuzzParse(f *testing.F) {
	for _, c := range seedNotations {
		f.Add(c.src)
	}
	for _, s := range []string{"D:2(3)+", "cE:(1+)U((2)+)", "icL((2,1)x>(r=))", "Tp:2(3x)", "B:n(2,1)", "D:1(x3)<>(<4)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		n, err := spanish.Parse(src)
		if err != nil {
			if err := dialect.CheckError(err, src); err != nil {
				t.Fatal(err)
			}
			return
		}
		if n.Pos() != 0 || int(n.End()) != len(src) {
			t.Fatalf("%q: notation spans [%d,%d)", src, n.Pos(), n.End())
		}
		b2, err := reference.SourceOf(spanish.Translate(n, src))
		if err != nil {
			var ne *dialect.NoEquivalentError
			if !errors.As(err, &ne) || ne.Offset < 0 {
				t.Fatalf("%q: %v, want a located *dialect.NoEquivalentError", src, err)
			}
			if err := dialect.CheckError(err, src); err != nil {
				t.Fatal(err)
			}
			return
		}
		if _, err := reference.Compile(b2); err != nil {
			t.Fatalf("%q → %q: %v", src, b2, err)
		}
		if sp, err := (spanish.Dialect{}).FromBetza2(b2); err == nil {
			if _, err := spanish.Parse(sp); err != nil {
				t.Fatalf("%q → %q → %q: %v", src, b2, sp, err)
			}
		}
	})
}

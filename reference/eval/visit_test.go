package eval_test

import (
	"slices"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// TestVisitIsMoves: Visit shows the outcomes Moves returns, in the same
// order, on one evaluator used for both in turn, for notations of the fast
// path and of the general search, with and without paths.
func TestVisitIsMoves(t *testing.T) {
	var ev eval.Evaluator
	for _, src := range append(benchNotations, "fmWfcF", "mRpR-cR", "K") {
		prog, err := reference.Compile(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, side := range []int{5, 8} {
			for _, density := range []float64{0, 0.25, 0.5} {
				pos, from := benchPosition(side, density, uint64(side))
				for _, paths := range []bool{false, true} {
					opt := eval.Options{Paths: paths}
					want, err := ev.Moves(prog.Prog, pos, from, opt)
					if err != nil {
						t.Fatalf("%s: %v", src, err)
					}
					var got []string
					if err := ev.Visit(prog.Prog, pos, from, opt, func(o eval.Outcome) {
						got = append(got, o.Key())
						if paths && len(o.Paths) == 0 {
							t.Errorf("%s: %s has no paths", src, o.Key())
						}
					}); err != nil {
						t.Fatalf("%s: Visit: %v", src, err)
					}
					if keys := keysOf(want); !slices.Equal(got, keys) {
						t.Errorf("%s on %s: Visit %q, Moves %q", src, pos, got, keys)
					}
				}
			}
		}
	}
}

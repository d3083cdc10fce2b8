package equiv_test

import (
	"testing"

	"github.com/leanovate/gopter"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/reference/board"
)

// benchPositions are 100 positions on 8×8 from gen.Setup with a fixed
// seed: densities 0–50%, a mover of either colour, edges favoured.
func benchPositions(b *testing.B) []board.Setup {
	b.Helper()
	g := gen.Setup(8, 8)
	params := gopter.DefaultGenParameters().CloneWithSeed(1)
	out := make([]board.Setup, 0, 100)
	for len(out) < 100 {
		v, ok := g(params).Retrieve()
		if !ok {
			b.Fatal("gen.Setup gave no position")
		}
		out = append(out, v.(board.Setup))
	}
	return out
}

// mirrored returns the mover that evaluates m on the mirror image of the
// position and maps its outcomes back (§6: a chiral-neutral notation equals
// its own mirror image).
func mirrored(m equiv.Mover) equiv.Mover {
	return func(p board.Setup) ([]string, error) {
		img := equiv.Mirror.Setup(p)
		keys, err := m(img)
		if err != nil {
			return nil, err
		}
		return equiv.Mirror.Inverse().Keys(img.Pos.Size(), keys), nil
	}
}

// BenchmarkCheck times equiv.Check of pairs known to be equivalent over
// the same 100 positions on 8×8; one op is one Check over all of them (200
// evaluations), and checks/s counts compared positions per second. Both
// notations are compiled once, outside the timed loop, and evaluate on
// one Evaluation, as betzacheck equiv does.
func BenchmarkCheck(b *testing.B) {
	positions := benchPositions(b)
	var ev equiv.Evaluation
	notation := func(src string) equiv.Mover {
		m, err := ev.Notation(src)
		if err != nil {
			b.Fatalf("Notation(%q): %v", src, err)
		}
		return m
	}
	pairs := []struct {
		name string
		a, b equiv.Mover
	}{
		// single-leg pairs
		{"K=WF", notation("K"), notation("WF")},
		{"Q=RB", notation("Q"), notation("RB")},
		// multi-leg pairs
		{"W3=(W)(W-fW)(W-fW-fW)", notation("W3"), notation("(W)(W-fW)(W-fW-fW)")},
		{"(W-F)03=amW-fmF-fmW-fmF-fmW-fmcF", notation("(W-F)03"), notation("amW-fmF-fmW-fmF-fmW-fmcF")},
		{"N-rW=mirror(N-rW)", notation("N-rW"), mirrored(notation("N-rW"))},
	}
	for _, pr := range pairs {
		b.Run(pr.name, func(b *testing.B) {
			if cx, tally := equiv.Check(pr.a, pr.b, positions); cx != nil || tally.Undecided > 0 {
				b.Fatalf("%s: not shown equivalent (%d undecided):\n%v", pr.name, tally.Undecided, cx)
			}
			b.ReportAllocs()
			for b.Loop() {
				if cx, _ := equiv.Check(pr.a, pr.b, positions); cx != nil {
					b.Fatalf("%s: counterexample in the timed loop", pr.name)
				}
			}
			b.ReportMetric(float64(b.N*len(positions))/b.Elapsed().Seconds(), "checks/s")
		})
	}
}

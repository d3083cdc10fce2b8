package grammar

import (
	"testing"

	"golang.org/x/exp/ebnf"
)

// TestSamplerDrawsAsSample: a Sampler draws, from the same source, the
// sentences Sample draws, so that seeds replay whichever of the two a
// caller uses; and it works the productions' costs out once, not on each
// draw (fuzz spent more on them than on drawing, issue 29).
func TestSamplerDrawsAsSample(t *testing.T) {
	forEach(t, func(t *testing.T, c *grammarCase, g ebnf.Grammar) {
		const depth = 6
		sm := NewSampler(g, depth)
		s := seed(t, 29)
		r1, r2 := newRand(s), newRand(s)
		for i := range 500 {
			want := Sample(g, c.start, r1, depth)
			if got := sm.Sample(c.start, r2); got != want {
				t.Fatalf("draw %d: the Sampler drew %q, Sample %q", i, got, want)
			}
		}
		// A draw allocates its sampler and its output; working the costs
		// out again, as newSampler does, would add the allocations of
		// productionCosts.
		costs := testing.AllocsPerRun(20, func() { productionCosts(g) })
		afresh := testing.AllocsPerRun(50, func() {
			ns := newSampler(g, newRand(s), depth)
			ns.name(c.start, 0)
			_ = ns.out.String()
		})
		drawn := testing.AllocsPerRun(50, func() { sm.Sample(c.start, newRand(s)) })
		if drawn+costs > afresh {
			t.Errorf("a Sampler's draw allocates %.0f times, a draw that works the costs out %.0f and working them out %.0f: the Sampler works them out again", drawn, afresh, costs)
		}
	})
}

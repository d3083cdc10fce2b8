package gen_test

import (
	"math/rand"
	"testing"

	"github.com/leanovate/gopter"

	"betzacheck/conformance/gen"
	"betzacheck/grammar"
	"betzacheck/reference/board"
)

func params(seed int64) *gopter.GenParameters {
	p := gopter.DefaultGenParameters()
	p.Rng = rand.New(rand.NewSource(seed))
	return p
}

func TestPositionBoundsAndReplay(t *testing.T) {
	g := gen.Setup(3, 9)
	for seed := int64(0); seed < 200; seed++ {
		v, _ := g(params(seed)).Retrieve()
		p := v.(board.Setup)
		size := p.Pos.Size()
		if size.W < 3 || size.W > 9 || size.H < 3 || size.H > 9 {
			t.Fatalf("seed %d: board %s outside 3..9", seed, size)
		}
		if p.Pos.At(p.From).Kind != 'X' {
			t.Fatalf("seed %d: no mover on %s", seed, p.From)
		}
		w, _ := g(params(seed)).Retrieve()
		if q := w.(board.Setup); !q.Pos.Equal(p.Pos) || q.From != p.From {
			t.Fatalf("seed %d does not replay", seed)
		}
	}
}

func TestShrinkPosition(t *testing.T) {
	v, _ := gen.Setup(6, 6)(params(3)).Retrieve()
	p := v.(board.Setup)
	n := 0
	shrink := gen.ShrinkSetup(p)
	for c, ok := shrink(); ok; c, ok = shrink() {
		q := c.(board.Setup)
		n++
		smaller := q.Pos.Size().Squares() < p.Pos.Size().Squares() || len(q.Pos.Pieces()) < len(p.Pos.Pieces())
		if !smaller || q.Pos.At(q.From) != p.Pos.At(p.From) {
			t.Errorf("candidate %s from %s is not smaller or lost the mover", q.Pos, q.From)
		}
	}
	if n == 0 {
		t.Error("no shrink candidates")
	}
}

func TestNotationsCompileAndShrink(t *testing.T) {
	g, err := grammar.Betza2()
	if err != nil {
		t.Fatal(err)
	}
	ng := gen.Notation(g, 6, nil)
	for seed := int64(0); seed < 100; seed++ {
		r := ng(params(seed))
		v, ok := r.Retrieve()
		if !ok {
			t.Fatalf("seed %d: no notation", seed)
		}
		s := v.(string)
		if !gen.Compiles(s) {
			t.Fatalf("seed %d: %q does not compile", seed, s)
		}
		shrink := r.Shrinker(s)
		for c, ok := shrink(); ok; c, ok = shrink() {
			if cs := c.(string); len(cs) >= len(s) || !gen.Compiles(cs) {
				t.Fatalf("%q shrinks to %q", s, cs)
			}
		}
	}
}

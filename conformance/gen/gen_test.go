package gen_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/leanovate/gopter"

	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference/board"
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
	for seed := int64(0); seed < 40; seed++ {
		v, _ := gen.Setup(3, 6)(params(seed)).Retrieve()
		p := v.(board.Setup)
		n, moved, cleared := 0, 0, 0
		shrink := gen.ShrinkSetup(p)
		for c, ok := shrink(); ok; c, ok = shrink() {
			q := c.(board.Setup)
			n++
			if !smallerSetup(q, p) {
				t.Errorf("seed %d: candidate %s is not smaller than %s", seed, q, p)
			}
			was, is := p.Mover(), q.Mover()
			if is.Kind != was.Kind || is.Color != was.Color || is.Virgin && !was.Virgin {
				t.Errorf("seed %d: candidate %s lost the mover %s", seed, q, p)
			}
			if q.From != p.From && q.Pos.Size() == p.Pos.Size() {
				moved++
			}
			if virgins(q) < virgins(p) && len(q.Pos.Pieces()) == len(p.Pos.Pieces()) {
				cleared++
			}
		}
		if n == 0 {
			t.Errorf("seed %d: no shrink candidates for %s", seed, p)
		}
		// The mover steps toward a1 onto an empty square, left or down.
		want := 0
		for _, step := range []board.Square{p.From.Add(-1, 0), p.From.Add(0, -1)} {
			if p.Pos.Size().Contains(step) && p.Pos.At(step).Empty() {
				want++
			}
		}
		if moved != want || cleared != virgins(p) {
			t.Errorf("seed %d: %d mover steps (want %d), %d flags cleared (want %d) for %s", seed, moved, want, cleared, virgins(p), p)
		}
	}
}

// smallerSetup reports whether q is smaller than p by one of the measures
// ShrinkSetup lowers (squares, pieces, not-moved flags, the mover's
// distance from a1) and larger by none.
func smallerSetup(q, p board.Setup) bool {
	a := []int{q.Pos.Size().Squares(), len(q.Pos.Pieces()), virgins(q), q.From.File + q.From.Rank}
	b := []int{p.Pos.Size().Squares(), len(p.Pos.Pieces()), virgins(p), p.From.File + p.From.Rank}
	smaller := false
	for i := range a {
		switch {
		case a[i] < b[i]:
			smaller = true
		case a[i] > b[i]:
			return false
		}
	}
	return smaller
}

func virgins(s board.Setup) int {
	n := 0
	for _, q := range s.Pos.Pieces() {
		if s.Pos.At(q).Virgin {
			n++
		}
	}
	return n
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
			if cs := c.(string); !smallerNotation(cs, s) || !gen.Compiles(cs) {
				t.Fatalf("%q shrinks to %q", s, cs)
			}
		}
	}
}

// smallerNotation reports whether a is shorter than b, or as long with a
// lower number (the same text but for lower digits).
func smallerNotation(a, b string) bool {
	return len(a) < len(b) || len(a) == len(b) && a < b && strings.Trim(a, "0123456789") != "" &&
		stripDigits(a) == stripDigits(b) || smallerAtom(a, b)
}

// smallerAtom: a is b with one atom letter (doubled or not) replaced by
// W or F, the smaller atoms (W before F).
func smallerAtom(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			return (a[i] == 'W' || a[i] == 'F' && b[i] != 'W') && b[i] >= 'A' && b[i] <= 'Z' && a[i+1:] == b[i+1:] ||
				i+1 < len(a) && a[i] == a[i+1] && b[i] == b[i+1] && smallerAtom(a[:i+1]+a[i+2:], b[:i+1]+b[i+2:])
		}
	}
	return false
}

func stripDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' {
			return '#'
		}
		return r
	}, s)
}

// TestNotationCandidates: the candidates of a few notations, by hand: any
// run of characters dropped, parentheses, a number lowered, an atom
// replaced by a smaller one (W, F); the validity test is
// the caller's, and may take the empty notation.
func TestNotationCandidates(t *testing.T) {
	all := func(string) bool { return true }
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"W3", []string{"", "3", "W", "W2"}},
		{"W10", []string{"", "0", "W", "10", "W0", "W1", "W9", "W2", "W3", "W4", "W5", "W6", "W7", "W8"}},
		{"W0", []string{"", "0", "W"}},
		// Every run of characters dropped (21 runs of 6 characters, some
		// giving the same text), the parentheses, the exponent lowered.
		{"(W-F)2", []string{"", "2", "(", ")2", "(2", "(W", "F)2", "()2", "(W2", "(W-", "-F)2", "W-F2", "(F)2", "(W)2", "(W-2", "(W-F", "W-F)2", "(-F)2", "(WF)2", "(W-)2", "(W-F2", "(W-F)", "(W-F)1", "(W-W)2"}},
		{"W-F", []string{"", "F", "W", "-F", "WF", "W-", "W-W"}},
		{"x", []string{""}},
	} {
		got := gen.NotationCandidates(tc.in, all)
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%q: candidates %q, want %q", tc.in, got, tc.want)
		}
	}
	nonEmpty := func(s string) bool { return s != "" }
	if got := gen.NotationCandidates("x", nonEmpty); len(got) != 0 {
		t.Errorf("the empty notation proposed against the test: %q", got)
	}
	// A character is a whole UTF-8 sequence.
	if got := gen.NotationCandidates("Wé", all); strings.Join(got, "|") != "|W|é" {
		t.Errorf("Wé: candidates %q", got)
	}
}

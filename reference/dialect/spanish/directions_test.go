package spanish

import (
	"sort"
	"strings"
	"testing"
)

var classAtoms = []struct {
	c    class
	p, q int
	atom byte
}{
	{orthClass, 0, 1, 'W'}, {diagClass, 1, 1, 'F'}, {compoundClass, 0, 0, 'K'},
	{obliqueClass, 1, 2, 'N'}, {obliqueClass, 1, 3, 'C'}, {obliqueClass, 2, 3, 'Z'},
}

// subsets returns every non-empty subset of moves.
func subsets(moves []Vec) [][]Vec {
	var out [][]Vec
	for m := 1; m < 1<<len(moves); m++ {
		var s []Vec
		for k, v := range moves {
			if m&(1<<k) != 0 {
				s = append(s, v)
			}
		}
		out = append(out, s)
	}
	return out
}

// TestBetzaDirections: for every set of moves of every class, the 2.0
// letters written name exactly that set, as the reference reads them
// (2.0 §2.2–§2.5).
func TestBetzaDirections(t *testing.T) {
	for _, a := range classAtoms {
		all := allMoves(a.c, a.p, a.q)
		want := 4
		if a.c == compoundClass || a.c == obliqueClass {
			want = 8
		}
		if len(all) != want {
			t.Fatalf("%c: %d moves", a.atom, len(all))
		}
		for _, set := range subsets(all) {
			dirs, err := betzaDirections(a.c, a.p, a.q, set)
			if err != nil {
				// K and Q take only all eight directions or fh after U
				// (§S5.4, §S6.2); some of their sets have no one-leg name.
				if a.c != compoundClass {
					t.Errorf("%c %v: %v", a.atom, set, err)
				}
				continue
			}
			got, err := firstMoves(dirs, a.atom)
			if err != nil {
				t.Fatal(err)
			}
			if !sameSet(got, set) {
				t.Errorf("%s%c names %v, want %v", dirs, a.atom, sortVecs(got), sortVecs(set))
			}
		}
	}
}

// TestSpanishItems: the Spanish names written for a set of moves
// translate back to exactly that set; for hypogonals, only unions of the
// pairs of §S5.6 have names.
func TestSpanishItems(t *testing.T) {
	for _, a := range classAtoms {
		named, unnamed := 0, 0
		for _, set := range subsets(allMoves(a.c, a.p, a.q)) {
			items, ok := spanishItems(a.c, a.p, a.q, set)
			if !ok {
				if a.c != obliqueClass {
					t.Errorf("%c %v: no Spanish names", a.atom, set)
				}
				unnamed++
				continue
			}
			named++
			var parts []string
			for _, it := range items {
				if a.c == obliqueClass {
					parts = append(parts, "S:"+it)
				} else {
					parts = append(parts, "D:1"+it)
				}
			}
			src := strings.Join(parts, ", ")
			b2, err := Dialect{}.ToBetza2(src)
			if err != nil {
				t.Fatalf("%q: %v", src, err)
			}
			var got []Vec
			for _, chain := range splitUnion(b2) {
				m, err := firstMoves(leadingLetters(chain), chain[len(chain)-1])
				if err != nil {
					t.Fatalf("%q: %v", chain, err)
				}
				got = append(got, m...)
			}
			if !sameSet(got, set) {
				t.Errorf("%q (%s) names %v, want %v", src, b2, sortVecs(got), sortVecs(set))
			}
		}
		t.Logf("%c: %d sets named, %d without a Spanish name", a.atom, named, unnamed)
	}
}

// splitUnion splits a union of single-atom legs such as "fWrF" or "N(N)".
func splitUnion(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			out = append(out, strings.Trim(s[start:i+1], "()"))
			start = i + 1
		}
	}
	return out
}

func leadingLetters(leg string) string { return leg[:len(leg)-1] }

// sortVecs orders moves for stable output and comparison.
func sortVecs(vs []Vec) []Vec {
	out := append([]Vec(nil), vs...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].X != out[j].X {
			return out[i].X < out[j].X
		}
		return out[i].Y < out[j].Y
	})
	return out
}

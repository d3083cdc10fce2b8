package spanish

import (
	"sort"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/geometry"
)

// classAtoms are the step atoms of each class that Spanish writes.
var classAtoms = []*geometry.Atom{
	geometry.LookupAtom('W'), geometry.LookupAtom('F'), geometry.LookupAtom('K'),
	geometry.LookupAtom('N'), geometry.LookupAtom('C'), geometry.LookupAtom('Z'),
}

// evaluated returns the moves of the single first leg m+dirs+atom as the
// reference evaluator makes them on an empty board, in white's frame: a
// reading of 2.0 §2 independent of the writer's use of package geometry.
func evaluated(t *testing.T, dirs string, atom byte) []Vec {
	t.Helper()
	prog, err := reference.Compile("m" + dirs + string(atom))
	if err != nil {
		t.Fatal(err)
	}
	pos := board.NewPosition(board.Size{W: 7, H: 7})
	from := board.Square{File: 3, Rank: 3}
	pos.Set(from, board.Piece{Kind: 'X', Color: board.White})
	out, err := prog.Moves(pos, from, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var moves []Vec
	for _, o := range out {
		if o.To != nil {
			moves = append(moves, Vec{X: o.To.File - from.File, Y: o.To.Rank - from.Rank})
		}
	}
	return moves
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
		want := 4
		if a.Class == geometry.Compound || a.Class == geometry.Oblique {
			want = 8
		}
		if len(a.Leaps) != want {
			t.Fatalf("%c: %d moves", a.Letter, len(a.Leaps))
		}
		for _, set := range subsets(a.Leaps) {
			dirs, err := betzaDirections(a, set)
			if err != nil {
				// K and Q take only all eight directions or fh after U
				// (§S5.4, §S6.2); some of their sets have no one-leg name.
				if a.Class != geometry.Compound {
					t.Errorf("%c %v: %v", a.Letter, set, err)
				}
				continue
			}
			if got := evaluated(t, dirs, a.Letter); !sameSet(got, set) {
				t.Errorf("%s%c names %v, want %v", dirs, a.Letter, sortVecs(got), sortVecs(set))
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
		for _, set := range subsets(a.Leaps) {
			items, ok := spanishItems(a, set)
			if !ok {
				if a.Class != geometry.Oblique {
					t.Errorf("%c %v: no Spanish names", a.Letter, set)
				}
				unnamed++
				continue
			}
			named++
			var parts []string
			for _, it := range items {
				if a.Class == geometry.Oblique {
					parts = append(parts, "S:"+it)
				} else {
					parts = append(parts, "D:1"+it)
				}
			}
			src := strings.Join(parts, ", ")
			b2, err := reference.SourceOf(Dialect{}.ToBetza2(src))
			if err != nil {
				t.Fatalf("%q: %v", src, err)
			}
			var got []Vec
			for _, chain := range splitUnion(b2) {
				got = append(got, evaluated(t, leadingLetters(chain), chain[len(chain)-1])...)
			}
			if !sameSet(got, set) {
				t.Errorf("%q (%s) names %v, want %v", src, b2, sortVecs(got), sortVecs(set))
			}
		}
		t.Logf("%c: %d sets named, %d without a Spanish name", a.Letter, named, unnamed)
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

package classic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/reference/dialect/bracket"
	"github.com/betzacheck/betzacheck/reference/dialect/xbetza"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// checkH reports an h that Betza 2.0's reading of the run does not pair
// with f, b, l or r (§C3.1).
func checkH(dirs string) string {
	for _, t := range syntax.DirectionTokens(dirs) {
		if t == "h" {
			return "expected f, b, l or r before h, found a lone h"
		}
	}
	return ""
}

// chiralDirs reads a run of direction letters under a profile that has
// XBoard's h (§C5.5, spec/xbetza.md §X3.3, §X3.4): the run is split into
// names as the dialect xbetza splits a first leg's (xbetza.DirectionNames),
// so that a letter written twice is that letter once (ffrrN is fN and rN);
// on N, C and Z, hr is the right-handed half, the leap (p, q) leaning
// right of forward (p < q) and its turns by quarter turns clockwise, and
// hl the mirror image; on K and Q a lone h is every direction. The other
// names of Betza 2.0 (§2.6 of spec/betza2.md) keep their meaning. It
// returns runs of Betza 2.0 names, one a leg of the move ("" for every
// direction): the run itself where Betza 2.0 reads it alike, else the
// moves named, in one run on N, C and Z, whose single names are two
// letters, and one run each on the other atoms, whose one-letter names
// would pair (rf on K is one diagonal step). Or it returns why an h has
// no reading, naming the atom as written (letter).
func chiralDirs(dirs string, atom, letter byte) ([]string, string) {
	toks := xbetza.DirectionNames(dirs)
	if slices.Equal(toks, syntax.DirectionTokens(dirs)) && !slices.Contains(toks, "h") {
		return []string{dirs}, "" // Betza 2.0 reads the run alike
	}
	a := geometry.LookupAtom(atom)
	var moves []geometry.Vec
	for _, tok := range toks {
		switch {
		case tok == "h" && a.Class == geometry.Compound:
			return []string{""}, "" // §X3.4: every direction, whatever else is named
		case tok == "h":
			return nil, fmt.Sprintf("expected f, b, l or r before h, or r or l after it, found a lone h: h alone is read on K and Q, not on %c", letter)
		case (tok == "hr" || tok == "hl") && a.Class != geometry.Oblique:
			return nil, fmt.Sprintf("expected f, b, l or r before h: %s is read on N, C and Z, not on %c", tok, letter)
		case tok == "hr" || tok == "hl":
			moves = append(moves, chiralHalf(a.Bases()[0], tok == "hl")...)
		default:
			moves = append(moves, a.Selected(tok)...)
		}
	}
	var distinct []geometry.Vec
	for _, v := range moves {
		if !slices.Contains(distinct, v) {
			distinct = append(distinct, v)
		}
	}
	switch {
	case len(distinct) == 0:
		return []string{dirs}, "" // no name selected a move: Betza 2.0's reading says why
	case a.Class == geometry.Oblique:
		return []string{singleNames(distinct)}, ""
	}
	var runs []string
	for _, v := range distinct {
		runs = append(runs, geometry.Name(v))
	}
	return runs, ""
}

// chiralHalf is the right-handed half of the oblique leaper with base
// (p, q), p < q: (p, q) and its turns by quarter turns clockwise, or with
// left its mirror image (spec/xbetza.md §X3.4).
func chiralHalf(base geometry.Vec, left bool) []geometry.Vec {
	v := base
	var out []geometry.Vec
	for range 4 {
		w := v
		if left {
			w.X = -w.X
		}
		out = append(out, w)
		v = geometry.Vec{X: v.Y, Y: -v.X}
	}
	return out
}

// engineLines are the eight moves Fairy-Stockfish's reader derives from an
// atom (a, b) (its larger component first), each with the direction
// strings that select it (spec/classic.md §C5.3).
var engineLines = []struct {
	move func(a, b int) geometry.Vec
	dirs []string
}{
	{func(a, b int) geometry.Vec { return geometry.Vec{X: b, Y: a} }, []string{"ff", "vv", "rf", "rv", "fh", "rh", "hr"}},
	{func(a, b int) geometry.Vec { return geometry.Vec{X: -b, Y: -a} }, []string{"bb", "vv", "lb", "lv", "bh", "lh", "hr"}},
	{func(a, b int) geometry.Vec { return geometry.Vec{X: a, Y: -b} }, []string{"rr", "ss", "br", "bs", "bh", "rh", "hr"}},
	{func(a, b int) geometry.Vec { return geometry.Vec{X: -a, Y: b} }, []string{"ll", "ss", "fl", "fs", "fh", "lh", "hr"}},
	{func(a, b int) geometry.Vec { return geometry.Vec{X: a, Y: b} }, []string{"rr", "ss", "fr", "fs", "fh", "rh", "hl"}},
	{func(a, b int) geometry.Vec { return geometry.Vec{X: -a, Y: -b} }, []string{"ll", "ss", "bl", "bs", "bh", "lh", "hl"}},
	{func(a, b int) geometry.Vec { return geometry.Vec{X: b, Y: -a} }, []string{"bb", "vv", "rb", "rv", "bh", "rh", "hl"}},
	{func(a, b int) geometry.Vec { return geometry.Vec{X: -b, Y: a} }, []string{"ff", "vv", "lf", "lv", "fh", "lh", "hl"}},
}

// engineSteps are the (a, b) steps of an atom as the engine tabulates
// them, a ≥ b: the leaps (b, a) of §1.1 of spec/betza2.md, W's and F's for
// K (§1.3).
func engineSteps(atom byte) [][2]int {
	a := geometry.LookupAtom(atom)
	if a == nil {
		return nil
	}
	var out [][2]int
	for _, b := range a.Bases() {
		out = append(out, [2]int{b.Y, b.X})
	}
	return out
}

// prelim splits the modifier run into the engine's direction strings: a
// direction letter pairs with the letter right after it when that is the
// same letter or one of the other axis (h counts as both); a lone letter
// is doubled (§C5.3).
func prelim(mods string) []string {
	const vert, horiz = "fbvh", "rlsh"
	var out []string
	for i := 0; i < len(mods); i++ {
		c := mods[i]
		if !strings.ContainsRune(vert+horiz, rune(c)) {
			continue
		}
		if i+1 < len(mods) {
			c2 := mods[i+1]
			if c2 == c || (strings.IndexByte(vert, c) >= 0 && strings.IndexByte(horiz, c2) >= 0) ||
				(strings.IndexByte(horiz, c) >= 0 && strings.IndexByte(vert, c2) >= 0) {
				out = append(out, string([]byte{c, c2}))
				i++
				continue
			}
		}
		out = append(out, string([]byte{c, c}))
	}
	return out
}

// engineDirections reads the direction letters of m as the engine does and
// writes each atom's selected moves as Betza 2.0 single names; K is split
// into its W and F parts (§C5.3, §C5.4).
func engineDirections(leg bracket.LegSpec, m *Move, compound string) ([]bracket.LegSpec, error) {
	pre := prelim(m.Mods)
	atoms := engineSteps(leg.Atom)
	var out []bracket.LegSpec
	for _, ab := range atoms {
		var dirs []string
		for _, s := range pre {
			if len(atoms) == 1 && ab[1] == 0 && s[0] != s[1] {
				dirs = append(dirs, s[:1]+s[:1], s[1:]+s[1:])
			} else {
				dirs = append(dirs, s)
			}
		}
		seen := map[geometry.Vec]bool{}
		var moves []geometry.Vec
		for _, line := range engineLines {
			ok := len(dirs) == 0
			for _, d := range dirs {
				for _, x := range line.dirs {
					if d == x {
						ok = true
					}
				}
			}
			mv := line.move(ab[0], ab[1])
			if ok && !seen[mv] {
				seen[mv] = true
				moves = append(moves, mv)
			}
		}
		l := leg
		if len(atoms) == 2 {
			l.Atom = "WF"[len(out)]
		}
		all := len(dirs) == 0
		if !all {
			if len(moves) == 0 {
				continue // no move of this atom is selected
			}
			l.Dirs = singleNames(moves)
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		e := leg
		e.Empty = true
		out = append(out, e)
	}
	return out, nil
}

// singleNames writes moves of one atom, in the mover's frame, as Betza 2.0
// names of single moves (§2.7 of spec/betza2.md). Any concatenation of
// single names reads back as the same set: two orthogonal singles that
// pair (fr) name those two moves on an orthogonal atom (§2.2).
func singleNames(moves []geometry.Vec) string {
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(geometry.Name(m))
	}
	return b.String()
}

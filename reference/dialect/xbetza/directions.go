package xbetza

import (
	"strings"

	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// A token is one direction name of a leg as XBetza reads it, with where
// it is written.
type token struct {
	name string
	at   int
}

// tokens splits the direction letters of a leg into names, left to right
// (§X3.2, §X3.4, §X5.7), as nameSpans does, each with where it is written.
func tokens(l *Leg) []token {
	var letters []byte
	var at []int
	for k := 0; k < len(l.Letters); k++ {
		if strings.IndexByte(directionLetters, l.Letters[k]) >= 0 {
			letters = append(letters, l.Letters[k])
			at = append(at, l.Offsets[k])
		}
	}
	var out []token
	for _, sp := range nameSpans(string(letters)) {
		out = append(out, token{sp.name, at[sp.start]})
	}
	return out
}

// A span is one direction name of a run of letters and where in the run
// it starts.
type span struct {
	name  string
	start int
}

// nameSpans splits a run of direction letters into names, left to right
// (§X3.2, §X3.4, §X5.7): h followed by r or l is a chiral half; a letter
// written twice is that letter once (§X3.3); two letters that form a
// Betza 2.0 name (§2.6), with z and q standing where l or r may, are that
// name; any other letter is a name on its own.
func nameSpans(letters string) []span {
	var out []span
	for i := 0; i < len(letters); {
		c := letters[i]
		if i+1 < len(letters) {
			d := letters[i+1]
			switch {
			case c == 'h' && (d == 'r' || d == 'l'), d != c && isName(sideless(c), sideless(d)):
				out = append(out, span{letters[i : i+2], i})
				i += 2
				continue
			case d == c:
				out = append(out, span{string(c), i})
				i += 2
				continue
			}
		}
		out = append(out, span{string(c), i})
		i++
	}
	return out
}

// DirectionNames splits a run of direction letters of a first leg into
// the names XBetza reads (§X3.2–§X3.4): "ffrr" is f and r, "hr" the
// right-handed half. The xboard profile of the classic dialect reads
// direction letters by it (spec/classic.md §C5.5).
func DirectionNames(letters string) []string {
	var out []string
	for _, sp := range nameSpans(letters) {
		out = append(out, sp.name)
	}
	return out
}

// sideless reads z and q as l for pairing: they stand for a side (§X5.7).
func sideless(c byte) byte {
	if c == 'z' || c == 'q' {
		return 'l'
	}
	return c
}

func isName(c, d byte) bool {
	return len(syntax.DirectionTokens(string([]byte{c, d}))) == 1
}

// checkDirections is §X3.4: h stands only in fh bh lh rh, in the chiral
// halves hr and hl of an oblique atom's first leg, or alone on K, Q or a
// later leg, where it names every direction.
func checkDirections(m *Move, src string) error {
	for k, l := range m.Legs {
		for _, t := range tokens(l) {
			switch {
			case t.name == "h" && k == 0 && m.Letter != 'K' && m.Letter != 'Q':
				return errAt(t.at, "§X3.4", "expected f, b, l or r before h, or r or l after it, found a lone h on %c", m.Letter)
			case (t.name == "hr" || t.name == "hl") && (k > 0 || !obliqueLetter(m.Letter)):
				return errAt(t.at, "§X3.4", "expected %s on the first leg of an oblique atom (N C Z J L), found it on %s", t.name, legWords(k, m.Letter))
			}
		}
	}
	return nil
}

func legWords(k int, letter byte) string {
	if k > 0 {
		return "a later leg"
	}
	return string(letter)
}

func obliqueLetter(c byte) bool { return strings.IndexByte("NCZJL", c) >= 0 }

// units are the eight directions of the compound table, clockwise from
// forward: the relative directions of a later leg (§X5.2).
var units = [8]geometry.Vec{{X: 0, Y: 1}, {X: 1, Y: 1}, {X: 1, Y: 0}, {X: 1, Y: -1}, {X: 0, Y: -1}, {X: -1, Y: -1}, {X: -1, Y: 0}, {X: -1, Y: 1}}

// chiral returns the moves of the chiral half hr (right) or hl of the
// oblique leap base (§X3.4): base leaning right of forward and its
// rotations by quarter turns clockwise, or the mirror image of those.
func chiral(base geometry.Vec, right bool) []geometry.Vec {
	p, q := base.X, base.Y
	out := []geometry.Vec{{X: p, Y: q}, {X: q, Y: -p}, {X: -p, Y: -q}, {X: -q, Y: p}}
	if !right {
		for i := range out {
			out[i].X = -out[i].X
		}
	}
	return out
}

// firstMoves are the moves of a first leg in the mover's frame (§X3.1–§X3.4):
// every leap of the atom that one of the leg's names selects, all of them
// when it has none.
func firstMoves(a *geometry.Atom, toks []token) []geometry.Vec {
	if len(toks) == 0 {
		return a.Leaps
	}
	var out []geometry.Vec
	for _, v := range a.Leaps {
		for _, t := range toks {
			if firstSelects(a, t.name, v) {
				out = append(out, v)
				break
			}
		}
	}
	return out
}

func firstSelects(a *geometry.Atom, name string, v geometry.Vec) bool {
	switch name {
	case "h": // §X3.4, on K and Q
		return true
	case "hr", "hl":
		for _, w := range chiral(a.Bases()[0], name == "hr") {
			if w == v {
				return true
			}
		}
		return false
	}
	return geometry.Selects(a.Class, name, v)
}

// relative returns the relative directions (indices into units) that a
// later leg's names select (§X5.2, §X5.3, §X5.7). side is the side of the
// last earlier turn aside: -1 left, +1 right, 0 none; eight says whether
// the atom has eight directions.
func relative(toks []token, side int, eight bool) []int {
	if len(toks) == 0 {
		if eight {
			return []int{0, 1, 2, 3, 5, 6, 7} // §X5.3: every way but back
		}
		return []int{0, 2, 6} // §X5.3: straight on or a quarter turn
	}
	var out []int
	for k, u := range units {
		for _, t := range toks {
			if relSelects(t.name, side, u) {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// relSelects reports whether the name selects the relative direction u in
// the compound table (§2.5), z and q standing for the side §X5.7 gives.
func relSelects(name string, side int, u geometry.Vec) bool {
	if name == "h" {
		return true
	}
	if !strings.ContainsAny(name, "zq") {
		return geometry.Selects(geometry.Compound, name, u)
	}
	var sides []string
	switch {
	case side == 0:
		sides = []string{"l", "r"}
	case (side > 0) == strings.Contains(name, "q"):
		sides = []string{"r"}
	default:
		sides = []string{"l"}
	}
	for _, s := range sides {
		n := strings.NewReplacer("z", s, "q", s).Replace(name)
		if geometry.Selects(geometry.Compound, n, u) {
			return true
		}
	}
	return false
}

// sideOf is the side to which the relative direction k turns: +1 right,
// -1 left, 0 straight on or back (§X5.7).
func sideOf(k int) int {
	switch {
	case k > 0 && k < 4:
		return 1
	case k > 4:
		return -1
	}
	return 0
}

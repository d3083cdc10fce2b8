// Package geometry is §1 and §2 of spec/betza2.md as data: the atoms and
// their leaps, the class that decides what direction names mean for an
// atom, and the one table of which moves each direction name selects. The
// evaluator (package eval) and every dialect read directions from here.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package geometry

import (
	"fmt"
	"slices"
)

// Vec is a displacement in squares: X along the files, Y along the ranks,
// as white sees the board.
type Vec struct{ X, Y int }

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Scale returns k·v.
func (v Vec) Scale(k int) Vec { return Vec{k * v.X, k * v.Y} }

// Class is the shape of an atom's moves (§1.5), which decides what its
// direction letters name (§2.2–§2.5).
type Class uint8

// The atom classes of §1.5.
const (
	Orthogonal Class = iota // W D H R
	Diagonal                // F A G B
	Oblique                 // N C Z
	Compound                // K Q
	Null                    // O
)

func (c Class) String() string {
	return [...]string{"orthogonal", "diagonal", "oblique", "compound", "null"}[c]
}

// Atom is the meaning of an atom letter: its leaps in every direction and
// whether it rides.
type Atom struct {
	Letter byte
	Name   string
	Class  Class
	Leaps  []Vec // every rotation and reflection of the base leaps (§1.1)
	Rider  bool  // any number of steps along one leap (§1.2)
}

// §1.1 leapers, §1.2 riders, §1.3 compounds, §1.4 the null atom.
var atoms = map[byte]*Atom{
	'W': leaper('W', "wazir", Orthogonal, Vec{0, 1}),
	'F': leaper('F', "ferz", Diagonal, Vec{1, 1}),
	'D': leaper('D', "dabbaba", Orthogonal, Vec{0, 2}),
	'N': leaper('N', "knight", Oblique, Vec{1, 2}),
	'A': leaper('A', "alfil", Diagonal, Vec{2, 2}),
	'H': leaper('H', "threeleaper", Orthogonal, Vec{0, 3}),
	'C': leaper('C', "camel", Oblique, Vec{1, 3}),
	'Z': leaper('Z', "zebra", Oblique, Vec{2, 3}),
	'G': leaper('G', "tripper", Diagonal, Vec{3, 3}),
	'O': {Letter: 'O', Name: "null move", Class: Null, Leaps: []Vec{{0, 0}}},
	'K': leaper('K', "king", Compound, Vec{0, 1}, Vec{1, 1}),
	'R': rider(leaper('R', "rook", Orthogonal, Vec{0, 1})),
	'B': rider(leaper('B', "bishop", Diagonal, Vec{1, 1})),
	'Q': rider(leaper('Q', "queen", Compound, Vec{0, 1}, Vec{1, 1})),
}

// LookupAtom returns the atom named by letter, or nil.
func LookupAtom(letter byte) *Atom { return atoms[letter] }

// LeaperOf returns the leaper of §1.1 that has the move v, or nil when no
// leaper has it (the riders and compounds of §1.2 and §1.3 are not
// leapers).
func LeaperOf(v Vec) *Atom {
	for _, a := range atoms {
		leaper := !a.Rider && a.Class != Compound && a.Class != Null
		if leaper && slices.Contains(a.Leaps, v) {
			return a // the leapers' moves are disjoint: at most one has v
		}
	}
	return nil
}

// Bases returns the leaps (p, q), 0 ≤ p ≤ q, that the atom is given by
// (§1.1): one for a leaper or a rider, W's and F's for K and Q (§1.3), and
// (0, 0) for O (§1.4).
func (a *Atom) Bases() []Vec {
	var out []Vec
	for _, v := range a.Leaps {
		if 0 <= v.X && v.X <= v.Y {
			out = append(out, v)
		}
	}
	return out
}

func leaper(letter byte, name string, class Class, bases ...Vec) *Atom {
	a := &Atom{Letter: letter, Name: name, Class: class}
	seen := map[Vec]bool{}
	for _, b := range bases {
		for _, v := range []Vec{{b.X, b.Y}, {b.Y, b.X}} {
			for _, sx := range []int{1, -1} {
				for _, sy := range []int{1, -1} {
					w := Vec{sx * v.X, sy * v.Y}
					if !seen[w] {
						seen[w] = true
						a.Leaps = append(a.Leaps, w)
					}
				}
			}
		}
	}
	return a
}

func rider(a *Atom) *Atom { a.Rider = true; return a }

// Words says what the atom does, with its clause: "knight: leaps (1,2),
// oblique, 8 directions (§1.1)".
func (a *Atom) Words() string {
	switch {
	case a.Class == Null:
		return a.Name + ": ends on the square it starts from (§1.4)"
	case a.Rider:
		return fmt.Sprintf("%s: rides any number of %s steps over empty squares, %d directions (§1.2)", a.Name, a.Class.stepWords(), len(a.Leaps))
	case a.Class == Compound:
		return fmt.Sprintf("%s: one orthogonal or diagonal step, %d directions (§1.3)", a.Name, len(a.Leaps))
	}
	v := a.Leaps[0]
	return fmt.Sprintf("%s: leaps (%d,%d), %s, %d directions (§1.1)", a.Name, Abs(v.X), Abs(v.Y), a.Class, len(a.Leaps))
}

// stepWords names the steps of a rider of the class.
func (c Class) stepWords() string {
	if c == Compound {
		return "orthogonal or diagonal"
	}
	return c.String()
}

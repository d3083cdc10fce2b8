package bracket

import (
	"slices"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// lamePath is the squares a lame leap passes, as the steps that reach
// them: straight along the larger component until the rest is diagonal,
// then diagonally (§B6.2).
func lamePath(v geometry.Vec) []geometry.Vec {
	var steps []geometry.Vec
	pos := geometry.Vec{}
	for pos != v {
		d := geometry.Vec{X: v.X - pos.X, Y: v.Y - pos.Y}
		diff := geometry.Abs(d.X) - geometry.Abs(d.Y)
		var s geometry.Vec
		switch {
		case diff > 0:
			s = geometry.Vec{X: geometry.Sign(d.X)}
		case diff < 0:
			s = geometry.Vec{Y: geometry.Sign(d.Y)}
		default:
			s = geometry.Vec{X: geometry.Sign(d.X), Y: geometry.Sign(d.Y)}
		}
		steps = append(steps, s)
		pos = pos.Add(s)
	}
	return steps
}

// XBoardLamePath is the squares XBoard's lame leap passes, as the steps
// that reach them (spec/classic.md §C5.6, spec/xbetza.md §X4.6): every
// square of a D A H G leap on its line, and for N C Z one orthogonal step
// along the larger component, then the rest of the leap in one leap.
func XBoardLamePath(v geometry.Vec) []geometry.Vec {
	if geometry.IsOblique(v) {
		return firstStepPath(v)
	}
	return lamePath(v)
}

// firstStepPath is the squares XBoard's lame leap passes (spec/classic.md
// §C5.6): one orthogonal step along the larger component, then the rest
// of the leap in one leap (N: W then F, C: W then N, Z: W then A).
func firstStepPath(v geometry.Vec) []geometry.Vec {
	s := geometry.Vec{Y: geometry.Sign(v.Y)}
	if geometry.Abs(v.X) > geometry.Abs(v.Y) {
		s = geometry.Vec{X: geometry.Sign(v.X)}
	}
	return []geometry.Vec{s, {X: v.X - s.X, Y: v.Y - s.Y}}
}

// frame is a forward and a right direction, in the coordinates of the
// leg's own frame.
type frame struct{ F, R geometry.Vec }

func dot(a, b geometry.Vec) int { return a.X*b.X + a.Y*b.Y }

// name of a step in the frame (§2.7 of spec/betza2.md): its single name
// once written in the frame's coordinates (φ = s·F forward, ρ = s·R right).
func (fr frame) name(s geometry.Vec) string {
	return geometry.Name(geometry.Vec{X: dot(s, fr.R), Y: dot(s, fr.F)})
}

// selectedInOrder returns the leaps of the atom that the direction names
// select (§2.4 of spec/betza2.md), each once, name by name and within a
// name in the order the §2.4 table reads them (top row first, left to
// right: lf rf fl fr bl br lb rb for the names of all eight).
func selectedInOrder(atom *geometry.Atom, names []string) []geometry.Vec {
	var out []geometry.Vec
	for _, name := range names {
		moves := atom.Selected(name)
		slices.SortFunc(moves, func(a, b geometry.Vec) int {
			if a.Y != b.Y {
				return b.Y - a.Y
			}
			return a.X - b.X
		})
		for _, v := range moves {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// lameOblique writes an oblique leap with n or j as the steps of its lame
// path (§B6.2), or of XBoard's when l.LameFirst (spec/classic.md §C5.6):
// the leg's directions and i on the first step, its modes on the last, and
// for j a p on every step before the last. The result is
// one chain per distinct sequence of step names, merged where they share
// all but their first names.
func lameOblique(l LegSpec, first bool) ([]string, error) {
	dirs := l.Dirs
	switch {
	case dirs == "" && first:
		dirs = "a" // §4.4 of spec/betza2.md
	case dirs == "":
		dirs = "f" // §4.3 of spec/betza2.md
	}
	leaps := selectedInOrder(geometry.LookupAtom(l.Atom), syntax.DirectionTokens(dirs))
	type chain struct {
		names []string // one name per step
		atoms []byte
	}
	var chains []chain
	for _, v := range leaps {
		// The leg's own frame: forward (0,1), right (1,0). Steps are
		// named in the frame left by the step before (unmirrored: the
		// lame path stays on one line until its last diagonal steps).
		f := frame{F: geometry.Vec{Y: 1}, R: geometry.Vec{X: 1}}
		steps := lamePath(v)
		if l.LameFirst {
			steps = firstStepPath(v)
		}
		var c chain
		for _, s := range steps {
			c.names = append(c.names, f.name(s))
			c.atoms = append(c.atoms, geometry.LeaperOf(s).Letter)
			f = frame{F: s, R: geometry.Vec{X: s.Y, Y: -s.X}}
		}
		chains = append(chains, c)
	}
	// Merge chains that differ in the names of one step only: a chain
	// forks at every step (§4.5 of spec/betza2.md), so the two are one
	// chain with the union of those names. Repeat until nothing merges.
	type merged struct {
		atoms []byte
		sets  [][]string
	}
	var ms2 []*merged
	for _, c := range chains {
		m := &merged{atoms: c.atoms}
		for _, n := range c.names {
			m.sets = append(m.sets, []string{n})
		}
		ms2 = append(ms2, m)
	}
	for changed := true; changed; {
		changed = false
	outer:
		for i := 0; i < len(ms2); i++ {
			for j := i + 1; j < len(ms2); j++ {
				if k, ok := differInOne(ms2[i].atoms, ms2[i].sets, ms2[j].atoms, ms2[j].sets); ok {
					for _, n := range ms2[j].sets[k] {
						ms2[i].sets[k] = addName(ms2[i].sets[k], n)
					}
					sort.Strings(ms2[i].sets[k])
					ms2 = append(ms2[:j], ms2[j+1:]...)
					changed = true
					break outer
				}
			}
		}
	}
	var out []string
	for _, m := range ms2 {
		var legs []string
		for i := range m.sets {
			sort.Strings(m.sets[i])
			d := strings.Join(m.sets[i], "")
			switch {
			case i == 0 && first && len(m.sets[i]) == 4:
				d = "" // every orthogonal step: the default of a first leg
			case i == 0 && !first && len(m.sets[i]) == 1 && m.sets[i][0] == "f":
				d = "" // the f implied by the hyphen
			case i > 0 && implied(m.atoms[i], m.sets[i], i, m.atoms):
				d = ""
			}
			mode := ""
			if i == len(m.sets)-1 {
				mode = l.Modes
			} else if l.Sweep == 'j' {
				mode = "p"
			}
			pre := d + mode
			if i == 0 && l.Initial {
				pre = "i" + pre
			}
			legs = append(legs, pre+string(m.atoms[i]))
		}
		out = append(out, strings.Join(legs, "-"))
	}
	return out, nil
}

// implied reports whether the names are exactly what the f implied by '-'
// names for this step (§4.3 of spec/betza2.md): after a W step, the two
// forward diagonals of a diagonal atom (F, A) and the narrow forward pair
// of an oblique one (N, §2.4); the single forward step otherwise.
func implied(atom byte, names []string, i int, atoms []byte) bool {
	if atoms[i-1] == 'W' {
		switch geometry.LookupAtom(atom).Class {
		case geometry.Diagonal:
			return slices.Equal(names, []string{"fl", "fr"})
		case geometry.Oblique:
			return slices.Equal(names, []string{"lf", "rf"})
		}
	}
	return len(names) == 1 && names[0] == "f"
}

// differInOne reports the one step at which two chains of the same atoms
// have different name sets, if there is exactly one.
func differInOne(a []byte, as [][]string, b []byte, bs [][]string) (int, bool) {
	if string(a) != string(b) {
		return 0, false
	}
	k := -1
	for i := range as {
		if strings.Join(as[i], ",") != strings.Join(bs[i], ",") {
			if k >= 0 {
				return 0, false
			}
			k = i
		}
	}
	return k, k >= 0
}

func addName(set []string, n string) []string {
	for _, x := range set {
		if x == n {
			return set
		}
	}
	return append(set, n)
}

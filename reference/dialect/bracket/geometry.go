package bracket

import (
	"sort"
	"strings"

	"betzacheck/reference/syntax"
)

// vec is a displacement in a leg's frame: X to the right, Y forward.
type vec struct{ X, Y int }

// leaps of the oblique atoms (§1.1 of spec/betza2.md), p < q.
var obliqueLeap = map[byte][2]int{'N': {1, 2}, 'C': {1, 3}, 'Z': {2, 3}}

// obliqueSingle is the single move of each oblique name (§2.4 of
// spec/betza2.md) for the leap (p, q).
func obliqueSingle(name string, p, q int) vec {
	switch name {
	case "lf":
		return vec{-p, q}
	case "rf":
		return vec{p, q}
	case "fl":
		return vec{-q, p}
	case "fr":
		return vec{q, p}
	case "bl":
		return vec{-q, -p}
	case "br":
		return vec{q, -p}
	case "lb":
		return vec{-p, -q}
	}
	return vec{p, -q} // rb
}

// obliqueNames gives the single names each oblique direction name
// includes (§2.4 of spec/betza2.md).
var obliqueNames = map[string][]string{
	"lf": {"lf"}, "rf": {"rf"}, "fl": {"fl"}, "fr": {"fr"},
	"bl": {"bl"}, "br": {"br"}, "lb": {"lb"}, "rb": {"rb"},
	"f": {"lf", "rf"}, "b": {"lb", "rb"}, "fs": {"fl", "fr"}, "bs": {"bl", "br"},
	"l": {"fl", "bl"}, "r": {"fr", "br"}, "lv": {"lf", "lb"}, "rv": {"rf", "rb"},
	"v": {"lf", "rf", "lb", "rb"}, "s": {"fl", "fr", "bl", "br"},
	"fh": {"lf", "rf", "fl", "fr"}, "bh": {"lb", "rb", "bl", "br"},
	"lh": {"lf", "fl", "bl", "lb"}, "rh": {"rf", "fr", "br", "rb"},
	"a": {"lf", "rf", "fl", "fr", "bl", "br", "lb", "rb"},
}

// lamePath is the squares a lame leap passes, as the steps that reach
// them: straight along the larger component until the rest is diagonal,
// then diagonally (§B6.2).
func lamePath(v vec) []vec {
	var steps []vec
	pos := vec{}
	for pos != v {
		d := vec{v.X - pos.X, v.Y - pos.Y}
		diff := abs(d.X) - abs(d.Y)
		var s vec
		switch {
		case diff > 0:
			s = vec{sgn(d.X), 0}
		case diff < 0:
			s = vec{0, sgn(d.Y)}
		default:
			s = vec{sgn(d.X), sgn(d.Y)}
		}
		steps = append(steps, s)
		pos = vec{pos.X + s.X, pos.Y + s.Y}
	}
	return steps
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sgn(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// frame is a forward and a right direction, in the coordinates of the
// leg's own frame.
type frame struct{ F, R vec }

func dot(a, b vec) int { return a.X*b.X + a.Y*b.Y }

// name of a W or F step in a frame (§2.7 of spec/betza2.md).
func (fr frame) name(s vec) string {
	phi, rho := dot(s, fr.F), dot(s, fr.R)
	var out string
	switch {
	case phi > 0:
		out = "f"
	case phi < 0:
		out = "b"
	}
	switch {
	case rho > 0:
		out += "r"
	case rho < 0:
		out += "l"
	}
	return out // f b l r, or fl fr bl br
}

// lameOblique writes an oblique leap with n or j as the steps of its lame
// path (§B6.2): the leg's directions and i on the first step, its modes on
// the last, and for j a p on every step before the last. The result is
// one chain per distinct sequence of step names, merged where they share
// all but their first names.
func lameOblique(l LegSpec, first bool) ([]string, error) {
	pq := obliqueLeap[l.Atom]
	var singles []string
	dirs := l.Dirs
	switch {
	case dirs == "" && first:
		dirs = "a" // §4.4 of spec/betza2.md
	case dirs == "":
		dirs = "f" // §4.3 of spec/betza2.md
	}
	seen := map[string]bool{}
	for _, t := range syntax.DirectionTokens(dirs) {
		for _, n := range obliqueNames[t] {
			if !seen[n] {
				seen[n] = true
				singles = append(singles, n)
			}
		}
	}
	type chain struct {
		names []string // one name per step
		atoms []byte
	}
	var chains []chain
	for _, n := range singles {
		v := obliqueSingle(n, pq[0], pq[1])
		// The leg's own frame: forward (0,1), right (1,0). Steps are
		// named in the frame left by the step before (unmirrored: the
		// lame path stays on one line until its last diagonal steps).
		f := frame{F: vec{0, 1}, R: vec{1, 0}}
		var c chain
		for _, s := range lamePath(v) {
			c.names = append(c.names, f.name(s))
			if s.X != 0 && s.Y != 0 {
				c.atoms = append(c.atoms, 'F')
			} else {
				c.atoms = append(c.atoms, 'W')
			}
			f = frame{F: s, R: vec{s.Y, -s.X}}
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
// names for this step (§4.3 of spec/betza2.md): the two forward diagonals
// for an F step after a W step, the single forward step otherwise.
func implied(atom byte, names []string, i int, atoms []byte) bool {
	if atom == 'F' && atoms[i-1] == 'W' {
		return len(names) == 2 && names[0] == "fl" && names[1] == "fr"
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

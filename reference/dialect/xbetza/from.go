package xbetza

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// FromBetza2 writes a Betza 2.0 notation in XBetza (§X7.1): each chain is
// expanded into its concrete paths, in the frames Betza 2.0 reads its legs
// in, and each path is written as one XBetza move whose later legs turn
// relative to the leg before; the moves are then merged.
func (Dialect) FromBetza2(src string) (string, error) {
	prog, err := reference.Compile(src)
	if err != nil {
		return "", err
	}
	var moves [][]xleg
	for _, c := range chainsOf(prog.AST) {
		legs, err := chainLegs(c, src)
		if err != nil {
			return "", err
		}
		ps, err := concrete(legs, c, src)
		if err != nil {
			return "", err
		}
		for _, p := range ps {
			m, err := xmove(p, c, src)
			if err != nil {
				return "", err
			}
			moves = append(moves, m)
		}
	}
	var b strings.Builder
	for _, t := range apart(mergeX(moves)) {
		b.WriteString(t)
	}
	if b.Len() == 0 {
		return "", fromNoEq(src, src, 0, "no move of the notation can ever be made, and XBetza cannot write a move that never is (§X7.1)")
	}
	return b.String(), nil
}

// chainsOf lists the chains of n, entering the groups that only wrap
// whole chains (Join writes them to keep atom letters apart, §1.6).
func chainsOf(n *syntax.Notation) []*syntax.Chain {
	var out []*syntax.Chain
	for _, c := range n.Chains {
		if g, ok := c.Legs[0].Unit.(*syntax.Group); ok && len(c.Legs) == 1 && c.Legs[0].Mods.Text == "" && c.Legs[0].Exp == nil {
			out = append(out, chainsOf(g.Body)...)
			continue
		}
		out = append(out, c)
	}
	return out
}

func fromNoEq(src, part string, at int, format string, args ...any) error {
	return &dialect.NoEquivalentError{From: dialect.Betza2, To: dialect.XBetza, Part: part, Offset: at, Reason: fmt.Sprintf(format, args...)}
}

// A leg20 is a Betza 2.0 leg as §X7.1 reads it.
type leg20 struct {
	atom    *geometry.Atom
	names   []string // nil: every direction
	ride    int      // 1, n, or 0 without limit
	expDirs []string // the exponent's direction names; nil: the implied f
	modes   string
	mover   bool
	equal   bool
}

// chainLegs reads the legs of a chain, refusing what XBetza cannot say.
func chainLegs(c *syntax.Chain, src string) ([]leg20, error) {
	var out []leg20
	for i, l := range c.Legs {
		part, at := src[l.Pos():l.End()], int(l.Pos())
		a, ok := l.Unit.(*syntax.Atom)
		if !ok {
			return nil, fromNoEq(src, part, at, "a group: XBetza has no grouping; write its chains out (§X7.1)")
		}
		atom := geometry.LookupAtom(a.Letter)
		set := l.Mods.Set
		switch {
		case atom.Class == geometry.Null:
			return nil, fromNoEq(src, part, at, "the null atom O has no XBetza equivalent (§X7.1)")
		case set.Erupt:
			part, at := dialect.ModifierPart(part, at, 'x')
			return nil, fromNoEq(src, part, at, "an eruption x has no XBetza equivalent; XBetza's x hands the move to another piece (§X7.1, §X8.1)")
		}
		leg := leg20{atom: atom, ride: 1, mover: set.MoverVirgin, equal: set.Equal}
		if atom.Rider {
			leg.ride = 0
		}
		if set.Dirs != "" && !strings.Contains(set.Dirs, "a") {
			leg.names = syntax.DirectionTokens(set.Dirs)
		} else if set.Dirs == "" && i > 0 {
			leg.names = []string{"f"} // §4.3
		}
		for _, m := range set.Modalities {
			if m.VictimVirgin || !strings.ContainsRune("mcdpt", rune(m.Letter)) {
				if !m.VictimVirgin {
					part, at = dialect.ModifierPart(part, at, m.Letter)
				}
				return nil, fromNoEq(src, part, at, "the modality %c%s has no XBetza equivalent (§X7.1)", m.Letter, map[bool]string{true: "i"}[m.VictimVirgin])
			}
			leg.modes += string(m.Letter)
		}
		if leg.modes == "" {
			leg.modes = "m" // §4.2
			if i == len(c.Legs)-1 {
				leg.modes = "mc" // §4.4
			}
		}
		leg.modes = order(leg.modes)
		if e := l.Exp; e != nil {
			if e.Kind == syntax.Exact || atom.Rider || e.Mods.Set.HasModality() {
				return nil, fromNoEq(src, part, at, "an exact exponent, an exponent on a rider, or modalities on an exponent: XBetza's range is an up-to count on a leaper (§X7.1)")
			}
			leg.ride = e.Count
			if e.Mods.Set.Dirs != "" {
				leg.expDirs = syntax.DirectionTokens(e.Mods.Set.Dirs)
			}
		}
		out = append(out, leg)
	}
	return out, nil
}

func order(modes string) string {
	var b strings.Builder
	for _, c := range "mcdpt" {
		if strings.ContainsRune(modes, c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// concrete expands a chain into its concrete paths in the frames of §2.7
// and §6.1; a frame that depends on how far a ride goes has no XBetza
// equivalent.
func concrete(legs []leg20, c *syntax.Chain, src string) ([]path, error) {
	part, at := src[c.Pos():c.End()], int(c.Pos())
	var out []path
	var rec func(i int, fr geometry.Frame, h hand, so path) error
	rec = func(i int, fr geometry.Frame, h hand, so path) error {
		if i == len(legs) {
			out = append(out, slices.Clone(so))
			return nil
		}
		l := legs[i]
		fr.Mirror = h.mirrored()
		class := fr.ClassIn(l.atom.Class)
		for _, v := range l.atom.Leaps {
			if l.names != nil && !geometry.SelectsAny(class, l.names, fr.Local(v)) {
				continue
			}
			s := step{v: v, ride: l.ride, modes: l.modes, initial: l.mover, equal: l.equal}
			nf, nh := fr, h
			nf.Rot = geometry.NextRot(v, nf.Rot)
			var ok bool
			switch {
			case l.equal, l.atom.Rider: // one leg of any length (§3.10, §1.2)
				ok = nh.step(v, counts(0))
			case l.ride != 1:
				ok = nh.exponent(v, l.ride)
			default:
				ok = nh.step(v, []int{1})
			}
			if l.ride != 1 && !l.atom.Rider && !straight(l, v, nf, nh) {
				return fromNoEq(src, part, at, "an exponent whose copies do not all go straight on has no XBetza range (§X7.1)")
			}
			if !ok && i < len(legs)-1 {
				return fromNoEq(src, part, at, "the directions of a later leg depend on how far a ride goes, through the handedness of §6.1, while XBetza turns by the piece's own left and right (§X7.1)")
			}
			if err := rec(i+1, nf, nh, append(so, s)); err != nil {
				return err
			}
		}
		return nil
	}
	return out, rec(0, geometry.Frame{}, hand{}, nil)
}

// straight reports whether the exponent of l, read in the frame after its
// first copy, selects exactly the leap v: the copies ride straight on.
func straight(l leg20, v geometry.Vec, fr geometry.Frame, h hand) bool {
	fr.Mirror = h.mirrored()
	names := l.expDirs
	if names == nil {
		names = []string{"f"}
	}
	class := fr.ClassIn(l.atom.Class)
	for _, w := range l.atom.Leaps {
		if geometry.SelectsAny(class, names, fr.Local(w)) != (w == v) {
			return false
		}
	}
	return true
}

// An xleg is one leg of an XBetza move being written.
type xleg struct {
	names []string // first leg: names in the mover's frame; later: relative
	mods  string
	atom  string // on the last leg: the atom and its range
}

// xmove writes one concrete path as an XBetza move (§X5, §X7.1).
func xmove(p path, c *syntax.Chain, src string) ([]xleg, error) {
	part, at := src[c.Pos():c.End()], int(c.Pos())
	first := p[0].v
	var f family
	if a := geometry.LeaperOf(first); a.Class == geometry.Oblique {
		f = family{oblique: true, base: a.Bases()[0], eight: true}
	} else {
		f = family{length: max(geometry.Abs(first.X), geometry.Abs(first.Y))}
	}
	f.ride = p[0].ride
	out := make([]xleg, len(p))
	for i, s := range p {
		idx := f.index(s.v)
		if idx < 0 || f.leap(idx) != s.v {
			return nil, fromNoEq(src, part, at, "its legs leap different distances; an XBetza move has one atom for every leg (§X5.1, §X7.1)")
		}
		l := xleg{}
		if i == 0 {
			l.names = []string{geometry.Name(s.v)}
		} else {
			l.names = []string{geometry.Name(units[(idx-f.index(p[i-1].v)+8)%8])} // §X5.2
		}
		last := i == len(p)-1
		mods := s.modes
		if i > 0 && s.ride != p[i-1].ride && !s.equal {
			// §X5.6: the leg before toggles this one.
			want := 1
			if p[i-1].ride == 1 {
				want = f.ride
				if want == 1 {
					want = 0
				}
			}
			prevMods := out[i-1].mods
			switch {
			case s.ride != want:
				return nil, fromNoEq(src, part, at, "its legs ride different ranges, which XBetza's toggles y and g cannot give (§X5.6, §X7.1)")
			case prevMods == "":
				out[i-1].mods = "y"
			case prevMods == "p" || prevMods == "tp":
				out[i-1].mods = strings.Replace(prevMods, "p", "g", 1)
			default:
				return nil, fromNoEq(src, part, at, "a leg that changes between leaper and rider after a leg that is neither m nor p (§X5.6, §X7.1)")
			}
		}
		switch {
		case last && mods == "mc", !last && mods == "m":
			mods = ""
		case strings.Contains(mods, "t"):
			mods = strings.Replace(mods, "t", "tp", 1)
		}
		if s.initial {
			mods = "i" + mods
		}
		if s.equal {
			mods = "i" + mods // §X4.8
		}
		l.mods = mods
		out[i] = l
	}
	out[len(out)-1].atom = xatom(p[0].v, f.ride)
	return out, nil
}

// xatom writes the atom of a move whose first leg leaps v with the ride r.
func xatom(v geometry.Vec, r int) string {
	letter := string(geometry.LeaperOf(v).Letter)
	switch {
	case r == 1:
		return letter
	case r == 0 && letter == "W":
		return "R"
	case r == 0 && letter == "F":
		return "B"
	}
	return letter + strconv.Itoa(r)
}

// apart orders the moves' texts so that no two side by side read as one
// doubled letter (§X2.4): moves with no prefix first, those with a range
// before those without, each text once. A prefix starts with a lower-case
// letter and a range ends with a digit, so only two bare atoms could meet,
// and after the ranged ones each bare letter stands once.
func apart(moves [][]xleg) []string {
	var texts []string
	for _, m := range moves {
		if t := xtext(m); !slices.Contains(texts, t) {
			texts = append(texts, t)
		}
	}
	rank := func(t string) int {
		switch {
		case 'A' <= t[0] && t[0] <= 'Z' && '0' <= t[len(t)-1] && t[len(t)-1] <= '9':
			return 0 // a bare atom with a range
		case 'A' <= t[0] && t[0] <= 'Z':
			return 1 // a bare atom
		}
		return 2
	}
	slices.SortStableFunc(texts, func(a, b string) int { return rank(a) - rank(b) })
	return texts
}

func xtext(m []xleg) string {
	var b strings.Builder
	for i, l := range m {
		if i > 0 {
			b.WriteByte('a')
		}
		mods := l.mods
		if strings.HasPrefix(mods, "i") {
			b.WriteByte('i')
			mods = mods[1:]
		}
		b.WriteString(xdirs(l.names, i == 0, m[len(m)-1].atom))
		b.WriteString(mods)
	}
	b.WriteString(m[len(m)-1].atom)
	return b.String()
}

// xdirs writes a leg's direction names so that XBetza reads them back as
// the same moves, or "" when the spelling fails (mergeX keeps such sets
// apart).
func xdirs(names []string, first bool, atom string) string {
	if first {
		a := geometry.LookupAtom(atom[0])
		s, ok := spellSet(a.Class, names, true)
		if ok && sameFirst(a, s, names) {
			return s
		}
		return ""
	}
	if len(names) == 8 {
		return "vsfsbs"
	}
	s, ok := spellSet(geometry.Compound, names, false)
	if ok && s != "a" && sameRelative(s, names) {
		return s
	}
	return ""
}

// sameFirst reports whether XBetza reads the spelling s on a first leg of
// a as the moves the names select.
func sameFirst(a *geometry.Atom, s string, names []string) bool {
	got := firstMoves(a, tokens(&Leg{Letters: s, Offsets: make([]int, len(s))}))
	if s == "" {
		got = a.Leaps
	}
	return slices.Equal(got, a.Selected(names...))
}

// sameRelative reports whether XBetza reads s on a later leg as the
// relative directions the names select.
func sameRelative(s string, names []string) bool {
	got := relative(tokens(&Leg{Letters: s, Offsets: make([]int, len(s))}), 0, true)
	var want []int
	for k, u := range units {
		if geometry.SelectsAny(geometry.Compound, names, u) {
			want = append(want, k)
		}
	}
	return s != "" && slices.Equal(got, want)
}

// mergeX joins moves that differ only in the direction names of one leg
// (§X7.1), when the union can be spelled.
func mergeX(moves [][]xleg) [][]xleg {
	return mergeLegs(moves, xlegText, func(l *xleg) *[]string { return &l.names },
		func(m []xleg, j int, names []string) bool {
			atom := m[len(m)-1].atom
			return xdirs(names, j == 0, atom) != "" || (j == 0 && allOf(names, atom))
		})
}

func allOf(names []string, atom string) bool {
	a := geometry.LookupAtom(atom[0])
	return len(a.Selected(names...)) == len(a.Leaps)
}

// xlegText is a leg as mergeX compares it: its names, unless hole, its
// modifiers and its atom.
func xlegText(l *xleg, hole bool) string {
	names := ""
	if !hole {
		names = strings.Join(l.names, ",")
	}
	return names + "|" + l.mods + "|" + l.atom + ";"
}

package xbetza

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect/bracket"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// A leg2 is one leg of a Betza 2.0 chain being written: its direction
// names (a set, after merging) and the rest of its text.
type leg2 struct {
	class       geometry.Class // the atom's class in the leg's frame (§2.7)
	names       []string       // its direction names
	mover       bool           // the mover's i (§3.11)
	equal       bool           // e (§3.10)
	modes       string         // its modality letters
	unit        string         // the atom and its exponent
	first, last bool           // the chain's first or last leg
	move        int            // where the move it comes from starts in the source
}

// text writes the leg, leaving out what Betza 2.0 implies where it stands:
// every direction on a first leg and f on a later one (§4.3, §4.4), m on a
// leg another follows and m and c on the last (§4.2, §4.4).
func (l leg2) text() string {
	dirs, _ := spellSet(l.class, l.names, l.first)
	if !l.first && dirs == "f" {
		dirs = ""
	}
	return l.with(dirs)
}

// with writes the leg with dirs for its directions.
func (l leg2) with(dirs string) string {
	modes := l.modes
	if (l.last && modes == "mc") || (!l.last && modes == "m") {
		modes = ""
	}
	var b strings.Builder
	if l.mover {
		b.WriteByte('i')
	}
	b.WriteString(dirs)
	if l.equal {
		b.WriteByte('e')
	}
	b.WriteString(modes)
	b.WriteString(l.unit)
	return b.String()
}

// maxRide is the longest ride any board allows (§11, board.MaxSide).
const maxRide = board.MaxSide - 1

// A hand follows the handedness of a path (§6.1) whose rides may go any
// length: while it is unset, the positions along the line of the first
// step that the path may have reached, in multiples of that step's unit.
// step never changes a map in place, so copies of a hand may share one.
type hand struct {
	fixed geometry.Hand
	unit  geometry.Vec
	at    map[int]bool
}

func (h *hand) mirrored() bool { return h.fixed == geometry.HandMirrored }

// counts are the step counts of a ride of up to r steps (0: without
// limit) on the largest board.
func counts(r int) []int {
	if r == 0 || r > maxRide {
		r = maxRide
	}
	out := make([]int, r)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// step moves the path by k·v, one leg, for each k of ks. It reports false
// when the handedness this fixes depends on k or on how far the rides
// before went (§X6.2).
func (h *hand) step(v geometry.Vec, ks []int) bool {
	switch {
	case h.fixed != geometry.HandUnset:
		return true
	case h.at == nil: // the first step
		if geometry.IsOblique(v) {
			var c geometry.Chirality
			c.Step(v, 1)
			h.fixed = c.Hand
			return true
		}
		h.unit = geometry.Vec{X: geometry.Sign(v.X), Y: geometry.Sign(v.Y)}
		h.at = map[int]bool{}
		m := max(geometry.Abs(v.X), geometry.Abs(v.Y))
		for _, k := range ks {
			h.at[m*k] = true
		}
		return true
	}
	if m, ok := along(v, h.unit); ok {
		next := map[int]bool{}
		for c := range h.at {
			for _, k := range ks {
				next[c+m*k] = true
			}
		}
		h.at = next
		return true
	}
	got := geometry.HandUnset
	for c := range h.at {
		for _, k := range ks {
			var ch geometry.Chirality
			ch.Step(h.unit, 1) // the line of the first step
			ch.Disp = h.unit.Scale(c)
			ch.Step(v, k)
			if got != geometry.HandUnset && ch.Hand != got {
				return false
			}
			got = ch.Hand
		}
	}
	h.fixed = got
	return true
}

// exponent moves the path by a ride written as an exponent (§5.1, §5.3):
// its copies are legs, so a ride along the line may end anywhere on it,
// while one that leaves the line fixes the handedness at its first copy.
func (h *hand) exponent(v geometry.Vec, r int) bool {
	if _, on := along(v, h.unit); h.fixed == geometry.HandUnset && (h.at == nil || on) {
		return h.step(v, counts(r))
	}
	return h.step(v, []int{1})
}

// along returns m with v = m·u, when v lies on the line of the unit u.
func along(v, u geometry.Vec) (int, bool) {
	m := v.X * u.X
	if u.X == 0 {
		m = v.Y * u.Y
	}
	return m, u.Scale(m) == v
}

// chain names the steps of a path in the frames Betza 2.0 reads them in
// (§X6.1, §X6.2): each leg's single move, and for a ride the name that
// keeps its copies straight on. A frame that depends on how far a ride
// goes has no equivalent.
func chain(p path, m *Move, src string) ([]leg2, error) {
	fr := geometry.Frame{}
	var h hand
	out := make([]leg2, len(p))
	for i, s := range p {
		fr.Mirror = h.mirrored()
		atom := geometry.LeaperOf(s.v)
		l := leg2{class: fr.ClassIn(atom.Class), names: []string{geometry.Name(fr.Local(s.v))},
			mover: s.initial, equal: s.equal, modes: s.modes, first: i == 0, last: i == len(p)-1, move: m.At}
		var b strings.Builder
		b.WriteByte(atom.Letter)
		ok := true
		switch {
		case s.equal:
			// §3.10: one leg, as many steps as the ride before.
			fr.Rot = geometry.NextRot(s.v, fr.Rot)
			ok = h.step(s.v, counts(0))
		case s.ride != 1 && i+1 < len(p) && p[i+1].equal:
			// §3.10: an e leg counts the steps of one leg, so the ride
			// before it is one rider leg, R or B (paths checks that).
			b.Reset()
			b.WriteByte(map[byte]byte{'W': 'R', 'F': 'B'}[atom.Letter])
			fr.Rot = geometry.NextRot(s.v, fr.Rot)
			ok = h.step(s.v, counts(s.ride))
		case s.ride != 1:
			// §5.1, §5.3: the copies of the exponent are legs; each goes
			// on straight, named in the frame after the first, which is
			// where a ride that leaves the line fixes the handedness.
			fr.Rot = geometry.NextRot(s.v, fr.Rot)
			ok = h.exponent(s.v, s.ride)
			after := geometry.Frame{Rot: fr.Rot, Mirror: h.mirrored()}
			if straight := geometry.Name(after.Local(s.v)); straight != "f" {
				b.WriteString(straight)
			}
			b.WriteString(strconv.Itoa(s.ride))
		default:
			fr.Rot = geometry.NextRot(s.v, fr.Rot)
			ok = h.step(s.v, []int{1})
		}
		if !ok && i < len(p)-1 {
			return nil, noEq(src, m, "Betza 2.0 fixes the handedness of a path from its displacement (§6.1), which here depends on how far a ride goes (§X6.2)")
		}
		l.unit = b.String()
		out[i] = l
	}
	return out, nil
}

// merge joins chains that differ only in the direction names of one leg
// into one chain naming the union (§X6.3), until no two can be joined.
func merge(chains [][]leg2) [][]leg2 {
	return mergeLegs(chains, mergeText, func(l *leg2) *[]string { return &l.names },
		func(c []leg2, j int, names []string) bool {
			_, ok := spellSet(c[j].class, names, j == 0)
			return ok
		})
}

// mergeLegs joins sequences of legs that differ only in the direction
// names of one leg, the j-th: text(l, hole) is the leg l as the sequences
// are compared, with its names or (hole) without them, names gives a
// leg's names, and join says whether the union of names can stand on leg
// j of s. It goes on until no two can be joined; a sequence that takes
// in others keeps its place, and the order of the rest is kept.
//
// Only sequences of one length can be joined, and those are compared by
// the numbers their legs before and after j are interned as (a prefix's
// number, a leg's text) and (a leg's text, the rest's number): the work of
// a pass is proportional to the legs of all sequences, however long one
// of them is (§X6.4 bounds them).
func mergeLegs[L any](seqs [][]L, text func(l *L, hole bool) string, names func(l *L) *[]string, join func(s []L, j int, names []string) bool) [][]L {
	type link struct {
		id   int
		text string
	}
	before, after := map[link]int{}, map[link]int{}
	intern := func(m map[link]int, k link) int {
		id, ok := m[k]
		if !ok {
			id = len(m) + 1
			m[k] = id
		}
		return id
	}
	// ids of a sequence: for each leg j, the numbers of its legs before
	// and after j.
	type ids struct{ before, after []int }
	idsOf := func(s []L) ids {
		full := make([]string, len(s))
		for i := range s {
			full[i] = text(&s[i], false)
		}
		x := ids{make([]int, len(s)), make([]int, len(s))}
		id := 0
		for i := range s {
			x.before[i] = id
			id = intern(before, link{id, full[i]})
		}
		id = 0
		for i := len(s) - 1; i >= 0; i-- {
			x.after[i] = id
			id = intern(after, link{id, full[i]})
		}
		return x
	}
	type key struct {
		before, after int
		hole          string
	}
	byLength := map[int][]int{}
	for i, s := range seqs {
		byLength[len(s)] = append(byLength[len(s)], i)
	}
	out := slices.Clone(seqs)
	gone := make([]bool, len(seqs))
	for n, class := range byLength {
		if len(class) < 2 {
			continue
		}
		keys := make([]ids, len(class))
		for k, i := range class {
			keys[k] = idsOf(out[i])
		}
		for changed := true; changed; {
			changed = false
			for j := 0; j < n; j++ {
				at := map[key]int{} // where the first sequence of each key stands in class
				kept := class[:0:0]
				var keptKeys []ids
				for k, i := range class {
					s := out[i]
					kk := key{keys[k].before[j], keys[k].after[j], text(&s[j], true)}
					if o, ok := at[kk]; ok {
						first := kept[o]
						u := union(*names(&out[first][j]), *names(&s[j]))
						if join(out[first], j, u) {
							joined := slices.Clone(out[first])
							*names(&joined[j]) = u
							out[first], keptKeys[o] = joined, idsOf(joined)
							gone[i], changed = true, true
							continue
						}
					}
					at[kk] = len(kept)
					kept = append(kept, i)
					keptKeys = append(keptKeys, keys[k])
				}
				class, keys = kept, keptKeys
			}
		}
	}
	var merged [][]L
	for i, s := range out {
		if !gone[i] {
			merged = append(merged, s)
		}
	}
	return merged
}

// mergeText is a leg as merge compares it: its text with its class and,
// unless hole, its names sorted, in place of its direction letters.
func mergeText(l *leg2, hole bool) string {
	dirs := "·" + l.class.String() + "·" // the class; the names are what merging joins
	if !hole {
		names := slices.Clone(l.names)
		slices.Sort(names)
		dirs = strings.Join(names, ",") + dirs
	}
	return l.with(dirs)
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, n := range b {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// representative is an atom whose moves show every name of the class: the
// selections of a name depend only on the class (§2.2–§2.4).
func representative(c geometry.Class) *geometry.Atom {
	switch c {
	case geometry.Orthogonal:
		return geometry.LookupAtom('W')
	case geometry.Diagonal:
		return geometry.LookupAtom('F')
	case geometry.Compound:
		return geometry.LookupAtom('K')
	}
	return geometry.LookupAtom('N')
}

// candidateNames are the direction names of §2.6, longest reach first.
var candidateNames = []string{"v", "s", "f", "b", "l", "r", "fs", "bs", "lv", "rv",
	"fl", "fr", "bl", "br", "lf", "rf", "lb", "rb", "fh", "bh", "lh", "rh"}

// spellSet writes the moves the names select with as few names as the
// table of the class allows (§X6.3): nothing on a first leg that goes
// every way (§4.4), a on a later one (§2.6). ok is false when no order of
// the names reads back as the same moves.
func spellSet(c geometry.Class, names []string, first bool) (string, bool) {
	rep := representative(c)
	target := rep.Selected(names...)
	if len(target) == len(rep.Leaps) {
		if first {
			return "", true
		}
		return "a", true
	}
	var chosen []string
	var covered []geometry.Vec
	for len(covered) < len(target) {
		best, gain := "", 0
		for _, n := range candidateNames {
			sel := rep.Selected(n)
			if len(sel) == 0 || !subset(sel, target) {
				continue
			}
			g := 0
			for _, v := range sel {
				if !slices.Contains(covered, v) {
					g++
				}
			}
			if g > gain {
				best, gain = n, g
			}
		}
		if best == "" {
			break
		}
		chosen = append(chosen, best)
		for _, v := range rep.Selected(best) {
			if !slices.Contains(covered, v) {
				covered = append(covered, v)
			}
		}
	}
	if len(covered) == len(target) {
		if s, ok := spell(chosen); ok {
			return s, true
		}
	}
	return spell(names)
}

// spell writes the names in an order in which Betza 2.0 reads them back
// as the same names: "fr" written after "f" would read as one name.
func spell(names []string) (string, bool) {
	order := slices.Clone(names)
	slices.Sort(order)
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(order) {
			return slices.Equal(syntax.DirectionTokens(strings.Join(order, "")), order)
		}
		for i := k; i < len(order); i++ {
			order[k], order[i] = order[i], order[k]
			if try(k + 1) {
				return true
			}
			order[k], order[i] = order[i], order[k]
		}
		return false
	}
	if len(order) > 6 {
		// Only singles are merged, and at most eight: keep the sorted order
		// when it reads back, else refuse.
		return strings.Join(order, ""), slices.Equal(syntax.DirectionTokens(strings.Join(order, "")), order)
	}
	if try(0) {
		return strings.Join(order, ""), true
	}
	return "", false
}

func subset(a, b []geometry.Vec) bool {
	for _, v := range a {
		if !slices.Contains(b, v) {
			return false
		}
	}
	return true
}

// render writes the paths of a notation as one Betza 2.0 notation
// (§X6.3). The chains written may have at most as many legs after
// expansion together as Betza 2.0 allows (§12.2, §X6.4): past that, the
// error is at the move the chain that passes it comes from.
func render(chains [][]leg2) (string, error) {
	var out []string
	max := expand.DefaultLimits.MaxNodes
	legs := 0
	for _, c := range merge(chains) {
		parts := make([]string, len(c))
		for i, l := range c {
			parts[i] = l.text()
		}
		text := strings.Join(parts, "-")
		k, err := expand.Legs(text, max)
		var limit *expand.LimitError
		if err != nil && !errors.As(err, &limit) {
			return "", fmt.Errorf("xbetza: internal error: the chain %q does not read in Betza 2.0: %v", text, err)
		}
		if legs += k; legs > max {
			return "", errAt(c[0].move, "§X6.4", "expected a translation of at most %d legs after expansion (§12.2), found more by this move", max)
		}
		out = append(out, text)
	}
	return bracket.Join(out), nil
}

package triage

import (
	"sort"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
	"github.com/betzacheck/betzacheck/reference/dialect/xbetza"
	"github.com/betzacheck/betzacheck/reference/geometry"
)

// mistake is a reading mistake programs make with classic Betza: a
// rewrite of the moves of a description into what such a program reads.
type mistake struct {
	name, says, clause string
	// needs, when set, says whether the mistake can be written for the
	// profile the notation is sent under (the rides it writes in Betza
	// 2.0 read direction letters as Betza 2.0 does).
	needs   func(p *classic.Profile) bool
	rewrite rewrite
}

// rewrite rewrites the moves of a description read under d, for a board
// whose longer side has side squares.
type rewrite func(d classic.Dialect, moves []*classic.Move, side int) (rewritten, bool)

// rewritten is a description as a mistaken program reads it: classic
// text, read under the notation's profile, or Betza 2.0 text.
type rewritten struct {
	text   string
	betza2 bool
}

// mistakes is the library of reading mistakes, in the order classes name
// them when two explain the same failures.
var mistakes = []mistake{
	{name: "j-as-ad", clause: "§C5.2",
		says: "reads J as A and D together (the older 'J = jumper of two squares'); the spec reads J as the profile's atom (the camel C under xboard)",
		rewrite: eachMove(func(m classic.Move) []classic.Move {
			if m.Letter != 'J' {
				return nil
			}
			a, d := m, m
			a.Letter, d.Letter = 'A', 'D'
			return []classic.Move{a, d}
		})},
	{name: "range-jumps", clause: "§C2.3", needs: readsRuns,
		says: "makes a ranged W, F or K jump: W3 reaches the third square whatever the squares before it hold; a range is at most that many steps, each stopped by a piece (§1.2)",
		rewrite: rides(func(m classic.Move) (int, bool) {
			return m.Range, strings.IndexByte("WFK", m.Letter) >= 0 && !m.Doubled && m.Range >= 2
		}, jumping)},
	{name: "rider-passes", clause: "§1.2", needs: readsRuns,
		says: "lets R, B and Q pass pieces: a ride goes on past the squares it meets occupied; a ride stops at the first piece (§1.2)",
		rewrite: rides(func(m classic.Move) (int, bool) {
			if strings.IndexByte("RBQ", m.Letter) < 0 {
				return 0, false
			}
			return max(m.Range, 0), true
		}, jumping)},
	{name: "nrider-passes", clause: "§C2.2", needs: readsRuns,
		says: "lets a ride of N, C or Z pass pieces on the squares it lands on before its last leap; a ride stops at the first piece (§C2.2, §1.2)",
		rewrite: rides(func(m classic.Move) (int, bool) {
			return rideOf(m, "NCZ")
		}, jumping)},
	{name: "leap-blocked", clause: "§C2.2", needs: readsRuns,
		says: "blocks a ride of D, A, H or G on the squares it leaps over; a leaper's ride is stopped only by the squares it lands on (§C2.2, §1.2)",
		rewrite: rides(func(m classic.Move) (int, bool) {
			return rideOf(m, "DAHG")
		}, blocked)},
	{name: "doubled-two", clause: "§C2.2",
		says: "reads a doubled letter as the atom twice, which is the atom once (NN as N); §C2.2 makes it the rider",
		rewrite: eachMove(func(m classic.Move) []classic.Move {
			if !m.Doubled {
				return nil
			}
			m.Doubled = false
			return []classic.Move{m}
		})},
	{name: "digit-dropped", clause: "§C2.3",
		says: "ignores a range: W3 as W, N0 as N; §C2.3 makes it at most that many leaps (0 none)",
		rewrite: eachMove(func(m classic.Move) []classic.Move {
			if m.Range < 0 {
				return nil
			}
			m.Range = -1
			return []classic.Move{m}
		})},
	{name: "mc-last", clause: "§C3.2",
		says: "keeps only the last of m and c written on a move (mcW as cW); the two together allow both (§C3.2)",
		rewrite: eachMove(func(m classic.Move) []classic.Move {
			modes, rest := split(m.Mods, "mc")
			if !strings.Contains(modes, "m") || !strings.Contains(modes, "c") {
				return nil
			}
			m.Mods = rest + modes[len(modes)-1:]
			return []classic.Move{m}
		})},
	{name: "oblique-quadrant", clause: "§C3.1",
		says: "reads a pair of letters of two axes on N, C or Z as the quadrant between them (frN as frN and rfN); a pair names one leap (§2.4)",
		rewrite: eachMove(func(m classic.Move) []classic.Move {
			if strings.IndexByte("NCZ", m.Letter) < 0 {
				return nil
			}
			dirs, rest := split(m.Mods, "fbrlvs")
			var names []string
			swapped := false
			// The names as the xboard profile reads a run (§C5.5).
			for _, n := range xbetza.DirectionNames(dirs) {
				names = append(names, n)
				if len(n) == 2 && isOblique(n) {
					names = append(names, string([]byte{n[1], n[0]}))
					swapped = true
				}
			}
			if !swapped {
				return nil
			}
			var out []classic.Move
			for _, n := range names {
				c := m
				c.Mods = n + rest
				out = append(out, c)
			}
			return out
		})},
	{name: "fixed-order", clause: "§C3.1",
		says: "reads the direction letters of a move in a fixed order (f b r l v s) instead of as written (lfN as flN); §C3.1 reads them as written, and an oblique pair's order names the leap (§2.4)",
		rewrite: eachMove(func(m classic.Move) []classic.Move {
			dirs, rest := split(m.Mods, "fbrlvs")
			sorted := []byte(dirs)
			sort.SliceStable(sorted, func(i, j int) bool {
				return strings.IndexByte("fbrlvs", sorted[i]) < strings.IndexByte("fbrlvs", sorted[j])
			})
			if string(sorted) == dirs {
				return nil
			}
			m.Mods = string(sorted) + rest
			return []classic.Move{m}
		})},
	{name: "i-never-captures", clause: "§C3.3",
		says: "lets an initial move (i) only move, never capture; i restricts when the move may be made, not its mode (§3.11)",
		rewrite: eachMove(func(m classic.Move) []classic.Move {
			if strings.IndexByte(m.Mods, 'i') < 0 || strings.IndexByte(m.Mods, 'm') >= 0 && strings.IndexByte(m.Mods, 'c') < 0 {
				return nil
			}
			m.Mods = strings.NewReplacer("c", "", "m", "").Replace(m.Mods) + "m"
			return []classic.Move{m}
		})},
}

// readsRuns says whether a profile reads direction letters as Betza 2.0
// does, with K and Q in its compound table (§C5.4 table): then a move's
// direction letters can be written on a Betza 2.0 leg as they are.
func readsRuns(p *classic.Profile) bool {
	dirs, _ := p.Value(classic.TopicDirections)
	comp, _ := p.Value(classic.TopicCompound)
	return dirs == "run" && comp == "table"
}

// rewriting is a Reading by a mistake, under a profile.
type rewriting struct {
	d       classic.Dialect
	rewrite rewrite
}

func (r *rewriting) Read(text string, side int) (*reference.Program, error, bool) {
	moves, err := r.d.Parse(text)
	if err != nil {
		return nil, nil, false
	}
	rw, ok := r.rewrite(r.d, moves, side)
	if !ok {
		return nil, nil, false
	}
	if rw.betza2 {
		prog, err := reference.Compile(rw.text)
		return prog, err, err == nil
	}
	prog, err := r.d.ToBetza2(rw.text)
	return prog, err, true
}

// eachMove is a rewrite that replaces each move f rewrites (f returns nil
// for a move it keeps) and applies when it rewrote one.
func eachMove(f func(classic.Move) []classic.Move) rewrite {
	return func(d classic.Dialect, moves []*classic.Move, _ int) (rewritten, bool) {
		var all []classic.Move
		changed := false
		for _, m := range moves {
			out := f(*m)
			if out == nil {
				out = []classic.Move{*m}
			} else {
				changed = true
			}
			all = append(all, out...)
		}
		var b strings.Builder
		for i, o := range all {
			if i > 0 && o.Mods == "" && all[i-1].Letter == o.Letter && all[i-1].Range < 0 {
				// Written side by side, the two would read as one
				// doubled letter: each move is written in Betza 2.0.
				return inBetza2(d, all)
			}
			b.WriteString(moveText(o))
		}
		return rewritten{text: b.String()}, changed
	}
}

// inBetza2 is the union of moves, each translated alone under d.
func inBetza2(d classic.Dialect, moves []classic.Move) (rewritten, bool) {
	var b strings.Builder
	for _, m := range moves {
		prog, err := d.ToBetza2(moveText(m))
		if err != nil {
			return rewritten{}, false
		}
		b.WriteString("(" + prog.Source() + ")")
	}
	return rewritten{text: b.String(), betza2: true}, true
}

// moveText writes a classic move back: its modifiers, its atom (doubled),
// its range.
func moveText(m classic.Move) string {
	s := m.Mods + string(m.Letter)
	if m.Doubled {
		s += string(m.Letter)
	}
	if m.Range >= 0 {
		s += strconv.Itoa(m.Range)
	}
	return s
}

// split separates the letters of mods in set from the others, each in
// the order written.
func split(mods, set string) (in, rest string) {
	for i := 0; i < len(mods); i++ {
		if strings.IndexByte(set, mods[i]) >= 0 {
			in += mods[i : i+1]
		} else {
			rest += mods[i : i+1]
		}
	}
	return in, rest
}

// isOblique reports whether a pair of direction letters is one of f or b
// with one of l or r, in either order: a pair that names one leap of an
// oblique atom (§2.4).
func isOblique(pair string) bool {
	vert := func(c byte) bool { return c == 'f' || c == 'b' }
	side := func(c byte) bool { return c == 'l' || c == 'r' }
	return vert(pair[0]) && side(pair[1]) || side(pair[0]) && vert(pair[1])
}

// rideOf is the number of leaps of a ride of one of the atoms (0 for no
// limit) and whether m is one: doubled, or with a range of 2 or more, or
// 0 (no limit where the profile reads it so).
func rideOf(m classic.Move, atoms string) (int, bool) {
	if strings.IndexByte(atoms, m.Letter) < 0 {
		return 0, false
	}
	switch {
	case m.Range >= 2, m.Range == 0:
		return m.Range, true
	case m.Doubled && m.Range < 0:
		return 0, true
	}
	return 0, false
}

// reach is the longer component of a leap of the letter, in squares
// (§1.1).
func reach(letter byte) int {
	r := 1
	if a := geometry.LookupAtom(letter); a != nil {
		for _, v := range a.Leaps {
			r = max(r, geometry.Abs(v.X), geometry.Abs(v.Y))
		}
	}
	return r
}

// rides is a rewrite that writes every move ride says is a ride of n
// leaps (0: as many as a board holds) in Betza 2.0 the way line does,
// and keeps the others as the profile translates them alone.
func rides(ride func(classic.Move) (int, bool), line func(m classic.Move, dirs, modes string, k int) string) rewrite {
	return func(d classic.Dialect, moves []*classic.Move, side int) (rewritten, bool) {
		var parts []string
		changed := false
		for _, m := range moves {
			n, ok := ride(*m)
			dirs, rest := split(m.Mods, "fbrlvs")
			modes, other := split(rest, "mci")
			if !ok || other != "" {
				// Kept as written: the profile's own translation, in
				// Betza 2.0.
				prog, err := d.ToBetza2(moveText(*m))
				if err != nil {
					return rewritten{}, false
				}
				parts = append(parts, prog.Source())
				continue
			}
			changed = true
			// No line of the board holds more leaps than this.
			most := (side - 1) / reach(m.Letter)
			if n == 0 || n > most {
				n = most
			}
			initial := ""
			if strings.IndexByte(modes, 'i') >= 0 {
				initial, modes = "i", strings.ReplaceAll(modes, "i", "")
			}
			for k := 1; k <= n; k++ {
				if s := line(*m, initial+dirs, modes, k); s != "" {
					parts = append(parts, s)
				}
			}
		}
		for i, p := range parts {
			parts[i] = "(" + p + ")"
		}
		return rewritten{text: strings.Join(parts, ""), betza2: true}, changed
	}
}

// stepOf is the atom the straight line of a leap of letter goes by, and
// how many of its steps a leap is: D is two W steps.
func stepOf(letter byte) (byte, int) {
	switch letter {
	case 'D':
		return 'W', 2
	case 'H':
		return 'W', 3
	case 'A':
		return 'F', 2
	case 'G':
		return 'F', 3
	case 'R':
		return 'W', 1
	case 'B':
		return 'F', 1
	case 'Q':
		return 'K', 1
	}
	return letter, 1
}

// straight is the direction letters that continue a leg of the atom
// straight on (§4.3, §2.7): the implied f, except on an oblique atom,
// whose f names two leaps (§2.4).
func straight(atom byte) string {
	if strings.IndexByte("NCZ", atom) >= 0 {
		return "rf"
	}
	return ""
}

// jumping writes the k-th leap of a straight line that passes pieces: k
// legs, every one but the last ending on any square (mp, §3.13).
func jumping(m classic.Move, dirs, modes string, k int) string {
	atom, _ := stepOf(m.Letter)
	legs := make([]string, k)
	for i := range legs {
		mods := "mp" + straight(atom)
		if i == 0 {
			mods = dirs + "mp"
		}
		if i == k-1 {
			mods = modes + straight(atom)
			if i == 0 {
				mods = dirs + modes
			}
		}
		legs[i] = mods + string(atom)
	}
	return strings.Join(legs, "-")
}

// blocked writes the k-th leap of a ride that its leapt squares block: k
// leaps of s steps of the line's atom, each step ending on an empty square
// but the last (§4.2).
func blocked(m classic.Move, dirs, modes string, k int) string {
	atom, s := stepOf(m.Letter)
	legs := make([]string, k*s)
	for i := range legs {
		legs[i] = string(atom)
	}
	legs[0] = dirs + legs[0]
	legs[len(legs)-1] = modes + legs[len(legs)-1]
	if len(legs) == 1 {
		legs[0] = dirs + modes + string(atom)
	}
	return strings.Join(legs, "-")
}

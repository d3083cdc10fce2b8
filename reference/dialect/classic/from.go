package classic

import (
	"fmt"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/bracket"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// FromBetza2 writes a Betza 2.0 notation in classic Betza under the
// dialect's profile (§C6): single legs, the hopper pX-X, the grasshopper
// pX-step and the lame leapers. Anything else is a *NoEquivalentError.
func (d Dialect) FromBetza2(src string) (string, error) {
	chains, err := bracket.Chains2(src, dialect.Classic)
	if err != nil {
		return "", err
	}
	var moves []string
	for _, c := range chains {
		ms, err := d.fromChain(c)
		if err != nil {
			return "", err
		}
		moves = append(moves, ms...)
	}
	if len(moves) == 0 {
		return "", &dialect.NoEquivalentError{From: dialect.Betza2, To: dialect.Classic, Part: src, Offset: 0, Reason: "no move (§C6.1)"}
	}
	return joinMoves(moves), nil
}

// joinMoves juxtaposes classic moves. A move that would start right after
// the same atom letter gets the neutral modes mc in front, so that it is
// not read as a doubled letter ("N" then "N3" is NmcN3, §C2.2).
func joinMoves(moves []string) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, m := range moves {
		if seen[m] {
			continue
		}
		seen[m] = true
		s := b.String()
		if len(s) > 0 && len(m) > 0 && s[len(s)-1] == m[0] && 'A' <= m[0] && m[0] <= 'Z' {
			m = "mc" + m
		}
		b.WriteString(m)
	}
	return b.String()
}

func (d Dialect) noEq(l bracket.Leg2, format string, args ...any) error {
	return &dialect.NoEquivalentError{From: dialect.Betza2, To: dialect.Classic + " (" + d.profile.Name + ")", Part: l.Src, Offset: l.At, Reason: fmt.Sprintf(format, args...)}
}

// simpleMods checks the modifiers a classic leg can carry: directions,
// m and c, the mover's i (§C6.1).
func (d Dialect) simpleMods(l bracket.Leg2, allowed string) error {
	switch {
	case l.Atom == 'O':
		return d.noEq(l, "the null atom O is not classic (§C2.1)")
	case l.Mods.Erupt:
		return d.noEqMod(l, 'x', "x and e are Betza 2.0 letters with no classic meaning (§C6.1)")
	case l.Mods.Equal:
		return d.noEqMod(l, 'e', "x and e are Betza 2.0 letters with no classic meaning (§C6.1)")
	}
	for _, m := range l.Mods.Modalities {
		if strings.IndexByte(allowed, m.Letter) < 0 || m.VictimVirgin {
			return d.noEqMod(l, m.Letter, "the modality %c has no classic spelling here (§C6.1)", m.Letter)
		}
	}
	return nil
}

func (d Dialect) fromChain(c []bracket.Leg2) ([]string, error) {
	switch len(c) {
	case 1:
		if s, ok := d.lameSingle(c[0]); ok {
			return []string{s}, nil
		}
		return d.fromLeg(c[0], "", "")
	case 2:
		if s, ok, err := d.hopper(c[0], c[1]); ok || err != nil {
			return s, err
		}
		if s, ok := d.lameChain(c); ok {
			return []string{s}, nil
		}
	case 3:
		if s, ok := d.lameChain(c); ok {
			return []string{s}, nil
		}
	}
	return nil, d.noEqChain(c, "a chain of %d legs: classic Betza has single legs, hoppers (pR-R), grasshoppers (pQ-K) and lame leapers (W-F) only (§C6.2)", len(c))
}

// noEqChain is the error of a chain that has no classic spelling as a
// whole: it names the chain as written, not its first leg.
func (d Dialect) noEqChain(c []bracket.Leg2, format string, args ...any) error {
	legs := make([]string, len(c))
	for i, l := range c {
		legs[i] = l.Src
	}
	return &dialect.NoEquivalentError{From: dialect.Betza2, To: dialect.Classic + " (" + d.profile.Name + ")", Part: strings.Join(legs, "-"), Offset: c[0].At, Reason: fmt.Sprintf(format, args...)}
}

// noEqMod is the error of a modifier letter of leg l with no classic
// spelling: it names the letter and where it stands.
func (d Dialect) noEqMod(l bracket.Leg2, letter byte, format string, args ...any) error {
	part, at := dialect.ModifierPart(l.Src, l.At, letter)
	return &dialect.NoEquivalentError{From: dialect.Betza2, To: dialect.Classic + " (" + d.profile.Name + ")", Part: part, Offset: at, Reason: fmt.Sprintf(format, args...)}
}

// fromLeg writes one plain leg; extra are modifier letters to add (p, g,
// n) and modes replaces the leg's own modes when not empty.
func (d Dialect) fromLeg(l bracket.Leg2, extra, modes string) ([]string, error) {
	if err := d.simpleMods(l, "mc"); err != nil {
		return nil, err
	}
	ride, why, ok := l.RideLetters()
	if !ok {
		return nil, d.noEq(l, "%s (§C6.1)", why)
	}
	s := d.set
	base := l.Atom
	switch base {
	case 'R':
		base = 'W'
	case 'B':
		base = 'F'
	case 'Q':
		base = 'K'
	}
	riding := l.Range != 1 || strings.IndexByte("RBQ", l.Atom) >= 0
	if riding && l.Range != 1 && strings.IndexByte(s.noRides, base) >= 0 {
		return nil, d.noEq(l, "profile %s reads every ride of %c as no move at all (§C5)", d.profile.Name, base)
	}
	if l.Range != 1 && l.Range != bracket.Unbounded && s.oneDigit && l.Range > 9 {
		return nil, d.noEq(l, "profile %s reads one range digit only (§C5)", d.profile.Name)
	}
	if modes == "" {
		modes = l.Modes()
	}
	if modes == "mc" {
		modes = ""
	}
	pre := ""
	if l.Mods.MoverVirgin {
		pre = "i"
	}
	dirs := l.Mods.Dirs
	if strings.Contains(dirs, "a") {
		dirs = ""
	}
	letters := ride[:1]
	tail := ride[1:]
	compound := letters == "K" || letters == "Q"
	needSplit := dirs != "" && (s.adjacent || (compound && s.compound != "table"))
	if !needSplit {
		return []string{pre + dirs + modes + extra + ride}, nil
	}
	// Write the 2.0 directions as the moves they name, atom by atom, in
	// single names every profile reads alike (§C6.1).
	parts := []byte{base}
	if base == 'K' {
		parts = []byte{'W', 'F'}
	}
	var out []string
	for _, a := range parts {
		set := moveSet(dirs, base, a)
		if len(set) == 0 {
			continue
		}
		letter := letters
		if compound {
			letter = string(a)
			switch {
			case letters == "Q" && a == 'W':
				letter = "R"
			case letters == "Q":
				letter = "B"
			}
		}
		out = append(out, pre+singleNames(set)+modes+extra+letter+tail)
	}
	if len(out) == 0 {
		return nil, d.noEq(l, "the directions name no move (§C6.1)")
	}
	return out, nil
}

// moveSet returns the moves of the single first leg dirs+atom, in the
// mover's frame (§2.1, §2.6 of spec/betza2.md), keeping those of part
// alone when atom is K (W: the orthogonal ones, F: the diagonal ones),
// ordered by their single names.
func moveSet(dirs string, atom, part byte) []geometry.Vec {
	var set []geometry.Vec
	for _, m := range geometry.LookupAtom(atom).Selected(syntax.DirectionTokens(dirs)...) {
		isDiag := m.X != 0 && m.Y != 0
		if (part == 'W' && isDiag && atom == 'K') || (part == 'F' && !isDiag && atom == 'K') {
			continue
		}
		set = append(set, m)
	}
	sort.Slice(set, func(i, j int) bool { return geometry.Name(set[i]) < geometry.Name(set[j]) })
	return set
}

func (d Dialect) lameSingle(l bracket.Leg2) (string, bool) {
	// W02 F02 W03 F03: the lame D A H G (§C6.3).
	if !l.Exact || l.ExpDirs != "" || l.ExpModes != "" || (l.Atom != 'W' && l.Atom != 'F') || (l.Range != 2 && l.Range != 3) {
		return "", false
	}
	if d.simpleMods(l, "mc") != nil || strings.Contains(l.Mods.Dirs, "a") {
		return "", false
	}
	// The leaper of Range steps of W or F: D H A G (§1.1 of spec/betza2.md).
	atom := geometry.LeaperOf(geometry.LookupAtom(l.Atom).Bases()[0].Scale(l.Range)).Letter
	dirs := l.Mods.Dirs
	if dirs != "" {
		// Single names read alike under every profile (§C6.1).
		set := moveSet(dirs, atom, atom)
		if len(set) == 0 {
			return "", false
		}
		dirs = singleNames(set)
	}
	pre := ""
	if l.Mods.MoverVirgin {
		pre = "i"
	}
	modes := l.Modes()
	if modes == "mc" {
		modes = ""
	}
	return pre + dirs + modes + "n" + string(atom), true
}

// lameChains are the chains with no directions that are the lame N, C and
// Z: their lame paths (§C4.6), or under XBoard's reading one orthogonal
// step and the rest of the leap (§C5.6).
var lameChains = map[bool]map[string]string{
	false: {"WF": "N", "WWF": "C", "WFF": "Z"},
	true:  {"WF": "N", "WN": "C", "WA": "Z"},
}

// lameChain recognises the lame N, C and Z of the profile (§C6.3).
func (d Dialect) lameChain(c []bracket.Leg2) (string, bool) {
	shape := ""
	for i, l := range c {
		if l.Range != 1 || l.ExpDirs != "" || l.Mods.Dirs != "" || l.Mods.Erupt || l.Mods.Equal {
			return "", false
		}
		if i < len(c)-1 && (len(l.Mods.Modalities) > 0 || (i > 0 && l.Mods.MoverVirgin)) {
			return "", false
		}
		shape += string(l.Atom)
	}
	atom := lameChains[d.set.lameFirst][shape]
	last := c[len(c)-1]
	if atom == "" || d.simpleMods(last, "mc") != nil || last.Mods.MoverVirgin {
		return "", false
	}
	pre := ""
	if c[0].Mods.MoverVirgin {
		pre = "i"
	}
	modes := last.Modes()
	if modes == "mc" {
		modes = ""
	}
	return pre + modes + "n" + atom, true
}

// hopper recognises pX-X (the classic hopper p) and pX-step (the
// grasshopper g), X an unbounded straight ride (§C6.2).
func (d Dialect) hopper(a, b bracket.Leg2) ([]string, bool, error) {
	if len(a.Mods.Modalities) != 1 || a.Mods.Modalities[0].Letter != 'p' || a.Mods.Modalities[0].VictimVirgin {
		return nil, false, nil
	}
	base, ok := rideBase(a)
	if !ok || b.Mods.MoverVirgin || b.Mods.Erupt || b.Mods.Equal {
		return nil, false, nil
	}
	want := ""
	if strings.IndexByte("NCZ", base) >= 0 {
		want = "rf"
	}
	if b.Mods.Dirs != want {
		return nil, false, nil
	}
	if err := d.simpleMods(b, "mc"); err != nil {
		return nil, false, nil
	}
	a2 := a
	a2.Mods.Modalities = nil
	if bb, ok := rideBase(b); ok && bb == base {
		out, err := d.fromLeg(a2, "p", b.Modes())
		return out, err == nil, err
	}
	if b.Range == 1 && b.ExpDirs == "" && b.Atom == base {
		out, err := d.fromLeg(a2, "g", b.Modes())
		return out, err == nil, err
	}
	return nil, false, nil
}

// rideBase returns the stepping atom of an unbounded straight ride.
func rideBase(l bracket.Leg2) (byte, bool) {
	switch {
	case l.Range == 1 && l.Atom == 'R':
		return 'W', true
	case l.Range == 1 && l.Atom == 'B':
		return 'F', true
	case l.Range == 1 && l.Atom == 'Q':
		return 'K', true
	case l.Range == bracket.Unbounded && !l.Exact && l.ExpModes == "" && strings.IndexByte("WFDAHGK", l.Atom) >= 0 && l.ExpDirs == "":
		return l.Atom, true
	case l.Range == bracket.Unbounded && !l.Exact && l.ExpModes == "" && strings.IndexByte("NCZ", l.Atom) >= 0 && l.ExpDirs == "rf":
		return l.Atom, true
	}
	return 0, false
}

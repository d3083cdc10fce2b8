package bracket

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// Leg2 is one leg of a Betza 2.0 chain in the plain form the other
// dialects can write back: an atom, its modifiers, and an exponent that
// rides it (FromBetza2, §B9).
type Leg2 struct {
	Src   string // the leg as written in the 2.0 text
	At    int
	Atom  byte
	Mods  syntax.ModSet
	Range int  // 1 when there is no exponent; Unbounded for 0
	Exact bool // an exact count 0n
	// ExpDirs are the exponent's direction letters (rf on an oblique
	// straight ride), ExpModes its modality letters.
	ExpDirs, ExpModes string
}

// Chains2 reads a Betza 2.0 notation into its chains of plain legs. A
// group that is a whole chain by itself, with no modifiers and no
// exponent, is opened ((W)(F) is W and F). Anything else that is not a
// plain leg is a *dialect.NoEquivalentError for the target dialect to.
func Chains2(src, to string) ([][]Leg2, error) {
	n, err := syntax.Parse(src)
	if err != nil {
		return nil, err
	}
	if _, err := reference.Compile(src); err != nil {
		return nil, err
	}
	var out [][]Leg2
	var walk func(n *syntax.Notation) error
	walk = func(n *syntax.Notation) error {
		for _, c := range n.Chains {
			if len(c.Legs) == 1 {
				if g, ok := c.Legs[0].Unit.(*syntax.Group); ok && c.Legs[0].Mods.Text == "" && c.Legs[0].Exp == nil {
					if err := walk(g.Body); err != nil {
						return err
					}
					continue
				}
			}
			var legs []Leg2
			for _, l := range c.Legs {
				text := src[l.Pos():l.End()]
				a, ok := l.Unit.(*syntax.Atom)
				if !ok {
					return &dialect.NoEquivalentError{From: dialect.Betza2, To: to, Part: text, Offset: int(l.Pos()),
						Reason: "a group inside a chain, or with modifiers or an exponent, has no plain-leg spelling (§B9.1)"}
				}
				lg := Leg2{Src: text, At: int(l.Pos()), Atom: a.Letter, Mods: l.Mods.Set, Range: 1}
				if e := l.Exp; e != nil {
					lg.ExpDirs, lg.ExpModes = e.Mods.Set.Dirs, modalities(e.Mods.Set)
					switch e.Kind {
					case syntax.Unbounded:
						lg.Range = Unbounded
					case syntax.Exact:
						lg.Range, lg.Exact = e.Count, true
					default:
						lg.Range = e.Count
					}
				}
				legs = append(legs, lg)
			}
			out = append(out, legs)
		}
		return nil
	}
	return out, walk(n)
}

func modalities(s syntax.ModSet) string {
	var b strings.Builder
	for _, m := range s.Modalities {
		b.WriteByte(m.Letter)
	}
	return canonicalModes2(b.String())
}

func canonicalModes2(s string) string {
	const order = "mcdptou"
	var b strings.Builder
	for i := 0; i < len(order); i++ {
		if strings.IndexByte(s, order[i]) >= 0 {
			b.WriteByte(order[i])
		}
	}
	return b.String()
}

// Modes returns the leg's modality letters in the order m c d p t o u.
func (l Leg2) Modes() string { return modalities(l.Mods) }

// RideLetters writes the atom and range of a plain leg in the letters
// shared by the bracket and classic dialects: R B Q for the W F K riders,
// a doubled letter for other riders, a trailing range for limited ones.
// ok is false when the exponent is not a straight ride (§B9.2).
func (l Leg2) RideLetters() (string, string, bool) {
	if l.ExpModes != "" {
		return "", "the exponent's own modalities change the squares between the leaps", false
	}
	if l.Exact {
		return "", "an exact count (0n) has no spelling: a range is a limit, not an exact number of leaps", false
	}
	if l.Range == 1 {
		if l.ExpDirs != "" && !(oblique(l.Atom) && l.ExpDirs == "rf") {
			return "", "exponent directions other than a straight ride", false
		}
		return string(l.Atom), "", true
	}
	switch {
	case strings.IndexByte("RBQO", l.Atom) >= 0:
		return "", "an exponent on R, B, Q or O chains rides; the dialect has no such ride", false
	case oblique(l.Atom) && l.ExpDirs != "rf":
		return "", fmt.Sprintf("%c with an exponent continues with f, which names two leaps after an oblique step (§2.4, §2.7 of spec/betza2.md); only %crf0 and %crfN are the straight %c%c rider", l.Atom, l.Atom, l.Atom, l.Atom, l.Atom), false
	case !oblique(l.Atom) && l.ExpDirs != "":
		return "", "exponent directions turn the ride; the dialect's riders go straight", false
	}
	if l.Range == Unbounded {
		switch l.Atom {
		case 'W':
			return "R", "", true
		case 'F':
			return "B", "", true
		case 'K':
			return "Q", "", true
		}
		return string([]byte{l.Atom, l.Atom}), "", true
	}
	return string(l.Atom) + strconv.Itoa(l.Range), "", true
}

// FromBetza2 writes a Betza 2.0 notation in the bracket dialect (§B9):
// every chain of plain legs whose letters the dialect has becomes a move,
// in brackets when it has more than one leg.
func (Dialect) FromBetza2(src string) (string, error) {
	chains, err := Chains2(src, dialect.Bracket)
	if err != nil {
		return "", err
	}
	var paths [][]string
	for _, c := range chains {
		if len(c) == 1 {
			if s, ok := lameLeg(c[0]); ok {
				paths = append(paths, []string{s})
				continue
			}
		}
		var legs []string
		for i, l := range c {
			s, err := bracketLeg(l, i == 0)
			if err != nil {
				return "", err
			}
			legs = append(legs, s)
		}
		paths = append(paths, legs)
	}
	return JoinMoves(withOptional(paths)), nil
}

// withOptional writes the paths as moves, folding a path that is a prefix
// of a longer one into it with '?' (§B3.2, §B9.1): F and F-R are [F?R].
func withOptional(paths [][]string) []string {
	ends := make([]map[int]bool, len(paths))
	absorbed := make([]bool, len(paths))
	for i := range paths {
		ends[i] = map[int]bool{}
	}
	for i, long := range paths {
		for j, short := range paths {
			if i == j || absorbed[j] || absorbed[i] || len(short) >= len(long) {
				continue
			}
			if strings.Join(long[:len(short)], "-") == strings.Join(short, "-") {
				ends[i][len(short)] = true
				for k := range ends[j] {
					ends[i][k] = true // what j had absorbed
				}
				absorbed[j] = true
			}
		}
	}
	var moves []string
	for i, legs := range paths {
		if absorbed[i] {
			continue
		}
		if len(legs) == 1 {
			moves = append(moves, legs[0])
			continue
		}
		var b strings.Builder
		b.WriteByte('[')
		for k, l := range legs {
			if k > 0 {
				if ends[i][k] {
					b.WriteByte('?')
				} else {
					b.WriteByte('-')
				}
			}
			b.WriteString(l)
		}
		b.WriteByte(']')
		moves = append(moves, b.String())
	}
	return moves
}

// JoinMoves juxtaposes moves of the bracket or classic dialect, putting a
// single-leg move in brackets where juxtaposition would make a doubled
// letter ("N" then "NN" is N[NN], not NNN).
func JoinMoves(moves []string) string {
	var b strings.Builder
	for _, m := range moves {
		s := b.String()
		if len(s) > 0 && len(m) > 0 && s[len(s)-1] == m[0] && 'A' <= m[0] && m[0] <= 'Z' {
			m = "[" + m + "]"
		}
		b.WriteString(m)
	}
	return b.String()
}

func bracketLeg(l Leg2, first bool) (string, error) {
	bad := func(format string, args ...any) error {
		return &dialect.NoEquivalentError{From: dialect.Betza2, To: dialect.Bracket, Part: l.Src, Offset: l.At, Reason: fmt.Sprintf(format, args...)}
	}
	// badMod names the modifier letter that has no bracket spelling.
	badMod := func(letter byte, format string, args ...any) error {
		part, at := dialect.ModifierPart(l.Src, l.At, letter)
		return &dialect.NoEquivalentError{From: dialect.Betza2, To: dialect.Bracket, Part: part, Offset: at, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case l.Atom == 'O':
		return "", bad("the null atom O (§1.4 of spec/betza2.md) is not an atom of the bracket dialect (§B2.1)")
	case l.Mods.Erupt:
		return "", badMod('x', "eruption x (§3.8 of spec/betza2.md) has no bracket modifier (§B9.1)")
	case l.Mods.Equal:
		return "", badMod('e', "e, a leg as long as the previous one (§3.10 of spec/betza2.md), has no bracket modifier (§B9.1)")
	}
	for _, m := range l.Mods.Modalities {
		if strings.IndexByte("tou", m.Letter) >= 0 {
			return "", badMod(m.Letter, "the modality %c (§3.5–§3.7 of spec/betza2.md) has no bracket modifier (§B4.3)", m.Letter)
		}
		if m.VictimVirgin {
			return "", bad("an i after %c (the victim has not moved, §3.11 of spec/betza2.md) has no bracket modifier; the bracket i is the mover's (§B4.5)", m.Letter)
		}
	}
	dirs := l.Mods.Dirs
	if strings.Contains(dirs, "a") {
		if !first {
			return "", badMod('a', "a on a later leg names every direction, straight back included (§3.9 of spec/betza2.md); a bracket leg after the first has no such name (§B4.2)")
		}
		dirs = "" // every direction: the first leg's default (§B4.2)
	}
	ride, why, ok := l.RideLetters()
	if !ok {
		return "", bad("%s (§B9.2)", why)
	}
	pre := ""
	if l.Mods.MoverVirgin {
		pre = "i"
	}
	return pre + dirs + canonicalModes(l.Modes()) + ride, nil
}

// lameLeg writes W02 F02 W03 F03 as the swept nD nA nH nG (§B9.3).
func lameLeg(l Leg2) (string, bool) {
	if !l.Exact || l.ExpDirs != "" || l.ExpModes != "" || (l.Atom != 'W' && l.Atom != 'F') || (l.Range != 2 && l.Range != 3) ||
		l.Mods.Erupt || l.Mods.Equal || strings.Contains(l.Mods.Dirs, "a") {
		return "", false
	}
	for _, m := range l.Mods.Modalities {
		if strings.IndexByte("mcd", m.Letter) < 0 || m.VictimVirgin {
			return "", false
		}
	}
	atom := map[[2]int]string{{'W', 2}: "D", {'F', 2}: "A", {'W', 3}: "H", {'F', 3}: "G"}[[2]int{int(l.Atom), l.Range}]
	pre := ""
	if l.Mods.MoverVirgin {
		pre = "i"
	}
	return pre + l.Mods.Dirs + canonicalModes(l.Modes()) + "n" + atom, true
}

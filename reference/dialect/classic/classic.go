// Package classic reads classic (single-leg) Betza notation as engines and
// GUIs read it (spec/classic.md): atoms, doubled letters and ranges for
// riders, the hopper p, the grasshopper g, the lame n and the initial i,
// and where a profile reads them the jump j, the en passant e and the
// chiral halves hr and hl.
// Programs disagree on several points; each program's reading is a named
// Profile, a table of rules with a reason on every row (profile.go).
//
// ToBetza2 parses with a hand-written scanner (errors are *loc.Error
// with clauses of spec/classic.md), builds the model of package bracket
// (classic legs are bracket legs with no brackets, §C1.4) and writes Betza
// 2.0. FromBetza2 writes single legs, hoppers, grasshoppers and lame
// leapers back, else a *dialect.NoEquivalentError.
//
// Under the profile fairy-stockfish the parser accepts more than
// grammar/classic.ebnf: it skips unknown characters, as the engine does.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package classic

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/bracket"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// Dialect is classic Betza under one profile.
type Dialect struct {
	profile *Profile
	set     settings
}

var _ dialect.Dialect = Dialect{}

// New returns the classic dialect under DefaultProfile.
func New() Dialect {
	d, err := WithProfile(DefaultProfile)
	if err != nil {
		panic(err) // the table is checked by the tests
	}
	return d.(Dialect)
}

// WithProfile returns the classic dialect under the named profile.
func WithProfile(name string) (dialect.Dialect, error) {
	p, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	s, err := p.settings()
	if err != nil {
		return nil, err
	}
	return Dialect{profile: p, set: s}, nil
}

// FromProfile returns the classic dialect under p, which need not be one
// of Profiles: a profile of its own, built from their rows, is read as
// theirs are (its rows are checked as settings checks every profile's).
func FromProfile(p *Profile) (Dialect, error) {
	s, err := p.settings()
	if err != nil {
		return Dialect{}, err
	}
	return Dialect{profile: p, set: s}, nil
}

// Name returns "betza-classic".
func (Dialect) Name() string { return dialect.Classic }

// Profile returns the dialect's profile.
func (d Dialect) Profile() *Profile { return d.profile }

// ReadsEnPassant reports whether the profile reads e as the en-passant
// capture (§C5.8), which a position with an en-passant square would make
// (§11.5 of spec/betza2.md).
func (d Dialect) ReadsEnPassant() bool { return d.set.enPassant }

// Move is one classic move: modifiers, one atom, an optional range.
type Move struct {
	At      int
	Mods    string // the modifier letters read, in order
	ModsAt  []int  // the offset of each
	Letter  byte   // the atom letter as written
	AtomAt  int
	Doubled bool
	Range   int // -1 when none is read
	RangeAt int
	End     int
}

func (d Dialect) errAt(at int, clause, format string, args ...any) *loc.Error {
	return loc.Errorf(dialect.Classic, at, clause, format, args...)
}

const (
	dirLetters  = "fbrlvsh"
	modLetters  = "fbrlvshmcpgni"
	atomLetters = "WFDNAHCZGJLKQRB"
)

// Parse reads src under the dialect's profile (§C1).
func (d Dialect) Parse(src string) ([]*Move, error) { return d.parse(src, nil) }

// parse is Parse, recording in lost what a profile that skips what it
// does not know skipped.
func (d Dialect) parse(src string, lost *dialect.Losses) ([]*Move, error) {
	s := d.set
	if src == "" && !s.skip {
		return nil, d.errAt(0, "§C1.3", "expected a move, found end of input")
	}
	var moves []*Move
	cur := &Move{At: -1, Range: -1}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if cur.At < 0 {
			cur.At = i
		}
		switch {
		case strings.IndexByte(modLetters, c) >= 0 || (c == 'e' && s.enPassant) || (c == 'j' && s.jump):
			cur.Mods += string(c)
			cur.ModsAt = append(cur.ModsAt, i)
		case strings.IndexByte(atomLetters, c) >= 0 && s.letter(c) != 0:
			cur.Letter, cur.AtomAt = c, i
			if i+1 < len(src) && src[i+1] == c {
				cur.Doubled = true
				i++
			}
			if i+1 < len(src) && '0' <= src[i+1] && src[i+1] <= '9' {
				j := i + 1
				k := j + 1
				if !s.oneDigit {
					for k < len(src) && '0' <= src[k] && src[k] <= '9' {
						k++
					}
				}
				switch {
				case cur.Doubled && s.doubledNoRange:
					// §C5.10: the doubled letter already rides without limit.
					return nil, d.errAt(j, "§C5.10", "expected no range after the doubled letter %c%c, which already rides without limit, found %s", c, c, src[j:k])
				case src[j] == '0' && k > j+1 && s.noLeadingZero:
					// §C5.11: XBoard's guide reads a leading zero as "exactly".
					return nil, d.errAt(j, "§C5.11", "expected a range without a leading zero, found %s: profile %s reads no exact count", src[j:k], d.profile.Name)
				}
				n := 0
				for _, ch := range src[j:k] {
					n = n*10 + int(ch-'0')
					if n > bracket.MaxRange {
						return nil, d.errAt(j, "§C2.3", "expected a range of at most %d, found %s", bracket.MaxRange, src[j:k])
					}
				}
				cur.Range, cur.RangeAt = n, j
				i = k - 1
			}
			cur.End = i + 1
			moves = append(moves, cur)
			cur = &Move{At: -1, Range: -1}
		case s.skip:
			// §C5: the profile skips what it does not know.
			size := 1
			if c >= utf8.RuneSelf {
				_, size = utf8.DecodeRuneInString(src[i:])
			}
			lost.Add(src, i, size, d.skipped(src, i))
			i += size - 1
			if len(cur.Mods) == 0 {
				cur.At = -1
			}
		case 'A' <= c && c <= 'Z':
			return nil, d.errAt(i, "§C2.1", "expected an atom, found %s, which profile %s does not read", dialect.Found(src, i), d.profile.Name)
		case '0' <= c && c <= '9':
			return nil, d.errAt(i, "§C2.3", "expected a modifier or an atom, found %s: a range follows an atom", dialect.Found(src, i))
		default:
			return nil, d.errAt(i, "§C1.3", "expected a modifier or an atom, found %s", dialect.Found(src, i))
		}
	}
	if cur.At >= 0 && len(cur.Mods) > 0 {
		if !s.skip {
			return nil, d.errAt(len(src), "§C1.2", "expected an atom after the modifiers, found end of input")
		}
		first := cur.ModsAt[0]
		lost.Add(src, first, cur.ModsAt[len(cur.ModsAt)-1]+1-first, fmt.Sprintf("modifiers with no atom after them, skipped: profile %s reads them as nothing (§C5.1)", d.profile.Name))
	}
	return moves, nil
}

// skipped says what skipping the character at offset i of src loses, under
// a profile that skips what it does not know (§C5.1): XBetza's a, whose
// legs become the directions of one leg; the en passant e (§C5.8); the
// jump j (§C5.7); a second range digit; anything else.
func (d Dialect) skipped(src string, i int) string {
	name := d.profile.Name
	switch c := src[i]; {
	case c == 'a':
		return fmt.Sprintf("a, XBetza's step to a next leg, skipped: profile %s reads the letters around it as the directions of one leg (§C5.1)", name)
	case c == 'e':
		return fmt.Sprintf("e, en passant, skipped: profile %s does not read it (§C5.8)", name)
	case c == 'j':
		return fmt.Sprintf("j, the jump, skipped: profile %s does not read it (§C5.7)", name)
	case '0' <= c && c <= '9' && i > 0 && '0' <= src[i-1] && src[i-1] <= '9':
		return fmt.Sprintf("a second range digit, skipped: profile %s reads one digit (§C5.1)", name)
	}
	return fmt.Sprintf("%s skipped: profile %s does not read it (§C5.1)", dialect.Found(src, i), name)
}
func (s settings) letter(c byte) byte {
	return s.letters[c]
}

// ToBetza2 translates src into an equivalent Betza 2.0 notation under the
// dialect's profile, compiled.
func (d Dialect) ToBetza2(src string) (*reference.Program, error) {
	prog, _, err := d.Read(src)
	return prog, err
}

// Read is ToBetza2 with the losses of the reading (dialect.Reader): what
// the profile skips, ignores or reads as no move.
func (d Dialect) Read(src string) (*reference.Program, []dialect.Loss, error) {
	return dialect.ReadLosing(src, d.read)
}

func (d Dialect) read(src string, lost *dialect.Losses) (*reference.Program, error) {
	moves, err := d.parse(src, lost)
	if err != nil {
		return nil, err
	}
	var paths []bracket.PathSpec
	var noEq error // a located error anywhere comes first
	for _, m := range moves {
		ps, err := d.model(m, src, lost)
		var ne *dialect.NoEquivalentError
		switch {
		case errors.As(err, &ne):
			if noEq == nil {
				noEq = err
			}
		case err != nil:
			return nil, err
		}
		paths = append(paths, ps...)
	}
	if noEq != nil {
		return nil, noEq
	}
	return bracket.Compile(paths, dialect.Classic, src)
}

// model turns one classic move into paths of the shared model (§C2–§C4),
// recording in lost what the profile ignores or reads as no move.
func (d Dialect) model(m *Move, src string, lost *dialect.Losses) ([]bracket.PathSpec, error) {
	s := d.set
	text := src[m.At:m.End]
	atom := s.letter(m.Letter)
	leg := bracket.LegSpec{Src: text, Offset: m.At, Atom: atom, Range: 1}
	switch atom {
	case 'R':
		leg.Atom, leg.Range = 'W', bracket.Unbounded
	case 'B':
		leg.Atom, leg.Range = 'F', bracket.Unbounded
	case 'Q':
		leg.Atom, leg.Range = 'K', bracket.Unbounded
	}
	if m.Doubled {
		leg.Range = bracket.Unbounded // §C2.2
	}
	// ranged: the move rides, for p, g, n and j. Under a profile that
	// reads a range of 1 as one leap it does not (§C5.12).
	ranged := m.Doubled || (m.Range >= 0 && !(m.Range == 1 && s.rangeOneLeaper))
	if m.Range >= 0 {
		switch {
		case m.Range > 0:
			leg.Range = m.Range
		case s.zeroRider:
			leg.Range = bracket.Unbounded
		default:
			return nil, d.errAt(m.RangeAt, "§C2.3", "expected a range from 1, found 0: profile %s writes the unlimited rider by doubling the letter", d.profile.Name)
		}
	}
	p := bracket.PathSpec{Src: text, Offset: m.At}
	var dirs []byte
	lame := false
	jumpAt := -1       // the offset of j, -1 without one
	enPassant := false // e (§C5.8)
	var noEq error     // reported after the located errors
	for k := 0; k < len(m.Mods); k++ {
		c, at := m.Mods[k], m.ModsAt[k]
		if s.noRepeat && strings.IndexByte(dirLetters, c) < 0 && strings.IndexByte(m.Mods[:k], c) >= 0 {
			// §C5.13: a letter other than a direction letter once a move.
			return nil, d.errAt(at, "§C5.13", "expected each letter other than a direction letter once in a move, found a second %c: profile %s gives it no reading", c, d.profile.Name)
		}
		switch c {
		case 'm', 'c':
			if !strings.ContainsRune(leg.Modes, rune(c)) {
				leg.Modes += string(c)
			}
		case 'e':
			enPassant = true
		case 'j':
			jumpAt = at // written twice: §C5.13 above
		case 'p', 'g':
			if leg.Range == 1 && !ranged {
				if !s.hopLeaper {
					return nil, d.errAt(at, "§C4.4", "expected a rider after %c, found the leaper %c: profile %s gives %c on a leaper no meaning", c, m.Letter, d.profile.Name, c)
				}
				leg.Range = bracket.Unbounded // §C4.4: a hopping rider
			} else if m.Range > 0 {
				noEq = &dialect.NoEquivalentError{From: dialect.Classic, To: dialect.Betza2, Part: text, Offset: m.At,
					Reason: "a range on a hopper: whether it limits the squares before the hurdle, after it, or both is not defined (§C4.5)"}
			}
			if c == 'p' {
				p.Hop, p.HopOffset = true, at
			} else {
				p.Grasshopper = true
			}
			if strings.IndexByte(s.noHops, leg.Atom) >= 0 {
				leg.Empty = true // §C5: the engine makes no such move
				lost.Add(src, m.At, len(text), fmt.Sprintf("%c on %c gives no move: profile %s makes no hop of it (§C5.1)", c, m.Letter, d.profile.Name))
			}
		case 'n':
			lame = true
		case 'i':
			leg.Initial = true
		default:
			dirs = append(dirs, c)
		}
	}
	if strings.Contains(leg.Modes, "m") && strings.Contains(leg.Modes, "c") {
		leg.Modes = "mc"
	}
	if enPassant && leg.Modes == "" {
		leg.Empty = true // §C5.8: e is the only mode and accepts no square
	}
	if enPassant {
		at := m.ModsAt[strings.IndexByte(m.Mods, 'e')]
		lost.Add(src, at, 1, "e, en passant, captures nothing: it is read on positions with no en-passant square, and a position with one is refused (§C5.8, §11.5)")
	}
	if lame && jumpAt >= 0 {
		return nil, d.errAt(jumpAt, "§C5.7", "expected n or j, found both: a leap cannot both need the squares it passes empty and jump")
	}
	if lame {
		switch {
		case leg.Range != 1 || ranged:
			at := m.ModsAt[strings.IndexByte(m.Mods, 'n')]
			if !s.lameRider {
				return nil, d.errAt(at, "§C4.6", "expected a leaper after n, found a rider: profile %s gives n on a rider no meaning", d.profile.Name)
			}
			lost.Add(src, at, 1, fmt.Sprintf("n on a rider, ignored: profile %s reads the ride as if n were not there (§C4.6)", d.profile.Name))
		case strings.IndexByte("DAHGNCZ", leg.Atom) >= 0:
			leg.Sweep = 'n' // §C4.6
			// §C5.6: on N C Z only the first, orthogonal square is tested.
			leg.LameFirst = s.lameFirst && strings.IndexByte("NCZ", leg.Atom) >= 0
		default:
			// §C4.6: a single step passes over no square.
			lost.Add(src, m.ModsAt[strings.IndexByte(m.Mods, 'n')], 1, fmt.Sprintf("n on %c changes nothing: the step passes over no square (§C4.6)", m.Letter))
		}
	}
	skipFirst := false // §C5.7: the leg's first square is skipped
	if jumpAt >= 0 {
		// §C5.7: where j may stand is checked first, a located error
		// before a missing equivalent.
		jumped := leg
		var err error
		if skipFirst, err = d.jump(&jumped, m, jumpAt, ranged); err != nil {
			return nil, err
		}
		if p.Hop || p.Grasshopper {
			skipFirst = false
			noEq = &dialect.NoEquivalentError{From: dialect.Classic, To: dialect.Betza2, Part: text, Offset: m.At,
				Reason: "j on a hopper: whether the skipped square may hold the hurdle is not defined (§C5.7)"}
		} else {
			leg = jumped
		}
	}
	if ranged && strings.IndexByte(s.noRides, leg.Atom) >= 0 {
		leg.Empty = true // §C5: the engine makes no such ride
		lost.Add(src, m.At, len(text), fmt.Sprintf("a ride of %c gives no move: profile %s makes no ride of it (§C5.1)", m.Letter, d.profile.Name))
	}
	// Directions (§C3, §C5).
	var parts []bracket.LegSpec
	if s.adjacent {
		ps, err := engineDirections(leg, m, d.set.compound)
		if err != nil {
			return nil, err
		}
		parts = ps
	} else {
		runs := []string{string(dirs)}
		if s.chiral {
			var err string
			if runs, err = chiralDirs(string(dirs), leg.Atom, m.Letter); err != "" {
				return nil, d.errAt(m.ModsAt[strings.IndexByte(m.Mods, 'h')], "§C5.5", "%s", err)
			}
		} else if err := checkH(string(dirs)); err != "" {
			return nil, d.errAt(m.ModsAt[strings.IndexByte(m.Mods, 'h')], "§C3.1", "%s", err)
		}
		for _, ds := range runs {
			l := leg
			l.Dirs = ds
			if leg.Atom == 'K' && ds != "" && s.compound == "apart" {
				w, f := l, l
				w.Atom, f.Atom = 'W', 'F'
				parts = append(parts, w, f)
			} else {
				parts = append(parts, l)
			}
		}
	}
	if noEq != nil && !(enPassant && leg.Modes == "") {
		// §C5.8: a move whose only mode is e is never made, and needs no
		// equivalent.
		return nil, noEq
	}
	var out []bracket.PathSpec
	for _, l := range parts {
		q := p
		q.Legs = []bracket.LegSpec{l}
		if skipFirst {
			q.Legs, q.Optional = skipFirstSquare(l), []bool{false}
		}
		out = append(out, q)
	}
	return out, nil
}

// jump reads j, at offset at, on the leg of a move (§C5.7, spec/xbetza.md
// §X4.7): on a leap of D and A the square passed over must be occupied
// (the sweep j of §B6.1); on a ride of W, F or K the first square is
// skipped, whatever it holds, which jump reports; on any other atom, and
// on a ride of D or A, j has no reading.
func (d Dialect) jump(leg *bracket.LegSpec, m *Move, at int, ranged bool) (skipFirst bool, err error) {
	switch {
	case (leg.Atom == 'D' || leg.Atom == 'A') && ranged:
		return false, d.errAt(at, "§C5.7", "expected R, B, Q, a ranged W, F or K, D or A after j, found a ride of %c: spec/xbetza.md gives j on it no reading", m.Letter)
	case leg.Atom == 'D' || leg.Atom == 'A':
		leg.Sweep = 'j'
		return false, nil
	case strings.IndexByte("WFK", leg.Atom) >= 0 && leg.Range != 1:
		return true, nil
	case strings.IndexByte("WFK", leg.Atom) >= 0:
		return false, d.errAt(at, "§C5.7", "expected a rider, D or A after j, found the single step %c: it has no square to jump", m.Letter)
	}
	return false, d.errAt(at, "§C5.7", "expected R, B, Q, a ranged W, F or K, D or A after j, found %c: profile %s gives j no reading there", m.Letter, d.profile.Name)
}

// skipFirstSquare writes a ride whose first square is skipped (§C5.7): one
// step that may end on any square, empty (m) or occupied (p), with the
// leg's directions and i, then the rest of the ride straight on with the
// leg's modes; the range counts the skipped square.
func skipFirstSquare(l bracket.LegSpec) []bracket.LegSpec {
	first, rest := l, l
	first.Range, first.Modes = 1, "mp"
	rest.Dirs, rest.Initial = "", false
	if l.Range != bracket.Unbounded {
		rest.Range = l.Range - 1
	}
	return []bracket.LegSpec{first, rest}
}

package xbetza

import (
	"strings"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// Notation is a parsed XBetza notation: its moves, side by side (§X1.1).
type Notation struct {
	Moves []*Move
}

// Move is one XBetza move: the prefixes of its legs, one atom and an
// optional range (§X1.2).
type Move struct {
	At, End int    // the move's span in the source
	Legs    []*Leg // at least one; a repeated part adds none (§X1.5)
	// Repeat is the offset of a parenthesised part, -1 when there is none
	// (§X1.5); RepeatEnd is the offset just past its ')'.
	Repeat, RepeatEnd int
	Letter            byte // the atom letter as written (§X2)
	AtomAt            int
	Doubled           bool // the letter written twice (§X2.4)
	Extended          bool // a leaper letter followed by X (§X2.6)
	Range             int  // -1 when none is written; 0 is without limit (§X2.3)
	RangeAt           int
}

// Text is the move as written.
func (m *Move) Text(src string) string { return src[m.At:m.End] }

// Leg is the prefix of one leg: its letters and where each is written.
type Leg struct {
	At      int    // where the prefix starts (its first letter, or where it would)
	Letters string // the prefix's letters in written order
	Offsets []int  // the offset of each letter
}

// Has reports whether the leg's prefix holds the letter c.
func (l *Leg) Has(c byte) bool { return strings.IndexByte(l.Letters, c) >= 0 }

// offsetOf returns where the leg's first c is written, or the leg's start.
func (l *Leg) offsetOf(c byte) int {
	if i := strings.IndexByte(l.Letters, c); i >= 0 {
		return l.Offsets[i]
	}
	return l.At
}

const (
	directionLetters = "fblrvshzq"
	otherLetters     = "mcdepgnjiyotuxk"
	leaperLetters    = "WFDNAHCZGLJ"
	atomLetters      = leaperLetters + "KQRB"
)

// MaxRange is the largest range a move may give (§X2.3).
const MaxRange = 1000

func errAt(at int, clause, format string, args ...any) *loc.Error {
	return loc.Errorf(dialect.XBetza, at, clause, format, args...)
}

// Parse reads src as an XBetza notation (the grammar of spec/xbetza.md and
// the rules §X1.3–§X1.5, §X2.3–§X2.6 and §X3.4 that the grammar does not
// state). Errors are *loc.Error.
func Parse(src string) (*Notation, error) {
	if src == "" {
		return nil, errAt(0, "§X1.3", "expected a move, found end of input")
	}
	n := &Notation{}
	for i := 0; i < len(src); {
		m, next, err := parseMove(src, i)
		if err != nil {
			return nil, err
		}
		n.Moves = append(n.Moves, m)
		i = next
	}
	return n, nil
}

// parseMove reads one move from src[i:] (§X1.2) and returns where the next
// one starts.
func parseMove(src string, i int) (*Move, int, error) {
	m := &Move{At: i, Repeat: -1, Range: -1}
	leg := &Leg{At: i}
	inRepeat := false
	repeatHasA := false
	for ; i < len(src); i++ {
		c := src[i]
		switch {
		case c == 'a':
			if inRepeat {
				repeatHasA = true
			}
			if err := checkLeg(leg); err != nil {
				return nil, 0, err
			}
			m.Legs = append(m.Legs, leg)
			leg = &Leg{At: i + 1}
		case strings.IndexByte(directionLetters+otherLetters, c) >= 0:
			leg.Letters += string(c)
			leg.Offsets = append(leg.Offsets, i)
		case c == '(':
			// §X1.5: one repeated part, not nested.
			if inRepeat {
				return nil, 0, errAt(i, "§X1.5", "expected letters or ')' in the repeated part, found '(': repeated parts do not nest")
			}
			if m.Repeat >= 0 {
				return nil, 0, errAt(i, "§X1.5", "expected one repeated part in a move, found a second '('")
			}
			inRepeat, repeatHasA, m.Repeat = true, false, i
		case c == ')':
			if !inRepeat {
				return nil, 0, errAt(i, "§X1.5", "expected a letter or an atom, found ')' with no '(' before it")
			}
			if !repeatHasA {
				return nil, 0, errAt(i, "§X1.5", "expected an 'a' in the repeated part, found ')': repeating letters of one leg adds nothing")
			}
			inRepeat, m.RepeatEnd = false, i+1
		case 'A' <= c && c <= 'Z':
			if inRepeat {
				return nil, 0, errAt(i, "§X1.5", "expected ')' to close the repeated part, found %s", dialect.Found(src, i))
			}
			if err := checkLeg(leg); err != nil {
				return nil, 0, err
			}
			m.Legs = append(m.Legs, leg)
			end, err := parseAtom(src, i, m)
			if err != nil {
				return nil, 0, err
			}
			m.End = end
			if err := checkDirections(m, src); err != nil {
				return nil, 0, err
			}
			return m, end, nil
		case '0' <= c && c <= '9':
			return nil, 0, errAt(i, "§X1.3", "expected a letter or an atom, found %s: a range follows an atom", dialect.Found(src, i))
		default:
			return nil, 0, errAt(i, "§X1.3", "expected a letter or an atom, found %s", dialect.Found(src, i))
		}
	}
	if inRepeat {
		return nil, 0, errAt(len(src), "§X1.5", "expected ')' to close the repeated part, found end of input")
	}
	return nil, 0, errAt(len(src), "§X1.3", "expected an atom after the letters, found end of input")
}

// checkLeg is §X1.4: a letter other than a direction letter is written at
// most once in a leg.
func checkLeg(l *Leg) error {
	for k := 0; k < len(l.Letters); k++ {
		c := l.Letters[k]
		if strings.IndexByte(otherLetters, c) >= 0 && strings.IndexByte(l.Letters[:k], c) >= 0 {
			return errAt(l.Offsets[k], "§X1.4", "expected each letter other than a direction once in a leg, found a second %q", c)
		}
	}
	return nil
}

// leadingZero says how XBoard and Betza 2.0 read the range digits, of
// more than one digit with a leading zero, that §X2.3 refuses: XBoard
// reads the number, where 0 is without limit; Betza 2.0 reads 0n as
// exactly n (§5.2) and refuses a second zero (§9.6).
func leadingZero(digits string) string {
	n := strings.TrimLeft(digits, "0")
	xboard := "XBoard reads it as " + n
	if n == "" {
		xboard = "XBoard reads it as 0, without limit"
	}
	if digits[1] == '0' {
		return xboard + "; Betza 2.0 refuses it (§9.6)"
	}
	return xboard + "; Betza 2.0 as exactly " + digits[1:] + " (§5.2)"
}

// parseAtom reads the atom at src[i] and its range (§X2).
func parseAtom(src string, i int, m *Move) (int, error) {
	c := src[i]
	m.Letter, m.AtomAt = c, i
	j := i + 1
	switch {
	case strings.IndexByte(atomLetters, c) >= 0:
		if j < len(src) && src[j] == c && !(j+1 < len(src) && src[j+1] == 'X') {
			m.Doubled = true // §X2.4
			j++
		} else if j < len(src) && src[j] == 'X' && strings.IndexByte(leaperLetters, c) >= 0 {
			m.Extended = true // §X2.6
			j++
		}
	case c == 'O' || c == 'U' || c == 'I':
	default:
		return 0, errAt(i, "§X2.6", "expected an atom (W F D N A H C Z G L J K Q R B O U I), found %s", dialect.Found(src, i))
	}
	k := j
	for k < len(src) && '0' <= src[k] && src[k] <= '9' {
		k++
	}
	if k > j {
		if m.Doubled {
			return 0, errAt(j, "§X2.4", "expected no range after the doubled letter %c%c, which already rides without limit, found %s", c, c, src[j:k])
		}
		if src[j] == '0' && k > j+1 {
			return 0, errAt(j, "§X2.3", "expected a range without a leading zero, found %s: %s", src[j:k], leadingZero(src[j:k]))
		}
		n := 0
		for _, d := range src[j:k] {
			n = n*10 + int(d-'0')
			if n > MaxRange {
				return 0, errAt(j, "§X2.3", "expected a range of at most %d, found %s", MaxRange, src[j:k])
			}
		}
		m.Range, m.RangeAt = n, j
	}
	if c == 'O' && m.Range < 0 {
		return 0, errAt(j, "§X2.5", "expected the number of squares the king steps after O, found %s", dialect.Found(src, j))
	}
	return k, nil
}

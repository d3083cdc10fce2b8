package syntax

import (
	"fmt"
	"github.com/betzacheck/betzacheck/reference/loc"
	"strings"
)

// The letters of each modifier class.
const (
	directionLetters = "fblrvsha" // §2.6; 'a' is listed with the modifiers in the seed (§3.9)
	modalityLetters  = "mcdptou"  // §3.1–§3.7
)

// DirectionPairs are the two-letter direction names of the tables of §2;
// a direction string is read left to right taking one of these when the
// next two letters form it, otherwise one letter (§2.6).
var directionPairs = [...]string{
	"fl", "fr", "bl", "br", "lf", "rf", "lb", "rb",
	"fs", "bs", "lv", "rv", "fh", "bh", "lh", "rh",
}

// Modality is one modality letter of a leg, with the i that may follow c or
// d to restrict the victim to pieces that have not moved (§3.11).
type Modality struct {
	Letter       byte
	VictimVirgin bool
}

// ModSet is the meaning of a run of modifier letters, split by class.
// Direction letters are kept in their written order, as one string with the
// other letters removed (§2.6); they are tokenised by DirectionTokens.
type ModSet struct {
	MoverVirgin bool   // a leading i: only a piece that has not moved (§3.11)
	Dirs        string // direction letters, including a
	Erupt       bool   // x (§3.8)
	Equal       bool   // e (§3.10)
	Modalities  []Modality
}

// Empty reports whether the set holds no modifier at all.
func (s ModSet) Empty() bool {
	return !s.MoverVirgin && s.Dirs == "" && !s.Erupt && !s.Equal && len(s.Modalities) == 0
}

// HasModality reports whether a modality letter was written.
func (s ModSet) HasModality() bool { return len(s.Modalities) > 0 }

// String writes the canonical order: mover i, directions, x, e, then the
// modalities in the order m c d p t o u, each with its victim i.
func (s ModSet) String() string {
	var b strings.Builder
	if s.MoverVirgin {
		b.WriteByte('i')
	}
	b.WriteString(s.Dirs)
	if s.Erupt {
		b.WriteByte('x')
	}
	if s.Equal {
		b.WriteByte('e')
	}
	for i := 0; i < len(modalityLetters); i++ {
		for _, m := range s.Modalities {
			if m.Letter == modalityLetters[i] {
				b.WriteByte(m.Letter)
				if m.VictimVirgin {
					b.WriteByte('i')
				}
			}
		}
	}
	return b.String()
}

// DirectionTokens splits a direction string into the names of §2.6.
func DirectionTokens(dirs string) []string {
	toks := make([]string, 0, len(dirs))
	for i := 0; i < len(dirs); {
		var tok string
		tok, i = directionToken(dirs, i)
		toks = append(toks, tok)
	}
	return toks
}

// directionToken is the name of §2.6 that starts at byte i of dirs, read
// left to right (two letters when they form a pair), and the byte after
// it.
func directionToken(dirs string, i int) (string, int) {
	if i+1 < len(dirs) && isPair(dirs[i:i+2]) {
		return dirs[i : i+2], i + 2
	}
	return dirs[i : i+1], i + 1
}

func isPair(s string) bool {
	for _, p := range directionPairs {
		if p == s {
			return true
		}
	}
	return false
}

// analyze splits the letters of m into a ModSet; onExponent restricts the
// letters to those an exponent may carry (§5.4). The modality letters are
// appended to room, empty, whose capacity spares an allocation: each letter
// stands once (§9.9), so len(modalityLetters) is room enough.
func analyze(m *Modifiers, onExponent bool, room []Modality) (ModSet, *loc.Error) {
	s := ModSet{Modalities: room[:0]}
	// Mostly the direction letters are one run of the text ("fm",
	// "lfcd"): s.Dirs is then the text's own bytes, up to dirsEnd, with
	// nothing allocated; dirs collects them when they are not.
	var dirs []byte
	dirsEnd := 0
	for i := 0; i < len(m.Text); i++ {
		c := m.Text[i]
		at := m.At + Pos(i)
		switch {
		case strings.IndexByte(directionLetters, c) >= 0:
			switch {
			case dirs != nil:
				dirs = append(dirs, c)
			case s.Dirs == "" || dirsEnd == i:
				s.Dirs, dirsEnd = m.Text[i-len(s.Dirs):i+1], i+1
			default:
				dirs = append([]byte(s.Dirs), c)
			}
		case strings.IndexByte(modalityLetters, c) >= 0:
			for _, prev := range s.Modalities {
				if prev.Letter == c {
					return s, errorf(at, "§9.9", "modality '%c' repeated on one leg", c)
				}
			}
			s.Modalities = append(s.Modalities, Modality{Letter: c})
		case c == 'i' && !onExponent:
			if i > 0 && (m.Text[i-1] == 'c' || m.Text[i-1] == 'd') {
				s.Modalities[len(s.Modalities)-1].VictimVirgin = true
				continue
			}
			if s.MoverVirgin {
				return s, errorf(at, "§9.9", "modifier 'i' repeated on one leg")
			}
			s.MoverVirgin = true
		case (c == 'x' || c == 'e') && !onExponent:
			flag := &s.Erupt
			if c == 'e' {
				flag = &s.Equal
			}
			if *flag {
				return s, errorf(at, "§9.9", "modifier '%c' repeated on one leg", c)
			}
			*flag = true
		default:
			if onExponent {
				return s, errorf(at, "§5.4", "expected a direction or modality letter on the exponent, found '%c'", c)
			}
			return s, errorf(at, "§9.1", "expected a modifier (one of %s%sxei), an atom or '(', found '%c'", directionLetters, modalityLetters, c)
		}
	}
	if dirs != nil {
		s.Dirs = string(dirs)
	}
	if len(s.Modalities) == 0 {
		s.Modalities = nil // as when none were written
	}
	// §9.9 h only as the second letter of fh, bh, lh, rh, written right
	// after that letter.
	for i := 0; i < len(m.Text); i++ {
		if m.Text[i] == 'h' && (i == 0 || strings.IndexByte("fblr", m.Text[i-1]) < 0) {
			return s, errorf(m.At+Pos(i), "§9.9", "expected f, b, l or r before 'h', found %s", describeBefore(m.Text, i))
		}
	}
	for i := 0; i < len(s.Dirs); {
		var tok string
		if tok, i = directionToken(s.Dirs, i); tok == "h" { // "fhh", or an h whose f was taken by an earlier pair ("lfh")
			i := strings.LastIndexByte(m.Text, 'h')
			return s, errorf(m.At+Pos(i), "§9.9", "expected f, b, l or r before 'h', found it already paired")
		}
	}
	return s, nil
}

func describeBefore(text string, i int) string {
	if i == 0 {
		return "it first"
	}
	return fmt.Sprintf("'%c'", text[i-1])
}

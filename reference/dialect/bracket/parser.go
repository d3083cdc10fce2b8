package bracket

import (
	"fmt"
	"strings"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// MaxRange is the largest range a leg may give (§B5.4), the limit of Betza
// 2.0's exponents (spec/betza2.md §5.6).
const MaxRange = 1000

// Description is a whole bracket-dialect text: a union of moves (§B1.1).
type Description struct {
	Moves []*Move
}

// Move is one homogeneous move: a single leg, or modifiers followed by a
// bracketed path (§B1.1, §B3.1).
type Move struct {
	At        int
	Bracketed bool
	Mods      *Modifiers // before '['; nil for a single leg (its modifiers are the leg's)
	Path      *Path
	Rbrack    int // offset of ']' when Bracketed
}

// Path is the legs of a move and the separator after each but the last:
// '-' (the move goes on) or '?' (the move may also end here) (§B3.1,
// §B3.2).
type Path struct {
	Legs []*Leg
	Seps []byte
}

// Leg is modifiers, an atom and an optional range (§B4, §B2, §B5).
type Leg struct {
	At        int
	Mods      *Modifiers
	Atom      byte // W F D N A H C Z G U K Q R B
	Doubled   bool // DD AA NN CC ZZ GG HH (§B2.3)
	AtomAt    int
	Range     int // -1 when none is written
	RangeAt   int
	RangeText string
}

// Modifiers is a run of modifier letters as written, and what they say
// once conflicts are resolved (§B4.1, §B4.6).
type Modifiers struct {
	At      int
	Text    string
	Initial bool   // i (§B4.5)
	Dirs    string // direction letters in written order (§B4.2)
	Modes   string // m c d p, each at most once, in the order m c d p (§B4.3, §B4.4)
	Sweep   byte   // 'n', 'j' or 0; the last one written wins (§B4.6)
	SweepAt int
	PAt     int // offset of the p, when Modes has one
}

// End returns the offset just after the leg.
func (l *Leg) End() int {
	if l.Range >= 0 {
		return l.RangeAt + len(l.RangeText)
	}
	if l.Doubled {
		return l.AtomAt + 2
	}
	return l.AtomAt + 1
}

// Text is the leg as written in src.
func (l *Leg) Text(src string) string { return src[l.At:l.End()] }

const (
	atomLetters    = "WFDNAHCZGUKQRB"
	doubledLetters = "DANCZGH" // §B2.3
	dirLetters     = "fbrlvsh"
	modeLetters    = "mcdp"
)

type parser struct {
	src       string
	i         int
	inBracket bool
}

func errAt(at int, clause, format string, args ...any) *loc.Error {
	return loc.Errorf(dialect.Bracket, at, clause, format, args...)
}

func (p *parser) found() string { return dialect.Found(p.src, p.i) }

// Parse reads src as a bracket-dialect description. The error is a
// *loc.Error with the offset of the offending character.
func Parse(src string) (*Description, error) {
	p := &parser{src: src}
	if src == "" {
		return nil, errAt(0, "§B8.1", "expected a move, found end of input")
	}
	d := &Description{}
	for p.i < len(src) {
		m, err := p.parseMove()
		if err != nil {
			return nil, err
		}
		d.Moves = append(d.Moves, m)
	}
	return d, nil
}

func (p *parser) parseMove() (*Move, error) {
	at := p.i
	mods, err := p.parseModifiers()
	if err != nil {
		return nil, err
	}
	if p.i < len(p.src) && p.src[p.i] == '[' {
		p.i++
		p.inBracket = true
		path, err := p.parsePath()
		p.inBracket = false
		if err != nil {
			return nil, err
		}
		if p.i >= len(p.src) || p.src[p.i] != ']' {
			if p.i < len(p.src) && p.src[p.i] == '[' {
				return nil, errAt(p.i, "§B3.5", "expected ']', found '[': brackets do not nest")
			}
			return nil, errAt(p.i, "§B3.5", "expected '-', '?' or ']', found %s", p.found())
		}
		rb := p.i
		p.i++
		return &Move{At: at, Bracketed: true, Mods: mods, Path: path, Rbrack: rb}, nil
	}
	leg, err := p.parseLegAfter(at, mods)
	if err != nil {
		return nil, err
	}
	return &Move{At: at, Path: &Path{Legs: []*Leg{leg}}}, nil
}

func (p *parser) parsePath() (*Path, error) {
	path := &Path{}
	for {
		if p.i < len(p.src) && p.src[p.i] == ']' && len(path.Legs) == 0 {
			return nil, errAt(p.i, "§B3.5", "expected a leg, found ']': a path has at least one leg")
		}
		leg, err := p.parseLeg()
		if err != nil {
			return nil, err
		}
		path.Legs = append(path.Legs, leg)
		if p.i < len(p.src) && (p.src[p.i] == '-' || p.src[p.i] == '?') {
			path.Seps = append(path.Seps, p.src[p.i])
			p.i++
			continue
		}
		return path, nil
	}
}

func (p *parser) parseLeg() (*Leg, error) {
	at := p.i
	mods, err := p.parseModifiers()
	if err != nil {
		return nil, err
	}
	return p.parseLegAfter(at, mods)
}

func (p *parser) parseLegAfter(at int, mods *Modifiers) (*Leg, error) {
	if p.i >= len(p.src) || strings.IndexByte(atomLetters, p.src[p.i]) < 0 {
		switch {
		case p.i < len(p.src) && 'A' <= p.src[p.i] && p.src[p.i] <= 'Z':
			return nil, errAt(p.i, "§B2.4", "expected an atom, found %s, which is not an atom of the bracket dialect", p.found())
		case p.i < len(p.src) && p.src[p.i] == '[' && mods.Text == "" && at != p.i:
			return nil, errAt(p.i, "§B3.5", "expected a leg, found '['")
		case p.i < len(p.src) && p.src[p.i] == '[':
			return nil, errAt(p.i, "§B3.5", "expected a leg, found '[': brackets do not nest")
		case p.i < len(p.src) && '0' <= p.src[p.i] && p.src[p.i] <= '9':
			return nil, errAt(p.i, "§B5.1", "expected an atom, found %s: a range follows an atom", p.found())
		case p.i < len(p.src) && (p.src[p.i] == '-' || p.src[p.i] == '?') && mods.Text == "" && !p.inBracket:
			return nil, errAt(p.i, "§B3.1", "expected a leg, found %s: legs are joined only inside brackets", p.found())
		case mods.Text != "":
			return nil, errAt(p.i, "§B8.2", "expected an atom after the modifiers, found %s", p.found())
		}
		return nil, errAt(p.i, "§B8.2", "expected a leg, found %s", p.found())
	}
	leg := &Leg{At: at, Mods: mods, Atom: p.src[p.i], AtomAt: p.i, Range: -1}
	p.i++
	if p.i < len(p.src) && p.src[p.i] == leg.Atom {
		if strings.IndexByte(doubledLetters, leg.Atom) < 0 {
			return nil, errAt(p.i, "§B2.4", "expected a modifier, an atom other than %c, or a range, found a second %c: %s", leg.Atom, leg.Atom, notDoubled(leg.Atom))
		}
		leg.Doubled = true
		p.i++
	}
	if p.i < len(p.src) && '0' <= p.src[p.i] && p.src[p.i] <= '9' {
		leg.RangeAt = p.i
		for p.i < len(p.src) && '0' <= p.src[p.i] && p.src[p.i] <= '9' {
			p.i++
		}
		leg.RangeText = p.src[leg.RangeAt:p.i]
		if len(leg.RangeText) > 1 && leg.RangeText[0] == '0' {
			return nil, errAt(leg.RangeAt, "§B5.5", "expected a range without a leading zero, found %q", leg.RangeText)
		}
		n := 0
		for _, c := range leg.RangeText {
			n = n*10 + int(c-'0')
			if n > MaxRange {
				return nil, errAt(leg.RangeAt, "§B5.4", "expected a range of at most %d, found %s", MaxRange, leg.RangeText)
			}
		}
		leg.Range = n
	}
	return leg, nil
}

// notDoubled says why a letter is not doubled and what to write instead
// (§B2.1, §B2.4).
func notDoubled(atom byte) string {
	switch atom {
	case 'W', 'F', 'K':
		return fmt.Sprintf("%c is not doubled in the bracket dialect; the %c rider is %c", atom, atom, "RBQ"[strings.IndexByte("WFK", atom)])
	case 'U':
		return "U is not doubled: it already leaps to any square"
	}
	return fmt.Sprintf("%c is not doubled: it is already a rider", atom) // R B Q
}

func (p *parser) parseModifiers() (*Modifiers, error) {
	m := &Modifiers{At: p.i}
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == 'i':
			m.Initial = true
		case strings.IndexByte(dirLetters, c) >= 0:
			m.Dirs += string(c)
		case strings.IndexByte(modeLetters, c) >= 0:
			if c == 'p' {
				m.PAt = p.i
			}
			if strings.IndexByte(m.Modes, c) < 0 {
				m.Modes += string(c)
			}
		case c == 'n' || c == 'j':
			m.Sweep, m.SweepAt = c, p.i // §B4.6: the last sweep letter wins
		case 'a' <= c && c <= 'z':
			return nil, errAt(p.i, "§B8.3", "expected a modifier (i f b r l v s h m c d p n j) or an atom, found %s", p.found())
		default:
			m.Text = p.src[m.At:p.i]
			m.Modes = canonicalModes(m.Modes)
			return m, nil
		}
		p.i++
	}
	m.Text = p.src[m.At:p.i]
	m.Modes = canonicalModes(m.Modes)
	return m, nil
}

// canonicalModes orders mode letters as m c d p.
func canonicalModes(s string) string {
	var b strings.Builder
	for i := 0; i < len(modeLetters); i++ {
		if strings.IndexByte(s, modeLetters[i]) >= 0 {
			b.WriteByte(modeLetters[i])
		}
	}
	return b.String()
}

// Package bracket reads the bracket dialect of Betza notation, the
// multi-leg notation H. G. Muller described for Fairy-Stockfish's custom
// pieces (spec/bracket.md): legs joined by '-' or '?' inside square
// brackets, doubled letters as riders, a digit range, the sweep modifiers
// n and j, and p both on a leg and before a whole move.
//
// ToBetza2 parses the text with a hand-written scanner and parser (errors
// are *loc.Error with the offset and a clause of spec/bracket.md),
// builds the model of model.go, and writes it as a Betza 2.0 notation that
// reference.Compile accepts. FromBetza2 writes a Betza 2.0 notation back in
// brackets where the dialect can say it, else a *dialect.NoEquivalentError.
//
// Where the parser accepts more than the seed's grammar: modifier letters
// may come in any order (the seed's grammar orders them i, directions,
// modes, sweep); a range may have several digits. Where it accepts less:
// W F K R B Q U doubled is an error (§B2.4), as is a range with a leading
// zero or above 1000 (§B5.5, §B5.4). grammar/bracket.ebnf says the same.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package bracket

import (
	"fmt"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// Dialect is the bracket dialect; its zero value is ready to use.
type Dialect struct{}

var _ dialect.Dialect = Dialect{}

// Name returns "bracket".
func (Dialect) Name() string { return dialect.Bracket }

// ToBetza2 translates src into an equivalent Betza 2.0 notation, compiled.
func (d Dialect) ToBetza2(src string) (*reference.Program, error) {
	prog, _, err := d.Read(src)
	return prog, err
}

// Read is ToBetza2 with the losses of the reading (dialect.Reader): the
// meaningless modifiers it ignores (§B4.7).
func (Dialect) Read(src string) (*reference.Program, []dialect.Loss, error) {
	return dialect.ReadLosing(src, read)
}

func read(src string, lost *dialect.Losses) (*reference.Program, error) {
	d, err := Parse(src)
	if err != nil {
		return nil, err
	}
	paths, err := model(d, src, lost)
	if err != nil {
		return nil, err
	}
	return Compile(paths, dialect.Bracket, src)
}

// Model builds the paths of a parsed description (§B1–§B7).
func Model(d *Description, src string) ([]PathSpec, error) { return model(d, src, nil) }

// model is Model, recording in lost the modifiers it ignores (§B4.7).
func model(d *Description, src string, lost *dialect.Losses) ([]PathSpec, error) {
	var paths []PathSpec
	for _, m := range d.Moves {
		end := len(src)
		if m.Bracketed {
			end = m.Rbrack + 1
		} else {
			end = m.Path.Legs[0].End()
		}
		p := PathSpec{Src: src[m.At:end], Offset: m.At}
		for i, l := range m.Path.Legs {
			ls, err := legSpec(l, src, lost)
			if err != nil {
				return nil, err
			}
			canEnd := i == len(m.Path.Legs)-1 || m.Path.Seps[i] == '?'
			if m.Bracketed && canEnd && strings.Contains(ls.Modes, "p") {
				// §B4.7: the leg can end the move, where p is ignored.
				lost.Add(src, l.Mods.PAt, 1, "p on a leg that can end the move is ignored there: a move cannot end on a square only required to be occupied (§B4.7)")
			}
			if !m.Bracketed && strings.Contains(ls.Modes, "p") {
				// §B7.1: p before a move that is a single leg is the
				// whole-move p.
				p.Hop, p.HopOffset = true, l.Mods.PAt
				ls.Modes = strings.ReplaceAll(ls.Modes, "p", "")
			}
			p.Legs = append(p.Legs, ls)
			if i < len(m.Path.Seps) {
				p.Optional = append(p.Optional, m.Path.Seps[i] == '?')
			}
		}
		if m.Bracketed {
			g := m.Mods
			dirs, err := cleanDirs(g, p.Src, src, lost)
			if err != nil {
				return nil, err
			}
			p.Dirs, p.Sweep, p.Initial = dirs, g.Sweep, g.Initial
			p.Modes = strings.ReplaceAll(g.Modes, "p", "")
			if strings.Contains(g.Modes, "p") {
				p.Hop, p.HopOffset = true, g.PAt
			}
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// legSpec reads one leg into the model: R B Q as W F K ridden (§B2.1),
// doubled letters as riders (§B2.3), the range (§B5), meaningless
// modifiers dropped (§B4.7).
func legSpec(l *Leg, src string, lost *dialect.Losses) (LegSpec, error) {
	ls := LegSpec{Src: l.Text(src), Offset: l.At, Atom: l.Atom, Range: 1,
		Modes: l.Mods.Modes, Sweep: l.Mods.Sweep, Initial: l.Mods.Initial}
	switch l.Atom {
	case 'R':
		ls.Atom, ls.Range = 'W', Unbounded
	case 'B':
		ls.Atom, ls.Range = 'F', Unbounded
	case 'Q':
		ls.Atom, ls.Range = 'K', Unbounded
	}
	if l.Doubled {
		ls.Range = Unbounded
	}
	if l.Range >= 0 {
		ls.Range = l.Range // §B5.1; 0 is Unbounded (§B5.2)
	}
	if !sweepable(ls.Atom) && ls.Sweep != 0 {
		ls.Sweep = 0 // §B4.7: n and j test no square on W F K
		lost.Add(src, l.Mods.SweepAt, 1, fmt.Sprintf("%c on %c is ignored: it passes over no square (§B4.7)", l.Mods.Sweep, l.Atom))
	}
	dirs, err := cleanDirs(l.Mods, ls.Src, src, lost)
	if err != nil {
		return ls, err
	}
	ls.Dirs = dirs
	return ls, nil
}

// cleanDirs drops an h of the modifiers m that does not pair with f, b, l
// or r (§B4.7), recording it in lost; part is the move or leg they are
// written in.
func cleanDirs(m *Modifiers, part, src string, lost *dialect.Losses) (string, error) {
	dirs, at := m.Dirs, m.At
	toks := syntax.DirectionTokens(dirs)
	var keep []string
	seen := 0 // the direction letters of the tokens before
	for _, t := range toks {
		if t != "h" {
			keep = append(keep, t)
		} else {
			lost.Add(src, at+nthDirection(m.Text, seen), 1, "h with no f, b, l or r before it is ignored (§B4.7)")
		}
		seen += len(t)
	}
	out := strings.Join(keep, "")
	if strings.Join(syntax.DirectionTokens(out), " ") != strings.Join(keep, " ") {
		return "", &dialect.NoEquivalentError{From: dialect.Bracket, To: dialect.Betza2, Part: part, Offset: at,
			Reason: fmt.Sprintf("the direction letters %q without their lone h pair up differently in Betza 2.0 (§B4.7)", dirs)}
	}
	return out, nil
}

// nthDirection is the offset in text, a run of modifiers, of its
// direction letter number n, from 0.
func nthDirection(text string, n int) int {
	for i := 0; i < len(text); i++ {
		if strings.IndexByte(dirLetters, text[i]) >= 0 {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return 0
}

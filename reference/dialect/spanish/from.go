package spanish

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

// FromBetza2 writes a Betza 2.0 notation in Spanish (§S9): unions of
// single-leg slides and leaps with their direction subsets, and chains
// whose later legs go on outward (§S9.3). Anything else is a
// *dialect.NoEquivalentError naming the part; a notation that is not
// Betza 2.0 gives the Betza 2.0 error.
func (Dialect) FromBetza2(src string) (string, error) {
	prog, err := reference.Compile(src)
	if err != nil {
		return "", err
	}
	w := &writer{src: src}
	var moves []string
	for _, ch := range prog.AST.Chains {
		ms, err := w.chain(ch)
		if err != nil {
			return "", err
		}
		moves = append(moves, ms...)
	}
	return strings.Join(moves, ", "), nil
}

type writer struct{ src string }

func (w *writer) none(n syntax.Node, reason string, args ...any) error {
	return &dialect.NoEquivalentError{
		From: dialect.Betza2, To: dialect.Spanish,
		Part:   w.src[n.Pos():n.End()],
		Offset: int(n.Pos()),
		Reason: fmt.Sprintf(reason, args...),
	}
}

// noneLetter is none for one modifier letter of the leg n: the letter and
// where it stands.
func (w *writer) noneLetter(n syntax.Node, letter byte, reason string, args ...any) error {
	part, at := dialect.ModifierPart(w.src[n.Pos():n.End()], int(n.Pos()), letter)
	return &dialect.NoEquivalentError{From: dialect.Betza2, To: dialect.Spanish, Part: part, Offset: at, Reason: fmt.Sprintf(reason, args...)}
}

// chain writes one 2.0 chain as one or more Spanish movements.
func (w *writer) chain(ch *syntax.Chain) ([]string, error) {
	if len(ch.Legs) == 1 {
		l := ch.Legs[0]
		if g, ok := l.Unit.(*syntax.Group); ok && l.Mods.Text == "" && l.Exp == nil {
			var out []string // a bare group only groups (2.0 §8.1)
			for _, c := range g.Body.Chains {
				ms, err := w.chain(c)
				if err != nil {
					return nil, err
				}
				out = append(out, ms...)
			}
			return out, nil
		}
	}
	var alts [][]string // alternatives for the first part, then one for each later part
	for k, l := range ch.Legs {
		parts, err := w.leg(l, k > 0, k == len(ch.Legs)-1)
		if err != nil {
			return nil, err
		}
		alts = append(alts, parts)
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	var out []string
	for _, first := range alts[0] {
		s := "(" + first + ")"
		for _, later := range alts[1:] {
			s += "U(" + later[0] + ")"
		}
		out = append(out, s)
	}
	return out, nil
}

// leg writes one leg as Spanish parts: several when its directions need
// several Spanish direction names (a union, §S1.2); cont says that a '-'
// comes before it, last that it ends the move.
func (w *writer) leg(l *syntax.Leg, cont, last bool) ([]string, error) {
	a, ok := l.Unit.(*syntax.Atom)
	if !ok {
		return nil, w.none(l, "a group with modifiers or an exponent has no Spanish form; Spanish groups only group parts joined by U (§S6.5)")
	}
	set := l.Mods.Set
	switch {
	case a.Letter == 'O':
		return nil, w.none(a, "the null move O has no Spanish form (§S9.4)")
	case set.Erupt || set.Equal:
		letter := byte('x')
		if !set.Erupt {
			letter = 'e'
		}
		return nil, w.noneLetter(l, letter, "x and e have no Spanish form (§S9.4)")
	}
	hasM, hasC := false, false
	for _, m := range set.Modalities {
		switch {
		case m.VictimVirgin:
			return nil, w.none(l.Mods, "a victim that has not moved (%ci) has no Spanish form (§S9.4)", m.Letter)
		case m.Letter == 'm':
			hasM = true
		case m.Letter == 'c':
			hasC = true
		default:
			return nil, w.none(l.Mods, "the modality %c has no Spanish form; Spanish has o (m) and c only (§S3.1, §S3.2)", m.Letter)
		}
	}
	prefix := spanishPrefix(set.MoverVirgin, hasM, hasC, last)

	base, steps, det := atomForm(a.Letter)
	step := geometry.LookupAtom(base)
	count, err := w.count(l, a.Letter, step.Class)
	if err != nil {
		return nil, err
	}

	var dirItems []string
	if cont {
		// §S6.2 a later part goes on outward: 2.0 fh, which is also what
		// the implied f names for orthogonal and diagonal atoms.
		if !(set.Dirs == "fh" || (set.Dirs == "" || set.Dirs == "f") && (step.Class == geometry.Orthogonal || step.Class == geometry.Diagonal)) {
			return nil, w.none(l, "after '-' only the outward moves (fh, or the implied f of an orthogonal or diagonal atom) have a Spanish form (§S6.2, §S6.4)")
		}
		dirItems = []string{spanishFull(step)}
		if step.Class == geometry.Oblique && count != "" {
			return nil, w.none(l, "a repeated oblique leap after '-' may bend, since rf is named in the handedness the path fixed before it (2.0 §6.1, spec/findings.md F10); a Spanish repetition goes straight (§S5.7)")
		}
	} else {
		var ok bool
		if dirItems, ok = spanishItems(step, firstMoves(set.Dirs, step)); !ok {
			return nil, w.none(l, "Spanish names hypogonal moves only in pairs; %s%c is not a union of such pairs (§S5.6)", set.Dirs, a.Letter)
		}
	}
	var out []string
	for _, d := range dirItems {
		var rng string
		switch {
		case step.Class == geometry.Oblique:
			rng = count + d
		case steps > 1:
			rng = count + "(" + strconv.Itoa(steps) + d + ")"
		default:
			rng = count + d
		}
		out = append(out, prefix+det+":"+rng)
	}
	return out, nil
}

// spanishPrefix writes the 2.0 modality and mover-i of a leg as Spanish
// prefixes (§S3.1–§S3.4, §S6.3).
func spanishPrefix(i, m, c, last bool) string {
	var mod string
	switch {
	case m && c:
		mod = "oc"
	case m:
		mod = "o"
	case c:
		mod = "c"
	case last: // 2.0 mc at the end of a move (§4.4)
		mod = "oc"
	default: // 2.0 m on the left of '-' (§4.2)
		mod = "o"
	}
	switch {
	case i && mod == "o":
		return "i" // §S3.3 an initial move moves only
	case i:
		return "i" + mod
	case mod == "c":
		return "c"
	case mod == "oc" && last, mod == "o" && !last:
		return "" // the default: mc at the end, m before a U (§S6.3)
	}
	return mod
}

// atomForm returns the atom of one step (for riders: the atom ridden),
// the steps of one leap along a line, and the Spanish determinant.
func atomForm(letter byte) (base byte, steps int, det string) {
	switch letter {
	case 'W', 'F', 'K':
		return letter, 1, "D"
	case 'R':
		return 'W', 1, "D"
	case 'B':
		return 'F', 1, "D"
	case 'Q':
		return 'K', 1, "D"
	case 'D':
		return 'W', 2, "S"
	case 'H':
		return 'W', 3, "S"
	case 'A':
		return 'F', 2, "S"
	case 'G':
		return 'F', 3, "S"
	}
	return letter, 1, "S" // N C Z
}

// count writes the Spanish count of a leg's exponent (§S4.1–§S4.3).
func (w *writer) count(l *syntax.Leg, letter byte, cls geometry.Class) (string, error) {
	rider := letter == 'R' || letter == 'B' || letter == 'Q'
	line := letter == 'W' || letter == 'F' || letter == 'K'
	e := l.Exp
	if e == nil {
		switch {
		case rider:
			return "n", nil
		case line:
			return "1", nil
		}
		return "", nil
	}
	if rider {
		return "", w.none(e, "an exponent on a rider has no Spanish form (§S9.4)")
	}
	if e.Mods.Set.HasModality() {
		return "", w.none(e.Mods, "modalities on an exponent have no Spanish form: Spanish repetitions land on empty squares (§S4.1)")
	}
	once := e.Kind != syntax.Unbounded && e.Count == 1
	straight := "f"
	if cls == geometry.Oblique {
		straight = "rf"
	}
	if d := e.Mods.Set.Dirs; !once && d != straight && !(d == "" && cls != geometry.Oblique) {
		if d == "" {
			return "", w.none(l, "%c%s repeats with f, which after an oblique leap names two leaps (2.0 §2.4, §2.7), so the path may bend; Spanish repetitions are aligned, and the aligned rider is %crf%s (§S5.7)", letter, e.Text, letter, e.Text)
		}
		return "", w.none(e.Mods, "exponent directions other than the straight %s have no Spanish form (§S5.7)", straight)
	}
	switch {
	case e.Kind == syntax.Unbounded:
		return "n", nil
	case once:
		if line {
			return "1", nil
		}
		return "", nil
	case e.Kind == syntax.Exact:
		return "(" + strconv.Itoa(e.Count) + ")", nil
	}
	return strconv.Itoa(e.Count), nil
}

// firstMoves returns the moves a first leg's direction letters name for
// an atom, in white's frame (2.0 §2.1–§2.6); no letters name every move
// (2.0 §4.4).
func firstMoves(dirs string, a *geometry.Atom) []Vec {
	if dirs == "" {
		return slices.Clone(a.Leaps)
	}
	return a.Selected(syntax.DirectionTokens(dirs)...)
}

// spanishItems names moves of the atom with the fewest Spanish directions
// (§S5.2–§S5.6): the compound class as * or split into its orthogonal and
// diagonal moves.
func spanishItems(a *geometry.Atom, moves []Vec) ([]string, bool) {
	switch a.Class {
	case geometry.Orthogonal:
		return cover(moves, spanishOrth())
	case geometry.Diagonal:
		return cover(moves, spanishDiag())
	case geometry.Oblique:
		b := a.Bases()[0]
		return cover(moves, spanishHypogonal(b.X, b.Y))
	}
	if len(keySet(moves)) == 8 {
		return []string{"*"}, true
	}
	var orth, diag []Vec
	for _, v := range moves {
		if v.X == 0 || v.Y == 0 {
			orth = append(orth, v)
		} else {
			diag = append(diag, v)
		}
	}
	var out []string
	if len(orth) > 0 {
		o, ok := cover(orth, spanishOrth())
		if !ok {
			return nil, false
		}
		out = append(out, o...)
	}
	if len(diag) > 0 {
		d, ok := cover(diag, spanishDiag())
		if !ok {
			return nil, false
		}
		out = append(out, d...)
	}
	return out, true
}

// spanishFull is the Spanish name of every move of the atom.
func spanishFull(a *geometry.Atom) string {
	switch a.Class {
	case geometry.Orthogonal:
		return "+"
	case geometry.Diagonal:
		return "x"
	case geometry.Compound:
		return "*"
	}
	b := a.Bases()[0]
	return fmt.Sprintf("(%d,%d)", b.Y, b.X)
}

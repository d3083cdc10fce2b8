package xbetza

import (
	"fmt"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/bracket"
	"github.com/betzacheck/betzacheck/reference/geometry"
)

// A step is one leg of a concrete path: one leap, made once or ridden,
// with what its end square must hold. It is already a Betza 2.0 leg; only
// its direction name waits for the frame Betza 2.0 reads it in (§X6.1).
type step struct {
	v       geometry.Vec // the leap, in the mover's frame
	ride    int          // 1: one leap; n > 1: up to n; 0: without limit
	modes   string       // Betza 2.0 modality letters in the order mcdpt
	initial bool         // the mover's i (§X4.8)
	equal   bool         // as many steps as the leg before (§X4.8, §3.10)
}

// A path is the steps of one way to make a move.
type path []step

// MaxPaths bounds the paths of one move (§X6.4).
const MaxPaths = 4096

// MaxLegs bounds the legs of the paths of one move together (§X6.4), as
// Betza 2.0 bounds the legs of an expansion (§12.2).
const MaxLegs = 200_000

// family is what the legs of a move step with (§X5): one leap turned in
// eight directions of the compound table, or the eight leaps of an
// oblique atom in their clockwise order.
type family struct {
	atom    *geometry.Atom // the first leg's atom, a leaper or K
	oblique bool
	length  int          // the leap's length along its line (W F K 1, D A 2, H G 3)
	base    geometry.Vec // an oblique atom's leap (p, q), p < q
	eight   bool         // the atom has eight directions (§X5.3)
	ride    int          // the ride of a leg the toggles leave as written
}

// normal is the Betza 2.0 letter of an XBetza atom letter: J and L are the
// camel and the zebra (§X2.2), R B Q ride W F K (§X2.1).
func normal(c byte) (letter byte, rides bool) {
	switch c {
	case 'J':
		return 'C', false
	case 'L':
		return 'Z', false
	case 'R':
		return 'W', true
	case 'B':
		return 'F', true
	case 'Q':
		return 'K', true
	}
	return c, false
}

func familyOf(m *Move) family {
	letter, rides := normal(m.Letter)
	a := geometry.LookupAtom(letter)
	f := family{atom: a, ride: 1}
	switch {
	case m.Doubled:
		f.ride = 0 // §X2.4
	case m.Range >= 0:
		f.ride = m.Range // §X2.3; 0 is without limit
	case rides:
		f.ride = 0
	}
	switch a.Class {
	case geometry.Oblique:
		f.oblique, f.eight, f.base = true, true, a.Bases()[0]
	case geometry.Compound:
		f.eight, f.length = true, 1
	default:
		b := a.Bases()[0]
		f.length = max(b.X, b.Y)
	}
	return f
}

// cycle is the oblique leaps in clockwise order from the one leaning right
// of forward (§X5.5).
func (f family) cycle() [8]geometry.Vec {
	p, q := f.base.X, f.base.Y
	return [8]geometry.Vec{{X: p, Y: q}, {X: q, Y: p}, {X: q, Y: -p}, {X: p, Y: -q}, {X: -p, Y: -q}, {X: -q, Y: -p}, {X: -q, Y: p}, {X: -p, Y: q}}
}

// index is the direction of a leap of the family: its place in the
// compound table's clockwise order, or in the oblique cycle.
func (f family) index(v geometry.Vec) int {
	if f.oblique {
		for k, w := range f.cycle() {
			if w == v {
				return k
			}
		}
		return -1
	}
	return int(geometry.Direction(v))
}

// leap is the family's leap in direction k: the unit of the compound table
// scaled to the atom's length, which turns W into F at a 45-degree turn
// (§X5.4), or the oblique leap k of the cycle (§X5.5).
func (f family) leap(k int) geometry.Vec {
	if f.oblique {
		return f.cycle()[k]
	}
	return units[k].Scale(f.length)
}

// noEq is a no-equivalent error about the move m of src.
func noEq(src string, m *Move, format string, args ...any) error {
	return &dialect.NoEquivalentError{From: dialect.XBetza, To: dialect.Betza2, Part: m.Text(src), Offset: m.At,
		Reason: fmt.Sprintf(format, args...)}
}

// check refuses what a move says that Betza 2.0 cannot (§X1.5, §X2.5,
// §X2.6, §X4.10) and what a leg may not hold (§X4.5, §X4.9).
func check(m *Move, src string) error {
	last := len(m.Legs) - 1
	for k, l := range m.Legs {
		switch {
		case l.Has('e') && k < last:
			return errAt(l.offsetOf('e'), "§X4.9", "expected e only on the last leg, found it on a leg that another follows")
		case l.Has('y') && k == last:
			return errAt(l.offsetOf('y'), "§X4.5", "expected y only on a leg that another follows, found it on the last leg")
		case l.Has('j') && l.Has('n'):
			return errAt(l.offsetOf('j'), "§X4.7", "expected j or n on a leg, found both")
		}
	}
	if err := checkLegs(m); err != nil {
		return err
	}
	switch {
	case m.Letter == 'O':
		return noEq(src, m, "castling moves the piece at the board's edge, at a distance that depends on the board, and needs rights a position does not hold (§X2.5)")
	case m.Letter == 'U':
		return noEq(src, m, "the universal leaper reaches every square of the board; Betza 2.0 has no atom for it (§X2.6)")
	case m.Letter == 'I':
		return noEq(src, m, "the imitator moves as the piece that moved last, which a position does not hold (§X2.6)")
	case m.Extended:
		return noEq(src, m, "Betza 2.0 has no atom for the extended leap %c%c (§X2.6)", m.Letter, 'X')
	case m.Repeat >= 0:
		return noEq(src, m, "the repeated legs turn by the piece's own left and right, which Betza 2.0 mirrors once a path is chiral, so no exponent repeats them (§X1.5)")
	}
	for k, l := range m.Legs {
		for _, c := range []byte("ouxk") {
			if l.Has(c) {
				return noEq(src, m, "%s (§X4.10)", otherWords[c])
			}
		}
		if l.Has('t') && !l.Has('p') && !l.Has('g') {
			return noEq(src, m, "t without p or g forbids capturing a royal piece, and a position does not say which pieces are royal (§X4.10)")
		}
		if k == 0 && strings.ContainsAny(l.Letters, "zq") {
			return noEq(src, m, "z and q on a first leg make a crooked or circular rider, which turns by the piece's own left and right; Betza 2.0 mirrors those once a path is chiral (§X4.10)")
		}
		if l.Has('y') && strings.ContainsAny(l.Letters, "cdpge") {
			return noEq(src, m, "y with another modality toggles the next leg only where the leg ends on an empty square; this translator does not split such a leg (§X4.5)")
		}
	}
	return nil
}

var otherWords = map[byte]string{
	'o': "o makes the board a cylinder; Betza 2.0 boards have edges",
	'u': "u puts the captured piece down where its leg starts; Betza 2.0's u puts it where its leg ends",
	'x': "x hands the move to another piece or borrows its moves; Betza 2.0's x is an eruption of the mover itself",
	'k': "k captures only royal pieces, and a position does not say which pieces are royal",
}

// legRides is the ride of each leg of m (§X5.6): the atom's, until a leg
// with y or g toggles the next between leaper and rider; a leaper made a
// rider rides as the atom's range says, or without limit.
func legRides(m *Move, f family) []int {
	out := []int{f.ride}
	for k, l := range m.Legs[:len(m.Legs)-1] {
		r := out[k]
		if l.Has('y') || l.Has('g') {
			switch {
			case r != 1:
				r = 1
			case f.ride != 1:
				r = f.ride
			default:
				r = 0
			}
		}
		out = append(out, r)
	}
	return out
}

// jumpKind is what j does on a leg of the family with the ride r (§X4.7):
// 's' skips the first square of a W, F or K ride, 'm' requires the
// occupied midpoint of a D or A leap; 0 when j may not stand there.
func jumpKind(f family, r int) byte {
	switch {
	case !f.oblique && f.length == 1 && r != 1:
		return 's'
	case !f.oblique && f.length == 2 && r == 1:
		return 'm'
	}
	return 0
}

// checkLegs is the static part of §X4.3 and §X4.7: p or g on the last leg
// needs a rider, and j stands only where jumpKind reads it.
func checkLegs(m *Move) error {
	if strings.IndexByte(atomLetters, m.Letter) < 0 || m.Extended {
		return nil // O U I and the extended leapers have no legs to check (§X2.5, §X2.6)
	}
	f := familyOf(m)
	rides := legRides(m, f)
	last := len(m.Legs) - 1
	for k, l := range m.Legs {
		for _, c := range []byte("pg") {
			if k == last && l.Has(c) && rides[k] == 1 {
				return errAt(l.offsetOf(c), "§X4.3", "expected a rider after %c on the last leg, found the leaper %c", c, m.Letter)
			}
		}
		if l.Has('j') && jumpKind(f, rides[k]) == 0 {
			what := "the rider"
			if rides[k] == 1 {
				what = "the leaper"
			}
			return errAt(l.offsetOf('j'), "§X4.7", "expected j on R, B, Q, a ranged W, F or K, or on D or A, found it on %s %c", what, m.Letter)
		}
	}
	return nil
}

// paths expands a move into its concrete paths (§X5, §X6.1), within the
// limits of §X6.4: the walk stops at the path that passes one, so that
// its work is bounded by them, whatever the length of the move.
// What the reading loses on the way is recorded in lost (nil: nowhere).
func paths(m *Move, src string, lost *dialect.Losses) ([]path, error) {
	if err := check(m, src); err != nil {
		return nil, err
	}
	f := familyOf(m)
	e := expander{m: m, src: src, f: f, rides: legRides(m, f), lost: lost}
	if _, ok := e.modes(m.Legs[len(m.Legs)-1], true); !ok {
		return nil, nil // §X4.9: the last leg is never made, so no path is
	}
	first := firstMoves(f.atom, tokens(m.Legs[0]))
	for _, v := range first {
		if err := e.walk(0, v, 0, 0); err != nil {
			return nil, err
		}
	}
	return e.out, nil
}

type expander struct {
	m     *Move
	src   string
	f     family
	lost  *dialect.Losses // what the reading loses (§X4.6, §X4.9)
	rides []int           // the ride of each leg (legRides)
	so    path            // the steps of the path being walked, up to the leg being made
	out   []path          // the paths made
	legs  int             // their steps together (§X6.4)
	// made counts the legs walked. Each lies on a path made, so made
	// passes MaxLegs only when legs will; it bounds the walk even where
	// no path is made, should a leg's directions select none.
	made int
}

// walk makes leg k with the leap v after the steps so far (e.so), of
// which the leg before made the last before (0 for the first leg); side
// is the last turn aside (§X5.7). It leaves e.so as it found it.
func (e *expander) walk(k int, v geometry.Vec, before, side int) error {
	l := e.m.Legs[k]
	final := k == len(e.m.Legs)-1
	if e.made++; e.made > MaxLegs {
		return errAt(e.m.At, "§X6.4", "expected at most %d legs in the paths of a move together, found more", MaxLegs)
	}
	steps, err := e.legSteps(l, v, e.rides[k], final)
	if err != nil || steps == nil {
		return err
	}
	if l.Has('i') {
		switch {
		case k == 0:
			steps[0].initial = true // §X4.8, the mover's i
		case len(steps) > 1 || before > 1:
			return noEq(e.src, e.m, "i on a later leg counts the steps of the leg before, which here is not one Betza 2.0 leg (§X4.8)")
		case !countable(e.so[len(e.so)-1]):
			return noEq(e.src, e.m, "i on a later leg counts the steps of a ride that Betza 2.0 writes as several legs; only an unlimited W or F ride is one leg, R or B (§X4.8)")
		default:
			steps[0].equal = true // §X4.8, §3.10
		}
	}
	mark := len(e.so)
	e.so = append(e.so, steps...)
	defer func() { e.so = e.so[:mark] }()
	if final {
		switch {
		case len(e.out) >= MaxPaths:
			return errAt(e.m.At, "§X6.4", "expected at most %d paths in a move, found more", MaxPaths)
		case e.legs+len(e.so) > MaxLegs:
			return errAt(e.m.At, "§X6.4", "expected at most %d legs in the paths of a move together, found more", MaxLegs)
		}
		e.legs += len(e.so)
		e.out = append(e.out, slices.Clone(e.so))
		return nil
	}
	prev := e.f.index(v)
	toks := tokens(e.m.Legs[k+1])
	for _, rel := range relative(toks, side, e.f.eight) {
		s := side
		if t := sideOf(rel); t != 0 {
			s = t
		}
		if err := e.walk(k+1, e.f.leap((prev+rel)%8), len(steps), s); err != nil {
			return err
		}
	}
	return nil
}

// countable reports whether a later e leg can count the steps of s: a
// leap, or an unlimited W or F ride, which Betza 2.0 writes as R or B.
func countable(s step) bool {
	if s.ride == 1 {
		return true
	}
	l := geometry.LeaperOf(s.v).Letter
	return s.ride == 0 && (l == 'W' || l == 'F')
}

// legSteps turns one XBetza leg with the leap v and the ride r into Betza
// 2.0 steps (§X4). nil, nil: the leg is never made.
func (e *expander) legSteps(l *Leg, v geometry.Vec, r int, final bool) ([]step, error) {
	modes, ok := e.modes(l, final)
	if !ok {
		return nil, nil // §X4.9: only e, which a position never allows
	}
	hop := "p"
	if l.Has('t') {
		hop = "t" // §X4.4: a friendly hurdle
	}
	switch {
	case final && (l.Has('p') || l.Has('g')): // §X4.3
		switch {
		case r > 1: // r == 1 is refused by checkLegs
			return nil, noEq(e.src, e.m, "a range on a hopper: whether it counts the squares before the hurdle, after it, or both is not defined (§X4.3)")
		case l.Has('j'): // §X4.7, where checkLegs lets j stand
			return nil, noEq(e.src, e.m, "j on a hopper: whether the skipped square may hold the hurdle is not defined (§X4.7)")
		}
		landing := 0 // p rides on beyond the hurdle
		if l.Has('g') {
			landing = 1 // g lands right behind it
		}
		return []step{{v: v, ride: 0, modes: hop}, {v: v, ride: landing, modes: modes}}, nil
	case l.Has('j') && jumpKind(e.f, r) == 's': // §X4.7, checked by checkLegs
		rest := 0
		if r > 1 {
			rest = r - 1
		}
		return []step{{v: v, ride: 1, modes: "mp"}, {v: v, ride: rest, modes: modes}}, nil
	case l.Has('j'): // the midpoint of D or A
		half := geometry.Vec{X: v.X / 2, Y: v.Y / 2}
		return []step{{v: half, ride: 1, modes: "p"}, {v: half, ride: 1, modes: modes}}, nil
	case l.Has('n') && r == 1 && (e.f.oblique || e.f.length > 1): // §X4.6
		var out []step
		for _, s := range bracket.XBoardLamePath(v) {
			out = append(out, step{v: s, ride: 1, modes: "m"}) // the squares passed are empty
		}
		out[len(out)-1].modes = modes
		return out, nil
	}
	if l.Has('n') {
		// §X4.6: on W F K and on riders n changes nothing.
		e.lost.Add(e.src, l.offsetOf('n'), 1, "n changes nothing here: it makes only a leap that passes over squares lame, not a single step or a ride (§X4.6)")
	}
	if !final && (l.Has('p') || l.Has('g')) {
		modes = strings.Replace(modes, "p", hop, 1)
	}
	return []step{{v: v, ride: r, modes: modes}}, nil
}

// modes is a leg's Betza 2.0 modalities (§X4.1, §X4.2, §X4.4, §X4.5,
// §X4.9): m c d as written, p for p and g on a leg another follows, m for
// y; e is left out; with none of m c d e p g y a last leg gets m and c
// and another leg m. ok is false when e was the leg's only modality.
func (e *expander) modes(l *Leg, final bool) (modes string, ok bool) {
	var b strings.Builder
	for _, c := range []byte("mcd") {
		if l.Has(c) {
			b.WriteByte(c)
		}
	}
	if l.Has('y') && !l.Has('m') {
		b.WriteByte('m')
	}
	if !final && (l.Has('p') || l.Has('g')) {
		b.WriteByte('p')
	}
	s := b.String()
	if l.Has('e') {
		// §X4.9: e is read on positions with no en-passant square (a
		// position with one is refused: §11.5 of spec/betza2.md).
		what := "e, en passant, is left out: it is read on positions with no en-passant square, where it captures nothing, and a position with one is refused (§X4.9, §11.5)"
		if s == "" {
			what = "e, en passant, is the leg's only mode: on a position with no en-passant square the move is never made, and a position with one is refused (§X4.9, §11.5)"
		}
		e.lost.Add(e.src, l.offsetOf('e'), 1, what)
	}
	switch {
	case s != "":
		return s, true
	case l.Has('e'):
		return "", false
	case final:
		return "mc", true
	}
	return "m", true
}

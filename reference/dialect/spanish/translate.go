package spanish

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/geometry"
)

// maxCount is Betza 2.0's largest exponent (2.0 §5.6); a Spanish count
// above it has no 2.0 equivalent (§S4.6).
const maxCount = 1000

// Translate writes the Betza 2.0 notation of n, which was parsed from src
// (§S8), compiled. Its error is a *dialect.NoEquivalentError naming the
// first part, in source order, that has no 2.0 equivalent.
func Translate(n *Notation, src string) (*reference.Program, error) {
	t := &translator{src: src}
	var chains []string
	for _, m := range n.Moves {
		cs, err := t.move(m)
		if err != nil {
			return nil, err
		}
		chains = append(chains, cs...)
	}
	out := join(chains)
	// The translation is built to compile. Past 2.0's expansion limits it
	// has no equivalent (§S4.6); any other failure is a bug here, reported
	// rather than hidden.
	prog, err := reference.Compile(out)
	if err != nil {
		var le *expand.LimitError
		if errors.As(err, &le) {
			return nil, &dialect.NoEquivalentError{From: dialect.Spanish, To: dialect.Betza2, Part: src, Offset: 0,
				Reason: fmt.Sprintf("its translation has more than %d %s, Betza 2.0's limit (§S4.6; 2.0 §9.11, §12.2)", le.Value, le.Limit)}
		}
		return nil, fmt.Errorf("spanish: internal error: %q translates to %q, which Betza 2.0 rejects: %v", src, out, err)
	}
	return prog, nil
}

// join writes chains side by side (2.0 §4.6). A chain that starts with
// the atom letter the previous one ends with is parenthesised, since a
// doubled atom letter is an error in 2.0 (§1.6): "S:(2,1), S:(2,1)" is
// "N(N)".
func join(chains []string) string {
	var b strings.Builder
	for _, c := range chains {
		s := b.String()
		if s != "" && s[len(s)-1] >= 'A' && s[len(s)-1] <= 'Z' && c[0] == s[len(s)-1] {
			c = "(" + c + ")"
		}
		b.WriteString(c)
	}
	return b.String()
}

type translator struct {
	src string
}

func (t *translator) noEquivalent(n Node, reason string, args ...any) error {
	return &dialect.NoEquivalentError{
		From: dialect.Spanish, To: dialect.Betza2,
		Part:   t.src[n.Pos():n.End()],
		Offset: int(n.Pos()),
		Reason: fmt.Sprintf(reason, args...),
	}
}

// flat is one part of a conjunction after groups are opened (§S3.7,
// §S6.5), with the prefix letters that apply to it.
type flat struct {
	i, o, c bool
	body    Body
}

// flatten opens the groups of m: a group's i applies to every part inside
// it, its o and c to the last part inside it unless that part has an o or
// c of its own (§S3.7).
func flatten(m *Move, inI bool, inO, inC bool, out []flat) []flat {
	for k, p := range m.Parts {
		i := inI || p.Prefix.Has('i')
		o, c := p.Prefix.Has('o'), p.Prefix.Has('c')
		if !o && !c && k == len(m.Parts)-1 {
			o, c = inO, inC
		}
		if g, ok := p.Body.(*Group); ok {
			out = flatten(g.Move, i, o, c, out)
			continue
		}
		out = append(out, flat{i: i, o: o, c: c, body: p.Body})
	}
	return out
}

// leg is one written leg of the 2.0 output: prefix letters, a unit (an
// atom or a parenthesised group) and an exponent.
type leg struct {
	i    bool
	dirs string
	mods string
	unit string
	exp  string
}

func (l leg) String() string {
	s := l.dirs + l.mods + l.unit + l.exp
	if l.i {
		s = "i" + s // a leading i is the mover's (2.0 §3.11)
	}
	return s
}

// move translates one movement: a conjunction becomes one 2.0 chain
// (§S6.1).
func (t *translator) move(m *Move) ([]string, error) {
	parts := flatten(m, false, false, false, nil)
	var legs []string
	for k, f := range parts {
		ls, err := t.part(f, k > 0, k == len(parts)-1)
		if err != nil {
			return nil, err
		}
		for _, l := range ls {
			legs = append(legs, l.String())
		}
	}
	return []string{strings.Join(legs, "-")}, nil
}

// modality is the 2.0 modality of a part's landing (§S3.1–§S3.4, §S6.3):
// "" leaves the 2.0 default, m on the left of '-' (2.0 §4.2) and mc at
// the end of the move (2.0 §4.4). An i alone, and a teleport, land on an
// empty square: the default m before a U, written m at the end.
func modality(f flat, teleport, last bool) string {
	switch {
	case f.o && f.c:
		return "mc"
	case f.o:
		return "m"
	case f.c:
		return "c"
	case last && (f.i || teleport): // §S3.3, §S2.3
		return "m"
	}
	return ""
}

// part translates one part; cont says it follows a U (§S6.2), last that
// it ends the movement.
func (t *translator) part(f flat, cont, last bool) ([]leg, error) {
	switch b := f.body.(type) {
	case *Other:
		if b.Text == nil {
			return nil, t.noEquivalent(b, "Otro says only that the piece moves in some other way (§S2.6)")
		}
		return nil, t.noEquivalent(b, "free text is kept verbatim but betzacheck gives it no meaning to evaluate (§S2.6)")
	case *Brinco:
		return nil, t.noEquivalent(b, "B(esp) says only that the piece hops; the text explains each hopper's hop in prose (§S2.5)")
	case *Capture:
		if b.Kind == 'E' {
			return nil, t.noEquivalent(b, "the explosive capture cE has no evaluation: the text says neither where the piece explodes nor how an area such as (1+)U(1x) is read, and a 2.0 eruption cannot destroy the mover apart from its fragments (§S3.6; 2.0 §3.8, spec/findings.md F4)")
		}
		sh, err := t.shapeOf(b.Dir)
		if err != nil {
			return nil, err
		}
		dirs, err := t.firstDirections(sh, b.Dir, cont)
		if err != nil {
			return nil, err
		}
		if err := t.straightAfterU(sh, b, cont); err != nil {
			return nil, err
		}
		// §S3.5 capture the piece next in line and land just beyond it.
		return []leg{{i: f.i, dirs: dirs, mods: "c", unit: sh.letter()}, {i: f.i, dirs: sh.straight(), mods: "m", unit: sh.letter()}}, nil
	case *Simple:
		return t.simple(f, b, cont, last)
	}
	return nil, fmt.Errorf("spanish: internal error: unexpected part %T", f.body)
}

// shape is what a unit means in 2.0 terms: the atom of one step (W F K,
// or N C Z), the first moves in the player's frame and the steps per unit.
type shape struct {
	atom  *geometry.Atom
	moves []Vec
	steps int // steps of one unit: a span's count, 1 otherwise
}

func (s shape) full() bool { return sameSet(s.moves, s.atom.Leaps) }

// letter is the 2.0 atom letter of one step.
func (s shape) letter() string { return string(s.atom.Letter) }

// straight is the direction letters of a leg that goes on in the
// direction of the step before it: f for every class (the 2.0 frame of
// §2.7 faces along that step), but rf for an oblique leap, whose frame
// faces its nearest orthogonal and in which it is named rf (2.0 §2.4,
// §2.7, §6.1). "" stands for an f that a '-' or an exponent implies.
func (s shape) straight() string {
	if s.atom.Class == geometry.Oblique {
		return "rf"
	}
	return ""
}

// leaper is the 2.0 leaper that makes one unit of a line in a single
// leap: D or H for 2 or 3 W steps, A or G for F steps (2.0 §1.1); nil
// when there is none.
func (s shape) leaper() *geometry.Atom {
	if s.atom.Class != geometry.Orthogonal && s.atom.Class != geometry.Diagonal {
		return nil
	}
	return geometry.LeaperOf(s.atom.Bases()[0].Scale(s.steps))
}

// shapeOf reads a unit.
func (t *translator) shapeOf(u Unit) (shape, error) {
	switch u := u.(type) {
	case *Line:
		return t.lineShape(u, 1)
	case *Span:
		if u.N > maxCount {
			return shape{}, t.noEquivalent(u, "a span of %d steps is above Betza 2.0's limit of %d (§S4.6, 2.0 §5.6)", u.N, maxCount)
		}
		return t.lineShape(u.Line, u.N)
	case *Hypogonal:
		if u.Dim() > 2 {
			return shape{}, t.noEquivalent(u, "n-dimensional direction %s needs a %d-D board; Betza 2.0's board is 2-D, and the direct evaluator reads it on an n-dimensional board (§S7.2)", t.src[u.Pos():u.End()], u.Dim())
		}
		p, q := min(u.Coords[0], u.Coords[1]), max(u.Coords[0], u.Coords[1])
		atom := geometry.LeaperOf(Vec{X: p, Y: q})
		if atom == nil || atom.Class != geometry.Oblique {
			return shape{}, t.noEquivalent(u, "Betza 2.0 has no atom for the leap (%d,%d) (§S5.5; 2.0 §1.1)", p, q)
		}
		return shape{atom: atom, moves: inPlane(hypogonalSteps(u, 2)), steps: 1}, nil
	}
	return shape{}, fmt.Errorf("spanish: internal error: unexpected unit %T", u)
}

func (t *translator) lineShape(l *Line, steps int) (shape, error) {
	switch {
	case l.Kind == Hyper:
		return shape{}, t.noEquivalent(l, "n-dimensional direction %s needs a %d-D board; Betza 2.0's board is 2-D, and the direct evaluator reads it on an n-dimensional board (§S7.2)", l.Source, l.Dim)
	case len(l.Moves) == 0:
		return shape{}, t.noEquivalent(l, "%s names no move: no step leans towards every direction written after it (§S7.4)", l.Source)
	}
	letter := byte('K')
	switch l.Kind {
	case Orthogonal:
		letter = 'W'
	case Diagonal:
		letter = 'F'
	}
	return shape{atom: geometry.LookupAtom(letter), moves: l.Moves, steps: steps}, nil
}

// firstDirections writes the direction letters of a part's first leg.
// On the first part they name the moves in the player's frame (§S5.1,
// 2.0 §2.1); after U only a full set is translated, as the moves into the
// forward half plane of the previous step, 2.0's fh (§S6.2, §S6.4).
func (t *translator) firstDirections(s shape, at Node, cont bool) (string, error) {
	if cont {
		if !s.full() {
			return "", t.noEquivalent(at, "after U only + x * and a plain hypogonal are translated; a directed part after U has no reading fixed by the text (§S6.4)")
		}
		if s.atom.Class == geometry.Compound || s.atom.Class == geometry.Oblique {
			return "fh", nil
		}
		return "", nil // f, implied by '-' (2.0 §4.3), is fh for these classes (2.0 §2.2, §2.3)
	}
	return betzaDirections(s.atom, s.moves)
}

// straightAfterU refuses a hypogonal leap that a part after U repeats or
// goes on from straight (a count, a hop, cL): 2.0 names the straight leap
// rf only in the handedness the leap itself fixes (§S5.7), and after U the
// path's handedness may be fixed otherwise (2.0 §6.1), when rf is the
// mirror image of the leap and the piece bends (spec/findings.md F10).
func (t *translator) straightAfterU(s shape, at Node, cont bool) error {
	if !cont || s.atom.Class != geometry.Oblique {
		return nil
	}
	return t.noEquivalent(at, "after U a hypogonal leap is not repeated straight in 2.0: rf may name its mirror image, since the handedness of the path is fixed before the leap (§S5.7, 2.0 §6.1, spec/findings.md F10)")
}

// repeat is a count read as repetitions of a unit (§S4.1–§S4.3).
type repeat struct {
	kind  byte // 'o' once, 'u' up to n, 'e' exactly n, '0' unbounded
	n     int
	inner int // an exact count inside a repetition count: 2(3)+ has inner 3
}

func (t *translator) repeatOf(c *Count) (repeat, error) {
	if c == nil {
		return repeat{kind: 'o'}, nil
	}
	var r repeat
	for _, n := range []int{c.N, exactN(c)} {
		if n > maxCount {
			return r, t.noEquivalent(c, "a count of %d is above Betza 2.0's limit of %d (§S4.6, 2.0 §5.6)", n, maxCount)
		}
	}
	switch {
	case c.Steps == "":
		r = repeat{kind: 'e', n: c.Exact.N}
	case c.Unbounded():
		r = repeat{kind: '0'}
	default:
		r = repeat{kind: 'u', n: c.N}
	}
	if c.Steps != "" && c.Exact != nil {
		r.inner = c.Exact.N
	}
	if r.kind != '0' && r.n == 1 {
		r.kind = 'o'
	}
	if r.inner == 1 {
		r.inner = 0
	}
	return r, nil
}

func exactN(c *Count) int {
	if c.Exact == nil {
		return 0
	}
	return c.Exact.N
}

func countText(kind byte, n int) string {
	switch kind {
	case 'u':
		return strconv.Itoa(n)
	case 'e':
		return "0" + strconv.Itoa(n)
	}
	return "0"
}

// simple translates D:, S:, Tp: and B: (§S2.1–§S2.4, §S4).
func (t *translator) simple(f flat, s *Simple, cont, last bool) ([]leg, error) {
	if s.Text != nil {
		return nil, t.noEquivalent(s.Text, "free text is kept verbatim but betzacheck gives it no meaning to evaluate (§S2.6)")
	}
	sh, err := t.shapeOf(s.Range.Unit)
	if err != nil {
		return nil, err
	}
	rep, err := t.repeatOf(s.Range.Count)
	if err != nil {
		return nil, err
	}
	dirs, err := t.firstDirections(sh, s.Range.Unit, cont)
	if err != nil {
		return nil, err
	}
	det := s.Det.Name
	if rep.kind != 'o' || rep.inner > 0 || det == "B" {
		if err := t.straightAfterU(sh, s.Range, cont); err != nil {
			return nil, err
		}
	}
	teleport := det == "Tp"
	if det == "B" && (sh.steps > 1 || rep.inner > 0) {
		return nil, t.noEquivalent(s.Range, "a hop is read only over single steps (B:k d, B:(k)d, B:n d, B:(a,b)); the text defines no hop over spans (§S2.4)")
	}
	// Passage between repetitions: empty landing squares (implied m, 2.0
	// §5.1) for D, S and B; any content for Tp (mp, 2.0 §3.1, §3.4).
	pass := ""
	if teleport {
		pass = "mp"
	}
	cont1 := sh.straight() // repetitions go on straight (§S5.7)

	// One unit.
	unit, exp := sh.letter(), ""
	if sh.steps > 1 {
		switch {
		case det == "D": // §S2.1 a slide passes every square
			exp = countText('e', sh.steps)
		case det == "S" && sh.leaper() != nil: // §S2.2 a leap
			unit = string(sh.leaper().Letter)
		default: // a longer leap, or a teleport: the squares between hold anything
			exp = "mp" + countText('e', sh.steps)
		}
	}
	wrap := func(kind byte, n int) {
		if exp != "" {
			unit, exp = "("+unit+exp+")", ""
		}
		exp = cont1 + pass + countText(kind, n)
	}
	if rep.inner > 0 {
		wrap('e', rep.inner)
	}
	switch {
	case rep.kind == '0' && rep.inner == 0 && sh.steps == 1 && !teleport && sh.atom.Class != geometry.Oblique:
		unit = map[string]string{"W": "R", "F": "B", "K": "Q"}[sh.letter()] // 2.0 §1.2, §1.3
	case rep.kind != 'o':
		wrap(rep.kind, rep.n)
	}
	mods := modality(f, teleport, last)
	if det == "B" {
		// §S2.4 ride onto the hurdle, then land one step beyond it.
		return []leg{{i: f.i, dirs: dirs, mods: "p", unit: unit, exp: exp}, {i: f.i, dirs: cont1, mods: mods, unit: sh.letter()}}, nil
	}
	if cont && dirs == "" && strings.HasPrefix(unit, "(") {
		dirs = "f" // say the implied f of a '-' outright on a group
	}
	return []leg{{i: f.i, dirs: dirs, mods: mods, unit: unit, exp: exp}}, nil
}

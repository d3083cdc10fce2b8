package bracket

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// This file is the model that both the bracket dialect and the classic
// dialect (package classic) translate through: a union of paths, each a
// sequence of legs, written out as Betza 2.0 by Render. Every rule cites
// its clause of spec/bracket.md; the classic dialect reaches the same rules
// through the clauses of spec/classic.md that refer to them.

// Unbounded is the Range of a rider with no limit.
const Unbounded = 0

// LegSpec is one leg of the model.
type LegSpec struct {
	Src    string // the leg as written, for messages
	Offset int    // where it starts in the source
	// Atom is the Betza 2.0 atom of one step: W F D N A H C Z G K, or U
	// (the universal leaper, §B2.2). R, B and Q are W, F and K ridden.
	Atom byte
	// Range is 1 for a single leap, n > 1 for up to n leaps in one
	// direction, Unbounded for a rider (§B5.1, §B5.2).
	Range int
	// Dirs are Betza 2.0 direction names, read in the leg's frame exactly as
	// Betza 2.0 reads them (§B4.2); "" when none is written.
	Dirs string
	// Modes is a subset of "mcdp" in that order; "" when none is written.
	Modes string
	Sweep byte // 0, 'n' or 'j' (§B6)
	// LameFirst, with Sweep 'n' on N C Z, tests only the first square
	// of the lame path, one orthogonal step along the leap's larger
	// component, and makes the rest of the leap in one leap: XBoard's
	// lame leaper (spec/classic.md §C5.6, spec/xbetza.md §X4.6).
	LameFirst bool
	Initial   bool // i (§B4.5)
	// Empty marks a leg that can never be made (a reading a profile of
	// the classic dialect records, spec/classic.md §C5); a chain through it
	// is dropped.
	Empty bool
}

// PathSpec is one homogeneous move of the model.
type PathSpec struct {
	Src    string
	Offset int
	Legs   []LegSpec
	// Optional[i] says the move may end after leg i (a '?' after it,
	// §B3.2); len(Optional) == len(Legs)-1.
	Optional []bool
	// Group modifiers written before '[' (§B4.8): Dirs fill the first leg,
	// Modes every leg that ends the move, Sweep every leg, Initial the
	// move.
	Dirs, Modes string
	Sweep       byte
	Initial     bool
	// Hop is a p before the whole move: exactly one occupied square among
	// the squares the move visits before its destination (§B7.1).
	Hop       bool
	HopOffset int
	// Grasshopper (classic g, spec/classic.md §C4.3): a single rider leg
	// that hops the first piece on its line and lands one step beyond.
	Grasshopper bool
}

// Compile renders the paths that the text src of the dialect from was read
// into (Render) and compiles the Betza 2.0 notation. The rendering is
// built to compile, within the expansion limit (§B8.4): a notation the
// core rejects is a bug of the dialect, reported as an internal error
// rather than hidden.
func Compile(paths []PathSpec, from, src string) (*reference.Program, error) {
	out, err := Render(paths, from)
	if err != nil {
		return nil, err
	}
	prog, err := reference.Compile(out)
	if err != nil {
		return nil, fmt.Errorf("%s: internal error: %q translates to %q, which Betza 2.0 rejects: %v", from, src, out, err)
	}
	return prog, nil
}

// Render writes the union of paths as one Betza 2.0 notation. A union with
// no move at all is written mO, a leg that is never made (§B7.3). from is
// the dialect name for NoEquivalentError and for the *loc.Error of
// §B8.4: the chains written may have at most as many legs after
// expansion together as Betza 2.0 allows (§12.2), and the work stops at
// the path whose chains pass that, before anything larger is built.
func Render(paths []PathSpec, from string) (string, error) {
	var chains []string
	b := &budget{from: from, max: expand.DefaultLimits.MaxNodes}
	for _, p := range paths {
		b.at = p.Offset
		cs, err := renderPath(p, b)
		if err != nil {
			return "", err
		}
		chains = append(chains, cs...)
	}
	return Join(dedupe(chains)), nil
}

// budget counts the legs, after expansion, of the chains written so far
// (§B8.4), at most max; at is the offset of the path being written,
// where the error is reported, and from the dialect that reads it.
type budget struct {
	from      string
	at        int
	used, max int
	legs      map[string]int // the count of each part written, once read
}

// errLimit is the error of §B8.4 at the path being written.
func (b *budget) errLimit() error {
	return loc.Errorf(b.from, b.at, "§B8.4", "expected a translation of at most %d legs after expansion (§12.2), found more by this move", b.max)
}

// write counts the legs of a chain written whole, its parts joined by
// '-' (§12.2: a chain has the legs of its parts together), and fails
// once the translation has more than b.max.
func (b *budget) write(parts ...string) error {
	for _, part := range parts {
		if part == "" {
			continue // no part: a hurdle on the first or last leg (renderHop)
		}
		k, ok := b.legs[part]
		if !ok {
			var err error
			k, err = expand.Legs(part, b.max)
			var limit *expand.LimitError
			if err != nil && !errors.As(err, &limit) {
				return fmt.Errorf("%s: internal error: %q does not read in Betza 2.0: %v", b.from, part, err)
			}
			if b.legs == nil {
				b.legs = map[string]int{}
			}
			b.legs[part] = k
		}
		if b.used += k; b.used > b.max {
			return b.errLimit()
		}
	}
	return nil
}

// room checks that n more chains could still be written: each has at
// least one leg, so a product of spellings or a split that makes more
// is over the limit before it is built.
func (b *budget) room(n int) error {
	if n > b.max-b.used {
		return b.errLimit()
	}
	return nil
}

// Join juxtaposes Betza 2.0 chains (a union, §4.6 of spec/betza2.md),
// putting a chain in parentheses where juxtaposition would otherwise double
// an atom letter (§1.6 of spec/betza2.md). No chains is mO.
func Join(chains []string) string {
	if len(chains) == 0 {
		return "mO"
	}
	var b strings.Builder
	for _, c := range chains {
		s := b.String()
		if len(s) > 0 && len(c) > 0 && s[len(s)-1] == c[0] {
			c = "(" + c + ")"
		}
		b.WriteString(c)
	}
	return b.String()
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func noEq(from string, part string, off int, format string, args ...any) error {
	return &dialect.NoEquivalentError{From: from, To: dialect.Betza2, Part: part, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

// renderPath writes one path as one or more chains: one chain for each leg
// at which the move may end (§B3.2), and for a hopper one for each place
// the hurdle may be (§B7.2).
func renderPath(p PathSpec, b *budget) ([]string, error) {
	from := b.from
	if len(p.Legs) == 0 {
		return nil, nil
	}
	legs := append([]LegSpec(nil), p.Legs...)
	// §B4.8: group modifiers fill what a leg leaves open.
	if legs[0].Dirs == "" {
		legs[0].Dirs = p.Dirs
	}
	if p.Initial {
		legs[0].Initial = true
	}
	for i := range legs {
		if legs[i].Sweep == 0 {
			legs[i].Sweep = p.Sweep
		}
		if legs[i].Atom == 'U' {
			return nil, noEq(from, legs[i].Src, legs[i].Offset, "U, the universal leaper, reaches every square of the board; Betza 2.0 has no atom for it and no finite set of its atoms spans every board (§B2.2)")
		}
	}
	var out []string
	for end := range legs {
		if end < len(legs)-1 && !p.Optional[end] {
			continue
		}
		chain := append([]LegSpec(nil), legs[:end+1]...)
		last := &chain[end]
		if last.Modes == "" {
			last.Modes = p.Modes
		}
		// §B4.7: p on the leg that ends the move is meaningless and ignored.
		last.Modes = strings.ReplaceAll(last.Modes, "p", "")
		if chainEmpty(chain) {
			continue
		}
		var cs []string
		var err error
		switch {
		case p.Grasshopper:
			cs, err = renderGrasshopper(chain, b)
		case p.Hop:
			cs, err = renderHop(chain, p, b)
		default:
			cs, err = renderChain(chain, -1, b, true)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

func chainEmpty(chain []LegSpec) bool {
	for _, l := range chain {
		if l.Empty {
			return true
		}
	}
	return false
}

// renderChain writes the legs of one chain; each leg may have several
// spellings (a lame oblique leg, §B6.2), so the result is their product.
// hurdle, when >= 0, gives leg hurdle the modality p (§B7.2). whole says
// the chains are written as they are, and counted in b; a part of a
// chain (renderHop) is counted once it is whole.
func renderChain(chain []LegSpec, hurdle int, b *budget, whole bool) ([]string, error) {
	alts := make([][]string, len(chain))
	n := 1
	for i, l := range chain {
		if i == hurdle {
			l.Modes = "p"
		}
		var err error
		if alts[i], err = renderLeg(l, i, chain[:i], b.from); err != nil {
			return nil, err
		}
		if err := b.room(n * len(alts[i])); err != nil {
			return nil, err
		}
		n *= len(alts[i])
	}
	// Each chain of the product is built once, leg by leg.
	out := make([]string, 0, n)
	pick := make([]int, len(chain))
	for {
		var sb strings.Builder
		for i, k := range pick {
			if i > 0 {
				sb.WriteByte('-')
			}
			sb.WriteString(alts[i][k])
			if whole {
				if err := b.write(alts[i][k]); err != nil {
					return nil, err
				}
			}
		}
		out = append(out, sb.String())
		i := len(pick) - 1
		for ; i >= 0; i-- {
			if pick[i]++; pick[i] < len(alts[i]) {
				break
			}
			pick[i] = 0
		}
		if i < 0 {
			break
		}
	}
	return out, nil
}

// prefix writes a leg's prefix in Betza 2.0's canonical order: the mover's
// i, the directions, the modalities.
func prefix(initial bool, dirs, modes string) string {
	s := ""
	if initial {
		s = "i"
	}
	return s + dirs + modes
}

// oblique reports whether the atom is in the oblique class (N C Z, §1.5 of
// spec/betza2.md); the universal leaper U is not.
func oblique(atom byte) bool {
	a := geometry.LookupAtom(atom)
	return a != nil && a.Class == geometry.Oblique
}

// contDirs is the exponent modifier that makes the copies of a ride
// continue in a straight line: none for straight atoms, rf for oblique ones
// (§B5.3).
func contDirs(atom byte) string {
	if oblique(atom) {
		return "rf"
	}
	return ""
}

// count writes an up-to count or the unbounded 0 (§5.1, §5.3 of
// spec/betza2.md).
func count(r int) string {
	if r == Unbounded {
		return "0"
	}
	return strconv.Itoa(r)
}

// unit is what one repetition of a leg is in Betza 2.0: an atom, or for a
// swept D A H G a short chain (§B6.1, §B6.3).
func unit(l LegSpec) (u string, group bool) {
	if l.Sweep == 0 || !sweepable(l.Atom) {
		return string(l.Atom), false
	}
	base, k := "W", 2
	switch l.Atom {
	case 'A':
		base = "F"
	case 'H':
		k = 3
	case 'G':
		base, k = "F", 3
	}
	var parts []string
	for i := 0; i < k-1; i++ {
		if l.Sweep == 'j' {
			parts = append(parts, "p"+base)
		} else {
			parts = append(parts, base)
		}
	}
	parts = append(parts, base)
	return strings.Join(parts, "-"), true
}

// sweepable atoms are those where n and j have squares to test (§B6.1,
// §B6.2); on W F K they are meaningless (§B4.7).
func sweepable(atom byte) bool { return strings.IndexByte("DAHGNCZ", atom) >= 0 }

// renderLeg writes one leg (not the hurdle split of §B7.2). before are the
// legs of the chain before it.
func renderLeg(l LegSpec, index int, before []LegSpec, from string) ([]string, error) {
	if l.Sweep != 0 && oblique(l.Atom) {
		if l.Range != 1 {
			return nil, noEq(from, l.Src, l.Offset, "%c on a ridden oblique atom would repeat the split of §B6.2 at every leap, with continuation directions that depend on each ray; betzacheck does not translate it (§B6.5)", l.Sweep)
		}
		if index > 0 && !chiralBefore(before) {
			return nil, noEq(from, l.Src, l.Offset, "%c on an oblique leg after the first: splitting the leap into orthogonal and diagonal steps can change where Betza 2.0 fixes the path's handedness (§6.1 of spec/betza2.md), so the translation is exact only on a first leg or after an oblique leg (§B6.6)", l.Sweep)
		}
		return lameOblique(l, index == 0)
	}
	u, group := unit(l)
	pre := prefix(l.Initial, l.Dirs, l.Modes)
	if l.Range == 1 {
		if !group {
			return []string{pre + u}, nil
		}
		// §B6.1: the first sub-step takes the leg's directions and the
		// mover's i, the last one its modes; "exact count" spelling.
		if l.Sweep == 'n' {
			k := strings.Count(u, "-") + 1
			return []string{pre + u[:1] + "0" + strconv.Itoa(k)}, nil
		}
		return []string{withEnds(u, prefix(l.Initial, l.Dirs, ""), l.Modes)}, nil
	}
	return []string{ride(pre, u, group, l.Atom, l.Range)}, nil
}

// ride writes a ride of the unit u with prefix pre: R, B, Q for the
// unbounded W, F, K rides, else the unit with the count (and rf for an
// oblique atom, §B5.3).
func ride(pre, u string, group bool, atom byte, r int) string {
	if group {
		return pre + "(" + u + ")" + count(r)
	}
	if r == Unbounded {
		switch atom {
		case 'W':
			return pre + "R"
		case 'F':
			return pre + "B"
		case 'K':
			return pre + "Q"
		}
	}
	return pre + u + contDirs(atom) + count(r)
}

// withEnds puts first (the mover's i and directions) before the first leg
// of the chain u and modes before its last leg, which has none of its own.
func withEnds(u, first, modes string) string {
	legs := strings.Split(u, "-")
	if len(legs) == 1 {
		return first + modes + u
	}
	legs[0] = first + legs[0]
	legs[len(legs)-1] = modes + legs[len(legs)-1]
	return strings.Join(legs, "-")
}

// chiralBefore reports whether a path is sure to have fixed its handedness
// (§6.1 of spec/betza2.md) before the next leg: some earlier leg is oblique,
// and an oblique step always leaves every line through the start.
func chiralBefore(before []LegSpec) bool {
	for _, l := range before {
		if oblique(l.Atom) {
			return true
		}
	}
	return false
}

// mirrorSymmetric reports whether the direction names of a leg pick the
// same moves after l and r are exchanged, so that the leg means the same
// whichever handedness Betza 2.0 fixes.
func mirrorSymmetric(dirs string) bool {
	if dirs == "" {
		return true
	}
	toks := syntax.DirectionTokens(dirs)
	set := map[string]bool{}
	for _, t := range toks {
		set[t] = true
	}
	for _, t := range toks {
		if !set[swapLR(t)] {
			return false
		}
	}
	return true
}

func swapLR(t string) string {
	b := []byte(t)
	for i := range b {
		switch b[i] {
		case 'l':
			b[i] = 'r'
		case 'r':
			b[i] = 'l'
		}
	}
	return string(b)
}

// renderGrasshopper writes classic g: hop the first piece on the line and
// land one step beyond (spec/classic.md §C4.3): p on a ride to the hurdle,
// then one more step straight on.
func renderGrasshopper(chain []LegSpec, b *budget) ([]string, error) {
	from := b.from
	l := chain[0]
	if len(chain) != 1 || l.Sweep != 0 {
		return nil, noEq(from, l.Src, l.Offset, "a grasshopper is a single plain leg (§C4.3)")
	}
	ride := l
	ride.Range = Unbounded
	ride.Modes = "p"
	a, err := renderLeg(ride, 0, nil, from)
	if err != nil {
		return nil, err
	}
	step := prefix(false, contDirs(l.Atom), l.Modes) + string(l.Atom)
	var out []string
	for _, x := range a {
		out = append(out, x+"-"+step)
	}
	return out, b.write(out...)
}

// maxHopRange bounds the ranges a hopper is split for (§B7.4).
const maxHopRange = 16

// renderHop writes a p before a whole move (§B7.1, §B7.2): the union over
// the squares where the single hurdle may stand.
func renderHop(chain []LegSpec, p PathSpec, b *budget) ([]string, error) {
	from := b.from
	// A non-final leg with its own p is the hurdle already; m only adds
	// that its square is empty; other modes are not translated (§B7.4).
	fixed := -1
	for i, l := range chain[:len(chain)-1] {
		switch {
		case l.Modes == "" || l.Modes == "m":
		case l.Modes == "p":
			if fixed >= 0 {
				return nil, nil // two hurdles: never exactly one
			}
			fixed = i
		default:
			return nil, noEq(from, p.Src, p.Offset, "a p before the whole move together with the modes %q on an inner leg: whether that square counts towards the single hurdle is not defined (§B7.4)", l.Modes)
		}
	}
	if fixed >= 0 {
		return renderChain(chain, -1, b, true)
	}
	var out []string
	for i := range chain {
		l := chain[i]
		// The hurdle on the end square of an inner leg.
		if i < len(chain)-1 && l.Modes == "" {
			cs, err := renderChain(chain, i, b, true)
			if err != nil {
				return nil, err
			}
			out = append(out, cs...)
		}
		// The hurdle on a square a ride visits before its end (§B7.2).
		if l.Range == 1 {
			continue // a leap visits no square before its end (§B7.3)
		}
		if oblique(l.Atom) && l.Sweep != 0 {
			return nil, noEq(from, l.Src, l.Offset, "%c on a ridden oblique atom (§B6.5)", l.Sweep)
		}
		if i > 0 && !chiralBefore(chain[:i]) {
			for _, later := range chain[i+1:] {
				if !mirrorSymmetric(later.Dirs) {
					return nil, noEq(from, p.Src, p.Offset, "the hurdle would split leg %q, and a later leg distinguishes left from right: splitting can change where Betza 2.0 fixes the path's handedness (§B7.4; §6.1 of spec/betza2.md)", l.Src)
				}
			}
		}
		if l.Range != Unbounded && l.Range > maxHopRange {
			return nil, noEq(from, l.Src, l.Offset, "a hopping ride of range %d would be written as %d chains; betzacheck splits ranges up to %d (§B7.4)", l.Range, l.Range-1, maxHopRange)
		}
		for _, s := range splitRide(l) {
			heads, err := renderChain(chain[:i], -1, b, false)
			if err != nil {
				return nil, err
			}
			tails, err := renderChain(chain[i+1:], -1, b, false)
			if err != nil {
				return nil, err
			}
			if err := b.room(len(heads) * len(tails)); err != nil {
				return nil, err
			}
			for _, h := range heads {
				for _, t := range tails {
					c := s
					if h != "" {
						c = h + "-" + c
					}
					if t != "" {
						c = c + "-" + t
					}
					if err := b.write(h, s, t); err != nil {
						return nil, err
					}
					out = append(out, c)
				}
			}
		}
	}
	return out, nil
}

// splitRide writes a ride with its hurdle on one of the squares it visits
// before its end: a ride to the hurdle (p), then a ride straight on with
// the leg's modes (§B7.2). For a range n, the first part makes exactly k
// steps and the second up to n-k.
func splitRide(l LegSpec) []string {
	u, group := unit(l)
	cont := contDirs(l.Atom)
	head := func(k int) string { // k == 0: any number
		pre := prefix(l.Initial, l.Dirs, "p")
		body := u
		if group {
			body = "(" + u + ")"
		}
		switch {
		case k == 1 && !group:
			return pre + body
		case k == 1:
			return withEnds(u, prefix(l.Initial, l.Dirs, ""), "p")
		case k == 0:
			return ride(pre, u, group, l.Atom, Unbounded)
		}
		return pre + body + cont + "0" + strconv.Itoa(k)
	}
	tail := func(r int) string {
		lead := cont // the first step of the rest goes straight on
		pre := lead + l.Modes
		body := u
		if group {
			body = "(" + u + ")"
		}
		if r == 1 {
			if group {
				return withEnds(u, lead, l.Modes)
			}
			return pre + body
		}
		return ride(pre, u, group, l.Atom, r)
	}
	if l.Range == Unbounded {
		return []string{head(0) + "-" + tail(Unbounded)}
	}
	var out []string
	for k := 1; k < l.Range; k++ {
		out = append(out, head(k)+"-"+tail(l.Range-k))
	}
	return out
}

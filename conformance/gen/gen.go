// Package gen holds the gopter generators of the harness: positions on
// boards of many sizes, and notations sampled from grammar/betza2.ebnf.
// Every generator shrinks, so a failing case ends small: few pieces, a
// small board, a short notation.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package gen

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"golang.org/x/exp/ebnf"

	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
)

// pieceKinds are the letters other pieces get; the kind means nothing to
// Betza moves, only colour and the not-moved flag do (§11.2).
const pieceKinds = "PNBRQK"

// Setup generates a position on a board with sides in [minSide,
// maxSide] (square and not), pieces at a random density, both colours,
// random not-moved flags, and a mover 'X' of either colour anywhere,
// edges and corners favoured.
func Setup(minSide, maxSide int) gopter.Gen {
	return Positions(Bounds{MinSide: minSide, MaxW: maxSide, MaxH: maxSide})
}

// Bounds limit the positions of Positions: the board's sides, and what
// an implementation that lacks a capability of spec/protocol.md P2.6 is
// not sent.
type Bounds struct {
	MinSide    int  // the least side (clipped to MaxW, MaxH)
	MaxW, MaxH int  // the largest board
	MoverOnly  bool // no piece but the mover (occupied: false)
	WhiteMover bool // a white mover and black pieces (colours: false)
	NoUnmoved  bool // no piece marked not moved (unmoved: false)
}

// Positions generates positions within b, drawn as Setup draws them.
func Positions(b Bounds) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		side := func(most int) int {
			least := min(b.MinSide, most)
			return least + r.Intn(most-least+1)
		}
		size := board.Size{W: side(b.MaxW), H: side(b.MaxH)}
		pos := board.NewPosition(size)
		density := []float64{0, 0.1, 0.25, 0.5}[r.Intn(4)]
		if b.MoverOnly {
			density = 0
		}
		colour := func() board.Color {
			c := board.Color(r.Intn(2))
			if b.WhiteMover {
				c = board.Black
			}
			return c
		}
		virgin := func(oneIn int) bool { return r.Intn(oneIn) == 0 && !b.NoUnmoved }
		for f := 0; f < size.W; f++ {
			for k := 0; k < size.H; k++ {
				if r.Float64() < density {
					pos.Set(board.Square{File: f, Rank: k}, board.Piece{
						Kind: pieceKinds[r.Intn(len(pieceKinds))], Color: colour(), Virgin: virgin(3),
					})
				}
			}
		}
		from := board.Square{File: edgy(r.Intn, size.W), Rank: edgy(r.Intn, size.H)}
		mover := board.Piece{Kind: 'X', Color: board.Color(r.Intn(2)), Virgin: virgin(2)}
		if b.WhiteMover {
			mover.Color = board.White
		}
		pos.Set(from, mover)
		return gopter.NewGenResult(board.Setup{Pos: pos, From: from}, ShrinkSetup)
	}
}

// edgy picks a coordinate in [0,n), an edge one time in three.
func edgy(intn func(int) int, n int) int {
	if intn(3) == 0 {
		return []int{0, n - 1}[intn(2)]
	}
	return intn(n)
}

// ShrinkSetup proposes smaller positions: a board one file or rank
// smaller where that keeps the mover, one piece fewer, the mover one step
// toward a1 (left, then down) onto an empty square, and one piece's
// not-moved flag cleared (the mover's too). Each candidate is smaller by
// one measure and no larger by the others: squares, pieces, the mover's
// distance from a1, flags.
func ShrinkSetup(v interface{}) gopter.Shrink {
	p := v.(board.Setup)
	var out []interface{}
	for _, dropFirst := range []bool{true, false} {
		for _, files := range []bool{true, false} {
			if c, ok := crop(p, files, dropFirst); ok {
				out = append(out, c)
			}
		}
	}
	for _, q := range p.Pos.Pieces() {
		if q == p.From {
			continue
		}
		c := p.Pos.Clone()
		c.Set(q, board.Piece{})
		out = append(out, board.Setup{Pos: c, From: p.From})
	}
	for _, step := range []board.Square{p.From.Add(-1, 0), p.From.Add(0, -1)} {
		if !p.Pos.Size().Contains(step) || !p.Pos.At(step).Empty() {
			continue
		}
		c := p.Pos.Clone()
		c.Set(step, p.Mover())
		c.Set(p.From, board.Piece{})
		out = append(out, board.Setup{Pos: c, From: step})
	}
	for _, q := range p.Pos.Pieces() {
		pc := p.Pos.At(q)
		if !pc.Virgin {
			continue
		}
		pc.Virgin = false
		c := p.Pos.Clone()
		c.Set(q, pc)
		out = append(out, board.Setup{Pos: c, From: p.From})
	}
	return sliceShrink(out)
}

// crop removes the first or last file (or rank) unless the mover is on it
// or the board would become smaller than 1 square wide.
func crop(p board.Setup, files, dropFirst bool) (board.Setup, bool) {
	size := p.Pos.Size()
	ns, shift := size, board.Square{}
	if files {
		ns.W--
		if dropFirst {
			shift.File = 1
		}
	} else {
		ns.H--
		if dropFirst {
			shift.Rank = 1
		}
	}
	if ns.W < 1 || ns.H < 1 {
		return p, false
	}
	from := board.Square{File: p.From.File - shift.File, Rank: p.From.Rank - shift.Rank}
	if !ns.Contains(from) {
		return p, false
	}
	c := board.NewPosition(ns)
	for _, q := range p.Pos.Pieces() {
		nq := board.Square{File: q.File - shift.File, Rank: q.Rank - shift.Rank}
		if ns.Contains(nq) {
			c.Set(nq, p.Pos.At(q))
		}
	}
	return board.Setup{Pos: c, From: from}, true
}

func sliceShrink(vals []interface{}) gopter.Shrink {
	i := 0
	return func() (interface{}, bool) {
		if i >= len(vals) {
			return nil, false
		}
		i++
		return vals[i-1], true
	}
}

// Notation generates notations sampled from the grammar (production
// Notation) that the reference compiles and keep passes (nil keeps all).
// The sampler's seed comes from gopter's generator, so a property's seed
// replays its notations.
func Notation(g ebnf.Grammar, maxDepth int, keep func(string) bool) gopter.Gen {
	return NotationWith(g, maxDepth, keep, reference.Compile)
}

// NotationWith is Notation with compile as the reference's compiler (a
// notation is drawn if compile accepts it): for a caller that compiles the
// notation drawn once more and keeps the programs compiled (props.Fuzz),
// so that it is compiled once. It draws what Notation draws. The
// shrinker compiles with reference.Compile.
func NotationWith(g ebnf.Grammar, maxDepth int, keep func(string) bool, compile func(string) (*reference.Program, error)) gopter.Gen {
	sampler := grammar.NewSampler(g, maxDepth)
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := rand.New(rand.NewPCG(uint64(p.Rng.Int63()), uint64(p.Rng.Int63())))
		for try := 0; try < 1000; try++ {
			s := sampler.Sample("Notation", r)
			if _, err := compile(s); err == nil && (keep == nil || keep(s)) {
				return gopter.NewGenResult(s, ShrinkNotation(keep))
			}
		}
		return gopter.NewEmptyResult(nil)
	}
}

// Eruptions generates notations in which the fragments of an eruption
// erupt in turn and the chains fork after the nested eruption (§3.8,
// §4.6): one or two legs, the later of them erupting, then a fork (an
// up-to exponent, or a group whose union holds a chain and its
// extension), with random modality and direction letters and small atoms.
// Such chains share the nested eruption and must still be moves of their
// own (issue 28), which the sampled grammar reaches only rarely.
func Eruptions() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
		leg := func(erupt bool) string {
			x := ""
			if erupt || r.Intn(4) == 0 {
				x = "x"
			}
			return pick("", "", "a", "f", "l", "s", "b", "v") + x + pick("", "", "m", "c", "mc", "p", "d", "cd") + pick("W", "F", "D", "K", "W", "F")
		}
		for try := 0; try < 100; try++ {
			head := leg(r.Intn(2) == 0)
			if r.Intn(2) == 0 {
				head += "-" + leg(true)
			}
			var tail string
			switch r.Intn(4) {
			case 0:
				tail = leg(false) + pick("2", "3")
			case 1:
				a := leg(false)
				tail = "(" + a + "(" + a + "-" + leg(false) + "))"
			case 2:
				tail = "(" + leg(false) + "-" + leg(false) + ")(" + leg(false) + ")"
			default:
				tail = "(" + leg(false) + leg(false) + ")"
			}
			s := head + "-" + tail
			if Compiles(s) {
				return gopter.NewGenResult(s, ShrinkNotation(func(c string) bool { return strings.ContainsRune(c, 'x') }))
			}
		}
		return gopter.NewEmptyResult(nil)
	}
}

// Compiles reports whether the reference accepts s.
func Compiles(s string) bool {
	_, err := reference.Compile(s)
	return err == nil
}

// ShrinkNotation proposes smaller notations that compile and that keep
// accepts (NotationCandidates with reference.Compile as the test of
// validity; never the empty notation).
func ShrinkNotation(keep func(string) bool) gopter.Shrinker {
	valid := func(c string) bool { return c != "" && Compiles(c) && (keep == nil || keep(c)) }
	return func(v interface{}) gopter.Shrink {
		cands := NotationCandidates(v.(string), valid)
		vals := make([]interface{}, len(cands))
		for i, c := range cands {
			vals[i] = c
		}
		return sliceShrink(vals)
	}
}

// NotationCandidates lists the notations one step smaller than s that
// valid accepts, each once, shorter ones first: the empty notation, any
// run of whole characters less (one character, a modifier run, a move of
// a union, a leg with its dash), a group's parentheses removed, a number
// lowered (10 to each of 1..9, 3 to 2, 2 to 1; 0 and 1 stay), or an atom
// letter (doubled or not) replaced by a smaller atom, W or F (see
// smallerAtoms). Every candidate is shorter than s, or as long with a
// lower number or a smaller atom, so that shrinking ends. valid
// says what a notation must be, in whichever dialect s is written.
func NotationCandidates(s string, valid func(string) bool) []string {
	seen := map[string]bool{s: true}
	var cands []string
	add := func(c string) {
		if !seen[c] {
			seen[c] = true
			if valid(c) {
				cands = append(cands, c)
			}
		}
	}
	add("")
	// Every run of whole characters dropped: one character, a modifier,
	// a move of a union with its range, a leg (the validity test keeps
	// the grammatical ones).
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		for j := i + size; j <= len(s); {
			add(s[:i] + s[j:])
			if j == len(s) {
				break
			}
			_, next := utf8.DecodeRuneInString(s[j:])
			j += next
		}
		if s[i] == '(' {
			if j := matching(s, i); j > 0 {
				add(s[:i] + s[i+1:j] + s[j+1:])
			}
		}
		i += size
	}
	for _, span := range numberSpans(s) {
		for _, lower := range lowerNumbers(s[span[0]:span[1]]) {
			add(s[:span[0]] + lower + s[span[1]:])
		}
	}
	for i := 0; i < len(s); i++ {
		rank := strings.IndexByte(smallerAtoms, s[i])
		if s[i] < 'A' || s[i] > 'Z' || rank == 0 || i > 0 && s[i-1] == s[i] {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == s[i] {
			j++ // a doubled letter is replaced whole
		}
		smaller := smallerAtoms
		if rank > 0 {
			smaller = smallerAtoms[:rank]
		}
		for _, a := range smaller {
			add(s[:i] + strings.Repeat(string(a), j-i) + s[j:])
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return len(cands[i]) < len(cands[j]) })
	return cands
}

// smallerAtoms are the atoms a letter is replaced by while shrinking, the
// smallest first: a letter is replaced by those before it, and a letter
// not listed (any other capital) by all of them.
const smallerAtoms = "WF"

// numberSpans returns the byte ranges of the runs of decimal digits in s.
func numberSpans(s string) [][2]int {
	var spans [][2]int
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		spans = append(spans, [2]int{i, j})
		i = j
	}
	return spans
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// lowerNumbers proposes smaller numbers for the digits n: n-1, and every
// one-digit number from 1 when n has more digits; nothing for 0 and 1
// (1 to 0 would turn a count into a rider, §5.3, not a smaller move).
func lowerNumbers(n string) []string {
	v, err := strconv.Atoi(n)
	if err != nil || v < 2 {
		return nil
	}
	out := []string{strconv.Itoa(v - 1)}
	if len(n) > 1 {
		for d := 1; d <= 9 && d < v-1; d++ {
			out = append(out, strconv.Itoa(d))
		}
	}
	return out
}

func matching(s string, open int) int {
	depth := 0
	for j := open; j < len(s); j++ {
		switch s[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

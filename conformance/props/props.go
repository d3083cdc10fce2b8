// Package props states the laws of Betza 2.0 that the harness checks:
// pairs of notations that must mean the same moves (each citing its
// clauses), laws over generated notations, and the seed's claims that its
// own literal rules do not support, kept as expected failures (recorded in
// spec/findings.md). The tests of this package run them with gopter; the
// fuzz command runs the generated-notation laws for longer.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package props

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// Pair is a law "A means the same moves as B" (or, with Sym, "A on a
// position means B on the image of that position, mapped back").
type Pair struct {
	Name    string
	Clauses string
	A, B    string
	Sym     *equiv.Symmetry // nil: plain equivalence
	// Oracle, when set, is side B: an independent move generator written
	// in Go, and B only describes it.
	Oracle equiv.Mover
	// Expected marks a claim of the seed that the literal rules do not
	// give: the property must FAIL; spec/findings.md explains why.
	Expected bool
}

// Movers returns the two sides of the pair as Movers.
func (p Pair) Movers() (a, b equiv.Mover, err error) {
	if a, err = equiv.Notation(p.A); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", p.A, err)
	}
	if b = p.Oracle; b == nil {
		if b, err = equiv.Notation(p.B); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", p.B, err)
		}
	}
	if p.Sym != nil {
		b = Imaged(b, *p.Sym)
	}
	return a, b, nil
}

// Imaged returns the mover "m on the image position, mapped back": for a
// symmetry y that is its own inverse (mirror, half turn) this is the
// mirror image of m's moves. For Rotate90 it is m turned a quarter turn.
func Imaged(m equiv.Mover, y equiv.Symmetry) equiv.Mover {
	inv := y.Inverse()
	return func(p board.Setup) ([]string, error) {
		img := y.Setup(p)
		keys, err := m(img)
		var fc *eval.FragmentConflictError
		if errors.As(err, &fc) {
			// The error names a square of the image: name it on p.
			return nil, &eval.FragmentConflictError{Square: inv.Square(img.Pos.Size(), fc.Square)}
		}
		if err != nil {
			return nil, err
		}
		return inv.Keys(img.Pos.Size(), keys), nil
	}
}

// Config is how long properties run: BETZA_PROPS_N cases per property
// (default 200) and BETZA_SEED to replay a run (default: the clock; the
// seed is always printed).
type Config struct {
	Cases int
	Seed  int64
}

// ConfigFromEnv reads the environment.
func ConfigFromEnv() Config {
	c := Config{Cases: 200, Seed: time.Now().UnixNano()}
	if n, err := strconv.Atoi(os.Getenv("BETZA_PROPS_N")); err == nil && n > 0 {
		c.Cases = n
	}
	if s, err := strconv.ParseInt(os.Getenv("BETZA_SEED"), 10, 64); err == nil {
		c.Seed = s
	}
	return c
}

// CorpusCase writes a ready-to-paste corpus file for a counterexample:
// the notation on the position, with the reference's outcomes as want
// lines (or its evaluation error as the case's error), to be checked by
// hand before it is added.
func CorpusCase(name, notation, clauses, why string, p board.Setup) string {
	return corpusCase("notation: "+notation+"\n", name, notation, clauses, why, p)
}

// DialectCorpusCase is CorpusCase for a notation src of another dialect:
// the file names the dialect, and its want lines are the outcomes of
// translation, the Betza 2.0 form the dialect gave for src, to be checked
// by hand against the dialect's spec before the case is added.
func DialectCorpusCase(dialectName, name, src, translation, clauses, why string, p board.Setup) string {
	return corpusCase(fmt.Sprintf("notation: %s\ndialect: %s\n", src, dialectName), name, translation, clauses, why, p)
}

// corpusCase writes a corpus file that starts with head, with one case:
// the outcomes of the Betza 2.0 notation on p.
func corpusCase(head, name, notation, clauses, why string, p board.Setup) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%sclauses: %s\nsummary: counterexample found by %s\n", head, clauses, name)
	fmt.Fprintf(&b, "-- found --\nboard: %s\nposition: %s\nfrom: %s\nmover: %s\nwhy: %s\n",
		p.Pos.Size(), p.Pos, p.From, p.Pos.At(p.From), why)
	// An evaluation that fails (a limit, a conflict) is written as the
	// case's error, never as an empty want list that reads "no outcome".
	m, err := equiv.Notation(notation)
	var keys []string
	if err == nil {
		keys, err = m(p)
	}
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
		return b.String()
	}
	b.WriteString("want:\n")
	for _, k := range keys {
		b.WriteString(k + "\n")
	}
	return b.String()
}

// Subject is one generated case: a notation, compiled once, and a
// position, with the notation's outcomes there computed once and shared by
// every law. Every notation of the case is evaluated on ev.
type Subject struct {
	Notation string
	Setup    board.Setup
	ev       *equiv.Evaluation
	progs    programs
	prog     *reference.Program
	mover    equiv.Mover
	keys     []string
	err      error
	done     bool
	// legTexts are the subject's legs written out (expand.Leg.String), by
	// node, each written when first asked for: chains share legs, and the
	// laws explicit-defaults and refactoring both write them out.
	legTexts []string
	// explicit are all the subject's chains written out, leg by leg, by
	// explicitChainLegs within the limits explicitWithin (chains, legs);
	// nil until it has written them.
	explicit       [][]string
	explicitWithin [2]int
	canonical      string // printed, once printed
}

// legText is node n of the subject's program written out.
func (s *Subject) legText(n int) string {
	if s.legTexts == nil {
		s.legTexts = make([]string, len(s.prog.Prog.Nodes))
	}
	if s.legTexts[n] == "" { // a leg is never written as ""
		s.legTexts[n] = s.prog.Prog.Nodes[n].Leg.String()
	}
	return s.legTexts[n]
}

// NewSubject compiles the notation; it fails only if the notation does not
// compile. Its notations are evaluated within the default budgets.
func NewSubject(notation string, p board.Setup) (*Subject, error) {
	return NewSubjectOn(new(equiv.Evaluation), notation, p)
}

// NewSubjectOn is NewSubject on a worker's evaluation: every notation of
// the case is evaluated on ev, within its budgets.
func NewSubjectOn(ev *equiv.Evaluation, notation string, p board.Setup) (*Subject, error) {
	return newSubject(ev, nil, notation, p)
}

// newSubject is NewSubjectOn with the worker's programs of the case: the
// subject's notation and every other notation its laws compile are
// looked up there first and kept there.
func newSubject(ev *equiv.Evaluation, progs programs, notation string, p board.Setup) (*Subject, error) {
	prog, err := progs.compile(notation)
	if err != nil {
		return nil, err
	}
	return &Subject{Notation: notation, Setup: p, ev: ev, progs: progs, prog: prog, mover: ev.Program(prog)}, nil
}

// programs are the notations a worker compiled for one case, by text, so
// that each distinct text is parsed and expanded once: fuzz compiles the
// notation it draws to check it, then as the subject, and laws may write
// the same text twice (a factored form that shares nothing is the
// explicit one). A worker empties it before each case; nil keeps nothing.
type programs map[string]*reference.Program

// compile is reference.Compile, looked up in ps first; a program compiled
// is kept unless ps is nil.
func (ps programs) compile(src string) (*reference.Program, error) {
	if prog, ok := ps[src]; ok {
		return prog, nil
	}
	prog, err := reference.Compile(src)
	if err == nil && ps != nil {
		ps[src] = prog
	}
	return prog, err
}

// outcomes are the subject's outcome keys on its position, computed once.
func (s *Subject) outcomes(p board.Setup) ([]string, error) {
	if !s.done {
		s.keys, s.err = s.mover(s.Setup)
		s.done = true
	}
	return s.keys, s.err
}

// against compares the subject's outcomes with other on the subject's
// position.
func (s *Subject) against(name string, other equiv.Mover, otherName string) Result {
	base := equiv.Mover(s.outcomes)
	c := equiv.Compare(base, other, s.Setup)
	switch c.Verdict {
	case equiv.Differ:
		return Broken(c.Counterexample.Report(name, otherName))
	case equiv.Undecided:
		return Result{Undecided: c.Reason}
	}
	return Holds
}

// Result is what one law decided on one case: it holds, it is broken
// (Failure says how), or a search limit stopped the check before it
// decided (Undecided says which), which is never a pass.
type Result struct {
	Failure   string
	Undecided error
}

// Holds is the result of a law that holds on the case, or does not apply
// to it.
var Holds = Result{}

// Broken is the result of a law broken on the case, described by msg.
func Broken(msg string) Result { return Result{Failure: msg} }

// Law is a law over generated notations: Check says whether it holds for
// the subject.
type Law struct {
	Name    string
	Clauses string
	Check   func(s *Subject) Result
}

// CheckOn runs the law on a notation and a position.
func (l Law) CheckOn(notation string, p board.Setup) Result {
	s, err := NewSubject(notation, p)
	if err != nil {
		return Broken(fmt.Sprintf("%q does not compile: %v", notation, err))
	}
	return l.Check(s)
}

// Laws are the laws over generated notations.
var Laws = []Law{
	{"roundtrip", "§8.1 §10.3", roundTrip},
	{"print-idempotent", "§8.1", printIdempotent},
	{"mirror-symmetry", "§2.1 §6.1", symmetric(equiv.Mirror, "lr")},
	{"half-turn-symmetry", "§2.1 §2.7 §6.1", turned(equiv.Rotate180, "lrfb")},
	{"colour-symmetry", "§2.1", symmetric(equiv.ColourSwap, "")},
	{"quarter-turn-symmetry", "§2.1 §2.2 §2.7", turned(equiv.Rotate90, "lrfbvsh")},
	{"explicit-defaults", "§4.2 §4.3 §4.4 §5.1 §7.1", explicitDefaults},
	{"refactoring", "§4.6 §5.1 §3.8", refactoring},
}

// printed is the subject's canonical form (syntax.Print), printed once
// for the laws roundtrip and print-idempotent.
func (s *Subject) printed() string {
	if s.canonical == "" {
		s.canonical = s.prog.Canonical()
	}
	return s.canonical
}

// parsed is the tree of src (syntax.Parse): the subject's own when src
// is its notation, or that of a program of the case compiled from src,
// which is the same tree; otherwise src is parsed.
func (s *Subject) parsed(src string) (*syntax.Notation, error) {
	if src == s.Notation {
		return s.prog.AST, nil
	}
	if prog, ok := s.progs[src]; ok {
		return prog.AST, nil
	}
	return syntax.Parse(src)
}

// other compiles a second notation for a law, on the subject's
// evaluation, or gives the failure that it does not compile.
func (s *Subject) other(src string) (equiv.Mover, Result) {
	prog, err := s.progs.compile(src)
	if err != nil {
		return nil, Broken(fmt.Sprintf("%q does not compile: %v", src, err))
	}
	return s.ev.Program(prog), Holds
}

// roundTrip: §8.1 printing the canonical form keeps the meaning.
func roundTrip(s *Subject) Result {
	printed := s.printed()
	if printed == s.Notation {
		return Holds // the same text compiles to the same program: the same moves
	}
	m, res := s.other(printed)
	if m == nil {
		return res
	}
	return s.against("written "+s.Notation, m, "printed "+printed)
}

func printIdempotent(s *Subject) Result {
	once := s.printed()
	m, err := s.parsed(once)
	if err != nil {
		return Broken(fmt.Sprintf("printed form %q does not parse: %v", once, err))
	}
	if twice := syntax.Print(m); twice != once {
		return Broken(fmt.Sprintf("print(%q) = %q, print again = %q", s.Notation, once, twice))
	}
	return Holds
}

// symmetric: a notation without the given direction letters moves the
// same way on the image of any position (§2.1: directions are the only
// thing tied to the board's orientation).
func symmetric(y equiv.Symmetry, letters string) func(*Subject) Result {
	return func(s *Subject) Result {
		if hasDirections(s.Notation, letters) {
			return Holds // the law does not apply
		}
		return s.against(s.Notation, Imaged(s.mover, y), s.Notation+" on the "+y.Name+" image")
	}
}

// turned is symmetric for a turn of the board, which does not turn the
// mover's forward: besides written direction letters it excludes an
// implied f that is still read in the mover's own frame, on a leg that
// only null legs precede (§2.7: O leaves the frame as it was; found by
// betzacheck fuzz, spec/findings.md F8).
func turned(y equiv.Symmetry, letters string) func(*Subject) Result {
	law := symmetric(y, letters)
	return func(s *Subject) Result {
		if absoluteContinuation(s.prog.Prog) {
			return Holds // the law does not apply
		}
		return law(s)
	}
}

// absoluteContinuation reports whether some leg with a direction set is
// reached from a start through null legs only, so that its directions are
// read in the mover's initial frame rather than relative to a step.
func absoluteContinuation(p *expand.Program) bool {
	seen := map[int]bool{}
	queue := append([]int{}, p.Starts...)
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if seen[n] {
			continue
		}
		seen[n] = true
		node := &p.Nodes[n]
		if node.Leg.Atom.Class != geometry.Null {
			if !slices.Contains(p.Starts, n) && node.Leg.Dirs != nil {
				return true
			}
			continue
		}
		queue = append(queue, node.Next...)
	}
	return false
}

// hasDirections reports whether any modifier letter of src is in letters.
func hasDirections(src, letters string) bool {
	for i := 0; i < len(src); i++ {
		if src[i] >= 'a' && src[i] <= 'z' && strings.IndexByte(letters, src[i]) >= 0 {
			return true
		}
	}
	return false
}

// The explicit form of a notation is evaluated only up to these sizes:
// beyond them the written-out union would cost more to evaluate than a
// fuzz case may, and the law explicitDefaults reads the written-out legs
// back instead (explicitLegsReadBack). The law refactoring is undecided
// beyond them (never passed).
const (
	explicitChains = 256  // chains in the union
	explicitLegs   = 4000 // legs in all the chains together
)

// explicitChainLegs writes every chain of the subject out, leg by leg, each
// leg with every implied letter written (expand.Leg.String). It returns
// nil and Holds when the law does not apply (a loop: no finite explicit
// form), or nil and an undecided result past the limits above.
//
// Chains written out within some limits are every chain: a later call
// within larger limits (refactoring's, after explicit-defaults') reads
// them again, walks nothing and writes nothing.
func (s *Subject) explicitChainLegs(maxChains, maxLegs int) ([][]string, Result) {
	if s.explicit != nil && maxChains >= s.explicitWithin[0] && maxLegs >= s.explicitWithin[1] {
		return s.explicit, Holds
	}
	// The counts first: a walk of a union too large to write out would
	// cost up to explicitChains·explicitLegs for nothing.
	walk := s.prog.Prog.WalkChains(1, 1)
	if walk.Total.Unbounded {
		return nil, Holds // a loop has no finite explicit form: the law does not apply
	}
	if !walk.Total.AtMost(uint64(maxChains)) {
		return nil, Result{Undecided: fmt.Errorf("the explicit form (%s chains) has more than this law's limit of %d chains", walk.Total, maxChains)}
	}
	tooBig := func() Result {
		return Result{Undecided: fmt.Errorf("the explicit form (%s chains) has more than this law's limit of %d legs in all", walk.Total, maxLegs)}
	}
	walk = s.prog.Prog.WalkChains(maxChains, maxLegs)
	if !walk.More.IsZero() {
		return nil, tooBig()
	}
	var chains [][]string
	legs := 0
	for _, c := range walk.Shown {
		if legs += len(c.Nodes); c.Cut || legs > maxLegs {
			return nil, tooBig()
		}
		chain := make([]string, len(c.Nodes))
		for i, n := range c.Nodes {
			chain[i] = s.legText(n)
		}
		chains = append(chains, chain)
	}
	s.explicit, s.explicitWithin = chains, [2]int{maxChains, maxLegs}
	return chains, Holds
}

// explicitDefaults: writing every implied m, f, mc and every distributed
// letter out, leg by leg, changes nothing (§4.2–§4.4, §5.1, §7.1). Within
// the limits above the law evaluates the written-out union of the chains
// against the notation, which also checks that chains written apart mean
// what they mean sharing legs (§4.6; spec/findings.md F9). Beyond them it
// reads every written-out leg back in each place of a chain where it
// stands and checks that it is the same leg: the written-out union is then
// the notation's chains, leg for leg, and whether sharing legs changes
// what chains mean is the law refactoring's to check.
func explicitDefaults(s *Subject) Result {
	chains, res := s.explicitChainLegs(explicitChains, explicitLegs)
	switch {
	case res.Undecided != nil:
		return s.explicitLegsReadBack()
	case len(chains) == 0:
		return res // no chain, nothing to write out
	}
	texts := make([]string, len(chains))
	for i, c := range chains {
		texts[i] = strings.Join(c, "-")
	}
	explicit := strings.Join(texts, "")
	m, res := s.other(explicit)
	if m == nil {
		return res
	}
	return s.against("written "+s.Notation, m, "explicit "+explicit)
}

// explicitLegsReadBack is explicitDefaults for a notation whose chains
// are too many or too long to write out: every leg of the expanded program,
// written out, is read back in each place where it stands in some chain
// (first or not, last or not), and must be the same leg.
// The chains written out are then the notation's own, leg for leg.
func (s *Subject) explicitLegsReadBack() Result {
	p := s.prog.Prog
	follows := make([]bool, len(p.Nodes)) // some leg precedes it
	read := map[legPlace]bool{}
	for _, n := range p.Nodes {
		for _, m := range n.Next {
			follows[m] = true
		}
	}
	for i := range p.Nodes {
		node := &p.Nodes[i]
		var firsts, lasts []bool
		if slices.Contains(p.Starts, i) {
			firsts = append(firsts, true)
		}
		if follows[i] {
			firsts = append(firsts, false)
		}
		if node.End {
			lasts = append(lasts, true)
		}
		if len(node.Next) > 0 {
			lasts = append(lasts, false)
		}
		text := s.legText(i)
		want := legKeys(&node.Leg, text)
		for _, first := range firsts {
			for _, last := range lasts {
				// Legs written alike, in the same place, read back alike:
				// each is read once (W1000 has a thousand legs, three texts).
				k := legPlace{text, strings.Join(want, " "), first, last}
				if read[k] {
					continue
				}
				read[k] = true
				src, at := text, 0
				if !first {
					// After a step and an eruption, so that a leg an
					// eruption lets end a chain (§3.8, §9.7) or an e leg
					// (§3.10) reads as it does in the notation.
					src, at = "mW-xmO-"+src, 2
				}
				if !last {
					src += "-W"
				}
				q, err := s.progs.compile(src)
				if err != nil {
					return Broken(fmt.Sprintf("leg %q of %s, written out in %q, does not compile: %v", text, s.Notation, src, err))
				}
				var got []string
				for _, c := range q.Prog.WalkChains(64, 3).Shown {
					if at < len(c.Nodes) {
						got = append(got, legKey(&q.Prog.Nodes[c.Nodes[at]].Leg))
					}
				}
				slices.Sort(got)
				if got = slices.Compact(got); !slices.Equal(got, want) {
					return Broken(fmt.Sprintf("leg %s of %s, written out as %q and read back in %q, is %s", strings.Join(want, " "), s.Notation, text, src, strings.Join(got, " ")))
				}
			}
		}
	}
	return Holds
}

// legPlace is a written leg, what it means, and where it stands in a
// chain: first or not, last or not.
type legPlace struct {
	text, means string
	first, last bool
}

// legKeys are the legKeys of what leg l, written out as text
// (expand.Leg.String), means: itself, or, where text is one leg per
// direction name, those legs; sorted.
func legKeys(l *expand.Leg, text string) []string {
	if len(l.Dirs) > 1 && strings.HasPrefix(text, "(") {
		keys := make([]string, len(l.Dirs))
		for i, d := range l.Dirs {
			one := *l
			one.Dirs = []string{d}
			keys[i] = legKey(&one)
		}
		slices.Sort(keys)
		return slices.Compact(keys)
	}
	return []string{legKey(l)}
}

// legKey is everything a leg means, not where it was written: a null
// leg has no directions to mean (§1.4), whatever it names. It reads
// "W[f l]:mc:ifalse,false,false:xfalse:efalse" (the directions as
// fmt.Sprint writes them, "-" for a null leg), written in one buffer:
// the law explicit-defaults keys every leg of the notations it cannot
// write out.
func legKey(l *expand.Leg) string {
	var buf [64]byte
	b := append(buf[:0], l.Atom.Letter)
	if l.Atom.Class == geometry.Null {
		b = append(b, '-')
	} else {
		b = append(b, '[')
		for i, d := range l.Dirs {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, d...)
		}
		b = append(b, ']')
	}
	b = append(b, ':')
	b = append(b, l.Modal.String()...)
	b = append(b, ":i"...)
	b = strconv.AppendBool(b, l.MoverVirgin)
	b = append(b, ',')
	b = strconv.AppendBool(b, l.CVirgin)
	b = append(b, ',')
	b = strconv.AppendBool(b, l.DVirgin)
	b = append(b, ":x"...)
	b = strconv.AppendBool(b, l.Erupt)
	b = append(b, ":e"...)
	b = strconv.AppendBool(b, l.Equal)
	return string(b)
}

// refactoring: a notation means the same moves however its union is
// factored (§4.6: an operand of - that denotes several moves makes the
// chain denote every combination; §5.1). The law writes the chains out as
// explicitDefaults does, then shares their common first legs as a trie
// does, P-(S T) for the chains P-S and P-T, down to a depth k: the first k
// legs of the chains are shared, the rest written apart. Sharing can only
// matter to fragments, whose moves are told apart by their chains (§3.8),
// so the law applies to notations that erupt, and its depths are those
// just before a leg that erupts (at most refactorDepths of them, none
// past the deepest fork): each form writes apart the chains that the
// notation makes share that eruption, and explicit-defaults writes apart
// all of them. It is the law that catches an evaluator that lets chains
// which share a nested eruption interfere (issue 28: xW-xW-W2).
func refactoring(s *Subject) Result {
	if !s.prog.Prog.Erupts() {
		return Holds // the law does not apply
	}
	chains, res := s.explicitChainLegs(refactorChains, refactorLegs)
	if len(chains) < 2 {
		return res // nothing to share
	}
	var root trie
	for _, c := range chains {
		root.add(c)
	}
	var forms []string
	for _, j := range root.eruptionDepths(0) {
		// An eruption at depth j is shared by chains that fork after it
		// only if some fork is as deep.
		k := j - 1
		if k < 1 || j > root.forkDepth() || len(forms) == refactorDepths {
			continue
		}
		var b strings.Builder
		root.write(&b, k)
		if f := b.String(); !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	for _, f := range forms {
		m, res := s.other(f)
		if m == nil {
			return res
		}
		if res := s.against("written "+s.Notation, m, "factored "+f); res != Holds {
			return res
		}
	}
	return Holds
}

// The law refactoring writes out at most refactorChains chains of
// refactorLegs legs in all, beyond which it is undecided (never passed),
// and tries at most refactorDepths depths of sharing.
const (
	refactorChains = 4096
	refactorLegs   = 1 << 16
	refactorDepths = 8
)

// trie is a set of chains of legs sharing their common first legs: the
// legs that may follow, each once, in the order first met, and whether a
// chain ends here.
type trie struct {
	legs []string
	next []*trie
	ends bool
}

func (t *trie) add(chain []string) {
	if len(chain) == 0 {
		t.ends = true
		return
	}
	i := slices.Index(t.legs, chain[0])
	if i < 0 {
		i = len(t.legs)
		t.legs = append(t.legs, chain[0])
		t.next = append(t.next, &trie{})
	}
	t.next[i].add(chain[1:])
}

// write writes the chains that go on from t as a union, sharing their
// next k legs: for each leg that may follow, the leg alone if a chain ends
// after it, and the leg chained to the union of what follows it, in
// parentheses when that is more than one chain. With k = 0 every chain is
// written out whole.
func (t *trie) write(b *strings.Builder, k int) {
	if k == 0 {
		t.writeApart(b, "")
		return
	}
	for i, leg := range t.legs {
		n := t.next[i]
		if n.ends {
			b.WriteString(leg)
		}
		if len(n.legs) == 0 {
			continue
		}
		b.WriteString(leg + "-")
		group := n.alternatives(k-1) > 1
		if group {
			b.WriteByte('(')
		}
		n.write(b, k-1)
		if group {
			b.WriteByte(')')
		}
	}
}

// writeApart writes every chain that goes on from t whole, after prefix.
func (t *trie) writeApart(b *strings.Builder, prefix string) {
	for i, leg := range t.legs {
		n := t.next[i]
		if n.ends {
			b.WriteString(prefix + leg)
		}
		n.writeApart(b, prefix+leg+"-")
	}
}

// alternatives counts the chains of write's union with k legs shared.
func (t *trie) alternatives(k int) int {
	if k == 0 {
		return t.chains()
	}
	n := 0
	for _, c := range t.next {
		if c.ends {
			n++
		}
		if len(c.legs) > 0 {
			n++
		}
	}
	return n
}

// chains counts the chains that go on from t.
func (t *trie) chains() int {
	n := 0
	for _, c := range t.next {
		if c.ends {
			n++
		}
		n += c.chains()
	}
	return n
}

// eruptionDepths lists, in increasing order and each once, the depths
// below t, which stands at depth, of the legs that erupt (x, §3.8).
func (t *trie) eruptionDepths(depth int) []int {
	var ds []int
	for i, leg := range t.legs {
		if strings.ContainsRune(leg, 'x') {
			ds = append(ds, depth+1)
		}
		ds = append(ds, t.next[i].eruptionDepths(depth+1)...)
	}
	slices.Sort(ds)
	return slices.Compact(ds)
}

// forkDepth is the depth below t of the deepest node where chains part
// (more than one goes on, or one ends and another goes on), -1 if there is
// none: the number of legs worth sharing, counted from t.
func (t *trie) forkDepth() int {
	d := -1
	if len(t.legs) > 1 || (t.ends && len(t.legs) > 0) {
		d = 0
	}
	for _, c := range t.next {
		if cd := c.forkDepth(); cd >= 0 {
			d = max(d, cd+1)
		}
	}
	return d
}

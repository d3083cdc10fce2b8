package grammar

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/exp/ebnf"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/spec"
)

// Each grammar of the package is checked against the parser of its
// notation by the same tests, run over the table grammarCases: the grammar
// is well formed, every sentence sampled from it is recognised and parsed,
// hand-written lists and random strings are read alike by both, apart from
// the rules where the grammar's comment says the parser accepts less. The
// rows are in betza2_test.go, bracket_test.go, classic_test.go,
// spanish_test.go and xbetza_test.go, with the checks that only one
// notation has.

const (
	defaultSeed = 20260101 // override with BETZA_SEED
	sampleDepth = 16       // Sample's maxDepth: up to three nested groups
	numSamples  = 4000     // sampled sentences of each grammar
	maxFailures = 20       // a test stops at the failure after this many
)

// grammarCases are the rows the shared tests run over.
var grammarCases = []grammarCase{betza2Case, bracketCase, classicCase, spanishCase, xbetzaCase}

// A grammarCase is one grammar of the package and the parser of its
// notation.
type grammarCase struct {
	name        string // the subtest's name
	load        func() (ebnf.Grammar, error)
	start       string   // the start production
	productions []string // names that must be productions: the AST's

	// parse reads s with the notation's parser: nil when it accepts s, a
	// *dialect.NoEquivalentError when it reads s but s has no Betza 2.0
	// equivalent, else the error.
	parse func(s string) error
	// excluded lists the rules of the grammar's comment that s, a sentence
	// of the grammar, breaks, read off s: the parser must reject s under
	// the clause of one of them, and must accept s when there is none. Nil
	// when the rules cannot be read off the sentence; see excludedBy.
	excluded func(s string) []rule
	// excludedBy, when excluded is nil, names the rule of the grammar's
	// comment under which err rejects a sentence of the grammar; false for
	// any other error.
	excludedBy func(err *loc.Error) (rule, bool)
	// noEquivalent, if set, reports whether the parser reads s, a sentence
	// of the grammar that breaks no rule, with no Betza 2.0 equivalent.
	noEquivalent func(s string) bool
	// restriction, if set, reports whether ne, the parser's answer to a
	// sentence of the grammar that breaks no rule, is a restriction of the
	// translation that the grammar's comment lists but the sentence's
	// letters do not show, so that noEquivalent cannot predict it. The
	// comparison takes such an error at its word and counts it apart.
	restriction func(ne *dialect.NoEquivalentError) bool
	// letters are the productions of single letters that the parser must
	// read the same.
	letters []letterClass

	seed          uint64 // the default seed of the random tests
	depth         int    // Sample's maxDepth for sampled sentences
	minBothAccept int    // the fewest of numSamples both must accept (tally.read)

	alphabet     string // the characters of random strings and edits
	randoms      int    // random strings of up to 8 characters
	mutants      int    // one-character edits of sampled sentences
	mutantDepth  int    // Sample's maxDepth for the sentences edited
	maxMutantLen int    // a longer sampled sentence is not edited; 0: no limit

	accepted             []string          // both must accept these
	rejected             []string          // both must reject these
	excludedExamples     []excludedExample // the grammar accepts, the parser rejects
	noEquivalentExamples []string          // both accept, with no Betza 2.0 equivalent
}

// A rule is one of the rules where the grammar's comment says the parser
// accepts less than the grammar, with the clause the parser reports.
type rule struct {
	what   string
	clause string
}

// addRule adds r to rules unless it is there.
func addRule(rules []rule, r rule) []rule {
	if slices.Contains(rules, r) {
		return rules
	}
	return append(rules, r)
}

func clauses(rules []rule) []string {
	var cs []string
	for _, r := range rules {
		cs = append(cs, r.clause)
	}
	return cs
}

// An excludedExample is a sentence of the grammar that the parser rejects
// under one rule.
type excludedExample struct {
	s    string
	rule rule
}

// A letterClass is a production that derives single letters from..to,
// and whether the parser reads a letter as one of them.
type letterClass struct {
	production  string
	from, to    byte
	parserReads func(c byte) bool
}

func (c *grammarCase) grammar(t *testing.T) ebnf.Grammar {
	t.Helper()
	g, err := c.load()
	if err != nil {
		t.Fatalf("parse the %s grammar: %v", c.name, err)
	}
	return g
}

// A comparison is what the parser made of a string, set against the
// grammar.
type comparison struct {
	outcome string // "both accept", "both reject", "accepted, no equivalent", "accepted, restricted" or "excluded"
	rules   []rule // with "excluded": the rules that explain the rejection
	problem string // if not "": how the parser and the grammar disagree
}

func disagree(format string, args ...any) comparison {
	return comparison{problem: fmt.Sprintf(format, args...)}
}

// compare reads s with the parser and compares the result with the
// grammar's, grammarOK: whether the grammar accepts s.
func (c *grammarCase) compare(s string, grammarOK bool) comparison {
	err := c.parse(s)
	var ne *dialect.NoEquivalentError
	var le *loc.Error
	parserOK := err == nil || errors.As(err, &ne)
	switch {
	case !parserOK && !errors.As(err, &le):
		return disagree("%q: the parser's error has no position: %v", s, err)
	case parserOK && !grammarOK:
		return disagree("the parser accepts %q, the grammar rejects it", s)
	case !grammarOK:
		return comparison{outcome: "both reject"}
	}
	var rules []rule
	if c.excluded != nil {
		rules = c.excluded(s)
	} else if le != nil {
		if r, ok := c.excludedBy(le); ok {
			rules = []rule{r}
		}
	}
	noEq := c.noEquivalent != nil && c.noEquivalent(s)
	switch {
	case len(rules) == 0 && err == nil && !noEq:
		return comparison{outcome: "both accept"}
	case len(rules) == 0 && noEq && ne != nil:
		return comparison{outcome: "accepted, no equivalent"}
	case len(rules) == 0 && ne != nil && c.restriction != nil && c.restriction(ne):
		return comparison{outcome: "accepted, restricted"}
	case len(rules) == 0 && noEq:
		return disagree("%q has no Betza 2.0 equivalent by the grammar's comment, the parser gives %v", s, err)
	case len(rules) == 0:
		return disagree("the grammar accepts %q, the parser rejects it and no rule of the grammar's comment explains it:\n%s", s, render(s, err))
	case parserOK:
		return disagree("the parser accepts %q although the grammar's comment says it rejects it (%v)", s, rules)
	case !slices.Contains(clauses(rules), le.Clause):
		return disagree("the grammar accepts %q, its comment expects a rejection under %v, the parser gives:\n%s", s, clauses(rules), render(s, err))
	}
	return comparison{outcome: "excluded", rules: rules}
}

func render(s string, err error) string {
	var se *loc.Error
	if errors.As(err, &se) {
		return se.Render(s)
	}
	return fmt.Sprintf("%s: %v", s, err)
}

// A tally counts the comparisons of a test and reports their problems,
// stopping the test after maxFailures of them.
type tally struct {
	t        *testing.T
	stats    map[string]int
	failures int
}

func newTally(t *testing.T) *tally { return &tally{t: t, stats: map[string]int{}} }

func (y *tally) fail(msg string) {
	y.t.Helper()
	y.t.Error(msg)
	y.failures++
	if y.failures > maxFailures {
		y.t.Fatal("too many failures")
	}
}

func (y *tally) add(v comparison) {
	y.t.Helper()
	if v.problem != "" {
		y.fail(v.problem)
		return
	}
	y.stats[v.outcome]++
	for _, r := range v.rules {
		y.stats["excluded: "+r.what]++
	}
}

// read counts the strings that both accept: the parser reads them, with
// or without a Betza 2.0 equivalent; a notation read with none is on the
// accepting side as much as one that translates.
func (y *tally) read() int {
	return y.stats["both accept"] + y.stats["accepted, no equivalent"] + y.stats["accepted, restricted"]
}

func (y *tally) log() {
	y.t.Helper()
	keys := make([]string, 0, len(y.stats))
	for k := range y.stats {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		y.t.Logf("%6d %s", y.stats[k], k)
	}
}

func seed(t *testing.T, def uint64) uint64 {
	t.Helper()
	s := def
	if env := os.Getenv("BETZA_SEED"); env != "" {
		v, err := strconv.ParseUint(env, 0, 64)
		if err != nil {
			t.Fatalf("BETZA_SEED=%q: %v", env, err)
		}
		s = v
	}
	t.Logf("seed %d (set BETZA_SEED to change it)", s)
	return s
}

func newRand(s uint64) *rand.Rand { return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15)) }

// forEach runs test as a subtest for each grammar.
func forEach(t *testing.T, test func(t *testing.T, c *grammarCase, g ebnf.Grammar)) {
	for i := range grammarCases {
		c := &grammarCases[i]
		t.Run(c.name, func(t *testing.T) { test(t, c, c.grammar(t)) })
	}
}

// (a) The grammar passes ebnf.Verify from its start production, and the
// AST names of its parser are productions (each parser's package doc: AST,
// parser and grammar share their names).
func TestVerify(t *testing.T) {
	forEach(t, func(t *testing.T, c *grammarCase, g ebnf.Grammar) {
		if err := ebnf.Verify(g, c.start); err != nil {
			t.Fatalf("ebnf.Verify: %v", err)
		}
		for _, name := range c.productions {
			if g[name] == nil {
				t.Errorf("no production %s", name)
			}
		}
	})
}

// The letters of the grammar's one-letter productions are those the
// parser reads.
func TestLettersMatchParser(t *testing.T) {
	forEach(t, func(t *testing.T, c *grammarCase, g ebnf.Grammar) {
		if len(c.letters) == 0 {
			t.Skip("no letters listed for this grammar")
		}
		for _, l := range c.letters {
			for b := l.from; b <= l.to; b++ {
				if got, want := Accepts(g, l.production, string(b)), l.parserReads(b); got != want {
					t.Errorf("%s %q: grammar %v, parser %v", l.production, b, got, want)
				}
			}
		}
	})
}

// (b), (c) Every sampled sentence is accepted by the recogniser and by the
// parser, except those the grammar's comment explains.
func TestSampledSentencesParse(t *testing.T) {
	forEach(t, func(t *testing.T, c *grammarCase, g ebnf.Grammar) {
		r := newRand(seed(t, c.seed))
		y := newTally(t)
		for range numSamples {
			s := Sample(g, c.start, r, c.depth)
			if !Accepts(g, c.start, s) {
				y.fail(fmt.Sprintf("the recogniser rejects the sample %q", s))
				continue
			}
			y.add(c.compare(s, true))
		}
		y.log()
		if y.read() < c.minBothAccept {
			t.Errorf("only %d of %d samples are accepted, want %d; the grammar's comment excludes too much for the test to mean anything", y.read(), numSamples, c.minBothAccept)
		}
	})
}

// (d) The samples reach every production, every terminal (each character
// of a range counted apart) and every branch of every alternative.
func TestSampleCoverage(t *testing.T) {
	forEach(t, func(t *testing.T, c *grammarCase, g ebnf.Grammar) {
		want := map[string]bool{}
		var walk func(ebnf.Expression)
		walk = func(x ebnf.Expression) {
			switch x := x.(type) {
			case *ebnf.Token:
				want["terminal "+x.String] = true
			case *ebnf.Range:
				for ch := []rune(x.Begin.String)[0]; ch <= []rune(x.End.String)[0]; ch++ {
					want["terminal "+string(ch)] = true
				}
			case *ebnf.Group:
				walk(x.Body)
			case *ebnf.Option:
				walk(x.Body)
			case *ebnf.Repetition:
				walk(x.Body)
			case ebnf.Sequence:
				for _, e := range x {
					walk(e)
				}
			case ebnf.Alternative:
				for _, e := range x {
					want["alternative "+e.Pos().String()] = true
					walk(e)
				}
			}
		}
		for name, p := range g {
			want["production "+name] = true
			walk(p.Expr)
		}
		got := map[string]bool{}
		s := newSampler(g, newRand(seed(t, c.seed)), c.depth)
		s.visit = func(kind, what string) { got[kind+" "+what] = true }
		for range numSamples {
			s.out.Reset()
			s.name(c.start, 0)
		}
		var missing []string
		for k := range want {
			if !got[k] {
				missing = append(missing, k)
			}
		}
		slices.Sort(missing)
		for _, k := range missing {
			t.Errorf("no sample reached %s", k)
		}
		t.Logf("%d productions, terminals and alternatives reached", len(want)-len(missing))
	})
}

// (e) The hand-written lists: sentences both accept, strings outside the
// grammar that both reject, sentences the parser rejects under one rule of
// the grammar's comment, and sentences the parser reads with no Betza 2.0
// equivalent.
func TestHandLists(t *testing.T) {
	forEach(t, func(t *testing.T, c *grammarCase, g ebnf.Grammar) {
		if len(c.accepted)+len(c.rejected)+len(c.excludedExamples)+len(c.noEquivalentExamples) == 0 {
			t.Skip("no hand-written lists for this grammar")
		}
		for _, s := range c.accepted {
			checkListed(t, c, g, s, "both accept")
		}
		for _, s := range c.rejected {
			if Accepts(g, c.start, s) {
				t.Errorf("grammar accepts %q, listed as rejected", s)
			}
			if v := c.compare(s, false); v.problem != "" {
				t.Error(v.problem)
			}
		}
		for _, e := range c.excludedExamples {
			if !Accepts(g, c.start, e.s) {
				t.Errorf("grammar rejects %q", e.s)
			}
			if v := c.compare(e.s, true); v.problem != "" {
				t.Error(v.problem)
			} else if !slices.Equal(v.rules, []rule{e.rule}) {
				t.Errorf("%q: %s %v, want excluded by %v", e.s, v.outcome, v.rules, e.rule)
			}
		}
		for _, s := range c.noEquivalentExamples {
			checkListed(t, c, g, s, "accepted, no equivalent")
		}
	})
}

// checkListed checks s, listed in a hand list of c as a sentence of the
// grammar with that outcome: the grammar accepts it and the comparison
// with the parser gives outcome.
func checkListed(t *testing.T, c *grammarCase, g ebnf.Grammar, s, outcome string) {
	t.Helper()
	if !Accepts(g, c.start, s) {
		t.Errorf("grammar rejects %q, listed as %q", s, outcome)
	}
	if v := c.compare(s, true); v.problem != "" {
		t.Error(v.problem)
	} else if v.outcome != outcome {
		t.Errorf("%q, listed as %q: %s %v", s, outcome, v.outcome, v.rules)
	}
}

// digitRun returns the run of decimal digits at the start of s[i:].
func digitRun(s string, i int) string {
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	return s[i:j]
}

// (f) On random short strings, and on one-character edits of samples, the
// parser accepts what the grammar accepts, less what the grammar's comment
// explains, and nothing else.
func TestParserAgreesWithGrammar(t *testing.T) {
	forEach(t, func(t *testing.T, c *grammarCase, g ebnf.Grammar) {
		r := newRand(seed(t, c.seed) + 1)
		y := newTally(t)
		checked := 0
		check := func(s string) {
			t.Helper()
			y.add(c.compare(s, Accepts(g, c.start, s)))
			checked++
		}
		for range c.randoms {
			b := make([]byte, r.IntN(9))
			for k := range b {
				b[k] = c.alphabet[r.IntN(len(c.alphabet))]
			}
			check(string(b))
		}
		for range c.mutants {
			s := Sample(g, c.start, r, c.mutantDepth)
			if c.maxMutantLen > 0 && len(s) > c.maxMutantLen {
				continue
			}
			check(edit(r, s, c.alphabet))
		}
		y.log()
		if y.read() < checked/10 || y.stats["both reject"] < checked/10 {
			t.Errorf("too few of %d strings on one side for the comparison to mean anything: %v", checked, y.stats)
		}
	})
}

// edit makes a random one-character edit of s: a character of alphabet
// inserted, or one character deleted or replaced.
func edit(r *rand.Rand, s, alphabet string) string {
	b := []byte(s)
	k := r.IntN(len(b) + 1)
	c := alphabet[r.IntN(len(alphabet))]
	switch r.IntN(3) {
	case 0: // insert
		b = slices.Insert(b, k, c)
	case 1: // delete
		if k < len(b) {
			b = slices.Delete(b, k, k+1)
		}
	default: // replace
		if k < len(b) {
			b[k] = c
		}
	}
	return string(b)
}

// checkSpecGrammar checks that the productions of the grammar file (the
// text after its header comment) and the ebnf block of the spec document
// are the same text, up to white space.
func checkSpecGrammar(t *testing.T, file, doc string) {
	t.Helper()
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, prods, ok := strings.Cut(string(text), "*/")
	if !ok {
		t.Fatalf("%s has no header comment", file)
	}
	blocks, err := spec.ReadBlocks(doc)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(blocks, func(b spec.Block) bool { return b.Info == "ebnf" })
	if i < 0 {
		t.Fatalf("%s has no ebnf block", doc)
	}
	block := blocks[i].Body()
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if norm(prods) != norm(block) {
		t.Errorf("%s and grammar/%s differ:\nspec: %s\nfile: %s", doc, file, norm(block), norm(prods))
	}
}

func TestAcceptsSmallGrammars(t *testing.T) {
	src := `
S = A { "," A } .
A = "x" | "(" [ S ] ")" | "a" … "c" B .
B = .
`
	g, err := ebnf.Parse("small", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]bool{
		"x": true, "x,x": true, "()": true, "(x,(b))": true, "a": true, "c,x": true,
		"": false, "d": false, ",": false, "x,": false, "(": false, "xx": false,
	} {
		if got := Accepts(g, "S", s); got != want {
			t.Errorf("Accepts(%q) = %v, want %v", s, got, want)
		}
	}
}

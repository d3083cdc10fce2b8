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

	"betzacheck/reference/loc"
	"betzacheck/reference/syntax"
)

const (
	defaultSeed = 20260101 // override with BETZA_SEED
	sampleDepth = 16       // Sample's maxDepth: up to three nested groups
	numSamples  = 4000
	numRandom   = 4000 // random strings for TestParserAgreesWithGrammar
	numMutants  = 3000 // one-character edits of samples, ditto
)

func load(t *testing.T) ebnf.Grammar {
	t.Helper()
	g, err := Betza2()
	if err != nil {
		t.Fatalf("parse betza2.ebnf: %v", err)
	}
	return g
}

func seed(t *testing.T) uint64 {
	t.Helper()
	s := uint64(defaultSeed)
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

// (a)
func TestVerify(t *testing.T) {
	g := load(t)
	if err := ebnf.Verify(g, Start); err != nil {
		t.Fatalf("ebnf.Verify: %v", err)
	}
	// The AST names of reference/syntax must be productions (§ doc of
	// package syntax: AST, parser and grammar share their names).
	for _, name := range []string{"Notation", "Chain", "Leg", "Unit", "Atom", "Group", "Exponent", "Modifiers"} {
		if g[name] == nil {
			t.Errorf("no production %s", name)
		}
	}
}

// The atom letters of the grammar are those of the parser.
func TestAtomsMatchParser(t *testing.T) {
	g := load(t)
	for c := byte('A'); c <= 'Z'; c++ {
		if got, want := Accepts(g, "Atom", string(c)), syntax.IsAtom(c); got != want {
			t.Errorf("Atom %q: grammar %v, parser IsAtom %v", c, got, want)
		}
	}
}

// The modifier letters of the grammar are those of the parser: after f, a
// letter is accepted exactly when it is a Modifier ("fh" pairs the h).
func TestModifierLettersMatchParser(t *testing.T) {
	g := load(t)
	for c := byte('a'); c <= 'z'; c++ {
		_, err := syntax.Parse("f" + string(c) + "W")
		if got, want := Accepts(g, "Modifier", string(c)), err == nil; got != want {
			t.Errorf("Modifier %q: grammar %v, parser accepts \"f%cW\": %v", c, got, c, want)
		}
	}
}

// rule is one of the parser's static rules on top of the grammar, as listed
// in the comment of betza2.ebnf, with the clause the parser reports.
type rule struct {
	what   string
	clause string
}

var (
	ruleRepeated = rule{"a modality letter, x, e or a mover i repeated in one run", "§9.9"}
	ruleLoneH    = rule{"an h not written right after f, b, l or r, or that DirectionTokens does not pair", "§9.9"}
	ruleDoubled  = rule{"a doubled atom letter", "§9.10"}
	ruleExpMods  = rule{"x, e or i on an exponent", "§5.4"}
	ruleExpLimit = rule{"an exponent above syntax.MaxExponent", "§5.6"}
	ruleNesting  = rule{"groups nested more than 100 deep", "§9.11"}
)

// excluded returns the parser's extra rules that reject s, a sentence of
// the grammar. It is written from the rules' statements, not from the
// parser's code, and it must explain every rejection of a sentence.
//
// In a sentence of the grammar every maximal run of lower-case letters is
// one Modifiers: an exponent's when a digit follows it, else the prefix of
// a leg.
func excluded(s string) []rule {
	var rules []rule
	add := func(r rule) {
		if !slices.Contains(rules, r) {
			rules = append(rules, r)
		}
	}
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '(':
			depth++
			if depth > 100 {
				add(ruleNesting)
			}
			i++
		case c == ')':
			depth--
			i++
		case 'A' <= c && c <= 'Z':
			// An atom with no exponent directly followed by the same atom.
			if i+1 < len(s) && s[i+1] == c {
				add(ruleDoubled)
			}
			i++
		case '0' <= c && c <= '9':
			j := i
			for j < len(s) && '0' <= s[j] && s[j] <= '9' {
				j++
			}
			if countAbove(s[i:j], syntax.MaxExponent) {
				add(ruleExpLimit)
			}
			i = j
		case 'a' <= c && c <= 'z':
			j := i
			for j < len(s) && 'a' <= s[j] && s[j] <= 'z' {
				j++
			}
			run := s[i:j]
			onExponent := j < len(s) && '0' <= s[j] && s[j] <= '9'
			if repeatsLetter(run) {
				add(ruleRepeated)
			}
			if slices.Contains(syntax.DirectionTokens(directionLetters(run)), "h") || hNotAfterDirection(run) {
				add(ruleLoneH)
			}
			if onExponent && strings.ContainsAny(run, "xei") {
				add(ruleExpMods)
			}
			i = j
		default:
			i++
		}
	}
	return rules
}

// countAbove reports whether the count written as digits (Count of the
// grammar: a leading 0 marks an exact count) is above limit.
func countAbove(digits string, limit int) bool {
	if len(digits) > 1 && digits[0] == '0' {
		digits = digits[1:]
	}
	digits = strings.TrimLeft(digits, "0")
	if len(digits) > len(strconv.Itoa(limit)) {
		return true
	}
	n, _ := strconv.Atoi(digits)
	return n > limit
}

// repeatsLetter reports a modality letter (m c d p t o u), x, e, or a mover
// i (an i not directly after c or d, §3.11) written twice in one run.
func repeatsLetter(run string) bool {
	seen := map[string]bool{}
	for k := 0; k < len(run); k++ {
		c := run[k]
		key := string(c)
		switch {
		case strings.IndexByte("mcdptouxe", c) >= 0:
		case c == 'i' && k > 0 && (run[k-1] == 'c' || run[k-1] == 'd'):
			continue // the victim's i, one per c or d
		case c == 'i':
		default:
			continue // direction letters may repeat
		}
		if seen[key] {
			return true
		}
		seen[key] = true
	}
	return false
}

func directionLetters(run string) string {
	var b strings.Builder
	for k := 0; k < len(run); k++ {
		if strings.IndexByte("fblrvsha", run[k]) >= 0 {
			b.WriteByte(run[k])
		}
	}
	return b.String()
}

func clauses(rules []rule) []string {
	var cs []string
	for _, r := range rules {
		cs = append(cs, r.clause)
	}
	return cs
}

func render(s string, err error) string {
	var se *loc.Error
	if errors.As(err, &se) {
		return se.Render(s)
	}
	return fmt.Sprintf("%s: %v", s, err)
}

// checkAgreement compares the parser with the grammar on s, given whether
// the grammar accepts it, and returns "" or a description of the
// disagreement. Counted in stats.
func checkAgreement(s string, grammarOK bool, stats map[string]int) string {
	_, err := syntax.Parse(s)
	parserOK := err == nil
	switch {
	case parserOK && !grammarOK:
		return fmt.Sprintf("parser accepts %q, the grammar rejects it", s)
	case !grammarOK:
		stats["both reject"]++
		return ""
	}
	rules := excluded(s)
	switch {
	case len(rules) == 0 && parserOK:
		stats["both accept"]++
		return ""
	case len(rules) == 0:
		return fmt.Sprintf("grammar accepts %q, parser rejects it and no rule of the filter explains it:\n%s", s, render(s, err))
	case parserOK:
		return fmt.Sprintf("parser accepts %q although the filter says the parser rejects it (%v)", s, rules)
	}
	var se *loc.Error
	if !errors.As(err, &se) || !slices.Contains(clauses(rules), se.Clause) {
		return fmt.Sprintf("grammar accepts %q, filter expects a rejection under %v, parser gives:\n%s", s, clauses(rules), render(s, err))
	}
	for _, r := range rules {
		stats["excluded: "+r.what]++
	}
	stats["excluded by filter"]++
	return ""
}

func logStats(t *testing.T, stats map[string]int) {
	t.Helper()
	keys := make([]string, 0, len(stats))
	for k := range stats {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		t.Logf("%6d %s", stats[k], k)
	}
}

// (b), (c) Every sampled sentence is accepted by the recogniser and by the
// parser, except those the filter explains.
func TestSampledSentencesParse(t *testing.T) {
	g := load(t)
	r := newRand(seed(t))
	stats := map[string]int{}
	failures := 0
	for range numSamples {
		s := Sample(g, Start, r, sampleDepth)
		if !Accepts(g, Start, s) {
			t.Errorf("the recogniser rejects the sample %q", s)
			failures++
		} else if msg := checkAgreement(s, true, stats); msg != "" {
			t.Error(msg)
			failures++
		}
		if failures > 20 {
			t.Fatal("too many failures")
		}
	}
	logStats(t, stats)
	if stats["both accept"] < numSamples/2 {
		t.Errorf("only %d of %d samples are accepted; the filter excludes too much for the test to mean anything", stats["both accept"], numSamples)
	}
}

// Sampling is deterministic for a seed.
func TestSampleDeterministic(t *testing.T) {
	g := load(t)
	a, b := newRand(7), newRand(7)
	for range 200 {
		if x, y := Sample(g, Start, a, sampleDepth), Sample(g, Start, b, sampleDepth); x != y {
			t.Fatalf("same seed, different samples: %q and %q", x, y)
		}
	}
}

// Sample ends even with no depth to spare, giving a shortest sentence.
func TestSampleDepthZero(t *testing.T) {
	g := load(t)
	r := newRand(1)
	for range 100 {
		s := Sample(g, Start, r, 0)
		if len(s) != 1 || !syntax.IsAtom(s[0]) {
			t.Fatalf("Sample at depth 0 = %q, want one atom", s)
		}
	}
}

// (d) The samples reach every production, every terminal (each character of
// a range counted apart) and every branch of every alternative.
func TestSampleCoverage(t *testing.T) {
	g := load(t)
	want := map[string]bool{}
	var walk func(ebnf.Expression)
	walk = func(x ebnf.Expression) {
		switch x := x.(type) {
		case *ebnf.Token:
			want["terminal "+x.String] = true
		case *ebnf.Range:
			for c := []rune(x.Begin.String)[0]; c <= []rune(x.End.String)[0]; c++ {
				want["terminal "+string(c)] = true
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
	s := newSampler(g, newRand(seed(t)), sampleDepth)
	s.visit = func(kind, what string) { got[kind+" "+what] = true }
	for range numSamples {
		s.out.Reset()
		s.name(Start, 0)
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
}

// The seed examples are sentences of the grammar and parse.
var seedExamples = []string{
	"fmFfcF-mF", "W-F", "mRpR-cR", "pQ-K", "cK-aK", "mcB-xaK", "cB-dO",
	"mQcQ-xdO-acdK", "cR-ebR", "mQ-cK-bK", "mR-xatD-bW", "cK-bK-mQ",
	"cmtoK-bK-mQ", "R-pW-bW-bB", "pR-W-B", "R-rpW-bW-rbB",
	"(cdW-bW-R-uW-bW)(moW-bW-R)", "B-xaK-cdK-buK", "B-xacdK02-buK",
	"B-xacdK-uK", "irdiW04-buW02-bW", "W3", "(W-F)03", "Arc03", "A3",
	"Afm3", "Nfr8", "(F-lF)r0", "lfN-rW", "rfN-rW", "N-rW", "vc(W-F-R)",
	"c(WFN)", "fK", "fsK",
}

func TestSeedExamples(t *testing.T) {
	g := load(t)
	for _, s := range seedExamples {
		if !Accepts(g, Start, s) {
			t.Errorf("grammar rejects %q", s)
		}
		if _, err := syntax.Parse(s); err != nil {
			t.Errorf("parser rejects %q:\n%s", s, render(s, err))
		}
		if rules := excluded(s); len(rules) > 0 {
			t.Errorf("filter excludes %q: %v", s, rules)
		}
	}
}

// (e) Strings outside the grammar: the recogniser and the parser reject
// them.
var rejected = []string{
	"", "-W", "W-", "W--F", "()", "(W", "W)", "q", "WX", "W00", "W$", "3",
	"fm", "(W)(", "W-(", ")W", " W", "W 3", "W\n", "w", "X", "Wf", "W3f",
	"W-3", "3W", "W000", "W001", "(W))", "((W)", "W3-", "fm-W", "W-fm",
	"(-W)", "(W-)", "Wm3m3", "W3W3-", "gW", "Wz3", "W(", "(fm)", "W-)",
	"é", "Wé", "W3-3",
}

func TestRejected(t *testing.T) {
	g := load(t)
	for _, s := range rejected {
		if Accepts(g, Start, s) {
			t.Errorf("grammar accepts %q", s)
		}
		if _, err := syntax.Parse(s); err == nil {
			t.Errorf("parser accepts %q", s)
		}
	}
}

// Sentences the grammar accepts and the parser rejects, one per rule of
// the filter: the filter and the parser agree on each.
var filtered = []struct {
	s    string
	rule rule
}{
	{"mmW", ruleRepeated},
	{"cmcW", ruleRepeated},
	{"xxW", ruleRepeated},
	{"eeW", ruleRepeated},
	{"iiW", ruleRepeated},
	{"icdiiW", ruleRepeated},
	{"Wmm3", ruleRepeated},
	{"hW", ruleLoneH},
	{"lfhW", ruleLoneH},
	{"Wh3", ruleLoneH},
	{"fmhW", ruleLoneH},
	{"NN", ruleDoubled},
	{"W(RR)", ruleDoubled},
	{"Wx3", ruleExpMods},
	{"We3", ruleExpMods},
	{"Wi3", ruleExpMods},
	{"W1001", ruleExpLimit},
	{"W01001", ruleExpLimit},
	{"W99999999999999999999", ruleExpLimit},
	{strings.Repeat("(", 101) + "W" + strings.Repeat(")", 101), ruleNesting},
}

func TestFiltered(t *testing.T) {
	g := load(t)
	for _, c := range filtered {
		if !Accepts(g, Start, c.s) {
			t.Errorf("grammar rejects %q", c.s)
		}
		if got := excluded(c.s); !slices.Equal(got, []rule{c.rule}) {
			t.Errorf("excluded(%q) = %v, want %v", c.s, got, c.rule)
		}
		stats := map[string]int{}
		if msg := checkAgreement(c.s, true, stats); msg != "" {
			t.Error(msg)
		}
	}
	// Near misses that every rule lets through.
	for _, s := range []string{"ciiW", "icdiW", "fhW", "lfW", "NfN", "N-N", "N3N", "(N)N", "W1000", "W01000", "mfhW", "Wfh3", "Wmc0"} {
		if rules := excluded(s); len(rules) > 0 {
			t.Errorf("excluded(%q) = %v, want none", s, rules)
		}
		if _, err := syntax.Parse(s); err != nil {
			t.Errorf("parser rejects %q:\n%s", s, render(s, err))
		}
	}
}

// (f) On random short strings, and on one-character edits of samples, the
// parser accepts what the grammar accepts, less what the filter explains,
// and nothing else.
func TestParserAgreesWithGrammar(t *testing.T) {
	const alphabet = "WFNRBKQ()-03fmcrlxa$"
	g := load(t)
	r := newRand(seed(t) + 1)
	stats := map[string]int{}
	failures := 0
	check := func(s string) {
		if msg := checkAgreement(s, Accepts(g, Start, s), stats); msg != "" {
			t.Error(msg)
			failures++
			if failures > 20 {
				t.Fatal("too many failures")
			}
		}
	}
	for range numRandom {
		b := make([]byte, r.IntN(9))
		for k := range b {
			b[k] = alphabet[r.IntN(len(alphabet))]
		}
		check(string(b))
	}
	for range numMutants {
		s := []byte(Sample(g, Start, r, sampleDepth))
		k := r.IntN(len(s) + 1)
		c := alphabet[r.IntN(len(alphabet))]
		switch r.IntN(3) {
		case 0: // insert
			s = slices.Insert(s, k, c)
		case 1: // delete
			if k < len(s) {
				s = slices.Delete(s, k, k+1)
			}
		default: // replace
			if k < len(s) {
				s[k] = c
			}
		}
		check(string(s))
	}
	logStats(t, stats)
	if stats["both accept"] < (numRandom+numMutants)/10 || stats["both reject"] < (numRandom+numMutants)/10 {
		t.Errorf("too few strings on one side for the comparison to mean anything: %v", stats)
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

// hNotAfterDirection reports an h in run whose written predecessor is not
// f, b, l or r (§9.9: fmhW is refused though its direction letters read fh).
func hNotAfterDirection(run string) bool {
	for i := 0; i < len(run); i++ {
		if run[i] == 'h' && (i == 0 || !strings.ContainsRune("fblr", rune(run[i-1]))) {
			return true
		}
	}
	return false
}

package grammar

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/syntax"
)

const (
	numRandom  = 4000 // random strings for TestParserAgreesWithGrammar
	numMutants = 3000 // one-character edits of samples, ditto
)

// betza2Case is betza2.ebnf against reference/syntax.
var betza2Case = grammarCase{
	name:        "betza2",
	load:        Betza2,
	start:       Start,
	productions: []string{"Notation", "Chain", "Leg", "Unit", "Atom", "Group", "Exponent", "Modifiers"},
	parse: func(s string) error {
		_, err := syntax.Parse(s)
		return err
	},
	excluded: betza2Excluded,
	letters: []letterClass{
		// The atom letters of the grammar are those of the parser.
		{"Atom", 'A', 'Z', syntax.IsAtom},
		// After f, a letter is accepted exactly when it is a Modifier ("fh"
		// pairs the h).
		{"Modifier", 'a', 'z', func(c byte) bool {
			_, err := syntax.Parse("f" + string(c) + "W")
			return err == nil
		}},
	},
	seed:          defaultSeed,
	depth:         sampleDepth,
	minBothAccept: numSamples / 2,
	alphabet:      "WFNRBKQ()-03fmcrlxa$",
	randoms:       numRandom,
	mutants:       numMutants,
	mutantDepth:   sampleDepth,
	accepted:      slices.Concat(seedExamples, nearMisses),
	rejected:      rejected,
	excludedExamples: []excludedExample{
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
	},
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

// Near misses that every rule of the filter lets through.
var nearMisses = []string{"ciiW", "icdiW", "fhW", "lfW", "NfN", "N-N", "N3N", "(N)N", "W1000", "W01000", "mfhW", "Wfh3", "Wmc0"}

// Strings outside the grammar: the recogniser and the parser reject them.
var rejected = []string{
	"", "-W", "W-", "W--F", "()", "(W", "W)", "q", "WX", "W00", "W$", "3",
	"fm", "(W)(", "W-(", ")W", " W", "W 3", "W\n", "w", "X", "Wf", "W3f",
	"W-3", "3W", "W000", "W001", "(W))", "((W)", "W3-", "fm-W", "W-fm",
	"(-W)", "(W-)", "Wm3m3", "W3W3-", "gW", "Wz3", "W(", "(fm)", "W-)",
	"é", "Wé", "W3-3",
}

// The parser's static rules on top of the grammar, as listed in the comment
// of betza2.ebnf.
var (
	ruleRepeated = rule{"a modality letter, x, e or a mover i repeated in one run", "§9.9"}
	ruleLoneH    = rule{"an h not written right after f, b, l or r, or that DirectionTokens does not pair", "§9.9"}
	ruleDoubled  = rule{"a doubled atom letter", "§9.10"}
	ruleExpMods  = rule{"x, e or i on an exponent", "§5.4"}
	ruleExpLimit = rule{"an exponent above syntax.MaxExponent", "§5.6"}
	ruleNesting  = rule{"groups nested more than 100 deep", "§9.11"}
)

// betza2Excluded returns the parser's extra rules that reject s, a sentence of
// the grammar. It is written from the rules' statements, not from the
// parser's code, and it must explain every rejection of a sentence.
//
// In a sentence of the grammar every maximal run of lower-case letters is
// one Modifiers: an exponent's when a digit follows it, else the prefix of
// a leg.
func betza2Excluded(s string) []rule {
	var rules []rule
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '(':
			depth++
			if depth > 100 {
				rules = addRule(rules, ruleNesting)
			}
			i++
		case c == ')':
			depth--
			i++
		case 'A' <= c && c <= 'Z':
			// An atom with no exponent directly followed by the same atom.
			if i+1 < len(s) && s[i+1] == c {
				rules = addRule(rules, ruleDoubled)
			}
			i++
		case '0' <= c && c <= '9':
			j := i
			for j < len(s) && '0' <= s[j] && s[j] <= '9' {
				j++
			}
			if countAbove(s[i:j], syntax.MaxExponent) {
				rules = addRule(rules, ruleExpLimit)
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
				rules = addRule(rules, ruleRepeated)
			}
			if slices.Contains(syntax.DirectionTokens(directionLetters(run)), "h") || hNotAfterDirection(run) {
				rules = addRule(rules, ruleLoneH)
			}
			if onExponent && strings.ContainsAny(run, "xei") {
				rules = addRule(rules, ruleExpMods)
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

// Sampling is deterministic for a seed.
func TestSampleDeterministic(t *testing.T) {
	g := betza2Case.grammar(t)
	a, b := newRand(7), newRand(7)
	for range 200 {
		if x, y := Sample(g, Start, a, sampleDepth), Sample(g, Start, b, sampleDepth); x != y {
			t.Fatalf("same seed, different samples: %q and %q", x, y)
		}
	}
}

// Sample ends even with no depth to spare, giving a shortest sentence.
func TestSampleDepthZero(t *testing.T) {
	g := betza2Case.grammar(t)
	r := newRand(1)
	for range 100 {
		s := Sample(g, Start, r, 0)
		if len(s) != 1 || !syntax.IsAtom(s[0]) {
			t.Fatalf("Sample at depth 0 = %q, want one atom", s)
		}
	}
}

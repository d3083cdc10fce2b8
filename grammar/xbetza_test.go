package grammar

import (
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/xbetza"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// xbetzaCase is xbetza.ebnf against reference/dialect/xbetza; a sentence
// is read by translating it to Betza 2.0.
var xbetzaCase = grammarCase{
	name:        "xbetza",
	load:        XBetza,
	start:       XBetzaStart,
	productions: []string{"Notation", "Move", "Legs", "Prefix", "Repeat", "Modifier", "Atom", "Letter", "Leaper", "Range"},
	parse: func(s string) error {
		_, err := xbetza.Dialect{}.ToBetza2(s)
		return err
	},
	excludedBy:   xbetzaExcludedBy,
	noEquivalent: xbetzaNoEquivalent,
	restriction: func(ne *dialect.NoEquivalentError) bool {
		// §X6.2 and §X4.8 depend on the paths, not only on the letters.
		return strings.Contains(ne.Reason, "§X6.2") || strings.Contains(ne.Reason, "§X4.8")
	},
	letters: []letterClass{
		// The capitals that start an atom are those the parser reads; a
		// range after each keeps O from being an error (§X2.5).
		{"Atom", 'A', 'Z', func(c byte) bool {
			return xbetzaReads(string(c) + "1")
		}},
	},
	seed:  defaultSeed,
	depth: sampleDepth,
	// Most samples are read with no Betza 2.0 equivalent: the sampler
	// prefers the atoms O, U and I, which are terminals, to a Letter,
	// which is a production, and a sentence with one of them in any move
	// has none. Those that translate are mostly in the hand lists and the
	// edits.
	minBothAccept: numSamples / 4,
	alphabet:      "WFDNAHCZGLJKQRBOUIXfblrvshmcdepgnjiyzqotuxka()0123$",
	mutants:       numSamples,
	mutantDepth:   sampleDepth,
	accepted:      slices.Concat(xbetzaSame, xbetzaReal),
	rejected:      xbetzaRejected,
	excludedExamples: []excludedExample{
		{"mmW", xbetzaRepeated},
		{"iifmnD", xbetzaRepeated},
		{"((az)a)N", xbetzaNested},
		{"x((az)a)zN", xbetzaNested},
		{"W1001", xbetzaRangeLimit},
		{"W99999999999999999999", xbetzaRangeLimit},
		{"WW3", xbetzaDoubledRange},
		{"NN1", xbetzaDoubledRange},
		{"O", xbetzaCastling},
		{"KO", xbetzaCastling},
		{"hW", xbetzaH},
		{"hN", xbetzaH},
		{"pN", xbetzaHopLeaper},
		{"yW", xbetzaYLast},
		{"jN", xbetzaJ},
		{"jW", xbetzaJ},
		{"eafW", xbetzaENotLast},
	},
	noEquivalentExamples: []string{
		// The noeq blocks of spec/xbetza.md.
		"(az)N", "(afmpaf)F", "KisO2", "mU", "FX", "I", "pR3", "oN", "ucR", "mNxaN", "kW", "tR", "qN",
		// FFX is F and FX, not FF and X.
		"FFX", "WX3", "(a)W", "x(ya)zA",
	},
}

// The rules where the parser accepts less than the grammar, and the
// translation's limit (the header of xbetza.ebnf).
var (
	xbetzaRepeated     = rule{"a letter other than a direction letter twice in one leg", "§X1.4"}
	xbetzaNested       = rule{"a repeat inside a repeat", "§X1.5"}
	xbetzaRangeLimit   = rule{"a range above 1000", "§X2.3"}
	xbetzaDoubledRange = rule{"a range after a doubled letter", "§X2.4"}
	xbetzaCastling     = rule{"O without a range", "§X2.5"}
	xbetzaH            = rule{"an h where it may not stand", "§X3.4"}
	xbetzaHopLeaper    = rule{"p or g on the last leg of a leaper without a range", "§X4.3"}
	xbetzaYLast        = rule{"y on a last leg", "§X4.5"}
	xbetzaJ            = rule{"j on an atom with nothing to jump", "§X4.7"}
	xbetzaENotLast     = rule{"e on a leg that another leg follows", "§X4.9"}
	xbetzaPaths        = rule{"a move of more than 4096 paths, or of paths of more than 200,000 legs in all", "§X6.4"}
)

// xbetzaExcludedBy names the rule of the header of xbetza.ebnf under which
// err rejects a sentence of the grammar. Each of these clauses is a rule
// of that list alone: no other error of a sentence of the grammar cites
// one of them (§X1.5's other errors, a repeat without an a or not closed,
// are outside the grammar).
func xbetzaExcludedBy(err *loc.Error) (rule, bool) {
	for _, r := range []rule{xbetzaRepeated, xbetzaNested, xbetzaRangeLimit, xbetzaDoubledRange, xbetzaCastling,
		xbetzaH, xbetzaHopLeaper, xbetzaYLast, xbetzaJ, xbetzaENotLast, xbetzaPaths} {
		if err.Clause == r.clause {
			return r, true
		}
	}
	return rule{}, false
}

// xbetzaReads reports whether the parser reads s, whether or not s has a
// Betza 2.0 equivalent.
func xbetzaReads(s string) bool {
	_, err := xbetza.Parse(s)
	return err == nil
}

// xbetzaMove is one move of a sentence of xbetza.ebnf, split by the
// grammar's shape and the parser's reading of two capitals.
type xbetzaMove struct {
	legs   []string // the prefix of each leg, repeats included as written
	repeat bool     // a prefix holds a repeat
	atom   string   // "W", "NN", "O", "U", "I", "FX", …
	digits string   // the range as written, "" if none
}

// splitXBetza splits s, a sentence of xbetza.ebnf, into its moves. Two
// equal capitals are one doubled atom unless an X follows the second
// ("FFX" is F and FX); an a outside parentheses ends a leg.
func splitXBetza(s string) []xbetzaMove {
	var out []xbetzaMove
	var cur xbetzaMove
	leg, depth := "", 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '(':
			depth++
			cur.repeat = true
			leg += "("
		case c == ')':
			depth--
			leg += ")"
		case c == 'a' && depth == 0:
			cur.legs = append(cur.legs, leg)
			leg = ""
		case 'a' <= c && c <= 'z':
			leg += string(c)
		case 'A' <= c && c <= 'Z':
			cur.legs = append(cur.legs, leg)
			cur.atom = string(c)
			switch {
			case strings.IndexByte("OUI", c) >= 0:
			case i+1 < len(s) && s[i+1] == 'X':
				cur.atom += "X"
				i++
			case i+1 < len(s) && s[i+1] == c && !(i+2 < len(s) && s[i+2] == 'X'):
				cur.atom += string(c)
				i++
			}
			cur.digits = digitRun(s, i+1)
			i += len(cur.digits)
			out = append(out, cur)
			cur, leg = xbetzaMove{}, ""
		}
	}
	return out
}

// xbetzaNoEquivalent reports whether s, a sentence of xbetza.ebnf that
// breaks no rule of its header, has one of the parts that the header says
// have no Betza 2.0 equivalent and that its letters show (all but §X6.2,
// which restriction takes from the parser). It is written from the
// clauses, not from the translation's code.
func xbetzaNoEquivalent(s string) bool {
	for _, m := range splitXBetza(s) {
		switch {
		case m.repeat: // §X1.5
			return true
		case m.atom == "O": // §X2.5
			return true
		case m.atom == "U" || m.atom == "I" || strings.HasSuffix(m.atom, "X"): // §X2.6
			return true
		}
		last := m.legs[len(m.legs)-1]
		if strings.ContainsAny(last, "pg") && strings.Trim(m.digits, "0") != "" { // §X4.3
			return true
		}
		for k, leg := range m.legs { // §X4.10
			switch {
			case strings.ContainsAny(leg, "ouxk"):
				return true
			case strings.Contains(leg, "t") && !strings.ContainsAny(leg, "pg"):
				return true
			case k == 0 && strings.ContainsAny(leg, "zq"):
				return true
			case strings.Contains(leg, "y") && strings.ContainsAny(leg, "cdpge"): // §X4.5
				return true
			}
		}
	}
	return false
}

// The left sides of the same blocks of spec/xbetza.md: the parser reads
// them and they translate.
var xbetzaSame = []string{
	"fWF", "fmWfcF", "camK", "N", "R", "Q", "K", "J", "L", "W3", "N0", "W12", "NN", "WW",
	"fsN", "frN", "rfN", "fhN", "fK", "fsK", "frlR", "ffN", "ffrrN", "llK", "hrN", "hlN", "hK",
	"mW", "cdK", "afsW", "mRcpR", "gQ", "pafsW", "mpafW", "FyafsF", "nN", "nD", "nH", "nW",
	"jR", "jD", "ifmnD", "mRaibR", "fmWfceFifmnD", "fmWfeF", "afrK", "afsafK", "aW", "caK",
	"afsD", "afsR", "afbN", "afsafzfK",
}

// Real pieces (issue 11): the FIDE and Berolina pawns, Mao, Moa, Moo, the
// checker, the Chu Shogi Lion, the Falcon, a piece of two bent steps, the
// griffon, cannon, grasshopper, nightrider, the knight's halves and the
// dabbaba that jumps an occupied square. (az)N has no equivalent and is
// in noEquivalentExamples.
var xbetzaReal = []string{
	"fmWfceFifmnD", "mfFcefWimfnA", "afsW", "afsF", "afsK", "fcafmF", "KNADcaKmcabK",
	"afsafKafafsKaflafrKafraflK", "mafsmafW", "FyafsF", "mRcpR", "gQ", "NN", "hrN", "hlN", "jD",
}

// Strings outside the grammar: the recogniser and the parser reject them.
// The first ones are from the reject blocks of spec/xbetza.md.
var xbetzaRejected = []string{
	"f", "W$", "fN@7", "[R-sR]", "W-F", "(z)N", "(az", "M", "NE", "W03",
	"", "a", "Wa", "w", "W ", " W", "3", "W3f", "X", "XW", "W00", "()W", "(aW)", "(a", "a)W",
	"(a))W", "Wf", "OX", "UU3X", "fN@", "W-", "(a)", "aO1a", "é", "Wé",
}

// TestXBetzaSpecGrammar: the ebnf block of spec/xbetza.md and the
// productions of xbetza.ebnf are the same text, up to white space.
func TestXBetzaSpecGrammar(t *testing.T) {
	checkSpecGrammar(t, "xbetza.ebnf", "../spec/xbetza.md")
}

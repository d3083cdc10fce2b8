package grammar

import (
	"strings"
	"testing"

	"golang.org/x/exp/ebnf"

	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
	"github.com/betzacheck/betzacheck/reference/loc"
)

const (
	spanishSeed    = 20260707 // override with BETZA_SEED
	spanishDepth   = 12
	spanishMutants = 4000
)

// spanishCase is spanish.ebnf against reference/dialect/spanish.
var spanishCase = grammarCase{
	name:  "spanish",
	load:  func() (ebnf.Grammar, error) { return loadEBNF("spanish.ebnf") },
	start: "Notation",
	// AST node names are productions (package doc of spanish).
	productions: []string{"Notation", "Move", "Part", "Prefix", "Group", "Simple", "Determinant", "Brinco",
		"Capture", "Other", "Text", "Range", "Count", "Exact", "Span", "Line", "Hypogonal", "Selector"},
	parse: func(s string) error {
		_, err := spanish.Parse(s)
		return err
	},
	excludedBy:    spanishExcludedBy,
	seed:          spanishSeed,
	depth:         spanishDepth,
	minBothAccept: numSamples / 2,
	alphabet:      "DSTpBoicLEUO\"(),:+x*<>=rn0123 esp",
	mutants:       spanishMutants,
	mutantDepth:   8,
	maxMutantLen:  40,
	accepted:      spanishAccepts,
	rejected:      spanishRejects,
	excludedExamples: []excludedExample{
		{"S:(1,1)", spanishEqualCoordinates},
		{"S:(2,2,2)", spanishEqualCoordinates},
		{"D:1234567890+", spanishLongNumber},
		{"D:1x(>3)(<3)", spanishSameAxis},
		{"S:(2,1)x(>4)(>4)", spanishSameAxisSelector},
	},
}

// The rules where the parser accepts less than the grammar (the header of
// spanish.ebnf).
var (
	spanishEqualCoordinates = rule{"coordinates of a hypogonal that are all equal", "§S5.5"}
	spanishLongNumber       = rule{"a number of more than nine digits", "§S4.6"}
	spanishSameAxis         = rule{"two directions after x on one axis", "§S5.3"}
	spanishSameAxisSelector = rule{"two directions after x on one axis in a selector", "§S5.6"}
)

// spanishExcludedBy names the rule of the header of spanish.ebnf under
// which err rejects a sentence.
func spanishExcludedBy(err *loc.Error) (rule, bool) {
	switch {
	case err.Clause == "§S5.5" && strings.Contains(err.Msg, "different"):
		return spanishEqualCoordinates, true
	case err.Clause == "§S4.6":
		return spanishLongNumber, true
	case err.Clause == "§S5.3" && strings.Contains(err.Msg, "on the same axis"):
		return spanishSameAxis, true
	case err.Clause == "§S5.6" && strings.Contains(err.Msg, "on the same axis"):
		return spanishSameAxisSelector, true
	}
	return rule{}, false
}

// The hand list: strings that both the grammar and the parser reject.
var spanishRejects = []string{
	"", "D", "D:", "D:+", "D:x", "D:*", "D:>", "D:0+", "D:n", "D:1", "D:(2)", "D:(2x", "D:1+,", "D:1+ ", " D:1+",
	"D:1+,D:1x ", "D:1+ ,D:1x", "DD:1+", "d:1+", "T:1+", "Tp1+", "B(es)", "B(esp", "B:", "S:2", "S:(2)",
	"S:(2,1", "S:(2,)", "S:(,1)", "S:(2,1)x", "S:(2,1)x>", "S:(2,1)x>>", "S:(2,1)(", "S:(2,1)<>", "D:1x><", "D:1x>>",
	"D:1(r)", "D:1(=)", "D:1(x1)", "D:1(x)", "D:1x(<>3)", "D:1x>(r=)(>3)", "S:(2,1)(<>3)", "D:1x(>2)", "D:1(<>)", "D:1(>2)", "oiD:1+", "ooD:1+", "ciD:1+", "coD:1+",
	"ocL(x)", "ccL(x)", "cL", "cL(1x)", "cL()", "cE", "cE:1+", "cE:()", "cL(x", "o\"text\"", "\"open",
	"\"a\"b\"", "Otro:", "Otro:x", "Otr", "()", "(D:1+", "D:1+)", "(D:1+))", "D:1+U", "UD:1+", "D:1+UU D:1x",
	"D:1+U,D:1x", "(D:1x)U", "D:nn+", "D:1n+", "D:(n)+", "D:2(3)(4)+", "D:(2)(3)", "Tp:", "S:\"t\"\"u\"",
	"D:1+\t", "D:1+;", "D:1\u00a0+", "X:1+", "D:1+UX",
}

// spanishAccepts: strings that both accept.
var spanishAccepts = []string{
	"oD:1>, cD:1x>, iD:2>", "D:n+", "S:(2,1)", "D:nx", "D:n+, D:nx", "D:1+, D:1x", "D:n+, S:(2,1)",
	"D:1x, S:(3,1)", "D:2+, S:(2x)", "\"imita la pieza anteriormente movida por el oponente\"", "S:n(2,1)",
	"D:n+, D:nx, o(D:n+)U(B:1+), o(D:nx)U(B:1x)", "(D:1x)U(D:n+)", "S:\"no alineado\"n(2,1)",
	"D:n>, D:nx>, D:n(2,1)>", "D:1+, D:1x, (Tp:\"todo\")U(cE:(1+)U(1x))", "D:1+", "S:(2x)", "D:1x",
	"\"salto de turno\"", "B(esp)", "Otro", "Otro:\"¿qué?\"", "D:1<>", "D:1=", "D:1(r=)", "D:1(=r)",
	"D:1x<", "D:1x(r=)", "D:1x>(=r)", "D:1x(r=)>", "S:(2,1)x>(r=)", "S:(1,2)(r=)", "D:n(x3)", "D:n(x4)",
	"D:1(x3)>(r=)(>3)", "S:(1,2,3)", "D:1(<>3)", "D:1(>3)", "D:1(<3)", "D:1(<>4)", "D:1(x3)<>",
	"D:(2)+", "D:2(3)+", "D:n(2)+", "S:(2)(2,1)", "S:n(2x)", "Tp:n+", "Tp:(2x)", "cL(x)", "cL:(+)",
	"icL((2,1))", "cE(1*)", "ioD:1+", "iocD:1+", "oc(D:1+)", "((D:1+))", "D:1+,  D:1x",
	"D:nx(>3)", "D:nx>(>3)", "D:1x(<3)(=r)", "D:1x(>3)(<4)", "S:(2,1)(>3)", "S:(2,1)x>(>3)", "S:(2,1)x(>3)(=r)",
	"S:(2,1,1)(<4)", "D:1(x2)", "D:n(x2)>(>3)", "D:1(x2)>(r=)", "S:(2(x2))", "cL(x(>3))",
}

// TestSpanishSpecGrammar: the ebnf block of spec/spanish.md and the
// productions of spanish.ebnf are the same text, up to white space.
func TestSpanishSpecGrammar(t *testing.T) {
	checkSpecGrammar(t, "spanish.ebnf", "../spec/spanish.md")
}

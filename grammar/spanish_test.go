package grammar_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/exp/ebnf"

	"betzacheck/grammar"
	"betzacheck/reference/dialect/spanish"
	"betzacheck/reference/loc"
	"betzacheck/spec"
)

// The Spanish grammar (spanish.ebnf) against the Spanish parser
// (reference/dialect/spanish): the grammar is well formed, every sentence
// sampled from it parses, and on hand-written and mutated strings the two
// agree, apart from the static rules the file's header lists.

const (
	spanishSeed    = 20260707 // override with BETZA_SEED
	spanishDepth   = 12
	spanishSamples = 4000
	spanishMutants = 4000
)

func loadSpanish(t *testing.T) ebnf.Grammar {
	t.Helper()
	f, err := os.Open("spanish.ebnf")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ebnf.Parse("spanish.ebnf", f)
	if err != nil {
		t.Fatalf("parse spanish.ebnf: %v", err)
	}
	return g
}

func spanishRand(t *testing.T) *rand.Rand {
	t.Helper()
	s := uint64(spanishSeed)
	if env := os.Getenv("BETZA_SEED"); env != "" {
		v, err := strconv.ParseUint(env, 0, 64)
		if err != nil {
			t.Fatalf("BETZA_SEED=%q: %v", env, err)
		}
		s = v
	}
	t.Logf("seed %d (set BETZA_SEED to change it)", s)
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}

func TestSpanishVerify(t *testing.T) {
	g := loadSpanish(t)
	if err := ebnf.Verify(g, "Notation"); err != nil {
		t.Fatalf("ebnf.Verify: %v", err)
	}
	// AST node names are productions (package doc of spanish).
	for _, name := range []string{"Notation", "Move", "Part", "Prefix", "Group", "Simple", "Determinant", "Brinco",
		"Capture", "Other", "Text", "Range", "Count", "Exact", "Span", "Line", "Hypogonal", "Selector"} {
		if g[name] == nil {
			t.Errorf("no production %s", name)
		}
	}
}

// staticError reports whether err is one of the rules where the parser
// accepts less than the grammar (the header of spanish.ebnf).
func staticError(err error) bool {
	var de *loc.Error
	if !errors.As(err, &de) {
		return false
	}
	return de.Clause == "§S5.5" && strings.Contains(de.Msg, "different") || de.Clause == "§S4.6"
}

// TestSpanishSamplesParse: every sentence sampled from the grammar is
// accepted by the parser, unless it breaks a static rule.
func TestSpanishSamplesParse(t *testing.T) {
	g := loadSpanish(t)
	r := spanishRand(t)
	static := 0
	for i := 0; i < spanishSamples; i++ {
		s := grammar.Sample(g, "Notation", r, spanishDepth)
		_, err := spanish.Parse(s)
		switch {
		case err == nil:
		case staticError(err):
			static++
		default:
			t.Errorf("sample %q: %v", s, err)
		}
	}
	t.Logf("%d samples, %d rejected by a static rule", spanishSamples, static)
}

// The hand list: strings that both the grammar and the parser reject.
var spanishRejects = []string{
	"", "D", "D:", "D:+", "D:x", "D:*", "D:>", "D:0+", "D:n", "D:1", "D:(2)", "D:(2x", "D:1+,", "D:1+ ", " D:1+",
	"D:1+,D:1x ", "D:1+ ,D:1x", "DD:1+", "d:1+", "T:1+", "Tp1+", "B(es)", "B(esp", "B:", "S:2", "S:(2)",
	"S:(2,1", "S:(2,)", "S:(,1)", "S:(2,1)x", "S:(2,1)x>", "S:(2,1)x>>", "S:(2,1)(", "S:(2,1)<>", "D:1x><", "D:1x>>",
	"D:1(r)", "D:1(=)", "D:1(x2)", "D:1(x)", "D:1(<>)", "D:1(>2)", "oiD:1+", "ooD:1+", "ciD:1+", "coD:1+",
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
}

func TestSpanishHandList(t *testing.T) {
	g := loadSpanish(t)
	for _, s := range spanishRejects {
		if grammar.Accepts(g, "Notation", s) {
			t.Errorf("grammar accepts %q, listed as rejected", s)
		}
		if _, err := spanish.Parse(s); err == nil {
			t.Errorf("parser accepts %q, listed as rejected", s)
		} else if de := (*loc.Error)(nil); !errors.As(err, &de) {
			t.Errorf("%q: error %v is not located", s, err)
		}
	}
	for _, s := range spanishAccepts {
		if !grammar.Accepts(g, "Notation", s) {
			t.Errorf("grammar rejects %q, listed as accepted", s)
		}
		if _, err := spanish.Parse(s); err != nil {
			t.Errorf("parser rejects %q: %v", s, err)
		}
	}
	// Static rules: the grammar accepts, the parser does not.
	for _, s := range []string{"S:(1,1)", "S:(2,1,2)", "D:1234567890+"} {
		if !grammar.Accepts(g, "Notation", s) {
			t.Errorf("grammar rejects %q", s)
		}
		if _, err := spanish.Parse(s); !staticError(err) {
			t.Errorf("%q: %v, want a static error", s, err)
		}
	}
}

// TestSpanishAgreesWithGrammar: one-character edits of samples are
// accepted by the grammar exactly when the parser accepts them (or breaks
// a static rule).
func TestSpanishAgreesWithGrammar(t *testing.T) {
	g := loadSpanish(t)
	r := spanishRand(t)
	const alphabet = "DSTpBoicLEUO\"(),:+x*<>=rn0123 esp"
	accepted := 0
	for i := 0; i < spanishMutants; i++ {
		s := grammar.Sample(g, "Notation", r, 8)
		if len(s) > 40 {
			continue
		}
		k := r.IntN(len(s) + 1)
		switch r.IntN(3) {
		case 0: // insert
			s = s[:k] + string(alphabet[r.IntN(len(alphabet))]) + s[k:]
		case 1: // delete
			if k < len(s) {
				s = s[:k] + s[k+1:]
			}
		default: // replace
			if k < len(s) {
				s = s[:k] + string(alphabet[r.IntN(len(alphabet))]) + s[k+1:]
			}
		}
		gram := grammar.Accepts(g, "Notation", s)
		_, err := spanish.Parse(s)
		switch {
		case gram && err != nil && !staticError(err):
			t.Errorf("%q: the grammar accepts it, the parser says %v", s, err)
		case !gram && err == nil:
			t.Errorf("%q: the parser accepts it, the grammar does not", s)
		case gram:
			accepted++
		}
	}
	t.Logf("%d mutants, %d accepted", spanishMutants, accepted)
}

// TestSpanishSpecGrammar: the ebnf block of spec/spanish.md and the
// productions of spanish.ebnf are the same text, up to white space.
func TestSpanishSpecGrammar(t *testing.T) {
	file, err := os.ReadFile("spanish.ebnf")
	if err != nil {
		t.Fatal(err)
	}
	_, prods, ok := strings.Cut(string(file), "*/")
	if !ok {
		t.Fatal("spanish.ebnf has no header comment")
	}
	blocks, err := spec.ReadBlocks("../spec/spanish.md")
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(blocks, func(b spec.Block) bool { return b.Info == "ebnf" })
	if i < 0 {
		t.Fatal("spec/spanish.md has no ebnf block")
	}
	block := blocks[i].Body()
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if norm(prods) != norm(block) {
		t.Errorf("spec/spanish.md and grammar/spanish.ebnf differ:\nspec: %s\nfile: %s", norm(block), norm(prods))
	}
}

package grammar

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/exp/ebnf"

	"betzacheck/reference/dialect"
	"betzacheck/reference/dialect/classic"
	"betzacheck/reference/loc"
	"betzacheck/reference/syntax"
)

func loadClassic(t *testing.T) ebnf.Grammar {
	t.Helper()
	g, err := Classic()
	if err != nil {
		t.Fatalf("parse classic.ebnf: %v", err)
	}
	return g
}

func TestClassicVerify(t *testing.T) {
	g := loadClassic(t)
	if err := ebnf.Verify(g, ClassicStart); err != nil {
		t.Fatalf("ebnf.Verify: %v", err)
	}
	for _, name := range []string{"Description", "Move", "Modifiers", "Atom", "Range"} {
		if g[name] == nil {
			t.Errorf("no production %s", name)
		}
	}
}

// classicMove is one move of a sentence, split by the grammar's shape:
// modifiers, atom letter, doubled, digits.
type classicMove struct {
	mods    string
	letter  byte
	doubled bool
	digits  string
}

func splitClassic(s string) []classicMove {
	var out []classicMove
	var cur classicMove
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z':
			cur.mods += string(c)
		case 'A' <= c && c <= 'Z':
			cur.letter = c
			if i+1 < len(s) && s[i+1] == c {
				cur.doubled = true
				i++
			}
			j := i + 1
			for j < len(s) && '0' <= s[j] && s[j] <= '9' {
				j++
			}
			cur.digits = s[i+1 : j]
			i = j - 1
			out = append(out, cur)
			cur = classicMove{}
		}
	}
	return out
}

// classicExcluded lists the clauses under which the classic parser, under
// profile xboard, rejects a sentence of classic.ebnf (the grammar's
// comment and spec/classic.md §C5); noEq is set when the sentence parses
// but has no Betza 2.0 equivalent (§C4.5).
func classicExcluded(s string) (clauses []string, noEq bool) {
	for _, m := range splitClassic(s) {
		ranged := m.doubled || m.digits != "" || strings.IndexByte("RBQ", m.letter) >= 0
		if m.digits != "" {
			if n, err := strconv.Atoi(m.digits); err != nil || n > 1000 {
				clauses = append(clauses, "§C2.3")
			}
		}
		var dirs []byte
		for i := 0; i < len(m.mods); i++ {
			if strings.IndexByte("fbrlvsh", m.mods[i]) >= 0 {
				dirs = append(dirs, m.mods[i])
			}
		}
		for _, tok := range syntax.DirectionTokens(string(dirs)) {
			if tok == "h" {
				clauses = append(clauses, "§C3.1")
			}
		}
		hop := strings.ContainsAny(m.mods, "pg")
		if hop && !ranged {
			clauses = append(clauses, "§C4.4")
		}
		if hop && m.digits != "" && strings.Trim(m.digits, "0") != "" {
			noEq = true
		}
		if strings.Contains(m.mods, "n") && ranged {
			clauses = append(clauses, "§C4.6")
		}
	}
	return clauses, noEq
}

func TestClassicSamplesParse(t *testing.T) {
	g := loadClassic(t)
	d, err := classic.WithProfile("xboard")
	if err != nil {
		t.Fatal(err)
	}
	r := newRand(seed(t))
	stats := map[string]int{}
	check := func(s string, grammarOK bool) string {
		_, err := d.ToBetza2(s)
		var e *loc.Error
		var ne *dialect.NoEquivalentError
		parserOK := err == nil || errors.As(err, &ne)
		if err != nil && !parserOK && !errors.As(err, &e) {
			return fmt.Sprintf("%q: %v", s, err)
		}
		switch {
		case parserOK && !grammarOK:
			return fmt.Sprintf("the classic parser accepts %q, the grammar rejects it", s)
		case !grammarOK:
			stats["both reject"]++
			return ""
		}
		ex, noEq := classicExcluded(s)
		switch {
		case len(ex) == 0 && err == nil && !noEq:
			stats["both accept"]++
		case len(ex) == 0 && noEq && ne != nil:
			stats["accepted, no equivalent"]++
		case len(ex) == 0:
			return fmt.Sprintf("the grammar accepts %q, the parser gives %v", s, err)
		case e == nil:
			return fmt.Sprintf("%q: expected a rejection under %v, got %v", s, ex, err)
		case !contains(ex, e.Clause):
			return fmt.Sprintf("%q: expected a rejection under %v, got %v", s, ex, err)
		default:
			stats["excluded"]++
		}
		return ""
	}
	const alphabet = "WFDNAHCZGJLKQRBfbrlvshmcpgni0123456789XdO$-"
	for k := 0; k < numSamples; k++ {
		s := Sample(g, ClassicStart, r, sampleDepth)
		if !Accepts(g, ClassicStart, s) {
			t.Fatalf("the recogniser rejects the sample %q", s)
		}
		if msg := check(s, true); msg != "" {
			t.Fatal(msg)
		}
		b := []byte(s)
		i := r.IntN(len(b))
		b[i] = alphabet[r.IntN(len(alphabet))]
		if msg := check(string(b), Accepts(g, ClassicStart, string(b))); msg != "" {
			t.Fatal(msg)
		}
	}
	logStats(t, stats)
	if stats["both accept"] < numSamples/3 {
		t.Errorf("only %d sentences accepted by both", stats["both accept"])
	}
}

package grammar

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/exp/ebnf"

	"betzacheck/reference/dialect/bracket"
	"betzacheck/reference/loc"
)

func loadBracket(t *testing.T) ebnf.Grammar {
	t.Helper()
	g, err := Bracket()
	if err != nil {
		t.Fatalf("parse bracket.ebnf: %v", err)
	}
	return g
}

func TestBracketVerify(t *testing.T) {
	g := loadBracket(t)
	if err := ebnf.Verify(g, BracketStart); err != nil {
		t.Fatalf("ebnf.Verify: %v", err)
	}
	for _, name := range []string{"Description", "Move", "Path", "Leg", "Modifiers", "Atom", "Range"} {
		if g[name] == nil {
			t.Errorf("no production %s", name)
		}
	}
}

// bracketExcluded lists the clauses under which the bracket parser rejects
// a sentence of bracket.ebnf, from the grammar's comment.
func bracketExcluded(s string) []string {
	var out []string
	for i := 0; i+1 < len(s); i++ {
		if s[i] == s[i+1] && strings.IndexByte("WFKRBQU", s[i]) >= 0 {
			out = append(out, "§B2.4")
			break
		}
	}
	for i := 0; i < len(s); {
		if s[i] < '0' || s[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if n, err := strconv.Atoi(s[i:j]); err != nil || n > bracket.MaxRange {
			out = append(out, "§B5.4")
		}
		i = j
	}
	return out
}

func bracketAgreement(s string, grammarOK bool, stats map[string]int) string {
	_, err := bracket.Parse(s)
	parserOK := err == nil
	switch {
	case parserOK && !grammarOK:
		return fmt.Sprintf("the bracket parser accepts %q, the grammar rejects it", s)
	case !grammarOK:
		stats["both reject"]++
		return ""
	}
	ex := bracketExcluded(s)
	switch {
	case len(ex) == 0 && parserOK:
		stats["both accept"]++
		return ""
	case len(ex) == 0:
		return fmt.Sprintf("the grammar accepts %q, the parser rejects it: %v", s, err)
	case parserOK:
		return fmt.Sprintf("the parser accepts %q although %v excludes it", s, ex)
	}
	var e *loc.Error
	if !errors.As(err, &e) || !contains(ex, e.Clause) {
		return fmt.Sprintf("%q: expected a rejection under %v, got %v", s, ex, err)
	}
	stats["excluded"]++
	return ""
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// Sampled sentences are recognised and parsed; one-character edits of
// them and random strings are accepted by the parser only when the grammar
// accepts them.
func TestBracketSamplesParse(t *testing.T) {
	g := loadBracket(t)
	r := newRand(seed(t))
	stats := map[string]int{}
	const alphabet = "WFDNAHCZGUKQRBfbrlvshmcdpnji0123456789[]-?XaO$ "
	for k := 0; k < numSamples; k++ {
		s := Sample(g, BracketStart, r, sampleDepth)
		if !Accepts(g, BracketStart, s) {
			t.Fatalf("the recogniser rejects the sample %q", s)
		}
		if msg := bracketAgreement(s, true, stats); msg != "" {
			t.Fatal(msg)
		}
		// A one-character edit.
		b := []byte(s)
		i := r.IntN(len(b))
		switch r.IntN(3) {
		case 0:
			b[i] = alphabet[r.IntN(len(alphabet))]
		case 1:
			b = append(b[:i], b[i+1:]...)
		default:
			b = append(b[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
		}
		m := string(b)
		if msg := bracketAgreement(m, Accepts(g, BracketStart, m), stats); msg != "" {
			t.Fatal(msg)
		}
	}
	for k := 0; k < numRandom; k++ {
		n := 1 + r.IntN(8)
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if msg := bracketAgreement(string(b), Accepts(g, BracketStart, string(b)), stats); msg != "" {
			t.Fatal(msg)
		}
	}
	logStats(t, stats)
	if stats["both accept"] < numSamples/2 {
		t.Errorf("only %d sentences accepted by both", stats["both accept"])
	}
}

// The atom letters of the grammar are those the parser reads.
func TestBracketAtoms(t *testing.T) {
	g := loadBracket(t)
	for c := byte('A'); c <= 'Z'; c++ {
		_, err := bracket.Parse(string(c))
		if got, want := Accepts(g, "Atom", string(c)), err == nil; got != want {
			t.Errorf("atom %c: grammar %v, parser %v", c, got, want)
		}
	}
	for c := byte('a'); c <= 'z'; c++ {
		_, err := bracket.Parse(string(c) + "W")
		if got, want := Accepts(g, "Modifier", string(c)), err == nil; got != want {
			t.Errorf("modifier %c: grammar %v, parser %v", c, got, want)
		}
	}
}

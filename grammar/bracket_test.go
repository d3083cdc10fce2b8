package grammar

import (
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/dialect/bracket"
)

// bracketCase is bracket.ebnf against reference/dialect/bracket.
var bracketCase = grammarCase{
	name:        "bracket",
	load:        Bracket,
	start:       BracketStart,
	productions: []string{"Description", "Move", "Path", "Leg", "Modifiers", "Atom", "Range"},
	parse: func(s string) error {
		_, err := bracket.Parse(s)
		return err
	},
	excluded: bracketExcluded,
	letters: []letterClass{
		// The atom letters of the grammar are those the parser reads.
		{"Atom", 'A', 'Z', func(c byte) bool {
			_, err := bracket.Parse(string(c))
			return err == nil
		}},
		{"Modifier", 'a', 'z', func(c byte) bool {
			_, err := bracket.Parse(string(c) + "W")
			return err == nil
		}},
	},
	seed:          defaultSeed,
	depth:         sampleDepth,
	minBothAccept: numSamples / 2,
	alphabet:      "WFDNAHCZGUKQRBfbrlvshmcdpnji0123456789[]-?XaO$ ",
	randoms:       numRandom,
	mutants:       numSamples,
	mutantDepth:   sampleDepth,
}

// bracketExcluded lists the rules under which the bracket parser rejects
// s, a sentence of bracket.ebnf, from the grammar's comment.
func bracketExcluded(s string) []rule {
	var rules []rule
	for i := 0; i+1 < len(s); i++ {
		if s[i] == s[i+1] && strings.IndexByte("WFKRBQU", s[i]) >= 0 {
			rules = addRule(rules, rule{"an atom letter of W F K R B Q U written twice in a row", "§B2.4"})
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
			rules = addRule(rules, rule{"a range above bracket.MaxRange", "§B5.4"})
		}
		i = j
	}
	return rules
}

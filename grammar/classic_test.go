package grammar

import (
	"strconv"
	"strings"

	"betzacheck/reference/dialect/classic"
	"betzacheck/reference/syntax"
)

// classicCase is classic.ebnf against reference/dialect/classic under
// profile xboard; a sentence is read by translating it to Betza 2.0.
var classicCase = grammarCase{
	name:        "classic",
	load:        Classic,
	start:       ClassicStart,
	productions: []string{"Description", "Move", "Modifiers", "Atom", "Range"},
	parse: func(s string) error {
		d, err := classic.WithProfile("xboard")
		if err != nil {
			return err
		}
		_, err = d.ToBetza2(s)
		return err
	},
	excluded:      classicExcluded,
	noEquivalent:  classicNoEquivalent,
	seed:          defaultSeed,
	depth:         sampleDepth,
	minBothAccept: numSamples / 3,
	alphabet:      "WFDNAHCZGJLKQRBfbrlvshmcpgni0123456789XdO$-",
	mutants:       numSamples,
	mutantDepth:   sampleDepth,
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
			cur.digits = digitRun(s, i+1)
			i += len(cur.digits)
			out = append(out, cur)
			cur = classicMove{}
		}
	}
	return out
}

// ranged reports whether m rides: doubled, with a range, or a slider.
func (m classicMove) ranged() bool {
	return m.doubled || m.digits != "" || strings.IndexByte("RBQ", m.letter) >= 0
}

func (m classicMove) hops() bool { return strings.ContainsAny(m.mods, "pg") }

// classicExcluded lists the rules under which the classic parser, under
// profile xboard, rejects s, a sentence of classic.ebnf (the grammar's
// comment and spec/classic.md §C5).
func classicExcluded(s string) []rule {
	var rules []rule
	for _, m := range splitClassic(s) {
		if m.digits != "" {
			if n, err := strconv.Atoi(m.digits); err != nil || n > 1000 {
				rules = addRule(rules, rule{"a range above 1000", "§C2.3"})
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
				rules = addRule(rules, rule{"a lone h", "§C3.1"})
			}
		}
		if m.hops() && !m.ranged() {
			rules = addRule(rules, rule{"p or g on a leaper", "§C4.4"})
		}
		if strings.Contains(m.mods, "n") && m.ranged() {
			rules = addRule(rules, rule{"n on a rider", "§C4.6"})
		}
	}
	return rules
}

// classicNoEquivalent reports whether s, a sentence of classic.ebnf, has a
// hopper with a range other than 0, which has no Betza 2.0 equivalent
// (§C4.5).
func classicNoEquivalent(s string) bool {
	for _, m := range splitClassic(s) {
		if m.hops() && m.digits != "" && strings.Trim(m.digits, "0") != "" {
			return true
		}
	}
	return false
}

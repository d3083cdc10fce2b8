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
	alphabet:      "WFDNAHCZGJLKQRBfbrlvshmcpgnije0123456789XdO$-",
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

// xboardAtom is the atom letter m reads as under profile xboard (§C5.2).
func (m classicMove) xboardAtom() byte {
	switch m.letter {
	case 'J':
		return 'C'
	case 'L':
		return 'Z'
	}
	return m.letter
}

// jumps reports whether j has a reading on m under profile xboard
// (§C5.7): on D and A, and on a ride of W, F or K (R, B and Q included)
// of more than one step: a range is the number of steps, 0 none, and
// without one a doubled letter or R B Q rides without limit.
func (m classicMove) jumps() bool {
	a := m.xboardAtom()
	switch {
	case a == 'D' || a == 'A':
		return true
	case strings.IndexByte("WFKRBQ", a) < 0:
		return false
	case m.digits != "":
		n, err := strconv.Atoi(m.digits)
		return err != nil || n != 1
	}
	return m.doubled || strings.IndexByte("RBQ", a) >= 0
}

// hasReading reports whether the direction letters dirs of m, read as
// Betza 2.0 reads a run, leave no h without a reading under profile
// xboard (§C5.5): hr or hl on N C Z, a lone h on K Q.
func (m classicMove) hasReading(dirs string) bool {
	toks := syntax.DirectionTokens(dirs)
	a := m.xboardAtom()
	for i, tok := range toks {
		switch {
		case tok != "h", a == 'K' || a == 'Q':
		case strings.IndexByte("NCZ", a) >= 0 && i+1 < len(toks) && (toks[i+1] == "r" || toks[i+1] == "l"):
		default:
			return false
		}
	}
	return true
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
		if !m.hasReading(string(dirs)) {
			rules = addRule(rules, rule{"an h that is neither hr, hl on N C Z nor alone on K Q", "§C5.5"})
		}
		if m.hops() && !m.ranged() {
			rules = addRule(rules, rule{"p or g on a leaper", "§C4.4"})
		}
		switch j := strings.Count(m.mods, "j"); {
		case j > 1:
			rules = addRule(rules, rule{"j twice", "§C5.7"})
		case j == 1 && strings.Contains(m.mods, "n"):
			rules = addRule(rules, rule{"j with n", "§C5.7"})
		case j == 1 && !m.hops() && !m.jumps():
			rules = addRule(rules, rule{"j on an atom it has no reading on", "§C5.7"})
		}
	}
	return rules
}

// classicNoEquivalent reports whether s, a sentence of classic.ebnf, has a
// hopper with a range other than 0 (§C4.5) or with j (§C5.7), which have
// no Betza 2.0 equivalent.
func classicNoEquivalent(s string) bool {
	for _, m := range splitClassic(s) {
		if m.hops() && ((m.digits != "" && strings.Trim(m.digits, "0") != "") || strings.Contains(m.mods, "j")) {
			return true
		}
	}
	return false
}

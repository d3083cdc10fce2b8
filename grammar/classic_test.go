package grammar

import (
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/dialect/classic"
	"github.com/betzacheck/betzacheck/reference/dialect/xbetza"
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

// ranged reports whether m rides under profile xboard: doubled, with a
// range other than 1 (§C5.12: a range of 1 is one leap), or a slider.
func (m classicMove) ranged() bool {
	if m.digits != "" {
		return m.doubled || m.digits != "1"
	}
	return m.doubled || strings.IndexByte("RBQ", m.letter) >= 0
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
// (§C5.7): on a leap of D and A, and on a ride of W, F or K (R, B and Q
// included) of more than one step: a range is the number of steps, 0
// none, and without one a doubled letter or R B Q rides without limit.
func (m classicMove) jumps() bool {
	a := m.xboardAtom()
	switch {
	case a == 'D' || a == 'A':
		return !m.ranged()
	case strings.IndexByte("WFKRBQ", a) < 0:
		return false
	case m.digits != "":
		n, err := strconv.Atoi(m.digits)
		return err != nil || n != 1
	}
	return m.doubled || strings.IndexByte("RBQ", a) >= 0
}

// hasReading reports whether the direction letters dirs of m, split into
// names as XBetza splits them (§C5.5, xbetza.DirectionNames), leave no h
// without a reading under profile xboard: hr or hl on N C Z, a lone h on
// K Q.
func (m classicMove) hasReading(dirs string) bool {
	a := m.xboardAtom()
	for _, tok := range xbetza.DirectionNames(dirs) {
		switch {
		case tok == "h" && a != 'K' && a != 'Q':
			return false
		case (tok == "hr" || tok == "hl") && strings.IndexByte("NCZ", a) < 0:
			return false
		}
	}
	return true
}

// repeats reports whether a modifier other than a direction letter is
// written twice in m (§C5.13).
func (m classicMove) repeats() bool {
	for i := 0; i < len(m.mods); i++ {
		if strings.IndexByte("fbrlvsh", m.mods[i]) < 0 && strings.IndexByte(m.mods[:i], m.mods[i]) >= 0 {
			return true
		}
	}
	return false
}

// neverMade reports whether e is m's only mode, so that it is never made
// and needs no equivalent (§C5.8).
func (m classicMove) neverMade() bool {
	return strings.Contains(m.mods, "e") && !strings.ContainsAny(m.mods, "mc")
}

func (m classicMove) hops() bool { return strings.ContainsAny(m.mods, "pg") }

// classicExcluded lists the rules under which the classic parser, under
// profile xboard, rejects s, a sentence of classic.ebnf (the grammar's
// comment and spec/classic.md §C5).
func classicExcluded(s string) []rule {
	var rules []rule
	for _, m := range splitClassic(s) {
		switch {
		case m.digits != "" && m.doubled:
			rules = addRule(rules, rule{"a range after a doubled letter", "§C5.10"})
		case len(m.digits) > 1 && m.digits[0] == '0':
			rules = addRule(rules, rule{"a range with a leading zero", "§C5.11"})
		case m.digits != "":
			if n, err := strconv.Atoi(m.digits); err != nil || n > 1000 {
				rules = addRule(rules, rule{"a range above 1000", "§C2.3"})
			}
		}
		if m.repeats() {
			rules = addRule(rules, rule{"a letter other than a direction letter twice", "§C5.13"})
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
		case j > 1: // §C5.13 above
		case j == 1 && strings.Contains(m.mods, "n"):
			rules = addRule(rules, rule{"j with n", "§C5.7"})
		case j == 1 && !m.jumps():
			rules = addRule(rules, rule{"j on an atom it has no reading on", "§C5.7"})
		}
	}
	return rules
}

// classicNoEquivalent reports whether s, a sentence of classic.ebnf, has a
// hopper with a range other than 0 (§C4.5) or with j (§C5.7), which have
// no Betza 2.0 equivalent, unless e is its only mode and it is never made
// (§C5.8).
func classicNoEquivalent(s string) bool {
	for _, m := range splitClassic(s) {
		if m.hops() && !m.neverMade() && ((m.digits != "" && strings.Trim(m.digits, "0") != "") || strings.Contains(m.mods, "j")) {
			return true
		}
	}
	return false
}

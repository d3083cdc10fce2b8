package grammar

import (
	"strings"

	"golang.org/x/exp/ebnf"
)

// Start productions of the dialect grammars.
const (
	BracketStart = "Description"
	ClassicStart = "Description"
	XBetzaStart  = "Notation"
)

func loadEBNF(name string) (ebnf.Grammar, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return ebnf.Parse(name, strings.NewReader(string(b)))
}

// Bracket parses bracket.ebnf, the grammar of the bracket dialect
// (spec/bracket.md). It does not call ebnf.Verify; the tests do.
func Bracket() (ebnf.Grammar, error) { return loadEBNF("bracket.ebnf") }

// Classic parses classic.ebnf, the grammar of classic Betza as engines
// read it (spec/classic.md). It does not call ebnf.Verify; the tests do.
func Classic() (ebnf.Grammar, error) { return loadEBNF("classic.ebnf") }

// XBetza parses xbetza.ebnf, the grammar of XBetza (spec/xbetza.md). It
// does not call ebnf.Verify; the tests do.
func XBetza() (ebnf.Grammar, error) { return loadEBNF("xbetza.ebnf") }

// Package grammar holds the EBNF of Betza 2.0 (betza2.ebnf) and small tools
// over it: Betza2 parses the grammar, Sample generates sentences from it and
// Accepts recognises them. The grammar's production names are the AST node
// names of package github.com/betzacheck/betzacheck/reference/syntax; the comment at the top of
// betza2.ebnf says where the parser accepts less than the grammar.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package grammar

import (
	"embed"
	"io/fs"
	"strings"

	"golang.org/x/exp/ebnf"
)

//go:embed *.ebnf
var files embed.FS

// Files returns the grammars, one .ebnf file per dialect, at the root of
// the file system: built into the binary, for the commands that write
// them out.
func Files() fs.FS { return files }

// Start is the start production of the Betza 2.0 grammar.
const Start = "Notation"

// Source returns the text of betza2.ebnf.
func Source() string {
	b, err := files.ReadFile("betza2.ebnf")
	if err != nil {
		panic(err) // embedded at build time; cannot happen
	}
	return string(b)
}

// Betza2 parses betza2.ebnf. It does not call ebnf.Verify; the tests do.
func Betza2() (ebnf.Grammar, error) {
	return ebnf.Parse("betza2.ebnf", strings.NewReader(Source()))
}

// Package spanish reads the Spanish notation for fairy-chess pieces
// (spec/spanish.md; its source is /work/shared/seeds/notacion-piezas.txt):
// determinants D: S: Tp: B(…), the prefixes o i c cL cE, counts, the
// conjunction U, and directions in the plane and in n dimensions. It
// translates a notation into Betza 2.0 (ToBetza2) and writes the Betza 2.0
// notations that have a Spanish form back (FromBetza2).
//
// The productions of grammar/spanish.ebnf and the AST share their names:
// Notation, Move, Part, Prefix, Group, Simple, Determinant, Brinco,
// Capture, Other, Text, Range, Count, Exact, Span, Line, Hypogonal,
// Selector.
//
// Where the parser accepts less than the grammar: a hypogonal whose
// coordinates are all equal, "(1,1)" (§S5.5), and a number of more than
// nine digits (§S4.6). Everything the grammar rejects, the parser rejects.
//
// Evaluate reads a notation directly, without Betza 2.0, on a board of
// two or more dimensions (package ndboard): the n-dimensional directions
// of §S7 are evaluated there (§S12).
//
// What parses but does not translate (a *dialect.NoEquivalentError naming
// the part): free text (§S2.6), B(esp) (§S2.5), cE (§S3.6), n-dimensional
// directions (§S7.2), a directed part after U (§S6.4), a hypogonal with no
// 2.0 atom (§S5.5), a hop over a span (§S2.4) and counts above 1000
// (§S4.6).
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package spanish

import (
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// Dialect is the Spanish notation; its zero value is ready to use.
type Dialect struct{}

var _ dialect.Dialect = Dialect{}

// Name returns "spanish".
func (Dialect) Name() string { return dialect.Spanish }

// ToBetza2 parses src and translates it (§S8). Errors are *loc.Error
// for text that is not Spanish notation and *dialect.NoEquivalentError for
// parts that have no Betza 2.0 equivalent.
func (Dialect) ToBetza2(src string) (*reference.Program, error) {
	n, err := Parse(src)
	if err != nil {
		return nil, err
	}
	return Translate(n, src)
}

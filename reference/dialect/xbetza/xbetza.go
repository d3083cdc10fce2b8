// Package xbetza reads XBetza, the extended Betza notation of XBoard and
// the Interactive Diagram (spec/xbetza.md): classic Betza for single legs
// and the a operator that splits the prefixes of one atom into the legs of
// a multi-leg move (afsW, the Mao).
//
// ToBetza2 parses with a hand-written scanner (errors are *loc.Error with
// clauses of spec/xbetza.md), expands every move into its concrete paths
// (each leg one leap in the mover's frame, §X6.1), names each leg in the
// frame Betza 2.0 will read it in (§X6.2) and merges the chains (§X6.3).
// FromBetza2 goes the other way for the Betza 2.0 notations XBetza can
// say (§X7.1).
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package xbetza

import (
	"errors"
	"fmt"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// Dialect is XBetza.
type Dialect struct{}

var _ dialect.Dialect = Dialect{}

// Name returns "xbetza".
func (Dialect) Name() string { return dialect.XBetza }

// ToBetza2 translates src into an equivalent Betza 2.0 notation, compiled.
// A located error anywhere in src comes before a missing equivalent.
func (d Dialect) ToBetza2(src string) (*reference.Program, error) {
	return d.read(src, nil)
}

// Read is ToBetza2 with the losses of the reading (dialect.Reader): the
// en-passant e a position never uses (§X4.9) and the n that changes
// nothing (§X4.6).
func (d Dialect) Read(src string) (*reference.Program, []dialect.Loss, error) {
	return dialect.ReadLosing(src, d.read)
}

func (Dialect) read(src string, lost *dialect.Losses) (*reference.Program, error) {
	n, err := Parse(src)
	if err != nil {
		return nil, err
	}
	var chains [][]leg2
	var noEq error
	for _, m := range n.Moves {
		ps, err := paths(m, src, lost)
		if err == nil {
			for _, p := range ps {
				c, cerr := chain(p, m, src)
				if cerr != nil {
					err = cerr
					break
				}
				chains = append(chains, c)
			}
		}
		var ne *dialect.NoEquivalentError
		var le *loc.Error
		switch {
		case errors.As(err, &ne):
			if noEq == nil {
				noEq = err
			}
		case errors.As(err, &le):
			return nil, err
		case err != nil:
			return nil, err
		}
	}
	if noEq != nil {
		return nil, noEq
	}
	out, err := render(chains)
	if err != nil {
		return nil, err
	}
	prog, err := reference.Compile(out)
	if err != nil {
		return nil, fmt.Errorf("xbetza: internal error: %q translates to %q, which Betza 2.0 rejects: %v", src, out, err)
	}
	return prog, nil
}

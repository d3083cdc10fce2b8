// Package translate lists the dialects betzacheck reads and translates
// between them through Betza 2.0, the core: every dialect reads its text
// into Betza 2.0 (ToBetza2) and writes Betza 2.0 back where it can
// (FromBetza2).
//
// Its API is stable (README.md, Stability).
package translate

import (
	"fmt"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/bracket"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
	"github.com/betzacheck/betzacheck/reference/dialect/xbetza"
)

// Names lists the dialect names Lookup takes; a classic profile is named
// "betza-classic:PROFILE" (spec/classic.md).
func Names() []string {
	names := []string{dialect.Betza2, dialect.Bracket, dialect.Classic}
	for _, p := range classic.Profiles {
		names = append(names, dialect.Classic+":"+p.Name)
	}
	return append(names, dialect.Spanish, dialect.XBetza)
}

// Lookup returns the dialect of a name of Names.
func Lookup(name string) (dialect.Dialect, error) {
	switch name {
	case dialect.Betza2:
		return core{}, nil
	case dialect.Bracket:
		return bracket.Dialect{}, nil
	case dialect.Classic:
		return classic.New(), nil
	case dialect.Spanish:
		return spanish.Dialect{}, nil
	case dialect.XBetza:
		return xbetza.Dialect{}, nil
	}
	if profile, ok := strings.CutPrefix(name, dialect.Classic+":"); ok {
		return classic.WithProfile(profile)
	}
	return nil, fmt.Errorf("unknown dialect %q, expected one of %s", name, strings.Join(Names(), ", "))
}

// ToBetza2 reads src in the named dialect and returns it in Betza 2.0,
// compiled (its Source is the Betza 2.0 text).
func ToBetza2(from, src string) (*reference.Program, error) {
	d, err := Lookup(from)
	if err != nil {
		return nil, err
	}
	return d.ToBetza2(src)
}

// Read reads src in the named dialect: its Betza 2.0 program and what the
// reading loses (dialect.Read), such as the en-passant e of XBetza's
// fmWfceF, which a position without rights never uses.
func Read(from, src string) (*reference.Program, []dialect.Loss, error) {
	d, err := Lookup(from)
	if err != nil {
		return nil, nil, err
	}
	return dialect.Read(d, src)
}

// FromBetza2 writes a Betza 2.0 notation in the named dialect.
func FromBetza2(to, src string) (string, error) {
	d, err := Lookup(to)
	if err != nil {
		return "", err
	}
	return d.FromBetza2(src)
}

// Translate reads src in one dialect and writes it in another, through
// Betza 2.0.
func Translate(from, to, src string) (string, error) {
	prog, err := ToBetza2(from, src)
	if err != nil {
		return "", err
	}
	return FromBetza2(to, prog.Source())
}

// core is Betza 2.0 itself: its translation of a notation is the
// canonical form.
type core struct{}

func (core) Name() string { return dialect.Betza2 }

// ToBetza2 compiles src; a notation not written in canonical form is
// compiled again as that form, so that the program's Source is canonical.
func (core) ToBetza2(src string) (*reference.Program, error) {
	prog, err := reference.Compile(src)
	if err != nil {
		return nil, err
	}
	if canonical := prog.Canonical(); canonical != src {
		return reference.Compile(canonical)
	}
	return prog, nil
}

func (core) FromBetza2(src string) (string, error) {
	prog, err := reference.Compile(src)
	if err != nil {
		return "", err
	}
	return prog.Canonical(), nil
}

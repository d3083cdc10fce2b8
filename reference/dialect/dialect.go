// Package dialect is the contract between betzacheck's core (Betza 2.0,
// package reference) and the other notations people write pieces in: each
// dialect reads its own text into Betza 2.0 and, where it can, writes Betza
// 2.0 back in its own terms. The implementations live in the packages below
// this one (bracket, classic, spanish, xbetza); package translate lists
// them.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package dialect

import (
	"errors"
	"fmt"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/loc"
	"sort"
	"unicode/utf8"
)

// The names of the notations: the one home of each name, used in the
// protocol (its "dialect" field), on the command line and in corpus files.
const (
	Betza2  = "betza2"        // Betza 2.0, the core (spec/betza2.md)
	Bracket = "bracket"       // Fairy-Stockfish's bracket notation (spec/bracket.md)
	Classic = "betza-classic" // classic Betza with named profiles (spec/classic.md)
	Spanish = "spanish"       // the Spanish notation (spec/spanish.md)
	XBetza  = "xbetza"        // XBoard's extended Betza notation (spec/xbetza.md)
)

// Dialect is one notation.
type Dialect interface {
	// Name is the dialect's name in the protocol and on the command line:
	// "betza2", "bracket", "betza-classic", "spanish", "xbetza".
	Name() string
	// ToBetza2 translates src into an equivalent Betza 2.0 notation,
	// compiled: the program's Source is the Betza 2.0 text. Errors
	// are *loc.Error (located in src, In naming the dialect) or
	// *NoEquivalentError.
	ToBetza2(src string) (*reference.Program, error)
	// FromBetza2 writes a Betza 2.0 notation in this dialect, or returns a
	// *NoEquivalentError naming the part that has no equivalent.
	FromBetza2(src string) (string, error)
}

// NoEquivalentError says which part of a notation the target dialect
// cannot express (or, for evaluation, which part the reference cannot
// evaluate, such as a teleporter's free-text zone), and why.
type NoEquivalentError struct {
	From, To string
	Part     string // the construct, as written in the source
	Offset   int    // where it starts in the source, -1 if unknown
	// Reason says why, and ends by citing the clause that decides it,
	// "(§X4.10)", with any further citations after it, "(§S4.6, 2.0
	// §5.6)": reference.Diagnose reads the clause from there, and
	// CheckError requires it.
	Reason string
}

func (e *NoEquivalentError) Error() string {
	return fmt.Sprintf("%s has no equivalent in %s: %s", e.Part, e.To, e.Reason)
}

// Found names the character at byte offset i of src for the "found …" of
// an error message: the whole character, however many bytes it takes, in
// quotes ('é', "'" for the quote itself, '\x00' for one that does not
// print), a byte that is not UTF-8 as such, or "end of input".
func Found(src string, i int) string {
	if i >= len(src) {
		return "end of input"
	}
	r, size := utf8.DecodeRuneInString(src[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf("the byte %#02x, which is not UTF-8", src[i])
	case r == '\'':
		return `"'"`
	}
	return fmt.Sprintf("%q", r)
}

// Check states the contract of Dialect as a check, for tests and fuzzers:
// d.ToBetza2(src) either fails with a well-formed error (CheckError) or
// gives a compiled Betza 2.0 program, and FromBetza2 of that either fails
// with a well-formed error too or reads back with ToBetza2. It returns nil
// when src keeps the contract.
func Check(d Dialect, src string) error {
	prog, err := d.ToBetza2(src)
	if err != nil {
		return CheckError(err, src)
	}
	out := prog.Source()
	back, err := d.FromBetza2(out)
	if err != nil {
		if err := CheckError(err, out); err != nil {
			return fmt.Errorf("%s: %q -> %q, written back: %v", d.Name(), src, out, err)
		}
		return nil
	}
	if _, err := d.ToBetza2(back); err != nil {
		return fmt.Errorf("%s: %q -> %q -> %q does not translate again: %v", d.Name(), src, out, back, err)
	}
	return nil
}

// CheckError returns nil when err, from reading src, is an error the
// Dialect contract allows, well formed: a *loc.Error with a message and a
// clause at an offset inside src (its length at the end), or a
// *NoEquivalentError whose part, when located, is the text of src there
// and whose reason ends by citing its clause (reference.CitedClause), so
// that an error document can name the clause in its field.
func CheckError(err error, src string) error {
	var le *loc.Error
	var ne *NoEquivalentError
	switch {
	case errors.As(err, &le):
		if le.Offset < 0 || le.Offset > len(src) || le.Msg == "" || le.Clause == "" {
			return fmt.Errorf("%q: malformed located error %#v", src, le)
		}
	case errors.As(err, &ne):
		if ne.Offset >= 0 && (ne.Offset+len(ne.Part) > len(src) || src[ne.Offset:ne.Offset+len(ne.Part)] != ne.Part) {
			return fmt.Errorf("%q: no-equivalent error names %q at %d, not a part of the text", src, ne.Part, ne.Offset)
		}
		if _, clause := reference.CitedClause(ne.Reason); clause == "" {
			return fmt.Errorf("%q: no-equivalent error %q cites no clause at its end", src, ne.Reason)
		}
	default:
		return fmt.Errorf("%q: %v is neither located nor a missing equivalent", src, err)
	}
	return nil
}

// Loss is a part of a notation that a dialect's reading reads as less
// than it says, silently by the dialect's rules: a letter a profile
// skips, an en-passant e that a position without rights never uses, an n
// that changes nothing. The notation still reads; the loss says what the
// reading did not keep, so that a user who meant it can be told.
type Loss struct {
	Offset int    // where the part starts in the source, from 0
	Part   string // the part, as written
	// Reason says what the reading makes of the part, and ends by citing
	// the clause that decides it, "(§C5.1)", as a NoEquivalentError's
	// reason does (reference.CitedClause reads it).
	Reason string
}

// Clause is the clause the loss's reason cites at its end.
func (l Loss) Clause() string {
	_, clause := reference.CitedClause(l.Reason)
	return clause
}

// Text is the reason without its clause.
func (l Loss) Text() string {
	rest, _ := reference.CitedClause(l.Reason)
	return rest
}

// Reader is a Dialect whose reading says what it loses: Read gives what
// ToBetza2 gives and the losses of the reading, in the order of the
// source.
type Reader interface {
	Dialect
	Read(src string) (*reference.Program, []Loss, error)
}

// Read reads src in d: its Betza 2.0 program, as ToBetza2, and the losses
// of the reading where d reports them (Reader); a dialect that does not
// reports none, which is the claim that its reading keeps everything.
func Read(d Dialect, src string) (*reference.Program, []Loss, error) {
	if r, ok := d.(Reader); ok {
		return r.Read(src)
	}
	prog, err := d.ToBetza2(src)
	return prog, nil, err
}

// ReadLosing runs read, a dialect's reading of src that records its
// losses, and returns its program with the losses, or its error (and no
// losses): the body of a Reader's Read.
func ReadLosing(src string, read func(src string, lost *Losses) (*reference.Program, error)) (*reference.Program, []Loss, error) {
	var lost Losses
	prog, err := read(src, &lost)
	if err != nil {
		return nil, nil, err
	}
	return prog, lost.List(), nil
}

// Losses collects the losses of one reading: each part once, in the order
// of the source. The zero value is ready to use.
type Losses struct {
	list []Loss
	seen map[[2]int]bool
}

// Add records that the part of length size at offset reads as reason
// says; a part already recorded at that offset with that length is not
// recorded again.
func (ls *Losses) Add(src string, offset, size int, reason string) {
	if ls == nil {
		return
	}
	key := [2]int{offset, size}
	if ls.seen[key] {
		return
	}
	if ls.seen == nil {
		ls.seen = map[[2]int]bool{}
	}
	ls.seen[key] = true
	ls.list = append(ls.list, Loss{Offset: offset, Part: src[offset : offset+size], Reason: reason})
}

// List returns the losses recorded, sorted by offset.
func (ls *Losses) List() []Loss {
	if ls == nil {
		return nil
	}
	out := append([]Loss(nil), ls.list...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out
}

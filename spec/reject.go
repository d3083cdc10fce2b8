package spec

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/loc"
)

// Reject is one line of a block of rejected examples: a text that must be
// refused, the byte offset of the error reported and the clause that makes
// it an error. It is written "TEXT @OFFSET §CLAUSE", for example
// "W- @2 §9.4".
type Reject struct {
	Text   string // the refused text, exactly as written
	Offset int    // the byte offset of the error in Text, from 0
	Clause string // the clause, such as "§9.4" or "§B3.2"
}

func (r Reject) String() string { return fmt.Sprintf("%s @%d %s", r.Text, r.Offset, r.Clause) }

// ParseReject reads a line "TEXT @OFFSET §CLAUSE". TEXT is everything
// before the last " @", spaces included (Spanish notations hold spaces);
// OFFSET is a decimal number at most the length of TEXT; CLAUSE starts
// with "§".
func ParseReject(line string) (Reject, error) {
	i := strings.LastIndex(line, " @")
	if i < 0 {
		return Reject{}, fmt.Errorf("%q: want TEXT @OFFSET §CLAUSE", line)
	}
	off, clause, ok := strings.Cut(line[i+2:], " ")
	n, err := strconv.Atoi(off)
	switch {
	case !ok || err != nil || n < 0 || n > i:
		return Reject{}, fmt.Errorf("%q: want TEXT @OFFSET §CLAUSE with an offset from 0 to the length of TEXT", line)
	case !strings.HasPrefix(clause, "§") || strings.ContainsAny(clause, " \t"):
		return Reject{}, fmt.Errorf("%q: want TEXT @OFFSET §CLAUSE, the clause starting with §", line)
	}
	return Reject{Text: line[:i], Offset: n, Clause: clause}, nil
}

// Check returns nil when err is a *loc.Error of the text named in (its In
// field: "" for Betza 2.0, otherwise the dialect's name) at r.Offset under
// r.Clause, and otherwise an error that says what was expected and what
// was found.
func (r Reject) Check(err error, in string) error {
	var e *loc.Error
	switch {
	case err == nil:
		return fmt.Errorf("%q is accepted; the spec says it is an error at offset %d (%s)", r.Text, r.Offset, r.Clause)
	case !errors.As(err, &e):
		return fmt.Errorf("%q: %v, which is not a located error; the spec says offset %d (%s)", r.Text, err, r.Offset, r.Clause)
	case e.In != in || e.Offset != r.Offset || e.Clause != r.Clause:
		return fmt.Errorf("%q: %q error at offset %d (%s): %s; the spec says a %q error at offset %d (%s)",
			r.Text, e.In, e.Offset, e.Clause, e.Msg, in, r.Offset, r.Clause)
	}
	return nil
}

// CheckReject reads a reject line (ParseReject) and checks it: read is
// given the line's text and must fail as the line says (Reject.Check).
func CheckReject(line, in string, read func(text string) error) error {
	r, err := ParseReject(line)
	if err != nil {
		return err
	}
	return r.Check(read(r.Text), in)
}

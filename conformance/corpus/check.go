package corpus

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// A Mismatch is a disagreement between the reference and a hand-checked
// line of the corpus (want:, error:, canonical:). The corpus is the
// oracle: a mismatch is a failure of the reference, or of the line, and
// only a person can tell which.
type Mismatch struct {
	// Reason says what the reference does instead, in one line.
	Reason string
	// Diff lists the outcome keys only in want: and only in the
	// reference's answer; "" unless both are outcome lists.
	Diff string
	// Got is the reference's answer as want: lines (nil when it gave an
	// error, see GotErr): what TestCorpus prints for a person to check.
	Got []string
	// GotErr is the reference's error, when it gave one.
	GotErr error
}

// Error returns the reason.
func (m *Mismatch) Error() string { return m.Reason }

// Suggestion is the reference's answer written as the case's expectation
// lines ("want:" and its outcome keys, or "error: MESSAGE"), ready to
// paste once a person has checked them by hand against the spec.
func (m *Mismatch) Suggestion() string {
	if m.GotErr != nil {
		return "error: " + m.GotErr.Error()
	}
	return strings.Join(append([]string{"want:"}, m.Got...), "\n")
}

// CheckNotation compares the reference's reading of a file's notation
// with the file: an invalid file must be rejected with a located syntax
// error at its error: offset whose message contains its error: text,
// under the first clause the file cites; a valid file whose notation has a Betza 2.0 form must compile, to its
// canonical: form when it gives one. It returns nil when they agree.
func CheckNotation(f *File) (m *Mismatch) {
	defer recoverMismatch(&m)
	prog, err := f.Program()
	if err != nil && !f.Invalid && f.Dialect != dialect.Betza2 {
		return nil // no Betza 2.0 form: each case expects the error (CheckCase)
	}
	if f.Invalid {
		var se *loc.Error
		switch {
		case err == nil:
			return &Mismatch{Reason: fmt.Sprintf("%q: accepted, want error at %d: %s", f.Notation, f.ErrOffset, f.ErrText)}
		case !errors.As(err, &se):
			return &Mismatch{Reason: fmt.Sprintf("%q: error %v is not located", f.Notation, err), GotErr: err}
		case se.Offset != f.ErrOffset || !strings.Contains(se.Msg, f.ErrText):
			return &Mismatch{Reason: fmt.Sprintf("%q: rejected at offset %d with %q, want offset %d and a message containing %q",
				f.Notation, se.Offset, se.Msg, f.ErrOffset, f.ErrText), GotErr: err}
		case len(f.Clauses) > 0 && se.Clause != f.Clauses[0]:
			return &Mismatch{Reason: fmt.Sprintf("%q: rejected under %s, want %s, the first clause the file cites",
				f.Notation, se.Clause, f.Clauses[0]), GotErr: err}
		}
		return nil
	}
	if err != nil {
		return &Mismatch{Reason: fmt.Sprintf("%q: %v", f.Notation, err), GotErr: err}
	}
	if f.Canonical != "" && prog.Canonical() != f.Canonical {
		return &Mismatch{Reason: fmt.Sprintf("canonical form %q, want %q", prog.Canonical(), f.Canonical)}
	}
	return nil
}

// CheckCase evaluates a case of a valid file with the reference
// (Reference) and compares the answer with the case's want: lines, or
// with its error: line. It returns nil when they agree.
func CheckCase(f *File, c *Case) (m *Mismatch) {
	defer recoverMismatch(&m)
	got, err := Reference(f, c)
	switch {
	case c.Error != "" && err == nil:
		return &Mismatch{Reason: fmt.Sprintf("%d outcomes, want an error containing %q", len(got), c.Error), Got: sorted(got)}
	case c.Error != "" && !strings.Contains(err.Error(), c.Error):
		return &Mismatch{Reason: fmt.Sprintf("error %q, want one containing %q", err, c.Error), GotErr: err}
	case c.Error != "":
		return nil
	case err != nil:
		return &Mismatch{Reason: fmt.Sprintf("error %q, want %d outcomes", err, len(c.Want)), GotErr: err}
	}
	got = sorted(got)
	if d := equiv.DiffText(c.Want, got, "only in want:", "only in the reference's answer"); d != "" {
		return &Mismatch{Reason: fmt.Sprintf("the reference's %d outcomes differ from the %d of want:", len(got), len(c.Want)), Diff: d, Got: got}
	}
	return nil
}

// recoverMismatch turns a panic of the reference into a mismatch: a
// failure of the reference, reported like any other.
func recoverMismatch(m **Mismatch) {
	if r := recover(); r != nil {
		err := fmt.Errorf("reference panicked: %v", r)
		*m = &Mismatch{Reason: err.Error(), GotErr: err}
	}
}

func sorted(keys []string) []string {
	out := append([]string{}, keys...)
	sort.Strings(out)
	return out
}

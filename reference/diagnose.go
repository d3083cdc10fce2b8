package reference

import (
	"errors"
	"fmt"
	"regexp"

	"betzacheck/reference/eval"
	"betzacheck/reference/loc"
)

// ErrorKind is what an error of Compile or Program.Moves says about the
// notation.
type ErrorKind int

// The error kinds. Every error is of exactly one.
const (
	// InvalidNotation: the text is malformed or breaks a static rule
	// (§9), the expansion limit of §9.11 and §12.2 included; the error is
	// located (*loc.Error).
	InvalidNotation ErrorKind = iota
	// SearchLimit: the search ran past its budget (§12.3, §9.11); the
	// notation may be valid, and no answer was found.
	SearchLimit
	// EvalFailure: any other error, such as fragments that conflict
	// (§9.13).
	EvalFailure
)

// Diagnosis is an error of the reference read as data: its kind and,
// when it is located, where.
type Diagnosis struct {
	Kind ErrorKind
	// Offset is the byte offset of a located error in its text; nil when
	// the error has no place.
	Offset *int
	// Msg says what is wrong, without the clause.
	Msg string
	// Clause is the spec clause the error cites, or "" when it cites
	// none.
	Clause string
}

// trailingClause is a clause cited at the end of an error message.
var trailingClause = regexp.MustCompile(`^(.*) \((§[A-Z]?[0-9]+\.[0-9]+)\)$`)

// Diagnose reads an error of Compile or Program.Moves: a *loc.Error (a
// static error of §9, the expansion limit of §9.11 included) is an
// InvalidNotation with its offset, message and clause; an
// *eval.LimitError (§12.3) is a SearchLimit; anything else (a fragment
// conflict, §9.13) is an EvalFailure. An error without a place has the
// clause it cites at the end of its message split off. A located error of
// another text, such as a placement's (§11.2), is read as a notation's.
func Diagnose(err error) Diagnosis {
	var le *loc.Error
	if errors.As(err, &le) {
		off := le.Offset
		return Diagnosis{Kind: InvalidNotation, Offset: &off, Msg: le.Msg, Clause: le.Clause}
	}
	d := Diagnosis{Kind: EvalFailure, Msg: err.Error()}
	var limit *eval.LimitError
	if errors.As(err, &limit) {
		d.Kind = SearchLimit
	}
	if m := trailingClause.FindStringSubmatch(d.Msg); m != nil {
		d.Msg, d.Clause = m[1], m[2]
	}
	return d
}

// Message is the message with its clause, as the error writes it:
// "expected a leg after '-', found end of input (§9.4)".
func (d Diagnosis) Message() string {
	if d.Clause == "" {
		return d.Msg
	}
	return fmt.Sprintf("%s (%s)", d.Msg, d.Clause)
}

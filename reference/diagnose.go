package reference

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
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

// trailingClause is the citation that ends an error message: a clause in
// parentheses, "(§3.15)", or a list of citations whose first is the
// clause and whose others are further reading, "(§S4.6, 2.0 §5.6)",
// "(§S3.6; 2.0 §3.8, spec/findings.md F4)". A clause may have no
// paragraph number ("§C5").
var trailingClause = regexp.MustCompile(`^(.*) \((§[A-Z]?[0-9]+(?:\.[0-9]+)?)((?:[;,] [^()]+)?)\)$`)

// CitedClause splits msg, an error's message, into the message and the
// clause its trailing citation names (trailingClause); the citations
// after the first stay with the message, in parentheses. clause is ""
// when msg ends with no citation.
func CitedClause(msg string) (rest, clause string) {
	m := trailingClause.FindStringSubmatch(msg)
	if m == nil {
		return msg, ""
	}
	rest = m[1]
	if more := strings.TrimLeft(m[3], ";, "); more != "" {
		rest += " (" + more + ")"
	}
	return rest, m[2]
}

// Diagnose reads an error of Compile or Program.Moves: a *loc.Error (a
// static error of §9, the expansion limit of §9.11 included) is an
// InvalidNotation with its offset, message and clause; an
// *eval.LimitError (§12.3) is a SearchLimit; anything else (a fragment
// conflict, §9.13) is an EvalFailure. An error without a place has the
// clause it cites at the end of its message split off (CitedClause): a
// dialect's missing equivalent (dialect.NoEquivalentError) names its
// clause so. A located error of
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
	d.Msg, d.Clause = CitedClause(d.Msg)
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

package reference_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// TestDiagnose: each kind of error of the reference, read as data.
func TestDiagnose(t *testing.T) {
	compileErr := func(src string) error {
		_, err := reference.Compile(src)
		if err == nil {
			t.Fatalf("%s compiles", src)
		}
		return err
	}
	movesErr := func(src, placement, from string, opt eval.Options) error {
		prog, err := reference.Compile(src)
		if err != nil {
			t.Fatal(err)
		}
		s, err := board.ParseSetup("8x8", placement, from, "X*")
		if err != nil {
			t.Fatal(err)
		}
		_, err = prog.Moves(s.Pos, s.From, opt)
		if err == nil {
			t.Fatalf("%s from %s: no error", src, from)
		}
		return err
	}
	tests := []struct {
		name   string
		err    error
		kind   reference.ErrorKind
		offset int // -1: none
		msg    string
		clause string
	}{
		{"syntax", compileErr("mRpR-"), reference.InvalidNotation, 5, "expected a leg after '-', found end of input", "§9.4"},
		{"static", compileErr("pW"), reference.InvalidNotation, 0, "expected a modality the mover can end on", "§9.7"},
		{"expansion limit", compileErr("(W01000)01000"), reference.InvalidNotation, 8, "expected at most 200000 legs after expansion", "§9.11"},
		{"search limit", movesErr("(amcK)0", "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/ppppppp1", "h1",
			eval.Options{MaxStates: 5000}), reference.SearchLimit, -1, "the search visited more than 5000 states, its budget", "§12.3"},
		{"fragment conflict", movesErr("xacK-uaK", "8/8/8/8/3p4/8/8/8", "c3", eval.Options{}), reference.EvalFailure, -1,
			"fragments of an eruption give d4 two different contents", "§3.15"},
		{"other", errors.New("boom (§1.2)"), reference.EvalFailure, -1, "boom", "§1.2"},
	}
	for _, tt := range tests {
		d := reference.Diagnose(tt.err)
		switch {
		case d.Kind != tt.kind:
			t.Errorf("%s: kind %v, want %v", tt.name, d.Kind, tt.kind)
		case tt.offset < 0 && d.Offset != nil, tt.offset >= 0 && (d.Offset == nil || *d.Offset != tt.offset):
			t.Errorf("%s: offset %v, want %d", tt.name, d.Offset, tt.offset)
		case !strings.HasPrefix(d.Msg, tt.msg) || d.Clause != tt.clause:
			t.Errorf("%s: %q, %q; want %q…, %q", tt.name, d.Msg, d.Clause, tt.msg, tt.clause)
		case d.Message() != tt.err.Error() && tt.offset < 0:
			t.Errorf("%s: Message %q, want the error's %q", tt.name, d.Message(), tt.err.Error())
		}
	}
}

// TestCitedClause: the clause an error message cites at its end, alone
// or first in a list of citations (issue 28: a dialect's missing
// equivalent citing "(§S4.6, 2.0 §5.6)" had an empty clause).
func TestCitedClause(t *testing.T) {
	for _, c := range []struct{ msg, rest, clause string }{
		{"boom (§1.2)", "boom", "§1.2"},
		{"a count of 1001 is above 1000 (§S4.6, 2.0 §5.6)", "a count of 1001 is above 1000 (2.0 §5.6)", "§S4.6"},
		{"cE has no evaluation (§S3.6; 2.0 §3.8, spec/findings.md F4)", "cE has no evaluation (2.0 §3.8, spec/findings.md F4)", "§S3.6"},
		{"profile reads one digit only (§C5)", "profile reads one digit only", "§C5"},
		{"no clause at all", "no clause at all", ""},
		{"(§3.8 of spec/betza2.md) has no bracket modifier", "(§3.8 of spec/betza2.md) has no bracket modifier", ""},
		{"a leap (2.0 §1.1)", "a leap (2.0 §1.1)", ""},
	} {
		rest, clause := reference.CitedClause(c.msg)
		if rest != c.rest || clause != c.clause {
			t.Errorf("CitedClause(%q) = %q, %q; want %q, %q", c.msg, rest, clause, c.rest, c.clause)
		}
	}
}

package spanish_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/ndboard"
)

// TestEvaluateRefuses: what the direct evaluator has no evaluation for is
// a located error at the part, with the clause that says why (§S12.1).
func TestEvaluateRefuses(t *testing.T) {
	for _, c := range []struct {
		src, size string
		offset    int
		clause    string
		msg       string
	}{
		{`"salto de turno"`, "5x5", 0, "§S2.6", "free text"},
		{"D:1+, Otro", "5x5", 6, "§S2.6", "Otro"},
		{"B(esp)", "5x5", 0, "§S2.5", "B(esp)"},
		{"cE(1*)", "5x5", 0, "§S3.6", "explosive"},
		{"B:(2+)", "5x5", 2, "§S2.4", "hop"},
		{"B:2(2)+", "5x5", 2, "§S2.4", "hop"},
		{"(D:1+)U(D:1>)", "5x5", 11, "§S6.4", "after U"},
		{"(S:(2,2,1))U(D:1+)", "5x5x5", 13, "§S6.2", "nearest orthogonal"},
		{"D:n(x3)", "8x8", 3, "§S7.2", "needs 3 dimensions"},
		{"S:(3,2,1)", "8x8", 2, "§S7.2", "needs 3 dimensions"},
		{"D:1(>4)", "5x5x5", 3, "§S7.2", "needs 4 dimensions"},
		{"D:1(x3)<>", "5x5x5", 3, "§S7.4", "no move leans"},
		{"D:1(x2)<>", "5x5x5", 3, "§S7.4", "no move leans"},
		{"D:1x(>3)", "8x8", 3, "§S7.2", "needs 3 dimensions"},
		{"S:(2,1)(>4)", "5x5x5", 2, "§S7.2", "needs 4 dimensions"},
		{"S:(2,1)x>(<4)", "5x5x5", 2, "§S7.2", "needs 4 dimensions"},
		{"D:1+U", "5x5", 5, "§S1.4", "expected a movement"},
	} {
		s, err := ndboard.ParseSetup(c.size, "", "a1"+strings.Repeat(".1", strings.Count(c.size, "x")-1), "X*")
		if err != nil {
			t.Fatal(err)
		}
		_, err = spanish.Evaluate(c.src, s, eval.Options{})
		var le *loc.Error
		switch {
		case !errors.As(err, &le):
			t.Errorf("%q: %v, want a located error", c.src, err)
		case le.Offset != c.offset || le.Clause != c.clause || !strings.Contains(le.Msg, c.msg):
			t.Errorf("%q: %v, want offset %d, %s and %q", c.src, err, c.offset, c.clause, c.msg)
		}
	}
}

// TestEvaluateFrames: black's frame turns every axis (§S7.3), and an
// initial move needs a mover that has not moved (§S3.3).
func TestEvaluateFrames(t *testing.T) {
	for _, c := range []struct{ src, mover, want string }{
		{"D:1>, D:1(>3)", "X*", "b2.3 b2.2= b2.3=X;b3.2 b2.2= b3.2=X"},
		{"D:1>, D:1(>3)", "x*", "b1.2 b1.2=x b2.2=;b2.1 b2.1=x b2.2="},
		{"D:1(r=)", "x", "a2.2 a2.2=x b2.2="},
		{"iD:1(r=)", "X", ""},
		{"iD:1(r=)", "X*", "c2.2 b2.2= c2.2=X"},
	} {
		s, err := ndboard.ParseSetup("3x3x3", "", "b2.2", c.mover)
		if err != nil {
			t.Fatal(err)
		}
		outs, err := spanish.Evaluate(c.src, s, eval.Options{})
		if got := strings.Join(spanish.Keys(outs), ";"); err != nil || got != c.want {
			t.Errorf("%s by %s: %q, %v; want %q", c.src, c.mover, got, err, c.want)
		}
	}
}

// TestEvaluateBudgets: a direct evaluation that runs out of a budget
// (§S12.4) stops with eval's limit error, which decides nothing, never
// with a partial answer; within its budgets the same query answers.
func TestEvaluateBudgets(t *testing.T) {
	s, err := ndboard.ParseSetup("26x26x26x26", "", "m13.13.13", "X*")
	if err != nil {
		t.Fatal(err)
	}
	const src = "(D:n*)U(D:n*)"
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		opt  eval.Options
		want eval.Budget
	}{
		{"states", eval.Options{MaxStates: 5000}, eval.BudgetStates},
		{"bytes", eval.Options{MaxBytes: 1 << 16}, eval.BudgetBytes},
		{"time", eval.Options{Context: done}, eval.BudgetTime},
	} {
		outs, err := spanish.Evaluate(src, s, c.opt)
		var le *eval.LimitError
		if !errors.As(err, &le) || le.Budget != c.want || outs != nil {
			t.Errorf("%s: %d outcomes and %v, want no answer and the %s budget's limit error", c.name, len(outs), err, c.want)
		}
	}
	outs, err := spanish.Evaluate(src, s, eval.Options{})
	if err != nil || len(outs) == 0 {
		t.Errorf("within the default budgets: %d outcomes and %v", len(outs), err)
	}
}

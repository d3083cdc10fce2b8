package props

import (
	"math/rand"
	"testing"

	"github.com/leanovate/gopter"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference/board"
)

// TestCaseCompilesOnce: within a fuzz case each distinct notation is
// compiled once. The notation drawn is the subject's program as compiled
// when it was drawn (fuzz compiled it a second time as the subject, issue
// 29), and the laws' other notations are compiled once however often they
// are asked for; with no programs kept, every call compiles.
func TestCaseCompilesOnce(t *testing.T) {
	g, err := grammar.Betza2()
	if err != nil {
		t.Fatal(err)
	}
	progs := programs{}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(1))
	drawn, ok := gen.NotationWith(g, 6, nil, progs.compile)(params).Retrieve()
	if !ok {
		t.Fatal("no notation drawn")
	}
	n := drawn.(string)
	pos := board.NewPosition(board.Size{W: 5, H: 5})
	pos.Set(board.Square{}, board.Piece{Kind: 'X', Color: board.White})
	s, err := newSubject(new(equiv.Evaluation), progs, n, board.Setup{Pos: pos})
	if err != nil {
		t.Fatal(err)
	}
	if s.prog != progs[n] || s.prog == nil {
		t.Errorf("the subject %q is compiled again after it was drawn", n)
	}
	a, _ := progs.compile("fmW-cF")
	if b, _ := progs.compile("fmW-cF"); a != b || len(progs) != 2 {
		t.Errorf("a notation asked for twice in a case is compiled twice (%d programs kept)", len(progs))
	}
	var none programs
	a, _ = none.compile("fmW-cF")
	if b, _ := none.compile("fmW-cF"); a == b {
		t.Error("with no programs kept, a notation is compiled once")
	}
}

// TestPrintedOnce: the laws roundtrip and print-idempotent print the
// subject once, and print-idempotent reads the printed form back from the
// program roundtrip compiled from it, not by parsing it again (issue 29);
// a text no law compiled is parsed.
func TestPrintedOnce(t *testing.T) {
	pos := board.NewPosition(board.Size{W: 5, H: 5})
	pos.Set(board.Square{}, board.Piece{Kind: 'X', Color: board.White})
	progs := programs{}
	s, err := newSubject(new(equiv.Evaluation), progs, "cmW", board.Setup{Pos: pos})
	if err != nil {
		t.Fatal(err)
	}
	if res := roundTrip(s); res != Holds {
		t.Fatalf("roundtrip: %+v", res)
	}
	printed := s.printed()
	if printed != "mcW" || progs[printed] == nil {
		t.Fatalf("printed %q; programs kept %v", printed, progs)
	}
	if n, err := s.parsed(printed); err != nil || n != progs[printed].AST {
		t.Errorf("the printed form is parsed again")
	}
	if n, err := s.parsed("cmW"); err != nil || n != s.prog.AST {
		t.Errorf("the subject's own text is parsed again")
	}
	if n, err := s.parsed("fW"); err != nil || n == nil {
		t.Errorf("fW: %v, %v", n, err)
	}
	if res := printIdempotent(s); res != Holds {
		t.Errorf("print-idempotent: %+v", res)
	}
}

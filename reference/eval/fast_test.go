package eval

import (
	"errors"
	"slices"
	"testing"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// compileProgram compiles src as reference.Compile does (which this
// package cannot import).
func compileProgram(t *testing.T, src string) *expand.Program {
	t.Helper()
	n, err := syntax.Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	prog, err := expand.Compile(n, src, expand.DefaultLimits)
	if err != nil {
		t.Fatalf("Compile(%q): %v", src, err)
	}
	return prog
}

// TestLinePrograms: Simple accepts the programs whose every path goes
// straight out along one leap, repeated or not, and refuses those with a
// path that may turn, go on from a capture, or make a leg the fast path
// does not walk.
func TestLinePrograms(t *testing.T) {
	for _, c := range []struct {
		src    string
		simple bool
		why    string
	}{
		{"R", true, "one rider leg (§1.2)"},
		{"fmWfcF", true, "single leaper legs"},
		{"W3", true, "up to three steps straight on (§5.1)"},
		{"W03", true, "exactly three (§5.2)"},
		{"F5", true, "f after a diagonal step is that step (§2.7)"},
		{"K3", true, "f of K after an F step is that F step (§2.7)"},
		{"R4", true, "rides chained straight on (§4.7)"},
		{"Nrf0", true, "rf after a knight leap is that leap, in the mirrored frame too (§5.4, §6.1)"},
		{"iW3", true, "a leading i on every leg (§3.11, §5.5)"},
		{"mW-fcW", true, "straight on by hand (§4.1)"},
		{"mN-rfN", true, "straight on by hand, for every leap (§6.1)"},
		{"Nfr8", false, "the second leap turns (§6.3)"},
		{"N0", false, "f after a knight leap is the narrow pair, which swerves (§5.3)"},
		{"W-F", false, "the second leg leaps another way (§4.1)"},
		{"N-rW", false, "the second leg turns (§6.2)"},
		{"mW-bW", false, "the second leg turns back"},
		{"mW-fD", false, "the second leg leaps two squares on the same line: not the line's leap"},
		{"Arc03", false, "the legs that go on may capture (§5.4)"},
		{"Wmc0", false, "the legs that go on may capture (§5.4)"},
		{"mRpR-cR", false, "a leg hops (§3.4)"},
		{"xaW", false, "a leg erupts (§3.8)"},
		{"mW-eW", false, "a leg repeats the previous leg's count (§3.10)"},
		{"mW-O", false, "the null atom (§1.4)"},
	} {
		if got := Simple(compileProgram(t, c.src)); got != c.simple {
			t.Errorf("Simple(%s) = %v, want %v: %s", c.src, got, c.simple, c.why)
		}
	}
}

// lineMovers are the four kinds of mover a line table is built for.
var lineMovers = []board.Piece{
	{Kind: 'X', Color: board.White, Virgin: true},
	{Kind: 'X', Color: board.White},
	{Kind: 'X', Color: board.Black, Virgin: true},
	{Kind: 'X', Color: board.Black},
}

// linePositions are side×side boards with the mover on from: empty, and
// with every other square an enemy that has moved, one that has not, or
// a friend, or a mixture.
func linePositions(side int, mover board.Piece, from board.Square) []*board.Position {
	enemy := board.Black
	if mover.Color == board.Black {
		enemy = board.White
	}
	var out []*board.Position
	for fill := range 5 {
		pos := board.NewPosition(board.Size{W: side, H: side})
		for f := range side {
			for r := range side {
				q := board.Square{File: f, Rank: r}
				p := board.Piece{Kind: 'P', Color: enemy}
				switch {
				case fill == 1:
					pos.Set(q, p)
				case fill == 2:
					p.Virgin = true
					pos.Set(q, p)
				case fill == 3:
					p.Color = mover.Color
					pos.Set(q, p)
				case fill == 4 && (3*f+r)%4 != 0:
					p.Virgin = f%2 == 0
					if r%3 == 0 {
						p.Color = mover.Color
					}
					pos.Set(q, p)
				}
			}
		}
		pos.Set(from, mover)
		out = append(out, pos)
	}
	return out
}

// TestFastPathTakesLines: the fast path answers line programs (W3, the
// nightrider, ranged riders) for every kind of mover, with the default
// budgets, and answers as the general search does.
func TestFastPathTakesLines(t *testing.T) {
	var fast, general Evaluator
	for _, src := range []string{"W3", "W03", "F5", "Nrf0", "R4", "iW3", "mW-fcW", "K3", "fmWfcF"} {
		prog := compileProgram(t, src)
		for _, mover := range lineMovers {
			from := board.Square{File: 3, Rank: 4}
			for i, pos := range linePositions(8, mover, from) {
				got, err := fast.Moves(prog, pos, from, Options{})
				if err != nil || !fast.s.fastAnswer {
					t.Errorf("%s for %v on position %d: error %v, fast path %v; want the fast path's answer", src, mover, i, err, fast.s.fastAnswer)
					continue
				}
				want, err := general.Moves(prog, pos, from, Options{General: true})
				if err != nil {
					t.Fatalf("%s: the general search: %v", src, err)
				}
				if !slices.EqualFunc(got, want, func(a, b Outcome) bool { return a.Key() == b.Key() }) {
					t.Errorf("%s for %v on position %d: fast path %v, general search %v", src, mover, i, got, want)
				}
			}
		}
	}
}

// TestFastFitsIsABound: fastFits never lets the fast path answer where
// the general search would run out of a budget. For line programs on
// boards where the general search needs the most (every destination a
// capture, and lines as long as the board allows), the least budget of states and of bytes the
// general search needs is found, and one less must make the query fail
// on the fast evaluator as well: the fast path must not have answered.
func TestFastFitsIsABound(t *testing.T) {
	var fast, general Evaluator
	need := func(prog *expand.Program, pos *board.Position, from board.Square, budget func(int) Options) int {
		lo, hi := 1, 1<<26 // the general search fails with lo-1, succeeds with hi
		for lo < hi {
			mid := (lo + hi) / 2
			opt := budget(mid)
			opt.General = true
			if _, err := general.Moves(prog, pos, from, opt); err != nil {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		return lo
	}
	for _, src := range []string{"cWcFcDcNcA", "W3", "W8", "fW8", "Nrf0", "R4", "fmR-fR", "mW-fcW", "iW3", "Q3", "cK0", "K02", "F0"} {
		prog := compileProgram(t, src)
		for _, side := range []int{1, 2, 5, 8, 26} {
			for _, mover := range lineMovers {
				for i, pos := range slices.Concat(linePositions(side, mover, board.Square{File: side / 2, Rank: side / 2}), linePositions(side, mover, board.Square{})) {
					from := board.Square{File: side / 2, Rank: side / 2}
					if i >= 5 {
						from = board.Square{} // a1, where a forward line is the longest the board has
					}
					for _, b := range []struct {
						name   string
						budget func(int) Options
						limit  Budget
					}{
						{"states", func(n int) Options { return Options{MaxStates: n, MaxBytes: 1 << 30} }, BudgetStates},
						{"bytes", func(n int) Options { return Options{MaxStates: 1 << 30, MaxBytes: n} }, BudgetBytes},
					} {
						n := need(prog, pos, from, b.budget)
						_, err := fast.Moves(prog, pos, from, b.budget(n-1))
						if lim := (*LimitError)(nil); n > 1 && (!errors.As(err, &lim) || lim.Budget != b.limit) {
							t.Errorf("%s on %dx%d position %d, mover %v: the general search needs %d %s, and with %d the fast evaluator gave error %v (fast path %v)",
								src, side, side, i, mover, n, b.name, n-1, err, fast.s.fastAnswer)
						}
					}
				}
			}
		}
	}
}

// TestLineTableBuiltOnce: the tables of a program are built once per kind
// of mover and kept while the program is the evaluator's.
func TestLineTableBuiltOnce(t *testing.T) {
	var ev Evaluator
	prog := compileProgram(t, "W3")
	from := board.Square{File: 3, Rank: 3}
	for _, mover := range lineMovers {
		pos := board.NewPosition(board.Size{W: 8, H: 8})
		pos.Set(from, mover)
		if _, err := ev.Moves(prog, pos, from, Options{}); err != nil {
			t.Fatal(err)
		}
		table := &ev.s.lines[lineIndex(mover.Color, mover.Virgin)]
		if !table.built || !table.ok || len(table.lines) != 4 {
			t.Fatalf("the table for %v: %+v, want W3's four lines", mover, *table)
		}
		first := &table.lines[0]
		if _, err := ev.Moves(prog, pos, from, Options{}); err != nil {
			t.Fatal(err)
		}
		if &table.lines[0] != first {
			t.Errorf("the table for %v was built again for the same program", mover)
		}
	}
}

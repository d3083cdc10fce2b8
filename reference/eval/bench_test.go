package eval_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// benchNotations are the per-query benchmark's notations: a slider, a
// leaper, a compound slider, a bounded exponent, an exponent with
// modifiers, an unbounded crooked rider (§5.3), an eruption (§3.8) and
// eruptions that erupt again in a loop (§3.8).
var benchNotations = []string{"R", "N", "Q", "W3", "Nfr8", "(F-lF)r0", "mcB-xaK", "(xaW)0"}

// benchSizes are the board sides: smallest usual, middle, largest (§12.1).
var benchSizes = []int{8, 16, 26}

// benchPosition returns a side×side board with a white mover 'X' (moved)
// in the centre and, when density > 0, other pieces of both colours placed
// at that density from a fixed seed, so that every run sees the same board.
func benchPosition(side int, density float64, seed uint64) (*board.Position, board.Square) {
	size := board.Size{W: side, H: side}
	pos := board.NewPosition(size)
	r := rand.New(rand.NewPCG(seed, uint64(side)))
	const kinds = "PNBRQK"
	for f := 0; f < side; f++ {
		for k := 0; k < side; k++ {
			if r.Float64() < density {
				pos.Set(board.Square{File: f, Rank: k}, board.Piece{
					Kind: kinds[r.IntN(len(kinds))], Color: board.Color(r.IntN(2)), Virgin: r.IntN(3) == 0,
				})
			}
		}
	}
	from := board.Square{File: side / 2, Rank: side / 2}
	pos.Set(from, board.Piece{Kind: 'X', Color: board.White})
	return pos, from
}

// BenchmarkMoves times one query per notation, board size and board
// filling, on one Evaluator reused from query to query as a caller making
// many queries would; the notation is compiled once, outside the timed
// loop.
// Names are BenchmarkMoves/<notation>/<W>x<H>/<empty|random25>.
func BenchmarkMoves(b *testing.B) {
	for _, src := range benchNotations {
		prog, err := reference.Compile(src)
		if err != nil {
			b.Fatalf("Compile(%q): %v", src, err)
		}
		b.Run(src, func(b *testing.B) {
			for _, side := range benchSizes {
				b.Run(fmt.Sprintf("%dx%d", side, side), func(b *testing.B) {
					for _, fill := range []struct {
						name    string
						density float64
					}{{"empty", 0}, {"random25", 0.25}} {
						pos, from := benchPosition(side, fill.density, 1)
						b.Run(fill.name, func(b *testing.B) {
							var n int
							var ev eval.Evaluator
							b.ReportAllocs()
							for b.Loop() {
								out, err := ev.Moves(prog.Prog, pos, from, eval.Options{})
								if err != nil {
									b.Fatalf("Moves(%q): %v", src, err)
								}
								n = len(out)
							}
							b.ReportMetric(float64(n), "outcomes")
						})
					}
				})
			}
		})
	}
}

// BenchmarkCompile times reference.Compile (parse and expand) alone.
func BenchmarkCompile(b *testing.B) {
	for _, src := range []string{"R", "Q", "Nfr8", "(F-lF)r0", "mcB-xaK", "irdiW04-buW02-bW", "(W-F)03", "W100"} {
		b.Run(src, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := reference.Compile(src); err != nil {
					b.Fatalf("Compile(%q): %v", src, err)
				}
			}
		})
	}
}

// BenchmarkBudget times queries that exhaust the default budget (§12.3):
// a king of captures on a board full of pawns has a search state for every
// set of pawns it can take, with and without an eruption before it. The
// time and the bytes allocated per query are what hitting the limit costs.
func BenchmarkBudget(b *testing.B) {
	size := board.Size{W: 8, H: 8}
	pos, err := board.ParsePosition(size, crowded)
	if err != nil {
		b.Fatal(err)
	}
	from := board.Square{File: 7, Rank: 0}
	pos.Set(from, board.Piece{Kind: 'X', Virgin: true})
	for _, src := range []string{"(amcK)0", "x(amcK)0"} {
		prog, err := reference.Compile(src)
		if err != nil {
			b.Fatalf("Compile(%q): %v", src, err)
		}
		b.Run(src, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var lim *eval.LimitError
				if _, err := eval.Moves(prog.Prog, pos, from, eval.Options{}); !errors.As(err, &lim) {
					b.Fatalf("Moves(%q): %v, want a limit", src, err)
				}
			}
		})
	}
}

// BenchmarkWideUnion times one query, on a fresh Evaluator, of a union of
// many moves near the limit of legs (§12.2): the work before the search
// (the fast path's line tables, the program's shape) must grow with the
// program, not with its square. Names are BenchmarkWideUnion/<move>x<count>.
func BenchmarkWideUnion(b *testing.B) {
	pos, from := benchPosition(26, 0.25, 1)
	for _, move := range []struct {
		src   string
		count int
	}{{"fmW", 60000}, {"W-F", 60000}, {"mRpR-cR", 60000}} {
		src := strings.Repeat(move.src, move.count)
		prog, err := reference.Compile(src)
		if err != nil {
			b.Fatalf("Compile(%s x%d): %v", move.src, move.count, err)
		}
		b.Run(fmt.Sprintf("%sx%d", move.src, move.count), func(b *testing.B) {
			for b.Loop() {
				if _, err := eval.Moves(prog.Prog, pos, from, eval.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

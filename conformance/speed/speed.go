// Package speed measures the reference side by side with Fairy-Stockfish
// and with the practical limit, on one file of random 8x8 positions
// (testdata/positions.txt). Per piece it times five sides on the same
// positions, in the same run, round after round in turn:
//
//   - the reference, twice: reference.Compile once, then per position
//     eval.Evaluator.Moves (an answer that is the caller's), or
//     eval.Evaluator.Visit (each outcome in the evaluator's memory), with
//     one Evaluator reused;
//   - ffish (Fairy-Stockfish compiled to WebAssembly) in-process in Node,
//     ffish_bench.js, twice: setFen and legalMoves per position on one
//     board, or legalMoves alone on a board per position made before the
//     rounds; not on a piece Fairy-Stockfish cannot express;
//   - a minimal hand-written generator (hand.go): a 0x88 mailbox listing
//     destinations with their capture flag into a reused buffer.
//
// Before it times anything it checks that the sides give the same
// destinations, with the same capture flags, on every position: the
// benchmark compares equal work or fails. Times are CPU times of the
// process (the garbage collector's included), medians over rounds.
// sidebyside.sh runs it and prints the tables; BenchmarkSideBySide times
// the reference (Moves and Visit) and the hand generator under go test
// -bench.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package speed

import (
	"slices"
)

// Piece is one row of the benchmark: one piece, as each side reads it.
type Piece struct {
	Name string // the row's name (issue 14's and issue 29's tables)
	// Classic is the piece in classic Betza, as Fairy-Stockfish reads it;
	// "" when Fairy-Stockfish cannot express it: the piece is then timed
	// against the hand-written generator only (no ffish side is set up,
	// and the table's ffish columns read "—").
	Classic string
	Betza2  string    // Betza 2.0, as the reference reads it
	Hand    Generator // the hand-written generator
}

// Pieces are the benchmark's rows, in order: the orthodox R, N, Q, B, K, a
// range-limited rider, the nightrider (classic NN, which Betza 2.0 writes
// Nrf0: N0 may turn at every leap, §5.3), a pawn without its double step
// (issue 14's rows); then issue 29's: the cannon (classic mRcpR), the
// grasshopper (gQ), the Mao (nN, the lame knight), and two pieces
// Fairy-Stockfish cannot express, timed against the hand-written generator
// only: the checker of the seeds (fmFfcF-mF: a capture that must go on to
// the empty square beyond) and the Moa (F-W). On every position each
// piece has one outcome per destination, as the timed rounds' count
// requires. Each call returns a fresh table.
func Pieces() []Piece {
	// 0x88 steps: one file is 1, one rank is 16.
	orthogonal := []int{16, -16, 1, -1}
	diagonal := []int{17, 15, -15, -17}
	knight := []int{33, 31, 18, 14, -14, -18, -31, -33}
	royal := slices.Concat(orthogonal, diagonal)
	return []Piece{
		{"R", "R", "R", rider(orthogonal, onBoard)},
		{"N", "N", "N", rider(knight, 1)},
		{"Q", "Q", "Q", rider(royal, onBoard)},
		{"B", "B", "B", rider(diagonal, onBoard)},
		{"K", "K", "K", rider(royal, 1)},
		{"W3", "W3", "W3", rider(orthogonal, 3)},
		{"NN", "NN", "Nrf0", rider(knight, onBoard)},
		{"fmWfcF", "fmWfcF", "fmWfcF", pawn},
		{"cannon", "mRcpR", "mRpR-cR", hopper(orthogonal, true)},
		{"grasshopper", "gQ", "pQ-K", hopper(royal, false)},
		// The Mao and the Moa: a step, then one that turns outward by 45°
		// (the two add up to a knight's move), the first to an empty square.
		{"Mao", "nN", "W-F", bent([][2]int{
			{16, 15}, {16, 17}, {1, 17}, {1, -15}, {-16, -15}, {-16, -17}, {-1, -17}, {-1, 15}})},
		{"checker", "", "fmFfcF-mF", checker},
		{"Moa", "", "F-W", bent([][2]int{
			{17, 16}, {17, 1}, {-15, 1}, {-15, -16}, {-17, -16}, {-17, -1}, {15, -1}, {15, 16}})},
	}
}

// onBoard is the longest ride on an 8x8 board.
const onBoard = 7

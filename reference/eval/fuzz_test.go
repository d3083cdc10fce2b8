package eval_test

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/spec"
)

// fuzzMaxStates keeps each fuzz iteration fast; a search beyond it must
// end in *eval.LimitError (§5.6), never a truncated answer.
const fuzzMaxStates = 20000

// fuzzMaxSide bounds the fuzzed board sides to 1..fuzzMaxSide.
const fuzzMaxSide = 12

// seedNotations returns the notations of the corpus (the notation: lines
// of corpus/**/*.txtar) and of the spec's executable examples (every line
// of its parse and reject blocks), deduplicated. It reads the files as
// text, without importing the conformance packages.
func seedNotations(tb testing.TB) []string {
	tb.Helper()
	root := filepath.Join("..", "..")
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	err := filepath.WalkDir(filepath.Join(root, "corpus"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for line := range strings.Lines(string(data)) {
			if rest, ok := strings.CutPrefix(line, "notation:"); ok {
				add(strings.TrimSpace(rest))
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("reading the corpus: %v", err)
	}
	blocks, err := spec.ReadBlocks(filepath.Join(root, "spec", "betza2.md"))
	if err != nil {
		tb.Fatalf("reading the spec: %v", err)
	}
	for _, b := range blocks {
		for i, line := range b.Lines {
			switch {
			case line == "":
			case b.Info == "parse":
				add(line)
			case b.Info == "reject":
				r, err := spec.ParseReject(line)
				if err != nil {
					tb.Fatalf("betza2.md:%d: %v", b.LineOf(i), err)
				}
				add(r.Text)
			}
		}
	}
	if len(out) < 50 {
		tb.Fatalf("found only %d seed notations; are the corpus and spec where expected?", len(out))
	}
	return out
}

// fuzzPosition builds a board of 1..fuzzMaxSide per side from the bytes,
// fills it from seed (a density of 0, 10, 25 or 50%, both colours, random
// not-moved flags) and puts a mover 'X' of a colour chosen by the seed on
// the square the from bytes select.
func fuzzPosition(w, h byte, seed uint64, ff, fr byte) (*board.Position, board.Square) {
	size := board.Size{W: 1 + int(w)%fuzzMaxSide, H: 1 + int(h)%fuzzMaxSide}
	pos := board.NewPosition(size)
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	density := []float64{0, 0.1, 0.25, 0.5}[r.IntN(4)]
	const kinds = "PNBRQK"
	for f := 0; f < size.W; f++ {
		for k := 0; k < size.H; k++ {
			if r.Float64() < density {
				pos.Set(board.Square{File: f, Rank: k}, board.Piece{
					Kind: kinds[r.IntN(len(kinds))], Color: board.Color(r.IntN(2)), Virgin: r.IntN(3) == 0,
				})
			}
		}
	}
	from := board.Square{File: int(ff) % size.W, Rank: int(fr) % size.H}
	pos.Set(from, board.Piece{Kind: 'X', Color: board.Color(r.IntN(2)), Virgin: r.IntN(2) == 0})
	return pos, from
}

// FuzzMoves checks that eval.Moves, on any notation the reference compiles
// and any position of up to 12×12, does not panic, fails only with the
// errors it documents, and returns well-formed outcomes: To on the board
// or nil, changes on the board sorted by rank then file with no square
// twice and no change that leaves a square as it was, keys sorted and
// distinct, and each Key() parsing back to its own fields. With
// Options.Paths (chosen by the seed's low bit) it also checks that the
// outcome set is the same as without paths and that every path runs from
// the mover's square to To.
func FuzzMoves(f *testing.F) {
	// Eruptions whose fragments erupt again in a loop (§3.8): they once
	// overflowed the stack.
	f.Add("(xaW)0", byte(2), byte(0), uint64(0), byte(0), byte(0)) // 3×1
	f.Add("(xaK)0", byte(1), byte(1), uint64(1), byte(0), byte(0)) // 2×2, with paths
	f.Add("(xaK)0", byte(2), byte(2), uint64(3), byte(1), byte(1)) // 3×3
	f.Add("xfmW-fpW-(xbmW-bcW-buW)0", byte(0), byte(3), uint64(5), byte(0), byte(0))
	for i, src := range seedNotations(f) {
		f.Add(src, byte(7), byte(7), uint64(2*i), byte(4), byte(3))        // 8×8, centre
		f.Add(src, byte(4), byte(6), uint64(2*i+1), byte(0), byte(0))      // 5×7, corner, with paths
		f.Add(src, byte(11), byte(11), uint64(1000+2*i), byte(6), byte(5)) // 12×12
	}
	f.Fuzz(func(t *testing.T, src string, w, h byte, seed uint64, ff, fr byte) {
		prog, err := reference.Compile(src)
		if err != nil {
			return
		}
		pos, from := fuzzPosition(w, h, seed, ff, fr)
		out, err := eval.Moves(prog.Prog, pos, from, eval.Options{MaxStates: fuzzMaxStates})
		if !checkResult(t, src, pos, from, out, err) {
			return
		}
		if seed&1 == 0 {
			return
		}
		withPaths, err := eval.Moves(prog.Prog, pos, from, eval.Options{MaxStates: fuzzMaxStates, Paths: true})
		if !checkResult(t, src, pos, from, withPaths, err) {
			return // paths enlarge the search state (§10.4), so the limit may be reached only here
		}
		if !slices.Equal(keysOf(out), keysOf(withPaths)) {
			t.Fatalf("%s: outcomes differ with Paths:\nwithout %q\nwith    %q", describe(src, pos, from), keysOf(out), keysOf(withPaths))
		}
		for _, o := range withPaths {
			if len(o.Paths) == 0 {
				t.Fatalf("%s: outcome %q has no path with Paths on", describe(src, pos, from), o.Key())
			}
			for _, p := range o.Paths {
				if len(p) == 0 || p[0] != from || (o.To != nil && p[len(p)-1] != *o.To) {
					t.Fatalf("%s: outcome %q has path %v, want one from %s to its To", describe(src, pos, from), o.Key(), p, from)
				}
			}
		}
	})
}

func describe(src string, pos *board.Position, from board.Square) string {
	return src + " on " + pos.Size().String() + " " + pos.String() + " from " + from.String()
}

func keysOf(out []eval.Outcome) []string {
	keys := make([]string, len(out))
	for i, o := range out {
		keys[i] = o.Key()
	}
	return keys
}

// checkResult fails t unless (out, err) is a valid answer of eval.Moves;
// it reports whether there were outcomes to check (no error).
func checkResult(t *testing.T, src string, pos *board.Position, from board.Square, out []eval.Outcome, err error) bool {
	t.Helper()
	where := describe(src, pos, from)
	if err != nil {
		var lim *eval.LimitError
		var conflict *eval.FragmentConflictError
		switch {
		case errors.As(err, &lim):
			want := map[eval.Budget]int{eval.BudgetStates: fuzzMaxStates, eval.BudgetBytes: eval.DefaultMaxBytes}
			if n, ok := want[lim.Budget]; !ok || lim.Limit != n {
				t.Fatalf("%s: LimitError %q of %d, want states of %d or bytes of %d", where, lim.Budget, lim.Limit, fuzzMaxStates, eval.DefaultMaxBytes)
			}
		case errors.As(err, &conflict):
			if !pos.Size().Contains(conflict.Square) {
				t.Fatalf("%s: fragment conflict on %v, off the board", where, conflict.Square)
			}
		default:
			t.Fatalf("%s: error %T %v, want *eval.LimitError or *eval.FragmentConflictError", where, err, err)
		}
		if out != nil {
			t.Fatalf("%s: %d outcomes returned with error %v", where, len(out), err)
		}
		return false
	}
	size := pos.Size()
	prev := ""
	for i, o := range out {
		key := o.Key()
		if i > 0 && key <= prev {
			t.Fatalf("%s: outcome keys not sorted and distinct: %q then %q", where, prev, key)
		}
		prev = key
		if o.To != nil && !size.Contains(*o.To) {
			t.Fatalf("%s: outcome %q ends on %v, off the board", where, key, *o.To)
		}
		for j, c := range o.Changes {
			if !size.Contains(c.Square) {
				t.Fatalf("%s: outcome %q changes %v, off the board", where, key, c.Square)
			}
			if j > 0 {
				p := o.Changes[j-1].Square
				if p.Rank > c.Square.Rank || (p.Rank == c.Square.Rank && p.File >= c.Square.File) {
					t.Fatalf("%s: outcome %q: change %v after %v, want rank then file order, each square once", where, key, c.Square, p)
				}
			}
			if pos.At(c.Square) == c.Piece {
				t.Fatalf("%s: outcome %q lists %v=%v, which is its content before the move", where, key, c.Square, c.Piece)
			}
			if c.Piece.Kind != 0 && (c.Piece.Kind < 'A' || c.Piece.Kind > 'Z') {
				t.Fatalf("%s: outcome %q puts an invalid piece %#v on %v", where, key, c.Piece, c.Square)
			}
		}
		if o.To != nil {
			after := pos.At(*o.To)
			for _, c := range o.Changes {
				if c.Square == *o.To {
					after = c.Piece
				}
			}
			want := pos.At(from)
			want.Virgin = false // §10.2
			if after != want {
				t.Fatalf("%s: outcome %q ends on %s, which holds %q after the move, want the mover %q", where, key, o.To, after, want)
			}
		}
		if back, err := eval.ParseKey(key); err != nil {
			t.Fatalf("%s: outcome key %q does not parse: %v", where, key, err)
		} else if !sameOutcome(back, o) {
			t.Fatalf("%s: outcome key %q reads back as %+v, want %+v", where, key, back, o)
		}
		_ = o.Capture(pos, from)
	}
	return true
}

func sameOutcome(a, b eval.Outcome) bool {
	if (a.To == nil) != (b.To == nil) || (a.To != nil && *a.To != *b.To) {
		return false
	}
	return slices.Equal(a.Changes, b.Changes)
}

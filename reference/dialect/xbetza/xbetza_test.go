package xbetza

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/spec"
)

const specPath = "../../../spec/xbetza.md"

// testPositions are the positions sameMoves compares on: an empty 9x9
// board and boards with pieces of both colours, moved and unmoved, around
// a mover on e5, white and black, moved and unmoved.
func testPositions(n int) []board.Setup {
	size := board.Size{W: 9, H: 9}
	from := board.Square{File: 4, Rank: 4}
	r := rand.New(rand.NewPCG(11, 2026))
	var out []board.Setup
	for i := 0; i < n; i++ {
		pos := board.NewPosition(size)
		density := []float64{0, 0.15, 0.3, 0.5}[i%4]
		for f := 0; f < size.W; f++ {
			for k := 0; k < size.H; k++ {
				if r.Float64() < density {
					pos.Set(board.Square{File: f, Rank: k}, board.Piece{Kind: 'P', Color: board.Color(r.IntN(2)), Virgin: r.IntN(2) == 0})
				}
			}
		}
		pos.Set(from, board.Piece{Kind: 'X', Color: board.Color(i / 4 % 2), Virgin: i/8%2 == 0})
		out = append(out, board.Setup{Pos: pos, From: from})
	}
	return out
}

// sameMoves reports the first setup on which a and b give different
// outcomes, or nil.
func sameMoves(t *testing.T, a, b *reference.Program, setups []board.Setup) *board.Setup {
	t.Helper()
	for i, s := range setups {
		x, err1 := a.Moves(s.Pos, s.From, eval.Options{})
		y, err2 := b.Moves(s.Pos, s.From, eval.Options{})
		if err1 != nil || err2 != nil {
			t.Fatalf("%s / %s on %s: %v, %v", a.Source(), b.Source(), s, err1, err2)
		}
		if !slices.Equal(keys(x), keys(y)) {
			return &setups[i]
		}
	}
	return nil
}

func keys(os []eval.Outcome) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.Key()
	}
	slices.Sort(out)
	return out
}

// TestSpecExamples runs the blocks same, reject and noeq of
// spec/xbetza.md.
func TestSpecExamples(t *testing.T) {
	blocks, err := spec.ReadBlocks(specPath)
	if err != nil {
		t.Fatal(err)
	}
	setups := testPositions(48)
	n := 0
	for _, b := range blocks {
		for at, line := range b.Examples() {
			switch b.Info {
			case "same":
				n++
				x, want, ok := strings.Cut(line, " == ")
				if !ok {
					t.Errorf("xbetza.md:%d: %q has no ==", at, line)
					continue
				}
				got, err := Dialect{}.ToBetza2(x)
				if err != nil {
					t.Errorf("xbetza.md:%d: %s: %v", at, x, err)
					continue
				}
				w, err := reference.Compile(want)
				if err != nil {
					t.Errorf("xbetza.md:%d: %s: %v", at, want, err)
					continue
				}
				if s := sameMoves(t, got, w, setups); s != nil {
					t.Errorf("xbetza.md:%d: %s translates to %s, which differs from %s on %s", at, x, got.Source(), want, s)
				}
			case "reject":
				n++
				if err := spec.CheckReject(line, dialect.XBetza, func(src string) error {
					_, err := Dialect{}.ToBetza2(src)
					return err
				}); err != nil {
					t.Errorf("xbetza.md:%d: %v", at, err)
				}
			case "noeq":
				n++
				x, clause, _ := strings.Cut(line, " ")
				_, err := Dialect{}.ToBetza2(x)
				var ne *dialect.NoEquivalentError
				if !errors.As(err, &ne) || !strings.Contains(ne.Reason, "("+clause+")") {
					t.Errorf("xbetza.md:%d: %s: %v; the spec says no equivalent under %s", at, x, err, clause)
				}
			}
		}
	}
	if n < 60 {
		t.Errorf("only %d examples", n)
	}
}

// TestRealNotations is §X8.2: the real notations of testdata/real.tsv are
// read without a syntax error, except those marked "not read:", which are
// refused under the clause given.
func TestRealNotations(t *testing.T) {
	data, err := os.ReadFile("testdata/real.tsv")
	if err != nil {
		t.Fatal(err)
	}
	read, total := 0, 0
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 3 {
			t.Fatalf("real.tsv:%d: want notation, piece, source", i+1)
		}
		total++
		_, err := Dialect{}.ToBetza2(f[0])
		var le *loc.Error
		located := errors.As(err, &le)
		switch {
		case len(f) > 3:
			clause := strings.Fields(strings.TrimPrefix(f[3], "not read: "))[0]
			if !located || le.Clause != clause {
				t.Errorf("real.tsv:%d: %s: %v; the file says not read under %s", i+1, f[0], err, clause)
			}
		case located:
			t.Errorf("real.tsv:%d: %s (%s): %v", i+1, f[0], f[2], err)
		case err != nil && dialect.CheckError(err, f[0]) != nil:
			t.Errorf("real.tsv:%d: %s: %v", i+1, f[0], err)
		default:
			read++
		}
	}
	t.Logf("%d of %d real notations read (%.1f%%)", read, total, 100*float64(read)/float64(total))
	if read*100 < 95*total {
		t.Errorf("only %d of %d real notations read; §X8.2 wants 95%%", read, total)
	}
}

// TestLeadingZeroMessage: a range with a leading zero (§X2.3) is refused
// with what XBoard reads in its place, never an empty quote, and what
// Betza 2.0 makes of it.
func TestLeadingZeroMessage(t *testing.T) {
	for _, tt := range []struct{ in, msg string }{
		{"W00", "expected a range without a leading zero, found 00: XBoard reads it as 0, without limit; Betza 2.0 refuses it (§9.6)"},
		{"W000", "expected a range without a leading zero, found 000: XBoard reads it as 0, without limit; Betza 2.0 refuses it (§9.6)"},
		{"W03", "expected a range without a leading zero, found 03: XBoard reads it as 3; Betza 2.0 as exactly 3 (§5.2)"},
		{"fR010", "expected a range without a leading zero, found 010: XBoard reads it as 10; Betza 2.0 as exactly 10 (§5.2)"},
		{"W001", "expected a range without a leading zero, found 001: XBoard reads it as 1; Betza 2.0 refuses it (§9.6)"},
	} {
		_, err := Parse(tt.in)
		var le *loc.Error
		if !errors.As(err, &le) || le.Msg != tt.msg || le.Clause != "§X2.3" {
			t.Errorf("Parse(%q): %v\nwant %s (§X2.3)", tt.in, err, tt.msg)
		}
	}
}

package orthodox

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

const nodeDir = "testdata/node"

// notations are the Betza 2.0 notations of the orthodox pieces, by letter.
//
// The pawn is fmW (push) + fcF (diagonal capture) + the double step,
// written two ways that the reference must both get right:
//   - ifmW2: the leading i (§3.11) allows the move only to a pawn that has
//     not moved; fm distributes (§5.5) f to the first leg and m to the last
//     of W2 = W ∪ W-fW (§5.1), and the first leg of W-fW has the implied m
//     of §4.2, so the square passed must be empty. Its one-step member
//     repeats fmW, which is harmless in a union.
//   - ifmW02: exactly two steps (§5.2), the same double step without the
//     repeat.
//
// ifmD would be wrong (it leaps over a blocked square) and fmW2 without i
// would give a moved pawn the double step. The test marks '*' exactly the
// pawns on their start rank, which in chess are the pawns that have not
// moved.
var notations = map[byte][]string{
	'K': {"K"},
	'Q': {"Q"},
	'R': {"R"},
	'B': {"B"},
	'N': {"N"},
	'P': {"fmWfcFifmW2", "fmWfcFifmW02"},
}

// kinds are the piece letters, in the order of the report.
const kinds = "KQRBNP"

var size = board.Size{W: 8, H: 8}

// testCase is one random position and the square of the piece to move.
type testCase struct {
	pos  *board.Position
	from board.Square
}

// request and reply are the oracle's JSON lines (see oracle.mjs).
type request struct {
	FEN  string `json:"fen"`
	From string `json:"from"`
}

type reply struct {
	Moves []struct {
		To      string `json:"to"`
		Capture bool   `json:"capture"`
	} `json:"moves"`
	Error string `json:"error"`
}

// TestOrthodoxAgainstChessops compares the reference with chessops on
// random positions: BETZA_ORTHODOX_N of them (default 1000), from the seed
// BETZA_SEED (default: the clock; the seed is logged for replay).
func TestOrthodoxAgainstChessops(t *testing.T) {
	requireOracle(t)
	seed := envInt(t, "BETZA_SEED", time.Now().UnixNano())
	n := envInt(t, "BETZA_ORTHODOX_N", 1000)
	if n < 1 {
		t.Fatalf("BETZA_ORTHODOX_N=%d: expected at least 1", n)
	}
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d positions", seed, seed, n)

	rng := rand.New(rand.NewSource(seed))
	cases := make([]testCase, n)
	for i := range cases {
		cases[i] = randomCase(rng)
	}
	replies := askOracle(t, cases)
	progs := compile(t)

	// Per piece letter and notation: positions that agree, positions.
	type tally struct{ agree, total int }
	tallies := map[string]*tally{}
	agreeing, moves, captures := 0, 0, 0
	type failure struct {
		pieces int
		msg    string
	}
	var failures []failure
	for i, c := range cases {
		want := oracleSet(t, c, replies[i])
		moves += len(want)
		for _, m := range want {
			if strings.HasPrefix(m, "x") {
				captures++
			}
		}
		ok := true
		kind := c.pos.At(c.from).Kind
		for _, src := range notations[kind] {
			key := fmt.Sprintf("%c = %s", kind, src)
			if tallies[key] == nil {
				tallies[key] = &tally{}
			}
			tallies[key].total++
			got := referenceSet(t, progs[src], c)
			if slices.Equal(got, want) {
				tallies[key].agree++
				continue
			}
			ok = false
			failures = append(failures, failure{len(c.pos.Pieces()), fmt.Sprintf(
				"%s from %s, notation %s:\n%s  reference: %v\n  chessops:  %v",
				c.pos, c.from, src, diagram(c.pos), got, want)})
		}
		if ok {
			agreeing++
		}
	}

	for _, kind := range []byte(kinds) {
		for _, src := range notations[kind] {
			if tl := tallies[fmt.Sprintf("%c = %s", kind, src)]; tl != nil {
				t.Logf("agreement %c = %-12s %4d/%d positions", kind, src, tl.agree, tl.total)
			}
		}
	}
	t.Logf("agreement overall: %d/%d positions (chessops gave %d destinations, %d of them captures)",
		agreeing, n, moves, captures)
	// The smallest positions first: they show a disagreement best.
	slices.SortStableFunc(failures, func(a, b failure) int { return a.pieces - b.pieces })
	for i, f := range failures {
		if i == 5 {
			t.Errorf("... and %d more disagreements", len(failures)-i)
			break
		}
		t.Errorf("disagreement on %s", f.msg)
	}
}

// requireOracle skips the test when node or the oracle's npm packages are
// missing, unless CI is set: there a missing oracle is a failure.
func requireOracle(t *testing.T) {
	t.Helper()
	var missing string
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else if _, err := os.Stat(filepath.Join(nodeDir, "node_modules", "chessops")); err != nil {
		missing = "chessops is not installed: run `npm ci` in conformance/orthodox/" + nodeDir
	}
	switch {
	case missing == "":
	case os.Getenv("CI") != "":
		t.Fatalf("CI is set and the chessops oracle cannot run: %s", missing)
	default:
		t.Skipf("skipping the chessops comparison: %s", missing)
	}
}

func envInt(t *testing.T, name string, def int64) int64 {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return v
}

// randomCase places a mover of a random kind and colour on a random square
// and fills every other square with a random piece of either colour with a
// random probability (density) for the position. Pawns stand on ranks 2 to
// 7 only, as in chess; a pawn mover stands on its start rank half the time,
// so that the double step is well covered.
func randomCase(rng *rand.Rand) testCase {
	pos := board.NewPosition(size)
	place := func(q board.Square, pc board.Piece) {
		// A pawn on its start rank has not moved, and no other pawn.
		pc.Virgin = pc.Kind == 'P' && q.Rank == startRank(pc.Color)
		pos.Set(q, pc)
	}
	mover := board.Piece{Kind: kinds[rng.Intn(len(kinds))], Color: board.Color(rng.Intn(2))}
	from := board.Square{File: rng.Intn(size.W), Rank: rng.Intn(size.H)}
	if mover.Kind == 'P' {
		from.Rank = 1 + rng.Intn(size.H-2)
		if rng.Intn(2) == 0 {
			from.Rank = startRank(mover.Color)
		}
	}
	place(from, mover)
	density := rng.Float64() * 0.6
	for r := range size.H {
		for f := range size.W {
			q := board.Square{File: f, Rank: r}
			if q == from || rng.Float64() >= density {
				continue
			}
			pc := board.Piece{Kind: kinds[rng.Intn(len(kinds))], Color: board.Color(rng.Intn(2))}
			if pc.Kind == 'P' && (r == 0 || r == size.H-1) {
				continue
			}
			place(q, pc)
		}
	}
	return testCase{pos, from}
}

func startRank(c board.Color) int {
	if c == board.White {
		return 1
	}
	return size.H - 2
}

// askOracle runs the oracle once for the whole batch.
func askOracle(t *testing.T, cases []testCase) []reply {
	t.Helper()
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cases {
		// A FEN board is the placement text without the '*' marks.
		fen := strings.ReplaceAll(c.pos.String(), "*", "")
		if err := enc.Encode(request{FEN: fen, From: c.from.String()}); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("node", "oracle.mjs")
	cmd.Dir = nodeDir
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node oracle.mjs: %v\n%s", err, stderr.Bytes())
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	replies := make([]reply, len(cases))
	for i := range replies {
		if err := dec.Decode(&replies[i]); err != nil {
			t.Fatalf("oracle reply %d of %d: %v", i+1, len(cases), err)
		}
	}
	if dec.More() {
		t.Fatalf("the oracle answered more than %d lines", len(cases))
	}
	return replies
}

func compile(t *testing.T) map[string]*reference.Program {
	t.Helper()
	progs := map[string]*reference.Program{}
	for _, srcs := range notations {
		for _, src := range srcs {
			p, err := reference.Compile(src)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			progs[src] = p
		}
	}
	return progs
}

// A move set is the destinations level of §10.4 as sorted text: "e5" for
// a move, "xe5" for a capture. Neither side is deduplicated: two reference
// outcomes with one destination and capture flag would be a disagreement.

func oracleSet(t *testing.T, c testCase, r reply) []string {
	t.Helper()
	if r.Error != "" {
		t.Fatalf("oracle on %s from %s: %s", c.pos, c.from, r.Error)
	}
	set := []string{}
	for _, m := range r.Moves {
		set = append(set, moveText(m.To, m.Capture))
	}
	sort.Strings(set)
	return set
}

func referenceSet(t *testing.T, prog *reference.Program, c testCase) []string {
	t.Helper()
	out, err := prog.Moves(c.pos, c.from, eval.Options{})
	if err != nil {
		t.Fatalf("reference %s on %s from %s: %v", prog.Canonical(), c.pos, c.from, err)
	}
	set := []string{}
	for _, o := range out {
		to := "(destroyed)"
		if o.To != nil {
			to = o.To.String()
		}
		set = append(set, moveText(to, o.Capture(c.pos, c.from)))
	}
	sort.Strings(set)
	return set
}

func moveText(to string, capture bool) string {
	if capture {
		return "x" + to
	}
	return to
}

// diagram draws the position, rank 8 at the top, '.' for an empty square.
func diagram(pos *board.Position) string {
	var b strings.Builder
	for r := size.H - 1; r >= 0; r-- {
		line := fmt.Sprintf("  %d", r+1)
		for f := range size.W {
			line += fmt.Sprintf(" %-2s", cmp.Or(pos.At(board.Square{File: f, Rank: r}).String(), "."))
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("    a  b  c  d  e  f  g  h\n")
	return b.String()
}

package speed

import (
	"bytes"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/conformance/golden"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// readPositions reads the checked-in positions file.
func readPositions(t testing.TB) []board.Setup {
	t.Helper()
	f, err := os.Open(PositionsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	setups, err := ReadPositions(f)
	if err != nil {
		t.Fatalf("%s: %v", PositionsFile, err)
	}
	return setups
}

// goSides sets up the reference and the hand-written generator for p.
func goSides(t testing.TB, p Piece, setups []board.Setup) (*referenceSide, *handSide) {
	t.Helper()
	ref, err := newReferenceSide(p, setups, false)
	if err != nil {
		t.Fatal(err)
	}
	hand, err := newHandSide(p, setups)
	if err != nil {
		t.Fatal(err)
	}
	return ref, hand
}

// TestPositionsFile: the checked-in file is what the generator draws from
// its seed (BETZA_UPDATE=1 rewrites it), and it reads back as drawn.
func TestPositionsFile(t *testing.T) {
	setups := Generate(PositionsSeed, PositionsCount, PositionsDensity)
	var b bytes.Buffer
	if err := WritePositions(&b, PositionsHeader(), setups); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "positions.txt", b.Bytes())
	read := readPositions(t)
	if len(read) != len(setups) {
		t.Fatalf("read %d positions, drew %d", len(read), len(setups))
	}
	pieces := 0
	for i := range read {
		if !read[i].Pos.Equal(setups[i].Pos) || read[i].From != setups[i].From {
			t.Fatalf("position %d reads back as %s, drawn as %s", i+1, read[i], setups[i])
		}
		pieces += len(read[i].Pos.Pieces()) - 1
	}
	// The density is what the header says: 63 other squares a position.
	if got := float64(pieces) / float64(63*len(read)); got < PositionsDensity-0.01 || got > PositionsDensity+0.01 {
		t.Errorf("density %.3f, the file says %.2f", got, PositionsDensity)
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, b := Generate(7, 20, 0.5), Generate(7, 20, 0.5)
	for i := range a {
		if !a[i].Pos.Equal(b[i].Pos) || a[i].From != b[i].From {
			t.Fatalf("setup %d: %s, then %s", i+1, a[i], b[i])
		}
		if m := a[i].Mover(); m != (board.Piece{Kind: 'X', Color: board.White}) {
			t.Fatalf("setup %d: mover %v, want a white X that has moved", i+1, m)
		}
	}
}

func TestReadPositionsErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"no board line", "8/8/8/3X4/8/8/8/8 d5\n", `expected "board WxH"`},
		{"no positions", "# header\nboard 8x8\n", "no positions"},
		{"empty", "", `no "board WxH" line`},
		{"one field", "board 8x8\n8/8/8/3X4/8/8/8/8\n", "line 2: expected a placement and a square"},
		{"bad placement", "board 8x8\n8/8/8/3X5/8/8/8/8 d5\n", "line 2:"},
		{"no mover", "board 8x8\n8/8/8/3X4/8/8/8/8 a1\n", "line 2:"},
		{"black mover", "board 8x8\n8/8/8/3x4/8/8/8/8 d5\n", "line 2: the mover on d5 is black"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadPositions(strings.NewReader(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestPiecesSpelling: each row's Betza 2.0 notation is the translation of
// its classic one (e.g. NN, the nightrider, is Nrf0); a row without a
// classic spelling has none to check.
func TestPiecesSpelling(t *testing.T) {
	for _, p := range Pieces() {
		if p.Classic == "" {
			continue
		}
		got, err := translate.Translate(dialect.Classic, dialect.Betza2, p.Classic)
		if err != nil {
			t.Errorf("%s: %v", p.Name, err)
			continue
		}
		if got != p.Betza2 {
			t.Errorf("%s: classic %s translates to %s, the row says %s", p.Name, p.Classic, got, p.Betza2)
		}
	}
}

// TestHandAgreesWithReference: on every position of the file, every hand
// generator gives the reference's destinations with their capture flags,
// and the reference gives one outcome per destination (the timed rounds
// count outcomes against the destinations the check found).
func TestHandAgreesWithReference(t *testing.T) {
	setups := readPositions(t)
	for _, p := range Pieces() {
		ref, hand := goSides(t, p, setups)
		want, err := ref.check()
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		got, _ := hand.check()
		bad, captures := 0, 0
		for i := range setups {
			w := wire.Keys(want[i], wire.LevelDestinations)
			if n, err := ref.query(i, nil); err != nil || n != len(w) {
				t.Errorf("%s, position %d: the reference gives %d outcomes (%v) for %d destinations", p.Name, i+1, n, err, len(w))
			}
			g := wire.Keys(got[i], wire.LevelDestinations)
			if len(g) != len(got[i]) {
				t.Errorf("%s, position %d: the hand generator lists a destination twice: %v", p.Name, i+1, g)
			}
			for _, k := range w {
				if strings.HasSuffix(k, " capture") {
					captures++
				}
			}
			if !slices.Equal(g, w) {
				if bad++; bad <= 3 {
					t.Errorf("%s, position %d (%s):\n  reference: %v\n  hand:      %v", p.Name, i+1, setups[i], w, g)
				}
			}
		}
		if captures == 0 {
			t.Errorf("%s: no capture on any position: the comparison does not test the capture flag", p.Name)
		}
	}
}

func TestNewBoardRefuses(t *testing.T) {
	big, _ := board.ParseSetup("9x9", "9/9/9/9/4X4/9/9/9/9", "e5", "")
	black, _ := board.ParseSetup("8x8", "8/8/8/3x4/8/8/8/8", "d5", "")
	for _, s := range []board.Setup{big, black} {
		if _, err := NewBoard(s); err == nil {
			t.Errorf("NewBoard(%s): no error", s)
		}
	}
}

// fakeSide answers the check with fixed destinations and counts rounds
// as told.
type fakeSide struct {
	dests [][]wire.Outcome
	count func(passes int) int
}

func (f *fakeSide) check() ([][]wire.Outcome, error) { return f.dests, nil }
func (f *fakeSide) round(passes int) (time.Duration, int, error) {
	return time.Millisecond, f.count(passes), nil
}

// TestRunPieceFailsLoudly: a side that disagrees with the reference on one
// destination, or whose timed rounds count other work than its check,
// fails the piece; a side that agrees is timed.
func TestRunPieceFailsLoudly(t *testing.T) {
	setups := readPositions(t)[:10]
	p := Pieces()[0]
	hand, err := newHandSide(p, setups)
	if err != nil {
		t.Fatal(err)
	}
	right, _ := hand.check()
	total := 0
	for _, d := range right {
		total += len(d)
	}
	cfg := Config{Setups: setups, Rounds: 3}
	agree := &fakeSide{right, func(passes int) int { return passes * total }}
	row, err := runPiece(cfg, p, func(Piece) (side, side, error) { return agree, agree, nil })
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range sideNames() {
		if tm := row.Timings[name]; len(tm.Rounds) != 3 || tm.QPS(len(setups)) <= 0 {
			t.Errorf("%s side: %+v", name, tm)
		}
	}

	// Either ffish side, setFen + legalMoves or legalMoves alone, is
	// checked and counted.
	wrong := slices.Clone(right)
	wrong[4] = wrong[4][1:]
	miscount := &fakeSide{right, func(passes int) int { return passes*total + 1 }}
	for i, name := range []string{FFish, FFishLegal} {
		bad := &fakeSide{wrong, func(passes int) int { return passes * total }}
		setUp := func(Piece) (side, side, error) { return bad, agree, nil }
		if i == 1 {
			setUp = func(Piece) (side, side, error) { return agree, bad, nil }
		}
		_, err = runPiece(cfg, p, setUp)
		if err == nil || !strings.Contains(err.Error(), "position 5") {
			t.Errorf("%s: a missing destination: error %v, want one naming position 5", name, err)
		}

		setUp = func(Piece) (side, side, error) { return miscount, agree, nil }
		if i == 1 {
			setUp = func(Piece) (side, side, error) { return agree, miscount, nil }
		}
		_, err = runPiece(cfg, p, setUp)
		if err == nil || !strings.Contains(err.Error(), name+" side") || !strings.Contains(err.Error(), "counted") {
			t.Errorf("%s: a round counting other work: error %v, want one about the count", name, err)
		}
	}

	refused := errors.New("refused")
	if _, err = runPiece(cfg, p, func(Piece) (side, side, error) { return nil, nil, refused }); !errors.Is(err, refused) {
		t.Errorf("a side that fails: error %v", err)
	}
}

// TestRunPieceWithoutClassic: a piece Fairy-Stockfish cannot express is
// checked and timed on the reference and the hand generator only; ffish
// is not asked about it.
func TestRunPieceWithoutClassic(t *testing.T) {
	setups := readPositions(t)[:10]
	i := slices.IndexFunc(Pieces(), func(p Piece) bool { return p.Classic == "" })
	if i < 0 {
		t.Fatal("no piece without a classic spelling")
	}
	p := Pieces()[i]
	row, err := runPiece(Config{Setups: setups, Rounds: 2}, p, func(Piece) (side, side, error) {
		t.Errorf("ffish asked about %s, which it cannot express", p.Name)
		return nil, nil, errors.New("no ffish side")
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range sideNames() {
		tm, ok := row.Timings[name]
		if name == FFish || name == FFishLegal {
			if ok {
				t.Errorf("%s side timed on %s: %+v", name, p.Name, tm)
			}
			continue
		}
		if len(tm.Rounds) != 2 {
			t.Errorf("%s side: %+v", name, tm)
		}
	}
}

func TestMedian(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		var d []time.Duration
		for _, n := range ns {
			d = append(d, time.Duration(n)*time.Millisecond)
		}
		return d
	}
	for _, tc := range []struct {
		rounds []time.Duration
		want   time.Duration
	}{
		{ms(5), 5 * time.Millisecond},
		{ms(9, 1, 5), 5 * time.Millisecond},
		{ms(9, 1, 5, 3), 4 * time.Millisecond},
		{nil, 0},
	} {
		if got := (Timing{Rounds: tc.rounds}).Median(); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.rounds, got, tc.want)
		}
	}
	if q := (Timing{Passes: 2, Rounds: ms(10)}).QPS(1000); q != 200000 {
		t.Errorf("QPS = %v, want 200000", q)
	}
}

func TestWriteTable(t *testing.T) {
	p := Pieces()[0]
	res := &Result{Positions: 1000, Rounds: 12, FFish: "0.7.10", Node: "v20", Go: "go1.26", OS: "linux", Arch: "amd64",
		MinRound: 50 * time.Millisecond, PositionsFrom: "positions.txt", FFishMemory: Memory{RSS: 149_900_000, Wasm: 120_586_240},
		Rows: []Row{{Piece: p, Destinations: 9870, Timings: map[string]Timing{
			Reference:  {Passes: 1, Rounds: []time.Duration{40 * time.Millisecond}},
			Visit:      {Passes: 4, Rounds: []time.Duration{40 * time.Millisecond}},
			FFish:      {Passes: 2, Rounds: []time.Duration{32 * time.Millisecond}},
			FFishLegal: {Passes: 8, Rounds: []time.Duration{64 * time.Millisecond}},
			Hand:       {Passes: 512, Rounds: []time.Duration{0}},
		}}, {Piece: Piece{Name: "Moa", Betza2: "F-W"}, Destinations: 5000, Timings: map[string]Timing{
			Reference: {Passes: 1, Rounds: []time.Duration{40 * time.Millisecond}},
			Visit:     {Passes: 4, Rounds: []time.Duration{40 * time.Millisecond}},
			Hand:      {Passes: 512, Rounds: []time.Duration{64 * time.Millisecond}},
		}}}}
	var b strings.Builder
	if err := WriteTable(&b, res); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\n| R | `R` | `R` | 9.87 | 25.0k | 100k | 62.5k | 125k | unmeasured |\n",
		"\n| R | 0.40× | 0.20× | 1.60× | 0.80× | unmeasured | unmeasured | 4.00× |\n",
		// ffish was not run on the Moa: "—", not "unmeasured".
		"\n| Moa | `F-W` | — | 5.00 | 25.0k | 100k | — | — | 8.00M |\n",
		"\n| Moa | — | — | — | — | 320× | 80.0× | 4.00× |\n",
		"Node's resident set 150 MB, ffish's wasm memory 121 MB",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table:\n%s\nwant the row\n%s", b.String(), want)
		}
	}
	for _, tc := range []struct {
		v    float64
		want string
	}{{1.234, "1.23"}, {12.34, "12.3"}, {999.96, "1000"}, {5e6, "5.00M"}, {999_600, "1000k"}} {
		if got := rate(speedOf{tc.v, true}); got != tc.want {
			t.Errorf("rate(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

package speed

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
)

// Config is one side-by-side run.
type Config struct {
	Setups []board.Setup
	Pieces []Piece
	// Rounds is how many times each side is timed on each piece; the
	// sides take turns, round by round.
	Rounds int
	// MinRound is the least CPU time of a round: before the rounds, each
	// side's round is made of as many passes over the positions as it
	// takes to last that long (doubling from one pass), so that a fast
	// side is not timed below the clock's resolution.
	MinRound time.Duration
	// FFish is the command that runs ffish_bench.js (node and the
	// script, with its arguments).
	FFish []string
	// Stderr receives the ffish process's stderr.
	Stderr io.Writer
}

// maxPasses bounds the calibration: a side that still takes no measurable
// time after that many passes is not being measured.
const maxPasses = 1 << 20

// Side names, in the order of the table and of each round.
const (
	Reference  = "reference"   // Evaluator.Moves
	Visit      = "visit"       // Evaluator.Visit
	FFish      = "ffish"       // setFen + legalMoves, one board
	FFishLegal = "ffish-legal" // legalMoves alone, a board per position
	Hand       = "hand"
)

func sideNames() []string { return []string{Reference, Visit, FFish, FFishLegal, Hand} }

// ffishSetUp sets the two ffish sides up for a piece: setFen + legalMoves,
// and legalMoves alone.
type ffishSetUp func(Piece) (setFen, legal side, err error)

// Timing is one side's measure of one piece.
type Timing struct {
	Passes int             // passes over the positions in a round
	Rounds []time.Duration // CPU time of each round
}

// Median is the median CPU time of a round.
func (t Timing) Median() time.Duration {
	r := slices.Clone(t.Rounds)
	slices.Sort(r)
	if len(r) == 0 {
		return 0
	}
	if len(r)%2 == 1 {
		return r[len(r)/2]
	}
	return (r[len(r)/2-1] + r[len(r)/2]) / 2
}

// QPS is the queries per CPU second of the median round over n positions;
// 0 when the median round took no measurable time.
func (t Timing) QPS(n int) float64 {
	m := t.Median()
	if m <= 0 {
		return 0
	}
	return float64(t.Passes*n) / m.Seconds()
}

// Row is the measure of one piece.
type Row struct {
	Piece        Piece
	Destinations int               // over the positions, one pass
	Timings      map[string]Timing // by side name; none for a side not run (no ffish side without a classic spelling)
}

// Result is a whole run: its rows and what it ran on.
type Result struct {
	Positions     int
	Rounds        int
	FFish, Node   string // versions
	Go, OS, Arch  string
	Rows          []Row
	MinRound      time.Duration
	PositionsFrom string // where the positions came from, for the table's header
	// FFishMemory is the ffish process's largest memory once a piece's
	// boards were made (a board per position); zero when no piece had an
	// ffish side.
	FFishMemory Memory
}

// Run measures every piece of cfg: it starts the ffish side, then for
// each piece checks that the sides give the same destinations on every
// position and times them; it frees ffish's boards of a piece when the
// piece is done. Any disagreement or failure of a side is
// an error; speed never is.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if len(cfg.Setups) == 0 || len(cfg.Pieces) == 0 || cfg.Rounds < 1 {
		return nil, fmt.Errorf("nothing to run: %d positions, %d pieces, %d rounds", len(cfg.Setups), len(cfg.Pieces), cfg.Rounds)
	}
	ff, err := startFFish(ctx, cfg.FFish, cfg.Setups, cfg.Stderr)
	if err != nil {
		return nil, err
	}
	res := &Result{Positions: len(cfg.Setups), Rounds: cfg.Rounds, FFish: ff.Version, Node: ff.Node,
		Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH, MinRound: cfg.MinRound}
	setUp := func(p Piece) (side, side, error) {
		setFen, legal, mem, err := ff.piece(p)
		res.FFishMemory.RSS = max(res.FFishMemory.RSS, mem.RSS)
		res.FFishMemory.Wasm = max(res.FFishMemory.Wasm, mem.Wasm)
		return setFen, legal, err
	}
	for _, p := range cfg.Pieces {
		row, err := runPiece(cfg, p, setUp)
		if err == nil && p.Classic != "" {
			err = ff.done()
		}
		if err != nil {
			ff.close()
			return nil, err
		}
		res.Rows = append(res.Rows, *row)
	}
	if err := ff.close(); err != nil {
		return nil, err
	}
	return res, nil
}

// runPiece checks and times one piece on the five sides; ffish sets the
// two ffish sides up for it. A piece without a classic spelling has no
// ffish side: ffish is not called, and the row has no ffish timing.
func runPiece(cfg Config, p Piece, ffish ffishSetUp) (*Row, error) {
	ref, err := newReferenceSide(p, cfg.Setups, false)
	if err != nil {
		return nil, err
	}
	visit, err := newReferenceSide(p, cfg.Setups, true)
	if err != nil {
		return nil, err
	}
	hand, err := newHandSide(p, cfg.Setups)
	if err != nil {
		return nil, err
	}
	sides := map[string]side{Reference: ref, Visit: visit, Hand: hand}
	if p.Classic != "" {
		setFen, legal, err := ffish(p)
		if err != nil {
			return nil, err
		}
		sides[FFish], sides[FFishLegal] = setFen, legal
	}
	total, err := compare(p, cfg.Setups, sides)
	if err != nil {
		return nil, err
	}
	row := &Row{Piece: p, Destinations: total, Timings: map[string]Timing{}}
	// timed runs one round of a side and checks it counted what the
	// check found, so that the work timed is the work checked.
	timed := func(name string, passes int) (time.Duration, error) {
		cpu, n, err := sides[name].round(passes)
		if err != nil {
			return 0, fmt.Errorf("piece %s, %s side: %w", p.Name, name, err)
		}
		if n != passes*total {
			return 0, fmt.Errorf("piece %s, %s side: a round of %d passes counted %d destinations, the check found %d a pass",
				p.Name, name, passes, n, total)
		}
		return cpu, nil
	}
	names := present(sides)
	for _, name := range names {
		passes := 1
		for {
			cpu, err := timed(name, passes)
			if err != nil {
				return nil, err
			}
			if cpu >= cfg.MinRound && cpu > 0 {
				break
			}
			if passes >= maxPasses {
				return nil, fmt.Errorf("piece %s, %s side: %d passes over the positions took %v of CPU time", p.Name, name, passes, cpu)
			}
			passes *= 2
		}
		row.Timings[name] = Timing{Passes: passes}
	}
	for range cfg.Rounds {
		for _, name := range names {
			cpu, err := timed(name, row.Timings[name].Passes)
			if err != nil {
				return nil, err
			}
			t := row.Timings[name]
			t.Rounds = append(t.Rounds, cpu)
			row.Timings[name] = t
		}
	}
	return row, nil
}

// present lists the names of the sides there are, in the order of
// sideNames.
func present(sides map[string]side) []string {
	var names []string
	for _, name := range sideNames() {
		if sides[name] != nil {
			names = append(names, name)
		}
	}
	return names
}

// compare checks that every side gives the reference's destinations, with
// their capture flags, on every position, and returns how many there are
// in all. The error shows the first disagreements.
func compare(p Piece, setups []board.Setup, sides map[string]side) (int, error) {
	names := present(sides)
	got := map[string][][]wire.Outcome{}
	for _, name := range names {
		d, err := sides[name].check()
		if err != nil {
			return 0, fmt.Errorf("piece %s, %s side: %w", p.Name, name, err)
		}
		if len(d) != len(setups) {
			return 0, fmt.Errorf("piece %s, %s side: destinations for %d positions, expected %d", p.Name, name, len(d), len(setups))
		}
		got[name] = d
	}
	total := 0
	var diffs []string
	disagree := 0
	for i, s := range setups {
		want := wire.Keys(got[Reference][i], wire.LevelDestinations)
		total += len(want)
		for _, name := range names[1:] {
			// Keys drops repeats: a side that lists a destination twice
			// is caught by its rounds' count instead.
			keys := wire.Keys(got[name][i], wire.LevelDestinations)
			if slices.Equal(keys, want) {
				continue
			}
			disagree++
			if len(diffs) < 3 {
				diffs = append(diffs, fmt.Sprintf("position %d (%s from %s):\n  reference (%s): %s\n  %s: %s",
					i+1, s.Pos, s.From, p.Betza2, strings.Join(want, ", "), sideLabel(p, name), strings.Join(keys, ", ")))
			}
		}
	}
	if disagree > 0 {
		return 0, fmt.Errorf("piece %s: the sides do not compute the same destinations (%d disagreements over %d positions), so their times are not comparable:\n%s",
			p.Name, disagree, len(setups), strings.Join(diffs, "\n"))
	}
	return total, nil
}

func sideLabel(p Piece, name string) string {
	switch name {
	case FFish:
		return "ffish (" + p.Classic + ")"
	case FFishLegal:
		return "ffish (" + p.Classic + ", a board per position)"
	}
	return name
}

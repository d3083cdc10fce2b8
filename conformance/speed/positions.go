package speed

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
)

// The positions file's parameters: testdata/positions.txt is
// Generate(PositionsSeed, PositionsCount, PositionsDensity), written by
// WritePositions (BETZA_UPDATE=1 go test ./conformance/speed rewrites it).
const (
	PositionsSeed    = 1
	PositionsCount   = 1000
	PositionsDensity = 0.25
)

// PositionsFile is the positions file, relative to this package's directory.
const PositionsFile = "testdata/positions.txt"

// otherKinds are the letters of the pieces other than the mover. Only
// colour and the not-moved flag mean anything to a Betza move (§11.2); the
// letters are those of chess without the king, which no side needs.
const otherKinds = "PNBRQ"

// moverKind is the mover's letter, the corpus's and the adapters' X.
const moverKind = 'X'

// Generate draws n random 8x8 setups from seed: the mover, a white X that
// has moved, on a uniformly random square; every other square holds, with
// probability density, a piece of either colour (even odds) that has moved.
// No piece has the not-moved flag, so that no side's reading of it
// matters. The same arguments give the same setups.
func Generate(seed uint64, n int, density float64) []board.Setup {
	rng := rand.New(rand.NewPCG(seed, 0))
	size := board.Size{W: 8, H: 8}
	setups := make([]board.Setup, n)
	for i := range setups {
		pos := board.NewPosition(size)
		from := board.Square{File: rng.IntN(size.W), Rank: rng.IntN(size.H)}
		for r := range size.H {
			for f := range size.W {
				q := board.Square{File: f, Rank: r}
				if q == from || rng.Float64() >= density {
					continue
				}
				pos.Set(q, board.Piece{
					Kind:  otherKinds[rng.IntN(len(otherKinds))],
					Color: board.Color(rng.IntN(2)),
				})
			}
		}
		pos.Set(from, board.Piece{Kind: moverKind, Color: board.White})
		setups[i] = board.Setup{Pos: pos, From: from}
	}
	return setups
}

// WritePositions writes the positions file: a header of '#' lines that
// says how it was drawn, a "board WxH" line, then one setup a line: its
// placement text (§11.2) and the mover's square, separated by a space.
// Every setup must be on a board of the first one's size.
func WritePositions(w io.Writer, header string, setups []board.Setup) error {
	if len(setups) == 0 {
		return fmt.Errorf("no setups to write")
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		b.WriteString(strings.TrimRight("# "+line, " ") + "\n")
	}
	size := setups[0].Pos.Size()
	fmt.Fprintf(&b, "board %s\n", size)
	for i, s := range setups {
		if s.Pos.Size() != size {
			return fmt.Errorf("setup %d is on a %s board, the file's board is %s", i+1, s.Pos.Size(), size)
		}
		fmt.Fprintf(&b, "%s %s\n", s.Pos, s.From)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// PositionsHeader is the header of the checked-in positions file.
func PositionsHeader() string {
	return fmt.Sprintf(`betzacheck side-by-side benchmark positions (conformance/speed).
%d random 8x8 positions drawn by speed.Generate(seed %d, n %d, density %.2f):
the mover, a white X that has moved, on a uniformly random square; every
other square holds a piece with probability %.2f, of either colour (even
odds), that has moved; letters from %s (no kings).
Rewrite with: BETZA_UPDATE=1 go test ./conformance/speed -run TestPositionsFile
Each line after "board": placement text (spec/betza2.md §11.2) and the
mover's square.`,
		PositionsCount, PositionsSeed, PositionsCount, PositionsDensity, PositionsDensity, otherKinds)
}

// ReadPositions reads a positions file written by WritePositions. Each
// setup must have a white mover: the sides of the benchmark move white.
// Errors name the line.
func ReadPositions(r io.Reader) ([]board.Setup, error) {
	sc := bufio.NewScanner(r)
	var size string
	var setups []board.Setup
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		if size == "" {
			if len(fields) != 2 || fields[0] != "board" {
				return nil, fmt.Errorf("line %d: expected \"board WxH\" before the positions, found %q", line, text)
			}
			size = fields[1]
			continue
		}
		if len(fields) != 2 {
			return nil, fmt.Errorf("line %d: expected a placement and a square, found %q", line, text)
		}
		s, err := board.ParseSetup(size, fields[0], fields[1], "")
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if s.Mover().Color != board.White {
			return nil, fmt.Errorf("line %d: the mover on %s is black; the benchmark moves white", line, s.From)
		}
		setups = append(setups, s)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if size == "" {
		return nil, fmt.Errorf("no \"board WxH\" line")
	}
	if len(setups) == 0 {
		return nil, fmt.Errorf("no positions")
	}
	return setups, nil
}

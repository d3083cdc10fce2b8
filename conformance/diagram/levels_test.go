package diagram

import (
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/golden"
	"github.com/betzacheck/betzacheck/reference/dialect/spanish"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/ndboard"
)

// A diagram of an n-dimensional board: a Spanish notation on a setup, and
// the squares of every mark, worked out by hand.
type levelsCase struct {
	name, notation, size, position, from string
	want                                 map[Mark]string
}

var levelsCases = []levelsCase{
	{
		// The unicorn's eight trigonals from the centre of 3x3x3 each
		// reach a corner of level 1 or level 3 (§S7.4).
		name: "unicorn_3d", notation: "D:n(x3)", size: "3x3x3", from: "b2.2",
		want: map[Mark]string{MoveOnly: "a1.1 c1.1 a3.1 c3.1 a1.3 c1.3 a3.3 c3.3"},
	},
	{
		// cL(+) from b2.3: the enemy below on b2.2 is taken and the piece
		// lands behind it on the empty b2.1 (§S3.5); no other neighbour
		// holds an enemy.
		name: "locust_3d", notation: "cL(+)", size: "3x3x3", position: "3/3/3//3/1p1/3//3/3/3", from: "b2.3",
		want: map[Mark]string{MoveOnly: "b2.1", LocustCaptured: "b2.2"},
	},
	{
		// The rook from a1.1 with a friend on a1.2 and an enemy on b1.1:
		// up is closed at once, right captures on b1.1, forward reaches
		// a2.1 and a3.1.
		name: "rook_3d", notation: "D:n+", size: "3x3x3", position: "3/3/3//3/3/P2//3/3/Xp1", from: "a1.1",
		want: map[Mark]string{MoveOnly: "a2.1 a3.1", CaptureOnly: "b1.1"},
	},
}

func (c levelsCase) setup(t *testing.T) (ndboard.Setup, []ndboard.Outcome) {
	t.Helper()
	s, err := ndboard.ParseSetup(c.size, c.position, c.from, "X")
	if err != nil {
		t.Fatal(err)
	}
	outs, err := spanish.Evaluate(c.notation, s, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, outs
}

// TestLevels reads the SVG of each case back: one board per level, titled
// and ordered as LevelRows lays them out, the mover on its level alone,
// the squares of every mark named in n dimensions and the hand-computed
// ones, and one legend of the marks used.
func TestLevels(t *testing.T) {
	for _, c := range levelsCases {
		t.Run(c.name, func(t *testing.T) {
			s, outs := c.setup(t)
			svg := Levels(s, outs, Options{Title: c.notation + " from " + c.from})
			golden.Check(t, c.name+".svg", svg)
			root := parse(t, svg)
			got, legend := readMarks(t, root)
			if want := normalise(c.want); !mapsEqual(got, want) {
				t.Errorf("marks %v, want %v", got, want)
			}
			if want := legendOf(c.want); !slices.Equal(legend, want) {
				t.Errorf("legend %v, want %v", legend, want)
			}
			var levels, movers []string
			root.walk(func(e *node) {
				if e.hasClass("level") {
					levels = append(levels, e.attr("data-level"))
				}
				if e.hasClass("mover-square") {
					movers = append(movers, e.attr("data-square"))
				}
			})
			if strings.Join(levels, " ") != ".1 .2 .3" || strings.Join(movers, " ") != c.from {
				t.Errorf("levels %q, mover squares %q", levels, movers)
			}
		})
	}
}

// TestLevelRows: the third axis runs across, the fourth down from its
// highest coordinate, as files and ranks do.
func TestLevelRows(t *testing.T) {
	for size, want := range map[string]string{
		"8x8":       "[]",
		"3x3x3":     "[.1 .2 .3]",
		"2x2x2x2":   "[.1.2 .2.2] [.1.1 .2.1]",
		"2x1x2x2x2": "[.1.2.2 .2.2.2] [.1.1.2 .2.1.2] [.1.2.1 .2.2.1] [.1.1.1 .2.1.1]",
	} {
		sz, err := ndboard.ParseSize(size)
		if err != nil {
			t.Fatal(err)
		}
		var rows []string
		for _, row := range LevelRows(sz) {
			var names []string
			for _, lv := range row {
				names = append(names, sz.LevelName(lv))
			}
			rows = append(rows, "["+strings.Join(names, " ")+"]")
		}
		if got := strings.Join(rows, " "); got != want {
			t.Errorf("%s: %s, want %s", size, got, want)
		}
	}
}

// capped takes max bytes and fails every write after them, as the web
// command's answer buffer does.
type capped struct{ n, max int }

var errFull = errors.New("full")

func (c *capped) Write(p []byte) (int, error) {
	if c.n+len(p) > c.max {
		return 0, errFull
	}
	c.n += len(p)
	return len(p), nil
}

// TestWriteLevelsStopsAtItsWriter: issue 28's diagram of a
// 10x10x10x10x10x10 board (D:n* from e5.5.5.5.5) is 119 MB of SVG, which
// was built whole (507 MB) before the web command's 4 MB cap refused it.
// Written to a writer that takes 1 MB, the drawing fails with the
// writer's error having allocated a few megabytes: it draws a level at a
// time and stops at the first failed write. Work is measured in bytes
// allocated, never in time.
func TestWriteLevelsStopsAtItsWriter(t *testing.T) {
	c := levelsCase{notation: "D:n*", size: "10x10x10x10x10x10", from: "e5.5.5.5.5"}
	s, outs := c.setup(t)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := WriteLevels(&capped{max: 1 << 20}, s, outs, Options{})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errFull) {
		t.Errorf("WriteLevels to a full writer: %v, want its error", err)
	}
	// The layout reads each of the 10,000 levels once; drawing stops
	// after 1 MB of the 119.
	n := after.TotalAlloc - before.TotalAlloc
	if n > 64<<20 {
		t.Errorf("%d MB allocated to draw 1 MB, want at most 64", n>>20)
	}
	t.Logf("%.1f MB allocated", float64(n)/(1<<20))
}

package diagram

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/betzacheck/betzacheck/reference/ndboard"
)

// NDMarks is a classification of the squares of an n-dimensional board
// (spec/spanish.md §S11): for each mark, its squares in the order of
// ndboard.Square.Compare. Marks not used are absent.
type NDMarks map[Mark][]ndboard.Square

// ClassifyND computes the marks of outcomes evaluated on the
// n-dimensional setup s by the rules of Classify, read from each outcome's
// effect (ndboard.Outcome.Effect). The direct evaluator gives no paths
// (spec/spanish.md §S12) and evaluates no eruption (§S3.6), so no square
// is hopped-over or burned: a removed piece is locust-captured.
func ClassifyND(s ndboard.Setup, outcomes []ndboard.Outcome) NDMarks {
	set := newMarkSet[ndboard.Square]()
	for _, o := range outcomes {
		ef := o.Effect(s)
		set.end(ef.End, s.From, ef.To)
		for _, c := range ef.Put {
			set.add(Unloaded, c.Square)
		}
		for _, q := range ef.Removed {
			set.add(LocustCaptured, q)
		}
	}
	return set.sorted(ndboard.Square.Compare)
}

// Level returns the marks on one level of the board (at the outer
// coordinates of level, see ndboard.Size.Levels) as the classification of
// that level's 2-D board.
func (m NDMarks) Level(level ndboard.Vec) Marks {
	if marks, ok := m.ByLevel()[levelKey(level)]; ok {
		return marks
	}
	return Marks{}
}

// ByLevel returns the marks of each level that has any, as Level returns
// them, keyed by the level's outer coordinates with the first two 0
// (levelKey): one pass over the marks, where asking Level of every level
// would read them all once per level.
func (m NDMarks) ByLevel() map[ndboard.Vec]Marks {
	out := map[ndboard.Vec]Marks{}
	for mk, sqs := range m {
		for _, q := range sqs {
			k := levelKey(q.At)
			if out[k] == nil {
				out[k] = Marks{}
			}
			out[k][mk] = append(out[k][mk], q.Plane())
		}
	}
	return out
}

// levelKey is the level of the point v: its outer coordinates, the first
// two 0 (as ndboard.Size.Levels writes a level).
func levelKey(v ndboard.Vec) ndboard.Vec {
	v[0], v[1] = 0, 0
	return v
}

// Used returns the marks present, in legend order.
func (m NDMarks) Used() []Mark { return usedMarks(m) }

// OnLevel reports whether the square lies on the level at the outer
// coordinates of level.
func OnLevel(q ndboard.Square, level ndboard.Vec) bool {
	return slices.Equal(q.At[2:], level[2:])
}

// LevelRows lays out the levels of an n-dimensional board for a diagram,
// as the squares of a 2-D board are laid out: the levels along the third
// axis side by side in a row, from its first coordinate on the left, as
// files run; the rows for the fourth and further coordinates one under
// the other, from the highest at the top, as ranks run (the order in which
// the placement text writes them, ndboard.Size.Levels). A 3-D board is
// one row; a 2-D board one row of one level.
func LevelRows(size ndboard.Size) [][]ndboard.Vec {
	levels := size.Levels()
	across := 1
	if size.Dims() > 2 {
		across = size.Side(2)
	}
	var rows [][]ndboard.Vec
	for i := 0; i < len(levels); i += across {
		row := slices.Clone(levels[i : i+across])
		slices.Reverse(row) // Levels writes the third coordinate from its highest
		rows = append(rows, row)
	}
	return rows
}

// Levels draws the outcomes of the piece on s.From, evaluated on the
// n-dimensional setup s, as one SVG document (WriteLevels, whole).
func Levels(s ndboard.Setup, outcomes []ndboard.Outcome, opt Options) []byte {
	var buf bytes.Buffer
	WriteLevels(&buf, s, outcomes, opt) // a bytes.Buffer takes everything
	return buf.Bytes()
}

// WriteLevels writes the drawing of the outcomes of the piece on s.From,
// evaluated on the n-dimensional setup s, to w: each level of the board a
// 2-D board titled with its name (ndboard.Size.LevelName, ".3"), laid out
// by LevelRows, with the marks of its squares (ClassifyND), and one legend
// of every mark used under them. opt.Title heads the drawing. Paths are
// not drawn: the direct evaluator gives none. The levels are drawn one at
// a time as they are written, and the drawing stops at the first error of
// w, which it returns: a board of a million squares written to a writer
// that takes a few megabytes ends there, having built one level more.
func WriteLevels(w io.Writer, s ndboard.Setup, outcomes []ndboard.Outcome, opt Options) error {
	size := s.Pos.Size()
	marks := ClassifyND(s, outcomes)
	byLevel := marks.ByLevel()
	rows := LevelRows(size)
	level := func(lv ndboard.Vec) *panel {
		p := &panel{pos: s.Pos.Level(lv), from: s.From.Plane(), mover: OnLevel(s.From, lv),
			title: size.LevelName(lv), level: size.LevelName(lv), marks: byLevel[levelKey(lv)]}
		p.layout(opt)
		return p
	}
	// Every panel has the size of the largest, so that the levels line
	// up: a first pass lays them out, the second draws them.
	cellW, cellH, sq := 0.0, 0.0, 0.0
	for _, row := range rows {
		for _, lv := range row {
			p := level(lv)
			cellW, cellH, sq = math.Max(cellW, p.w), math.Max(cellH, p.h), p.s
		}
	}
	titleH, gap := 0.0, sq*0.5
	if opt.Title != "" {
		titleH = sq * 0.8
	}
	used := marks.Used()
	across := float64(len(rows[0]))
	width := across*cellW + (across-1)*gap
	width = math.Max(width, legendWidth(used, sq))
	width = math.Max(width, sq*padF*2+textWidth(opt.Title, sq*0.34))
	legendY := titleH + float64(len(rows))*cellH
	h := legendY + float64(len(used))*sq*legendRow + sq*padF

	b := newSink(w)
	header(b, width, h, "betza-levels", opt.Title)
	if opt.Title != "" {
		fmt.Fprintf(b, "<text class=\"title\" x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\">%s</text>\n",
			num(sq*padF), num(titleH*0.7), num(sq*0.34), esc(opt.Title))
	}
	fmt.Fprintf(b, "<g class=\"levels\" data-board=\"%s\" data-from=\"%s\">\n", size, s.From)
	for i, row := range rows {
		for j, lv := range row {
			if b.failed() {
				return b.flush()
			}
			fmt.Fprintf(b, "<g class=\"board level\" data-level=\"%s\" data-board=\"%s\" transform=\"translate(%s,%s)\">\n",
				size.LevelName(lv), size.Plane(), num(float64(j)*(cellW+gap)), num(titleH+float64(i)*cellH))
			level(lv).render(b)
			b.WriteString("</g>\n")
		}
	}
	b.WriteString("</g>\n")
	renderLegend(b, used, legendY, sq)
	b.WriteString("</svg>\n")
	return b.flush()
}

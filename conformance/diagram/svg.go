package diagram

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// Options tune a diagram.
type Options struct {
	// Paths draws every path of the outcomes as a line from the start
	// through each leg's end square, with an arrowhead at the end. The
	// outcomes must have been evaluated with eval.Options{Paths: true}.
	Paths bool
	// Title is written above the board; none when empty.
	Title string
	// Size is the side of a square in pixels; 0 means DefaultSize.
	Size int
	// Erupts says the notation has an x leg (§3.8): a removed square that
	// no path places is then called burned rather than locust-captured.
	Erupts bool
}

// DefaultSize is the side of a square when Options.Size is 0.
const DefaultSize = 48

// SVG draws the outcomes of the piece on from in pos as a standalone SVG
// document (WriteSVG, whole).
func SVG(pos *board.Position, from board.Square, outcomes []eval.Outcome, opt Options) []byte {
	var buf bytes.Buffer
	WriteSVG(&buf, pos, from, outcomes, opt) // a bytes.Buffer takes everything
	return buf.Bytes()
}

// WriteSVG writes the drawing of SVG to w as it is drawn, and stops at
// the first error of w, which it returns: a writer that takes only so
// much (an answer's size limit) ends the drawing there, before the rest
// is built.
func WriteSVG(w io.Writer, pos *board.Position, from board.Square, outcomes []eval.Outcome, opt Options) error {
	p := newPanel(pos, from, outcomes, opt, opt.Title, nil)
	b := newSink(w)
	header(b, p.w, p.h, "betza-diagram", opt.Title)
	fmt.Fprintf(b, "<g class=\"board\" data-board=\"%s\" data-from=\"%s\">\n", pos.Size(), from)
	p.render(b)
	b.WriteString("</g>\n</svg>\n")
	return b.flush()
}

// sink is what a drawing is written to: a buffered writer that keeps its
// first error and takes nothing after it, so that the drawing can stop
// there (failed) instead of going on building what will not be written.
type sink struct {
	w   *bufio.Writer
	err error
}

func newSink(w io.Writer) *sink { return &sink{w: bufio.NewWriterSize(w, 32<<10)} }

func (b *sink) Write(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.w.Write(p)
	b.err = err
	return n, err
}

func (b *sink) WriteString(s string) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.w.WriteString(s)
	b.err = err
	return n, err
}

// failed reports whether a write has failed: the drawing should stop.
func (b *sink) failed() bool { return b.err != nil }

// flush writes what is buffered and returns the first error.
func (b *sink) flush() error {
	if b.err == nil {
		b.err = b.w.Flush()
	}
	return b.err
}

// Counterexample draws a position on which two movers differ: two boards
// side by side, titled nameA and nameB, each with the marks of its own
// outcomes (outA, outB, evaluated on cx.Position) and, below its legend,
// the outcomes only it has or its error. opt.Title heads the drawing; when
// empty, the position does.
func Counterexample(cx *equiv.Counterexample, nameA, nameB string, outA, outB []eval.Outcome, opt Options) []byte {
	notes := func(name string, err error, only []string) []string {
		if err != nil {
			return []string{"error: " + err.Error()}
		}
		var out []string
		for _, k := range only {
			out = append(out, "only "+name+": "+k)
		}
		return out
	}
	pos, from := cx.Setup.Pos, cx.Setup.From
	pa := newPanel(pos, from, outA, opt, nameA, notes(nameA, cx.ErrA, cx.OnlyA))
	pb := newPanel(pos, from, outB, opt, nameB, notes(nameB, cx.ErrB, cx.OnlyB))
	title := opt.Title
	if title == "" {
		title = cx.Setup.String()
	}
	s := pa.s
	titleH := s * 0.8
	gap := s * 0.5
	w := math.Max(pa.w+gap+pb.w, s*0.25*2+textWidth(title, s*0.34))
	h := titleH + math.Max(pa.h, pb.h)
	var buf bytes.Buffer
	b := newSink(&buf)
	header(b, w, h, "betza-counterexample", title)
	fmt.Fprintf(b, "<text class=\"title\" x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\">%s</text>\n",
		num(s*0.25), num(titleH*0.7), num(s*0.34), esc(title))
	for i, p := range []*panel{pa, pb} {
		x, side := 0.0, "a"
		if i == 1 {
			x, side = pa.w+gap, "b"
		}
		fmt.Fprintf(b, "<g class=\"board\" data-side=\"%s\" data-name=\"%s\" data-board=\"%s\" data-from=\"%s\" transform=\"translate(%s,%s)\">\n",
			side, esc(p.title), pos.Size(), from, num(x), num(titleH))
		p.render(b)
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	b.flush() // a bytes.Buffer takes everything
	return buf.Bytes()
}

func header(b *sink, w, h float64, class, title string) {
	fmt.Fprintf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n",
		class, int(math.Ceil(w)), int(math.Ceil(h)), int(math.Ceil(w)), int(math.Ceil(h)))
	if title != "" {
		fmt.Fprintf(b, "<title>%s</title>\n", esc(title))
	}
	fmt.Fprintf(b, "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
		int(math.Ceil(w)), int(math.Ceil(h)))
}

// panel is one board with its title, legend and notes, laid out from
// (0, 0).
type panel struct {
	pos    *board.Position
	from   board.Square
	mover  bool    // the mover stands on from; else the board has no mover (a level without it)
	legend bool    // the panel draws the legend of its marks
	level  string  // on a level of an n-dimensional board, its name: what the squares' names add (".3")
	s      float64 // square side
	title  string
	notes  []string
	marks  Marks
	paths  [][]board.Square

	fMin, fMax, rMin, rMax int     // the squares drawn: the board and any virtual square used
	left, top              float64 // the top left corner of square (fMin, rMax)
	legendY                float64
	w, h                   float64
}

// Layout constants, as fractions of the square side.
const (
	padF      = 0.25 // outer padding
	titleF    = 0.75 // title row
	rankColF  = 0.5  // rank numbers column
	fileRowF  = 0.5  // file letters row
	legendRow = 0.6  // one legend line
	noteRow   = 0.45 // one note line
	textF     = 0.28 // legend and note text
	labelF    = 0.3  // coordinates
)

// newPanel is the panel of the outcomes of the piece on from in pos, with
// its legend.
func newPanel(pos *board.Position, from board.Square, outcomes []eval.Outcome, opt Options, title string, notes []string) *panel {
	p := &panel{pos: pos, from: from, mover: true, legend: true, title: title, notes: notes,
		marks: Classify(pos, from, outcomes, opt)}
	if opt.Paths {
		p.paths = uniquePaths(outcomes)
	}
	p.layout(opt)
	return p
}

// layout sizes the panel for its board, marks, paths, title, legend and
// notes.
func (p *panel) layout(opt Options) {
	s := float64(opt.Size)
	if opt.Size <= 0 {
		s = DefaultSize
	}
	size := p.pos.Size()
	p.s = s
	p.fMin, p.fMax, p.rMin, p.rMax = 0, size.W-1, 0, size.H-1
	grow := func(q board.Square) {
		p.fMin, p.fMax = min(p.fMin, q.File), max(p.fMax, q.File)
		p.rMin, p.rMax = min(p.rMin, q.Rank), max(p.rMax, q.Rank)
	}
	for _, path := range p.paths {
		for _, q := range path {
			grow(q)
		}
	}
	for _, sqs := range p.marks {
		for _, q := range sqs {
			grow(q)
		}
	}
	pad := s * padF
	p.top = pad
	if p.title != "" {
		p.top += s * titleF
	}
	p.left = pad + s*rankColF
	cols, rows := float64(p.fMax-p.fMin+1), float64(p.rMax-p.rMin+1)
	p.w = p.left + cols*s + pad
	p.legendY = p.top + rows*s + s*fileRowF + pad
	p.w = math.Max(p.w, pad*2+textWidth(p.title, s*0.34))
	legendLines := 0
	if p.legend {
		legendLines = len(p.marks.Used())
		p.w = math.Max(p.w, legendWidth(p.marks.Used(), s))
	}
	for _, n := range p.notes {
		p.w = math.Max(p.w, pad*2+textWidth(n, s*textF))
	}
	p.h = p.legendY + float64(legendLines)*s*legendRow + float64(len(p.notes))*s*noteRow + pad
}

// legendWidth is the width of the legend of the marks used, with its
// padding.
func legendWidth(used []Mark, s float64) float64 {
	w := 0.0
	for _, m := range used {
		w = math.Max(w, s*padF*2+s*0.6+textWidth(legendText[m], s*textF))
	}
	return w
}

// uniquePaths returns the distinct paths of outcomes, sorted by their
// square names.
func uniquePaths(outcomes []eval.Outcome) [][]board.Square {
	seen := map[string][]board.Square{}
	for _, o := range outcomes {
		for _, path := range o.Paths {
			seen[pathKey(path)] = path
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][]board.Square, len(keys))
	for i, k := range keys {
		out[i] = seen[k]
	}
	return out
}

func pathKey(path []board.Square) string {
	names := make([]string, len(path))
	for i, q := range path {
		names[i] = q.String()
	}
	return strings.Join(names, " ")
}

// name is the name of q in the data-square attributes: its 2-D name, and
// on a level of an n-dimensional board the level's name after it ("c3.3").
func (p *panel) name(q board.Square) string { return q.String() + p.level }

// corner is the top left corner of q.
func (p *panel) corner(q board.Square) (x, y float64) {
	return p.left + float64(q.File-p.fMin)*p.s, p.top + float64(p.rMax-q.Rank)*p.s
}

// center is the centre of q.
func (p *panel) center(q board.Square) (x, y float64) {
	x, y = p.corner(q)
	return x + p.s/2, y + p.s/2
}

func (p *panel) render(b *sink) {
	s := p.s
	size := p.pos.Size()
	if p.title != "" {
		fmt.Fprintf(b, "<text class=\"board-title\" x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\">%s</text>\n",
			num(s*padF), num(s*padF+s*titleF*0.7), num(s*0.34), esc(p.title))
	}

	// Squares, rank by rank from the top, virtual squares only where used.
	used := map[board.Square]bool{}
	for _, path := range p.paths {
		for _, q := range path {
			used[q] = true
		}
	}
	for _, sqs := range p.marks {
		for _, q := range sqs {
			used[q] = true
		}
	}
	b.WriteString("<g class=\"squares\">\n")
	for r := p.rMax; r >= p.rMin && !b.failed(); r-- {
		for f := p.fMin; f <= p.fMax; f++ {
			q := board.Square{File: f, Rank: r}
			x, y := p.corner(q)
			switch {
			case size.Contains(q):
				tone, fill := "light", "#f0d9b5"
				if (f+r)%2 == 0 {
					tone, fill = "dark", "#b58863"
				}
				fmt.Fprintf(b, "<rect class=\"square %s\" data-square=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>\n",
					tone, p.name(q), num(x), num(y), num(s), num(s), fill)
			case used[q]:
				fmt.Fprintf(b, "<rect class=\"square virtual\" data-square=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#f5f5f5\" stroke=\"#9e9e9e\" stroke-width=\"%s\" stroke-dasharray=\"%s %s\"/>\n",
					p.name(q), num(x+s*0.02), num(y+s*0.02), num(s*0.96), num(s*0.96), num(s*0.03), num(s*0.1), num(s*0.08))
			}
		}
	}
	// The board's edge.
	x0, y0 := p.corner(board.Square{File: 0, Rank: size.H - 1})
	fmt.Fprintf(b, "<rect class=\"edge\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"none\" stroke=\"#5d4037\" stroke-width=\"%s\"/>\n",
		num(x0), num(y0), num(float64(size.W)*s), num(float64(size.H)*s), num(s*0.04))
	if p.mover {
		x, y := p.corner(p.from)
		fmt.Fprintf(b, "<rect class=\"mover-square\" data-square=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#fdd835\" fill-opacity=\"0.6\"/>\n",
			p.name(p.from), num(x), num(y), num(s), num(s))
	}
	b.WriteString("</g>\n")

	// Coordinates: file letters below, rank numbers on the left.
	b.WriteString("<g class=\"coordinates\" fill=\"#424242\" font-size=\"" + num(s*labelF) + "\" text-anchor=\"middle\">\n")
	yb := p.top + float64(p.rMax-p.rMin+1)*s + s*fileRowF*0.7
	for f := 0; f < size.W; f++ {
		cx, _ := p.center(board.Square{File: f, Rank: 0})
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\">%c</text>\n", num(cx), num(yb), 'a'+f)
	}
	for r := 0; r < size.H; r++ {
		_, cy := p.center(board.Square{File: 0, Rank: r})
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\">%d</text>\n", num(p.left-s*rankColF/2), num(cy+s*labelF*0.35), r+1)
	}
	b.WriteString("</g>\n")

	// Marks under the pieces, the pieces, the paths, marks over them.
	b.WriteString("<g class=\"marks\">\n")
	p.renderMarks(b, false)
	b.WriteString("</g>\n")
	b.WriteString("<g class=\"pieces\">\n")
	for _, q := range p.pos.Pieces() {
		p.renderPiece(b, q, p.pos.At(q))
	}
	b.WriteString("</g>\n")
	if len(p.paths) > 0 {
		b.WriteString("<g class=\"paths\" fill=\"none\" stroke=\"#1a237e\" stroke-opacity=\"0.7\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-width=\"" + num(s*0.05) + "\">\n")
		for _, path := range p.paths {
			if b.failed() {
				return
			}
			p.renderPath(b, path)
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("<g class=\"marks\">\n")
	p.renderMarks(b, true)
	b.WriteString("</g>\n")

	// Legend, then notes.
	if p.legend {
		renderLegend(b, p.marks.Used(), p.legendY, s)
	}
	if len(p.notes) > 0 {
		b.WriteString("<g class=\"notes\" fill=\"#212121\" font-size=\"" + num(s*textF) + "\">\n")
		ny := p.legendY
		if p.legend {
			ny += float64(len(p.marks.Used())) * s * legendRow
		}
		for i, n := range p.notes {
			fmt.Fprintf(b, "<text class=\"note\" x=\"%s\" y=\"%s\">%s</text>\n",
				num(s*padF), num(ny+float64(i)*s*noteRow+s*noteRow*0.7), esc(n))
		}
		b.WriteString("</g>\n")
	}
}

// renderLegend draws the legend of the marks used, its first line at
// height y, for squares of side s.
func renderLegend(b *sink, used []Mark, y, s float64) {
	if len(used) == 0 {
		return
	}
	b.WriteString("<g class=\"legend\">\n")
	for i, m := range used {
		ly := y + float64(i)*s*legendRow
		ls := s * 0.5 // swatch side
		fmt.Fprintf(b, "<g class=\"legend-item\" data-mark=\"%s\">\n", m)
		fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#f0d9b5\" stroke=\"#bdbdbd\" stroke-width=\"1\"/>\n",
			num(s*padF), num(ly), num(ls), num(ls))
		if onPiece[m] {
			fmt.Fprintf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"#9e9e9e\"/>\n",
				num(s*padF+ls/2), num(ly+ls/2), num(ls*0.36))
		}
		glyph(b, m, s*padF, ly, ls)
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" font-size=\"%s\" fill=\"#212121\">%s</text>\n",
			num(s*padF+s*0.6), num(ly+ls/2+s*textF*0.35), num(s*textF), esc(legendText[m]))
		b.WriteString("</g>\n")
	}
	b.WriteString("</g>\n")
}

// onPiece marks sit on a piece; the legend draws one under their swatch.
var onPiece = map[Mark]bool{CaptureOnly: true, MoveOrCapture: true, MoverStays: true,
	MoverDestroyed: true, HoppedOver: true, LocustCaptured: true, Burned: true}

// overPieces marks are drawn above the pieces, the others below.
var overPieces = map[Mark]bool{CaptureOnly: true, MoveOrCapture: true, MoverStays: true,
	MoverDestroyed: true, LocustCaptured: true, HoppedOver: true, Unloaded: true}

func (p *panel) renderMarks(b *sink, over bool) {
	for _, m := range AllMarks {
		if overPieces[m] != over {
			continue
		}
		for _, q := range p.marks[m] {
			if b.failed() {
				return
			}
			x, y := p.corner(q)
			fmt.Fprintf(b, "<g class=\"mark %s\" data-square=\"%s\">\n", m, p.name(q))
			glyph(b, m, x, y, p.s)
			b.WriteString("</g>\n")
		}
	}
}

// glyph draws mark m on the square with top left corner (x, y) and side s.
func glyph(b *sink, m Mark, x, y, s float64) {
	cx, cy := x+s/2, y+s/2
	ring := func(color string, r, width float64, dash string) {
		fmt.Fprintf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
			num(cx), num(cy), num(r), color, num(width), dash)
	}
	dot := func(color string, r float64) {
		fmt.Fprintf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\"/>\n", num(cx), num(cy), num(r), color)
	}
	cross := func(color string, d, width float64) {
		fmt.Fprintf(b, "<path d=\"M%s %sL%s %sM%s %sL%s %s\" stroke=\"%s\" stroke-width=\"%s\" stroke-linecap=\"round\"/>\n",
			num(cx-d), num(cy-d), num(cx+d), num(cy+d), num(cx-d), num(cy+d), num(cx+d), num(cy-d), color, num(width))
	}
	switch m {
	case MoveOnly:
		dot("#2e7d32", s*0.17)
	case CaptureOnly:
		ring("#c62828", s*0.43, s*0.08, "")
	case MoveOrCapture:
		ring("#ef6c00", s*0.43, s*0.08, "")
		dot("#ef6c00", s*0.12)
	case MoverStays:
		ring("#2e7d32", s*0.44, s*0.07, fmt.Sprintf(" stroke-dasharray=\"%s %s\"", num(s*0.12), num(s*0.08)))
	case MoverDestroyed:
		cross("#000000", s*0.3, s*0.08)
	case HoppedOver:
		fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"none\" stroke=\"#0277bd\" stroke-width=\"%s\" stroke-dasharray=\"%s %s\"/>\n",
			num(x+s*0.06), num(y+s*0.06), num(s*0.88), num(s*0.88), num(s*0.06), num(s*0.12), num(s*0.08))
	case LocustCaptured:
		cross("#c62828", s*0.27, s*0.08)
	case Burned:
		// A tint and diagonal stripes: flames, unlike the mover's square.
		fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#ff6d00\" fill-opacity=\"0.35\"/>\n",
			num(x), num(y), num(s), num(s))
		var d strings.Builder
		for k := 1; k < 8; k++ {
			t := float64(k) * s / 4
			if t <= s {
				fmt.Fprintf(&d, "M%s %sL%s %s", num(x+t), num(y), num(x), num(y+t))
			} else {
				fmt.Fprintf(&d, "M%s %sL%s %s", num(x+s), num(y+t-s), num(x+t-s), num(y+s))
			}
		}
		fmt.Fprintf(b, "<path d=\"%s\" stroke=\"#d84315\" stroke-width=\"%s\"/>\n", d.String(), num(s*0.06))
	case Unloaded:
		fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"none\" stroke=\"#6a1b9a\" stroke-width=\"%s\"/>\n",
			num(x+s*0.06), num(y+s*0.06), num(s*0.88), num(s*0.88), num(s*0.08))
		fmt.Fprintf(b, "<path d=\"M%s %sL%s %sL%s %sZ\" fill=\"#6a1b9a\"/>\n",
			num(cx-s*0.14), num(y+s*0.06), num(cx+s*0.14), num(y+s*0.06), num(cx), num(y+s*0.24))
	}
}

func (p *panel) renderPiece(b *sink, q board.Square, pc board.Piece) {
	s := p.s
	cx, cy := p.center(q)
	class, fill, stroke, text := "white", "#fafafa", "#212121", "#212121"
	if pc.Color == board.Black {
		class, fill, stroke, text = "black", "#212121", "#000000", "#fafafa"
	}
	width := s * 0.04
	if p.mover && q == p.from {
		class += " mover"
		stroke, width = "#f9a825", s*0.08
	}
	fmt.Fprintf(b, "<g class=\"piece %s\" data-square=\"%s\" data-piece=\"%s\">\n", class, p.name(q), pc)
	fmt.Fprintf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
		num(cx), num(cy), num(s*0.34), fill, stroke, num(width))
	fs := s * 0.4
	fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%c</text>\n",
		num(cx), num(cy+fs*0.36), num(fs), text, pc.Kind)
	b.WriteString("</g>\n")
}

// renderPath draws path as a line through the centre of each leg's end
// square, every segment shifted a little to the right of its direction so
// that a leg back along the line (a rifle, castling) runs beside the leg
// out. The line starts and ends off the centres of its first and last
// squares, and ends in an arrowhead; a dot marks each leg's end between.
func (p *panel) renderPath(b *sink, path []board.Square) {
	s := p.s
	var pts [][2]float64
	for _, q := range path {
		x, y := p.center(q)
		if n := len(pts); n == 0 || pts[n-1] != [2]float64{x, y} {
			pts = append(pts, [2]float64{x, y})
		}
	}
	if len(pts) < 2 {
		return // the path does not move
	}
	off, trim := s*0.08, s*0.36
	type seg struct{ a, b, dir [2]float64 }
	segs := make([]seg, len(pts)-1)
	for i := range segs {
		u := unit(pts[i], pts[i+1])
		n := [2]float64{-u[1] * off, u[0] * off} // right of the direction, y down
		segs[i] = seg{
			a:   [2]float64{pts[i][0] + n[0], pts[i][1] + n[1]},
			b:   [2]float64{pts[i+1][0] + n[0], pts[i+1][1] + n[1]},
			dir: u,
		}
	}
	first, last := &segs[0], &segs[len(segs)-1]
	first.a = [2]float64{first.a[0] + first.dir[0]*trim, first.a[1] + first.dir[1]*trim}
	last.b = [2]float64{last.b[0] - last.dir[0]*trim, last.b[1] - last.dir[1]*trim}
	var line []string
	add := func(pt [2]float64) {
		t := num(pt[0]) + "," + num(pt[1])
		if len(line) == 0 || line[len(line)-1] != t {
			line = append(line, t)
		}
	}
	for _, sg := range segs {
		add(sg.a)
		add(sg.b)
	}
	fmt.Fprintf(b, "<g class=\"path\" data-path=\"%s\">\n", pathKey(path))
	fmt.Fprintf(b, "<polyline points=\"%s\"/>\n", strings.Join(line, " "))
	for i := 0; i+1 < len(segs); i++ {
		x, y := (segs[i].b[0]+segs[i+1].a[0])/2, (segs[i].b[1]+segs[i+1].a[1])/2
		fmt.Fprintf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"#1a237e\" stroke=\"none\"/>\n", num(x), num(y), num(s*0.07))
	}
	// The arrowhead: its tip at the end, pointing along the last segment.
	end, dir := last.b, last.dir
	l, hw := s*0.22, s*0.11
	bx, by := end[0]-dir[0]*l, end[1]-dir[1]*l
	fmt.Fprintf(b, "<path d=\"M%s %sL%s %sL%s %sZ\" fill=\"#1a237e\" stroke=\"none\"/>\n",
		num(end[0]), num(end[1]), num(bx-dir[1]*hw), num(by+dir[0]*hw), num(bx+dir[1]*hw), num(by-dir[0]*hw))
	b.WriteString("</g>\n")
}

func unit(a, b [2]float64) [2]float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	n := math.Sqrt(dx*dx + dy*dy)
	return [2]float64{dx / n, dy / n}
}

// num formats a coordinate with at most two decimals.
func num(v float64) string {
	r := math.Round(v*100) / 100
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// textWidth estimates the width of text in a sans-serif font.
func textWidth(text string, size float64) float64 {
	return float64(len([]rune(text))) * size * 0.56
}

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

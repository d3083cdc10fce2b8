// Package ndboard is the n-dimensional board of the Spanish dialect
// (spec/spanish.md §S11): board sizes of 2 to MaxDims dimensions written
// "5x5x5", square names that extend the 2-D names with ".k" for each
// further coordinate ("c3.3"), the placement text that writes one 2-D
// placement text (2.0 §11.2) per level, and the outcome of a move with its
// key. Pieces are the 2-D board's (board.Piece): one piece type for every
// board. A 2-D board of this package is the 2-D board of package board,
// with the same names, placement text and key order (FromBoard).
//
// Every error in a text is a *loc.Error: the text's name ("board",
// "square" or "position"), the byte offset, what was expected and found,
// and the clause.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package ndboard

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// MinDims and MaxDims bound the number of dimensions of a board (§S11.1).
const (
	MinDims = 2
	MaxDims = 8
)

// MaxSquares bounds the squares of a board, all sides multiplied
// (§S11.1): a position holds every square, and a query may visit each.
// It takes in 26x26x26x26, 16^5, 10^6, 7^7 and 5^8.
const MaxSquares = 1 << 20

// MaxSide is the largest side along any dimension: the 2-D board's, so
// that every level is a 2-D board (§S11.1, 2.0 §11.1).
const MaxSide = board.MaxSide

// Vec is a point or a displacement of an n-dimensional board: coordinate k
// (from 0) along axis k+1. Axis 1 is the files (right), axis 2 the ranks
// (forward), axis 3 the levels (up), and so on (§S7.3). Entries beyond the
// board's dimensions are 0.
type Vec [MaxDims]int

// Add returns v + w.
func (v Vec) Add(w Vec) Vec {
	for k := range v {
		v[k] += w[k]
	}
	return v
}

// Scale returns n·v.
func (v Vec) Scale(n int) Vec {
	for k := range v {
		v[k] *= n
	}
	return v
}

// Dot returns the dot product v·w.
func (v Vec) Dot(w Vec) int {
	d := 0
	for k := range v {
		d += v[k] * w[k]
	}
	return d
}

// Size is a board's sides, one for each dimension. The zero Size is not a
// board; use ParseSize or NewSize.
type Size struct {
	dims  int
	sides Vec
}

// NewSize returns the size with the given sides. It panics unless there
// are MinDims to MaxDims sides of 1 to MaxSide (a programmer error;
// ParseSize checks its text).
func NewSize(sides ...int) Size {
	if len(sides) < MinDims || len(sides) > MaxDims {
		panic(fmt.Sprintf("ndboard: %d dimensions, want %d to %d", len(sides), MinDims, MaxDims))
	}
	s := Size{dims: len(sides)}
	for k, n := range sides {
		if n < 1 || n > MaxSide {
			panic(fmt.Sprintf("ndboard: side %d, want 1 to %d", n, MaxSide))
		}
		s.sides[k] = n
	}
	return s
}

// ParseSize reads a board size (§S11.1): MinDims to MaxDims sides
// separated by 'x', each a decimal number from 1 to MaxSide with no
// leading zero: "8x8", "5x5x5", "4x4x4x4".
func ParseSize(text string) (Size, error) {
	var sides []int
	start := 0
	for k := 0; k <= len(text); k++ {
		if k < len(text) && text[k] != 'x' {
			continue
		}
		n, ok := side(text[start:k])
		if !ok {
			return Size{}, loc.Errorf("board", start, "§S11.1", "expected a side from 1 to %d, found %s", MaxSide, found(text, start, k))
		}
		sides = append(sides, n)
		if len(sides) > MaxDims {
			return Size{}, loc.Errorf("board", start, "§S11.1", "expected at most %d sides, found more", MaxDims)
		}
		start = k + 1
	}
	if len(sides) < MinDims {
		return Size{}, loc.Errorf("board", len(text), "§S11.1", "expected 'x' and a further side (at least %d sides, as in 5x5x5), found end of input", MinDims)
	}
	squares := 1
	for _, n := range sides {
		squares *= n // at most 26^8, which an int holds
	}
	if squares > MaxSquares {
		return Size{}, loc.Errorf("board", 0, "§S11.1", "expected at most %d squares in all, found %d", MaxSquares, squares)
	}
	return NewSize(sides...), nil
}

// Beyond2D reports whether a board size text names more than two
// dimensions: whether it has more than one 'x', whatever else is wrong
// with it. Such a text is read by ParseSize, which says what is wrong,
// and never as a 2-D size (§S11.1).
func Beyond2D(text string) bool { return strings.Count(text, "x") > 1 }

// side reads a decimal number of 1 to MaxSide with no leading zero.
func side(s string) (int, bool) {
	if s == "" || len(s) > 2 || s[0] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 1 && n <= MaxSide
}

// found describes text[from:to] for a message: quoted, or "end of input"
// or "'x'" when it is empty.
func found(text string, from, to int) string {
	switch {
	case from < to:
		return strconv.Quote(text[from:to])
	case from < len(text):
		return fmt.Sprintf("'%c'", text[from])
	}
	return "end of input"
}

// Dims returns the number of dimensions.
func (s Size) Dims() int { return s.dims }

// Side returns the side along axis k+1 (k from 0).
func (s Size) Side(k int) int { return s.sides[k] }

// Plane returns the size of one level, the 2-D board of the first two
// axes.
func (s Size) Plane() board.Size { return board.Size{W: s.sides[0], H: s.sides[1]} }

// String writes the size as ParseSize reads it: "5x5x5".
func (s Size) String() string {
	parts := make([]string, s.dims)
	for k := range parts {
		parts[k] = strconv.Itoa(s.sides[k])
	}
	return strings.Join(parts, "x")
}

// Contains reports whether the point lies on the board.
func (s Size) Contains(v Vec) bool {
	for k := range s.dims {
		if v[k] < 0 || v[k] >= s.sides[k] {
			return false
		}
	}
	return true
}

// Squares returns the number of squares.
func (s Size) Squares() int {
	n := 1
	for k := range s.dims {
		n *= s.sides[k]
	}
	return n
}

// index is the square's place in a Position: axis 1 varies fastest.
func (s Size) index(v Vec) int {
	i := 0
	for k := s.dims - 1; k >= 0; k-- {
		i = i*s.sides[k] + v[k]
	}
	return i
}

// Square is a square of a board with Dims dimensions: its 0-based
// coordinates.
type Square struct {
	Dims int
	At   Vec
}

// String writes the square's name (§S11.2): the 2-D name of its file and
// rank (2.0 §11.1), then ".k" for each further coordinate, 1-based:
// "c3.3" is (2, 2, 2).
func (q Square) String() string { return string(q.Append(nil)) }

// Append appends the square's name to b.
func (q Square) Append(b []byte) []byte {
	b = board.Square{File: q.At[0], Rank: q.At[1]}.Append(b)
	return appendLevel(b, q.Dims, q.At)
}

// Plane returns the square's 2-D square on its level: its file and rank.
func (q Square) Plane() board.Square { return board.Square{File: q.At[0], Rank: q.At[1]} }

// appendLevel appends ".k" for each coordinate of v beyond the first two,
// 1-based, on a board of dims dimensions: what a square's name adds to
// its 2-D name (§S11.2).
func appendLevel(b []byte, dims int, v Vec) []byte {
	for k := 2; k < dims; k++ {
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(v[k]+1), 10)
	}
	return b
}

// LevelName is the name of the level at the outer coordinates of level
// (its first two are ignored): the part that the names of its squares
// add to their 2-D names (§S11.2), ".3" for the level of c3.3 on a
// 5x5x5 board, ".3.2" for that of c3.3.2 on a 4-D one; "" on a 2-D board.
func (s Size) LevelName(level Vec) string { return string(appendLevel(nil, s.dims, level)) }

// Compare orders squares by their last coordinate, then the one before,
// down to the file: on a 2-D board the order of board.Square.Compare (rank
// by rank, then file by file), and the order of the changes of an outcome
// (§S11.4). It returns -1, 0 or +1.
func (q Square) Compare(r Square) int {
	for k := max(q.Dims, r.Dims) - 1; k >= 0; k-- {
		if c := cmp.Compare(q.At[k], r.At[k]); c != 0 {
			return c
		}
	}
	return 0
}

// ParseSquare reads a square's name (§S11.2) on a board of the size: a
// file letter and a rank as on a 2-D board, then ".k" for each further
// coordinate, k from 1 to the side, with no leading zero. The name must
// have one coordinate per dimension and lie on the board.
func ParseSquare(size Size, text string) (Square, error) {
	fail := func(at int, format string, args ...any) (Square, error) {
		return Square{}, loc.Errorf("square", at, "§S11.2", format, args...)
	}
	name, _, _ := strings.Cut(text, ".")
	q2, err := board.ParseSquare(name)
	if err != nil || strings.HasPrefix(name, "(") {
		return fail(0, "expected a file letter a..z and a rank 1..%d, found %s", MaxSide, found(text, 0, len(name)))
	}
	q := Square{Dims: size.dims}
	q.At[0], q.At[1] = q2.File, q2.Rank
	at, k := len(name), 2
	for ; at < len(text); k++ {
		end := strings.IndexByte(text[at+1:], '.')
		if end < 0 {
			end = len(text)
		} else {
			end += at + 1
		}
		if k >= size.dims {
			return fail(at, "expected the end of the name of a square of the %d-D board %s, found %s", size.dims, size, found(text, at, end))
		}
		n, ok := side(text[at+1 : end])
		if !ok {
			return fail(at+1, "expected coordinate %d, a number from 1 to %d, found %s", k+1, MaxSide, found(text, at+1, end))
		}
		q.At[k] = n - 1
		at = end
	}
	if k < size.dims {
		return fail(len(text), "expected '.' and coordinate %d of a square of the %d-D board %s (as in c3.3 on 5x5x5), found end of input", k+1, size.dims, size)
	}
	if !size.Contains(q.At) {
		return fail(0, "expected a square of the %s board, found %s, which is off it", size, text)
	}
	return q, nil
}

// Position is a placement of pieces on an n-dimensional board.
type Position struct {
	size Size
	sq   []board.Piece // by Size.index
}

// NewPosition returns an empty board of the size.
func NewPosition(size Size) *Position {
	return &Position{size: size, sq: make([]board.Piece, size.Squares())}
}

// Size returns the board's size.
func (p *Position) Size() Size { return p.size }

// At returns the piece on the point; a point off the board reads as empty.
func (p *Position) At(v Vec) board.Piece {
	if !p.size.Contains(v) {
		return board.Piece{}
	}
	return p.sq[p.size.index(v)]
}

// Set puts pc on the point (an empty Piece clears it). It panics off the
// board, a programmer error.
func (p *Position) Set(v Vec, pc board.Piece) {
	if !p.size.Contains(v) {
		panic(fmt.Sprintf("ndboard: Set on %v, off the %s board", v, p.size))
	}
	p.sq[p.size.index(v)] = pc
}

// Clone returns an independent copy.
func (p *Position) Clone() *Position {
	return &Position{size: p.size, sq: slices.Clone(p.sq)}
}

// Square returns the square at the point.
func (p *Position) Square(v Vec) Square { return Square{Dims: p.size.dims, At: v} }

// Levels returns the outer coordinates of the board's levels (its 2-D
// slices, the first two coordinates 0), in the order the placement text
// writes them (§S11.3): the last coordinate from its highest value down,
// then the one before it, and so on. A 2-D board has one level.
func (s Size) Levels() []Vec {
	out := []Vec{{}}
	for k := s.dims - 1; k >= 2; k-- { // the last axis outermost
		var next []Vec
		for _, v := range out {
			for c := s.sides[k] - 1; c >= 0; c-- {
				w := v
				w[k] = c
				next = append(next, w)
			}
		}
		out = next
	}
	return out
}

// Level returns the 2-D slice of the board at the outer coordinates of
// level (its first two are ignored), as a 2-D position: what a diagram
// shows of one level.
func (p *Position) Level(level Vec) *board.Position {
	plane := p.size.Plane()
	out := board.NewPosition(plane)
	for f := range plane.W {
		for r := range plane.H {
			v := level
			v[0], v[1] = f, r
			if pc := p.At(v); !pc.Empty() {
				out.Set(board.Square{File: f, Rank: r}, pc)
			}
		}
	}
	return out
}

// String writes the canonical placement text (§S11.3): each level's 2-D
// placement text (2.0 §11.2), in the order of Levels, separated by runs of
// k slashes where coordinate k+1 changes.
func (p *Position) String() string {
	var b strings.Builder
	levels := p.size.Levels()
	for i, lv := range levels {
		if i > 0 {
			b.WriteString(strings.Repeat("/", separator(levels[i-1], lv)))
		}
		b.WriteString(p.Level(lv).String())
	}
	return b.String()
}

// separator is the number of slashes between two consecutive levels: one
// more than the highest axis whose coordinate changes between them (from
// 1), so two between levels of a 3-D board.
func separator(a, b Vec) int {
	for k := MaxDims - 1; k >= 2; k-- {
		if a[k] != b[k] {
			return k
		}
	}
	return 1
}

// EmptyPlacement is the placement text of an empty board of the size.
func EmptyPlacement(size Size) string { return NewPosition(size).String() }

// ParsePosition reads placement text (§S11.3) for a board of the size:
// the levels in the order of Levels, each the 2-D placement text of 2.0
// §11.2, separated by a run of k slashes where coordinate k+1 changes ("//"
// between the levels of a 3-D board, "///" where the fourth coordinate
// changes). An error inside a level is the 2-D text's (2.0 §11.3), at its
// offset in the whole text; an error in the levels is §S11.3's.
func ParsePosition(size Size, text string) (*Position, error) {
	if size.dims < MinDims {
		return nil, loc.Errorf("position", 0, "§S11.1", "expected a board size, found none")
	}
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] == '/' {
			j++
		}
		if j-i >= size.dims {
			return nil, loc.Errorf("position", i, "§S11.3", "expected at most %d slashes in a row on the %d-D board %s, found %d", size.dims-1, size.dims, size, j-i)
		}
		i = max(j, i+1)
	}
	p := NewPosition(size)
	if err := p.parseBlock(text, 0, size.dims, Vec{}); err != nil {
		return nil, err
	}
	return p, nil
}

// parseBlock reads the levels of the first dims axes at the outer
// coordinates of at, from text at offset off of the whole placement text.
func (p *Position) parseBlock(text string, off, dims int, at Vec) error {
	if dims == 2 {
		lv, err := board.ParsePosition(p.size.Plane(), text)
		if err != nil {
			if le, ok := err.(*loc.Error); ok {
				shifted := *le
				shifted.Offset += off
				return &shifted
			}
			return err
		}
		for _, q := range lv.Pieces() {
			v := at
			v[0], v[1] = q.File, q.Rank
			p.Set(v, lv.At(q))
		}
		return nil
	}
	sep := strings.Repeat("/", dims-1)
	side := p.size.sides[dims-1]
	parts := splitRun(text, dims-1)
	if len(parts) != side {
		end := off + len(text)
		if len(parts) > side {
			end = off + parts[side][0] - len(sep)
		}
		return loc.Errorf("position", end, "§S11.3", "expected %d blocks of axis %d separated by %q, found %d", side, dims, sep, len(parts))
	}
	for i, span := range parts {
		v := at
		v[dims-1] = side - 1 - i
		if err := p.parseBlock(text[span[0]:span[1]], off+span[0], dims-1, v); err != nil {
			return err
		}
	}
	return nil
}

// splitRun splits text at every run of exactly n slashes and returns the
// spans of the parts.
func splitRun(text string, n int) [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] == '/' {
			j++
		}
		if j-i == n {
			out = append(out, [2]int{start, i})
			start = j
		}
		i = max(j, i+1)
	}
	return append(out, [2]int{start, len(text)})
}

// Setup is what a notation is evaluated on: a position and the square of
// the piece that moves.
type Setup struct {
	Pos  *Position
	From Square
}

// Mover returns the piece that moves.
func (s Setup) Mover() board.Piece { return s.Pos.At(s.From.At) }

// ParseSetup reads a setup from its texts, as board.ParseSetup does for a
// 2-D board: the size (§S11.1), the placement (§S11.3; "" is the empty
// board), the mover's square (§S11.2) and the mover, put on that square
// when it is empty ("" when the placement holds the mover). Errors are
// *loc.Error values naming their text.
func ParseSetup(size, placement, from, mover string) (Setup, error) {
	sz, err := ParseSize(size)
	if err != nil {
		return Setup{}, err
	}
	pos := NewPosition(sz)
	if placement != "" {
		if pos, err = ParsePosition(sz, placement); err != nil {
			return Setup{}, err
		}
	}
	q, err := ParseSquare(sz, from)
	if err != nil {
		return Setup{}, err
	}
	if pos.At(q.At).Empty() && mover != "" {
		pc, err := board.ParsePiece(mover)
		if err != nil {
			return Setup{}, loc.Errorf("mover", 0, "§S11.3", "%v", err)
		}
		pos.Set(q.At, pc)
	}
	if pos.At(q.At).Empty() {
		return Setup{}, loc.Errorf("square", 0, "§S11.3", "expected a piece on %s to move, found an empty square", q)
	}
	return Setup{Pos: pos, From: q}, nil
}

// FromBoard is the 2-D setup s on this package's board: the same squares,
// names and pieces.
func FromBoard(s board.Setup) Setup {
	size := s.Pos.Size()
	pos := NewPosition(NewSize(size.W, size.H))
	for _, q := range s.Pos.Pieces() {
		pos.Set(Vec{q.File, q.Rank}, s.Pos.At(q))
	}
	return Setup{Pos: pos, From: Square{Dims: 2, At: Vec{s.From.File, s.From.Rank}}}
}

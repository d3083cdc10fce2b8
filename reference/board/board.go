// Package board holds the geometry and piece placements that the reference
// interpreter evaluates moves on: board sizes, squares, pieces and
// positions with their placement text (spec §11).
//
// Its API is stable (README.md, Stability).
package board

import (
	"cmp"
	"fmt"
	"github.com/betzacheck/betzacheck/reference/loc"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxSide is the largest board side (26: files a..z). §11.1, §12.1
const MaxSide = 26

// maxNumber bounds decimal parsing so that huge digit strings cannot overflow.
const maxNumber = 1 << 20

// Size is a board's dimensions: W files and H ranks, each 1..MaxSide. §11.1
type Size struct{ W, H int }

// ParseSize parses a board size written "WxH" ("8x8", "16x16", "12x10"),
// each side a decimal number from 1 to MaxSide with no leading zero.
func ParseSize(s string) (Size, error) {
	ws, hs, ok := strings.Cut(s, "x")
	if !ok {
		return Size{}, fmt.Errorf("board size %q: expected WxH such as \"8x8\", found no 'x' (§11.1)", s)
	}
	var size Size
	var err error
	if size.W, err = parseSide(s, ws, "width"); err != nil {
		return Size{}, err
	}
	if size.H, err = parseSide(s, hs, "height"); err != nil {
		return Size{}, err
	}
	return size, nil
}

func parseSide(s, side, what string) (int, error) {
	n, ok := number(side)
	if !ok || n < 1 || n > MaxSide {
		return 0, fmt.Errorf("board size %q: expected a %s from 1 to %d, found %q (§11.1)", s, what, MaxSide, side)
	}
	return n, nil
}

// number parses s as a decimal number with no sign and no leading zero
// ("0" itself is allowed). Values above maxNumber come back as maxNumber+1.
func number(s string) (int, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		if n <= maxNumber {
			n = n*10 + int(s[i]-'0')
		}
	}
	return min(n, maxNumber+1), true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// String returns the size as "WxH", e.g. "8x8".
func (s Size) String() string { return fmt.Sprintf("%dx%d", s.W, s.H) }

// Contains reports whether sq lies on a board of this size.
func (s Size) Contains(sq Square) bool {
	return 0 <= sq.File && sq.File < s.W && 0 <= sq.Rank && sq.Rank < s.H
}

// Squares returns the number of squares on the board, W*H.
func (s Size) Squares() int { return s.W * s.H }

func (s Size) check() error {
	if s.W < 1 || s.W > MaxSide || s.H < 1 || s.H > MaxSide {
		return fmt.Errorf("board size %s: expected each side from 1 to %d (§11.1)", s, MaxSide)
	}
	return nil
}

// Square is a board coordinate, 0-based file and rank; it may lie off the
// board (virtual squares, §3.6).
type Square struct{ File, Rank int }

// ParseSquare parses a square as String writes it: a name, a file letter
// a..z followed by a rank 1..MaxSide with no leading zero ("a1", "z26",
// "b12", §11.1), or the 0-based coordinates of a square outside the
// largest board ("(-1,3)", a virtual square of §3.6). Whether the square
// lies on a given board is Size.Contains.
func ParseSquare(s string) (Square, error) {
	if inner, ok := strings.CutPrefix(s, "("); ok {
		return parseVirtual(s, inner)
	}
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return Square{}, fmt.Errorf("square %q: expected a file letter a..z followed by a rank 1..%d (§11.1)", s, MaxSide)
	}
	r, ok := number(s[1:])
	if !ok || r < 1 || r > MaxSide {
		return Square{}, fmt.Errorf("square %q: expected a rank from 1 to %d after the file letter, found %q (§11.1)", s, MaxSide, s[1:])
	}
	return Square{File: int(s[0] - 'a'), Rank: r - 1}, nil
}

// parseVirtual parses "(file,rank)" after its '(' (inner), each a decimal
// integer, possibly negative, within two board sides of the largest board
// (the margin of §3.6).
func parseVirtual(s, inner string) (Square, error) {
	coord := func(t string) (int, bool) {
		neg := strings.HasPrefix(t, "-")
		n, ok := number(strings.TrimPrefix(t, "-"))
		if !ok || n > 2*MaxSide {
			return 0, false
		}
		if neg {
			n = -n
		}
		return n, true
	}
	if inner, ok := strings.CutSuffix(inner, ")"); ok {
		fs, rs, ok := strings.Cut(inner, ",")
		f, okf := coord(fs)
		r, okr := coord(rs)
		if ok && okf && okr {
			return Square{File: f, Rank: r}, nil
		}
	}
	return Square{}, fmt.Errorf("square %q: expected (file,rank), 0-based coordinates within %d of the board (§3.6)", s, 2*MaxSide)
}

// String returns the square's name, such as "a1". A square outside the
// largest board (files a..z, ranks 1..MaxSide) prints as its 0-based
// coordinates, such as "(-1,3)". It runs for every square of every
// outcome, so it avoids fmt.
func (q Square) String() string { return string(q.Append(nil)) }

// Append appends the square's name, as String writes it, to b.
func (q Square) Append(b []byte) []byte {
	if q.File < 0 || q.File >= MaxSide || q.Rank < 0 || q.Rank >= MaxSide {
		b = append(b, '(')
		b = strconv.AppendInt(b, int64(q.File), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(q.Rank), 10)
		return append(b, ')')
	}
	b = append(b, byte('a'+q.File))
	return strconv.AppendInt(b, int64(q.Rank+1), 10)
}

// Compare orders squares rank by rank from rank 1, then file by file from
// file a: the order of Position.Pieces, of the changes of an outcome and
// of every list of squares betzacheck prints. It returns -1, 0 or +1.
func (q Square) Compare(r Square) int {
	if q.Rank != r.Rank {
		return cmp.Compare(q.Rank, r.Rank)
	}
	return cmp.Compare(q.File, r.File)
}

// Add returns the square dx files and dy ranks away from q.
func (q Square) Add(dx, dy int) Square { return Square{q.File + dx, q.Rank + dy} }

// Color is a side: White or Black.
type Color uint8

// The two colours. White starts at rank 1 and moves up the ranks (§2.1).
const (
	White Color = iota
	Black
)

// String returns "white" or "black".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// Opponent returns the other colour.
func (c Color) Opponent() Color { return 1 - c }

// Piece is a square's content. The zero Piece is an empty square.
type Piece struct {
	Kind   byte  // upper-case letter 'A'..'Z'; 0 for empty
	Color  Color // owner
	Virgin bool  // has not moved yet (§3.11, §11.2)
}

// Empty reports whether the square holds no piece.
func (p Piece) Empty() bool { return p.Kind == 0 }

// String returns the piece as placement text (§11.2): its letter, upper
// case for white and lower case for black, then '*' if it has not moved
// yet ("R", "r", "R*", "n*"); "" for an empty square.
func (p Piece) String() string { return string(p.Append(nil)) }

// Append appends the piece's placement text, as String writes it, to b.
func (p Piece) Append(b []byte) []byte {
	if p.Empty() {
		return b
	}
	k := p.Kind
	if p.Color == Black {
		k += 'a' - 'A'
	}
	b = append(b, k)
	if p.Virgin {
		b = append(b, '*')
	}
	return b
}

// ParsePiece is the inverse of Piece.String: "" is the empty square,
// otherwise a letter optionally followed by '*'.
func ParsePiece(s string) (Piece, error) {
	if s == "" {
		return Piece{}, nil
	}
	p, ok := letter(s[0])
	if ok && len(s) == 2 && s[1] == '*' {
		p.Virgin = true
	} else if !ok || len(s) != 1 {
		return Piece{}, fmt.Errorf("piece %q: expected a letter optionally followed by '*' (§11.2)", s)
	}
	return p, nil
}

// letter returns the piece a placement letter stands for.
func letter(c byte) (Piece, bool) {
	switch {
	case 'A' <= c && c <= 'Z':
		return Piece{Kind: c, Color: White}, true
	case 'a' <= c && c <= 'z':
		return Piece{Kind: c - ('a' - 'A'), Color: Black}, true
	}
	return Piece{}, false
}

// Position is a placement of pieces on a board of some Size. The zero
// value is unusable; use NewPosition or ParsePosition.
type Position struct {
	size Size
	sq   []Piece // row-major: index Rank*W + File
}

// NewPosition returns an empty board of the given size. It panics if a
// side is outside 1..MaxSide (a programmer error; ParseSize checks this).
func NewPosition(size Size) *Position {
	if err := size.check(); err != nil {
		panic(err)
	}
	return &Position{size: size, sq: make([]Piece, size.Squares())}
}

// errorf returns the located error of placement text at offset (§11.3).
func errorf(offset int, format string, args ...any) *loc.Error {
	return loc.Errorf("position", offset, "§11.3", format, args...)
}

// ParsePosition parses placement text (§11.2) for a board of the given
// size: ranks from the top (rank H) down to rank 1 separated by '/'; in a
// rank, from file a, a decimal run of empty squares or a piece letter
// (upper case white, lower case black) optionally followed by '*' (has not
// moved yet). An empty board is written with runs ("8/8/8/8/8/8/8/8"); ""
// and "-" are refused. Errors in the text are *loc.Error values; an invalid
// size gives a plain error.
func ParsePosition(size Size, text string) (*Position, error) {
	if err := size.check(); err != nil {
		return nil, err
	}
	if text == "" {
		return nil, errorf(0, "empty placement, expected %d ranks separated by '/'", size.H)
	}
	p := NewPosition(size)
	w := size.W
	rank, file := size.H-1, 0 // the square the next item fills
	afterPiece := false       // the previous character was a piece letter
	tooLong := func(offset, n int) *loc.Error {
		if n > maxNumber {
			return errorf(offset, "rank %d has more than %d squares, expected %d", rank+1, w, w)
		}
		return errorf(offset, "rank %d has %d squares, expected %d", rank+1, file+n, w)
	}
	for i := 0; i < len(text); {
		c := text[i]
		pc, isLetter := letter(c)
		switch {
		case c == '/':
			if file < w {
				return nil, errorf(i, "rank %d has %d squares, expected %d", rank+1, file, w)
			}
			if rank == 0 {
				return nil, errorf(i, "more than %d ranks, expected %d", size.H, size.H)
			}
			rank, file, afterPiece = rank-1, 0, false
			i++
		case isDigit(c):
			j := i
			for j < len(text) && isDigit(text[j]) {
				j++
			}
			n, ok := number(text[i:j])
			switch {
			case !ok:
				return nil, errorf(i, "empty-square run %q in rank %d has a leading zero", text[i:j], rank+1)
			case n == 0:
				return nil, errorf(i, "empty-square run \"0\" in rank %d, expected a count from 1", rank+1)
			case file+n > w:
				return nil, tooLong(i, n)
			}
			file, afterPiece = file+n, false
			i = j
		case c == '*':
			if !afterPiece {
				return nil, errorf(i, "'*' in rank %d not after a piece letter", rank+1)
			}
			p.sq[rank*w+file-1].Virgin = true
			afterPiece = false
			i++
		case isLetter:
			if file == w {
				return nil, tooLong(i, 1)
			}
			p.sq[rank*w+file] = pc
			file, afterPiece = file+1, true
			i++
		default:
			r, _ := utf8.DecodeRuneInString(text[i:])
			return nil, errorf(i, "unexpected %q in rank %d, expected a piece letter, a digit or '/'", r, rank+1)
		}
	}
	if file < w {
		return nil, errorf(len(text), "rank %d has %d squares, expected %d", rank+1, file, w)
	}
	if rank > 0 {
		return nil, errorf(len(text), "position has %d ranks, expected %d", size.H-rank, size.H)
	}
	return p, nil
}

// Size returns the board size.
func (p *Position) Size() Size { return p.size }

// At returns the content of q; a square off the board reads as empty.
func (p *Position) At(q Square) Piece {
	if !p.size.Contains(q) {
		return Piece{}
	}
	return p.sq[q.Rank*p.size.W+q.File]
}

// AppendCells appends the content of every square to dst, rank by rank
// from rank 1, file a first in each (square q at index q.Rank·W + q.File),
// and returns the result: a copy for a caller that reads many squares.
func (p *Position) AppendCells(dst []Piece) []Piece { return append(dst, p.sq...) }

// Set puts pc on q (an empty Piece clears the square). pc.Kind must be 0
// or 'A'..'Z'. Set panics if q is off the board, which is a programmer
// error.
func (p *Position) Set(q Square, pc Piece) {
	if !p.size.Contains(q) {
		panic(fmt.Sprintf("board: Set on %s, off the %s board", q, p.size))
	}
	if pc.Empty() {
		pc = Piece{}
	}
	p.sq[q.Rank*p.size.W+q.File] = pc
}

// Clone returns an independent copy of p.
func (p *Position) Clone() *Position {
	return &Position{size: p.size, sq: append([]Piece(nil), p.sq...)}
}

// WithVirgin returns a copy of p in which every piece has not moved
// (virgin) or has (§3.11, §11.2).
func (p *Position) WithVirgin(virgin bool) *Position {
	c := p.Clone()
	for i := range c.sq {
		if !c.sq[i].Empty() {
			c.sq[i].Virgin = virgin
		}
	}
	return c
}

// String returns the canonical placement text (§11.2): adjacent empty
// squares form one run and no run is "0". ParsePosition(p.Size(),
// p.String()) equals p.
func (p *Position) String() string {
	var b strings.Builder
	w := p.size.W
	for r := p.size.H - 1; r >= 0; r-- {
		empty := 0
		for _, pc := range p.sq[r*w : (r+1)*w] {
			if pc.Empty() {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// Equal reports whether p and q have the same size and the same content
// on every square.
func (p *Position) Equal(q *Position) bool {
	if p == nil || q == nil {
		return p == q
	}
	if p.size != q.size {
		return false
	}
	for i := range p.sq {
		if p.sq[i] != q.sq[i] {
			return false
		}
	}
	return true
}

// Pieces returns the occupied squares, rank by rank from rank 1 and file
// by file from file a within a rank.
func (p *Position) Pieces() []Square {
	var out []Square
	for i, pc := range p.sq {
		if !pc.Empty() {
			out = append(out, Square{File: i % p.size.W, Rank: i / p.size.W})
		}
	}
	return out
}

// DefaultMover is the piece a setup gets when only the mover's square is
// given: a white X that has not moved yet (the corpus's default and the
// command line's).
func DefaultMover() Piece { return Piece{Kind: 'X', Color: White, Virgin: true} }

// Setup is what a notation is evaluated on: a position and the square of
// the piece that moves (§11.2: the mover is named by its square).
type Setup struct {
	Pos  *Position
	From Square
}

// Mover returns the piece that moves.
func (s Setup) Mover() Piece { return s.Pos.At(s.From) }

// String describes the setup as "board 8x8 position 8/8/8/3N4/8/8/8/8 from
// d4".
func (s Setup) String() string {
	return "board " + s.Pos.Size().String() + " position " + s.Pos.String() + " from " + s.From.String()
}

// EmptyPlacement is the placement text of an empty board of the size
// written size ("3/3/3" for "3x3"), for a setup given without a position;
// "" when size is not a board size (ParseSetup then says why).
func EmptyPlacement(size string) string {
	sz, err := ParseSize(size)
	if err != nil {
		return ""
	}
	return NewPosition(sz).String()
}

// SetupError is an error in one of the texts of a setup: Text names it
// ("board", "position", "from" or "mover") and Err says what is wrong (a
// *loc.Error for the position).
type SetupError struct {
	Text string
	Err  error
}

func (e *SetupError) Error() string {
	if e.Text == "board" || e.Text == "position" {
		return e.Err.Error() // "board size …", "position: offset …" name their text
	}
	return e.Text + ": " + e.Err.Error()
}

// Unwrap returns Err.
func (e *SetupError) Unwrap() error { return e.Err }

// ParseSetup reads a setup from its texts: the board size (§11.1), the
// placement (§11.2), the mover's square and the mover. mover is "" when the
// placement holds the mover on from; otherwise it is a piece text
// (ParsePiece) put on from when that square is empty. The square must be
// on the board and hold a piece. Errors are *SetupError.
func ParseSetup(size, placement, from, mover string) (Setup, error) {
	fail := func(text string, err error) (Setup, error) { return Setup{}, &SetupError{Text: text, Err: err} }
	sz, err := ParseSize(size)
	if err != nil {
		return fail("board", err)
	}
	pos, err := ParsePosition(sz, placement)
	if err != nil {
		return fail("position", err)
	}
	q, err := ParseSquare(from)
	if err != nil {
		return fail("from", err)
	}
	if !sz.Contains(q) {
		return fail("from", fmt.Errorf("square %s is off the %s board (§11.1)", q, sz))
	}
	if pos.At(q).Empty() && mover != "" {
		pc, err := ParsePiece(mover)
		if err != nil {
			return fail("mover", err)
		}
		pos.Set(q, pc)
	}
	if pos.At(q).Empty() {
		return fail("from", fmt.Errorf("no piece on %s to move (§11.2)", q))
	}
	return Setup{Pos: pos, From: q}, nil
}

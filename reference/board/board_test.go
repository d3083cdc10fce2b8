package board

import (
	"errors"
	"github.com/betzacheck/betzacheck/reference/loc"
	"slices"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		size   string
		text   string
		pieces int
	}{
		{"1x1", "1", 0},
		{"1x1", "K*", 1},
		{"8x8", "8/8/8/8/8/8/8/8", 0},
		{"8x8", "r*n*b*q*k*b*n*r*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*N*B*Q*K*B*N*R*", 32},
		{"8x8", "4k3/8/8/3pP3/8/8/8/R3K2R*", 6},
		{"16x16", "16/r*14R/16/16/16/16/16/10q5/16/16/16/16/16/16/16/1N*13k*", 5},
		{"26x26", strings.Repeat("26/", 25) + "a*24Z", 2},
		{"26x26", "25Q/" + strings.Repeat("26/", 24) + "26", 1},
		{"12x10", "12/12/12/12/12/12/12/12/12/z11", 1},
	}
	for _, tt := range tests {
		size, err := ParseSize(tt.size)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParsePosition(size, tt.text)
		if err != nil {
			t.Errorf("ParsePosition(%s, %q): %v", tt.size, tt.text, err)
			continue
		}
		if got := p.String(); got != tt.text {
			t.Errorf("ParsePosition(%s, %q).String() = %q", tt.size, tt.text, got)
		}
		if got := len(p.Pieces()); got != tt.pieces {
			t.Errorf("%q: %d pieces, want %d", tt.text, got, tt.pieces)
		}
		c := p.Clone()
		if !c.Equal(p) {
			t.Errorf("%q: clone differs", tt.text)
		}
		c.Set(Square{0, 0}, Piece{Kind: 'X', Color: Black})
		if c.Equal(p) || p.At(Square{0, 0}).Kind == 'X' {
			t.Errorf("%q: clone shares squares with the original", tt.text)
		}
	}
}

func TestPositionAccess(t *testing.T) {
	p, err := ParsePosition(Size{8, 8}, "4k3/8/8/8/8/8/8/R3K2R*")
	if err != nil {
		t.Fatal(err)
	}
	at := func(s string) Piece {
		sq, err := ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return p.At(sq)
	}
	if got, want := at("e8"), (Piece{Kind: 'K', Color: Black}); got != want {
		t.Errorf("e8 = %+v, want %+v", got, want)
	}
	if got, want := at("h1"), (Piece{Kind: 'R', Virgin: true}); got != want {
		t.Errorf("h1 = %+v, want %+v", got, want)
	}
	if !at("e4").Empty() || !p.At(Square{-1, 0}).Empty() || !p.At(Square{0, 8}).Empty() {
		t.Error("empty or off-board square reads as occupied")
	}
	want := []Square{{0, 0}, {4, 0}, {7, 0}, {4, 7}}
	if got := p.Pieces(); !slices.Equal(got, want) {
		t.Errorf("Pieces() = %v, want %v", got, want)
	}
	p.Set(Square{4, 7}, Piece{Virgin: true}) // an empty piece clears the square
	if got := p.String(); got != "8/8/8/8/8/8/8/R3K2R*" {
		t.Errorf("after clearing e8: %q", got)
	}
	if p.Equal(NewPosition(Size{8, 7})) || p.Equal(nil) {
		t.Error("positions of different sizes compare equal")
	}
	defer func() {
		if recover() == nil {
			t.Error("Set off the board did not panic")
		}
	}()
	p.Set(Square{8, 0}, Piece{Kind: 'K'})
}

func TestParsePositionErrors(t *testing.T) {
	eight := "8/8/8/8/8/8/8/"
	tests := []struct {
		size   Size
		text   string
		offset int
		msg    string
	}{
		{Size{8, 8}, "", 0, "empty placement, expected 8 ranks"},
		{Size{8, 8}, "-", 0, "unexpected '-' in rank 8, expected a piece letter, a digit or '/'"},
		{Size{8, 8}, "8/8/?", 4, "unexpected '?' in rank 6"},
		{Size{8, 8}, "8/8/8/8/8/8/8/7é", 15, "unexpected 'é' in rank 1"},
		{Size{8, 8}, "8/8/8/8/8/8/8/8 ", 15, "unexpected ' '"},
		{Size{8, 8}, "8/8/9/8/8/8/8/8", 4, "rank 6 has 9 squares, expected 8"},
		{Size{8, 8}, "8/8/8/R7R/8/8/8/8", 8, "rank 5 has 9 squares, expected 8"},
		{Size{8, 8}, "8/8/8/8/8/8/8/4R4", 16, "rank 1 has 9 squares, expected 8"},
		{Size{8, 8}, "8/8/7/8/8/8/8/8", 5, "rank 6 has 7 squares, expected 8"},
		{Size{8, 8}, "8//8/8/8/8/8/8/8", 2, "rank 7 has 0 squares, expected 8"},
		{Size{8, 8}, eight + "7", 15, "rank 1 has 7 squares, expected 8"},
		{Size{8, 8}, "8/8/8/8/8/8/8", 13, "position has 7 ranks, expected 8"},
		{Size{8, 8}, eight + "8/8", 15, "more than 8 ranks, expected 8"},
		{Size{8, 8}, eight + "8/", 15, "more than 8 ranks, expected 8"},
		{Size{8, 8}, "*7/8/8/8/8/8/8/8", 0, "'*' in rank 8 not after a piece letter"},
		{Size{8, 8}, "R**6/8/8/8/8/8/8/8", 2, "'*' in rank 8 not after a piece letter"},
		{Size{8, 8}, "1*7/8/8/8/8/8/8/8", 1, "'*' in rank 8 not after a piece letter"},
		{Size{8, 8}, "8/*", 2, "'*' in rank 7 not after a piece letter"},
		{Size{8, 8}, "8/0R7", 2, `empty-square run "0" in rank 7`},
		{Size{8, 8}, "8/08", 2, `empty-square run "08" in rank 7 has a leading zero`},
		{Size{8, 8}, "8/R00", 3, `empty-square run "00" in rank 7 has a leading zero`},
		{Size{8, 8}, "8/R99999999999999999999999999", 3, "rank 7 has more than 8 squares, expected 8"},
		{Size{16, 16}, "17/", 0, "rank 16 has 17 squares, expected 16"},
		{Size{1, 1}, "KK", 1, "rank 1 has 2 squares, expected 1"},
	}
	for _, tt := range tests {
		_, err := ParsePosition(tt.size, tt.text)
		var e *loc.Error
		if !errors.As(err, &e) {
			t.Errorf("ParsePosition(%s, %q) = %v, want *loc.Error", tt.size, tt.text, err)
			continue
		}
		if e.Offset != tt.offset || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("ParsePosition(%s, %q):\n got %v\nwant position:%d: ...%s...", tt.size, tt.text, err, tt.offset, tt.msg)
		}
	}
	for _, size := range []Size{{0, 8}, {8, 27}, {-1, 1}} {
		if _, err := ParsePosition(size, "8"); err == nil {
			t.Errorf("ParsePosition(%s) accepted an invalid size", size)
		}
	}
}

func TestErrorString(t *testing.T) {
	_, err := ParsePosition(Size{8, 8}, "8/8/9/8/8/8/8/8")
	if got, want := err.Error(), "position: offset 4: rank 6 has 9 squares, expected 8 (§11.3)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want Size
		err  string // substring of the error; "" means no error
	}{
		{"8x8", Size{8, 8}, ""},
		{"16x16", Size{16, 16}, ""},
		{"12x10", Size{12, 10}, ""},
		{"1x1", Size{1, 1}, ""},
		{"26x26", Size{26, 26}, ""},
		{"0x8", Size{}, `expected a width from 1 to 26, found "0"`},
		{"8x27", Size{}, `expected a height from 1 to 26, found "27"`},
		{"08x8", Size{}, `found "08"`},
		{"8", Size{}, "expected WxH"},
		{"", Size{}, "expected WxH"},
		{"8X8", Size{}, "expected WxH"},
		{"8x", Size{}, `expected a height from 1 to 26, found ""`},
		{"x8", Size{}, `expected a width`},
		{"8x8x8", Size{}, `found "8x8"`},
		{" 8x8", Size{}, `found " 8"`},
		{"-8x8", Size{}, `found "-8"`},
		{"99999999999999999999999x8", Size{}, "expected a width"},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if tt.err == "" {
			if err != nil || got != tt.want {
				t.Errorf("ParseSize(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			} else if got.String() != tt.in {
				t.Errorf("ParseSize(%q).String() = %q", tt.in, got)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseSize(%q) error = %v, want one containing %q", tt.in, err, tt.err)
		}
	}
	s := Size{12, 10}
	if s.Squares() != 120 || !s.Contains(Square{11, 9}) || s.Contains(Square{12, 0}) || s.Contains(Square{0, -1}) {
		t.Error("Size{12,10}: Squares/Contains wrong")
	}
}

func TestParseSquare(t *testing.T) {
	tests := []struct {
		in   string
		want Square
		err  string
	}{
		{"a1", Square{0, 0}, ""},
		{"z26", Square{25, 25}, ""},
		{"b12", Square{1, 11}, ""},
		{"h8", Square{7, 7}, ""},
		{"", Square{}, "expected a file letter a..z"},
		{"A1", Square{}, "expected a file letter a..z"},
		{"1a", Square{}, "expected a file letter a..z"},
		{"a", Square{}, `expected a rank from 1 to 26 after the file letter, found ""`},
		{"a0", Square{}, `found "0"`},
		{"a01", Square{}, `found "01"`},
		{"a27", Square{}, `found "27"`},
		{"a1 ", Square{}, `found "1 "`},
		{"a99999999999999999999999", Square{}, "expected a rank"},
	}
	for _, tt := range tests {
		got, err := ParseSquare(tt.in)
		if tt.err == "" {
			if err != nil || got != tt.want {
				t.Errorf("ParseSquare(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			} else if got.String() != tt.in {
				t.Errorf("ParseSquare(%q).String() = %q", tt.in, got)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseSquare(%q) error = %v, want one containing %q", tt.in, err, tt.err)
		}
	}
	for _, tt := range []struct {
		q    Square
		want string
	}{{Square{-1, 3}, "(-1,3)"}, {Square{26, 0}, "(26,0)"}, {Square{0, 26}, "(0,26)"}, {Square{3, 2}.Add(-1, 5), "c8"}} {
		if got := tt.q.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.q, got, tt.want)
		}
	}
}

func TestPieceAndColor(t *testing.T) {
	tests := []struct {
		in   string
		want Piece
	}{
		{"", Piece{}},
		{"R", Piece{Kind: 'R'}},
		{"r", Piece{Kind: 'R', Color: Black}},
		{"R*", Piece{Kind: 'R', Virgin: true}},
		{"n*", Piece{Kind: 'N', Color: Black, Virgin: true}},
	}
	for _, tt := range tests {
		got, err := ParsePiece(tt.in)
		if err != nil || got != tt.want || got.String() != tt.in {
			t.Errorf("ParsePiece(%q) = %+v, %v (String %q); want %+v", tt.in, got, err, got.String(), tt.want)
		}
	}
	for _, bad := range []string{"*", "R**", "RR", "1", "?", "-"} {
		if _, err := ParsePiece(bad); err == nil {
			t.Errorf("ParsePiece(%q) accepted", bad)
		}
	}
	if White.String() != "white" || Black.String() != "black" || White.Opponent() != Black || Black.Opponent() != White {
		t.Error("Color String/Opponent wrong")
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"8/8/8/8/8/8/8/8", "r*n*b*q*k*b*n*r*/8/8/8/8/8/8/R*N*B*Q*K*B*N*R*", "1", "K*", "08", "0", "R**", "9999999999999999999999", "8/8/?", "16/15r*"} {
		f.Add(uint8(8), uint8(8), s)
	}
	f.Add(uint8(1), uint8(1), "k*")
	f.Add(uint8(16), uint8(2), "16/1N*13k*")
	f.Fuzz(func(t *testing.T, w, h uint8, text string) {
		size := Size{1 + int(w)%MaxSide, 1 + int(h)%MaxSide}
		p, err := ParsePosition(size, text)
		if err != nil {
			var e *loc.Error
			if errors.As(err, &e) && (e.Offset < 0 || e.Offset > len(text)) {
				t.Fatalf("offset %d outside input of length %d", e.Offset, len(text))
			}
			return
		}
		s := p.String()
		if s != text {
			t.Errorf("ParsePosition(%s, %q).String() = %q", size, text, s)
		}
		q, err := ParsePosition(size, s)
		if err != nil || !q.Equal(p) {
			t.Fatalf("re-parsing %q: %v", s, err)
		}
	})
}

// TestParseSquareVirtual: ParseSquare reads back what String writes, on
// the largest board and off it (§3.6), and refuses the rest.
func TestParseSquareVirtual(t *testing.T) {
	for in, want := range map[string]Square{"a1": {File: 0, Rank: 0}, "z26": {File: 25, Rank: 25}, "(-1,3)": {File: -1, Rank: 3}, "(26,0)": {File: 26, Rank: 0}, "(-52,52)": {File: -52, Rank: 52}} {
		got, err := ParseSquare(in)
		if err != nil || got != want || got.String() != in {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "a0", "a27", "(1,2", "(x,1)", "(1000,1)", "(53,0)", "(01,2)", "(--1,2)", "(1,2,3)", "A1"} {
		if q, err := ParseSquare(in); err == nil {
			t.Errorf("ParseSquare(%q) = %v, want an error", in, q)
		}
	}
}

// TestSquareCompare: rank by rank from rank 1, then file by file.
func TestSquareCompare(t *testing.T) {
	sqs := []Square{{2, 1}, {0, 0}, {1, 1}, {5, 0}, {-1, 1}}
	slices.SortFunc(sqs, Square.Compare)
	want := []Square{{0, 0}, {5, 0}, {-1, 1}, {1, 1}, {2, 1}}
	if !slices.Equal(sqs, want) {
		t.Errorf("sorted %v, want %v", sqs, want)
	}
}

// TestParseSetup: the one reader of a setup's texts, with its errors.
func TestParseSetup(t *testing.T) {
	s, err := ParseSetup("4x4", "4/4/4/4", "b2", "N*")
	if err != nil || s.Mover() != (Piece{Kind: 'N', Virgin: true}) || s.String() != "board 4x4 position 4/4/1N*2/4 from b2" {
		t.Errorf("ParseSetup with a mover: %v, %v", s, err)
	}
	if s, err := ParseSetup("4x4", "4/4/1r2/4", "b2", "N"); err != nil || s.Mover() != (Piece{Kind: 'R', Color: Black}) {
		t.Errorf("the placement's piece on from is the mover: %v, %v", s, err)
	}
	for _, tt := range []struct{ size, placement, from, mover, err string }{
		{"4x", "4/4/4/4", "a1", "N", "board size"},
		{"4x4", "4/4/4", "a1", "N", "position: offset 5"},
		{"4x4", "4/4/4/4", "e1", "N", "from: square e1 is off the 4x4 board (§11.1)"},
		{"4x4", "4/4/4/4", "a0", "N", "from: square"},
		{"4x4", "4/4/4/4", "a1", "", "from: no piece on a1 to move (§11.2)"},
		{"4x4", "4/4/4/4", "a1", "?", "mover: piece"},
	} {
		if _, err := ParseSetup(tt.size, tt.placement, tt.from, tt.mover); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseSetup(%q, %q, %q, %q) = %v, want an error with %q", tt.size, tt.placement, tt.from, tt.mover, err, tt.err)
		}
	}
}

// TestEmptyPlacement: the placement of an empty board of a size, or ""
// for a text that is not a size.
func TestEmptyPlacement(t *testing.T) {
	for size, want := range map[string]string{"3x3": "3/3/3", "10x2": "10/10", "1x1": "1", "3by3": "", "27x1": ""} {
		if got := EmptyPlacement(size); got != want {
			t.Errorf("EmptyPlacement(%q) = %q, want %q", size, got, want)
		}
	}
}

// TestWithVirgin: every piece, and only a piece, gets the flag; the
// position itself is not changed.
func TestWithVirgin(t *testing.T) {
	p, err := ParsePosition(Size{W: 3, H: 1}, "X*1p")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.WithVirgin(true).String(); got != "X*1p*" {
		t.Errorf("all unmoved: %s", got)
	}
	if got := p.WithVirgin(false).String(); got != "X1p" {
		t.Errorf("all moved: %s", got)
	}
	if p.String() != "X*1p" {
		t.Errorf("the position changed: %s", p)
	}
}

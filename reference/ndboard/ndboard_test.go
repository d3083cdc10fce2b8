package ndboard_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/ndboard"
)

// TestTexts: sizes, square names and placements read back as written
// (§S11.1–§S11.3).
func TestTexts(t *testing.T) {
	for _, c := range []struct{ size, placement, square string }{
		{"8x8", "8/8/8/3N4/8/8/8/8", "d5"},
		{"5x5x5", "5/5/5/5/5//5/5/2P2/5/5//5/5/3p1/5/5//5/5/5/5/5//5/5/5/5/5", "c3.3"},
		{"3x3x3x3", "1P1/P2/1P1//3/3/3//3/3/3///3/3/3//3/3/3//3/3/3///3/3/3//3/3/X*2//3/3/3", "a1.1.1"},
		{"1x1x1x1x1x1x1x1", "X", "a1.1.1.1.1.1.1"},
	} {
		size, err := ndboard.ParseSize(c.size)
		if err != nil || size.String() != c.size {
			t.Errorf("ParseSize(%q) = %v, %v", c.size, size, err)
			continue
		}
		pos, err := ndboard.ParsePosition(size, c.placement)
		if err != nil {
			t.Errorf("ParsePosition(%s, %q): %v", c.size, c.placement, err)
			continue
		}
		if got := pos.String(); got != c.placement {
			t.Errorf("%s: %q reads back as %q", c.size, c.placement, got)
		}
		q, err := ndboard.ParseSquare(size, c.square)
		if err != nil || q.String() != c.square {
			t.Errorf("ParseSquare(%s, %q) = %v, %v", c.size, c.square, q, err)
		}
		if len(size.Levels()) != size.Squares()/size.Plane().Squares() {
			t.Errorf("%s: %d levels", c.size, len(size.Levels()))
		}
	}
}

// TestErrors: every text that does not read is a located error with its
// clause, never a panic.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		text, in string
		read     func(string) error
		offset   int
		clause   string
		msg      string
	}{
		{"5x5x", "board", size, 4, "§S11.1", "expected a side"},
		{"5", "board", size, 1, "§S11.1", "expected 'x' and a further side"},
		{"5x05", "board", size, 2, "§S11.1", "expected a side"},
		{"5x27", "board", size, 2, "§S11.1", "expected a side"},
		{"2x2x2x2x2x2x2x2x2", "board", size, 16, "§S11.1", "at most 8 sides"},
		{"c3", "square", square, 2, "§S11.2", "expected '.' and coordinate 3"},
		{"c3.3.3", "square", square, 4, "§S11.2", "expected the end of the name"},
		{"c3.0", "square", square, 3, "§S11.2", "expected coordinate 3"},
		{"f3.3", "square", square, 0, "§S11.2", "off it"},
		{".3", "square", square, 0, "§S11.2", "expected a file letter"},
		{"5/5/5/5/5//5/5/5/5/5", "position", placement, 20, "§S11.3", "expected 5 blocks of axis 3"},
		{"5/5/5/5/5///5/5/5/5/5", "position", placement, 9, "§S11.3", "at most 2 slashes"},
		{"5/5/5/5/5//5/5/5/5/5//5/5/5/5/5//5/5/5/5/5//5/5/5/5/5//5/5/5/5/5", "position", placement, 53, "§S11.3", "expected 5 blocks of axis 3"},
		{"5/5/5/5/5//5/5/5/5/5//5/5/6/5/5//5/5/5/5/5//5/5/5/5/5", "position", placement, 26, "§11.3", "rank 3 has 6 squares"},
	} {
		err := c.read(c.text)
		var le *loc.Error
		switch {
		case !errors.As(err, &le):
			t.Errorf("%q: %v, want a located error", c.text, err)
		case le.In != c.in || le.Offset != c.offset || le.Clause != c.clause || !strings.Contains(le.Msg, c.msg):
			t.Errorf("%q: %v (in %s), want %s at %d under %s containing %q", c.text, le, le.In, c.in, c.offset, c.clause, c.msg)
		}
	}
}

var cube = ndboard.NewSize(5, 5, 5)

func size(s string) error { _, err := ndboard.ParseSize(s); return err }

func square(s string) error { _, err := ndboard.ParseSquare(cube, s); return err }

func placement(s string) error { _, err := ndboard.ParsePosition(cube, s); return err }

// TestTwoDimensions: on a 2-D board the names, the placement text and the
// outcome keys are the 2-D board's (§S11, 2.0 §10.3, §11).
func TestTwoDimensions(t *testing.T) {
	s2, err := board.ParseSetup("5x4", "2p2/5/1P3/5", "c1", "X*")
	if err != nil {
		t.Fatal(err)
	}
	s := ndboard.FromBoard(s2)
	if s.Pos.String() != s2.Pos.String() || s.From.String() != s2.From.String() || s.Pos.Size().String() != "5x4" {
		t.Errorf("FromBoard: %s %s %s, want %s", s.Pos.Size(), s.Pos, s.From, s2)
	}
	to := s.Pos.Square(ndboard.Vec{2, 3})
	o := ndboard.Outcome{To: to, Changes: []ndboard.Change{{Square: s.From}, {Square: to, Piece: board.Piece{Kind: 'X'}}}}
	if o.Key() != "c4 c1= c4=X" {
		t.Errorf("key %q, want the 2-D key c4 c1= c4=X", o.Key())
	}
	back, err := ndboard.ParseKey(s.Pos.Size(), o.Key())
	if err != nil || back.Key() != o.Key() {
		t.Errorf("ParseKey(%q) = %v, %v", o.Key(), back, err)
	}
	if _, err := ndboard.ParseKey(s.Pos.Size(), "c4 c4=X c1="); err == nil {
		t.Error("ParseKey accepts changes out of order")
	}
}

// TestLevelNames: a level is named by what its squares' names add to
// their 2-D names (§S11.2), and its squares are named from that and their
// file and rank.
func TestLevelNames(t *testing.T) {
	for _, c := range []struct {
		size  string
		names []string // in the order of Levels
	}{
		{"8x8", []string{""}},
		{"3x3x3", []string{".3", ".2", ".1"}},
		{"2x2x2x2", []string{".2.2", ".1.2", ".2.1", ".1.1"}},
	} {
		size, _ := ndboard.ParseSize(c.size)
		var got []string
		for _, lv := range size.Levels() {
			name := size.LevelName(lv)
			got = append(got, name)
			q := ndboard.Square{Dims: size.Dims(), At: lv}
			q.At[0], q.At[1] = 1, 2
			if want := "b3" + name; q.String() != want || q.Plane() != (board.Square{File: 1, Rank: 2}) {
				t.Errorf("%s: the square b3 of level %q is %s on %v", c.size, name, q, q.Plane())
			}
		}
		if strings.Join(got, " ") != strings.Join(c.names, " ") {
			t.Errorf("%s: levels %q, want %q", c.size, got, c.names)
		}
	}
}

// TestEffect: an n-dimensional outcome read against its setup, as
// eval.Outcome.Effect reads a 2-D one: a move, a capture, a locust capture
// and a stay.
func TestEffect(t *testing.T) {
	// black pieces on b2.2 and a1.1, the mover on a2.1
	s, err := ndboard.ParseSetup("3x3x3", "3/3/3//3/1p1/3//3/3/p2", "a2.1", "X")
	if err != nil {
		t.Fatal(err)
	}
	size := s.Pos.Size()
	for _, c := range []struct{ key, want string }{
		{"a3.1 a2.1= a3.1=X", "moves a3.1 removed [] put []"},
		{"a1.1 a1.1=X a2.1=", "captures a1.1 removed [] put []"},
		{"c2.3 a2.1= b2.2= c2.3=X", "moves c2.3 removed [b2.2] put []"},
		{"a2.1", "stays a2.1 removed [] put []"},
		{"a3.1 a2.1= a3.1=X c3.3=P", "moves a3.1 removed [] put [c3.3=P]"},
	} {
		o, err := ndboard.ParseKey(size, c.key)
		if err != nil {
			t.Fatal(err)
		}
		ef := o.Effect(s)
		end := map[eval.MoverEnd]string{eval.MoverMoves: "moves", eval.MoverCaptures: "captures", eval.MoverStays: "stays"}[ef.End]
		var put []string
		for _, p := range ef.Put {
			put = append(put, p.Square.String()+"="+p.Piece.String())
		}
		if got := fmt.Sprintf("%s %s removed %v put %v", end, ef.To, ef.Removed, put); got != c.want {
			t.Errorf("%s: %s, want %s", c.key, got, c.want)
		}
	}
}

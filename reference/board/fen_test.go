package board_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// TestReadSetup: a position text may be a FEN (§11.4); its placement is
// read as ParseSetup reads one, its en-passant square is kept, the other
// fields become notes, and a bad field is located at its offset.
func TestReadSetup(t *testing.T) {
	s, fen, err := board.ReadSetup("8x8", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[Qp] b KQkq e3 0 2", "b8", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Mover().String(); got != "n" {
		t.Errorf("mover %s, want n", got)
	}
	if fen.EnPassant == nil || fen.EnPassant.String() != "e3" {
		t.Errorf("en passant %v, want e3", fen.EnPassant)
	}
	if len(fen.Notes) != 2 || !strings.Contains(fen.Notes[0], "holdings [Qp]") || !strings.Contains(fen.Notes[1], "side to move b, castling rights KQkq, halfmove clock 0, fullmove number 2") {
		t.Errorf("notes %q", fen.Notes)
	}
	if _, fen, err := board.ReadSetup("3x3", "", "b2", "X"); err != nil || fen.EnPassant != nil || fen.Notes != nil {
		t.Errorf("empty text: %v, %+v; want an empty board and nothing else", err, fen)
	}
	for _, tt := range []struct {
		text   string
		offset int
		msg    string
	}{
		{"8/8/8/8/8/8/8/8 x", 16, `side to move "x"`},
		{"8/8/8/8/8/8/8/8 w KQ-", 18, `castling rights "KQ-"`},
		{"8/8/8/8/8/8/8/8 w - i9", 20, `en-passant square "i9"`},
		{"8/8/8/8/8/8/8/8 w - - x", 22, `halfmove clock "x"`},
		{"8/8/8/8/8/8/8/8 w - - 0 1 2", 26, "6 fields"},
		{"8/8/8/8/8/8/8/8  w", 16, "empty side to move"},
		{"8/8/8/8/8/8/8/8[Q w", 17, "holdings \"[Q\" not closed"}, // where the ']' is expected
	} {
		_, _, err := board.ReadSetup("8x8", tt.text, "d4", "X")
		var le *loc.Error
		if !errors.As(err, &le) || le.Offset != tt.offset || !strings.Contains(le.Msg, tt.msg) || le.Clause != "§11.4" {
			t.Errorf("%q: %v, want %q at offset %d (§11.4)", tt.text, err, tt.msg, tt.offset)
		}
	}
}

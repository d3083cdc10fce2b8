package board

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/loc"
)

// FEN is a position text as a user writes it (§11.4): the placement of
// §11.2, then, as in Forsyth-Edwards Notation, the side to move, the
// castling rights, the en-passant square and the two move counters, each
// optional from the end; Fairy-Stockfish's holdings in brackets may
// follow the placement.
type FEN struct {
	// Placement is the placement text, a prefix of the text read, so that
	// an offset into it is an offset into the text (ParsePosition).
	Placement string
	// EnPassant is the en-passant target square the text gives (the
	// square a pawn passed over), nil for "-" or no such field.
	EnPassant *Square
	// Notes say what was read and ignored, one line each: the side to
	// move, the castling rights, the counters, the holdings.
	Notes []string
}

// fenError is an error in the fields after the placement.
func fenError(offset int, format string, args ...any) *loc.Error {
	return loc.Errorf("position", offset, "§11.4", format, args...)
}

// ReadFEN splits a position text into its placement and the fields after
// it (§11.4), for a board of the given size (the en-passant square must be
// on it). The placement is not read here (ParsePosition reads it); the
// fields are checked: the side "w" or "b", the castling rights "-" or
// letters (KQkq, or files as Shredder-FEN writes them), the en-passant
// square "-" or a square, the counters decimal numbers. A field that is
// neither is a located error.
func ReadFEN(size Size, text string) (FEN, error) {
	placement, rest, _ := strings.Cut(text, " ")
	f := FEN{Placement: placement}
	if open := strings.IndexByte(placement, '['); open >= 0 {
		if !strings.HasSuffix(placement, "]") {
			return FEN{}, fenError(len(placement), "holdings %q not closed, expected ']' at the end of the placement", placement[open:])
		}
		f.Placement = placement[:open]
		f.Notes = append(f.Notes, fmt.Sprintf("holdings %s read and ignored: a notation moves pieces on the board", placement[open:]))
	}
	if rest == "" && !strings.Contains(text, " ") {
		return f, nil
	}
	offset := len(placement) + 1
	fields := strings.Split(rest, " ")
	names := []string{"side to move", "castling rights", "en-passant square", "halfmove clock", "fullmove number"}
	if len(fields) > len(names) {
		at := offset + len(strings.Join(fields[:len(names)], " ")) + 1 // the first field too many
		return FEN{}, fenError(at, "%d fields after the placement, expected at most %d (side, castling, en passant, halfmove clock, fullmove number)", len(fields), len(names))
	}
	var ignored []string
	for i, field := range fields {
		switch {
		case field == "":
			return FEN{}, fenError(offset, "empty %s, expected one space between fields", names[i])
		case i == 0 && field != "w" && field != "b":
			return FEN{}, fenError(offset, "side to move %q, expected w or b", field)
		case i == 1 && field != "-" && strings.Trim(field, "KQkqABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") != "":
			return FEN{}, fenError(offset, "castling rights %q, expected - or letters (KQkq)", field)
		case i == 2 && field != "-":
			q, err := ParseSquare(field)
			if err != nil || !size.Contains(q) {
				return FEN{}, fenError(offset, "en-passant square %q, expected - or a square of the %s board", field, size)
			}
			f.EnPassant = &q
		case i >= 3:
			if _, err := strconv.ParseUint(field, 10, 32); err != nil {
				return FEN{}, fenError(offset, "%s %q, expected a number", names[i], field)
			}
		}
		if i != 2 {
			ignored = append(ignored, names[i]+" "+field)
		}
		offset += len(field) + 1
	}
	if len(ignored) > 0 {
		f.Notes = append(f.Notes, strings.Join(ignored, ", ")+" read and ignored: the mover is the piece on its square, whatever its side; a piece that has not moved is marked '*'")
	}
	return f, nil
}

// ReadSetup is ParseSetup for a position text as a user writes it: a
// placement or a FEN (§11.4, ReadFEN), "" for an empty board. It returns
// the setup and what the FEN said besides the placement (its en-passant
// square and its notes). Errors are *SetupError.
func ReadSetup(size, text, from, mover string) (Setup, FEN, error) {
	sz, err := ParseSize(size)
	if err != nil {
		return Setup{}, FEN{}, &SetupError{Text: "board", Err: err}
	}
	if text == "" {
		text = NewPosition(sz).String()
	}
	fen, err := ReadFEN(sz, text)
	if err != nil {
		return Setup{}, FEN{}, &SetupError{Text: "position", Err: err}
	}
	s, err := ParseSetup(size, fen.Placement, from, mover)
	if err != nil {
		return Setup{}, FEN{}, err
	}
	return s, fen, nil
}

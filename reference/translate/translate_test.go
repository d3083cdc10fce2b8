package translate_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/translate"
)

func TestTranslate(t *testing.T) {
	for _, c := range []struct{ from, to, src, want string }{
		{"betza2", "betza2", "cmtoK-bK-mQ", "mctoK-bK-mQ"}, // the canonical form
		{"spanish", "betza2", "D:n+", "R"},
		{"spanish", "betza2", "S:n(2,1)", "Nrf0"},
		{"bracket", "betza2", "[R-sR]", "R-sR"},
		{"betza-classic", "betza2", "NN", "Nrf0"},
		{"betza2", "spanish", "R", "D:n+"},
		{"bracket", "spanish", "[W]", "D:1+"},
	} {
		got, err := translate.Translate(c.from, c.to, c.src)
		if err != nil || got != c.want {
			t.Errorf("%s→%s %q = %q, %v; want %q", c.from, c.to, c.src, got, err, c.want)
		}
	}
}

func TestErrors(t *testing.T) {
	if _, err := translate.Lookup("klingon"); err == nil {
		t.Error("unknown dialect accepted")
	}
	var de *loc.Error
	if _, err := translate.ToBetza2("betza2", "W-"); !errors.As(err, &de) || de.Offset != 2 {
		t.Errorf("betza2 syntax error: %v", err)
	}
	var ne *dialect.NoEquivalentError
	if _, err := translate.FromBetza2("bracket", "mcB-xaK"); !errors.As(err, &ne) {
		t.Errorf("eruption into bracket: %v, want no equivalent", err)
	}
	for _, name := range translate.Names() {
		if _, err := translate.Lookup(name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestNames: every dialect name of package dialect is one translate reads,
// and the dialect it returns answers to that name.
func TestNames(t *testing.T) {
	for _, name := range []string{dialect.Betza2, dialect.Bracket, dialect.Classic, dialect.Spanish, dialect.XBetza} {
		d, err := translate.Lookup(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if d.Name() != name {
			t.Errorf("Lookup(%q).Name() = %q", name, d.Name())
		}
		if !slices.Contains(translate.Names(), name) {
			t.Errorf("Names() lacks %q", name)
		}
	}
}

// TestCheckEnPassant: a position with an en-passant square refuses the
// en-passant e of XBetza and of the classic xboard profile (§11.5), and
// nothing else.
func TestCheckEnPassant(t *testing.T) {
	e3 := board.Square{File: 4, Rank: 2}
	for _, tt := range []struct {
		dialect, src string
		ep           *board.Square
		refused      bool
	}{
		{dialect.XBetza, "fmWfceF", &e3, true},
		{dialect.XBetza, "fmWfceF", nil, false},
		{dialect.XBetza, "fmWfcF", &e3, false},
		{dialect.Classic + ":xboard", "fmWfceF", &e3, true},
		{dialect.Classic + ":fairy-stockfish", "fmWfceF", &e3, false},
		{dialect.Betza2, "cR-ebR", &e3, false},
	} {
		err := translate.CheckEnPassant(tt.dialect, tt.src, tt.ep)
		if (err != nil) != tt.refused {
			t.Errorf("CheckEnPassant(%s, %q, %v) = %v, want refused %v", tt.dialect, tt.src, tt.ep, err, tt.refused)
		}
		if err != nil && !strings.Contains(err.Error(), "§11.5") {
			t.Errorf("%v: want the clause §11.5", err)
		}
	}
}

package dialect_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// TestLosses pins what each dialect's reading says it loses: the part,
// where it is written, and the clause, each part once however many paths
// pass through it; a reading that keeps everything says nothing.
func TestLosses(t *testing.T) {
	for _, c := range []struct {
		dialect, src string
		want         string // "offset part clause" per loss, "; " between
	}{
		// A profile that skips what it does not know (§C5.1), and what
		// it reads as no move or ignores.
		{"betza-classic:fairy-stockfish", "afsW", `0 "a" §C5.1`},
		{"betza-classic:fairy-stockfish", "mafsmafW", `1 "a" §C5.1; 5 "a" §C5.1`},
		{"betza-classic:fairy-stockfish", "W10", `2 "0" §C5.1`},
		{"betza-classic:fairy-stockfish", "DD", `0 "DD" §C5.1`},
		{"betza-classic:fairy-stockfish", "pN", `0 "pN" §C5.1`},
		{"betza-classic:fairy-stockfish", "nR", `0 "n" §C4.6`},
		{"betza-classic:fairy-stockfish", "fmWfceF", `5 "e" §C5.8`},
		{"betza-classic:fairy-stockfish", "jR", `0 "j" §C5.7`},
		{"betza-classic:fairy-stockfish", "Wfm", `1 "fm" §C5.1`},
		{"betza-classic:fairy-stockfish", "Wé", `1 "é" §C5.1`},
		{"betza-classic:fairy-stockfish", "mRcpR", ``},
		{"betza-classic:xboard", "fmWfceF", `5 "e" §C5.8`},
		{"betza-classic:xboard", "nW", `0 "n" §C4.6`},
		{"betza-classic:xboard", "nN", ``},
		{"betza-classic:betza", "fmWfcF", ``},
		// XBetza: the e a position never uses (§X4.9), the n that
		// changes nothing (§X4.6).
		{"xbetza", "fmWfceF", `5 "e" §X4.9`},
		{"xbetza", "feF", `1 "e" §X4.9`},
		{"xbetza", "nW", `0 "n" §X4.6`},
		{"xbetza", "nR", `0 "n" §X4.6`},
		{"xbetza", "nN", ``},
		{"xbetza", "mafsmafW", ``},
		{"xbetza", "fmWfceFifmnD", `5 "e" §X4.9`},
		// The bracket dialect's meaningless modifiers (§B4.7).
		{"bracket", "hW", `0 "h" §B4.7`},
		{"bracket", "vhN", `1 "h" §B4.7`},
		{"bracket", "nW", `0 "n" §B4.7`},
		{"bracket", "jR", `0 "j" §B4.7`},
		{"bracket", "[pR]", `1 "p" §B4.7`},
		{"bracket", "[cpR]", `2 "p" §B4.7`},
		{"bracket", "[pR-R]", ``},
		{"bracket", "[pR?R]", `1 "p" §B4.7`},
		{"bracket", "fhN", ``},
		{"bracket", "[R-sR]", ``},
		// Betza 2.0 itself loses nothing.
		{"betza2", "mpR-R", ``},
	} {
		d, err := translate.Lookup(c.dialect)
		if err != nil {
			t.Fatal(err)
		}
		_, lost, err := dialect.Read(d, c.src)
		if err != nil {
			t.Errorf("%s %s: %v", c.dialect, c.src, err)
			continue
		}
		var got []string
		for _, l := range lost {
			if l.Clause() == "" || c.src[l.Offset:l.Offset+len(l.Part)] != l.Part {
				t.Errorf("%s %s: malformed loss %+v", c.dialect, c.src, l)
			}
			got = append(got, fmt.Sprintf("%d %q %s", l.Offset, l.Part, l.Clause()))
		}
		if g := strings.Join(got, "; "); g != c.want {
			t.Errorf("%s %s: losses %q, want %q", c.dialect, c.src, g, c.want)
		}
	}
}

package classic_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
)

// TestLosses pins what each profile's reading says it loses: the part,
// where it is, and the clause; a reading that keeps everything says
// nothing.
func TestLosses(t *testing.T) {
	for _, c := range []struct {
		profile, src string
		want         string // "offset part clause" per loss, "; " between
	}{
		{"fairy-stockfish", "afsW", `0 "a" §C5.1`},
		{"fairy-stockfish", "mafsmafW", `1 "a" §C5.1; 5 "a" §C5.1`},
		{"fairy-stockfish", "W10", `2 "0" §C5.1`},
		{"fairy-stockfish", "DD", `0 "DD" §C5.1`},
		{"fairy-stockfish", "pN", `0 "pN" §C5.1`},
		{"fairy-stockfish", "nR", `0 "n" §C4.6`},
		{"fairy-stockfish", "fmWfceF", `5 "e" §C5.8`},
		{"fairy-stockfish", "jR", `0 "j" §C5.7`},
		{"fairy-stockfish", "Wfm", `1 "fm" §C5.1`},
		{"fairy-stockfish", "Wé", `1 "é" §C5.1`},
		{"fairy-stockfish", "mRcpR", ``},
		{"xboard", "fmWfceF", `5 "e" §C5.8`},
		{"xboard", "nW", `0 "n" §C4.6`},
		{"xboard", "nN", ``},
		{"betza", "fmWfcF", ``},
	} {
		d, err := classic.WithProfile(c.profile)
		if err != nil {
			t.Fatal(err)
		}
		_, lost, err := dialect.Read(d, c.src)
		if err != nil {
			t.Errorf("%s %s: %v", c.profile, c.src, err)
			continue
		}
		var got []string
		for _, l := range lost {
			if l.Clause() == "" || !strings.Contains(c.src[l.Offset:], l.Part) {
				t.Errorf("%s %s: malformed loss %+v", c.profile, c.src, l)
			}
			got = append(got, fmt.Sprintf("%d %q %s", l.Offset, l.Part, l.Clause()))
		}
		if g := strings.Join(got, "; "); g != c.want {
			t.Errorf("%s %s: losses %q, want %q", c.profile, c.src, g, c.want)
		}
	}
}

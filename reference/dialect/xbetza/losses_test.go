package xbetza_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/xbetza"
)

// TestLosses pins what the reading says it loses: the en-passant e
// (§X4.9) and the n that changes nothing (§X4.6), once each however many
// paths pass through them.
func TestLosses(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"fmWfceF", `5 "e" §X4.9`},
		{"feF", `1 "e" §X4.9`},
		{"nW", `0 "n" §X4.6`},
		{"nR", `0 "n" §X4.6`},
		{"nN", ``},
		{"mafsmafW", ``},
		{"fmWfceFifmnD", `5 "e" §X4.9`},
	} {
		_, lost, err := dialect.Read(xbetza.Dialect{}, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		var got []string
		for _, l := range lost {
			if l.Clause() == "" || c.src[l.Offset:l.Offset+len(l.Part)] != l.Part {
				t.Errorf("%s: malformed loss %+v", c.src, l)
			}
			got = append(got, fmt.Sprintf("%d %q %s", l.Offset, l.Part, l.Clause()))
		}
		if g := strings.Join(got, "; "); g != c.want {
			t.Errorf("%s: losses %q, want %q", c.src, g, c.want)
		}
	}
}

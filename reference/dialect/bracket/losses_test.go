package bracket_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/bracket"
)

// TestLosses pins the meaningless modifiers the reading ignores (§B4.7):
// each where it is written, once.
func TestLosses(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"hW", `0 "h" §B4.7`},
		{"vhN", `1 "h" §B4.7`},
		{"nW", `0 "n" §B4.7`},
		{"jR", `0 "j" §B4.7`},
		{"[pR]", `1 "p" §B4.7`},
		{"[cpR]", `2 "p" §B4.7`},
		{"[pR-R]", ``},
		{"[pR?R]", `1 "p" §B4.7`},
		{"fhN", ``},
		{"[R-sR]", ``},
		{"nN", ``},
	} {
		_, lost, err := dialect.Read(bracket.Dialect{}, c.src)
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

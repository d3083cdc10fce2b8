package bracket

import (
	"slices"
	"testing"

	"github.com/betzacheck/betzacheck/reference/geometry"
)

// TestSelectedInOrder: the lame split of §B6.2 takes the oblique moves
// name by name, each name's moves in the order of the §2.4 table of
// spec/betza2.md (top row first, left to right), each move once.
func TestSelectedInOrder(t *testing.T) {
	lf, rf, fl, fr := geometry.Vec{X: -1, Y: 2}, geometry.Vec{X: 1, Y: 2}, geometry.Vec{X: -2, Y: 1}, geometry.Vec{X: 2, Y: 1}
	bl, br, lb, rb := geometry.Vec{X: -2, Y: -1}, geometry.Vec{X: 2, Y: -1}, geometry.Vec{X: -1, Y: -2}, geometry.Vec{X: 1, Y: -2}
	n := geometry.LookupAtom('N')
	for _, row := range []struct {
		names []string
		want  []geometry.Vec
	}{
		{[]string{"a"}, []geometry.Vec{lf, rf, fl, fr, bl, br, lb, rb}},
		{[]string{"bh"}, []geometry.Vec{bl, br, lb, rb}},
		{[]string{"b", "f"}, []geometry.Vec{lb, rb, lf, rf}},
		{[]string{"fh", "f", "lf"}, []geometry.Vec{lf, rf, fl, fr}},
		{nil, nil},
	} {
		if got := selectedInOrder(n, row.names); !slices.Equal(got, row.want) {
			t.Errorf("%v: %v, want %v", row.names, got, row.want)
		}
	}
}

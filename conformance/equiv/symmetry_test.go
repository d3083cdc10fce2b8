package equiv_test

import (
	"slices"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/reference/board"
)

var symmetries = []equiv.Symmetry{equiv.Mirror, equiv.Rotate180, equiv.ColourSwap, equiv.Rotate90}

// TestSymmetrySquares: where each symmetry sends a square, worked out on
// paper. Rotate90 turns a 3-wide, 2-high board clockwise: its a-file
// becomes the top rank, its first rank the a-file.
func TestSymmetrySquares(t *testing.T) {
	five := board.Size{W: 5, H: 5}
	wide := board.Size{W: 3, H: 2}
	for _, c := range []struct {
		sym      equiv.Symmetry
		size     board.Size
		from, to string
	}{
		{equiv.Mirror, five, "b2", "d2"},
		{equiv.Mirror, five, "c5", "c5"},
		{equiv.Rotate180, five, "b2", "d4"},
		{equiv.Rotate180, five, "c3", "c3"},
		{equiv.ColourSwap, five, "a1", "e5"},
		{equiv.Rotate90, five, "b1", "a4"},
		{equiv.Rotate90, wide, "a1", "a3"},
		{equiv.Rotate90, wide, "a2", "b3"},
		{equiv.Rotate90, wide, "c1", "a1"},
		{equiv.Rotate90, wide, "c2", "b1"},
	} {
		q, err := board.ParseSquare(c.from)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.sym.Square(c.size, q).String(); got != c.to {
			t.Errorf("%s on %s: %s goes to %s, want %s", c.sym.Name, c.size, c.from, got, c.to)
		}
	}
}

// TestSymmetryInverse: every symmetry followed by its inverse leaves
// every square, the setup and its keys where they were.
func TestSymmetryInverse(t *testing.T) {
	p := setup(t, "4x3", "1p2/3X*/R3", "d2")
	keys := []string{"- d2=", "c3 d2= c3=X", "a1 a1=X d2=", "c1 a1= c1=R d1=R* d2=",
		"a1 a1=X b1= c1=R d1=R* a2=p b2= c2=n* d2= a3=n b3= c3=Q*"} // more changes than key keeps room for
	size := p.Pos.Size()
	for _, y := range symmetries {
		inv := y.Inverse()
		img := y.Setup(p)
		imgSize := img.Pos.Size()
		if y.Name == equiv.Rotate90.Name && imgSize != (board.Size{W: 3, H: 4}) {
			t.Errorf("rotate90 of a 4x3 board is %s, want 3x4", imgSize)
		}
		for f := 0; f < size.W; f++ {
			for r := 0; r < size.H; r++ {
				q := board.Square{File: f, Rank: r}
				if back := inv.Square(imgSize, y.Square(size, q)); back != q {
					t.Errorf("%s then %s: %s comes back as %s", y.Name, inv.Name, q, back)
				}
			}
		}
		if back := inv.Setup(img); back.String() != p.String() {
			t.Errorf("%s then %s: %s, want %s", y.Name, inv.Name, back, p)
		}
		if back := inv.Keys(imgSize, y.Keys(size, keys)); !slices.Equal(back, sorted(keys)) {
			t.Errorf("%s then %s: keys %q, want %q", y.Name, inv.Name, back, sorted(keys))
		}
	}
}

// TestSymmetrySetupAndKeys: the image of a setup and of keys, worked out
// on paper: squares move, ColourSwap alone changes colours (keeping the
// unmoved mark), changes are sorted again, and "-" stays.
func TestSymmetrySetupAndKeys(t *testing.T) {
	p := setup(t, "4x3", "1p2/3X*/R3", "d2")
	size := p.Pos.Size()
	for _, c := range []struct {
		sym   equiv.Symmetry
		setup string
		keys  []string
	}{
		{equiv.Mirror, "board 4x3 position 2p1/X*3/3R from a2",
			[]string{"- a2=", "b3 a2= b3=X", "d1 d1=X a2="}},
		{equiv.Rotate180, "board 4x3 position 3R/X*3/2p1 from a2",
			[]string{"- a2=", "b1 b1=X a2=", "d3 a2= d3=X"}},
		{equiv.ColourSwap, "board 4x3 position 3r/x*3/2P1 from a2",
			[]string{"- a2=", "b1 b1=x a2=", "d3 a2= d3=x"}},
		{equiv.Rotate90, "board 3x4 position R2/2p/3/1X*1 from b1",
			[]string{"- b1=", "c2 b1= c2=X", "a4 b1= a4=X"}},
	} {
		if got := c.sym.Setup(p).String(); got != c.setup {
			t.Errorf("%s: %s, want %s", c.sym.Name, got, c.setup)
		}
		got := c.sym.Keys(size, []string{"- d2=", "c3 d2= c3=X", "a1 a1=X d2="})
		if !slices.Equal(got, sorted(c.keys)) {
			t.Errorf("%s: keys %q, want %q", c.sym.Name, got, sorted(c.keys))
		}
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// image evaluates m on y's image of p and maps its keys back onto p's
// board: equal to m's own keys on p exactly when m is symmetric under y
// there.
func image(t *testing.T, y equiv.Symmetry, m equiv.Mover, p board.Setup) []string {
	t.Helper()
	img := y.Setup(p)
	return y.Inverse().Keys(img.Pos.Size(), keysOf(t, m, img))
}

// TestSymmetricNotations: on a position with no symmetry of its own, the
// keys of a symmetric notation map onto themselves and a chiral one's do
// not. Directions are the mover's (§2.1): fW is unchanged by a mirror and
// by the colour swap, but a half turn of the board alone makes it bW.
func TestSymmetricNotations(t *testing.T) {
	p := setup(t, "5x5", "5/1p3/3P1/1X3/5", "b2")
	for _, c := range []struct {
		src  string
		want [4]bool // symmetric under Mirror, Rotate180, ColourSwap, Rotate90
	}{
		{"W", [4]bool{true, true, true, true}},
		{"N", [4]bool{true, true, true, true}},
		{"K", [4]bool{true, true, true, true}},
		{"R", [4]bool{true, true, true, true}},
		{"fW", [4]bool{true, false, true, false}},
		{"rW", [4]bool{false, false, true, false}},
		{"fmWfcF", [4]bool{true, false, true, false}},
	} {
		m := notation(t, c.src)
		own := keysOf(t, m, p)
		if len(own) == 0 {
			t.Fatalf("%s has no moves on %s", c.src, p)
		}
		for i, y := range symmetries {
			if got := slices.Equal(image(t, y, m, p), own); got != c.want[i] {
				t.Errorf("%s symmetric under %s: %v, want %v", c.src, y.Name, got, c.want[i])
			}
		}
	}
}

// TestMirrorImages: a chiral notation's mirror image is its mirror twin:
// rW and lW, and the spec's own pair lfN-rW and rfN-rW (§6.2); a half
// turn makes fW of bW.
func TestMirrorImages(t *testing.T) {
	p := setup(t, "5x5", "5/1p3/3P1/1X3/5", "b2")
	for _, c := range []struct {
		y    equiv.Symmetry
		a, b string // a on p is b on the image, mapped back
	}{
		{equiv.Mirror, "lW", "rW"},
		{equiv.Mirror, "lfN-rW", "rfN-rW"},
		{equiv.Mirror, "lfN", "rfN"},
		{equiv.Rotate180, "bW", "fW"},
	} {
		got, want := image(t, c.y, notation(t, c.b), p), keysOf(t, notation(t, c.a), p)
		if !slices.Equal(got, want) {
			t.Errorf("%s of %s: %q, want the keys of %s %q", c.y.Name, c.b, got, c.a, want)
		}
		if own := keysOf(t, notation(t, c.b), p); slices.Equal(own, want) {
			t.Errorf("%s and %s have the same keys on %s: the test shows nothing", c.a, c.b, p)
		}
	}
}

// TestSymmetryKeysAllocate: mapping keys allocates the list and each
// key's text, nothing more (fuzz's symmetric laws map every outcome of
// their images, and mapping was 4% of a fuzz run, issue 29).
func TestSymmetryKeysAllocate(t *testing.T) {
	size := board.Size{W: 4, H: 3}
	keys := []string{"- d2=", "c3 d2= c3=X", "a1 a1=X d2=", "c1 a1= c1=R d1=R* d2="}
	for _, y := range symmetries {
		if allocs := testing.AllocsPerRun(20, func() { y.Keys(size, keys) }); allocs > float64(len(keys)+1) {
			t.Errorf("%s: mapping %d keys allocates %.0f times", y.Name, len(keys), allocs)
		}
	}
}

package geometry

import (
	"slices"
	"testing"
)

// Moves used below, as white sees the board (columns Δfile, rows Δrank).
var (
	up, down, left, right      = Vec{0, 1}, Vec{0, -1}, Vec{-1, 0}, Vec{1, 0}
	upL, upR, downL, downR     = Vec{-1, 1}, Vec{1, 1}, Vec{-1, -1}, Vec{1, -1}
	nLF, nRF, nFL, nFR         = Vec{-1, 2}, Vec{1, 2}, Vec{-2, 1}, Vec{2, 1}     // §2.4 lf rf fl fr of N
	nBL, nBR, nLB, nRB         = Vec{-2, -1}, Vec{2, -1}, Vec{-1, -2}, Vec{1, -2} // §2.4 bl br lb rb of N
	everyW                     = []Vec{up, down, left, right}
	everyF                     = []Vec{upL, upR, downL, downR}
	everyN                     = []Vec{nLF, nRF, nFL, nFR, nBL, nBR, nLB, nRB}
	everyK                     = append(slices.Clone(everyW), everyF...)
	directionNamesOfSection2_6 = []string{"f", "b", "l", "r", "v", "s", "a",
		"fl", "fr", "bl", "br", "lf", "rf", "lb", "rb",
		"fs", "bs", "lv", "rv", "fh", "bh", "lh", "rh"}
)

// selectionRows are read off the text and diagrams of §2.2–§2.5 (and §1.4,
// §2.6) of spec/betza2.md by hand, one row for every name of §2.6 in
// every class; why says where each answer is written.
var selectionRows = []struct {
	atom byte
	name string
	want []Vec
	why  string
}{
	// §2.2 orthogonal: "The four moves are f, b, l, r; v names f and b, s
	// names l and r", and the decision for the two-letter names.
	{'W', "f", []Vec{up}, "§2.2 single f = (0,+1)"},
	{'W', "b", []Vec{down}, "§2.2 single b = (0,-1)"},
	{'W', "l", []Vec{left}, "§2.2 single l = (-1,0)"},
	{'W', "r", []Vec{right}, "§2.2 single r = (+1,0)"},
	{'W', "v", []Vec{up, down}, "§2.2 v names f and b"},
	{'W', "s", []Vec{left, right}, "§2.2 s names l and r"},
	{'W', "fl", []Vec{up, left}, "§2.2 corner fl = f l: the two moves either side of the corner"},
	{'W', "lf", []Vec{up, left}, "§2.2 fl = lf"},
	{'W', "fr", []Vec{up, right}, "§2.2 fr = rf = f r"},
	{'W', "rf", []Vec{up, right}, "§2.2 fr = rf"},
	{'W', "bl", []Vec{down, left}, "§2.2 bl = lb = b l"},
	{'W', "lb", []Vec{down, left}, "§2.2 bl = lb"},
	{'W', "br", []Vec{down, right}, "§2.2 br = rb = b r"},
	{'W', "rb", []Vec{down, right}, "§2.2 br = rb"},
	{'W', "fs", []Vec{up, left, right}, "§2.2 threes: fs = f l r, the union of its letters"},
	{'W', "bs", []Vec{down, left, right}, "§2.2 bs = b l r"},
	{'W', "lv", []Vec{left, up, down}, "§2.2 lv = l f b"},
	{'W', "rv", []Vec{right, up, down}, "§2.2 rv = r f b"},
	{'W', "fh", []Vec{up}, "§2.2 halves: fh = f, the one move pointing into the half plane"},
	{'W', "bh", []Vec{down}, "§2.2 bh = b"},
	{'W', "lh", []Vec{left}, "§2.2 lh = l"},
	{'W', "rh", []Vec{right}, "§2.2 rh = r"},
	{'W', "a", everyW, "§2.6 a names every move of the atom"},
	{'D', "fs", []Vec{{0, 2}, {-2, 0}, {2, 0}}, "§2.2 D alike, scaled: fsD = the D moves f l r"},
	{'R', "v", []Vec{up, down}, "§2.2 R alike, ridden: vR rides f and b"},

	// §2.3 diagonal: "The four moves are fl, fr, bl, br, and the two
	// letters may be written in either order. A single letter names the
	// two moves on its side", and the decision that v, s, fs, bs, lv, rv
	// and the halves add nothing narrower.
	{'F', "fl", []Vec{upL}, "§2.3 single fl = lf = (-1,+1)"},
	{'F', "lf", []Vec{upL}, "§2.3 lf = fl"},
	{'F', "fr", []Vec{upR}, "§2.3 fr = rf = (+1,+1)"},
	{'F', "rf", []Vec{upR}, "§2.3 rf = fr"},
	{'F', "bl", []Vec{downL}, "§2.3 bl = lb = (-1,-1)"},
	{'F', "lb", []Vec{downL}, "§2.3 lb = bl"},
	{'F', "br", []Vec{downR}, "§2.3 br = rb = (+1,-1)"},
	{'F', "rb", []Vec{downR}, "§2.3 rb = br"},
	{'F', "f", []Vec{upL, upR}, "§2.3 sides: f = fl fr"},
	{'F', "b", []Vec{downL, downR}, "§2.3 b = bl br"},
	{'F', "l", []Vec{upL, downL}, "§2.3 l = fl bl"},
	{'F', "r", []Vec{upR, downR}, "§2.3 r = fr br"},
	{'F', "v", everyF, "§2.3 all: v = fl fr bl br"},
	{'F', "s", everyF, "§2.3 all: s = fl fr bl br"},
	{'F', "fs", []Vec{upL, upR}, "§2.3 others: fs = f"},
	{'F', "bs", []Vec{downL, downR}, "§2.3 bs = b"},
	{'F', "lv", []Vec{upL, downL}, "§2.3 lv = l"},
	{'F', "rv", []Vec{upR, downR}, "§2.3 rv = r"},
	{'F', "fh", []Vec{upL, upR}, "§2.3 fh = f"},
	{'F', "bh", []Vec{downL, downR}, "§2.3 bh = b"},
	{'F', "lh", []Vec{upL, downL}, "§2.3 lh = l"},
	{'F', "rh", []Vec{upR, downR}, "§2.3 rh = r"},
	{'F', "a", everyF, "§2.6 a names every move"},
	{'A', "fl", []Vec{{-2, 2}}, "§2.3 A alike: flA is the one A move forward-left"},
	{'B', "f", []Vec{upL, upR}, "§2.3 B alike, ridden: fB rides both forward diagonals"},

	// §2.4 oblique, N shown: the second letter is the nearest orthogonal,
	// the first the side the move leans to.
	{'N', "lf", []Vec{nLF}, "§2.4 lf = (-1,+2): mostly forward, leaning left"},
	{'N', "rf", []Vec{nRF}, "§2.4 rf = (+1,+2)"},
	{'N', "fl", []Vec{nFL}, "§2.4 fl = (-2,+1): mostly left, leaning forward"},
	{'N', "fr", []Vec{nFR}, "§2.4 fr = (+2,+1)"},
	{'N', "bl", []Vec{nBL}, "§2.4 bl = (-2,-1)"},
	{'N', "br", []Vec{nBR}, "§2.4 br = (+2,-1)"},
	{'N', "lb", []Vec{nLB}, "§2.4 lb = (-1,-2)"},
	{'N', "rb", []Vec{nRB}, "§2.4 rb = (+1,-2)"},
	{'N', "f", []Vec{nLF, nRF}, "§2.4 pairs: f = lf rf, the narrow forward pair"},
	{'N', "b", []Vec{nLB, nRB}, "§2.4 b = lb rb"},
	{'N', "fs", []Vec{nFL, nFR}, "§2.4 fs = fl fr, the wide forward pair"},
	{'N', "bs", []Vec{nBL, nBR}, "§2.4 bs = bl br"},
	{'N', "l", []Vec{nFL, nBL}, "§2.4 l = fl bl"},
	{'N', "r", []Vec{nFR, nBR}, "§2.4 r = fr br"},
	{'N', "lv", []Vec{nLF, nLB}, "§2.4 lv = lf lb"},
	{'N', "rv", []Vec{nRF, nRB}, "§2.4 rv = rf rb"},
	{'N', "v", []Vec{nLF, nRF, nLB, nRB}, "§2.4 fours: v = lf rf lb rb"},
	{'N', "s", []Vec{nFL, nFR, nBL, nBR}, "§2.4 s = fl fr bl br"},
	{'N', "fh", []Vec{nLF, nRF, nFL, nFR}, "§2.4 fh = lf rf fl fr"},
	{'N', "bh", []Vec{nLB, nRB, nBL, nBR}, "§2.4 bh = lb rb bl br"},
	{'N', "lh", []Vec{nLF, nFL, nBL, nLB}, "§2.4 lh = lf fl bl lb"},
	{'N', "rh", []Vec{nRF, nFR, nBR, nRB}, "§2.4 rh = rf fr br rb"},
	{'N', "a", everyN, "§2.6 a names all eight"},
	{'C', "lf", []Vec{{-1, 3}}, "§2.4 for C, lf = (-1,+3)"},
	{'C', "fl", []Vec{{-3, 1}}, "§2.4 for C, fl = (-3,+1)"},
	{'Z', "lf", []Vec{{-2, 3}}, "§2.4 for Z, lf = (-2,+3)"},
	{'Z', "fl", []Vec{{-3, 2}}, "§2.4 for Z, fl = (-3,+2)"},

	// §2.5 compound, K shown: "f b l r are the four orthogonal moves and fl
	// fr bl br (in either letter order) the four diagonal ones".
	{'K', "f", []Vec{up}, "§2.5 single f: the orthogonal move (§7.3: fK = fW)"},
	{'K', "b", []Vec{down}, "§2.5 single b"},
	{'K', "l", []Vec{left}, "§2.5 single l"},
	{'K', "r", []Vec{right}, "§2.5 single r"},
	{'K', "fl", []Vec{upL}, "§2.5 fl: the one forward-left diagonal"},
	{'K', "lf", []Vec{upL}, "§2.5 lf = fl"},
	{'K', "fr", []Vec{upR}, "§2.5 fr"},
	{'K', "rf", []Vec{upR}, "§2.5 rf = fr"},
	{'K', "bl", []Vec{downL}, "§2.5 bl"},
	{'K', "lb", []Vec{downL}, "§2.5 lb = bl"},
	{'K', "br", []Vec{downR}, "§2.5 br"},
	{'K', "rb", []Vec{downR}, "§2.5 rb = br"},
	{'K', "v", []Vec{up, down}, "§2.5 pairs: v = f b"},
	{'K', "s", []Vec{left, right}, "§2.5 s = l r"},
	{'K', "fs", []Vec{upL, upR}, "§2.5 fs = fl fr (§7.3: fsK = fF)"},
	{'K', "bs", []Vec{downL, downR}, "§2.5 bs = bl br"},
	{'K', "lv", []Vec{upL, downL}, "§2.5 lv = fl bl"},
	{'K', "rv", []Vec{upR, downR}, "§2.5 rv = fr br"},
	{'K', "fh", []Vec{up, upL, upR}, "§2.5 threes: fh = f fl fr"},
	{'K', "bh", []Vec{down, downL, downR}, "§2.5 bh = b bl br"},
	{'K', "lh", []Vec{left, upL, downL}, "§2.5 lh = l fl bl"},
	{'K', "rh", []Vec{right, upR, downR}, "§2.5 rh = r fr br"},
	{'K', "a", everyK, "§2.6 a names all eight"},
	{'Q', "lh", []Vec{left, upL, downL}, "§2.5 Q is K with every move ridden"},

	// §1.4: "Every direction name includes the move of O".
	{'O', "f", []Vec{{}}, "§1.4 f keeps the null move"},
	{'O', "rb", []Vec{{}}, "§1.4 every name, rb too"},

	// §2.6: h is a name only as the second letter of fh bh lh rh; a
	// string that is no name selects nothing.
	{'W', "h", nil, "§2.6 a lone h is no name"},
	{'N', "x", nil, "x is no direction letter"},
}

func TestSelectedFollowsTheSpec(t *testing.T) {
	for _, row := range selectionRows {
		a := LookupAtom(row.atom)
		got := a.Selected(row.name)
		if !sameMoves(got, row.want) {
			t.Errorf("%s%c selects %v, want %v (%s)", row.name, row.atom, got, row.want, row.why)
		}
		for _, v := range a.Leaps {
			if Selects(a.Class, row.name, v) != slices.Contains(row.want, v) {
				t.Errorf("Selects(%v, %q, %v) disagrees with %s%c (%s)", a.Class, row.name, v, row.name, row.atom, row.why)
			}
		}
	}
}

// TestEveryNameIsPinned: the rows above give every name of §2.6 for the
// atom shown in each of §2.2–§2.5.
func TestEveryNameIsPinned(t *testing.T) {
	for _, atom := range []byte("WFNK") {
		for _, name := range directionNamesOfSection2_6 {
			pinned := false
			for _, row := range selectionRows {
				pinned = pinned || row.atom == atom && row.name == name
			}
			if !pinned {
				t.Errorf("no row for %s%c", name, atom)
			}
		}
	}
}

// TestSelectedUnion: several names select every move that at least one
// of them selects (§2.6), a repeated name adds nothing, and no name at
// all selects nothing.
func TestSelectedUnion(t *testing.T) {
	n := LookupAtom('N')
	if got, want := n.Selected("f", "bs"), []Vec{nLF, nRF, nBL, nBR}; !sameMoves(got, want) {
		t.Errorf("fbsN selects %v, want %v", got, want)
	}
	if got, want := n.Selected("f", "f", "lf"), []Vec{nLF, nRF}; !sameMoves(got, want) {
		t.Errorf("fflfN selects %v, want %v", got, want)
	}
	if got := n.Selected(); got != nil {
		t.Errorf("no names select %v, want none", got)
	}
}

// TestName: the single names of §2.7's naming rule, in the leg's frame.
func TestName(t *testing.T) {
	for _, row := range []struct {
		v    Vec
		want string
		why  string
	}{
		{Vec{0, 2}, "f", "§2.7 on the forward axis, φ > 0"},
		{Vec{0, -1}, "b", "§2.7 on the forward axis, φ < 0"},
		{Vec{3, 0}, "r", "§2.7 on the side axis, ρ > 0"},
		{Vec{-1, 0}, "l", "§2.7 on the side axis, ρ < 0"},
		{Vec{2, 2}, "fr", "§2.7 a diagonal of the frame, from the signs"},
		{Vec{-1, -1}, "bl", "§2.7 a diagonal of the frame"},
		{Vec{-1, 1}, "fl", "§2.7 diagram: (0,+1) after a step to (+1,+1) is fl (φ = 1, ρ = -1)"},
		{Vec{-1, 2}, "lf", "§2.7 φ > |ρ| with ρ < 0; §2.4 lf of N"},
		{Vec{2, 1}, "fr", "§2.7 ρ > |φ| with φ > 0; §2.4 fr of N"},
		{Vec{-3, 1}, "fl", "§2.4 fl of C"},
		{Vec{2, -3}, "rb", "§2.4 rb of Z"},
		{Vec{-3, -2}, "bl", "§2.4 bl of Z"},
		{Vec{}, "", "§1.4 the null move has no name of its own"},
	} {
		if got := Name(row.v); got != row.want {
			t.Errorf("Name(%v) = %q, want %q (%s)", row.v, got, row.want, row.why)
		}
	}
	// A move's name is a single name: in its atom's table it selects that
	// move alone (§2.2–§2.5).
	for _, letter := range []byte("WFDNAHCZGKRBQ") {
		a := LookupAtom(letter)
		for _, v := range a.Leaps {
			if got := a.Selected(Name(v)); !sameMoves(got, []Vec{v}) {
				t.Errorf("%s%c selects %v, want only %v", Name(v), letter, got, v)
			}
		}
	}
}

// TestLeaps: the leaps of §1.1 and the bases they come from.
func TestLeaps(t *testing.T) {
	for _, row := range []struct {
		letter byte
		bases  []Vec
		moves  int
	}{
		{'W', []Vec{{0, 1}}, 4}, {'F', []Vec{{1, 1}}, 4}, {'D', []Vec{{0, 2}}, 4},
		{'N', []Vec{{1, 2}}, 8}, {'A', []Vec{{2, 2}}, 4}, {'H', []Vec{{0, 3}}, 4},
		{'C', []Vec{{1, 3}}, 8}, {'Z', []Vec{{2, 3}}, 8}, {'G', []Vec{{3, 3}}, 4},
		{'R', []Vec{{0, 1}}, 4}, {'B', []Vec{{1, 1}}, 4}, // §1.2
		{'K', []Vec{{0, 1}, {1, 1}}, 8}, {'Q', []Vec{{0, 1}, {1, 1}}, 8}, // §1.3
		{'O', []Vec{{0, 0}}, 1}, // §1.4
	} {
		a := LookupAtom(row.letter)
		if got := a.Bases(); !slices.Equal(got, row.bases) {
			t.Errorf("%c: bases %v, want %v", row.letter, got, row.bases)
		}
		if len(a.Leaps) != row.moves {
			t.Errorf("%c: %d moves, want %d (§1.1: four when p = 0 or p = q, eight otherwise)", row.letter, len(a.Leaps), row.moves)
		}
		if row.letter != 'O' && row.letter != 'K' && row.letter != 'Q' {
			leaper := LeaperOf(row.bases[0])
			if a.Rider {
				a = LookupAtom(map[byte]byte{'R': 'W', 'B': 'F'}[row.letter])
			}
			if leaper != a {
				t.Errorf("LeaperOf(%v) = %v, want %c", row.bases[0], leaper, a.Letter)
			}
		}
	}
	for _, v := range []Vec{{0, 0}, {0, 4}, {1, 4}, {3, 4}} {
		if a := LeaperOf(v); a != nil {
			t.Errorf("LeaperOf(%v) = %c, want none", v, a.Letter)
		}
	}
	if a := LeaperOf(Vec{-3, 1}); a == nil || a.Letter != 'C' {
		t.Errorf("LeaperOf((-3,1)) = %v, want C (every rotation and reflection, §1.1)", a)
	}
}

func sameMoves(a, b []Vec) bool {
	if len(a) != len(b) {
		return false
	}
	for _, v := range a {
		if !slices.Contains(b, v) {
			return false
		}
	}
	return true
}

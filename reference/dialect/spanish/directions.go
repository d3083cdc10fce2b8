package spanish

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/reference/geometry"
	"github.com/betzacheck/betzacheck/reference/ndboard"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// named is a direction name with the moves it names.
type named struct {
	name  string
	moves []Vec
}

// betzaNames returns the 2.0 direction names of the atom's class in white's
// unturned frame, with the moves each names for the atom (2.0 §2.2–§2.5),
// in the order betzaDirections prefers them: larger sets first, one
// spelling for each set, none for every move (that is written as no
// letters, 2.0 §4.4).
func betzaNames(a *geometry.Atom) []named {
	var names []string
	switch a.Class {
	case geometry.Orthogonal:
		names = []string{"fs", "bs", "lv", "rv", "v", "s", "fl", "fr", "bl", "br", "f", "b", "l", "r"}
	case geometry.Diagonal:
		names = []string{"f", "b", "l", "r", "fl", "fr", "bl", "br"}
	case geometry.Compound:
		names = []string{"fh", "bh", "lh", "rh", "v", "s", "fs", "bs", "lv", "rv", "f", "b", "l", "r", "fl", "fr", "bl", "br"}
	case geometry.Oblique:
		names = []string{"v", "s", "fh", "bh", "lh", "rh", "f", "b", "fs", "bs", "l", "r", "lv", "rv", "lf", "rf", "fl", "fr", "bl", "br", "lb", "rb"}
	}
	out := make([]named, len(names))
	for i, name := range names {
		out[i] = named{name, a.Selected(name)}
	}
	return out
}

// cover picks the fewest candidates whose union is exactly target, each
// a subset of it; among covers of one size it prefers the one with the
// fewest overlapping moves, then the earliest candidates. ok is false
// when no union of candidates is target.
func cover(target []Vec, cands []named) (names []string, ok bool) {
	covers := covers(target, cands, func([]string) bool { return true })
	if len(covers) == 0 {
		return nil, false
	}
	return covers[0], true
}

// covers returns the covers of target by candidates that accept takes,
// in the order of preference of cover: the smallest size that has one,
// then the least overlap, then the earliest candidates.
func covers(target []Vec, cands []named, accept func([]string) bool) [][]string {
	index := map[Vec]int{}
	for _, v := range target {
		if _, dup := index[v]; !dup {
			index[v] = len(index)
		}
	}
	want := uint32(1)<<len(index) - 1
	var masks []uint32
	var usable []named
	for _, c := range cands {
		var m uint32
		sub := true
		for _, v := range c.moves {
			k, in := index[v]
			if !in {
				sub = false
				break
			}
			m |= 1 << k
		}
		if sub && m != 0 {
			masks = append(masks, m)
			usable = append(usable, c)
		}
	}
	var all uint32
	for _, m := range masks {
		all |= m
	}
	if all != want || want == 0 {
		return nil
	}
	type found struct {
		names   []string
		overlap int
	}
	var out []found
	pick := make([]int, 0, len(masks))
	var search func(from int, union uint32, total, size int)
	search = func(from int, union uint32, total, size int) {
		if len(pick) == size {
			if union == want {
				names := make([]string, len(pick))
				for i, k := range pick {
					names[i] = usable[k].name
				}
				if accept(names) {
					out = append(out, found{names, total - bits.OnesCount32(union)})
				}
			}
			return
		}
		for k := from; k < len(masks); k++ {
			pick = append(pick, k)
			search(k+1, union|masks[k], total+bits.OnesCount32(masks[k]), size)
			pick = pick[:len(pick)-1]
		}
	}
	// The first size with a cover is the fewest.
	for size := 1; size <= len(masks) && len(out) == 0; size++ {
		search(0, 0, 0, size)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].overlap < out[j].overlap })
	res := make([][]string, len(out))
	for i, f := range out {
		res[i] = f.names
	}
	return res
}

// betzaDirections writes the 2.0 direction letters naming exactly moves
// of the atom, "" when moves are all of its moves (2.0 §4.4). Names are
// written side by side in an order that 2.0 reads back as the same names
// (2.0 §2.6): "f" then "bl", never "l" then "fr", which would read as "lf"
// and "r".
func betzaDirections(a *geometry.Atom, moves []Vec) (string, error) {
	if sameSet(moves, a.Leaps) {
		return "", nil
	}
	cs := covers(moves, betzaNames(a), func(names []string) bool {
		_, ok := orderNames(names)
		return ok
	})
	if len(cs) == 0 {
		return "", fmt.Errorf("no 2.0 direction names cover %v", moves)
	}
	text, _ := orderNames(cs[0])
	return text, nil
}

// orderNames finds an order of names whose concatenation reads back, by
// the pairing rule of 2.0 §2.6, as exactly those names.
func orderNames(names []string) (string, bool) {
	perm := append([]string(nil), names...)
	var try func(k int) (string, bool)
	try = func(k int) (string, bool) {
		if k == len(perm) {
			s := strings.Join(perm, "")
			toks := syntax.DirectionTokens(s)
			if len(toks) != len(perm) {
				return "", false
			}
			for i := range toks {
				if toks[i] != perm[i] {
					return "", false
				}
			}
			return s, true
		}
		for i := k; i < len(perm); i++ {
			perm[k], perm[i] = perm[i], perm[k]
			if s, ok := try(k + 1); ok {
				return s, true
			}
			perm[k], perm[i] = perm[i], perm[k]
		}
		return "", false
	}
	return try(0)
}

func sameSet(a, b []Vec) bool {
	ka, kb := keySet(a), keySet(b)
	if len(ka) != len(kb) {
		return false
	}
	for k := range ka {
		if !kb[k] {
			return false
		}
	}
	return true
}

func keySet(vs []Vec) map[Vec]bool {
	m := make(map[Vec]bool, len(vs))
	for _, v := range vs {
		m[v] = true
	}
	return m
}

// Unidirectional orthogonals of the plane (§S5.2): the player's forward,
// back, right and left.
var (
	fwd   = Vec{Y: 1}
	back  = Vec{Y: -1}
	right = Vec{X: 1}
	left  = Vec{X: -1}
)

// Spanish direction names (§S5.2–§S5.6), larger sets first.
func spanishOrth() []named {
	return []named{{"+", []Vec{fwd, back, left, right}}, {"<>", []Vec{fwd, back}}, {"=", []Vec{left, right}},
		{">", []Vec{fwd}}, {"<", []Vec{back}}, {"(r=)", []Vec{right}}, {"(=r)", []Vec{left}}}
}

func spanishDiag() []named {
	fl, fr, bl, br := Vec{X: -1, Y: 1}, Vec{X: 1, Y: 1}, Vec{X: -1, Y: -1}, Vec{X: 1, Y: -1}
	return []named{{"x", []Vec{fl, fr, bl, br}}, {"x>", []Vec{fl, fr}}, {"x<", []Vec{bl, br}}, {"x(r=)", []Vec{fr, br}}, {"x(=r)", []Vec{fl, bl}},
		{"x>(r=)", []Vec{fr}}, {"x>(=r)", []Vec{fl}}, {"x<(r=)", []Vec{br}}, {"x<(=r)", []Vec{bl}}}
}

// spanishHypogonal names the moves of the hypogonal (q, p), q > p, the
// larger coordinate written first as the text writes the knight's (2,1).
func spanishHypogonal(p, q int) []named {
	h := func(a, b int) string { return fmt.Sprintf("(%d,%d)", a, b) }
	var out []named
	add := func(text string, coords [2]int, sel *Selector) {
		out = append(out, named{text, inPlane(hypogonalSteps(&Hypogonal{Coords: coords[:], Selector: sel}, 2))})
	}
	add(h(q, p), [2]int{q, p}, nil)
	for _, o := range []struct {
		text string
		v    Vec
	}{{">", fwd}, {"<", back}, {"(r=)", right}, {"(=r)", left}} {
		add(h(q, p)+o.text, [2]int{q, p}, &Selector{Orth: towardOf(o.v)})
		add(h(p, q)+o.text, [2]int{p, q}, &Selector{Orth: towardOf(o.v)})
	}
	for _, d := range []struct {
		text string
		a, b Vec
	}{{">(r=)", fwd, right}, {">(=r)", fwd, left}, {"<(r=)", back, right}, {"<(=r)", back, left}} {
		add(h(q, p)+"x"+d.text, [2]int{q, p}, &Selector{IsDiag: true, Diag: [2]Toward{towardOf(d.a), towardOf(d.b)}})
	}
	return out
}

// hypogonalSteps returns the leaps that the hypogonal names on a board
// of dims dimensions, at least h.Dim(), in the player's frame (§S5.5,
// §S5.6, §S7.5): its coordinates put on as many different axes, in every
// order and with every sign; a selector keeps the leaps that make the
// first coordinate along its orthogonal, or that lean towards both
// orthogonals of its diagonal. In the plane they are the eight images of
// (a, b), and with a selector the two of §S5.6.
func hypogonalSteps(h *Hypogonal, dims int) []ndboard.Vec {
	seen := map[ndboard.Vec]bool{}
	var out []ndboard.Vec
	var v ndboard.Vec
	var place func(i int)
	place = func(i int) {
		if i == len(h.Coords) {
			if !seen[v] && selects(h, v) {
				seen[v] = true
				out = append(out, v)
			}
			return
		}
		for axis := range dims {
			if v[axis] != 0 {
				continue
			}
			for _, s := range []int{1, -1} {
				v[axis] = s * h.Coords[i]
				place(i + 1)
			}
			v[axis] = 0
		}
	}
	place(0)
	return out
}

// selects reports whether the selector of h keeps the leap v (§S5.6,
// §S7.5): its first coordinate along an orthogonal selector, a component
// towards both orthogonals of a diagonal one, on any axes.
func selects(h *Hypogonal, v ndboard.Vec) bool {
	sel := h.Selector
	switch {
	case sel == nil:
		return true
	case sel.IsDiag:
		return leansTowards(v, sel.Diag[:])
	}
	return v[sel.Orth.Axis-1]*sel.Orth.Sign == h.Coords[0]
}

// inPlane returns the steps of a two-dimensional board as the plane's
// displacements.
func inPlane(steps []ndboard.Vec) []Vec {
	out := make([]Vec, len(steps))
	for i, v := range steps {
		out[i] = Vec{X: v[0], Y: v[1]}
	}
	return out
}

// lineSteps returns the single steps that the line names on a board of
// dims dimensions, at least l.Dim, in the player's frame (§S5.2–§S5.4,
// §S7.4): those that change Orders coordinates by one each, along the
// axis Along, leaning towards each of Lean. In the plane they are the
// moves of §S5.2–§S5.4.
func lineSteps(l *Line, dims int) []ndboard.Vec {
	var out []ndboard.Vec
	for _, order := range l.Orders {
		for _, v := range diagonals(dims, order) {
			if l.Along != 0 && v[l.Along-1] == 0 {
				continue
			}
			if leansTowards(v, l.Lean) {
				out = append(out, v)
			}
		}
	}
	return out
}

// leansTowards reports whether v has a component of the right sign along
// every one of the unidirectional orthogonals (§S5.3, §S7.4).
func leansTowards(v ndboard.Vec, lean []Toward) bool {
	for _, t := range lean {
		if v[t.Axis-1]*t.Sign <= 0 {
			return false
		}
	}
	return true
}

// diagonals returns the single steps of a dims-dimensional board that
// change exactly order coordinates, each by one: the orthogonal steps for
// order 1, the diagonal ones for 2, the trigonal ones for 3 (§S7.3).
func diagonals(dims, order int) []ndboard.Vec {
	var out []ndboard.Vec
	var v ndboard.Vec
	var rec func(axis, left int)
	rec = func(axis, left int) {
		if left == 0 {
			out = append(out, v)
			return
		}
		if dims-axis < left {
			return
		}
		for _, s := range []int{1, -1} {
			v[axis] = s
			rec(axis+1, left-1)
		}
		v[axis] = 0
		rec(axis+1, left)
	}
	rec(0, order)
	return out
}

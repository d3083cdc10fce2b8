package spanish

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"betzacheck/reference/syntax"
)

// class is the Betza 2.0 atom class of a set of moves in the unturned
// frame (2.0 §1.5): it decides which direction names apply.
type class uint8

const (
	orthClass     class = iota // W D H R
	diagClass                  // F A G B
	compoundClass              // K Q
	obliqueClass               // N C Z
)

// named is a direction name with the moves it names.
type named struct {
	name  string
	moves []Vec
}

// betzaNames returns the 2.0 direction names of a class in white's
// unturned frame (2.0 §2.2–§2.5), larger sets first; leap is the base
// leap (p, q) with p < q for the oblique class and is ignored otherwise.
func betzaNames(c class, p, q int) []named {
	f, b, l, r := Vec{0, 1}, Vec{0, -1}, Vec{-1, 0}, Vec{1, 0}
	fl, fr, bl, br := Vec{-1, 1}, Vec{1, 1}, Vec{-1, -1}, Vec{1, -1}
	switch c {
	case orthClass: // §2.2
		return []named{{"fs", []Vec{f, l, r}}, {"bs", []Vec{b, l, r}}, {"lv", []Vec{l, f, b}}, {"rv", []Vec{r, f, b}},
			{"v", []Vec{f, b}}, {"s", []Vec{l, r}}, {"fl", []Vec{f, l}}, {"fr", []Vec{f, r}}, {"bl", []Vec{b, l}}, {"br", []Vec{b, r}},
			{"f", []Vec{f}}, {"b", []Vec{b}}, {"l", []Vec{l}}, {"r", []Vec{r}}}
	case diagClass: // §2.3
		return []named{{"f", []Vec{fl, fr}}, {"b", []Vec{bl, br}}, {"l", []Vec{fl, bl}}, {"r", []Vec{fr, br}},
			{"fl", []Vec{fl}}, {"fr", []Vec{fr}}, {"bl", []Vec{bl}}, {"br", []Vec{br}}}
	case compoundClass: // §2.5
		return []named{{"fh", []Vec{f, fl, fr}}, {"bh", []Vec{b, bl, br}}, {"lh", []Vec{l, fl, bl}}, {"rh", []Vec{r, fr, br}},
			{"v", []Vec{f, b}}, {"s", []Vec{l, r}}, {"fs", []Vec{fl, fr}}, {"bs", []Vec{bl, br}}, {"lv", []Vec{fl, bl}}, {"rv", []Vec{fr, br}},
			{"f", []Vec{f}}, {"b", []Vec{b}}, {"l", []Vec{l}}, {"r", []Vec{r}},
			{"fl", []Vec{fl}}, {"fr", []Vec{fr}}, {"bl", []Vec{bl}}, {"br", []Vec{br}}}
	}
	// §2.4: the second letter names the nearest orthogonal, the first the
	// side the move leans to.
	lf, rf := Vec{-p, q}, Vec{p, q}
	ofl, ofr := Vec{-q, p}, Vec{q, p}
	obl, obr := Vec{-q, -p}, Vec{q, -p}
	lb, rb := Vec{-p, -q}, Vec{p, -q}
	return []named{
		{"v", []Vec{lf, rf, lb, rb}}, {"s", []Vec{ofl, ofr, obl, obr}},
		{"fh", []Vec{lf, rf, ofl, ofr}}, {"bh", []Vec{lb, rb, obl, obr}}, {"lh", []Vec{lf, ofl, obl, lb}}, {"rh", []Vec{rf, ofr, obr, rb}},
		{"f", []Vec{lf, rf}}, {"b", []Vec{lb, rb}}, {"fs", []Vec{ofl, ofr}}, {"bs", []Vec{obl, obr}},
		{"l", []Vec{ofl, obl}}, {"r", []Vec{ofr, obr}}, {"lv", []Vec{lf, lb}}, {"rv", []Vec{rf, rb}},
		{"lf", []Vec{lf}}, {"rf", []Vec{rf}}, {"fl", []Vec{ofl}}, {"fr", []Vec{ofr}},
		{"bl", []Vec{obl}}, {"br", []Vec{obr}}, {"lb", []Vec{lb}}, {"rb", []Vec{rb}},
	}
}

// allMoves returns every move of a class (the 2.0 'a', §2.6).
func allMoves(c class, p, q int) []Vec {
	seen := map[Vec]bool{}
	var out []Vec
	for _, n := range betzaNames(c, p, q) {
		for _, v := range n.moves {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
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
// for the class, "" when moves are all of the class's moves (2.0 §4.4).
// Names are written side by side in an order that 2.0 reads back as the
// same names (2.0 §2.6): "f" then "bl", never "l" then "fr", which would
// read as "lf" and "r".
func betzaDirections(c class, p, q int, moves []Vec) (string, error) {
	if sameSet(moves, allMoves(c, p, q)) {
		return "", nil
	}
	cs := covers(moves, betzaNames(c, p, q), func(names []string) bool {
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

// Spanish direction names (§S5.2–§S5.6), larger sets first.
func spanishOrth() []named {
	return []named{{"+", []Vec{fwd, back, left, right}}, {"<>", []Vec{fwd, back}}, {"=", []Vec{left, right}},
		{">", []Vec{fwd}}, {"<", []Vec{back}}, {"(r=)", []Vec{right}}, {"(=r)", []Vec{left}}}
}

func spanishDiag() []named {
	fl, fr, bl, br := Vec{-1, 1}, Vec{1, 1}, Vec{-1, -1}, Vec{1, -1}
	return []named{{"x", []Vec{fl, fr, bl, br}}, {"x>", []Vec{fl, fr}}, {"x<", []Vec{bl, br}}, {"x(r=)", []Vec{fr, br}}, {"x(=r)", []Vec{fl, bl}},
		{"x>(r=)", []Vec{fr}}, {"x>(=r)", []Vec{fl}}, {"x<(r=)", []Vec{br}}, {"x<(=r)", []Vec{bl}}}
}

// spanishHypogonal names the moves of the hypogonal (q, p), q > p, the
// larger coordinate written first as the text writes the knight's (2,1).
func spanishHypogonal(p, q int) []named {
	h := func(a, b int) string { return fmt.Sprintf("(%d,%d)", a, b) }
	var out []named
	add := func(text string, coords [2]int, sel *Selector) {
		out = append(out, named{text, hypogonalMoves(coords[:], sel)})
	}
	add(h(q, p), [2]int{q, p}, nil)
	for _, o := range []struct {
		text string
		v    Vec
	}{{">", fwd}, {"<", back}, {"(r=)", right}, {"(=r)", left}} {
		add(h(q, p)+o.text, [2]int{q, p}, &Selector{Orth: o.v})
		add(h(p, q)+o.text, [2]int{p, q}, &Selector{Orth: o.v})
	}
	for _, d := range []struct {
		text string
		a, b Vec
	}{{">(r=)", fwd, right}, {">(=r)", fwd, left}, {"<(r=)", back, right}, {"<(=r)", back, left}} {
		add(h(q, p)+"x"+d.text, [2]int{q, p}, &Selector{IsDiag: true, Diag: [2]Vec{d.a, d.b}})
	}
	return out
}

// hypogonalMoves returns the moves of a two-coordinate hypogonal (a, b):
// all eight images without a selector; with an orthogonal selector u, a
// steps along u and b to either side; with a diagonal selector between u
// and w, the two moves with a and b steps along u and w (§S5.5, §S5.6).
func hypogonalMoves(coords []int, sel *Selector) []Vec {
	a, b := coords[0], coords[1]
	if sel == nil {
		var out []Vec
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				out = append(out, Vec{sx * a, sy * b}, Vec{sx * b, sy * a})
			}
		}
		return out
	}
	if sel.IsDiag {
		u, w := sel.Diag[0], sel.Diag[1]
		return []Vec{add(scale(u, a), scale(w, b)), add(scale(u, b), scale(w, a))}
	}
	u := sel.Orth
	w := Vec{u.Y, -u.X} // perpendicular
	return []Vec{add(scale(u, a), scale(w, b)), add(scale(u, a), scale(w, -b))}
}

func add(v, w Vec) Vec       { return Vec{v.X + w.X, v.Y + w.Y} }
func scale(v Vec, k int) Vec { return Vec{v.X * k, v.Y * k} }

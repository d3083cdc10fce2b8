package grammar

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/exp/ebnf"
)

// Accepts reports whether s is a sentence of production start of g. The
// characters of s are matched against the grammar's terminals directly;
// there is no white space between them.
//
// It is a backtracking recogniser over the ebnf AST: every expression is
// matched to the set of offsets at which it can end, and the sets of each
// production at each offset are memoised, so the cost is polynomial in
// len(s); meant for short strings. A left-recursive production matches
// nothing in its own left recursion; a name with no production, or a Bad
// expression, matches nothing.
func Accepts(g ebnf.Grammar, start, s string) bool {
	r := &recognizer{g: g, s: s, memo: make(map[memoKey][]int)}
	return slices.Contains(r.name(start, 0), len(s))
}

type memoKey struct {
	name string
	pos  int
}

type recognizer struct {
	g    ebnf.Grammar
	s    string
	memo map[memoKey][]int
}

func (r *recognizer) name(name string, pos int) []int {
	k := memoKey{name, pos}
	if ends, ok := r.memo[k]; ok {
		return ends
	}
	p, ok := r.g[name]
	if !ok {
		return nil
	}
	r.memo[k] = nil // in progress: left recursion matches nothing
	ends := r.match(p.Expr, pos)
	r.memo[k] = ends
	return ends
}

// match returns the sorted offsets at which x, started at pos, can end.
func (r *recognizer) match(x ebnf.Expression, pos int) []int {
	switch x := x.(type) {
	case nil:
		return []int{pos}
	case *ebnf.Token:
		if strings.HasPrefix(r.s[pos:], x.String) {
			return []int{pos + len(x.String)}
		}
		return nil
	case *ebnf.Range:
		lo, _ := utf8.DecodeRuneInString(x.Begin.String)
		hi, _ := utf8.DecodeRuneInString(x.End.String)
		c, size := utf8.DecodeRuneInString(r.s[pos:])
		if size > 0 && lo <= c && c <= hi {
			return []int{pos + size}
		}
		return nil
	case *ebnf.Name:
		return r.name(x.String, pos)
	case *ebnf.Group:
		return r.match(x.Body, pos)
	case *ebnf.Option:
		return union([]int{pos}, r.match(x.Body, pos))
	case *ebnf.Repetition:
		all := []int{pos}
		frontier := []int{pos}
		for len(frontier) > 0 {
			var next []int
			for _, p := range frontier {
				for _, e := range r.match(x.Body, p) {
					if !slices.Contains(all, e) {
						next = union(next, []int{e})
					}
				}
			}
			all = union(all, next)
			frontier = next
		}
		return all
	case ebnf.Sequence:
		cur := []int{pos}
		for _, e := range x {
			var next []int
			for _, p := range cur {
				next = union(next, r.match(e, p))
			}
			cur = next
			if len(cur) == 0 {
				break
			}
		}
		return cur
	case ebnf.Alternative:
		var ends []int
		for _, e := range x {
			ends = union(ends, r.match(e, pos))
		}
		return ends
	}
	return nil // *ebnf.Bad
}

// union merges two sorted sets of offsets.
func union(a, b []int) []int {
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

package grammar

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"golang.org/x/exp/ebnf"
)

// Sample returns a random sentence of production start of g, drawn with r;
// the same grammar, seed and maxDepth give the same sentence.
//
// Expansion is top-down. Each production expanded adds one to the depth.
// An alternative is picked with a weight that falls with the depth it needs
// to finish beyond the cheapest alternative, more steeply the deeper the
// expansion is; an option is taken with probability 1/2; a repetition
// repeats with probability 2/5 each time, at most 4 times. Once the depth
// reaches maxDepth, only the cheapest alternatives are picked, options are
// left out and repetitions are empty, so that every expansion ends. A range
// picks one of its characters uniformly.
//
// g should pass ebnf.Verify: a name with no production expands to nothing.
// Sample panics if a production derives no finite sentence.
//
// Sample works out what each production costs to finish on every call; a
// caller that draws many sentences of one grammar uses a Sampler.
func Sample(g ebnf.Grammar, start string, r *rand.Rand, maxDepth int) string {
	return NewSampler(g, maxDepth).Sample(start, r)
}

// A Sampler draws sentences of one grammar as Sample does, with the
// productions' costs (the fewest nested expansions that finish each one)
// worked out once: they depend only on the grammar, and working them out
// again for each sentence cost more than drawing it (a fuzz case of
// betzacheck draws about one notation). A Sampler is safe for concurrent
// use; the grammar must not change while it is in use.
type Sampler struct {
	g        ebnf.Grammar
	maxDepth int
	cost     map[string]int // read only
}

// NewSampler returns the Sampler of g at maxDepth (see Sample).
func NewSampler(g ebnf.Grammar, maxDepth int) *Sampler {
	return &Sampler{g: g, maxDepth: maxDepth, cost: productionCosts(g)}
}

// Sample returns a random sentence of production start, drawn with r: the
// sentence Sample(g, start, r, maxDepth) draws.
func (sm *Sampler) Sample(start string, r *rand.Rand) string {
	s := sm.sampler(r)
	s.name(start, 0)
	return s.out.String()
}

const (
	repeatProb = 0.4 // probability of one more repetition
	maxRepeat  = 4   // most repetitions of one {...}
)

type sampler struct {
	g        ebnf.Grammar
	r        *rand.Rand
	maxDepth int
	cost     map[string]int // fewest nested expansions to finish a production
	out      strings.Builder

	// visit, if set, is called with ("production", name) as a production
	// is expanded, ("terminal", text) as a terminal is written and
	// ("alternative", position) as an alternative is picked, the position
	// being that of the picked branch in the grammar source (the tests
	// use it to measure coverage).
	visit func(kind, what string)
}

func newSampler(g ebnf.Grammar, r *rand.Rand, maxDepth int) *sampler {
	return NewSampler(g, maxDepth).sampler(r)
}

// sampler is the state of one draw with r.
func (sm *Sampler) sampler(r *rand.Rand) *sampler {
	return &sampler{g: sm.g, r: r, maxDepth: sm.maxDepth, cost: sm.cost}
}

const infinite = math.MaxInt / 4

// productionCosts computes, by fixed-point iteration, the least depth of
// nested production expansions needed to derive a sentence from each
// production; infinite when there is none.
func productionCosts(g ebnf.Grammar) map[string]int {
	cost := make(map[string]int, len(g))
	for name := range g {
		cost[name] = infinite
	}
	for changed := true; changed; {
		changed = false
		for name, p := range g {
			if c := exprCost(cost, p.Expr); c < cost[name] {
				cost[name] = c
				changed = true
			}
		}
	}
	return cost
}

func exprCost(cost map[string]int, x ebnf.Expression) int {
	switch x := x.(type) {
	case nil, *ebnf.Token, *ebnf.Range, *ebnf.Option, *ebnf.Repetition:
		return 0
	case *ebnf.Name:
		c, ok := cost[x.String]
		if !ok {
			return 1 // undefined: expands to nothing
		}
		if c >= infinite {
			return infinite
		}
		return c + 1
	case *ebnf.Group:
		return exprCost(cost, x.Body)
	case ebnf.Sequence:
		m := 0
		for _, e := range x {
			m = max(m, exprCost(cost, e))
		}
		return m
	case ebnf.Alternative:
		m := infinite
		for _, e := range x {
			m = min(m, exprCost(cost, e))
		}
		return m
	}
	return infinite // *ebnf.Bad
}

func (s *sampler) name(name string, depth int) {
	p, ok := s.g[name]
	if !ok {
		return
	}
	if depth > s.maxDepth+len(s.g)+1 {
		panic(fmt.Sprintf("grammar: production %s derives no finite sentence", name))
	}
	if s.visit != nil {
		s.visit("production", name)
	}
	s.expr(p.Expr, depth+1)
}

func (s *sampler) emit(t string) {
	if s.visit != nil {
		s.visit("terminal", t)
	}
	s.out.WriteString(t)
}

func (s *sampler) expr(x ebnf.Expression, depth int) {
	deep := depth >= s.maxDepth
	switch x := x.(type) {
	case nil:
	case *ebnf.Token:
		s.emit(x.String)
	case *ebnf.Range:
		lo, _ := utf8.DecodeRuneInString(x.Begin.String)
		hi, _ := utf8.DecodeRuneInString(x.End.String)
		if hi < lo {
			return
		}
		s.emit(string(lo + rune(s.r.IntN(int(hi-lo)+1))))
	case *ebnf.Name:
		s.name(x.String, depth)
	case *ebnf.Group:
		s.expr(x.Body, depth)
	case *ebnf.Option:
		if !deep && s.r.IntN(2) == 0 {
			s.expr(x.Body, depth)
		}
	case *ebnf.Repetition:
		if deep {
			return
		}
		for n := 0; n < maxRepeat && s.r.Float64() < repeatProb; n++ {
			s.expr(x.Body, depth)
		}
	case ebnf.Sequence:
		for _, e := range x {
			s.expr(e, depth)
		}
	case ebnf.Alternative:
		i := s.pick(x, depth)
		if s.visit != nil {
			s.visit("alternative", x[i].Pos().String())
		}
		s.expr(x[i], depth)
	}
}

// pick chooses an alternative. Alternative i needs extra_i more depth than
// the cheapest one; its weight is 1/(1 + extra_i·(1 + 4·depth/maxDepth)),
// and past maxDepth only the cheapest alternatives have weight.
func (s *sampler) pick(alts ebnf.Alternative, depth int) int {
	costs := make([]int, len(alts))
	least := infinite
	for i, e := range alts {
		costs[i] = exprCost(s.cost, e)
		least = min(least, costs[i])
	}
	weights := make([]float64, len(alts))
	total := 0.0
	steep := 1 + 4*float64(depth)/float64(max(s.maxDepth, 1))
	for i, c := range costs {
		switch {
		case c >= infinite:
		case c == least:
			weights[i] = 1
		case depth < s.maxDepth:
			weights[i] = 1 / (1 + float64(c-least)*steep)
		}
		total += weights[i]
	}
	if total == 0 {
		return 0 // nothing finishes; name's depth guard reports it
	}
	x := s.r.Float64() * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return least0(costs, least)
}

func least0(costs []int, least int) int {
	for i, c := range costs {
		if c == least {
			return i
		}
	}
	return 0
}

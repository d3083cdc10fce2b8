package expand

import (
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// copies is how many copies of its unit an exponent expands to (§5):
// exactly n (§5.2); one to n, which repeat unrolls as n copies that end
// the chain and n-1 that go on (§5.1); or two of each for any number
// (§5.3). A leg without exponent is one copy.
func copies(x *syntax.Exponent) int {
	switch {
	case x == nil:
		return 1
	case x.Kind == syntax.Exact:
		return x.Count
	case x.Kind == syntax.UpTo:
		return 2*x.Count - 1
	}
	return 4
}

// legCounter works out, from the syntax tree alone, how many legs the
// expansion of a notation has, so that §9.11 is checked before any work
// proportional to the expansion is done. Counts saturate just above max.
// Its recursion follows the nesting of groups, which the parser bounds
// (§12.2).
type legCounter struct {
	max int
	err *LimitError
}

// countLegs returns the number of legs that Compile makes for n, or a
// *LimitError at the exponent or leg that takes it past max.
func countLegs(n *syntax.Notation, max int) (int, *LimitError) {
	c := &legCounter{max: max}
	total := c.notation(n)
	return total, c.err
}

func (c *legCounter) notation(n *syntax.Notation) int {
	total := 0
	for _, ch := range n.Chains {
		for _, l := range ch.Legs {
			k := c.leg(l)
			if c.err != nil {
				return c.max + 1
			}
			total += k
			if total > c.max {
				// Each leg fits, but together they do not: blame the leg
				// at which the move grows past the limit.
				c.fail(l.Pos(), "expected at most %d legs after expansion, found %d by this leg", c.max, total)
				return c.max + 1
			}
		}
	}
	return total
}

func (c *legCounter) leg(l *syntax.Leg) int {
	unit := 1
	if g, ok := l.Unit.(*syntax.Group); ok {
		unit = c.notation(g.Body)
		if c.err != nil {
			return c.max + 1
		}
	}
	n := copies(l.Exp)
	if unit > c.max/n {
		// §9.11 the exponent is what makes the expansion too big.
		c.fail(l.Exp.Digits, "expected at most %d legs after expansion, found this exponent repeating %d legs %d times", c.max, unit, n)
		return c.max + 1
	}
	return unit * n
}

func (c *legCounter) fail(at syntax.Pos, format string, args ...any) {
	lim := &LimitError{Limit: "legs in the expanded move", Value: c.max, At: at}
	lim.Err = loc.Errorf("", int(at), "§9.11", format, args...)
	c.err = lim
}

// Legs returns how many legs the Betza 2.0 notation src expands to
// (§12.2), counted from the notation as written, before anything is
// expanded, and saturating just above max: a translator that writes
// Betza 2.0 checks with it that what it writes stays within max
// (§9.11) without compiling it. A text that does not parse gives its
// syntax error.
func Legs(src string, max int) (int, error) {
	n, err := syntax.Parse(src)
	if err != nil {
		return 0, err
	}
	k, lerr := countLegs(n, max)
	if lerr != nil {
		return k, lerr
	}
	return k, nil
}

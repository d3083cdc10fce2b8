package syntax

import (
	"strings"
)

// Print writes n in canonical form: modifiers in the order of
// ModSet.String, everything else as written. Parse(Print(n)) gives n back
// up to offsets and the spelling of modifier runs.
func Print(n *Notation) string {
	var b strings.Builder
	printNotation(&b, n)
	return b.String()
}

func printNotation(b *strings.Builder, n *Notation) {
	for _, c := range n.Chains {
		for i, l := range c.Legs {
			if i > 0 {
				b.WriteByte('-')
			}
			printLeg(b, l)
		}
	}
}

func printLeg(b *strings.Builder, l *Leg) {
	b.WriteString(l.Mods.Set.String())
	switch u := l.Unit.(type) {
	case *Atom:
		b.WriteByte(u.Letter)
	case *Group:
		b.WriteByte('(')
		printNotation(b, u.Body)
		b.WriteByte(')')
	}
	if e := l.Exp; e != nil {
		b.WriteString(e.Mods.Set.String())
		switch e.Kind {
		case Unbounded:
			b.WriteByte('0')
		case Exact:
			b.WriteByte('0')
			b.WriteString(itoa(e.Count))
		default:
			b.WriteString(itoa(e.Count))
		}
	}
}

func itoa(n int) string {
	var buf [8]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(buf[i:])
		}
	}
}

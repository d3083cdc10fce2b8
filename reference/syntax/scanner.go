package syntax

import "fmt"

// token is a lexical token of Betza 2.0.
type token uint8

const (
	tEOF     token = iota
	tIllegal       // a byte outside the alphabet (§9.1)
	tAtom          // one capital letter
	tMods          // a run of lower-case letters
	tDigits        // a run of decimal digits
	tLparen
	tRparen
	tDash
)

// scanner splits the input into tokens; it never fails: a byte outside the
// alphabet becomes a tIllegal token and the parser reports it.
type scanner struct {
	src string
	off int
}

// scan returns the next token, its offset and its text.
func (s *scanner) scan() (token, Pos, string) {
	start := s.off
	if start >= len(s.src) {
		return tEOF, Pos(start), ""
	}
	c := s.src[start]
	s.off++
	switch {
	case c >= 'A' && c <= 'Z':
		return tAtom, Pos(start), s.src[start:s.off]
	case c >= 'a' && c <= 'z':
		for s.off < len(s.src) && s.src[s.off] >= 'a' && s.src[s.off] <= 'z' {
			s.off++
		}
		return tMods, Pos(start), s.src[start:s.off]
	case c >= '0' && c <= '9':
		for s.off < len(s.src) && s.src[s.off] >= '0' && s.src[s.off] <= '9' {
			s.off++
		}
		return tDigits, Pos(start), s.src[start:s.off]
	case c == '(':
		return tLparen, Pos(start), "("
	case c == ')':
		return tRparen, Pos(start), ")"
	case c == '-':
		return tDash, Pos(start), "-"
	}
	// Keep a multi-byte character whole so that messages quote it.
	for s.off < len(s.src) && s.src[s.off]&0xC0 == 0x80 {
		s.off++
	}
	return tIllegal, Pos(start), s.src[start:s.off]
}

// describe names a token for "found ..." in messages.
func describe(t token, lit string) string {
	switch t {
	case tEOF:
		return "end of input"
	case tMods:
		return fmt.Sprintf("modifiers %q", lit)
	case tDigits:
		return fmt.Sprintf("digits %q", lit)
	case tIllegal:
		return fmt.Sprintf("%q", lit)
	}
	return "'" + lit + "'"
}

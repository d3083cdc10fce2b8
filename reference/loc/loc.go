// Package loc holds betzacheck's one located error: what is wrong at one
// byte offset of a text (a Betza 2.0 notation, a dialect's notation or a
// placement), and the clause of the spec that makes it wrong. Every parser
// of the reference returns it; the command line renders it with a caret.
//
// Its API is stable (README.md, Stability).
package loc

import (
	"fmt"
	"strings"
)

// Error is an error at a byte offset of a text.
type Error struct {
	// In names the text when it is not a Betza 2.0 notation: a dialect
	// ("bracket", "betza-classic", "spanish", "xbetza") or "position"; ""
	// otherwise.
	In string
	// Offset is the byte offset of the offending character, from 0; the
	// text's length when the error is at its end.
	Offset int
	// Msg is a short lower-case sentence saying what was expected and
	// what was found, such as "expected a leg after '-', found end of
	// input".
	Msg string
	// Clause is the spec clause that makes it an error, such as "§9.4",
	// "§B3.2" or "§11.3".
	Clause string
}

// Errorf returns the error at offset of the text named in, with the clause
// and a message formatted as by fmt.Sprintf.
func Errorf(in string, offset int, clause, format string, args ...any) *Error {
	return &Error{In: in, Offset: offset, Clause: clause, Msg: fmt.Sprintf(format, args...)}
}

// Error returns "offset N: message (clause)", prefixed by "In: " when the
// text is named, e.g. "bracket: offset 3: expected ']', found end of input
// (§B1.1)".
func (e *Error) Error() string {
	s := fmt.Sprintf("offset %d: %s (%s)", e.Offset, e.Msg, e.Clause)
	if e.In != "" {
		s = e.In + ": " + s
	}
	return s
}

// Render shows the text with a caret under the offending character:
//
//	error: mRpR-
//	            ^ expected a leg after '-', found end of input (§9.4)
//
// Multi-byte characters before the offset count as one column each.
func (e *Error) Render(src string) string { return e.render("error: ", src) }

// RenderInput is Render for a text that came from a named input, such as
// a command-line flag: "error: --position 8/8/…" with the caret below.
func (e *Error) RenderInput(input, src string) string {
	return e.render("error: "+input+" ", src)
}

func (e *Error) render(prefix, src string) string {
	col := min(max(e.Offset, 0), len(src))
	col = len([]rune(src[:col]))
	return fmt.Sprintf("%s%s\n%s^ %s (%s)", prefix, src, strings.Repeat(" ", len([]rune(prefix))+col), e.Msg, e.Clause)
}

// bailout carries an error up a recursion to the Catch of its entry point.
type bailout struct{ err error }

// Bail stops a recursive reader or search of the reference with err: the
// error travels up the stack to the Catch deferred at the entry point,
// which returns it. Bail must only be called below such a Catch.
func Bail(err error) { panic(bailout{err}) }

// Catch, deferred at the entry point of a recursion that may Bail, stores
// the error of a Bail in *err; any other panic goes on unwinding.
func Catch(err *error) {
	if r := recover(); r != nil {
		b, ok := r.(bailout)
		if !ok {
			panic(r)
		}
		*err = b.err
	}
}

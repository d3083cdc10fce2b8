package syntax

import (
	"fmt"
	"strings"
)

// Error is a syntax or static error at a byte offset of the input.
// Msg is a short lower-case sentence such as "expected a leg after '-'";
// Clause is the spec clause that makes it an error (for example "§4.1").
type Error struct {
	Offset Pos
	Msg    string
	Clause string
}

func errorf(at Pos, clause, format string, args ...any) *Error {
	return &Error{Offset: at, Clause: clause, Msg: fmt.Sprintf(format, args...)}
}

// Error returns "offset N: message (§x.y)".
func (e *Error) Error() string {
	return fmt.Sprintf("offset %d: %s (%s)", e.Offset, e.Msg, e.Clause)
}

// Render shows the input with a caret under the offending byte:
//
//	error: mRpR-
//	            ^ expected a leg after '-', found end of input (§9.4)
func (e *Error) Render(src string) string {
	const prefix = "error: "
	col := int(e.Offset)
	if col > len(src) {
		col = len(src)
	}
	// The caret sits under the byte; multi-byte characters before it
	// count as one column each.
	col = len([]rune(src[:col]))
	return fmt.Sprintf("%s%s\n%s^ %s (%s)", prefix, src, strings.Repeat(" ", len(prefix)+col), e.Msg, e.Clause)
}

package syntax

import "github.com/betzacheck/betzacheck/reference/loc"

// errorf returns the located error of a Betza 2.0 notation at offset at.
func errorf(at Pos, clause, format string, args ...any) *loc.Error {
	return loc.Errorf("", int(at), clause, format, args...)
}

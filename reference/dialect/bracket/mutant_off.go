//go:build !betzamutant

package bracket

// mutant reports whether the planted bug name is switched on. Without the
// betzamutant build tag no bug exists and the call compiles away.
func mutant(string) bool { return false }

//go:build betzamutant

package expand

import "os"

// mutant reports whether the planted bug name is switched on: the mutation
// check of conformance builds with -tags betzamutant and names one bug in
// BETZA_MUTANT per run, to prove that the properties and the corpus catch it.
func mutant(name string) bool { return os.Getenv("BETZA_MUTANT") == name }

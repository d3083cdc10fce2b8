//go:build betzamutant

package bracket

import "os"

// mutant reports whether the planted bug name is switched on (see the
// mutation check in conformance/props).
func mutant(name string) bool { return os.Getenv("BETZA_MUTANT") == name }

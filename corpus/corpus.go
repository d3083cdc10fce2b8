// Package corpus holds the golden corpus, built into every program that
// imports it: the cases under valid/ and invalid/, each checked by hand
// (the format and the rules are in package
// github.com/betzacheck/betzacheck/conformance/corpus, which reads them).
// A betzacheck installed alone runs it, and writes it out to be read and
// extended (betzacheck corpus).
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package corpus

import (
	"embed"
	"io/fs"
)

//go:embed valid invalid
var files embed.FS

// Files returns the corpus files: valid/… and invalid/…, as in the
// repository's corpus directory.
func Files() fs.FS { return files }

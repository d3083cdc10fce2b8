package lint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/lint"
)

// thirtyPieces is a variants file of 30 custom pieces in three sections,
// the notations of the engine's own piece table and of common fairy
// pieces, some that lose meaning and some that readers read apart.
func thirtyPieces() []byte {
	notations := []string{
		"fmWfceF", "N", "B", "R", "Q", "F", "A", "FA", "FfW", "RNF",
		"RF", "BN", "RN", "QN", "mNcB", "mBcN", "mNcR", "mRcN", "fW", "fR",
		"fN", "WfF", "BW", "cW", "fmWfF", "mRcpR", "pR", "fsW", "nN", "mafsmafW",
	}
	var b strings.Builder
	for i, n := range notations {
		if i%10 == 0 {
			fmt.Fprintf(&b, "[game%d:chess]\nmaxFile = %d\n", i/10, 8+i/10)
		}
		fmt.Fprintf(&b, "customPiece%d = %c:%s\n", i%10+1, 'a'+i%10, n)
	}
	return []byte(b.String())
}

// BenchmarkLint30 lints a file of 30 pieces, witness searches included:
// the goal is well under a second for the file (issue 27).
func BenchmarkLint30(b *testing.B) {
	data := thirtyPieces()
	for b.Loop() {
		res, err := lint.Lint("v.ini", data, lint.Options{Seed: 1})
		if err != nil || len(res.Pieces) != 30 {
			b.Fatal(err, len(res.Pieces))
		}
	}
}

package spec

import (
	"embed"
	"io/fs"
)

// files holds the specification texts, built into every program that
// imports this package, so that a binary installed alone can serve and
// write out the spec it implements.
//
//go:embed *.md
var files embed.FS

// Files returns the specification texts: betza2.md, protocol.md,
// findings.md, lint.md (the files lint reads) and one text per dialect,
// at the root of the file system.
func Files() fs.FS { return files }

// Package spec holds no code: it is the home of the specification texts
// (betza2.md, protocol.md, findings.md and the dialects) and of the test
// that runs their examples, so that the spec is executable.
package spec

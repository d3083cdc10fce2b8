// Package spec is the home of the specification texts (betza2.md,
// protocol.md, findings.md and the dialects) and of what reads their
// executable examples: Blocks finds the fenced blocks of a Markdown text,
// and ParseReject reads one line of a block of rejected examples. The
// tests of the packages that implement a spec run its examples with them,
// so that the spec is executable. Files holds the texts themselves, built
// into the binary, for the commands that serve or write out the spec;
// Clauses finds their numbered clauses (the anchors every citation links
// to), and HTML renders a text, its citations linked, for the pages that
// show it.
package spec

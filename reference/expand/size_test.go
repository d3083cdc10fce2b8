package expand

import (
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/syntax"
	"github.com/betzacheck/betzacheck/spec"
)

// TestCountLegsMatchesExpansion: the count that §9.11 is checked against,
// worked out from the tree, is the number of legs Compile makes, for every
// notation of the spec's parse examples and a few of every exponent kind.
func TestCountLegsMatchesExpansion(t *testing.T) {
	srcs := []string{"W", "W3", "W03", "W0", "(W-F)03", "((W3)03)0", "(WF-(N0D)2)5-cK", "x(aW)0-(R(B3)2)04"}
	blocks, err := spec.ReadBlocks(filepath.Join("..", "..", "spec", "betza2.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		if b.Info != "parse" {
			continue
		}
		for _, line := range b.Lines {
			if line != "" {
				srcs = append(srcs, line)
			}
		}
	}
	for _, src := range srcs {
		n, err := syntax.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		want, lerr := countLegs(n, DefaultLimits.MaxNodes)
		if lerr != nil {
			t.Fatalf("%s: %v", src, lerr)
		}
		p, err := Compile(n, src, DefaultLimits)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if len(p.Nodes) != want || cap(p.Nodes) != want {
			t.Errorf("%s: %d legs (capacity %d), counted %d", src, len(p.Nodes), cap(p.Nodes), want)
		}
	}
}

// TestLegLimitBeforeExpansion: a notation past the limit of §9.11 is
// rejected from its syntax tree, with a caret under the exponent that
// makes it too big, and without expanding anything. It used to be found
// only after 200,000 legs had been built, and reported at the first atom.
func TestLegLimitBeforeExpansion(t *testing.T) {
	for _, c := range []struct {
		src    string
		offset syntax.Pos
	}{
		{"(((W-F)1000)1000)1000", 12}, // 3998 legs, then 1999 copies of them
		{"(W01000)01000", 8},
		{"((W999)999)", 7},
		{"N0" + strings.Repeat("-W1000", 101), 3 + 6*100}, // each leg fits; the 101st W goes past
	} {
		n, err := syntax.Parse(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = Compile(n, c.src, DefaultLimits)
		runtime.ReadMemStats(&after)
		var serr *loc.Error
		var lerr *LimitError
		if !errors.As(err, &serr) || !errors.As(err, &lerr) || serr.Offset != int(c.offset) || serr.Clause != "§9.11" {
			t.Errorf("%s: error %v, want a §9.11 error at offset %d", c.src, err, c.offset)
			continue
		}
		if lerr.Value != DefaultLimits.MaxNodes {
			t.Errorf("%s: limit %d, want %d", c.src, lerr.Value, DefaultLimits.MaxNodes)
		}
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<20 {
			t.Errorf("%s: rejecting it allocated %d bytes; the limit must be found before expansion", c.src, grown)
		}
	}
}

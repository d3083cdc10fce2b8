package expand_test

import (
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/expand"
	"github.com/betzacheck/betzacheck/reference/syntax"
)

// benchNotations are what a fuzz case compiles, in small: notations of
// the seed and the harness, and each one's chains written out leg by leg
// (the explicit form the law explicit-defaults compiles); their texts and
// their trees.
func benchNotations(b *testing.B) ([]string, []*syntax.Notation) {
	b.Helper()
	var srcs []string
	var out []*syntax.Notation
	add := func(src string) *syntax.Notation {
		n, err := syntax.Parse(src)
		if err != nil {
			b.Fatalf("%s: %v", src, err)
		}
		srcs = append(srcs, src)
		out = append(out, n)
		return n
	}
	for _, src := range []string{
		"fmFfcF-mF", "mRpR-cR", "(cdW-bW-R-uW-bW)(moW-bW-R)", "irdiW04-buW02-bW",
		"W3", "(W-F)03", "Nfr8", "(F-lF)r0", "vc(W-F-R)", "c(WFN)", "xW-xW-W2",
		"K3-fD2", "(WF)05", "ifxcimW-lbecdiF-O", "W1000", "mQcQ-xdO-acdK",
	} {
		p, err := expand.Compile(add(src), src, expand.DefaultLimits)
		if err != nil {
			b.Fatalf("%s: %v", src, err)
		}
		walk := p.WalkChains(256, 4000)
		if walk.Total.Unbounded || !walk.More.IsZero() {
			continue
		}
		var explicit strings.Builder
		for _, c := range walk.Shown {
			explicit.WriteString(p.ChainText(c.Nodes))
		}
		add(explicit.String())
	}
	return srcs, out
}

// BenchmarkCompile parses benchNotations (parse) and expands their trees
// (expand), as reference.Compile does: a fuzz case compiles a few
// notations, some of thousands of legs (issue 29). One op is all of them.
func BenchmarkCompile(b *testing.B) {
	srcs, ns := benchNotations(b)
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, src := range srcs {
				if _, err := syntax.Parse(src); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("expand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, n := range ns {
				if _, err := expand.Compile(n, "", expand.DefaultLimits); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

package translate_test

import (
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/translate"
	"github.com/betzacheck/betzacheck/spec"
)

// FuzzDialects: every dialect translate knows, each classic profile and
// Betza 2.0 itself keep the contract of dialect.Dialect (dialect.Check) on
// any text: no panic; an error is located inside the text or names a part
// of it that has no equivalent; a translation compiles and, written back,
// reads again. The seeds are the examples of each dialect's spec, tried
// under every dialect (a text of one is often an error of another).
func FuzzDialects(f *testing.F) {
	names := translate.Names()
	for _, text := range specExamples(f) {
		for i := range names {
			f.Add(uint8(i), text)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, src string) {
		name := names[int(which)%len(names)]
		d, err := translate.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := dialect.Check(d, src); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	})
}

// specExamples are the notations of the examples of every dialect's spec
// (exampleText), in the order the specs write them.
func specExamples(tb testing.TB) []string {
	var texts []string
	for _, doc := range []string{"betza2", "bracket", "classic", "spanish", "xbetza"} {
		blocks, err := spec.ReadBlocks("../../spec/" + doc + ".md")
		if err != nil {
			tb.Fatal(err)
		}
		for _, b := range blocks {
			for _, line := range b.Lines {
				if text := exampleText(b.Info, line); text != "" {
					texts = append(texts, text)
				}
			}
		}
	}
	return texts
}

// exampleText is the notation an example line of a spec block starts with:
// the left side of a translation ("=>", "→", "=="), the text of a reject line
// or of a no-equivalent line ("noeq", before its clause), or a line of a
// block of notations; "" for a line that holds none.
func exampleText(info, line string) string {
	switch {
	case strings.TrimSpace(line) == "" || info == "ebnf" || info == "" || info == "text":
		return ""
	case strings.HasSuffix(info, "reject"):
		if r, err := spec.ParseReject(line); err == nil {
			return r.Text
		}
		return ""
	case info == "noeq":
		text, _, _ := strings.Cut(line, " ")
		return text
	}
	for _, arrow := range []string{" => ", " → ", " == "} {
		if src, _, ok := strings.Cut(line, arrow); ok {
			return src
		}
	}
	return line
}

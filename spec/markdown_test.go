package spec_test

import (
	"encoding/xml"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/spec"
)

// TestHTML: each construct of the subset, everything escaped, citations
// linked outside code only.
func TestHTML(t *testing.T) {
	link := func(id string) string {
		if id == "§3.8" || id == "P6.1" {
			return "#" + spec.Anchor(id)
		}
		return ""
	}
	for _, c := range []struct{ md, want string }{
		{"## §1 Atoms", `<h2 id="clause-1">§1 Atoms</h2>`},
		{"### Grammar notation", `<h3 id="grammar-notation">Grammar notation</h3>`},
		{"**§3.8** Eruption (§3.8, §9.9).", `<p id="clause-3.8"><strong><a class="clause" href="#clause-3.8">§3.8</a></strong> Eruption (<a class="clause" href="#clause-3.8">§3.8</a>, §9.9).</p>`},
		{"a `§3.8 <b>` b *c* d_e_f", `<p>a <code>§3.8 &lt;b&gt;</code> b <em>c</em> d_e_f</p>`},
		{"<script>alert(1)</script> & X* on d4", `<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; X* on d4</p>`},
		{"[Syntax](#syntax) [x](javascript:alert)", `<p><a href="#syntax">Syntax</a> <a href="#">x</a></p>`},
		{"```parse\nW<\n```", "<pre><code class=\"language-parse\">W&lt;\n</code></pre>"},
		{"- P6.1 **Time.** A\n  b.\n\n  Decision: c.\n- P6.2 d", "<ul>\n<li id=\"clause-P6.1\">\n<p><a class=\"clause\" href=\"#clause-P6.1\">P6.1</a> <strong>Time.</strong> A\nb.</p>\n<p>Decision: c.</p>\n</li>\n<li id=\"clause-P6.2\">P6.2 d</li>\n</ul>"},
		{"1. one\n2. two", "<ol>\n<li>one</li>\n<li>two</li>\n</ol>"},
		{"| a | `b|c` |\n|---|---|\n| §3.8 | x \\| y |", "<table>\n<thead><tr><th>a</th><th><code>b|c</code></th></tr></thead>\n<tbody>\n<tr><td><a class=\"clause\" href=\"#clause-3.8\">§3.8</a></td><td>x | y</td></tr>\n</tbody>\n</table>"},
		{"``a ` b``", "<p><code>a ` b</code></p>"},
	} {
		got := strings.TrimSpace(spec.HTML(c.md, spec.HTMLOptions{Link: link, Anchors: true}))
		if got != c.want {
			t.Errorf("HTML(%q) =\n%s\nwant\n%s", c.md, got, c.want)
		}
	}
}

// TestHTMLEveryText: every text renders to well-formed markup with one
// anchor per clause, each once.
func TestHTMLEveryText(t *testing.T) {
	cs, err := spec.Clauses()
	if err != nil {
		t.Fatal(err)
	}
	names, _ := fs.Glob(spec.Files(), "*.md")
	for _, name := range names {
		data, _ := fs.ReadFile(spec.Files(), name)
		out := spec.HTML(string(data), spec.HTMLOptions{Anchors: true, Link: func(id string) string { return "#" + spec.Anchor(id) }})
		d := xml.NewDecoder(strings.NewReader("<div>" + out + "</div>"))
		d.Strict, d.Entity = true, map[string]string{}
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: not well-formed: %v", name, err)
			}
		}
		for _, c := range cs {
			if c.File != name {
				continue
			}
			if n := strings.Count(out, ` id="`+spec.Anchor(c.ID)+`"`); n != 1 {
				t.Errorf("%s: anchor of %s %d times, want once", name, c.ID, n)
			}
		}
	}
}

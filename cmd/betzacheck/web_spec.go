package main

import (
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/spec"
)

// specPages are the playground's pages of the specification: an index at
// /spec/ and each text at /spec/NAME.md, rendered as HTML with one anchor
// per clause (spec.Anchor), every citation a link, so that a clause cited
// anywhere (an error, explain's output, a report) links to its text.
type specPages struct {
	pages   map[string][]byte // "betza2.md" → the rendered page
	index   []byte
	clauses map[string]string // clause id → its text's file
}

// clauseHref is the address of a clause's anchor on the spec pages.
func (s *specPages) clauseHref(id string) string {
	file, ok := s.clauses[id]
	if !ok {
		return ""
	}
	return "/spec/" + file + "#" + spec.Anchor(id)
}

// clauseFilesJSON is the map from each clause id to its text's file, for
// the playground page to link the clauses it cites.
func (s *specPages) clauseFilesJSON() string {
	b, err := json.Marshal(s.clauses)
	if err != nil {
		panic(err) // a map of strings always marshals
	}
	// Inside <script>: no "</" may close it early.
	return strings.ReplaceAll(string(b), "</", `<\/`)
}

// specTitles name the texts on the index, in its order.
var specTitles = []struct{ file, title string }{
	{"betza2.md", "Betza 2.0: the notation and what it means"},
	{"classic.md", "Classic Betza and its profiles (betza-classic)"},
	{"xbetza.md", "XBetza (xbetza)"},
	{"bracket.md", "The bracket notation (bracket)"},
	{"spanish.md", "The Spanish notation (spanish)"},
	{"protocol.md", "The subprocess protocol of conform"},
	{"findings.md", "Findings: where the seed and the rules differ"},
}

// newSpecPages renders the texts that package spec holds.
func newSpecPages() (*specPages, error) {
	cs, err := spec.Clauses()
	if err != nil {
		return nil, err
	}
	s := &specPages{pages: map[string][]byte{}, clauses: map[string]string{}}
	count := map[string]int{}
	for _, c := range cs {
		s.clauses[c.ID] = c.File
		count[c.File]++
	}
	// Links between the pages of one directory are relative.
	link := func(id string) string { return strings.TrimPrefix(s.clauseHref(id), "/spec/") }
	names, err := fs.Glob(spec.Files(), "*.md")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		data, err := fs.ReadFile(spec.Files(), name)
		if err != nil {
			return nil, err
		}
		body := spec.HTML(string(data), spec.HTMLOptions{Link: link, Anchors: true})
		s.pages[name] = specPage(strings.TrimSuffix(name, ".md")+" — betzacheck spec", `<p class="nav"><a href="./">the spec</a> · <a href="/">playground</a></p>`+"\n"+body)
	}
	var idx strings.Builder
	idx.WriteString("<h1>The betzacheck specification</h1>\n<p>The texts this betzacheck implements, built into it. Every numbered clause has an anchor: <code>/spec/betza2.md#clause-3.8</code> is §3.8.</p>\n<ul>\n")
	listed := map[string]bool{}
	item := func(file, title string) {
		listed[file] = true
		fmt.Fprintf(&idx, "<li><a href=\"%s\">%s</a>: %s, %d clauses</li>\n", html.EscapeString(file), html.EscapeString(file), html.EscapeString(title), count[file])
	}
	for _, t := range specTitles {
		if slices.Contains(names, t.file) {
			item(t.file, t.title)
		}
	}
	for _, name := range names {
		if !listed[name] {
			item(name, "")
		}
	}
	idx.WriteString("</ul>\n")
	s.index = specPage("betzacheck spec", `<p class="nav"><a href="/">playground</a></p>`+"\n"+idx.String())
	return s, nil
}

// specPage is a whole page around body.
func specPage(title, body string) []byte {
	return []byte(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + html.EscapeString(title) + `</title>
<style>
body { font-family: "DejaVu Sans", system-ui, Arial, sans-serif; font-size: 15px; line-height: 1.5; color: #212121;
	max-width: 52rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; overflow-wrap: anywhere; }
code, pre { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; font-size: .92em; }
pre { background: #f5f5f5; padding: .6rem .8rem; overflow-x: auto; border-radius: 4px; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #e0e0e0; padding: .2rem .5rem; text-align: left; vertical-align: top; }
a.clause { color: #1a237e; }
:target { background: #fff8e1; outline: 4px solid #fff8e1; }
.nav { font-size: .9rem; }
</style>
</head>
<body>
` + body + `</body>
</html>
`)
}

// serveSpec answers GET /spec/ and /spec/NAME.md.
func (p *playground) serveSpec(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/spec/")
	page := p.spec.index
	if name != "" {
		var ok bool
		if page, ok = p.spec.pages[name]; !ok {
			names := make([]string, 0, len(p.spec.pages))
			for n := range p.spec.pages {
				names = append(names, n)
			}
			slices.Sort(names)
			p.writeError(w, &apiError{http.StatusNotFound, "", fmt.Sprintf("no text %s in the spec: expected one of %s", name, strings.Join(names, ", "))})
			return
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
	w.Write(page)
}

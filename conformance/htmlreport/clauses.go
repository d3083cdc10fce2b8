package htmlreport

import (
	"html/template"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/spec"
)

// citer links the clause citations of one page to the page's appendix
// "Clauses cited", and remembers which clauses it cited: a report file is
// read without a server, so the clauses it cites travel in it. The
// appendix is the page's last section, so that every citation before it
// has been seen when it is written.
type citer struct {
	ix    spec.ClauseIndex
	cited map[string]spec.Clause
}

func newCiter() (*citer, error) {
	ix, err := spec.Index()
	if err != nil {
		return nil, err
	}
	return &citer{ix: ix, cited: map[string]spec.Clause{}}, nil
}

// cite escapes text for the page, each citation of a clause the spec
// defines a link to the clause in the appendix.
func (c *citer) cite(text string) template.HTML {
	return template.HTML(spec.LinkClauses(text, func(id string) string {
		cl, ok := c.ix[id]
		if !ok {
			return ""
		}
		c.cited[id] = cl
		return "#" + spec.Anchor(id)
	}))
}

// citedClause is a clause in the appendix: its id and anchor, where the
// spec defines it, and its first paragraph as HTML.
type citedClause struct {
	ID, Anchor, File, Title string
	Line                    int
	Text                    template.HTML
}

// appendix is the clauses cited so far, in the order of the spec (text by
// text, then by line): each with its lead, the first paragraph that states
// the rule (the rest of a clause, its decisions and examples, is in
// spec/FILE and on the pages of betzacheck web), whose citations of
// clauses also in the appendix are links.
func (c *citer) appendix() []citedClause {
	out := make([]citedClause, 0, len(c.cited))
	for _, cl := range c.cited {
		lead := cl.Lead()
		if cl.Heading > 0 {
			// The heading is the entry's title; its first paragraph the text.
			_, lead, _ = strings.Cut(lead, "\n")
		}
		text := spec.HTML(lead, spec.HTMLOptions{Link: func(id string) string {
			if _, ok := c.cited[id]; ok {
				return "#" + spec.Anchor(id)
			}
			return ""
		}})
		out = append(out, citedClause{ID: cl.ID, Anchor: spec.Anchor(cl.ID), File: cl.File, Title: cl.Title, Line: cl.Line, Text: template.HTML(text)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}

package spec

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
)

// Clause is a numbered clause of a specification text: a stable id that
// code, tests, corpus cases and messages cite, and the text it names.
//
// The texts number their clauses in four forms (betza2.md "Clauses"):
//
//   - a paragraph that starts with its id in bold: **§3.8** (Betza 2.0),
//     **§X2.4** (XBetza), **§S5.5** (Spanish), **§B1.2** (bracket),
//     **§C5.12** (classic);
//   - a heading that starts with a section's id: "## §1 Atoms",
//     "## §X2 Atoms", "## P1 Transport", "### P3.1 Request";
//   - a list item of the protocol that starts with its id: "- P1.1 The
//     client starts …";
//   - a finding's heading: "## F3. Handedness …" (id F3).
//
// A clause's text runs from its first line up to the next clause or
// heading; a clause that is a list item ends earlier, at the first line
// after it that is not indented (the next paragraph of the section).
// Lines inside fenced blocks never start a clause or a heading. A range
// such as §3.1–§3.7 is written as two citations, each of its own clause.
type Clause struct {
	// ID is the id as cited: "§3.8", "§X2", "P10.7", "F3".
	ID string
	// File is the text that defines it, such as "betza2.md".
	File string
	// Line is the line of its first line in File, from 1.
	Line int
	// Title is the rest of a heading clause's heading ("Atoms"), "" for
	// the other forms.
	Title string
	// Text is the clause's Markdown, its first line included, without
	// trailing blank lines.
	Text string
	// Heading is the level of a heading clause (2 for "##"), 0 for the
	// other forms.
	Heading int
}

// Anchor is the HTML id of the clause with the given id, on the page of
// its text and in a report's appendix: "clause-" and the id without its
// "§" (clause-3.8, clause-X2.4, clause-P10.7), ASCII so that a URL
// fragment needs no escaping.
func Anchor(id string) string { return "clause-" + strings.TrimPrefix(id, "§") }

// Lead is the clause's first paragraph: its normative sentence, the text
// up to the first blank line (a heading clause's heading and the
// paragraph after it).
func (c Clause) Lead() string {
	lines := strings.Split(c.Text, "\n")
	var keep []string
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			if c.Heading > 0 && i == 1 {
				continue // the blank line after a heading
			}
			break
		}
		if c.Heading > 0 && i > 0 && strings.HasPrefix(l, fence) {
			break
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

// ClauseRef matches a citation of a clause in any text: a section sign and
// an id (§3.8, §X2.4, §12), or a protocol clause (P10.7, P9) standing
// alone as a word. A match is a clause only if Clauses defines it.
var ClauseRef = regexp.MustCompile(`§[A-Z]?\d+(?:\.\d+)*|\bP\d+(?:\.\d+)?\b`)

// The starts of clauses.
var (
	boldClause    = regexp.MustCompile(`^\*\*(§[A-Z]?\d+\.\d+)\*\*`)
	headingLine   = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*$`)
	headingClause = regexp.MustCompile(`^(§[A-Z]?\d+(?:\.\d+)?|P\d+(?:\.\d+)?|F\d+)\.?(?:\s+(.*))?$`)
	itemClause    = regexp.MustCompile(`^- (P\d+\.\d+)\s`)
)

// ClausesOf returns the clauses of the Markdown text of the file named
// file, in order.
func ClausesOf(file, text string) []Clause {
	lines := strings.Split(text, "\n")
	var out []Clause
	cur := -1 // index in out of the open clause
	item := false
	end := func(i int) {
		if cur >= 0 {
			out[cur].Text = strings.TrimRight(strings.Join(lines[out[cur].Line-1:i], "\n"), " \t\r\n")
		}
		cur = -1
	}
	inFence := false
	for i, line := range lines {
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(strings.TrimLeft(line, " "), fence) {
			inFence = !inFence
			continue
		}
		if inFence || line == "" {
			continue
		}
		if item && cur >= 0 && line[0] != ' ' && line[0] != '\t' && !itemClause.MatchString(line) {
			end(i) // the paragraph after a list of clauses
		}
		c := Clause{File: file, Line: i + 1}
		if m := headingLine.FindStringSubmatch(line); m != nil {
			end(i)
			hm := headingClause.FindStringSubmatch(m[2])
			if hm == nil {
				continue
			}
			c.ID, c.Title, c.Heading = hm[1], hm[2], len(m[1])
			if strings.HasPrefix(c.ID, "F") && !strings.HasPrefix(m[2], c.ID+".") {
				continue // a finding is "F3." and its title
			}
		} else if m := boldClause.FindStringSubmatch(line); m != nil {
			c.ID = m[1]
		} else if m := itemClause.FindStringSubmatch(line); m != nil {
			c.ID = m[1]
		} else {
			continue
		}
		end(i)
		out = append(out, c)
		cur, item = len(out)-1, strings.HasPrefix(line, "- ")
	}
	end(len(lines))
	return out
}

// Clauses returns the clauses of every specification text (Files), text by
// text in name order. An id defined twice is an error: an id names one
// clause.
func Clauses() ([]Clause, error) {
	names, err := fs.Glob(files, "*.md")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []Clause
	seen := map[string]Clause{}
	for _, name := range names {
		data, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, err
		}
		for _, c := range ClausesOf(name, string(data)) {
			if old, ok := seen[c.ID]; ok {
				return nil, fmt.Errorf("%s:%d: clause %s defined again (first at %s:%d)", c.File, c.Line, c.ID, old.File, old.Line)
			}
			seen[c.ID] = c
			out = append(out, c)
		}
	}
	return out, nil
}

// ClauseIndex is the clauses of the specification texts by id.
type ClauseIndex map[string]Clause

// Index returns the clauses of every specification text by id.
func Index() (ClauseIndex, error) {
	cs, err := Clauses()
	if err != nil {
		return nil, err
	}
	ix := make(ClauseIndex, len(cs))
	for _, c := range cs {
		ix[c.ID] = c
	}
	return ix, nil
}

// Cited returns the clauses that text cites (ClauseRef) and ix defines,
// each once, in the order of their first citation.
func (ix ClauseIndex) Cited(text string) []Clause {
	var out []Clause
	seen := map[string]bool{}
	for _, id := range ClauseRef.FindAllString(text, -1) {
		if c, ok := ix[id]; ok && !seen[id] {
			seen[id] = true
			out = append(out, c)
		}
	}
	return out
}

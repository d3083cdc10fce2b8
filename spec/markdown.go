package spec

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

// HTMLOptions say how HTML renders a text.
type HTMLOptions struct {
	// Link returns the address of the clause a citation names (ClauseRef),
	// or "" to leave the citation as text: a citation in prose becomes a
	// link to it; one in code (a code span or block) stays code.
	Link func(id string) string
	// Anchors gives each clause's first element the id Anchor(id), on a
	// page that holds whole texts.
	Anchors bool
}

// HTML renders a Markdown text of the subset the specification texts are
// written in: ATX headings, paragraphs, fenced blocks, lists (- or 1.,
// nested by indentation, items of several paragraphs), pipe tables, and
// inline code spans, bold, italics, links and backslash escapes. Every
// character of the text is escaped; nothing in it becomes markup but
// these constructs. A heading gets the id of its words (lower case,
// joined by hyphens, as "[Syntax](#syntax)" expects), or, when it starts
// a clause and opt.Anchors is set, the clause's anchor.
func HTML(md string, opt HTMLOptions) string {
	r := renderer{opt: opt}
	r.blocks(strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n"))
	return r.b.String()
}

type renderer struct {
	opt HTMLOptions
	b   strings.Builder
}

var (
	listItem  = regexp.MustCompile(`^([-*]|\d+\.) +`)
	tableRule = regexp.MustCompile(`^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$`)
)

// startsBlock says whether line (not blank) starts a block other than a
// paragraph, which ends the paragraph before it.
func startsBlock(line string) bool {
	return strings.HasPrefix(line, fence) || headingLine.MatchString(line) ||
		listItem.MatchString(line) || strings.HasPrefix(line, "|")
}

// blocks renders lines as a sequence of blocks.
func (r *renderer) blocks(lines []string) {
	for i := 0; i < len(lines); {
		line := lines[i]
		switch {
		case strings.TrimSpace(line) == "":
			i++
		case strings.HasPrefix(line, fence):
			i = r.code(lines, i)
		case headingLine.MatchString(line):
			r.heading(line)
			i++
		case listItem.MatchString(line):
			i = r.list(lines, i)
		case strings.HasPrefix(line, "|"):
			i = r.table(lines, i)
		default:
			j := i + 1
			for j < len(lines) && strings.TrimSpace(lines[j]) != "" && !startsBlock(lines[j]) {
				j++
			}
			text := strings.Join(lines[i:j], "\n")
			r.b.WriteString("<p" + r.anchor(boldClause, text) + ">" + r.inline(text) + "</p>\n")
			i = j
		}
	}
}

// anchor is the id attribute of an element whose text starts a clause in
// the form re finds, when anchors are asked for.
func (r *renderer) anchor(re *regexp.Regexp, text string) string {
	if !r.opt.Anchors {
		return ""
	}
	if m := re.FindStringSubmatch(text); m != nil {
		return fmt.Sprintf(` id="%s"`, Anchor(m[1]))
	}
	return ""
}

// code renders the fenced block that opens at lines[i]; it returns the
// index after its closing fence (the end, for a block never closed).
func (r *renderer) code(lines []string, i int) int {
	info := strings.TrimSpace(strings.TrimPrefix(lines[i], fence))
	j := i + 1
	for j < len(lines) && strings.TrimRight(lines[j], " \t") != fence {
		j++
	}
	class := ""
	if info != "" {
		class = fmt.Sprintf(` class="language-%s"`, html.EscapeString(strings.Fields(info)[0]))
	}
	r.b.WriteString("<pre><code" + class + ">")
	for _, l := range lines[i+1 : j] {
		r.b.WriteString(html.EscapeString(l) + "\n")
	}
	r.b.WriteString("</code></pre>\n")
	return min(j+1, len(lines))
}

func (r *renderer) heading(line string) {
	m := headingLine.FindStringSubmatch(line)
	level, text := len(m[1]), m[2]
	id := fmt.Sprintf(` id="%s"`, slug(text))
	if hm := headingClause.FindStringSubmatch(text); hm != nil && r.opt.Anchors {
		id = fmt.Sprintf(` id="%s"`, Anchor(hm[1]))
	}
	fmt.Fprintf(&r.b, "<h%d%s>%s</h%d>\n", level, id, r.inline(text), level)
}

// slug is the id of a heading: its letters and digits in lower case,
// words joined by hyphens.
func slug(text string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.')
	}) {
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(w)
	}
	return b.String()
}

// list renders the list that starts at lines[i]: items of the same marker
// kind at no indentation, each with the lines indented under it. It
// returns the index after the list.
func (r *renderer) list(lines []string, i int) int {
	ordered := lines[i][0] >= '0' && lines[i][0] <= '9'
	tag := "ul"
	if ordered {
		tag = "ol"
	}
	r.b.WriteString("<" + tag + ">\n")
	for i < len(lines) {
		m := listItem.FindString(lines[i])
		if m == "" || (m[0] >= '0' && m[0] <= '9') != ordered {
			break
		}
		body := []string{lines[i][len(m):]}
		j := i + 1
		loose := false
		for j < len(lines) {
			l := lines[j]
			if strings.TrimSpace(l) == "" {
				// A blank line continues the item if an indented line follows.
				k := j
				for k < len(lines) && strings.TrimSpace(lines[k]) == "" {
					k++
				}
				if k == len(lines) || !indented(lines[k]) {
					break
				}
				body = append(body, lines[j:k]...)
				loose, j = true, k
				continue
			}
			if !indented(l) {
				if startsBlock(l) {
					break
				}
				// A lazy continuation of the item's paragraph.
			}
			body = append(body, dedent(l, len(m)))
			j++
		}
		r.b.WriteString("<li" + r.anchor(itemClause, lines[i]) + ">")
		if !loose && !hasBlock(body[1:]) {
			r.b.WriteString(r.inline(strings.Join(body, "\n")))
		} else {
			r.b.WriteString("\n")
			r.blocks(body)
		}
		r.b.WriteString("</li>\n")
		// Blank lines between items of one list.
		k := j
		for k < len(lines) && strings.TrimSpace(lines[k]) == "" {
			k++
		}
		if k < len(lines) && k > j && listItem.MatchString(lines[k]) {
			j = k
		}
		i = j
	}
	r.b.WriteString("</" + tag + ">\n")
	return i
}

// indented says whether a line is indented (a list item's continuation).
func indented(l string) bool { return strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") }

// dedent removes up to n leading spaces.
func dedent(l string, n int) string {
	for k := 0; k < n && strings.HasPrefix(l, " "); k++ {
		l = l[1:]
	}
	return l
}

// hasBlock says whether lines hold a block other than a paragraph.
func hasBlock(lines []string) bool {
	for _, l := range lines {
		if startsBlock(l) {
			return true
		}
	}
	return false
}

// table renders the pipe table that starts at lines[i]: a header row, a
// rule, then rows. Lines that start with "|" without a rule are a
// paragraph.
func (r *renderer) table(lines []string, i int) int {
	j := i
	for j < len(lines) && strings.HasPrefix(lines[j], "|") {
		j++
	}
	if j-i < 2 || !tableRule.MatchString(lines[i+1]) {
		r.b.WriteString("<p>" + r.inline(strings.Join(lines[i:j], "\n")) + "</p>\n")
		return j
	}
	r.b.WriteString("<table>\n<thead><tr>")
	for _, c := range cells(lines[i]) {
		r.b.WriteString("<th>" + r.inline(c) + "</th>")
	}
	r.b.WriteString("</tr></thead>\n<tbody>\n")
	for _, row := range lines[i+2 : j] {
		r.b.WriteString("<tr>")
		for _, c := range cells(row) {
			r.b.WriteString("<td>" + r.inline(c) + "</td>")
		}
		r.b.WriteString("</tr>\n")
	}
	r.b.WriteString("</tbody>\n</table>\n")
	return j
}

// cells splits a table row at its pipes, except those in code spans or
// escaped.
func cells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	if strings.HasSuffix(row, "|") && !strings.HasSuffix(row, `\|`) {
		row = row[:len(row)-1]
	}
	var out []string
	var cur strings.Builder
	tick := 0 // length of the open code span's backtick run
	for k := 0; k < len(row); k++ {
		c := row[k]
		switch {
		case c == '\\' && k+1 < len(row) && row[k+1] == '|':
			cur.WriteByte('|')
			k++
		case c == '`':
			n := 1
			for k+n < len(row) && row[k+n] == '`' {
				n++
			}
			if tick == 0 {
				tick = n
			} else if tick == n {
				tick = 0
			}
			cur.WriteString(row[k : k+n])
			k += n - 1
		case c == '|' && tick == 0:
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(out, strings.TrimSpace(cur.String()))
}

// inline renders the inline text s: code spans, bold, italics, links and
// escapes; the rest is escaped text whose clause citations are linked.
func (r *renderer) inline(s string) string {
	var b strings.Builder
	text := 0 // start of the plain text not written yet
	flush := func(end int) {
		b.WriteString(r.linked(s[text:end]))
	}
	for k := 0; k < len(s); {
		switch c := s[k]; {
		case c == '\\' && k+1 < len(s) && strings.IndexByte("\\`*_[]()#|-.!", s[k+1]) >= 0:
			flush(k)
			b.WriteString(html.EscapeString(s[k+1 : k+2]))
			k += 2
			text = k
		case c == '`':
			n := 1
			for k+n < len(s) && s[k+n] == '`' {
				n++
			}
			close := strings.Index(s[k+n:], s[k:k+n])
			for close >= 0 && k+n+close+n < len(s) && s[k+n+close+n] == '`' {
				// A longer run does not close it.
				next := strings.Index(s[k+n+close+n+1:], s[k:k+n])
				if next < 0 {
					close = -1
					break
				}
				close += n + 1 + next
			}
			if close < 0 {
				k += n
				continue
			}
			flush(k)
			code := s[k+n : k+n+close]
			if len(code) > 2 && code[0] == ' ' && code[len(code)-1] == ' ' {
				code = code[1 : len(code)-1]
			}
			b.WriteString("<code>" + html.EscapeString(strings.ReplaceAll(code, "\n", " ")) + "</code>")
			k += n + close + n
			text = k
		case c == '*' && k+1 < len(s) && s[k+1] == '*':
			end := strings.Index(s[k+2:], "**")
			if end <= 0 {
				k += 2
				continue
			}
			flush(k)
			b.WriteString("<strong>" + r.inline(s[k+2:k+2+end]) + "</strong>")
			k += 2 + end + 2
			text = k
		case (c == '*' || c == '_') && k+1 < len(s) && s[k+1] != ' ' && s[k+1] != c && (k == 0 || !isWord(s[k-1])):
			end := strings.IndexByte(s[k+1:], c)
			if end <= 0 || s[k+end] == ' ' || (k+1+end+1 < len(s) && isWord(s[k+1+end+1])) {
				k++
				continue
			}
			flush(k)
			b.WriteString("<em>" + r.inline(s[k+1:k+1+end]) + "</em>")
			k += 1 + end + 1
			text = k
		case c == '[':
			m := linkText.FindStringSubmatch(s[k:])
			if m == nil {
				k++
				continue
			}
			flush(k)
			href := m[2]
			if !safeHref(href) {
				href = "#"
			}
			b.WriteString(`<a href="` + html.EscapeString(href) + `">` + r.inline(m[1]) + "</a>")
			k += len(m[0])
			text = k
		default:
			k++
		}
	}
	flush(len(s))
	return b.String()
}

var linkText = regexp.MustCompile(`^\[([^\]]+)\]\(([^)\s]+)\)`)

// safeHref says whether a link of a text may be followed: a fragment, a
// relative path or a web address, never a script.
func safeHref(h string) bool {
	if i := strings.IndexAny(h, ":/?#"); i >= 0 && h[i] == ':' {
		return strings.HasPrefix(h, "https:") || strings.HasPrefix(h, "http:")
	}
	return true
}

func isWord(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// linked escapes plain text, each citation of a clause that opt.Link
// gives an address a link to it.
func (r *renderer) linked(s string) string {
	if r.opt.Link == nil {
		return html.EscapeString(s)
	}
	return LinkClauses(s, r.opt.Link)
}

// LinkClauses escapes the plain text s for HTML, each citation of a clause
// (ClauseRef) that link gives an address made a link to that address, the
// citation its text: "§3.8" becomes <a class="clause" href="…">§3.8</a>.
func LinkClauses(s string, link func(id string) string) string {
	var b strings.Builder
	last := 0
	for _, m := range ClauseRef.FindAllStringIndex(s, -1) {
		id := s[m[0]:m[1]]
		href := link(id)
		if href == "" {
			continue
		}
		b.WriteString(html.EscapeString(s[last:m[0]]))
		fmt.Fprintf(&b, `<a class="clause" href="%s">%s</a>`, html.EscapeString(href), html.EscapeString(id))
		last = m[1]
	}
	b.WriteString(html.EscapeString(s[last:]))
	return b.String()
}

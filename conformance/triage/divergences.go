package triage

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
)

// DivergenceNotes are the hand-written notes of a divergences page
// (WriteDivergences), by class key: the text between
// "<!-- note KEY -->" and "<!-- /note -->", kept when the page is written
// again.
type DivergenceNotes map[string]string

var (
	noteOpen  = regexp.MustCompile(`^<!-- note (.*) -->$`)
	noteClose = "<!-- /note -->"
	// pageTitle is the first line WriteDivergences writes: the page's
	// own marker (see ReadDivergencePage).
	pageTitle = regexp.MustCompile(`^# Divergences of .* from the spec$`)
)

// ReadDivergencePage reads the notes of the file a divergences page is
// to be written to (conform --divergences FILE), which must be a page
// written before (its first line is the page's title, "# Divergences of
// … from the spec"), a page of notes alone (it holds a "<!-- note KEY
// -->" marker), or empty (spec/protocol.md P10.6). Anything else is not a
// divergences page, and the error says so, so that a file the user did
// not mean (a README) is not overwritten by one (issue 28).
func ReadDivergencePage(text string) (DivergenceNotes, error) {
	notes := ParseDivergenceNotes(text)
	first, _, _ := strings.Cut(text, "\n")
	first = strings.TrimRight(first, "\r")
	if strings.TrimSpace(text) == "" || pageTitle.MatchString(first) || len(notes) > 0 {
		return notes, nil
	}
	return nil, fmt.Errorf("not a divergences page: its first line is %s, not the page's title \"# Divergences of … from the spec\", and it holds no \"<!-- note KEY -->\" marker; it is left as it is (give a new file, or a page betzacheck wrote)",
		corpus.Excerpt(first))
}

// ParseDivergenceNotes reads the notes of a page written before; a note
// left open runs to the end of the page.
func ParseDivergenceNotes(page string) DivergenceNotes {
	notes := DivergenceNotes{}
	lines := strings.Split(page, "\n")
	for i := 0; i < len(lines); i++ {
		m := noteOpen.FindStringSubmatch(strings.TrimRight(lines[i], "\r"))
		if m == nil {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimRight(lines[j], "\r") != noteClose {
			j++
		}
		notes[m[1]] = strings.Join(lines[i+1:j], "\n")
		i = j
	}
	return notes
}

// noteMarker is how a class key is written in its note's markers: as it
// is, or quoted when it holds a control character (a newline would end
// the marker's line).
func noteMarker(key string) string {
	if strings.ContainsFunc(key, unicode.IsControl) {
		return strconv.Quote(key)
	}
	return key
}

// WriteDivergences writes the divergence classes of the run as a markdown
// page: a title with the implementation, the command that ran it and the
// totals, then per class its key and count, the smallest case (notation
// in its dialect and in Betza 2.0, board, position, mover's square), what
// the spec gives and what the implementation gives (outcome keys at the
// level compared), the clause, the command that replays it and the first
// members, and the class's note from notes (empty markers when it has
// none). Notes whose class did not occur are kept at the end. The page
// depends only on the report, command and notes: the same run gives the
// same bytes.
func WriteDivergences(w io.Writer, r *conform.Report, command string, notes DivergenceNotes) error {
	bw := bufio.NewWriter(w)
	classes := Classes(r)
	fails := r.Totals()[conform.VerdictFail.String()]
	fmt.Fprintf(bw, "# Divergences of %s %s from the spec\n\n", r.Impl.Name, r.Impl.Version)
	fmt.Fprintf(bw, "Written by %s.\n\n", mdCode(command))
	fmt.Fprintf(bw, "%s.\n", r.Summary())
	if len(classes) == 0 {
		fmt.Fprintf(bw, "\nNo case failed: there is no divergence to classify.\n")
	} else {
		fmt.Fprintf(bw, "%s in %s", conform.CountWord(fails, "failure", "failures"), conform.CountWord(len(classes), "class", "classes"))
		if s := r.Shrinking; s != nil {
			fmt.Fprintf(bw, "; shrinking them sent %d requests (budget %d per failure), %d more answers came from the cache",
				s.Queries, s.Budget, s.CacheHits)
			if s.Cut > 0 {
				fmt.Fprintf(bw, "; it was CUT SHORT for %d failures, whose minimal cases may not be minimal", s.Cut)
			}
		}
		fmt.Fprintf(bw, ".\n\nA class is a cause: the alternative reading (hypothesis) that gives the implementation's answer exactly "+
			"for every member; failures no hypothesis explains are grouped by the structure of their minimal case "+
			"(the kind of divergence, the atom classes, the modalities and the legs). "+
			"Outcomes are keys at level %s; positions are placement text (spec/betza2.md §11.2). "+
			"Text between `<!-- note KEY -->` and `<!-- /note -->` is kept when the page is written again.\n", r.Level)
	}
	seen := map[string]bool{}
	for i, c := range classes {
		fmt.Fprintf(bw, "\n## %d. %s (%s)\n\n", i+1, mdCode(c.Key), conform.CountWord(c.Count(), "failure", "failures"))
		writeClassBody(r, bw, c)
		key := noteMarker(c.Key)
		seen[key] = true
		writeNote(bw, key, notes[key])
	}
	var orphans []string
	for k := range notes {
		if !seen[k] {
			orphans = append(orphans, k)
		}
	}
	sort.Strings(orphans)
	if len(orphans) > 0 {
		fmt.Fprintf(bw, "\n## Notes on classes not found in this run\n")
		for _, k := range orphans {
			fmt.Fprintf(bw, "\n### %s\n\n", mdCode(k))
			writeNote(bw, k, notes[k])
		}
	}
	return bw.Flush()
}

// membersShown is how many members a class lists on the page.
const membersShown = 5

// writeClassBody writes a class's smallest case, answers, clause, replay
// command and first members.
func writeClassBody(r *conform.Report, w io.Writer, c *Class) {
	m := conform.MinimalOf(c.Smallest)
	req := m.Case.Request
	in := req.Dialect
	if m.Case.Betza2 != req.Notation && !m.Case.Invalid {
		in += ", Betza 2.0 " + mdCode(m.Case.Betza2)
	}
	cut := ""
	if m.Cost.Cut != "" {
		cut = " NOT PROVEN MINIMAL: its shrinking was cut short (" + m.Cost.Cut + ")."
	}
	fmt.Fprintf(w, "- **Smallest case.** %s (%s), board %s, position %s, from %s.%s\n",
		mdCode(req.Notation), in, req.Board, mdCode(req.Position), req.From, cut)
	fmt.Fprintf(w, "- **The spec gives.** %s\n", replyWords(m.Want, r.Level))
	fmt.Fprintf(w, "- **%s gives.** %s\n", r.Impl.Name, resultWords(m.Got, r.Level))
	if c.Cause != nil {
		fmt.Fprintf(w, "- **Cause.** %s (%s).\n", c.Cause.Says, c.Cause.Clause)
		if len(c.Cause.Names) > 1 {
			fmt.Fprintf(w, "- **Also explained by.** %s.\n", strings.Join(c.Cause.Names[1:], ", "))
		}
	} else {
		fmt.Fprintf(w, "- **Clause.** %s\n", clauseWords(c.Kind, m))
	}
	if replay := Replay(r, m); replay != "" {
		fmt.Fprintf(w, "- **Replay.** %s\n", mdCode(replay))
	}
	var ex []string
	for _, res := range c.Members[:min(membersShown, len(c.Members))] {
		ex = append(ex, fmt.Sprintf("%s %s", mdCode(res.Case.ID), mdCode(res.Case.Request.Notation)))
	}
	more := ""
	if n := len(c.Members) - membersShown; n > 0 {
		more = fmt.Sprintf(", and %d more", n)
	}
	fmt.Fprintf(w, "- **Members.** %s%s.\n\n", strings.Join(ex, ", "), more)
}

func writeNote(w io.Writer, key, text string) {
	fmt.Fprintf(w, "<!-- note %s -->\n", key)
	if text != "" {
		fmt.Fprintf(w, "%s\n", text)
	}
	fmt.Fprintf(w, "%s\n", noteClose)
}

// replyWords is an answer on the page: its outcome keys at level, "no
// moves", or its error.
func replyWords(rep wire.Reply, level string) string {
	if rep.Error != nil {
		return "error " + mdCode(rep.Error.String()) + "."
	}
	keys := wire.Keys(wire.Project(rep.Outcomes, level), level)
	if len(keys) == 0 {
		return "no moves."
	}
	for i, k := range keys {
		keys[i] = mdCode(k)
	}
	return strings.Join(keys, ", ") + "."
}

// resultWords is the implementation's result on the page: its reply, or
// what happened instead.
func resultWords(res client.Result, level string) string {
	if res.Kind == client.ResultOK || res.Kind == client.ResultError {
		return replyWords(res.Reply, level)
	}
	return fmt.Sprintf("no reply: %s %s.", res.Kind, res.Detail)
}

// clauseWords is the clause a class's smallest case is about: the clause
// of the syntax error of an accepted invalid notation, of the refusal of a
// case the reference refuses, or the clauses the reference cites for the
// legs of a valid notation (as betzacheck explain shows them); "none
// found" when there is none.
func clauseWords(kind conform.Divergence, m *conform.Minimal) string {
	var clauses []string
	refusal := func() {
		if w := m.Want.Error; w != nil {
			if c := reference.Diagnose(errors.New(w.Message)).Clause; c != "" {
				clauses = append(clauses, c)
			}
		}
	}
	switch kind {
	case conform.DivergenceAcceptedInvalid:
		if _, err := m.Case.Program(); err != nil {
			if c := reference.Diagnose(err).Clause; c != "" {
				clauses = append(clauses, c)
			}
		}
		if len(clauses) == 0 {
			refusal()
		}
	case conform.DivergenceAnsweredRefused:
		refusal()
	default:
		if prog, err := m.Case.Program(); err == nil {
			clauses = legClauses(prog)
		}
		refusal()
	}
	clauses = dedupClauses(clauses)
	switch {
	case len(clauses) == 0:
		return "none found."
	case kind == conform.DivergenceAcceptedInvalid:
		return strings.Join(clauses, ", ") + " (the syntax error's)."
	case kind == conform.DivergenceAnsweredRefused:
		return strings.Join(clauses, ", ") + " (the reference's refusal's)."
	}
	return strings.Join(clauses, ", ") + " (cited by the reference for the legs of " + mdCode(m.Case.Betza2) + ", as betzacheck explain shows them)."
}

// Explain's defaults: the chains and legs whose words legClauses reads.
const explainChains, explainLegs = 8, 12

var clauseID = regexp.MustCompile(`§[A-Z]?[0-9]+\.[0-9]+`)

// legClauses are the clauses cited in the words of the legs of prog's
// chains, as betzacheck explain shows them (its first chains and legs).
func legClauses(prog *reference.Program) []string {
	var clauses []string
	p := prog.Prog
	for _, ch := range p.WalkChains(explainChains, explainLegs).Shown {
		for j, n := range ch.Nodes {
			lw := p.Nodes[n].Leg.Words(j > 0)
			texts := []string{lw.Atom, lw.DirectionsWhy, lw.ModalityWhy}
			if len(lw.Directions) > 0 {
				texts = append(texts, lw.DirectionsText())
			}
			for _, f := range lw.Flags {
				texts = append(texts, f.Words)
			}
			for _, t := range texts {
				clauses = append(clauses, clauseID.FindAllString(t, -1)...)
			}
		}
	}
	return clauses
}

// dedupClauses sorts clause ids numerically and keeps each once.
func dedupClauses(cs []string) []string {
	conform.SortClauses(cs)
	out := cs[:0]
	for i, c := range cs {
		if i == 0 || c != cs[i-1] {
			out = append(out, c)
		}
	}
	return out
}

// mdCode is s as a markdown code span; the empty string is written
// "the empty notation".
func mdCode(s string) string {
	if s == "" {
		return "the empty notation"
	}
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if fence != "`" || strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

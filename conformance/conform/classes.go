package conform

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"betzacheck/conformance/client"
	"betzacheck/conformance/wire"
	"betzacheck/reference/geometry"
)

// Structure is the key of a failure that no cause explains: the kind of
// its minimal case and what decides how a notation is read, without the
// letters themselves: for a notation the dialect rejects, the clause of
// the syntax error; else the atom classes (orthogonal, diagonal, oblique,
// compound, null; leaper or rider), the modalities written and the legs
// of the longest chain of its Betza 2.0 form. "missing: oblique rider;
// m c; 1 leg".
func Structure(m *Minimal) string {
	c := m.Case
	if c.Invalid {
		clause := syntaxClause(c)
		if clause == "" {
			clause = "no clause cited"
		}
		return fmt.Sprintf("%s: rejected under %s", m.Divergence, clause)
	}
	text := c.Betza2
	var atoms []string
	seen := map[string]bool{}
	note := func(w string) {
		if !seen[w] {
			seen[w] = true
			atoms = append(atoms, w)
		}
	}
	for i := 0; i < len(text); i++ {
		a := geometry.LookupAtom(text[i])
		if a == nil || text[i] < 'A' || text[i] > 'Z' {
			continue
		}
		kind := "leaper"
		if a.Rider || i+1 < len(text) && '0' <= text[i+1] && text[i+1] <= '9' {
			kind = "rider"
		}
		note(a.Class.String() + " " + kind)
	}
	slices.Sort(atoms)
	var modes []string
	for _, r := range "mcdptouxei" {
		if strings.ContainsRune(text, r) {
			modes = append(modes, string(r))
		}
	}
	legs := 1
	for _, chain := range strings.FieldsFunc(text, func(r rune) bool { return r == '(' || r == ')' }) {
		legs = max(legs, strings.Count(chain, "-")+1)
	}
	mw := strings.Join(modes, " ")
	if mw == "" {
		mw = "no modality"
	}
	return fmt.Sprintf("%s: %s; %s; %s", m.Divergence, strings.Join(atoms, ", "), mw, countWord(legs, "leg", "legs"))
}

// Class is a group of failures with one cause: the hypothesis that
// explains every member (Result.Cause), or, for failures no hypothesis
// explains, the same Structure of their minimal cases.
type Class struct {
	// Key is the cause's name (Cause.Names[0]) or the structure.
	Key string
	// Cause is the members' cause; nil for a class of structure.
	Cause *Cause
	Kind  Divergence
	// Smallest is the member whose minimal case is the smallest (shortest
	// notation, then smallest board, then fewest pieces, then text
	// order): the class is named by it.
	Smallest *Result
	// Members are the failures of the class, in run order.
	Members []*Result
}

// Count is how many failures the class holds.
func (c *Class) Count() int { return len(c.Members) }

// MinimalOf is the minimal case of a failing result: Result.Minimal, or,
// before Shrink, the case itself.
func MinimalOf(res *Result) *Minimal {
	if res.Minimal != nil {
		return res.Minimal
	}
	return &Minimal{Case: res.Case, Verdict: res.Verdict, Want: res.Want, Got: res.Got, Divergence: res.Divergence}
}

// ClassKey is the key of the class of a failing result: its cause's
// name, or the structure of its minimal case.
func ClassKey(res *Result) string {
	if res.Cause != nil && len(res.Cause.Names) > 0 {
		return res.Cause.Names[0]
	}
	return Structure(MinimalOf(res))
}

// Classes groups the failing results (verdict fail) by ClassKey; every
// failure is in exactly one class. They are sorted by count, most first,
// then by key. A class of a cause is named by the member that was shrunk
// (its representative), else by the smallest minimal case.
func (r *Report) Classes() []*Class {
	byKey := map[string]*Class{}
	var out []*Class
	for _, res := range r.Results {
		if res.Verdict.Kind != VerdictFail {
			continue
		}
		k := ClassKey(res)
		c := byKey[k]
		if c == nil {
			c = &Class{Key: k, Cause: res.Cause, Kind: MinimalOf(res).Divergence, Smallest: res}
			byKey[k] = c
			out = append(out, c)
		}
		c.Members = append(c.Members, res)
		shrunk, best := res.Minimal != nil, c.Smallest.Minimal != nil
		if shrunk && !best || shrunk == best && CompareMinimal(MinimalOf(res).Case, MinimalOf(c.Smallest).Case) < 0 {
			c.Smallest = res
			c.Kind = MinimalOf(res).Divergence
		}
	}
	slices.SortStableFunc(out, func(a, b *Class) int {
		return cmp.Or(cmp.Compare(b.Count(), a.Count()), strings.Compare(a.Key, b.Key))
	})
	return out
}

// CompareMinimal orders minimal cases, smallest first: by the length of
// the notation, the board's squares (then width), the pieces, then the
// texts of the notation, position and square.
func CompareMinimal(a, b *Case) int {
	as, bs := a.Setup.Pos.Size(), b.Setup.Pos.Size()
	return cmp.Or(
		cmp.Compare(len(a.Request.Notation), len(b.Request.Notation)),
		cmp.Compare(as.Squares(), bs.Squares()),
		cmp.Compare(as.W, bs.W),
		cmp.Compare(len(a.Setup.Pos.Pieces()), len(b.Setup.Pos.Pieces())),
		strings.Compare(a.Request.Notation, b.Request.Notation),
		strings.Compare(a.Request.Position, b.Request.Position),
		strings.Compare(a.Request.From, b.Request.From),
	)
}

// CaseText is a case in one line: its notation (quoted when empty) and
// where it is asked, "iF on 3x3 2p/1X*1/3 from b2".
func CaseText(c *Case) string {
	n := c.Request.Notation
	if n == "" {
		n = `""`
	}
	return fmt.Sprintf("%s on %s %s from %s", n, c.Request.Board, c.Request.Position, c.Request.From)
}

// writeMinimalLine writes, under a failure's line in the text report, its
// minimal case and the command that replays it.
func (r *Report) writeMinimalLine(w io.Writer, res *Result) {
	if res.Minimal == nil {
		return
	}
	m := res.Minimal
	what := "minimal " + CaseText(m.Case)
	if m.Case == res.Case {
		what = "minimal: the case itself"
	}
	if m.Cost.Cut != "" {
		what += ", NOT PROVEN MINIMAL (shrinking cut short: " + m.Cost.Cut + ")"
	}
	fmt.Fprintf(w, "    %s (%s): %s\n", what, m.Divergence, r.Replay(m))
}

// writeClasses writes the text report's section of divergence classes:
// one line each, count, key and smallest case, and under a class of a
// cause what the program does and the clause; then what shrinking took.
func (r *Report) writeClasses(w io.Writer) {
	classes := r.Classes()
	if len(classes) == 0 {
		return
	}
	fmt.Fprintln(w)
	if s := r.Shrinking; s != nil {
		fmt.Fprintf(w, "%s\n", s.Text())
	}
	explained := 0
	for _, c := range classes {
		if c.Cause != nil {
			explained += c.Count()
		}
	}
	fails := r.totals[VerdictFail.String()]
	fmt.Fprintf(w, "divergence classes (%s in %s; %d explained by a cause; count, cause or structure, smallest case):\n",
		countWord(fails, "failure", "failures"), countWord(len(classes), "class", "classes"), explained)
	for _, c := range classes {
		fmt.Fprintf(w, "  %5d  %s: %s\n", c.Count(), c.Key, CaseText(MinimalOf(c.Smallest).Case))
		if c.Cause != nil {
			fmt.Fprintf(w, "         %s (%s)\n", c.Cause.Says, c.Cause.Clause)
		}
	}
}

// Text says what shrinking took, in one line.
func (s *ShrinkSummary) Text() string {
	if s.Failures == 0 {
		return "shrinking: no failure to shrink"
	}
	line := fmt.Sprintf("shrinking: %d failures, %d queries (%.1f per failure), %d answers from the cache, %.2fs (%.3fs per failure); budget %d per failure",
		s.Failures, s.Queries, float64(s.Queries)/float64(s.Failures), s.CacheHits, s.Elapsed.Seconds(),
		s.Elapsed.Seconds()/float64(s.Failures), s.Budget)
	if s.Cut > 0 {
		line += fmt.Sprintf("; CUT SHORT for %d failures (budget or stop): their minimal cases may not be minimal", s.Cut)
	}
	return line
}

// jsonClass is a divergence class in the JSON report.
type jsonClass struct {
	Key      string      `json:"key"`
	Kind     Divergence  `json:"kind"`
	Cause    *Cause      `json:"cause,omitempty"`
	Count    int         `json:"count"`
	Smallest jsonMinimal `json:"smallest"`
	Members  []string    `json:"members"`
}

// jsonMinimal is a minimal case in the JSON report.
type jsonMinimal struct {
	ID      string            `json:"id"` // the failing case it was shrunk from
	Request wire.MovesRequest `json:"request"`
	Betza2  string            `json:"betza2"`
	// Divergence is the minimal case's kind (Minimal.Divergence).
	Divergence Divergence  `json:"divergence"`
	Verdict    string      `json:"verdict"`
	Reason     string      `json:"reason,omitempty"`
	Diff       string      `json:"diff,omitempty"`
	Want       wire.Reply  `json:"want"`
	Got        *wire.Reply `json:"got,omitempty"`
	Replay     string      `json:"replay,omitempty"`
	Queries    int         `json:"queries"`
	CacheHits  int         `json:"cacheHits"`
	Seconds    float64     `json:"seconds"`
	Cut        string      `json:"cut,omitempty"`
}

// jsonShrinking is Report.Shrinking in the JSON report.
type jsonShrinking struct {
	Budget    int     `json:"budget"`
	Failures  int     `json:"failures"`
	Queries   int     `json:"queries"`
	CacheHits int     `json:"cacheHits"`
	Seconds   float64 `json:"seconds"`
	Cut       int     `json:"cut"`
	// Program and Impl begin every replay command (see Report.Replay).
	Program string `json:"program"`
	Impl    string `json:"impl"`
}

func (r *Report) jsonMinimal(res *Result) *jsonMinimal {
	m := MinimalOf(res)
	jm := &jsonMinimal{ID: res.Case.ID, Request: m.Case.Request, Betza2: m.Case.Betza2, Divergence: m.Divergence, Verdict: m.Verdict.Kind.String(),
		Reason: m.Verdict.Reason, Diff: m.Verdict.Diff, Want: m.Want, Replay: r.Replay(m),
		Queries: m.Cost.Queries, CacheHits: m.Cost.CacheHits, Seconds: m.Cost.Elapsed.Seconds(), Cut: m.Cost.Cut}
	jm.Request.ID = m.Got.ID
	if m.Got.Kind == client.ResultOK || m.Got.Kind == client.ResultError {
		got := m.Got.Reply
		jm.Got = &got
	}
	return jm
}

func (r *Report) jsonClasses() []jsonClass {
	out := []jsonClass{}
	for _, c := range r.Classes() {
		jc := jsonClass{Key: c.Key, Kind: c.Kind, Cause: c.Cause, Count: c.Count(), Smallest: *r.jsonMinimal(c.Smallest)}
		for _, m := range c.Members {
			jc.Members = append(jc.Members, m.Case.ID)
		}
		out = append(out, jc)
	}
	return out
}

func (r *Report) jsonShrinking() *jsonShrinking {
	s := r.Shrinking
	if s == nil {
		return nil
	}
	return &jsonShrinking{Budget: s.Budget, Failures: s.Failures, Queries: s.Queries, CacheHits: s.CacheHits,
		Seconds: s.Elapsed.Seconds(), Cut: s.Cut, Program: s.Program, Impl: s.Impl}
}

package conform

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"betzacheck/conformance/client"
	"betzacheck/conformance/wire"
)

// Shape is the abstraction of a notation that divergence classes group
// by, as long as the text: upper-case letters renamed A, B, C… in order
// of first appearance (iF and iW are both iA; WW2 and RR2 both AAn),
// every digit written n except a number that is exactly 0 (a rider's
// exponent, §5.3), which stays 0; every other character kept.
func Shape(notation string) string {
	var b strings.Builder
	names := map[rune]rune{}
	for i := 0; i < len(notation); {
		r, size := utf8.DecodeRuneInString(notation[i:])
		switch {
		case unicode.IsUpper(r):
			name, ok := names[r]
			if !ok {
				name = '#' // past Z: more letters than a shape names
				if len(names) < 26 {
					name = rune('A' + len(names))
				}
				names[r] = name
			}
			b.WriteRune(name)
		case '0' <= r && r <= '9':
			j := i
			for j < len(notation) && '0' <= notation[j] && notation[j] <= '9' {
				j++
			}
			if notation[i:j] == "0" {
				b.WriteByte('0')
			} else {
				b.WriteString(strings.Repeat("n", j-i))
			}
			size = j - i
		default:
			b.WriteString(notation[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Class is a group of failures with one cause: the same divergence kind
// and the same shape of minimal notation.
type Class struct {
	Key   string // "KIND SHAPE", e.g. "missing iA"; the shape "" is written `""`
	Kind  Divergence
	Shape string
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

// ClassKey is the key of the class of kind and shape.
func ClassKey(kind Divergence, shape string) string {
	if shape == "" {
		shape = `""`
	}
	return kind.String() + " " + shape
}

// Classes groups the failing results (verdict fail) by divergence kind
// and the shape of their minimal notation; every failure is in exactly
// one class. They are sorted by count, most first, then by key.
func (r *Report) Classes() []*Class {
	byKey := map[string]*Class{}
	var out []*Class
	for _, res := range r.Results {
		if res.Verdict.Kind != VerdictFail {
			continue
		}
		m := MinimalOf(res)
		shape := Shape(m.Case.Request.Notation)
		k := ClassKey(m.Divergence, shape)
		c := byKey[k]
		if c == nil {
			c = &Class{Key: k, Kind: m.Divergence, Shape: shape, Smallest: res}
			byKey[k] = c
			out = append(out, c)
		}
		c.Members = append(c.Members, res)
		if compareMinimal(MinimalOf(res).Case, MinimalOf(c.Smallest).Case) < 0 {
			c.Smallest = res
		}
	}
	slices.SortStableFunc(out, func(a, b *Class) int {
		return cmp.Or(cmp.Compare(b.Count(), a.Count()), strings.Compare(a.Key, b.Key))
	})
	return out
}

// compareMinimal orders minimal cases, smallest first: by the length of
// the notation, the board's squares (then width), the pieces, then the
// texts of the notation, position and square.
func compareMinimal(a, b *Case) int {
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
// one line each, count, key and smallest case; then what shrinking took.
func (r *Report) writeClasses(w io.Writer) {
	classes := r.Classes()
	if len(classes) == 0 {
		return
	}
	// What shrinking took comes first: it varies from run to run, the
	// classes below it do not.
	fmt.Fprintln(w)
	if s := r.Shrinking; s != nil {
		fmt.Fprintf(w, "%s\n", s.Text())
	}
	fmt.Fprintf(w, "divergence classes (%s in %s; count, kind and shape of the minimal notation, smallest case):\n",
		countWord(r.totals[VerdictFail.String()], "failure", "failures"), countWord(len(classes), "class", "classes"))
	for _, c := range classes {
		fmt.Fprintf(w, "  %5d  %-24s %s\n", c.Count(), c.Key, CaseText(MinimalOf(c.Smallest).Case))
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
	Shape    string      `json:"shape"`
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
		jc := jsonClass{Key: c.Key, Kind: c.Kind, Shape: c.Shape, Count: c.Count(), Smallest: *r.jsonMinimal(c.Smallest)}
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

package report

import (
	"fmt"
	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"io"
)

// writeMinimalLine writes, under a failure's line in the text report, its
// minimal case and the command that replays it.
func writeMinimalLine(r *conform.Report, w io.Writer, res *conform.Result) {
	if res.Minimal == nil {
		return
	}
	m := res.Minimal
	what := "minimal " + conform.CaseText(m.Case)
	if m.Case == res.Case {
		what = "minimal: the case itself"
	}
	if m.Cost.Cut != "" {
		what += ", NOT PROVEN MINIMAL (shrinking cut short: " + m.Cost.Cut + ")"
	}
	fmt.Fprintf(w, "    %s (%s): %s\n", what, m.Divergence, triage.Replay(r, m))
}

// writeClasses writes the text report's section of divergence classes:
// one line each, count, key and smallest case, and under a class of a
// cause what the program does and the clause; then what shrinking took.
func writeClasses(r *conform.Report, w io.Writer) {
	classes := triage.Classes(r)
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
	fails := r.Totals()[conform.VerdictFail.String()]
	fmt.Fprintf(w, "divergence classes (%s in %s; %d explained by a cause; count, cause or structure, smallest case):\n",
		conform.CountWord(fails, "failure", "failures"), conform.CountWord(len(classes), "class", "classes"), explained)
	for _, c := range classes {
		fmt.Fprintf(w, "  %5d  %s: %s\n", c.Count(), c.Key, conform.CaseText(conform.MinimalOf(c.Smallest).Case))
		if c.Cause != nil {
			fmt.Fprintf(w, "         %s (%s)\n", c.Cause.Says, c.Cause.Clause)
		}
	}
}

// jsonClass is a divergence class in the JSON report.
type jsonClass struct {
	Key      string             `json:"key"`
	Kind     conform.Divergence `json:"kind"`
	Cause    *conform.Cause     `json:"cause,omitempty"`
	Count    int                `json:"count"`
	Smallest jsonMinimal        `json:"smallest"`
	Members  []string           `json:"members"`
}

// jsonMinimal is a minimal case in the JSON report.
type jsonMinimal struct {
	ID      string            `json:"id"` // the failing case it was shrunk from
	Request wire.MovesRequest `json:"request"`
	Betza2  string            `json:"betza2"`
	// Divergence is the minimal case's kind (Minimal.Divergence).
	Divergence conform.Divergence `json:"divergence"`
	Verdict    string             `json:"verdict"`
	Reason     string             `json:"reason,omitempty"`
	Diff       string             `json:"diff,omitempty"`
	Want       wire.Reply         `json:"want"`
	Got        *wire.Reply        `json:"got,omitempty"`
	Replay     string             `json:"replay,omitempty"`
	Queries    int                `json:"queries"`
	CacheHits  int                `json:"cacheHits"`
	Seconds    float64            `json:"seconds"`
	Cut        string             `json:"cut,omitempty"`
}

// jsonShrinking is Report.Shrinking in the JSON report.
type jsonShrinking struct {
	Budget    int     `json:"budget"`
	Failures  int     `json:"failures"`
	Queries   int     `json:"queries"`
	CacheHits int     `json:"cacheHits"`
	Seconds   float64 `json:"seconds"`
	Cut       int     `json:"cut"`
	// Program and Impl begin every replay command (see triage.Replay).
	Program string `json:"program"`
	Impl    string `json:"impl"`
}

func jsonMinimalOf(r *conform.Report, res *conform.Result) *jsonMinimal {
	m := conform.MinimalOf(res)
	jm := &jsonMinimal{ID: res.Case.ID, Request: m.Case.Request, Betza2: m.Case.Betza2, Divergence: m.Divergence, Verdict: m.Verdict.Kind.String(),
		Reason: m.Verdict.Reason, Diff: m.Verdict.Diff, Want: m.Want, Replay: triage.Replay(r, m),
		Queries: m.Cost.Queries, CacheHits: m.Cost.CacheHits, Seconds: m.Cost.Elapsed.Seconds(), Cut: m.Cost.Cut}
	jm.Request.ID = m.Got.ID
	if m.Got.Kind == client.ResultOK || m.Got.Kind == client.ResultError {
		got := m.Got.Reply
		jm.Got = &got
	}
	return jm
}

func jsonClasses(r *conform.Report) []jsonClass {
	out := []jsonClass{}
	for _, c := range triage.Classes(r) {
		jc := jsonClass{Key: c.Key, Kind: c.Kind, Cause: c.Cause, Count: c.Count(), Smallest: *jsonMinimalOf(r, c.Smallest)}
		for _, m := range c.Members {
			jc.Members = append(jc.Members, m.Case.ID)
		}
		out = append(out, jc)
	}
	return out
}

func jsonShrinkingOf(r *conform.Report) *jsonShrinking {
	s := r.Shrinking
	if s == nil {
		return nil
	}
	return &jsonShrinking{Budget: s.Budget, Failures: s.Failures, Queries: s.Queries, CacheHits: s.CacheHits,
		Seconds: s.Elapsed.Seconds(), Cut: s.Cut, Program: s.Program, Impl: s.Impl}
}

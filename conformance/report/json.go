package report

import (
	"encoding/json"
	"fmt"
	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"io"
)

// jsonResult is a case in the JSON report.
type jsonResult struct {
	ID       string            `json:"id"`
	Clauses  []string          `json:"clauses"`
	Request  wire.MovesRequest `json:"request"`
	Betza2   string            `json:"betza2"`
	Verdict  string            `json:"verdict"`
	Reason   string            `json:"reason,omitempty"`
	Diff     string            `json:"diff,omitempty"`
	Expected string            `json:"expected,omitempty"`
	// Reference is the reference's verdict on a corpus case, judged by
	// the case's hand-checked lines.
	Reference *jsonVerdict `json:"reference,omitempty"`
	Want      *wire.Reply  `json:"want,omitempty"`
	Got       *wire.Reply  `json:"got,omitempty"`
	// Divergence and Minimal: a failure's kind and minimal case (Shrink).
	Divergence conform.Divergence `json:"divergence,omitempty"`
	Minimal    *jsonMinimal       `json:"minimal,omitempty"`
	// Cause: what explains a failure (triage.Diagnose), which its class
	// is named by.
	Cause *conform.Cause `json:"cause,omitempty"`
}

type jsonVerdict struct {
	Verdict string `json:"verdict"`
	Reason  string `json:"reason,omitempty"`
	Diff    string `json:"diff,omitempty"`
}

// jsonUnsolicited is an unsolicited line in the JSON report: the case
// whose reply it followed, and the line quoted.
type jsonUnsolicited struct {
	After string `json:"after"`
	Line  string `json:"line"`
}

// jsonRun is the report's "run" object: the run (RunInfo) and the shard
// the report holds.
type jsonRun struct {
	conform.RunInfo
	Shard string `json:"shard,omitempty"` // "K/N" (see Shard); absent for a whole run
}

// jsonReport is the JSON report: what WriteJSON writes and ReadJSON
// reads. conformance/report/report.schema.json is its JSON Schema.
type jsonReport struct {
	Run       *jsonRun                   `json:"run"`
	Impl      wire.HelloReply            `json:"implementation"`
	Level     string                     `json:"level"`
	Totals    conform.Counts             `json:"totals"`
	Reference conform.Counts             `json:"reference,omitempty"`
	ByClause  map[string]conform.Counts  `json:"byClause"`
	Stale     []string                   `json:"stale"`
	Stopped   string                     `json:"stopped,omitempty"`
	Failed    bool                       `json:"failed"`
	Profiles  []conform.ProfileAgreement `json:"profiles,omitempty"`
	// Generated cases, and how many the implementation answered.
	Generated int `json:"generated"`
	Answered  int `json:"answered"`
	// Unsolicited lines (P6.8), an interrupted run (P6.6), and a run
	// that decided nothing (P6.7).
	Unsolicited      int               `json:"unsolicited"`
	UnsolicitedLines []jsonUnsolicited `json:"unsolicitedLines,omitempty"`
	Interrupted      bool              `json:"interrupted"`
	NothingDecided   bool              `json:"nothingDecided"`
	// The divergence classes of the failures, and what shrinking took.
	Classes   []jsonClass    `json:"classes"`
	Shrinking *jsonShrinking `json:"shrinking,omitempty"`
	Results   []jsonResult   `json:"cases"`
}

// WriteJSON writes the whole report as one JSON object
// (spec/protocol.md P10): the run ("run": Report.Run and the shard), the
// totals ("reference": the reference's own verdicts on the corpus cases),
// and the result of every case (Report.Results), each with the answer it was
// judged against ("want") and the implementation's ("got") when it did
// not pass. A result's "request" is the request as the implementation was
// given it, with the id the run gave it (client.Result.ID); the id is 0,
// which no request has (it is the handshake's), when the case was never
// given to the implementation (unsupported before sending: no dialect it
// reads) or was given unnumbered (the reference in process). ReadJSON
// reads the report back. A report that did not keep every case's result
// (Options.KeepPasses) is not written: its figures could not be checked.
func WriteJSON(w io.Writer, r *conform.Report) error {
	if len(r.Results) != r.Cases {
		return fmt.Errorf("the report kept %d of its %d cases' results: a JSON report lists every case (Options.KeepPasses)", len(r.Results), r.Cases)
	}
	run := &jsonRun{RunInfo: r.Run, Shard: r.Shard.String()}
	if run.Argv == nil {
		run.Argv = []string{} // a list, as the schema says, even when unknown
	}
	out := jsonReport{Run: run, Impl: r.Impl, Level: r.Level, Totals: r.Totals(), Reference: r.ReferenceTotals(), ByClause: r.ByClause(),
		Stale: r.Stale, Stopped: r.Stopped, Failed: r.Failed(), Profiles: r.Profiles(), Generated: r.Generated, Answered: r.Answered,
		Unsolicited: r.Unsolicited, Interrupted: r.Interrupted(), NothingDecided: r.NothingDecided()}
	out.Classes, out.Shrinking = jsonClasses(r), jsonShrinkingOf(r)
	for i, u := range r.UnsolicitedLines {
		out.UnsolicitedLines = append(out.UnsolicitedLines, jsonUnsolicited{After: r.AfterName(i), Line: u.Line})
	}
	if out.Stale == nil {
		out.Stale = []string{}
	}
	// A run stopped before its first case lists none: [], never null.
	out.Results = make([]jsonResult, 0, len(r.Results))
	for _, res := range r.Results {
		jr := jsonResult{ID: res.Case.ID, Clauses: res.Case.Clauses, Request: res.Case.Request, Betza2: res.Case.Betza2,
			Verdict: res.Verdict.Kind.String(), Reason: res.Verdict.Reason, Diff: res.Verdict.Diff, Expected: res.Expected}
		if jr.Clauses == nil {
			jr.Clauses = []string{}
		}
		jr.Request.ID = res.Got.ID
		if v := res.Reference; v != nil {
			jr.Reference = &jsonVerdict{Verdict: v.Kind.String(), Reason: v.Reason, Diff: v.Diff}
		}
		if res.Verdict.Kind == conform.VerdictFail {
			jr.Divergence, jr.Cause = res.Divergence, res.Cause
		}
		if res.Minimal != nil {
			jr.Minimal = jsonMinimalOf(r, res)
		}
		if res.Verdict.Kind != conform.VerdictPass {
			want := res.Want
			jr.Want = &want
			if res.Got.Kind == client.ResultOK || res.Got.Kind == client.ResultError {
				got := res.Got.Reply
				jr.Got = &got
			}
		}
		out.Results = append(out.Results, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

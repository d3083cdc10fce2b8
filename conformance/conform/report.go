package conform

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"

	"betzacheck/conformance/client"
	"betzacheck/conformance/equiv"
	"betzacheck/conformance/wire"
)

// Report is the outcome of a run.
type Report struct {
	// Run is what the run was (its JSON report's "run" object, with
	// Shard): the command line, the flags that decide its cases and
	// their judging, the versions (see RunInfo).
	Run   RunInfo
	Impl  wire.HelloReply
	Level string
	// Cases is how many cases the run judged.
	Cases int
	// Generated is how many of them were generated, and Answered how
	// many of those the implementation answered (Result.answered).
	Generated, Answered int
	// Results are the results of the cases that did not pass as they
	// should: every verdict but pass, a case the expectation file names,
	// a corpus case the reference fails; and, when the run kept them
	// (Options.KeepPasses), every other case too, in run order.
	Results []*Result
	// Stale lists expectation-file entries that no longer happen: a case
	// that now has another verdict, or an id that names no case.
	Stale []string
	// Stopped, when set, says why the run stopped before its last case
	// (the cases after the judged ones were not run); a stopped run fails.
	Stopped string
	// Unsolicited counts the lines the implementation wrote that answered
	// no pending request (spec/protocol.md P6.8); UnsolicitedLines quotes
	// the first ones. They decide no case.
	Unsolicited      int
	UnsolicitedLines []client.Unsolicited
	// Shard is the part of a larger run this one judged (see Shard); the
	// zero Shard is a whole run.
	Shard Shard
	// Shrinking is what shrinking the failures took (see Shrink); nil
	// when they were not shrunk.
	Shrinking *ShrinkSummary

	// afterNames, when set (a report read back or merged: see ReadJSON,
	// Merge), names the case each of UnsolicitedLines followed, since
	// request ids repeat across the shards of a merge.
	afterNames []string

	totals    Counts
	byClause  map[string]Counts
	reference Counts
	profiles  []ProfileAgreement // one per classic.Profiles entry
}

// Interrupted reports whether the run was stopped before its end
// (spec/protocol.md P6.6): the case in flight, if any, has error "run
// interrupted" (result stopped), no later case was taken, and Stopped says
// why.
func (r *Report) Interrupted() bool { return r.Stopped != "" }

// NothingDecided reports a run with cases, every one unsupported: it
// decided nothing (spec/protocol.md P6.7).
func (r *Report) NothingDecided() bool {
	return r.Cases > 0 && r.totals[VerdictUnsupported.String()] == r.Cases
}

// UnsolicitedNotes describes each quoted unsolicited line (P6.8) as
// "after CASE: LINE", naming the case whose reply it followed.
func (r *Report) UnsolicitedNotes() []string {
	notes := make([]string, 0, len(r.UnsolicitedLines))
	for i, u := range r.UnsolicitedLines {
		notes = append(notes, fmt.Sprintf("after %s: %s", r.afterName(i), u.Line))
	}
	return notes
}

// afterName names the case whose reply the i-th quoted unsolicited line
// followed, when the run kept its result, else the request's number.
func (r *Report) afterName(i int) string {
	if i < len(r.afterNames) {
		return r.afterNames[i]
	}
	u := r.UnsolicitedLines[i]
	if u.After == 0 {
		return "the handshake"
	}
	for _, res := range r.Results {
		if res.Got.ID == u.After {
			return res.Case.ID
		}
	}
	return fmt.Sprintf("request %d", u.After)
}

// Counts tallies verdicts by kind name.
type Counts map[string]int

func (c Counts) add(kind string) { c[kind]++ }

// add counts a judged case and keeps its result if the reports need it.
func (r *Report) add(res *Result, opt Options) {
	r.count(res)
	r.addProfiles(res)
	if res.Verdict.Kind == VerdictFail {
		res.Divergence = divergenceOf(res, r.Level)
	}
	_, expected := opt.Expect[res.Case.ID]
	if res.Verdict.Kind == VerdictPass {
		// A pass's answers are dropped; the reply's id stays, so that a
		// report can still say which request a case was.
		res.Want, res.Got.Reply = wire.Reply{}, wire.Reply{ID: res.Got.Reply.ID}
		if !opt.KeepPasses && !expected && !res.ReferenceFailed() {
			return
		}
	}
	r.Results = append(r.Results, res)
}

// count counts a case: the cases, the generated and answered ones, the
// verdicts in all and per clause, the reference's verdicts. A report read
// back counts its cases again with it, to check its figures (ReadJSON).
func (r *Report) count(res *Result) {
	if r.totals == nil {
		r.totals, r.byClause, r.reference = Counts{}, map[string]Counts{}, Counts{}
	}
	r.Cases++
	if res.Case.Generated {
		r.Generated++
		if res.answered() {
			r.Answered++
		}
	}
	k := res.Verdict.Kind.String()
	r.totals.add(k)
	for _, c := range res.Case.Clauses {
		if r.byClause[c] == nil {
			r.byClause[c] = Counts{}
		}
		r.byClause[c].add(k)
	}
	if res.Reference != nil {
		r.reference.add(res.Reference.Kind.String())
	}
}

// Totals counts the verdicts of every case.
func (r *Report) Totals() Counts {
	t := Counts{}
	for k, n := range r.totals {
		t[k] = n
	}
	return t
}

// ByClause counts verdicts per clause cited by the cases.
func (r *Report) ByClause() map[string]Counts {
	m := make(map[string]Counts, len(r.byClause))
	for c, n := range r.byClause {
		m[c] = Counts{}
		for k, v := range n {
			m[c][k] = v
		}
	}
	return m
}

// ReferenceTotals counts the reference's own verdicts (pass, fail) on the
// corpus cases of the run, judged by their hand-checked lines; it is empty
// when the run had no corpus case.
func (r *Report) ReferenceTotals() Counts {
	t := Counts{}
	for k, n := range r.reference {
		t[k] = n
	}
	return t
}

// ReferenceFailures are the corpus cases whose hand-checked lines the
// reference does not match.
func (r *Report) ReferenceFailures() []*Result {
	var out []*Result
	for _, res := range r.Results {
		if res.ReferenceFailed() {
			out = append(out, res)
		}
	}
	return out
}

// Failed reports whether the run breaks: an unexpected verdict, a stale
// expectation, a corpus case the reference fails, or a run stopped before
// its end.
func (r *Report) Failed() bool { return r.Broken() || r.Interrupted() }

// Broken reports whether something judged broke the run: a case with an
// unexpected verdict (other than the case in flight when the run was
// stopped), a stale expectation, or a case the reference fails.
func (r *Report) Broken() bool {
	if len(r.Stale) > 0 || r.reference["fail"] > 0 {
		return true
	}
	for _, res := range r.Results {
		if res.Unexpected() && res.Got.Kind != client.ResultStopped {
			return true
		}
	}
	return false
}

// kinds are the verdict names, in the order of the tables.
var kinds = verdictNames[:]

// maxProblemLines caps the lines WriteText gives, without verbose, to
// the cases that gave nothing to judge (error, timeout, crash).
const maxProblemLines = 20

// WriteText writes the text report: what was judged and the summary
// line first, then the divergence classes, the profile agreements and
// the counts per clause, the corpus cases the reference fails, the first
// maxDiagrams failures with a diagram and the command that replays their
// minimal case, the cases that gave nothing to judge (the first
// maxProblemLines), stale expectations and unsolicited output. A line
// per case, passes included, comes last, and only when verbose: a run's
// failures are read through its classes, not one by one.
func (r *Report) WriteText(w io.Writer, verbose bool, maxDiagrams int) {
	fmt.Fprintf(w, "implementation %s %s (level %s, dialects %s)\n", r.Impl.Name, r.Impl.Version, r.Level, strings.Join(r.Impl.Dialects, ", "))
	if !r.Shard.Whole() {
		fmt.Fprintf(w, "shard %s: %s\n", r.Shard, r.Shard.Describe())
	}
	fmt.Fprintln(w, r.Summary())
	r.writeClasses(w)
	r.writeProfiles(w)
	fmt.Fprintln(w, "\nper clause:")
	by := r.ByClause()
	clauses := make([]string, 0, len(by))
	for c := range by {
		clauses = append(clauses, c)
	}
	sortClauses(clauses)
	fmt.Fprintf(w, "  %-10s %6s %6s %6s %6s %6s %6s\n", "clause", "pass", "fail", "unsup", "error", "tmout", "crash")
	for _, c := range clauses {
		n := by[c]
		fmt.Fprintf(w, "  %-10s %6d %6d %6d %6d %6d %6d\n", c, n["pass"], n["fail"], n["unsupported"], n["error"], n["timeout"], n["crash"])
	}
	for _, res := range r.ReferenceFailures() {
		fmt.Fprintf(w, "\nREFERENCE FAIL %s\nnotation %s\n", res.Case.ID, res.Case.File.Notation)
		switch req := res.Case.Request; {
		case res.Case.Pos != nil && res.Case.Setup.Pos != nil:
			fmt.Fprintf(w, "%s\n%s", res.Case.Setup, equiv.Diagram(res.Case.Setup))
		case res.Case.Pos != nil:
			// No 2-D setup (a board of more than two dimensions, a
			// position that does not read): the texts of the case.
			fmt.Fprintf(w, "board %s position %s from %s\n", req.Board, req.Position, req.From)
		}
		fmt.Fprintf(w, "%s\n", res.Reference.Reason)
		if res.Reference.Diff != "" {
			fmt.Fprint(w, res.Reference.Diff)
		}
		fmt.Fprintln(w, "The reference disagrees with the hand-checked lines of the corpus, the oracle: fix the reference,\n"+
			"or, if the line is wrong, correct it by hand with its why: (go test ./conformance/corpus shows the reference's answer).")
	}
	shown := 0
	for _, res := range r.Results {
		if shown >= maxDiagrams || res.Verdict.Kind != VerdictFail || !res.Unexpected() {
			continue
		}
		shown++
		fmt.Fprintf(w, "\nFAIL %s\nnotation %s", res.Case.ID, res.Case.Request.Notation)
		if res.Case.Betza2 != res.Case.Request.Notation {
			fmt.Fprintf(w, " (Betza 2.0: %s)", res.Case.Betza2)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "%s\n%s", res.Case.Setup, equiv.Diagram(res.Case.Setup))
		fmt.Fprintf(w, "%s\n", res.Verdict.Reason)
		if res.Verdict.Diff != "" {
			fmt.Fprintln(w, res.Verdict.Diff)
		}
		r.writeMinimalLine(w, res)
	}
	if !verbose {
		r.writeProblems(w)
	}
	for _, s := range r.Stale {
		fmt.Fprintf(w, "STALE expectation: %s\n", s)
	}
	if r.Unsolicited > 0 {
		fmt.Fprintf(w, "\nunsolicited output (spec/protocol.md P6.8, charged to no case): %d line(s)\n", r.Unsolicited)
		for _, note := range r.UnsolicitedNotes() {
			fmt.Fprintf(w, "  %s\n", note)
		}
		if n := r.Unsolicited - len(r.UnsolicitedLines); n > 0 {
			fmt.Fprintf(w, "  and %d more\n", n)
		}
	}
	if verbose {
		fmt.Fprintln(w, "\nevery case:")
		for _, res := range r.Results {
			r.writeCaseLine(w, res)
		}
	}
}

// writeProblems writes the line of each case that gave nothing to judge
// (verdict error, timeout or crash), the first maxProblemLines of them,
// and how many more there are.
func (r *Report) writeProblems(w io.Writer) {
	n := 0
	for _, res := range r.Results {
		switch res.Verdict.Kind {
		case VerdictError, VerdictTimeout, VerdictCrash:
		default:
			continue
		}
		if n == 0 {
			fmt.Fprintln(w, "\ncases with nothing to judge:")
		}
		if n++; n <= maxProblemLines {
			r.writeCaseLine(w, res)
		}
	}
	if n > maxProblemLines {
		fmt.Fprintf(w, "and %d more (-v lists every case)\n", n-maxProblemLines)
	}
}

// writeCaseLine writes the line of one case: its verdict, id, notation
// and reason, and for a failure the command that replays its minimal
// case; a corpus case the reference fails gets a line of its own first.
func (r *Report) writeCaseLine(w io.Writer, res *Result) {
	if res.ReferenceFailed() {
		fmt.Fprintf(w, "%-22s %s  %s: %s\n", "REFERENCE FAIL", res.Case.ID, res.Case.Request.Notation, res.Reference.Reason)
	}
	mark := strings.ToUpper(res.Verdict.Kind.String())
	if res.Expected != "" && !res.Unexpected() {
		mark += " (expected)"
	}
	fmt.Fprintf(w, "%-22s %s  %s", mark, res.Case.ID, res.Case.Request.Notation)
	if res.Verdict.Reason != "" {
		fmt.Fprintf(w, ": %s", res.Verdict.Reason)
	}
	fmt.Fprintln(w)
	r.writeMinimalLine(w, res)
}

// writeProfiles writes how often each classic Betza profile
// (spec/classic.md) agrees with the implementation's answers, and the
// one that agrees most, if any does.
func (r *Report) writeProfiles(w io.Writer) {
	ps := r.Profiles()
	if len(ps) == 0 {
		return
	}
	fmt.Fprintln(w, "\nclassic Betza profiles (spec/classic.md), agreement with the implementation's answers:")
	best := ps[0]
	for _, p := range ps {
		fmt.Fprintf(w, "  %-16s %d/%d\n", p.Profile, p.Agree, p.Cases)
		if p.Agree > best.Agree {
			best = p
		}
	}
	if best.Agree == 0 {
		fmt.Fprintln(w, "  closest: none (no profile agrees on any case)")
		return
	}
	fmt.Fprintf(w, "  closest: %s\n", best.Profile)
}

// Unexpected counts the results that break the run (Result.Unexpected).
func (r *Report) Unexpected() int {
	n := 0
	for _, res := range r.Results {
		if res.Unexpected() {
			n++
		}
	}
	return n
}

// Summary is the report's last line: the shard, if the run was one, the
// cases, the count of each verdict, the unexpected verdicts and stale
// expectations, when the run had corpus cases the reference's own
// verdicts on them, and notes in capitals for what makes a run
// inconclusive: unsolicited lines, a run stopped early (and why), a run
// that decided nothing.
func (r *Report) Summary() string {
	parts := make([]string, 0, len(kinds))
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%d %s", r.totals[k], k))
	}
	line := fmt.Sprintf("%d cases: %s; %d unexpected, %d stale expectations", r.Cases, strings.Join(parts, ", "), r.Unexpected(), len(r.Stale))
	if !r.Shard.Whole() {
		line = "shard " + r.Shard.String() + ": " + line
	}
	if r.Generated > 0 {
		line += fmt.Sprintf("; %d of %d generated cases answered", r.Answered, r.Generated)
	}
	if len(r.reference) > 0 {
		line += fmt.Sprintf("; reference: %d pass, %d fail against the corpus want: lines", r.reference["pass"], r.reference["fail"])
	}
	if r.Unsolicited > 0 {
		line += fmt.Sprintf("; %d unsolicited lines", r.Unsolicited)
	}
	if r.Interrupted() {
		line += "; INTERRUPTED: " + r.Stopped + ", no later case run"
	}
	if r.NothingDecided() {
		line += "; NOTHING DECIDED: every case unsupported"
	}
	return line
}

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
	Divergence Divergence   `json:"divergence,omitempty"`
	Minimal    *jsonMinimal `json:"minimal,omitempty"`
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
	RunInfo
	Shard string `json:"shard,omitempty"` // "K/N" (see Shard); absent for a whole run
}

// jsonReport is the JSON report: what WriteJSON writes and ReadJSON
// reads. conformance/conform/report.schema.json is its JSON Schema.
type jsonReport struct {
	Run       *jsonRun           `json:"run"`
	Impl      wire.HelloReply    `json:"implementation"`
	Level     string             `json:"level"`
	Totals    Counts             `json:"totals"`
	Reference Counts             `json:"reference,omitempty"`
	ByClause  map[string]Counts  `json:"byClause"`
	Stale     []string           `json:"stale"`
	Stopped   string             `json:"stopped,omitempty"`
	Failed    bool               `json:"failed"`
	Profiles  []ProfileAgreement `json:"profiles,omitempty"`
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
func (r *Report) WriteJSON(w io.Writer) error {
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
	out.Classes, out.Shrinking = r.jsonClasses(), r.jsonShrinking()
	for i, u := range r.UnsolicitedLines {
		out.UnsolicitedLines = append(out.UnsolicitedLines, jsonUnsolicited{After: r.afterName(i), Line: u.Line})
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
		if res.Verdict.Kind == VerdictFail {
			jr.Divergence = res.Divergence
		}
		if res.Minimal != nil {
			jr.Minimal = r.jsonMinimal(res)
		}
		if res.Verdict.Kind != VerdictPass {
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

// WriteJUnit writes JUnit XML: one test suite, a test case per kept result
// (Report.Results), a failure element for fail and error elements for
// error, timeout and crash; unsupported cases are skipped. Expected
// divergences are written as passing with a system-out note. A corpus
// case the reference fails is one more test case, of class
// betzacheck.reference, with a failure element.
func (r *Report) WriteJUnit(w io.Writer) error {
	type failure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Failure   *failure `xml:"failure,omitempty"`
		Error     *failure `xml:"error,omitempty"`
		Skipped   *struct {
			Message string `xml:"message,attr"`
		} `xml:"skipped,omitempty"`
		SystemOut string `xml:"system-out,omitempty"`
	}
	type suite struct {
		XMLName  xml.Name   `xml:"testsuite"`
		Name     string     `xml:"name,attr"`
		Tests    int        `xml:"tests,attr"`
		Failures int        `xml:"failures,attr"`
		Errors   int        `xml:"errors,attr"`
		Skipped  int        `xml:"skipped,attr"`
		Cases    []testcase `xml:"testcase"`
	}
	s := suite{Name: "betzacheck conform " + r.Impl.Name, Tests: r.Cases}
	// The reference's failures on the corpus come first, each a test case
	// of its own: they are not the implementation's.
	for _, res := range r.ReferenceFailures() {
		s.Tests++
		s.Failures++
		s.Cases = append(s.Cases, testcase{Name: res.Case.ID, Classname: "betzacheck.reference",
			Failure: &failure{Message: "the reference disagrees with the corpus: " + res.Reference.Reason, Type: "reference",
				Text: res.Case.Request.Notation + "\n" + res.Reference.Reason + "\n" + res.Reference.Diff}})
	}
	if r.Stopped != "" {
		s.Tests++
		s.Errors++
		s.Cases = append(s.Cases, testcase{Name: "run", Classname: "betzacheck.run",
			Error: &failure{Message: r.Stopped, Type: "stopped", Text: r.Stopped + ": the cases after the judged ones were not run"}})
	}
	for _, res := range r.Results {
		tc := testcase{Name: res.Case.ID, Classname: "betzacheck." + strings.ReplaceAll(r.Impl.Name, ".", "_")}
		k := res.Verdict.Kind
		text := res.Case.Request.Notation + "\n" + res.Verdict.Reason + "\n" + res.Verdict.Diff
		switch {
		case res.Expected != "" && !res.Unexpected():
			tc.SystemOut = "expected divergence: " + k.String() + ": " + res.Verdict.Reason
		case k == VerdictFail:
			tc.Failure = &failure{Message: res.Verdict.Reason, Type: "fail", Text: text}
			s.Failures++
		case k == VerdictUnsupported:
			tc.Skipped = &struct {
				Message string `xml:"message,attr"`
			}{res.Verdict.Reason}
			s.Skipped++
		case k != VerdictPass:
			tc.Error = &failure{Message: res.Verdict.Reason, Type: k.String(), Text: text}
			s.Errors++
		case res.Unexpected(): // passes now, but a divergence was expected
			tc.Failure = &failure{Message: "expected " + res.Expected + ", passed", Type: "stale"}
			s.Failures++
		}
		s.Cases = append(s.Cases, tc)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// Expectations maps case ids, and class keys written "class KEY", to the
// verdict a known divergence gives, with the reason written beside it.
type Expectations map[string]Expectation

// Expectation is one line of an expectation file.
type Expectation struct {
	Verdict, Reason string
}

// classPrefix begins the key of an expected class.
const classPrefix = "class "

// ParseExpectations reads an expectation file: one divergence a line,
// "CASE-ID VERDICT # reason" for one case, or "class KEY # reason" for a
// class of failures (a cause's name, or the structure of failures no cause
// explains: see ClassKey), which matches its failures in any run, whatever
// the seed; '#' lines and blank lines are ignored. Every entry needs a
// reason.
func ParseExpectations(r io.Reader) (Expectations, error) {
	exp := Expectations{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		body, reason, _ := strings.Cut(line, "#")
		reason = strings.TrimSpace(reason)
		if k, ok := strings.CutPrefix(body, classPrefix); ok {
			k = strings.TrimSpace(k)
			if k == "" {
				return nil, fmt.Errorf("line %d: expected class KEY # reason, found %q", n, line)
			}
			if reason == "" {
				return nil, fmt.Errorf("line %d: class %s: every expected divergence needs a reason after '#'", n, k)
			}
			exp[classPrefix+k] = Expectation{Verdict: VerdictFail.String(), Reason: reason}
			continue
		}
		f := strings.Fields(body)
		if len(f) != 2 {
			return nil, fmt.Errorf("line %d: expected CASE-ID VERDICT # reason or class KEY # reason, found %q", n, line)
		}
		if _, ok := verdictKind(f[1]); !ok || f[1] == "pass" {
			return nil, fmt.Errorf("line %d: expected a verdict (fail, unsupported, error, timeout, crash), found %q", n, f[1])
		}
		if reason == "" {
			return nil, fmt.Errorf("line %d: %s: every expected divergence needs a reason after '#'", n, f[0])
		}
		exp[f[0]] = Expectation{Verdict: f[1], Reason: reason}
	}
	return exp, sc.Err()
}

// Apply marks each result with its expected verdict and records stale
// entries: listed verdicts that did not happen and ids with no case (not
// in a stopped run, nor in a shard, which met only some of the cases). It
// needs every result the expectations name: Run keeps them all, and
// Stream applies Options.Expect itself, keeping the results it names.
// Expected classes are applied once the failures have their causes
// (ApplyClasses).
func (r *Report) Apply(exp Expectations) {
	seen := map[string]bool{}
	for _, res := range r.Results {
		e, ok := exp[res.Case.ID]
		if !ok {
			continue
		}
		seen[res.Case.ID] = true
		res.Expected = e.Verdict
		if res.Unexpected() {
			r.Stale = append(r.Stale, fmt.Sprintf("%s: expected %s (%s), got %s", res.Case.ID, e.Verdict, e.Reason, res.Verdict.Kind))
		}
	}
	var missing []string
	for id := range exp {
		// A stopped run did not take every case, nor did a shard: an id
		// it never met may be one of the others, not a stale entry (the
		// merge of the shards, given exp, says: see Report.ApplyMerged).
		if !seen[id] && !strings.HasPrefix(id, classPrefix) && !r.Interrupted() && r.Shard.Whole() {
			missing = append(missing, id)
		}
	}
	sort.Strings(missing)
	for _, id := range missing {
		r.Stale = append(r.Stale, id+": no such case in this run")
	}
}

// ApplyClasses marks the failures of each expected class (a "class KEY"
// entry) as expected, unless their case's own entry says otherwise, and
// records as stale an expected class that has no failure in the run (not
// in a stopped run, nor in a shard).
func (r *Report) ApplyClasses(exp Expectations) {
	seen := map[string]bool{}
	for _, c := range r.Classes() {
		if _, ok := exp[classPrefix+c.Key]; !ok {
			continue
		}
		seen[c.Key] = true
		for _, res := range c.Members {
			if res.Expected == "" {
				res.Expected = VerdictFail.String()
			}
		}
	}
	var missing []string
	for k := range exp {
		if key, ok := strings.CutPrefix(k, classPrefix); ok && !seen[key] && !r.Interrupted() && r.Shard.Whole() {
			missing = append(missing, key)
		}
	}
	sort.Strings(missing)
	for _, k := range missing {
		r.Stale = append(r.Stale, "class "+k+": no failure of this class in this run")
	}
}

// WriteExpectations writes the run's divergences as an expectation file:
// one line per class of failures (its key, and its cause's words or a
// known reason), then a line per case for the other verdicts but pass and
// unsupported, keeping known reasons.
func (r *Report) WriteExpectations(w io.Writer, known Expectations) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Known divergences of %s %s from the reference (betzacheck conform --expect).\n# class KEY # reason, or CASE-ID VERDICT # reason\n", r.Impl.Name, r.Impl.Version)
	for _, c := range r.Classes() {
		reason := CaseText(MinimalOf(c.Smallest).Case)
		if c.Cause != nil {
			reason = c.Cause.Says + " (" + c.Cause.Clause + "); e.g. " + reason
		}
		if e, ok := known[classPrefix+c.Key]; ok {
			reason = e.Reason
		}
		fmt.Fprintf(bw, "class %s # %s\n", c.Key, oneLine(reason))
	}
	for _, res := range r.Results {
		k := res.Verdict.Kind
		if k == VerdictPass || k == VerdictUnsupported || k == VerdictFail {
			continue
		}
		// A known entry keeps its reason as written; a new one says the
		// notation and the verdict's reason.
		reason := res.Case.Request.Notation + ": " + oneLine(res.Verdict.Reason)
		if e, ok := known[res.Case.ID]; ok && e.Verdict == k.String() {
			reason = e.Reason
		}
		fmt.Fprintf(bw, "%s %s # %s\n", res.Case.ID, k, reason)
	}
	return bw.Flush()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

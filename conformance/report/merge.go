package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// ReadJSON reads a report written by WriteJSON, the inverse of it for
// everything it writes: WriteJSON of what ReadJSON returns gives the same
// bytes. What a report does not keep is rebuilt from what it does: each
// case's Setup from its request; the implementation's result from its
// reply ("got"), or, without one, from the verdict and reason Judge gave
// that kind of result (a timeout, a crash, garbage, a run stopped, a case
// not sent); the origin of a corpus case (the cases with a "reference"
// verdict) from its id, without the hand-checked lines, which the report
// does not hold: a case read back can be reported and merged, not judged
// again; a failure's minimal case (Shrink) is the case itself when its
// request is the case's.
//
// The report lists every case, and its figures are claims that ReadJSON
// checks against its cases (spec/protocol.md P10.3): the totals, the
// counts per clause, the reference's counts and the generated and
// answered cases are counted again from the cases, and a report whose
// figures differ (edited by hand, or cut short) is an error, as is one
// that contradicts itself otherwise (its "failed" is not what its cases
// say, its classes not those of its failures, a replay command not its
// minimal case's, a case twice, a profile counting more cases than were
// sent in classic Betza), one of another format (its "run" object's
// "format", or none: an older betzacheck's), and a field this version
// does not know.
func ReadJSON(rd io.Reader) (*conform.Report, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	var head struct {
		Run *struct {
			Format *int `json:"format"`
		} `json:"run"`
	}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&head); err != nil {
		return nil, fmt.Errorf("not a JSON report of conform: %w", err)
	}
	switch {
	case head.Run == nil || head.Run.Format == nil:
		return nil, fmt.Errorf(`not a JSON report of conform of format %d: no "run" object with its "format" (a report of an older betzacheck: run it again)`, conform.ReportFormat)
	case *head.Run.Format != conform.ReportFormat:
		return nil, fmt.Errorf("run: format: this betzacheck reads reports of format %d, found %d", conform.ReportFormat, *head.Run.Format)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var in jsonReport
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("not a JSON report of conform: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("not a JSON report of conform: more after the report's object")
	}
	if in.Totals == nil || in.ByClause == nil || in.Results == nil {
		return nil, errors.New(`not a JSON report of conform: no "totals", "byClause" or "cases"`)
	}
	if !wire.ValidLevel(in.Level) {
		return nil, fmt.Errorf("level: expected one of %s, found %q", strings.Join(wire.Levels(), ", "), in.Level)
	}
	r := &conform.Report{Run: in.Run.RunInfo, Impl: in.Impl, Level: in.Level, Stale: in.Stale, Stopped: in.Stopped, Unsolicited: in.Unsolicited}
	r.AddProfileCounts(in.Profiles)
	if in.Run.Shard != "" {
		s, err := conform.ParseShard(in.Run.Shard)
		if err != nil {
			return nil, fmt.Errorf("run: shard: %v", err)
		}
		r.Shard = s
	}
	if sh := in.Shrinking; sh != nil {
		r.Shrinking = &conform.ShrinkSummary{Budget: sh.Budget, Failures: sh.Failures, Queries: sh.Queries, CacheHits: sh.CacheHits,
			Elapsed: seconds(sh.Seconds), Cut: sh.Cut, Program: sh.Program, Impl: sh.Impl}
	}
	ids := map[string]bool{}
	classic := 0 // cases sent in classic Betza and answered: what a profile can count
	for i, jr := range in.Results {
		res, err := readResult(r, jr)
		if err != nil {
			return nil, fmt.Errorf("cases[%d] (%s): %v", i, jr.ID, err)
		}
		if ids[jr.ID] {
			return nil, fmt.Errorf("cases[%d]: case %s is in the report twice", i, jr.ID)
		}
		ids[jr.ID] = true
		r.Count(res)
		if base, _, _ := strings.Cut(res.Case.Request.Dialect, ":"); base == dialect.Classic && res.Answered() {
			classic++
		}
		r.Results = append(r.Results, res)
	}
	// The figures, counted again from the cases.
	byClause := r.ByClause()
	for _, c := range []struct {
		what       string
		said, says conform.Counts
	}{{"totals", in.Totals, r.Totals()}, {"reference", in.Reference, r.ReferenceTotals()}} {
		if err := sameCounts(c.what, c.said, c.says, len(in.Results)); err != nil {
			return nil, err
		}
	}
	for clause := range in.ByClause {
		if _, ok := byClause[clause]; !ok {
			return nil, fmt.Errorf("byClause: the report counts clause %s, which none of its %d cases cites", clause, len(in.Results))
		}
	}
	for clause, says := range byClause {
		if err := sameCounts("byClause "+clause, in.ByClause[clause], says, len(in.Results)); err != nil {
			return nil, err
		}
	}
	if in.Generated != r.Generated || in.Answered != r.Answered {
		return nil, fmt.Errorf("generated, answered: the report says %d and %d, its %d cases give %d and %d", in.Generated, in.Answered, len(in.Results), r.Generated, r.Answered)
	}
	for _, p := range in.Profiles {
		if p.Cases <= 0 || p.Agree < 0 || p.Agree > p.Cases || p.Cases > classic {
			return nil, fmt.Errorf("profile %s: expected 0 ≤ agree ≤ cases, 0 < cases ≤ %d (the cases answered in classic Betza), found %d of %d", p.Profile, classic, p.Agree, p.Cases)
		}
	}
	if in.Unsolicited < len(in.UnsolicitedLines) {
		return nil, fmt.Errorf("unsolicited: the report says %d, and quotes %d lines", in.Unsolicited, len(in.UnsolicitedLines))
	}
	for _, u := range in.UnsolicitedLines {
		r.UnsolicitedLines = append(r.UnsolicitedLines, client.Unsolicited{After: requestID(r, u.After), Line: u.Line})
		r.AfterNames = append(r.AfterNames, u.After)
	}
	if said, says := jsonText(in.Classes), jsonText(jsonClasses(r)); said != says {
		return nil, errors.New("classes: the report's divergence classes are not those of its failures")
	}
	for _, c := range []struct {
		name       string
		said, says bool
	}{{"failed", in.Failed, r.Failed()}, {"interrupted", in.Interrupted, r.Interrupted()}, {"nothingDecided", in.NothingDecided, r.NothingDecided()}} {
		if c.said != c.says {
			return nil, fmt.Errorf("%s: the report says %v, its cases and totals say %v", c.name, c.said, c.says)
		}
	}
	return r, nil
}

// sameCounts checks that the counts a report gives (said) are those its
// cases give (says): verdict names only, no count below 0, and every
// kind the same (a kind counted 0 is as good as absent).
func sameCounts(what string, said, says conform.Counts, cases int) error {
	for k, n := range said {
		if _, ok := conform.ParseVerdictKind(k); !ok {
			return fmt.Errorf("%s: expected a verdict (%s), found %q", what, strings.Join(kinds, ", "), k)
		}
		if n < 0 {
			return fmt.Errorf("%s: %s: expected a count, found %d", what, k, n)
		}
	}
	for _, k := range kinds {
		if said[k] != says[k] {
			return fmt.Errorf("%s: the report says %s, its %d cases give %s", what, countsText(said), cases, countsText(says))
		}
	}
	return nil
}

// countsText is counts as "20 pass, 1 fail", in the order of the tables;
// "none" when every count is 0.
func countsText(c conform.Counts) string {
	var parts []string
	for _, k := range kinds {
		if c[k] != 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c[k], k))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// jsonText is v as JSON, to compare what a report says with what its
// cases give.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "unwritable: " + err.Error()
	}
	return string(b)
}

// seconds is a duration the JSON report gives in seconds.
func seconds(s float64) time.Duration { return time.Duration(math.Round(s * float64(time.Second))) }

// readResult rebuilds a result of the JSON report.
func readResult(r *conform.Report, jr jsonResult) (*conform.Result, error) {
	kind, ok := conform.ParseVerdictKind(jr.Verdict)
	if !ok {
		return nil, fmt.Errorf("verdict: expected one of %s, found %q", strings.Join(kinds, ", "), jr.Verdict)
	}
	if _, ok := conform.ParseVerdictKind(jr.Expected); jr.Expected != "" && !ok {
		return nil, fmt.Errorf("expected: expected a verdict, found %q", jr.Expected)
	}
	var setup board.Setup
	if jr.Request.Board != "" { // else a generated case for which nothing fitted was drawn
		s, err := jr.Request.Setup()
		switch {
		case err == nil:
			setup = s
		case kind == conform.VerdictUnsupported && jr.Reference != nil:
			// A corpus case never sent for want of a 2-D setup (a board
			// of more than two dimensions, a position that does not
			// read: see CorpusCases).
		default:
			return nil, fmt.Errorf("request: %v", err)
		}
	}
	// The id is the run's, not the case's: a case's request has none
	// until it is sent (see WriteJSON).
	req := jr.Request
	id := req.ID
	req.ID = 0
	c := &conform.Case{ID: jr.ID, Clauses: jr.Clauses, Setup: setup, Request: req, Betza2: jr.Betza2,
		Generated: slices.Equal(jr.Clauses, conform.GeneratedClauses)}
	v := conform.Verdict{Kind: kind, Reason: jr.Reason, Diff: jr.Diff}
	got, err := resultOf(v, jr.Got, id)
	if err != nil {
		return nil, err
	}
	if got.Kind == client.ResultSkipped && id == 0 {
		c.Unsupported = got.Detail // the run did not give it to the implementation
	}
	res := &conform.Result{Case: c, Verdict: v, Got: got, Expected: jr.Expected}
	if jr.Want != nil {
		res.Want = *jr.Want
	}
	if jr.Divergence != conform.DivergenceNone && kind != conform.VerdictFail {
		return nil, fmt.Errorf("divergence %s on a case that did not fail", jr.Divergence)
	}
	res.Divergence = jr.Divergence
	if jr.Cause != nil && kind != conform.VerdictFail {
		return nil, errors.New("cause on a case that did not fail")
	}
	res.Cause = jr.Cause
	if jr.Minimal != nil {
		m, err := readMinimal(r, *jr.Minimal, jr, res)
		if err != nil {
			return nil, fmt.Errorf("minimal: %v", err)
		}
		res.Minimal = m
	}
	if ref := jr.Reference; ref != nil {
		rk, ok := conform.ParseVerdictKind(ref.Verdict)
		if !ok {
			return nil, fmt.Errorf("reference: expected a verdict, found %q", ref.Verdict)
		}
		res.Reference = &conform.Verdict{Kind: rk, Reason: ref.Reason, Diff: ref.Diff}
		if err := corpusOrigin(c); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// readMinimal rebuilds the minimal case of the failing result res, read
// from jr: the case itself when its request is the case's (ids included),
// else the case of its notation read in its dialect (CaseIn, as the
// shrinker reads a candidate), with the failing case's id.
func readMinimal(r *conform.Report, jm jsonMinimal, jr jsonResult, res *conform.Result) (*conform.Minimal, error) {
	if jm.ID != jr.ID {
		return nil, fmt.Errorf("shrunk from case %s, found under case %s", jm.ID, jr.ID)
	}
	kind, ok := conform.ParseVerdictKind(jm.Verdict)
	if !ok {
		return nil, fmt.Errorf("verdict: expected one of %s, found %q", strings.Join(kinds, ", "), jm.Verdict)
	}
	v := conform.Verdict{Kind: kind, Reason: jm.Reason, Diff: jm.Diff}
	got, err := resultOf(v, jm.Got, jm.Request.ID)
	if err != nil {
		return nil, err
	}
	if triage.Family(res.Divergence) != triage.Family(jm.Divergence) {
		return nil, fmt.Errorf("divergence: a %s failure does not shrink to a %s one (KeepFailure)", res.Divergence, jm.Divergence)
	}
	m := &conform.Minimal{Case: res.Case, Verdict: v, Want: jm.Want, Got: got, Divergence: jm.Divergence,
		Cost: conform.ShrinkCost{Queries: jm.Queries, CacheHits: jm.CacheHits, Elapsed: seconds(jm.Seconds), Cut: jm.Cut}}
	if jm.Request != jr.Request || jm.Betza2 != jr.Betza2 {
		// A smaller case, read in its dialect as the shrinker read it.
		req := jm.Request
		setup, err := req.Setup()
		if err != nil {
			return nil, fmt.Errorf("request: %v", err)
		}
		c, err := conform.CaseIn(jm.ID, nil, req.Dialect, req.Notation, setup)
		if err != nil {
			return nil, fmt.Errorf("request: %v", err)
		}
		if c.Betza2 != jm.Betza2 {
			return nil, fmt.Errorf("betza2: the report says %q, %s reads %q as %q", jm.Betza2, req.Dialect, req.Notation, c.Betza2)
		}
		m.Case = c
	}
	if replay := triage.Replay(r, m); replay != jm.Replay {
		return nil, fmt.Errorf("replay: the report says %q, its case and shrinking give %q", jm.Replay, replay)
	}
	return m, nil
}

// resultOf rebuilds what the implementation gave for a case: its reply
// when the report kept one (got), else the kind of result whose verdict
// (see Judge) the case has, with its detail. A passing case's reply is
// not kept: it reads as ok.
func resultOf(v conform.Verdict, got *wire.Reply, id int) (client.Result, error) {
	if got != nil {
		kind := client.ResultOK
		if got.Error != nil {
			kind = client.ResultError
		}
		return client.Result{ID: id, Kind: kind, Reply: *got}, nil
	}
	if v.Kind == conform.VerdictPass {
		return client.Result{ID: id, Kind: client.ResultOK, Reply: wire.Reply{ID: id}}, nil
	}
	for _, k := range []client.ResultKind{client.ResultGarbage, client.ResultNoStart, client.ResultStopped,
		client.ResultSkipped, client.ResultTimeout, client.ResultCrash} {
		// Judge's verdict on a result of kind k with no detail: its
		// kind, and the words before the detail.
		probe := conform.Judge(wire.Reply{}, client.Result{Kind: k}, "")
		if detail, ok := strings.CutPrefix(v.Reason, probe.Reason); ok && probe.Kind == v.Kind {
			return client.Result{ID: id, Kind: k, Detail: detail}, nil
		}
	}
	return client.Result{}, fmt.Errorf("verdict %s, but no reply (\"got\") and no reason that says what happened instead", v.Kind)
}

// corpusOrigin rebuilds a corpus case's File and Pos from what the report
// holds: the path and the position's name from its id (see CorpusCases:
// "corpus/", the file's path without ".txtar", then "/" and the
// position's name, except for an invalid file, under invalid/, whose one
// case has no position), and the notation, dialect, clauses and position
// as sent. The hand-checked lines are not in the report.
func corpusOrigin(c *conform.Case) error {
	p, ok := strings.CutPrefix(c.ID, "corpus/")
	if !ok {
		return fmt.Errorf("a reference verdict on a case that is not a corpus case (its id does not start with corpus/)")
	}
	f := &corpus.File{Notation: c.Request.Notation, Dialect: c.Request.Dialect, Clauses: c.Clauses}
	if strings.HasPrefix(p, "invalid/") {
		f.Path, f.Invalid = p+".txtar", true
		c.File, c.Invalid = f, true
		return nil
	}
	dir, name := path.Split(p)
	if dir == "" || name == "" {
		return fmt.Errorf("a corpus case id is corpus/FILE/POSITION, found %q", c.ID)
	}
	f.Path = strings.TrimSuffix(dir, "/") + ".txtar"
	r := c.Request
	c.File, c.Pos = f, &corpus.Case{Name: name, Board: r.Board, Position: r.Position, From: r.From}
	return nil
}

// requestID is the request id behind an unsolicited line's "after" (see
// Report.afterName): 0 for the handshake, N for "request N", else the id
// of the case's request.
func requestID(r *conform.Report, after string) int {
	if after == "the handshake" {
		return 0
	}
	if n, ok := strings.CutPrefix(after, "request "); ok {
		if id, err := strconv.Atoi(n); err == nil {
			return id
		}
	}
	for _, res := range r.Results {
		if res.Case.ID == after {
			return res.Got.ID
		}
	}
	return 0
}

// MergeError is why Merge refuses its reports: the ones concerned, by
// their positions among its arguments (from 0), and the reason.
type MergeError struct {
	Reports []int
	Reason  string
}

func (e *MergeError) Error() string {
	if len(e.Reports) == 0 {
		return e.Reason
	}
	ns := make([]string, len(e.Reports))
	for i, n := range e.Reports {
		ns[i] = strconv.Itoa(n + 1)
	}
	word := "report "
	if len(ns) > 1 {
		word = "reports "
	}
	return word + strings.Join(ns, " and ") + ": " + e.Reason
}

// Merge combines the reports of the shards of one run (conform --shard
// K/N, every K once) into the report of the whole run: the totals, the
// counts per clause, the reference's counts, the profiles' agreements,
// the generated and answered cases and what shrinking took summed, the
// stale expectations and unsolicited lines kept (in shard order), and a
// shard stopped early makes the merge stopped. The divergence classes
// are those of the merged failures (triage.Classes): each class's count
// the sum of the shards', its members theirs, its smallest case the
// smallest of theirs. The results
// come in the whole run's order when every shard kept each of its cases'
// results, as a JSON report does (case i of the run is the (i div N)-th
// of shard i mod N + 1), else shard after shard. The merge's run is the
// first shard's (its Argv, the command line of one shard, is for the
// caller to replace: merge gives its own) and its shard none.
//
// Merge refuses reports of different runs (spec/protocol.md P10.5): of
// different implementations (the hello replies differ) or levels, whose
// run identities differ (RunInfo.Differs: another seed, --generate,
// corpus, …, naming the field), a mix of shards and whole runs, shards of
// different N, a shard twice or missing (the merge would not be the whole
// run), failures shrunk differently (or in some reports only), and a case
// in two reports (the shards were not disjoint; two whole runs of one run
// always are): a *MergeError.
func Merge(reports ...*conform.Report) (*conform.Report, error) {
	if len(reports) == 0 {
		return nil, errors.New("no report to merge")
	}
	first := reports[0]
	for i, r := range reports {
		switch {
		case r.Impl.Name != first.Impl.Name || r.Impl.Version != first.Impl.Version:
			return nil, &MergeError{[]int{0, i}, fmt.Sprintf("different implementations: %s %s and %s %s", first.Impl.Name, first.Impl.Version, r.Impl.Name, r.Impl.Version)}
		case !reflect.DeepEqual(r.Impl, first.Impl):
			return nil, &MergeError{[]int{0, i}, fmt.Sprintf("%s %s declared different capabilities in the two runs' handshakes", r.Impl.Name, r.Impl.Version)}
		case r.Level != first.Level:
			return nil, &MergeError{[]int{0, i}, fmt.Sprintf("judged at different levels: %s and %s", first.Level, r.Level)}
		}
		if field, a, b := first.Run.Differs(r.Run); field != "" {
			return nil, &MergeError{[]int{0, i}, fmt.Sprintf("not shards of one run: their run's %s differs: %s and %s", field, a, b)}
		}
	}
	order, err := shardOrder(reports)
	if err != nil {
		return nil, err
	}
	shrinking, err := mergeShrinking(reports)
	if err != nil {
		return nil, err
	}
	m := &conform.Report{Run: reports[order[0]].Run, Impl: first.Impl, Level: first.Level}
	owner := map[string]int{}
	var stopped []string
	for _, i := range order {
		r := reports[i]
		for _, res := range r.Results {
			if j, ok := owner[res.Case.ID]; ok {
				return nil, &MergeError{[]int{j, i}, fmt.Sprintf("case %s is in both: the reports overlap, which the shards of one run (the same flags, each K of the same N once) never do", res.Case.ID)}
			}
			owner[res.Case.ID] = i
		}
		m.AddCounts(r)
		m.Stale = append(m.Stale, r.Stale...)
		if r.Stopped != "" {
			stopped = append(stopped, reportLabel(r, i)+": "+r.Stopped)
		}
		m.Unsolicited += r.Unsolicited
		for j, u := range r.UnsolicitedLines {
			m.UnsolicitedLines = append(m.UnsolicitedLines, u)
			m.AfterNames = append(m.AfterNames, r.AfterName(j))
		}
	}
	m.Stopped = strings.Join(stopped, "; ")
	m.Results = mergedResults(reports, order)
	m.Shrinking = shrinking
	return m, nil
}

// mergeShrinking sums what shrinking the reports' failures took. The
// reports must have been shrunk alike (the same budget, and the same
// --impl in their replay commands), or none of them. Their programs may
// differ (shards run by binaries at different paths): the merged
// replay commands run the first one's.
func mergeShrinking(reports []*conform.Report) (*conform.ShrinkSummary, error) {
	first := reports[0].Shrinking
	var sum *conform.ShrinkSummary
	if first != nil {
		sum = &conform.ShrinkSummary{Budget: first.Budget, Program: first.Program, Impl: first.Impl}
	}
	for i, r := range reports {
		s := r.Shrinking
		switch {
		case (s == nil) != (first == nil):
			return nil, &MergeError{[]int{0, i}, "the failures of one were shrunk, of the other not"}
		case s == nil:
			continue
		case s.Budget != first.Budget:
			return nil, &MergeError{[]int{0, i}, fmt.Sprintf("shrunk with different budgets: %d and %d", first.Budget, s.Budget)}
		case s.Impl != first.Impl:
			return nil, &MergeError{[]int{0, i}, fmt.Sprintf("different replay commands: --impl %s and --impl %s", conform.ShellJoin(first.Impl), conform.ShellJoin(s.Impl))}
		}
		sum.Failures += s.Failures
		sum.Queries += s.Queries
		sum.CacheHits += s.CacheHits
		sum.Elapsed += s.Elapsed
		sum.Cut += s.Cut
	}
	return sum, nil
}

// reportLabel names a report in the merge's words: its shard, else its
// position.
func reportLabel(r *conform.Report, i int) string {
	if !r.Shard.Whole() {
		return "shard " + r.Shard.String()
	}
	return fmt.Sprintf("report %d", i+1)
}

// shardOrder checks that the reports are every shard of one run once, or
// whole runs, and returns their positions in shard order (whole runs in
// the order given).
func shardOrder(reports []*conform.Report) ([]int, error) {
	first := reports[0].Shard
	order := make([]int, len(reports))
	for i, r := range reports {
		order[i] = i
		switch s := r.Shard; {
		case s.Whole() != first.Whole():
			return nil, &MergeError{[]int{0, i}, "a shard and a whole run: merge the shards of one run (conform --shard K/N, K = 1 to N)"}
		case s.N != first.N:
			return nil, &MergeError{[]int{0, i}, fmt.Sprintf("shards %s and %s split the run differently", first, s)}
		}
	}
	if first.Whole() {
		return order, nil
	}
	slices.SortStableFunc(order, func(a, b int) int { return reports[a].Shard.K - reports[b].Shard.K })
	holder := make([]int, first.N+1)
	for i := range holder {
		holder[i] = -1
	}
	for _, i := range order {
		k := reports[i].Shard.K
		if holder[k] >= 0 {
			return nil, &MergeError{[]int{holder[k], i}, fmt.Sprintf("both are shard %s", reports[i].Shard)}
		}
		holder[k] = i
	}
	var missing []string
	for k := 1; k <= first.N; k++ {
		if holder[k] < 0 {
			missing = append(missing, conform.Shard{K: k, N: first.N}.String())
		}
	}
	if len(missing) > 0 {
		return nil, &MergeError{Reason: fmt.Sprintf("shard %s missing: the merge would not be the whole run", strings.Join(missing, ", "))}
	}
	return order, nil
}

// mergedResults puts the reports' results together: in the whole run's
// order when every report is a shard that kept every case's result, else
// one report after the other.
func mergedResults(reports []*conform.Report, order []int) []*conform.Result {
	interleave := !reports[0].Shard.Whole()
	n := 0
	for _, i := range order {
		n += len(reports[i].Results)
		if len(reports[i].Results) != reports[i].Cases {
			interleave = false
		}
	}
	out := make([]*conform.Result, 0, n)
	if !interleave {
		for _, i := range order {
			out = append(out, reports[i].Results...)
		}
		return out
	}
	for j := 0; len(out) < n; j++ {
		for _, i := range order {
			if rs := reports[i].Results; j < len(rs) {
				out = append(out, rs[j])
			}
		}
	}
	return out
}

// ApplyMerged applies exp to a merged report as Apply does to a whole
// run: each case's expected verdict, a listed verdict that did not happen,
// and the ids that no shard met (a shard leaves those to the merge),
// without repeating the stale entries the shards' reports carry already.
// Like Apply it needs the result of every case exp names: reports read
// from JSON keep every case's.
func ApplyMerged(r *conform.Report, exp conform.Expectations) {
	before := r.Stale
	r.Stale = nil
	r.Apply(exp)
	seen := map[string]bool{}
	var stale []string
	for _, s := range append(before, r.Stale...) {
		if !seen[s] {
			seen[s] = true
			stale = append(stale, s)
		}
	}
	r.Stale = stale
}

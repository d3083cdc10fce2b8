package conform

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
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
	// Shrinking is what shrinking the failures took (see triage.Diagnose); nil
	// when they were not shrunk.
	Shrinking *ShrinkSummary

	// AfterNames, when set (a report read back or merged: see
	// report.ReadJSON, report.Merge), names the case each of
	// UnsolicitedLines followed, since request ids repeat across the
	// shards of a merge.
	AfterNames []string

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
		notes = append(notes, fmt.Sprintf("after %s: %s", r.AfterName(i), u.Line))
	}
	return notes
}

// AfterName names the case whose reply the i-th quoted unsolicited line
// followed, when the run kept its result, else the request's number.
func (r *Report) AfterName(i int) string {
	if i < len(r.AfterNames) {
		return r.AfterNames[i]
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
	r.Count(res)
	r.addProfiles(res)
	if res.Verdict.Kind == VerdictFail {
		res.Divergence = res.DivergenceAt(r.Level)
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

// Count counts a case: the cases, the generated and answered ones, the
// verdicts in all and per clause, the reference's verdicts. A report read
// back counts its cases again with it, to check its figures
// (report.ReadJSON).
func (r *Report) Count(res *Result) {
	if r.totals == nil {
		r.totals, r.byClause, r.reference = Counts{}, map[string]Counts{}, Counts{}
	}
	r.Cases++
	if res.Case.Generated {
		r.Generated++
		if res.Answered() {
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

// Kinds are the verdict names, in the order of the tables.
var Kinds = verdictNames[:]

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
	parts := make([]string, 0, len(Kinds))
	for _, k := range Kinds {
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

// Expectations maps case ids, and class keys written "class KEY", to the
// verdict a known divergence gives, with the reason written beside it.
type Expectations map[string]Expectation

// Expectation is one line of an expectation file.
type Expectation struct {
	Verdict, Reason string
}

// ClassPrefix begins the key of an expected class.
const ClassPrefix = "class "

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
		if k, ok := strings.CutPrefix(body, ClassPrefix); ok {
			k = strings.TrimSpace(k)
			if k == "" {
				return nil, fmt.Errorf("line %d: expected class KEY # reason, found %q", n, line)
			}
			if reason == "" {
				return nil, fmt.Errorf("line %d: class %s: every expected divergence needs a reason after '#'", n, k)
			}
			exp[ClassPrefix+k] = Expectation{Verdict: VerdictFail.String(), Reason: reason}
			continue
		}
		f := strings.Fields(body)
		if len(f) != 2 {
			return nil, fmt.Errorf("line %d: expected CASE-ID VERDICT # reason or class KEY # reason, found %q", n, line)
		}
		if _, ok := ParseVerdictKind(f[1]); !ok || f[1] == "pass" {
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
		// merge of the shards, given exp, says: see report.ApplyMerged).
		if !seen[id] && !strings.HasPrefix(id, ClassPrefix) && !r.Interrupted() && r.Shard.Whole() {
			missing = append(missing, id)
		}
	}
	sort.Strings(missing)
	for _, id := range missing {
		r.Stale = append(r.Stale, id+": no such case in this run")
	}
}

// AddCounts adds the figures of other, a shard of the same run, to r's:
// its cases, generated and answered ones, verdicts in all, per clause and
// the reference's, and the profiles' agreements (report.Merge).
func (r *Report) AddCounts(other *Report) {
	if r.totals == nil {
		r.totals, r.byClause, r.reference = Counts{}, map[string]Counts{}, Counts{}
	}
	r.Cases += other.Cases
	r.Generated += other.Generated
	r.Answered += other.Answered
	addCounts(r.totals, other.totals)
	addCounts(r.reference, other.reference)
	for c, n := range other.byClause {
		if r.byClause[c] == nil {
			r.byClause[c] = Counts{}
		}
		addCounts(r.byClause[c], n)
	}
	r.AddProfileCounts(other.profiles)
}

func addCounts(sum, c Counts) {
	for k, n := range c {
		sum[k] += n
	}
}

// AddProfileCounts adds agreements to the report's, keeping the order of
// classic.Profiles (a report read back, or merged).
func (r *Report) AddProfileCounts(ps []ProfileAgreement) {
	for _, p := range ps {
		i := slices.IndexFunc(r.profiles, func(q ProfileAgreement) bool { return q.Profile == p.Profile })
		if i < 0 {
			r.profiles = append(r.profiles, ProfileAgreement{Profile: p.Profile})
			i = len(r.profiles) - 1
		}
		r.profiles[i].Agree += p.Agree
		r.profiles[i].Cases += p.Cases
	}
	rank := func(name string) int {
		i := slices.IndexFunc(classic.Profiles, func(p classic.Profile) bool { return p.Name == name })
		if i < 0 {
			return len(classic.Profiles)
		}
		return i
	}
	slices.SortStableFunc(r.profiles, func(a, b ProfileAgreement) int { return rank(a.Profile) - rank(b.Profile) })
}

// CountWord is n with the noun for one or many: "1 failure", "3 failures".
func CountWord(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

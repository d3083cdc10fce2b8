package report

import (
	"fmt"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/equiv"
	"io"
	"strings"
)

// kinds are the verdict names, in the order of the tables.
var kinds = conform.Kinds

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
func WriteText(w io.Writer, r *conform.Report, verbose bool, maxDiagrams int) {
	fmt.Fprintf(w, "implementation %s %s (level %s, dialects %s)\n", r.Impl.Name, r.Impl.Version, r.Level, strings.Join(r.Impl.Dialects, ", "))
	if !r.Shard.Whole() {
		fmt.Fprintf(w, "shard %s: %s\n", r.Shard, r.Shard.Describe())
	}
	fmt.Fprintln(w, r.Summary())
	writeClasses(r, w)
	writeProfiles(r, w)
	fmt.Fprintln(w, "\nper clause:")
	by := r.ByClause()
	clauses := make([]string, 0, len(by))
	for c := range by {
		clauses = append(clauses, c)
	}
	conform.SortClauses(clauses)
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
		if shown >= maxDiagrams || res.Verdict.Kind != conform.VerdictFail || !res.Unexpected() {
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
		writeMinimalLine(r, w, res)
	}
	if !verbose {
		writeProblems(r, w)
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
			writeCaseLine(r, w, res)
		}
	}
}

// writeProblems writes the line of each case that gave nothing to judge
// (verdict error, timeout or crash), the first maxProblemLines of them,
// and how many more there are.
func writeProblems(r *conform.Report, w io.Writer) {
	n := 0
	for _, res := range r.Results {
		switch res.Verdict.Kind {
		case conform.VerdictError, conform.VerdictTimeout, conform.VerdictCrash:
		default:
			continue
		}
		if n == 0 {
			fmt.Fprintln(w, "\ncases with nothing to judge:")
		}
		if n++; n <= maxProblemLines {
			writeCaseLine(r, w, res)
		}
	}
	if n > maxProblemLines {
		fmt.Fprintf(w, "and %d more (-v lists every case)\n", n-maxProblemLines)
	}
}

// writeCaseLine writes the line of one case: its verdict, id, notation
// and reason, and for a failure the command that replays its minimal
// case; a corpus case the reference fails gets a line of its own first.
func writeCaseLine(r *conform.Report, w io.Writer, res *conform.Result) {
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
	writeMinimalLine(r, w, res)
}

// writeProfiles writes how often each classic Betza profile
// (spec/classic.md) agrees with the implementation's answers, and the
// one that agrees most, if any does.
func writeProfiles(r *conform.Report, w io.Writer) {
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

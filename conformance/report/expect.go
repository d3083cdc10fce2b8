package report

import (
	"bufio"
	"fmt"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"io"
	"strings"
)

// WriteExpectations writes the run's divergences as an expectation file:
// one line per class of failures (its key, and its cause's words or a
// known reason), then a line per case for the other verdicts but pass and
// unsupported, keeping known reasons.
func WriteExpectations(w io.Writer, r *conform.Report, known conform.Expectations) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Known divergences of %s %s from the reference (betzacheck conform --expect).\n# class KEY # reason, or CASE-ID VERDICT # reason\n", r.Impl.Name, r.Impl.Version)
	for _, c := range triage.Classes(r) {
		reason := conform.CaseText(conform.MinimalOf(c.Smallest).Case)
		if c.Cause != nil {
			reason = c.Cause.Says + " (" + c.Cause.Clause + "); e.g. " + reason
		}
		if e, ok := known[conform.ClassPrefix+c.Key]; ok {
			reason = e.Reason
		}
		fmt.Fprintf(bw, "class %s # %s\n", c.Key, oneLine(reason))
	}
	for _, res := range r.Results {
		k := res.Verdict.Kind
		if k == conform.VerdictPass || k == conform.VerdictUnsupported || k == conform.VerdictFail {
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

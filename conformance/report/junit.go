package report

import (
	"encoding/xml"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"io"
	"strings"
)

// WriteJUnit writes JUnit XML: one test suite, a test case per kept result
// (Report.Results), a failure element for fail and error elements for
// error, timeout and crash; unsupported cases are skipped. Expected
// divergences are written as passing with a system-out note. A corpus
// case the reference fails is one more test case, of class
// betzacheck.reference, with a failure element.
func WriteJUnit(w io.Writer, r *conform.Report) error {
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
		case k == conform.VerdictFail:
			tc.Failure = &failure{Message: res.Verdict.Reason, Type: "fail", Text: text}
			s.Failures++
		case k == conform.VerdictUnsupported:
			tc.Skipped = &struct {
				Message string `xml:"message,attr"`
			}{res.Verdict.Reason}
			s.Skipped++
		case k != conform.VerdictPass:
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

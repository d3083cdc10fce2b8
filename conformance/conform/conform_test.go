package conform_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"strings"
	"testing"

	"betzacheck/conformance/conform"
	"betzacheck/conformance/protocol"
)

// lax answers every request with no moves, as a parser that skips what it
// does not understand would.
type lax struct{ dialects []string }

func (l lax) Hello() protocol.HelloReply {
	return protocol.HelloReply{Name: "lax", Version: "1", Protocol: 1, Dialects: l.dialects, Level: protocol.LevelDestinations}
}
func (lax) Do(req protocol.MovesRequest) protocol.Result {
	return protocol.Result{ID: req.ID, Kind: protocol.ResultOK, Reply: protocol.Reply{ID: req.ID, Outcomes: []protocol.WireOutcome{}}}
}
func (lax) Close() error { return nil }

// corpusCases are the corpus's cases adapted to an implementation that
// reads Betza 2.0, as conform does.
func corpusCases(t *testing.T) []*conform.Case {
	t.Helper()
	cases, err := conform.CorpusCases("../../corpus")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 100 {
		t.Fatalf("only %d corpus cases", len(cases))
	}
	conform.Adapt(cases, []string{protocol.DialectBetza2}, nil, nil)
	return cases
}

func TestReferencePassesItsCorpus(t *testing.T) {
	rep := conform.Run(context.Background(), conform.Reference{}, corpusCases(t), "")
	if rep.Failed() {
		var b bytes.Buffer
		rep.WriteText(&b, false, 3)
		t.Fatal(b.String())
	}
	if got := rep.Totals()["pass"]; got != len(rep.Results) {
		t.Errorf("%d of %d cases pass", got, len(rep.Results))
	}
}

func TestGeneratedCasesReplay(t *testing.T) {
	a, _ := conform.GeneratedCases(30, 42)
	b, _ := conform.GeneratedCases(30, 42)
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%d and %d cases", len(a), len(b))
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].Request != b[i].Request {
			t.Fatalf("case %d differs between two runs of one seed: %+v / %+v", i, a[i].Request, b[i].Request)
		}
	}
	rep := conform.Run(context.Background(), conform.Reference{}, a, "")
	if rep.Failed() {
		t.Errorf("the reference fails its own generated cases: %v", rep.Totals())
	}
}

// TestLaxImplementation: every verdict is accounted for, invalid notations
// answered with moves fail, and the reports agree with each other.
func TestLaxImplementation(t *testing.T) {
	cases := corpusCases(t)
	rep := conform.Run(context.Background(), lax{[]string{protocol.DialectBetza2}}, cases, "")
	tot := rep.Totals()
	sum := 0
	for _, n := range tot {
		sum += n
	}
	if sum != len(cases) || len(rep.Results) != len(cases) {
		t.Fatalf("%d verdicts for %d cases", sum, len(cases))
	}
	accepted := 0
	for _, r := range rep.Results {
		if strings.HasPrefix(r.Case.ID, "corpus/invalid/") {
			if r.Verdict.Kind != protocol.VerdictFail || !strings.Contains(r.Verdict.Reason, "accepted an invalid notation") {
				t.Errorf("%s: %v %s", r.Case.ID, r.Verdict.Kind, r.Verdict.Reason)
			}
			accepted++
		}
	}
	if accepted < 10 || !rep.Failed() {
		t.Errorf("%d invalid cases judged; failed=%v", accepted, rep.Failed())
	}

	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var decoded struct {
		Totals map[string]int `json:"totals"`
		Cases  []struct{ Verdict string }
	}
	if err := json.Unmarshal(js.Bytes(), &decoded); err != nil {
		t.Fatal(err)
	}
	if decoded.Totals["fail"] != tot["fail"] || len(decoded.Cases) != len(cases) {
		t.Errorf("JSON totals %v, text totals %v", decoded.Totals, tot)
	}

	var x bytes.Buffer
	if err := rep.WriteJUnit(&x); err != nil {
		t.Fatal(err)
	}
	var suite struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
	}
	if err := xml.Unmarshal(x.Bytes(), &suite); err != nil {
		t.Fatal(err)
	}
	if suite.Tests != len(cases) || suite.Failures != tot["fail"] {
		t.Errorf("JUnit tests=%d failures=%d, want %d and %d", suite.Tests, suite.Failures, len(cases), tot["fail"])
	}

	// Writing the divergences as expectations and applying them makes the
	// same run pass; dropping one makes it fail again.
	var exp bytes.Buffer
	if err := rep.WriteExpectations(&exp, nil); err != nil {
		t.Fatal(err)
	}
	known, err := conform.ParseExpectations(&exp)
	if err != nil {
		t.Fatal(err)
	}
	again := conform.Run(context.Background(), lax{[]string{protocol.DialectBetza2}}, corpusCases(t), "")
	again.Apply(known)
	if again.Failed() {
		t.Errorf("expected divergences still fail the run: stale %v", again.Stale)
	}
	passing := conform.Run(context.Background(), conform.Reference{}, corpusCases(t), "")
	passing.Apply(known)
	if len(passing.Stale) != len(known) {
		t.Errorf("%d stale expectations against a conforming implementation, want %d", len(passing.Stale), len(known))
	}
}

func TestAdapt(t *testing.T) {
	var valid, invalid []*conform.Case
	for _, c := range corpusCases(t) {
		if c.Invalid && len(invalid) < 2 {
			invalid = append(invalid, c)
		}
		if !c.Invalid && len(valid) < 4 {
			valid = append(valid, c)
		}
	}
	cases := append(append([]*conform.Case{}, valid...), invalid...)
	conform.Adapt(cases, []string{"betza-classic"}, func(d, s string) (string, error) {
		if s == valid[0].Betza2 {
			return "CLASSIC(" + s + ")", nil
		}
		return "", errors.New("no equivalent")
	}, func(d, s string) bool { return s == invalid[0].Betza2 })
	if valid[0].Request.Dialect != "betza-classic" || valid[0].Request.Notation != "CLASSIC("+valid[0].Betza2+")" || valid[0].Unsupported != "" {
		t.Errorf("case 0 not translated: %+v", valid[0].Request)
	}
	for _, c := range valid[1:] {
		if c.Betza2 != valid[0].Betza2 && c.Unsupported == "" {
			t.Errorf("%s: untranslatable case not marked unsupported", c.ID)
		}
	}
	// An invalid notation the dialect rejects too is sent as written; one
	// the dialect accepts cannot be asked.
	if invalid[0].Request.Dialect != "betza-classic" || invalid[0].Request.Notation != invalid[0].Betza2 || invalid[0].Unsupported != "" {
		t.Errorf("invalid case 0 not sent as written: %+v", invalid[0].Request)
	}
	if invalid[1].Unsupported == "" {
		t.Errorf("invalid case 1 valid in the dialect, yet asked: %+v", invalid[1].Request)
	}
	rep := conform.Run(context.Background(), lax{[]string{"betza-classic"}}, cases, "")
	for _, r := range rep.Results {
		if r.Case.Unsupported != "" && r.Verdict.Kind != protocol.VerdictUnsupported {
			t.Errorf("%s: %v, want unsupported", r.Case.ID, r.Verdict.Kind)
		}
		if r.Case == invalid[0] && r.Verdict.Kind != protocol.VerdictFail {
			t.Errorf("%s: lax answer to an invalid notation judged %v", r.Case.ID, r.Verdict.Kind)
		}
	}
}

func TestParseExpectationsErrors(t *testing.T) {
	for _, in := range []string{
		"a/b fail",             // no reason
		"a/b pass # fine",      // pass is not a divergence
		"a/b weird # reason",   // unknown verdict
		"a/b fail extra # why", // three fields
	} {
		if _, err := conform.ParseExpectations(strings.NewReader(in)); err == nil {
			t.Errorf("%q: accepted", in)
		}
	}
}

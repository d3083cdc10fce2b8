package conform_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/conform/conformtest"
	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/translate"
)

func TestReferencePassesItsCorpus(t *testing.T) {
	rep := conform.Run(context.Background(), conform.Reference{}, conformtest.CorpusCases(t, "../../corpus"), "")
	if rep.Failed() {
		var b bytes.Buffer
		report.WriteText(&b, rep, false, 3)
		t.Fatal(b.String())
	}
	// Every case passes but those no request can carry (CorpusCases).
	tot := rep.Totals()
	if tot["pass"]+tot["unsupported"] != len(rep.Results) {
		t.Errorf("%d of %d cases pass, %d unsupported", tot["pass"], len(rep.Results), tot["unsupported"])
	}
	unsent := []string{conform.NDUnsupported, conform.NoFormUnsupported, conform.BadSetupUnsupported, conform.EnPassantUnsupported}
	for _, r := range rep.Results {
		if slices.Contains(unsent, r.Verdict.Reason) != (r.Verdict.Kind == conform.VerdictUnsupported) {
			t.Errorf("%s (on %s): %v: %s", r.Case.ID, r.Case.Request.Board, r.Verdict.Kind, r.Verdict.Reason)
		}
	}
}

// TestEveryCorpusCaseIsACase: a run over the corpus has one result for
// each position of a valid file and each invalid file, none left out in
// silence, and the reference is judged on every one.
func TestEveryCorpusCaseIsACase(t *testing.T) {
	files, err := corpus.Load("../../corpus")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, f := range files {
		if f.Invalid {
			want["corpus/"+strings.TrimSuffix(f.Path, ".txtar")] = true
		}
		for _, c := range f.Cases {
			want["corpus/"+c.ID(f)] = true
		}
	}
	rep := conform.Run(context.Background(), conform.Reference{}, conformtest.CorpusCases(t, "../../corpus"), "")
	seen := map[string]int{}
	for _, r := range rep.Results {
		seen[r.Case.ID]++
		if !want[r.Case.ID] {
			t.Errorf("%s: a result for no case of the corpus", r.Case.ID)
		}
		if r.Reference == nil || r.Reference.Kind != conform.VerdictPass {
			t.Errorf("%s: reference verdict %+v, want pass", r.Case.ID, r.Reference)
		}
		if nd := r.Case.Pos != nil && r.Case.Pos.ND(); nd != (r.Verdict.Reason == conform.NDUnsupported) {
			t.Errorf("%s on %s: %v (%s)", r.Case.ID, r.Case.Request.Board, r.Verdict.Kind, r.Verdict.Reason)
		}
	}
	for id := range want {
		if seen[id] != 1 {
			t.Errorf("%s: %d results, want 1", id, seen[id])
		}
	}
	if ref := rep.ReferenceTotals(); ref["pass"] != len(want) {
		t.Errorf("reference %v, want %d passes", ref, len(want))
	}
}

// TestNDCases: a position on a board of more than two dimensions is a case
// of the run, never sent, unsupported because the protocol carries 2-D
// positions, while the reference is judged on it by its hand-checked
// lines through the Spanish direct evaluator (spec/spanish.md §S12.6): a
// wrong want: line fails the run as a REFERENCE FAIL, as on a 2-D case,
// and the reports (text, JSON and its merge, JUnit) carry the case.
// TestEveryCorpusCaseIsACase checks the corpus's own n-D cases.
func TestNDCases(t *testing.T) {
	dir := conformtest.WriteCorpus(t, "valid/spanish-nd/rook.txtar", `notation: D:1+
dialect: spanish
clauses: §S2.1 §S11.2
summary: a one-step orthogonal slider in 3-D.
-- corner --
board: 2x2x2
from: a1.1
why: three orthogonal neighbours; the line for a1.2 is deliberately wrong (b2.2 is a diagonal).
want:
b2.2 a1.1= b2.2=X
a2.1 a1.1= a2.1=X
b1.1 a1.1= b1.1=X
`)
	cases, err := conform.CorpusCases(dir)
	if err != nil || len(cases) != 1 {
		t.Fatalf("%d cases, %v", len(cases), err)
	}
	asked := 0
	rep := conform.Run(context.Background(), counting{conform.Reference{}, &asked}, cases, "")
	if asked != 0 {
		t.Errorf("the implementation was asked %d requests, want none", asked)
	}
	var b bytes.Buffer
	report.WriteText(&b, rep, true, 3)
	if !rep.Failed() {
		t.Errorf("a run over a wrong want: line of a 3-D case does not fail:\n%s", b.String())
	}
	for _, s := range []string{"REFERENCE FAIL", "corpus/valid/spanish-nd/rook/corner", "only in want:", "b2.2 a1.1= b2.2=X",
		"a1.2 a1.1= a1.2=X", "board 2x2x2 position 2/2//2/X*1 from a1.1", "UNSUPPORTED", conform.NDUnsupported,
		"1 cases: 0 pass, 0 fail, 1 unsupported", "reference: 0 pass, 1 fail"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("the report lacks %q:\n%s", s, b.String())
		}
	}
	var js bytes.Buffer
	if err := report.WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	back, err := report.ReadJSON(&js)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Failed() || back.ReferenceTotals()["fail"] != 1 || back.Totals()["unsupported"] != 1 {
		t.Errorf("read back: failed %v, reference %v, totals %v", back.Failed(), back.ReferenceTotals(), back.Totals())
	}
	suite, x := decodeJUnit(t, rep)
	if suite.Failures != 1 || len(suite.Cases) != 2 || suite.Cases[0].Classname != "betzacheck.reference" {
		t.Errorf("JUnit: %s", x)
	}
}

// counting is an implementation that counts the requests it is given.
type counting struct {
	conform.Impl
	asked *int
}

func (c counting) Do(req wire.MovesRequest) client.Result {
	*c.asked++
	return c.Impl.Do(req)
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

// pacer is the reference as an implementation that checks, on each
// request, that the run has taken exactly one case more than it has
// judged: cases are built as the run needs them, not beforehand.
type pacer struct {
	conform.Reference
	taken, asked *int
	t            *testing.T
}

func (p pacer) Do(req wire.MovesRequest) client.Result {
	*p.asked++
	if *p.taken != *p.asked {
		p.t.Errorf("request %d while %d cases were taken", *p.asked, *p.taken)
	}
	return p.Reference.Do(req)
}

// TestStream: Generate builds case i only when the run takes it, gives the
// cases GeneratedCasesIn gives, and a run keeps no passing result unless
// asked to, with the same counts either way.
func TestStream(t *testing.T) {
	const n, seed = 40, 7
	// A stream of 2^40 cases costs nothing until it is read.
	huge, err := conform.Generate(wire.HelloReply{Dialects: []string{"betza2"}}, 1<<40, seed)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := conform.GeneratedCasesIn("betza2", n, seed)
	i := 0
	for c := range huge {
		if i == len(want) {
			break
		}
		if c.ID != want[i].ID || c.Request != want[i].Request || c.Betza2 != want[i].Betza2 {
			t.Fatalf("case %d: %+v, GeneratedCasesIn gives %+v", i, c.Request, want[i].Request)
		}
		i++
	}

	gen, _ := conform.Generate(wire.HelloReply{Dialects: []string{"betza2"}}, n, seed)
	taken, asked := 0, 0
	counted := func(yield func(*conform.Case) bool) {
		for c := range gen {
			taken++
			if !yield(c) {
				return
			}
		}
	}
	rep := conform.Stream(context.Background(), pacer{taken: &taken, asked: &asked, t: t}, counted, conform.Options{})
	full := conform.Run(context.Background(), conform.Reference{}, want, "")
	if rep.Cases != len(want) || full.Cases != len(want) {
		t.Fatalf("%d and %d cases judged, want %d", rep.Cases, full.Cases, len(want))
	}
	if !maps.Equal(rep.Totals(), full.Totals()) || rep.Summary() != full.Summary() {
		t.Errorf("streamed %v, listed %v", rep.Summary(), full.Summary())
	}
	for _, r := range rep.Results {
		if r.Verdict.Kind == conform.VerdictPass {
			t.Errorf("%s: a passing result kept without KeepPasses", r.Case.ID)
		}
	}
	// Expectations given to Stream see the passing cases it does not keep.
	gen, _ = conform.Generate(wire.HelloReply{Dialects: []string{"betza2"}}, n, seed)
	exp := conform.Expectations{want[0].ID: {Verdict: "fail", Reason: "passes now"}, "gen/7/none": {Verdict: "crash", Reason: "no such case"}}
	stale := conform.Stream(context.Background(), conform.Reference{}, gen, conform.Options{Expect: exp})
	if len(stale.Stale) != 2 || !stale.Failed() {
		t.Errorf("stale expectations %q, want 2", stale.Stale)
	}
	// A stopped run takes no more cases: a huge stream ends at once, and
	// the report says why.
	huge, _ = conform.Generate(wire.HelloReply{Dialects: []string{"betza2"}}, 1<<40, seed)
	ctx, cancel := context.WithCancel(context.Background())
	taken, asked = 0, 0
	counted = func(yield func(*conform.Case) bool) {
		for c := range huge {
			taken++
			if taken == 4 {
				cancel()
			}
			if !yield(c) {
				return
			}
		}
	}
	stopped := conform.Stream(ctx, pacer{taken: &taken, asked: &asked, t: t}, counted, conform.Options{})
	if stopped.Cases != 3 || taken != 4 || !stopped.Failed() || !strings.Contains(stopped.Summary(), "; INTERRUPTED: run stopped: context canceled") {
		t.Errorf("stopped after %d cases judged, %d taken: %s", stopped.Cases, taken, stopped.Summary())
	}
	// A case whose answer was cut off by the stop (result stopped) is the
	// last one taken, even if the run's context says nothing.
	gen, _ = conform.Generate(wire.HelloReply{Dialects: []string{"betza2"}}, n, seed)
	taken = 0
	counted = func(yield func(*conform.Case) bool) {
		for c := range gen {
			taken++
			if !yield(c) {
				return
			}
		}
	}
	cut := conform.Stream(context.Background(), &stopsAt{2}, counted, conform.Options{})
	if cut.Cases != 2 || taken != 2 || !cut.Interrupted() || cut.Stopped != "run stopped: run interrupted" || cut.Broken() {
		t.Errorf("cut off at case 2: %d cases judged, %d taken, stopped %q, broken %v", cut.Cases, taken, cut.Stopped, cut.Broken())
	}
	if len(full.Results) != len(want) {
		t.Errorf("Run kept %d of %d results", len(full.Results), len(want))
	}
	for _, r := range full.Results {
		if r.Verdict.Kind == conform.VerdictPass && (r.Got.Reply.Outcomes != nil || r.Want.Outcomes != nil) {
			t.Errorf("%s: a passing result keeps its answers", r.Case.ID)
		}
	}
}

// TestLaxImplementation: every verdict is accounted for, invalid notations
// answered with moves fail, and the reports agree with each other.
func TestLaxImplementation(t *testing.T) {
	cases := conformtest.CorpusCases(t, "../../corpus")
	rep := conform.Run(context.Background(), conformtest.Lax{Dialects: []string{dialect.Betza2}}, cases, "")
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
			if r.Verdict.Kind != conform.VerdictFail || !strings.Contains(r.Verdict.Reason, "accepted an invalid notation") {
				t.Errorf("%s: %v %s", r.Case.ID, r.Verdict.Kind, r.Verdict.Reason)
			}
			accepted++
		}
	}
	if accepted < 10 || !rep.Failed() {
		t.Errorf("%d invalid cases judged; failed=%v", accepted, rep.Failed())
	}

	var js bytes.Buffer
	if err := report.WriteJSON(&js, rep); err != nil {
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

	suite, _ := decodeJUnit(t, rep)
	if suite.Tests != len(cases) || suite.Failures != tot["fail"] {
		t.Errorf("JUnit tests=%d failures=%d, want %d and %d", suite.Tests, suite.Failures, len(cases), tot["fail"])
	}

	// Writing the divergences as expectations and applying them makes the
	// same run pass; dropping one makes it fail again.
	var exp bytes.Buffer
	if err := report.WriteExpectations(&exp, rep, nil); err != nil {
		t.Fatal(err)
	}
	first := exp.String()
	known, err := conform.ParseExpectations(&exp)
	if err != nil {
		t.Fatal(err)
	}
	// Rewritten with the known entries, the file does not change: a
	// known reason is kept as written.
	var rewritten bytes.Buffer
	if err := report.WriteExpectations(&rewritten, rep, known); err != nil {
		t.Fatal(err)
	}
	if rewritten.String() != first {
		t.Errorf("rewriting the expectations changed them:\n%s\nwant\n%s", rewritten.String(), first)
	}
	again := conform.Run(context.Background(), conformtest.Lax{Dialects: []string{dialect.Betza2}}, conformtest.CorpusCases(t, "../../corpus"), "")
	again.Apply(known)
	triage.ApplyClasses(again, known)
	if again.Failed() {
		t.Errorf("expected divergences still fail the run: stale %v", again.Stale)
	}
	passing := conform.Run(context.Background(), conform.Reference{}, conformtest.CorpusCases(t, "../../corpus"), "")
	passing.Apply(known)
	triage.ApplyClasses(passing, known)
	if len(passing.Stale) != len(known) {
		t.Errorf("%d stale expectations against a conforming implementation, want %d", len(passing.Stale), len(known))
	}
}

// TestAdapt: for an implementation that reads classic Betza only, a
// case with a classic equivalent is sent translated, one without is
// unsupported with the translator's reason; an invalid notation that
// classic Betza rejects too is sent as written, one that classic Betza
// reads (NN is the nightrider there, §C2.2) cannot be asked.
func TestAdapt(t *testing.T) {
	s, err := board.ParseSetup("8x8", "3p4/8/3P4/8/3X4/8/8/3r4", "d4", "")
	if err != nil {
		t.Fatal(err)
	}
	translated := conform.NewCase("hopper", nil, "mRpR-cR", s)
	untranslated := conform.NewCase("chain", nil, "W-W", s)
	rejected := conform.NewCase("rejected", nil, "pW", s)
	readable := conform.NewCase("readable", nil, "NN", s)
	rejected.Invalid, readable.Invalid = true, true
	cases := []*conform.Case{translated, untranslated, rejected, readable}
	conform.Adapt(cases, wire.HelloReply{Dialects: []string{dialect.Classic}})
	if r := translated.Request; r.Dialect != dialect.Classic || r.Notation != "mRcpR" || translated.Unsupported != "" {
		t.Errorf("mRpR-cR not translated: %+v %q", r, translated.Unsupported)
	}
	if !strings.Contains(untranslated.Unsupported, "no equivalent in betza-classic") {
		t.Errorf("W-W: unsupported %q, want the reason it has no classic equivalent", untranslated.Unsupported)
	}
	if r := rejected.Request; r.Dialect != dialect.Classic || r.Notation != "pW" || rejected.Unsupported != "" {
		t.Errorf("pW not sent as written: %+v %q", r, rejected.Unsupported)
	}
	if readable.Unsupported != `"NN" is valid in betza-classic` {
		t.Errorf("NN valid in classic Betza, yet: %+v %q", readable.Request, readable.Unsupported)
	}
	// oW breaks §9.7 in Betza 2.0, while XBetza reads it (a cylinder
	// wazir) and only has no equivalent for it: not a rejection, so the
	// case cannot be asked of an XBetza implementation.
	cylinder := conform.NewCase("cylinder", nil, "oW", s)
	cylinder.Invalid = true
	conform.Adapt([]*conform.Case{cylinder}, wire.HelloReply{Dialects: []string{dialect.XBetza}})
	if cylinder.Unsupported != `"oW" is valid in xbetza` {
		t.Errorf("oW is read by XBetza, yet: %+v %q", cylinder.Request, cylinder.Unsupported)
	}
	rep := conform.Run(context.Background(), conformtest.Lax{Dialects: []string{dialect.Classic}}, cases, "")
	for _, r := range rep.Results {
		if r.Case.Unsupported != "" && r.Verdict.Kind != conform.VerdictUnsupported {
			t.Errorf("%s: %v, want unsupported", r.Case.ID, r.Verdict.Kind)
		}
		if r.Case == rejected && r.Verdict.Kind != conform.VerdictFail {
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

// junitSuite is what the tests read of a JUnit report.
type junitSuite struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Cases    []struct {
		Name      string    `xml:"name,attr"`
		Classname string    `xml:"classname,attr"`
		Failure   *struct{} `xml:"failure"`
	} `xml:"testcase"`
}

// decodeJUnit writes rep as JUnit XML and reads it back.
func decodeJUnit(t *testing.T, rep *conform.Report) (junitSuite, string) {
	t.Helper()
	var x bytes.Buffer
	if err := report.WriteJUnit(&x, rep); err != nil {
		t.Fatal(err)
	}
	var suite junitSuite
	if err := xml.Unmarshal(x.Bytes(), &suite); err != nil {
		t.Fatal(err)
	}
	return suite, x.String()
}

// parrot answers every request with the outcomes of fixed want: lines, at
// level effects: an implementation that agrees with the corpus where the
// reference does not.
type parrot struct{ lines []string }

func (parrot) Hello() wire.HelloReply {
	return wire.HelloReply{Name: "parrot", Version: "1", Protocol: 1, Dialects: []string{dialect.Betza2}, Level: wire.LevelEffects}
}
func (p parrot) Do(req wire.MovesRequest) client.Result {
	s, err := req.Setup()
	if err != nil {
		panic(err)
	}
	var outs []eval.Outcome
	for _, l := range p.lines {
		o, err := eval.ParseKey(l)
		if err != nil {
			panic(err)
		}
		outs = append(outs, o)
	}
	return client.Result{ID: req.ID, Kind: client.ResultOK,
		Reply: wire.Reply{ID: req.ID, Outcomes: wire.OutcomesOf(outs, s, wire.LevelEffects)}}
}
func (parrot) Close() error { return nil }

// TestCorpusIsTheOracle: every run over the corpus judges the reference by
// the hand-checked want: lines, whatever the implementation, and judges
// the implementation by them too. With one wrong want: line, the
// reference judged against itself fails the run, and the report names the
// case and the reference; an implementation that answers what the line
// says passes, while the reference's failure is reported on its own and
// still fails the run.
func TestCorpusIsTheOracle(t *testing.T) {
	dir := conformtest.WrongCorpus(t)
	cases, err := conform.CorpusCases(dir)
	if err != nil || len(cases) != 1 {
		t.Fatalf("%d cases, %v", len(cases), err)
	}
	rep := conform.Run(context.Background(), conform.Reference{}, cases, "")
	var b bytes.Buffer
	report.WriteText(&b, rep, false, 3)
	if !rep.Failed() {
		t.Errorf("a run over a wrong want: line does not fail:\n%s", b.String())
	}
	for _, s := range []string{"REFERENCE FAIL", "corpus/valid/w/centre", "a1 a1=X b2=", "reference: 0 pass, 1 fail"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("the report lacks %q:\n%s", s, b.String())
		}
	}
	if r := rep.Results[0]; r.Verdict.Kind != conform.VerdictFail || !r.ReferenceFailed() {
		t.Errorf("the reference as implementation: %v, reference verdict %+v; want fail and fail", r.Verdict.Kind, r.Reference)
	}

	// An implementation that gives the want: lines' outcomes passes; the
	// reference's failure is counted apart from its verdicts.
	lines := []string{"a1 a1=X b2=", "a2 a2=X b2=", "b3 b2= b3=X", "c2 b2= c2=X"}
	cases, _ = conform.CorpusCases(dir)
	rep = conform.Run(context.Background(), parrot{lines}, cases, "")
	if tot, ref := rep.Totals(), rep.ReferenceTotals(); tot["pass"] != 1 || ref["fail"] != 1 || !rep.Failed() {
		t.Errorf("totals %v, reference %v, failed %v; want 1 pass, 1 reference fail, failed", tot, ref, rep.Failed())
	}
	var js bytes.Buffer
	if err := report.WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var decoded struct {
		Failed    bool           `json:"failed"`
		Reference map[string]int `json:"reference"`
		Cases     []struct {
			Verdict   string `json:"verdict"`
			Reference struct{ Verdict, Diff string }
		} `json:"cases"`
	}
	if err := json.Unmarshal(js.Bytes(), &decoded); err != nil {
		t.Fatal(err)
	}
	if !decoded.Failed || decoded.Reference["fail"] != 1 || len(decoded.Cases) != 1 ||
		decoded.Cases[0].Verdict != "pass" || decoded.Cases[0].Reference.Verdict != "fail" || !strings.Contains(decoded.Cases[0].Reference.Diff, "a1 a1=X b2=") {
		t.Errorf("JSON: %s", js.String())
	}
	suite, x := decodeJUnit(t, rep)
	if suite.Tests != 2 || suite.Failures != 1 || len(suite.Cases) != 2 || suite.Cases[0].Classname != "betzacheck.reference" ||
		suite.Cases[0].Failure == nil || suite.Cases[1].Failure != nil {
		t.Errorf("JUnit: %s", x)
	}

	// Against a correct corpus the reference passes on its own count.
	rep = conform.Run(context.Background(), conform.Reference{}, conformtest.CorpusCases(t, "../../corpus"), "")
	if ref := rep.ReferenceTotals(); ref["pass"] != rep.Cases || ref["fail"] != 0 || rep.Failed() {
		t.Errorf("reference %v over %d corpus cases", ref, rep.Cases)
	}
}

// pathsParrot is parrot declaring level paths, as an implementation that
// reports the squares each path visits would.
type pathsParrot struct{ parrot }

func (pathsParrot) Hello() wire.HelloReply {
	h := parrot{}.Hello()
	h.Level = wire.LevelPaths
	return h
}

// TestCorpusPathsOverBudget: at level paths a corpus case takes its paths
// from the reference, but where the reference's paths search runs out of
// budget (every walk of (aK)12 on 2x2 is a path of its own: 3^12 of them)
// the hand-checked lines still judge the case, at level effects, rather
// than leaving it unsupported.
func TestCorpusPathsOverBudget(t *testing.T) {
	dir := conformtest.WriteCorpus(t, "valid/ak12.txtar", `notation: (aK)12
clauses: §5.1
summary: twelve king steps.
-- corner --
board: 2x2
from: a1
why: on 2x2 every square is a king step from every other, so twelve steps end on any square, a1 included.
want:
a1 a1=X
a2 a1= a2=X
b1 a1= b1=X
b2 a1= b2=X
`)
	cases, err := conform.CorpusCases(dir)
	if err != nil || len(cases) != 1 {
		t.Fatalf("%d cases, %v", len(cases), err)
	}
	impl := pathsParrot{parrot{[]string{"a1 a1=X", "a2 a1= a2=X", "b1 a1= b1=X", "b2 a1= b2=X"}}}
	rep := conform.Run(context.Background(), impl, cases, "")
	if r := rep.Results[0]; r.Verdict.Kind != conform.VerdictPass || r.Reference == nil || r.Reference.Kind != conform.VerdictPass {
		t.Errorf("verdict %v (%s), reference %+v; want pass and pass", r.Verdict.Kind, r.Verdict.Reason, r.Reference)
	}
}

// stopsAt is the reference until its n-th request, which it ends as a
// client does when the run is stopped with that request in flight.
type stopsAt struct{ n int }

func (*stopsAt) Hello() wire.HelloReply { return conform.Reference{}.Hello() }
func (s *stopsAt) Do(req wire.MovesRequest) client.Result {
	if s.n--; s.n == 0 {
		return client.Result{ID: req.ID, Kind: client.ResultStopped, Detail: "run interrupted"}
	}
	return conform.Reference{}.Do(req)
}
func (*stopsAt) Close() error { return nil }

// TestGenerateDialect: generated cases are written in Betza 2.0 when the
// implementation reads it, else in the first dialect with a grammar that
// it declares, a classic entry with its profile.
func TestGenerateDialect(t *testing.T) {
	for _, c := range []struct {
		dialects []string
		want     string
	}{
		{[]string{"betza-classic", "betza2"}, "betza2"},
		{[]string{"xbetza", "betza-classic"}, "betza-classic"},
		{[]string{"xbetza", "betza-classic:fairy-stockfish"}, "betza-classic:fairy-stockfish"},
		{[]string{"xbetza"}, "xbetza"},
		{[]string{"bracket", "xbetza"}, "xbetza"},
		{[]string{"spanish"}, "betza2"},
	} {
		if got := conform.GenerateDialect(c.dialects); got != c.want {
			t.Errorf("GenerateDialect(%q) = %q, want %q", c.dialects, got, c.want)
		}
	}
}

// TestGenerateFits: --generate N yields N cases that fit the declared
// capabilities (spec/protocol.md P2.6): the declared dialect entry, only
// the declared characters, boards within maxBoard, only the mover (white,
// unmarked), and answers that do not depend on '*'; a classic profile
// is the reading the cases are judged by.
func TestGenerateFits(t *testing.T) {
	no := false
	h := wire.HelloReply{Name: "tpl", Protocol: 2, Level: wire.LevelDestinations, Dialects: []string{"betza-classic:fairy-stockfish"},
		MaxBoard: "5x4", Occupied: &no, Colours: &no, Unmoved: &no, Validates: &no, Characters: "WFDNRBfbrlvsmci0123456789"}
	const n = 300
	cases, err := conform.Generate(h, n, 7)
	if err != nil {
		t.Fatal(err)
	}
	got, withI := 0, 0
	for c := range cases {
		got++
		if c.Unsupported != "" {
			t.Errorf("%s: unsupported: %s", c.ID, c.Unsupported)
			continue
		}
		if err := h.Supports(c.Request); err != nil {
			t.Errorf("%s: %v", c.ID, err)
		}
		if c.Request.Dialect != "betza-classic:fairy-stockfish" {
			t.Errorf("%s: dialect %q", c.ID, c.Request.Dialect)
		}
		prog, err := translate.ToBetza2("betza-classic:fairy-stockfish", c.Request.Notation)
		if err != nil || prog.Source() != c.Betza2 {
			t.Errorf("%s: %q is %q under the profile, the case says %q (%v)", c.ID, c.Request.Notation, prog.Source(), c.Betza2, err)
		}
		if strings.Contains(c.Request.Notation, "i") {
			withI++
		}
	}
	if got != n {
		t.Errorf("%d cases, want %d", got, n)
	}
	// i makes a move depend on '*' on an empty board: such cases are
	// drawn again, those kept have i where it decides nothing (ciW).
	t.Logf("%d of %d notations have an i", withI, n)
}

// TestAdaptCapabilities: an invalid notation is not sent to an
// implementation that does not validate; for one that does not read '*'
// the marks come off when they decide nothing, and a case they decide
// is unsupported.
func TestAdaptCapabilities(t *testing.T) {
	no := false
	h := wire.HelloReply{Name: "tpl", Dialects: []string{dialect.Betza2}, Validates: &no, Unmoved: &no, Level: wire.LevelDestinations}
	marked, err := board.ParseSetup("5x5", "5/5/2X*2/5/1p*3", "c3", "")
	if err != nil {
		t.Fatal(err)
	}
	invalid := conform.NewCase("invalid", nil, "mRpR-", marked)
	invalid.Invalid = true
	plain := conform.NewCase("plain", nil, "W", marked)
	initial := conform.NewCase("initial", nil, "iW", marked)
	conform.Adapt([]*conform.Case{invalid, plain, initial}, h)
	if !strings.Contains(invalid.Unsupported, "does not validate notations (validates: false)") {
		t.Errorf("invalid: %q", invalid.Unsupported)
	}
	if plain.Unsupported != "" || plain.Request.Position != "5/5/2X2/5/1p3" || strings.Contains(plain.Setup.String(), "*") {
		t.Errorf("plain: %q %q", plain.Unsupported, plain.Request.Position)
	}
	if !strings.Contains(initial.Unsupported, "depends on the '*' marker") {
		t.Errorf("initial: %q", initial.Unsupported)
	}
}

// TestAnsweredCounts: the report counts the generated cases and those
// the implementation answered, and the profile agreements count answered
// cases only (an "unsupported" reply says nothing of a profile).
func TestAnsweredCounts(t *testing.T) {
	cases, err := conform.Generate(wire.HelloReply{Dialects: []string{dialect.Classic}}, 40, 3)
	if err != nil {
		t.Fatal(err)
	}
	rep := conform.Stream(context.Background(), picky{}, cases, conform.Options{KeepPasses: true})
	want := 0
	for _, res := range rep.Results {
		if res.Verdict.Kind != conform.VerdictUnsupported {
			want++
		}
	}
	if rep.Generated != 40 || rep.Answered != want || want == 0 || want == 40 {
		t.Fatalf("generated %d, answered %d, want 40 and %d (a mix)", rep.Generated, rep.Answered, want)
	}
	for _, p := range rep.Profiles() {
		if p.Cases != want {
			t.Errorf("profile %s over %d cases, want the %d answered", p.Profile, p.Cases, want)
		}
	}
	if s := rep.Summary(); !strings.Contains(s, fmt.Sprintf("%d of 40 generated cases answered", want)) {
		t.Errorf("summary: %s", s)
	}
}

// picky reads classic Betza, answers "unsupported" to a notation with a
// modifier, and no moves to the rest.
type picky struct{}

func (picky) Hello() wire.HelloReply {
	return wire.HelloReply{Name: "picky", Version: "1", Protocol: 2, Dialects: []string{dialect.Classic}, Level: wire.LevelDestinations}
}
func (picky) Do(req wire.MovesRequest) client.Result {
	r := wire.Reply{ID: req.ID, Outcomes: []wire.Outcome{}}
	if strings.ContainsAny(req.Notation, "fbrlvshmcpgnije") {
		r = wire.Reply{ID: req.ID, Error: &wire.ErrorReply{Kind: wire.KindUnsupported, Message: "modifiers"}}
	}
	kind := client.ResultOK
	if r.Error != nil {
		kind = client.ResultError
	}
	return client.Result{ID: req.ID, Kind: kind, Reply: r}
}
func (picky) Close() error { return nil }

// TestGenerateInvalid: for an implementation that validates notations,
// about one generated case in ten is a notation its dialect rejects with
// a located error, judged by that error (the reference passes it); for
// one that does not, none is.
func TestGenerateInvalid(t *testing.T) {
	for _, d := range []string{dialect.Betza2, dialect.Classic, dialect.XBetza, dialect.Bracket} {
		cases, err := conform.GeneratedCasesIn(d, 300, 5)
		if err != nil {
			t.Fatal(err)
		}
		invalid := 0
		for _, c := range cases {
			if !c.Invalid {
				continue
			}
			invalid++
			if _, err := translate.ToBetza2(d, c.Request.Notation); err == nil {
				t.Errorf("%s: %s %q is read", c.ID, d, c.Request.Notation)
			}
		}
		if invalid < 10 || invalid > 60 {
			t.Errorf("%s: %d invalid cases of 300, want about 30", d, invalid)
		}
		rep := conform.Run(context.Background(), conform.Reference{}, cases, "")
		if n := rep.Totals()["pass"]; n != 300 {
			t.Errorf("%s: the reference passes %d of 300", d, n)
		}
	}
	no := false
	for _, h := range []wire.HelloReply{
		{Dialects: []string{dialect.Betza2}, Validates: &no},
		// This profile skips every character it does not know: it has
		// no invalid notation, and every case is a valid one.
		{Dialects: []string{"betza-classic:fairy-stockfish"}},
	} {
		cases, err := conform.Generate(h, 300, 5)
		if err != nil {
			t.Fatal(err)
		}
		for c := range cases {
			if c.Invalid || c.Unsupported != "" {
				t.Fatalf("%v: %s: invalid %v, unsupported %q", h.Dialects, c.ID, c.Invalid, c.Unsupported)
			}
		}
	}
}

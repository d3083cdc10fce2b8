package htmlreport

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/golden"
	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// fake is an implementation under test as a test double: it answers each
// request with answer, at level.
type fake struct {
	name, level string
	answer      func(req wire.MovesRequest) client.Result
}

func (f *fake) Hello() wire.HelloReply {
	return wire.HelloReply{Name: f.name, Version: "0.9", Protocol: wire.Version,
		Dialects: []string{dialect.Betza2}, Level: f.level}
}
func (f *fake) Do(req wire.MovesRequest) client.Result {
	r := f.answer(req)
	r.ID = req.ID
	return r
}
func (f *fake) Close() error { return nil }

// ok wraps a reply as a result.
func ok(r wire.Reply) client.Result {
	kind := client.ResultOK
	if r.Error != nil {
		kind = client.ResultError
	}
	return client.Result{Kind: kind, Reply: r}
}

// withoutCaptures is the reference's reply without the outcomes that
// capture: an implementation that has not learnt c (and x).
func withoutCaptures(req wire.MovesRequest, level string) wire.Reply {
	r := server.AnswerAt(req, level)
	var keep []wire.Outcome
	for _, o := range r.Outcomes {
		if !o.Capture {
			keep = append(keep, o)
		}
	}
	if r.Error == nil && keep == nil {
		keep = []wire.Outcome{}
	}
	r.Outcomes = keep
	return r
}

func newCase(t *testing.T, id, notation, size, placement, from string, clauses ...string) *conform.Case {
	t.Helper()
	s, err := board.ParseSetup(size, placement, from, "")
	if err != nil {
		t.Fatal(err)
	}
	return conform.NewCase(id, clauses, notation, s)
}

// syntheticReport is a small run that has every kind of section: a pass,
// failures with diagrams (missed captures, missed burns, an invalid
// notation accepted), an error reply, a timeout, an unsupported case, an
// expected divergence and a stale expectation.
func syntheticReport(t *testing.T) *conform.Report {
	cases := []*conform.Case{
		newCase(t, "corpus/valid/w/empty", "W", "3x3", "3/1X*1/3", "b2", "§1.1", "§4.4"),
		newCase(t, "corpus/valid/cannon/screen", "mRpR-cR", "5x5", "2r2/5/2P2/5/2X2", "c1", "§4.2", "§3.4"),
		newCase(t, "corpus/valid/fire-demon/burn", "mcB-xaK", "6x6", "6/6/3p1p/4P1/3p2/X*5", "a1", "§3.8"),
		newCase(t, "corpus/invalid/dash", "W-", "8x8", "8/8/8/8/3X*4/8/8/8", "d4", "§9.4"),
		newCase(t, "gen/7/4", "mfW", "4x4", "4/4/1X2/4", "b2", "generated"),
		newCase(t, "gen/7/3", "K", "4x4", "4/1p2/1X2/4", "b2", "generated"),
		newCase(t, "gen/7/5", "N", "20x2", "20/X19", "a1", "generated"),
	}
	// A case translated into another dialect shows both notations.
	cases[4].Request.Notation = "fmW"
	// A corpus case whose want: line is wrong (the wazir cannot reach a3
	// from a1): the reference fails it, and the implementation, right as
	// it is, is judged by the corpus.
	f, err := corpus.Parse("valid/wazir.txtar", []byte("notation: W\nclauses: §1.1\nsummary: the wazir.\n"+
		"-- corner --\nboard: 3x3\nfrom: a1\nwhy: deliberately wrong.\nwant:\na2 a1= a2=X\na3 a1= a3=X\n"))
	if err != nil {
		t.Fatal(err)
	}
	wrong := newCase(t, "corpus/valid/wazir/corner", "W", "3x3", "3/3/X*2", "a1", "§1.1")
	wrong.File, wrong.Pos = f, f.Cases[0]
	cases = slices.Insert(cases, 1, wrong)
	impl := &fake{name: "toy", level: wire.LevelEffects, answer: func(req wire.MovesRequest) client.Result {
		switch req.Notation {
		case "W-":
			return ok(wire.Reply{Outcomes: []wire.Outcome{}}) // accepts it: no moves
		case "K":
			return ok(wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: "king not implemented"}})
		case "fmW":
			return client.Result{Kind: client.ResultTimeout, Detail: "no reply within 5s"}
		case "N":
			return ok(wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindUnsupported, Message: "boards up to 16x16"}})
		}
		return ok(withoutCaptures(req, wire.LevelEffects))
	}}
	rep := conform.Run(context.Background(), impl, cases, "")
	triage.Shrink(context.Background(), impl, rep, triage.ShrinkOptions{Budget: triage.DefaultShrinkBudget, Impl: syntheticOptions.Impl})
	rep.Apply(conform.Expectations{
		"corpus/invalid/dash": {Verdict: "fail", Reason: "toy skips what it does not read"},
		"corpus/valid/gone":   {Verdict: "crash", Reason: "a case since removed"},
	})
	// Three unsolicited lines, two of them quoted.
	rep.Unsolicited = 3
	rep.UnsolicitedLines = []client.Unsolicited{{After: 0, Line: `"{\"id\":0,\"name\":\"toy\"}"`}, {After: 99, Line: `"debug: done"`}}
	return rep
}

// TestVerdictWord: the page's headline says FAILED for a failed run,
// UNDECIDED for a run in which every case was unsupported (it decided
// nothing, spec/protocol.md P6.7), and PASSED otherwise; unsolicited
// lines get a section of their own.
func TestVerdictWord(t *testing.T) {
	unsupported := &fake{name: "none", level: wire.LevelEffects, answer: func(wire.MovesRequest) client.Result {
		return ok(wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindUnsupported, Message: "nothing implemented"}})
	}}
	passing := &fake{name: "ref", level: wire.LevelEffects, answer: func(req wire.MovesRequest) client.Result {
		return ok(server.AnswerAt(req, wire.LevelEffects))
	}}
	cases := func() []*conform.Case {
		return []*conform.Case{newCase(t, "gen/7/3", "K", "4x4", "4/1p2/1X2/4", "b2", "generated")}
	}
	for _, tc := range []struct {
		rep  *conform.Report
		want string
	}{
		{syntheticReport(t), `class="result failed" data-failed="true">FAILED:`},
		{conform.Run(context.Background(), unsupported, cases(), ""), `class="result undecided" data-failed="false">UNDECIDED:`},
		{conform.Run(context.Background(), passing, cases(), ""), `class="result passed" data-failed="false">PASSED:`},
	} {
		var b bytes.Buffer
		if err := Write(&b, tc.rep, Options{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s: the page lacks %q", tc.rep.Summary(), tc.want)
		}
	}
	var b bytes.Buffer
	if err := Write(&b, syntheticReport(t), Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<section id="unsolicited" data-unsolicited="3">`, `after the handshake: &#34;{\&#34;id\&#34;:0`, `after request 99: &#34;debug: done&#34;`, `and 1 more`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

var syntheticOptions = Options{Impl: "./toy --strict", Corpus: "corpus/", Level: "", MaxFailures: 5}

func TestGolden(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, syntheticReport(t), syntheticOptions); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "synthetic.html.golden", b.Bytes())
}

func TestDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	if err := Write(&a, syntheticReport(t), syntheticOptions); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, syntheticReport(t), syntheticOptions); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two writes of the same report differ")
	}
}

// TestSelfContained checks that the page asks for nothing: no script, no
// stylesheet or image by URL, no link out. The only URL is the SVG
// namespace, which is a name, not a request.
func TestSelfContained(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, syntheticReport(t), syntheticOptions); err != nil {
		t.Fatal(err)
	}
	page := strings.ReplaceAll(b.String(), `xmlns="http://www.w3.org/2000/svg"`, "")
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)<script`),
		regexp.MustCompile(`(?i)<link`),
		regexp.MustCompile(`(?i)<img`),
		regexp.MustCompile(`(?i)@import`),
		regexp.MustCompile(`(?i)url\(`),
		regexp.MustCompile(`(?i)\bsrc=`),
		regexp.MustCompile(`(?i)href="[^#]`),
		regexp.MustCompile(`(?i)https?:`),
	} {
		if loc := bad.FindStringIndex(page); loc != nil {
			t.Errorf("page has %q: %s", bad, page[max(loc[0]-60, 0):min(loc[1]+60, len(page))])
		}
	}
}

// TestStructure reads the synthetic page back: counts, sections, sides,
// replay commands.
func TestStructure(t *testing.T) {
	rep := syntheticReport(t)
	var b bytes.Buffer
	if err := Write(&b, rep, syntheticOptions); err != nil {
		t.Fatal(err)
	}
	dom := parseDOM(t, b.String())
	checkAgainstReport(t, dom, jsonOf(t, rep), syntheticOptions.MaxFailures)
	want := map[string][]string{
		"corpus/valid/cannon/screen": {"betzacheck conform --impl './toy --strict' corpus/",
			"betzacheck moves --board 5x5 --position 2r2/5/2P2/5/2X2 --from c1 mRpR-cR"},
		"gen/7/4": {"betzacheck conform --impl './toy --strict' --generate 5 --seed 7",
			"betzacheck moves --board 4x4 --position 4/4/1X2/4 --from b2 mfW"},
	}
	for _, f := range dom.failures {
		for _, cmd := range want[f.id] {
			if !strings.Contains(f.body, "<code>"+htmlEscape(cmd)+"</code>") {
				t.Errorf("%s: no replay command %q", f.id, cmd)
			}
		}
	}
	if !strings.Contains(b.String(), "(Betza 2.0: <code>mfW</code>)") {
		t.Error("the translated case does not show its Betza 2.0 notation")
	}
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "'", "&#39;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(s)
}

// TestPageSize: the page of 2,000 generated cases, half of them failing,
// stays under 500 KB (issue 26: 1.7 MB before): every failure is listed
// under its class, and only DefaultMaxFailures of them are drawn.
func TestPageSize(t *testing.T) {
	if testing.Short() {
		t.Skip("judges 2,000 cases")
	}
	noCaptures := &fake{name: "no-captures", level: wire.LevelDestinations, answer: func(req wire.MovesRequest) client.Result {
		return ok(withoutCaptures(req, wire.LevelDestinations))
	}}
	cases, err := conform.GeneratedCases(2000, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rep := conform.Run(ctx, noCaptures, cases, "")
	triage.Diagnose(ctx, noCaptures, rep, triage.Options{ShrinkOptions: triage.ShrinkOptions{Budget: triage.DefaultShrinkBudget}})
	var b bytes.Buffer
	if err := Write(&b, rep, Options{Impl: "./no-captures"}); err != nil {
		t.Fatal(err)
	}
	fails := rep.Totals()["fail"]
	t.Logf("%d failures in %d classes: %d bytes", fails, len(triage.Classes(rep)), b.Len())
	if fails < 300 {
		t.Fatalf("%d failures: the test needs many", fails)
	}
	if n := strings.Count(b.String(), `<li class="member"`); n != fails {
		t.Errorf("%d members listed for %d failures", n, fails)
	}
	if b.Len() > 500<<10 {
		t.Errorf("the page takes %d bytes, more than 500 KB", b.Len())
	}
}

// TestClausesCited: every clause the page cites links to its entry in the
// appendix "Clauses cited", which holds each cited clause once with its
// text, and nothing else; a file read without a server keeps its links.
func TestClausesCited(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, syntheticReport(t), syntheticOptions); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	main, appendix, ok := strings.Cut(page, `<section id="clauses-cited"`)
	if !ok {
		t.Fatal("the page has no appendix of the clauses cited")
	}
	links := regexp.MustCompile(`<a class="clause" href="#(clause-[^"]+)">(§[^<]+)</a>`)
	cited := map[string]bool{}
	for _, m := range links.FindAllStringSubmatch(main, -1) {
		cited[m[1]] = true
		if "clause-"+strings.TrimPrefix(m[2], "§") != m[1] {
			t.Errorf("%s links to #%s", m[2], m[1])
		}
	}
	for _, want := range []string{"clause-9.4", "clause-1.1", "clause-3.8", "clause-4.2"} {
		if !cited[want] {
			t.Errorf("the page does not link %s", want)
		}
	}
	entries := regexp.MustCompile(`<dt id="(clause-[^"]+)">`).FindAllStringSubmatch(appendix, -1)
	if len(entries) != len(cited) {
		t.Errorf("the appendix has %d entries, the page cites %d clauses", len(entries), len(cited))
	}
	for _, m := range entries {
		if !cited[m[1]] {
			t.Errorf("the appendix lists %s, which the page does not cite", m[1])
		}
	}
	if !strings.Contains(appendix, "<code>x</code>: eruption at the start of the leg that carries it.") {
		t.Error("the appendix lacks the text of §3.8")
	}
	// Every link of the appendix's texts has its target too.
	for _, m := range links.FindAllStringSubmatch(appendix, -1) {
		if !strings.Contains(page, ` id="`+m[1]+`"`) {
			t.Errorf("the appendix links %s, which has no anchor", m[1])
		}
	}
}

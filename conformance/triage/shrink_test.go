package triage_test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/conform/conformtest"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// planted is an implementation with a planted divergence: it gives the
// spec's answer (the reference's, read through the request's dialect)
// changed by bug, and counts its requests.
type planted struct {
	name     string
	dialects []string
	calls    int
	bug      func(req wire.MovesRequest, r wire.Reply) wire.Reply
}

func (p *planted) Hello() wire.HelloReply {
	return wire.HelloReply{Name: p.name, Version: "1", Protocol: 1, Dialects: p.dialects, Level: wire.LevelDestinations}
}

func (p *planted) Do(req wire.MovesRequest) client.Result {
	p.calls++
	if err := p.Hello().Supports(req); err != nil {
		return client.Result{ID: req.ID, Kind: client.ResultSkipped, Detail: err.Error()}
	}
	r := p.bug(req, conformtest.SpecAnswer(req, req.Notation))
	r.ID = req.ID
	kind := client.ResultOK
	if r.Error != nil {
		kind = client.ResultError
	}
	return client.Result{ID: req.ID, Kind: kind, Reply: r}
}

func (*planted) Close() error { return nil }

// noInitialCapture never captures with a notation that holds i, as
// Fairy-Stockfish reads i (a pawn's double step).
func noInitialCapture() *planted {
	return &planted{name: "no-initial-capture", dialects: []string{dialect.Betza2}, bug: func(req wire.MovesRequest, r wire.Reply) wire.Reply {
		if !strings.Contains(req.Notation, "i") || r.Error != nil {
			return r
		}
		keep := []wire.Outcome{}
		for _, o := range r.Outcomes {
			if !o.Capture {
				keep = append(keep, o)
			}
		}
		r.Outcomes = keep
		return r
	}}
}

// rangeAfterDouble reads classic Betza but ignores the range after a
// doubled letter (WW2 is the W rider).
func rangeAfterDouble() *planted {
	return &planted{name: "range-after-double", dialects: []string{dialect.Classic}, bug: func(req wire.MovesRequest, r wire.Reply) wire.Reply {
		if text := dropDoubledRanges(req.Notation); text != req.Notation {
			return conformtest.SpecAnswer(req, text)
		}
		return r
	}}
}

// dropDoubledRanges removes the digits after each doubled upper-case
// letter.
func dropDoubledRanges(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if i > 0 && s[i] == s[i-1] && 'A' <= s[i] && s[i] <= 'Z' {
			for i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' {
				i++
			}
		}
	}
	return b.String()
}

// acceptsAll reads every notation: one the spec rejects gets no moves.
func acceptsAll() *planted {
	return &planted{name: "accepts-all", dialects: []string{dialect.Betza2}, bug: func(_ wire.MovesRequest, r wire.Reply) wire.Reply {
		if r.Error != nil && r.Error.Kind == wire.KindSyntax {
			return wire.Reply{Outcomes: []wire.Outcome{}}
		}
		return r
	}}
}

func setup(t *testing.T, size, placement, from string) board.Setup {
	t.Helper()
	s, err := board.ParseSetup(size, placement, from, board.DefaultMover().String())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// shrunkRun judges cases with impl, shrinks the failures with budget,
// checks what every shrunk run must hold, and returns the report.
func shrunkRun(t *testing.T, impl *planted, cases []*conform.Case, budget int) *conform.Report {
	t.Helper()
	conform.Adapt(cases, impl.Hello())
	rep := conform.Run(context.Background(), impl, cases, "")
	before := impl.calls
	triage.Shrink(context.Background(), impl, rep, triage.ShrinkOptions{Budget: budget, Impl: "./" + impl.name})
	sent := impl.calls - before
	fails, queries := 0, 0
	for _, res := range rep.Results {
		if res.Verdict.Kind != conform.VerdictFail {
			if res.Minimal != nil || res.Divergence != conform.DivergenceNone {
				t.Errorf("%s: %v, yet shrunk (%v)", res.Case.ID, res.Verdict.Kind, res.Divergence)
			}
			continue
		}
		fails++
		m := res.Minimal
		if m == nil {
			t.Fatalf("%s: a failure without a minimal case", res.Case.ID)
		}
		queries += m.Cost.Queries
		if m.Cost.Queries > budget {
			t.Errorf("%s: %d queries, budget %d", res.Case.ID, m.Cost.Queries, budget)
		}
		orig, min := res.Case.Setup.Pos.Size(), m.Case.Setup.Pos.Size()
		if len(m.Case.Request.Notation) > len(res.Case.Request.Notation) || min.W > orig.W || min.H > orig.H {
			t.Errorf("%s: minimal %s is larger than %s", res.Case.ID, conform.CaseText(m.Case), conform.CaseText(res.Case))
		}
		if m.Case.Request.Dialect != res.Case.Request.Dialect {
			t.Errorf("%s: minimal case in %s, the case in %s", res.Case.ID, m.Case.Request.Dialect, res.Case.Request.Dialect)
		}
		if res.Divergence == conform.DivergenceNone || m.Verdict.Kind != conform.VerdictFail ||
			(m.Case != res.Case && triage.Family(conform.DivergenceOf(m.Want, m.Got, rep.Level)) != triage.Family(res.Divergence)) {
			t.Errorf("%s: %v shrunk to %s, %v %v", res.Case.ID, res.Divergence, conform.CaseText(m.Case), m.Verdict.Kind,
				conform.DivergenceOf(m.Want, m.Got, rep.Level))
		}
	}
	if sent != queries || rep.Shrinking.Queries != queries || rep.Shrinking.Failures != fails {
		t.Errorf("%d requests sent while shrinking, the minimal cases count %d, the summary %+v", sent, queries, rep.Shrinking)
	}
	sum := 0
	for _, c := range triage.Classes(rep) {
		sum += c.Count()
		for _, m := range c.Members {
			if triage.ClassKey(m) != c.Key {
				t.Errorf("class %s holds %s (%v, %s)", c.Key, m.Case.ID, m.Divergence, conform.MinimalOf(m).Case.Request.Notation)
			}
		}
	}
	if sum != fails || fails != rep.Totals()["fail"] {
		t.Errorf("the classes hold %d failures, the run has %d (totals %v)", sum, fails, rep.Totals())
	}
	return rep
}

// betza2Corpus is the corpus cases for an implementation that reads
// Betza 2.0, without the invalid XBetza files: CorpusCases sends those
// in Betza 2.0 too, where most of them are valid (W-F, KO), and judges
// them by XBetza's syntax error, so that a correct Betza 2.0 reading of
// them fails as an accepted invalid notation.
func betza2Corpus(t *testing.T) []*conform.Case {
	var out []*conform.Case
	for _, c := range conformtest.CorpusCases(t, "../../corpus") {
		if !strings.HasPrefix(c.ID, "corpus/invalid/xbetza/") {
			out = append(out, c)
		}
	}
	return out
}

func logClasses(t *testing.T, rep *conform.Report) {
	t.Helper()
	for _, c := range triage.Classes(rep) {
		t.Logf("%3d %-20s %s", c.Count(), c.Key, conform.CaseText(conform.MinimalOf(c.Smallest).Case))
	}
	t.Log(rep.Shrinking.Text())
}

func classKeys(rep *conform.Report) map[string]*triage.Class {
	m := map[string]*triage.Class{}
	for _, c := range triage.Classes(rep) {
		m[c.Key] = c
	}
	return m
}

// TestShrinkInitialCaptures: an implementation that never captures with
// i fails generated and corpus cases with an i; each shrinks to a
// notation that still holds i, and the smallest, a leaper with i (iW,
// iF, …), names a class of two failures or more.
func TestShrinkInitialCaptures(t *testing.T) {
	cases, err := conform.GeneratedCases(300, 3)
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, betza2Corpus(t)...)
	impl := noInitialCapture()
	rep := shrunkRun(t, impl, cases, triage.DefaultShrinkBudget)
	if rep.Totals()["fail"] < 5 {
		t.Fatalf("only %d failures: the test needs more cases with i", rep.Totals()["fail"])
	}
	leaper := regexp.MustCompile(`^i[A-Z]$`)
	found := false
	for _, c := range triage.Classes(rep) {
		for _, m := range c.Members {
			if n := conform.MinimalOf(m).Case.Request.Notation; !strings.Contains(n, "i") {
				t.Errorf("%s: minimal notation %q without i cannot show the bug", m.Case.ID, n)
			}
		}
		found = found || c.Count() >= 2 && leaper.MatchString(conform.MinimalOf(c.Smallest).Case.Request.Notation)
	}
	if !found {
		t.Errorf("no class of two failures or more named by a leaper with i; classes %v", slices.Collect(maps.Keys(classKeys(rep))))
	}
	logClasses(t, rep)
}

// TestShrinkDoubledRange: classic Betza, with a range after a doubled
// letter ignored: WW3 and friends, written here, shrink to a doubled
// letter with a range (WW1, RR2, …), class "accepted-invalid: rejected
// under §C5.10", since
// the default profile xboard refuses a range after a doubled letter
// (spec/classic.md §C5.10; it read WW3 as W3 before issue 26 item 5,
// and the class was "extra AAn").
func TestShrinkDoubledRange(t *testing.T) {
	cases, err := conform.GeneratedCasesIn(dialect.Classic, 200, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range []string{"WW3", "fRR2", "KK2", "vWW5"} {
		c, err := conform.CaseIn("hand/"+n, nil, dialect.Classic, n, setup(t, "12x12", "12/12/12/12/12/12/12/12/12/12/12/12", "b2"))
		if err != nil {
			t.Fatal(err)
		}
		c.ID = "hand/" + string(rune('a'+i))
		cases = append(cases, c)
	}
	rep := shrunkRun(t, rangeAfterDouble(), cases, triage.DefaultShrinkBudget)
	logClasses(t, rep)
	doubled := regexp.MustCompile(`([A-Z])([A-Z])?[0-9]`)
	for _, c := range triage.Classes(rep) {
		if m := doubled.FindStringSubmatch(conform.MinimalOf(c.Smallest).Case.Request.Notation); m == nil {
			t.Errorf("class %s: no letter and range in the minimal notation", c.Key)
		}
	}
	const key = "accepted-invalid: rejected under §C5.10"
	c := classKeys(rep)[key]
	if c == nil {
		t.Fatalf("no class %s: %v", key, classKeys(rep))
	}
	for _, id := range []string{"hand/a", "hand/b", "hand/c", "hand/d"} {
		if !slices.ContainsFunc(c.Members, func(r *conform.Result) bool { return r.Case.ID == id }) {
			t.Errorf("%s is not in class %s", id, key)
		}
	}
	if n := len(conform.MinimalOf(c.Smallest).Case.Request.Notation); n != 3 {
		t.Errorf("the smallest case of %s is %s", key, conform.CaseText(conform.MinimalOf(c.Smallest).Case))
	}
}

// TestShrinkAcceptedInvalid: an implementation that accepts every
// notation fails each invalid corpus case; each shrinks to a notation the
// spec still rejects under the same clause, which is never the empty
// notation unless the case was (issue 26: "" loses what was wrong).
func TestShrinkAcceptedInvalid(t *testing.T) {
	rep := shrunkRun(t, acceptsAll(), betza2Corpus(t), triage.DefaultShrinkBudget)
	fails := rep.Totals()["fail"]
	if fails < 10 {
		t.Fatalf("%d failures", fails)
	}
	for _, res := range rep.Results {
		if res.Verdict.Kind != conform.VerdictFail {
			continue
		}
		if !strings.HasPrefix(res.Case.ID, "corpus/invalid/") {
			t.Errorf("%s: accepted-invalid", res.Case.ID)
		}
		m := conform.MinimalOf(res)
		if m.Divergence != conform.DivergenceAcceptedInvalid {
			t.Errorf("%s shrank to a %s case", res.Case.ID, m.Divergence)
		}
		orig, small := clauseOf(t, res.Case), clauseOf(t, m.Case)
		switch {
		case m.Case.Request.Notation == "" && res.Case.Request.Notation != "":
			t.Errorf("%s (%q) shrank to the empty notation", res.Case.ID, res.Case.Request.Notation)
		case orig != small:
			t.Errorf("%s (%q, %s) shrank to %q, rejected under %s", res.Case.ID, res.Case.Request.Notation, orig, m.Case.Request.Notation, small)
		}
		t.Logf("%s: %q -> %q (%s)", res.Case.ID, res.Case.Request.Notation, m.Case.Request.Notation, small)
	}
}

// clauseOf is the clause of the syntax error that rejects an invalid
// case's notation.
func clauseOf(t *testing.T, c *conform.Case) string {
	t.Helper()
	_, err := c.Program()
	if err == nil {
		t.Fatalf("%s: %q is valid", c.ID, c.Request.Notation)
	}
	return reference.Diagnose(err).Clause
}

// TestShrinkBudgetAndCache: the budget caps each failure's requests; a
// failure identical to one shrunk before costs no request at all, and
// ends on the same minimal case; budget 0 sends nothing.
func TestShrinkBudgetAndCache(t *testing.T) {
	s := setup(t, "5x5", "5/1p3/2X*2/3P1/5", "c3")
	var cases []*conform.Case
	for _, id := range []string{"one", "two"} {
		cases = append(cases, conform.NewCase(id, nil, "iKN", s))
	}
	rep := shrunkRun(t, noInitialCapture(), cases, triage.DefaultShrinkBudget)
	one, two := rep.Results[0].Minimal, rep.Results[1].Minimal
	if one == nil || two == nil || one.Cost.Queries == 0 || two.Cost.Queries != 0 || two.Cost.CacheHits == 0 {
		t.Fatalf("queries %+v then %+v: the second identical failure should cost none", one.Cost, two.Cost)
	}
	if one.Case.Request != two.Case.Request || one.Case == rep.Results[0].Case {
		t.Errorf("minimal cases %s and %s", conform.CaseText(one.Case), conform.CaseText(two.Case))
	}
	t.Logf("%s: %s, %+v", rep.Results[0].Divergence, conform.CaseText(one.Case), one.Cost)

	for _, budget := range []int{0, 1, 3} {
		cases := []*conform.Case{conform.NewCase("one", nil, "iKN", s)}
		impl := noInitialCapture()
		rep := shrunkRun(t, impl, cases, budget)
		m := rep.Results[0].Minimal
		if budget == 0 && (m.Case != cases[0] || m.Cost.Queries != 0) {
			t.Errorf("budget 0: minimal %s after %d queries", conform.CaseText(m.Case), m.Cost.Queries)
		}
		if budget > 0 && (m.Cost.Queries != budget || m.Cost.Cut != "budget" || rep.Shrinking.Cut != 1) {
			t.Errorf("budget %d: %+v, summary cut %d", budget, m.Cost, rep.Shrinking.Cut)
		}
		var text bytes.Buffer
		report.WriteText(&text, rep, true, 0)
		if cut := strings.Contains(text.String(), "NOT PROVEN MINIMAL (shrinking cut short: budget)"); cut != (budget > 0) {
			t.Errorf("budget %d: the text report says cut %v:\n%s", budget, cut, text.String())
		}
	}
}

// TestShrinkStopped: a stopped context sends nothing more.
func TestShrinkStopped(t *testing.T) {
	s := setup(t, "5x5", "5/1p3/2X*2/3P1/5", "c3")
	impl := noInitialCapture()
	cases := []*conform.Case{conform.NewCase("one", nil, "iKN", s)}
	rep := conform.Run(context.Background(), impl, cases, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := impl.calls
	triage.Shrink(ctx, impl, rep, triage.ShrinkOptions{Budget: 10})
	if m := rep.Results[0].Minimal; impl.calls != calls || m.Cost.Cut != "stopped" || m.Case != cases[0] {
		t.Errorf("after the stop: %d requests, %+v", impl.calls-calls, m.Cost)
	}
}

func TestDivergenceOf(t *testing.T) {
	sq := func(s string) *string { return &s }
	outs := func(keys ...string) wire.Reply {
		r := wire.Reply{Outcomes: []wire.Outcome{}}
		for _, k := range keys {
			to, capture := strings.CutSuffix(k, " capture")
			r.Outcomes = append(r.Outcomes, wire.Outcome{To: sq(to), Capture: capture})
		}
		return r
	}
	ok := func(r wire.Reply) client.Result { return client.Result{Kind: client.ResultOK, Reply: r} }
	syntax := wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindSyntax, Message: "bad"}}
	internal := wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: "conflict (§9.13)"}}
	for _, tc := range []struct {
		want wire.Reply
		got  client.Result
		kind conform.Divergence
	}{
		{outs("a1", "a2"), ok(outs("a1", "a2")), conform.DivergenceNone},
		{outs("a1", "a2"), ok(outs("a1")), conform.DivergenceMissing},
		{outs("a1"), ok(outs("a1", "a2")), conform.DivergenceExtra},
		{outs("a1", "a2 capture"), ok(outs("a1", "a2")), conform.DivergenceCapture},
		{outs("a1", "a2"), ok(outs("a1", "a3")), conform.DivergenceDifferent},
		{syntax, ok(outs()), conform.DivergenceAcceptedInvalid},
		{outs("a1"), client.Result{Kind: client.ResultError, Reply: syntax}, conform.DivergenceRejectedValid},
		{internal, client.Result{Kind: client.ResultError, Reply: syntax}, conform.DivergenceRejectedValid},
		{internal, ok(outs("a1")), conform.DivergenceAnsweredRefused},
		{outs("a1"), client.Result{Kind: client.ResultTimeout}, conform.DivergenceNone},
	} {
		if got := conform.DivergenceOf(tc.want, tc.got, wire.LevelDestinations); got != tc.kind {
			t.Errorf("want %+v, got %+v: %q, want %q", tc.want, tc.got.Reply, got, tc.kind)
		}
	}
}

// TestStructure: the key of an unexplained failure keeps what decides a
// reading (atom class, leaper or rider, modalities, legs), not letters.
func TestStructure(t *testing.T) {
	s := setup(t, "3x3", "3/1X1/3", "b2")
	for in, want := range map[string]string{
		"iF":      "missing: diagonal leaper; i; 1 leg",
		"W3":      "missing: orthogonal rider; no modality; 1 leg",
		"mRpR-cR": "missing: orthogonal rider; m c p; 2 legs",
		"NW0F":    "missing: diagonal leaper, oblique leaper, orthogonal rider; no modality; 1 leg",
	} {
		m := &conform.Minimal{Case: conform.NewCase("x", nil, in, s), Divergence: conform.DivergenceMissing}
		if got := triage.Structure(m); got != want {
			t.Errorf("triage.Structure(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDivergencesPage: the markdown page lists each class with its
// smallest case, answers, clause and replay; notes written by hand in it
// survive writing it again, those of classes gone at the end; the same
// run gives the same bytes.
func TestDivergencesPage(t *testing.T) {
	s := setup(t, "5x5", "5/1p3/2X*2/3P1/5", "c3")
	cases := []*conform.Case{conform.NewCase("one", nil, "iKN", s), conform.NewCase("two", nil, "iF", s)}
	rep := shrunkRun(t, noInitialCapture(), cases, triage.DefaultShrinkBudget)
	write := func(notes triage.DivergenceNotes) string {
		var b bytes.Buffer
		if err := triage.WriteDivergences(&b, rep, "betzacheck conform --impl ./x", notes); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	page := write(nil)
	for _, want := range []string{
		"# Divergences of no-initial-capture 1 from the spec",
		"Written by `betzacheck conform --impl ./x`.",
		"## 1. `missing: diagonal leaper; i; 1 leg` (2 failures)",
		// iF from b1 with an enemy on a2 (iK shrinks to iF: a smaller atom).
		"- **Smallest case.** `iF` (betza2), board 2x2, position `p1/1X*`, from b1.",
		"- **The spec gives.** `a2 capture`.\n- **no-initial-capture gives.** no moves.",
		"- **Clause.** §1.1, §3.11, §4.4 (cited by the reference for the legs of `iF`",
		"- **Replay.** `betzacheck conform --impl ./no-initial-capture --dialect betza2 --board 2x2 --position 'p1/1X*' --from b1 --notation iF`",
		"- **Members.** `one` `iKN`, `two` `iF`.",
		"<!-- note missing: diagonal leaper; i; 1 leg -->\n<!-- /note -->\n",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	if again := write(nil); again != page {
		t.Error("two pages of one run differ")
	}
	// A note under the class, and one under a class that is gone.
	edited := strings.Replace(page, "<!-- note missing: diagonal leaper; i; 1 leg -->\n", "<!-- note missing: diagonal leaper; i; 1 leg -->\nFSF reads i as a pawn's double step.\n\nIt never captures.\n", 1)
	edited += "\n<!-- note extra AAn -->\nRanges after a doubled letter.\n<!-- /note -->\n"
	notes := triage.ParseDivergenceNotes(edited)
	if len(notes) != 2 || notes["missing: diagonal leaper; i; 1 leg"] != "FSF reads i as a pawn's double step.\n\nIt never captures." {
		t.Fatalf("notes %q", notes)
	}
	regenerated := write(notes)
	for _, want := range []string{
		"<!-- note missing: diagonal leaper; i; 1 leg -->\nFSF reads i as a pawn's double step.\n\nIt never captures.\n<!-- /note -->\n",
		"## Notes on classes not found in this run\n\n### `extra AAn`\n\n<!-- note extra AAn -->\nRanges after a doubled letter.\n<!-- /note -->\n",
	} {
		if !strings.Contains(regenerated, want) {
			t.Errorf("the regenerated page lacks %q:\n%s", want, regenerated)
		}
	}
	if again := write(triage.ParseDivergenceNotes(regenerated)); again != regenerated {
		t.Errorf("writing the page again from its own notes changes it:\n%s\n---\n%s", regenerated, again)
	}

	// A run without failures says so.
	clean := conform.Run(context.Background(), conform.Reference{}, []*conform.Case{conform.NewCase("w", nil, "W", s)}, "")
	var b bytes.Buffer
	if err := triage.WriteDivergences(&b, clean, "betzacheck conform --impl reference", nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "No case failed: there is no divergence to classify.") {
		t.Errorf("a clean run's page:\n%s", b.String())
	}
}

// TestClassesReports: the JSON report holds the classes (their counts
// sum to the failures, each with its smallest case and replay command)
// and every failure's minimal case; the text report lists the classes
// and a replay command per failure.
func TestClassesReports(t *testing.T) {
	cases, err := conform.GeneratedCases(120, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := setup(t, "5x5", "5/1p3/2X*2/3P1/5", "c3")
	cases = append(cases, conform.NewCase("hand/i", nil, "iKN", s))
	rep := shrunkRun(t, noInitialCapture(), cases, triage.DefaultShrinkBudget)
	var js bytes.Buffer
	if err := report.WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var decoded struct {
		Totals  map[string]int `json:"totals"`
		Classes []struct {
			Key, Kind string
			Count     int
			Members   []string
			Smallest  struct {
				ID      string
				Request wire.MovesRequest
				Want    wire.Reply
				Replay  string
			}
		} `json:"classes"`
		Shrinking struct{ Queries, Failures int } `json:"shrinking"`
		Cases     []struct {
			ID, Verdict, Divergence string
			Minimal                 *struct{ Replay string }
		} `json:"cases"`
	}
	if err := json.Unmarshal(js.Bytes(), &decoded); err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, c := range decoded.Classes {
		sum += c.Count
		if c.Count != len(c.Members) || !strings.HasPrefix(c.Key, c.Kind+":") || !strings.Contains(c.Smallest.Replay, "--notation "+c.Smallest.Request.Notation) {
			t.Errorf("JSON class %+v", c)
		}
	}
	if sum == 0 || sum != decoded.Totals["fail"] || decoded.Shrinking.Failures != sum || decoded.Shrinking.Queries != rep.Shrinking.Queries {
		t.Errorf("JSON classes hold %d failures, totals %v, shrinking %+v", sum, decoded.Totals, decoded.Shrinking)
	}
	for _, c := range decoded.Cases {
		if (c.Verdict == "fail") != (c.Minimal != nil && c.Divergence != "") {
			t.Errorf("JSON case %s: %s, divergence %q, minimal %v", c.ID, c.Verdict, c.Divergence, c.Minimal)
		}
	}

	var text bytes.Buffer
	report.WriteText(&text, rep, true, 0)
	out := text.String()
	classes := triage.Classes(rep)
	head := regexp.MustCompile(`(?m)^divergence classes \((\d+) failures? in (\d+) class(es)?;`).FindStringSubmatch(out)
	if head == nil || head[1] != strconv.Itoa(rep.Totals()["fail"]) || head[2] != strconv.Itoa(len(classes)) {
		t.Fatalf("no classes section, or wrong counts:\n%s", out)
	}
	if !strings.Contains(out, "\nshrinking: ") || !strings.Contains(out, "    minimal ") {
		t.Errorf("no shrinking line or minimal case:\n%s", out)
	}
	for _, c := range classes {
		line := regexp.MustCompile(`(?m)^ +` + regexp.QuoteMeta(strconv.Itoa(c.Count())) + `  ` + regexp.QuoteMeta(c.Key) + `: ` +
			regexp.QuoteMeta(conform.CaseText(conform.MinimalOf(c.Smallest).Case)) + `$`)
		if !line.MatchString(out) {
			t.Errorf("no line for class %s:\n%s", c.Key, out)
		}
	}
	if n := strings.Count(out, "--notation "); n != rep.Totals()["fail"] {
		t.Errorf("%d replay commands for %d failures:\n%s", n, rep.Totals()["fail"], out)
	}
	if strings.Index(out, "divergence classes") > strings.Index(out, "per clause:") {
		t.Error("the classes come after the per-clause table")
	}
}

func TestShellJoin(t *testing.T) {
	for in, want := range map[string]string{
		"reference":                  "reference",
		"node adapters/ffish/a.js":   "'node adapters/ffish/a.js'",
		"it's":                       `'it'\''s'`,
		"":                           "''",
		"3/1X*1/3":                   "'3/1X*1/3'",
		"--level=effects":            "--level=effects",
		"corpus/valid/w/empty.txtar": "corpus/valid/w/empty.txtar",
	} {
		if got := conform.ShellJoin(in); got != want {
			t.Errorf("ShellJoin(%q) = %s, want %s", in, got, want)
		}
	}
	if got := conform.ShellJoin("betzacheck", "conform", "--notation", ""); got != "betzacheck conform --notation ''" {
		t.Errorf("ShellJoin of several: %s", got)
	}
}

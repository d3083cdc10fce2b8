package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/conform/conformtest"
	"github.com/betzacheck/betzacheck/conformance/htmlreport"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// byLetter is the reference with divergences planted by the letters of
// the notation sent, one for each verdict and each kind of result a
// report must read back: N loses every move (fail), Z times out, G
// crashes, A answers an internal error (error), C says unsupported, D
// answers garbage. It reads the dialects it declares, and numbers its
// requests from 1 as a client does.
type byLetter struct {
	dialects []string
	sent     *int
}

func (p byLetter) Hello() wire.HelloReply {
	h := conform.Reference{}.Hello()
	h.Name, h.Dialects, h.Level = "by-letter", p.dialects, wire.LevelDestinations
	return h
}

func (p byLetter) Do(req wire.MovesRequest) client.Result {
	*p.sent++
	id := *p.sent
	text := req.Notation
	switch {
	case strings.Contains(text, "Z"):
		return client.Result{ID: id, Kind: client.ResultTimeout, Detail: "no reply within 10s"}
	case strings.Contains(text, "G"):
		return client.Result{ID: id, Kind: client.ResultCrash, Detail: "exit status 2"}
	case strings.Contains(text, "D"):
		return client.Result{ID: id, Kind: client.ResultGarbage, Detail: `"moves?"`}
	case strings.Contains(text, "A"):
		return client.Result{ID: id, Kind: client.ResultError, Reply: wire.Reply{ID: id, Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: "no A"}}}
	case strings.Contains(text, "C"):
		return client.Result{ID: id, Kind: client.ResultError, Reply: wire.Reply{ID: id, Error: &wire.ErrorReply{Kind: wire.KindUnsupported, Message: "no C"}}}
	}
	reply := conformtest.SpecAnswer(req, text)
	if reply.Error == nil && strings.Contains(text, "N") {
		reply.Outcomes = []wire.Outcome{}
	}
	reply.ID = id
	kind := client.ResultOK
	if reply.Error != nil {
		kind = client.ResultError
	}
	return client.Result{ID: id, Kind: kind, Reply: reply}
}

func (byLetter) Close() error { return nil }

// stream is the shard's cases of the run: the corpus's, then n generated
// ones for impl, adapted to it, as conform builds them.
func stream(t *testing.T, s conform.Shard, impl conform.Impl, n int, seed int64) iter.Seq[*conform.Case] {
	t.Helper()
	corpus, err := conform.CorpusCases("../../corpus")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := s.Cases(corpus, impl.Hello(), n, seed)
	if err != nil {
		t.Fatal(err)
	}
	return conform.AdaptSeq(cases, impl.Hello())
}

// generated is the shard's cases of a run of n generated cases for impl.
func generated(t *testing.T, s conform.Shard, impl conform.Impl, n int, seed int64) iter.Seq[*conform.Case] {
	t.Helper()
	cases, err := s.Cases(nil, impl.Hello(), n, seed)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// writeRead writes rep as JSON, reads it back, and checks that writing
// what was read gives the same bytes, and that the report read back gives
// the same text, HTML and markdown reports as rep.
func writeRead(t *testing.T, rep *conform.Report) (*conform.Report, []byte) {
	t.Helper()
	var first bytes.Buffer
	if err := report.WriteJSON(&first, rep); err != nil {
		t.Fatal(err)
	}
	back, err := report.ReadJSON(bytes.NewReader(first.Bytes()))
	if err != nil {
		t.Fatalf("ReadJSON: %v", err)
	}
	var second bytes.Buffer
	if err := report.WriteJSON(&second, back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Errorf("WriteJSON, ReadJSON, WriteJSON changes the report:\n%s", firstDifference(first.String(), second.String()))
	}
	for _, w := range []struct {
		name  string
		write func(*conform.Report, io.Writer) error
	}{
		{"text", func(r *conform.Report, w io.Writer) error { report.WriteText(w, r, true, 5); return nil }},
		{"HTML", func(r *conform.Report, w io.Writer) error {
			return htmlreport.Write(w, r, htmlreport.Options{Impl: "impl"})
		}},
		{"markdown", func(r *conform.Report, w io.Writer) error {
			return triage.WriteDivergences(w, r, "betzacheck conform", nil)
		}},
	} {
		var a, b bytes.Buffer
		if err := w.write(rep, &a); err != nil {
			t.Fatal(err)
		}
		if err := w.write(back, &b); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Errorf("the %s report of the report read back differs:\n%s", w.name, firstDifference(b.String(), a.String()))
		}
	}
	return back, first.Bytes()
}

// firstDifference quotes the lines around the first line where a and b
// differ.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			lo := max(i-3, 0)
			return "line " + strconv.Itoa(i+1) + ":\n" + strings.Join(al[lo:i+1], "\n") + "\n---\n" + strings.Join(bl[lo:i+1], "\n")
		}
	}
	return "one is a prefix of the other"
}

// caseIDs are the report's case ids, in order.
func caseIDs(rep *conform.Report) []string {
	ids := make([]string, len(rep.Results))
	for i, r := range rep.Results {
		ids[i] = r.Case.ID
	}
	return ids
}

// TestShardsMergeToTheWholeRun: for the reference and for implementations
// with planted divergences (every verdict and every kind of result), in
// Betza 2.0 and in classic Betza (where the profiles are counted), the
// corpus and generated cases run whole and as 3 shards; each shard's
// JSON report read back and merged gives the whole run's totals, counts
// per clause, reference counts, profile agreements, divergence classes
// (each failure shrunk) and cases, in the whole run's order, with the
// same verdicts; and every report survives WriteJSON, ReadJSON, WriteJSON
// unchanged.
func TestShardsMergeToTheWholeRun(t *testing.T) {
	const n, seed, shards = 120, 11, 3
	for _, c := range []struct {
		name string
		impl func() conform.Impl
		gen  string
	}{
		{"reference", func() conform.Impl { return conform.Reference{} }, dialect.Betza2},
		{"by-letter", func() conform.Impl { return byLetter{[]string{dialect.Betza2}, new(int)} }, dialect.Betza2},
		{"by-letter-classic", func() conform.Impl { return byLetter{[]string{dialect.Classic}, new(int)} }, dialect.Classic},
		{"lax-classic", func() conform.Impl { return conformtest.Lax{Dialects: []string{dialect.Classic}} }, dialect.Classic},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			// run judges the shard's cases and shrinks its failures, as
			// conform does (with a budget that no failure exhausts, so
			// that every minimal case is the same in any shard).
			run := func(s conform.Shard) *conform.Report {
				impl := c.impl()
				rep := conform.Stream(ctx, impl, stream(t, s, impl, n, seed), conform.Options{KeepPasses: true, Shard: s})
				triage.Shrink(ctx, impl, rep, triage.ShrinkOptions{Budget: 10000, Impl: c.name})
				return rep
			}
			whole := run(conform.Shard{})
			wholeBack, wholeJSON := writeRead(t, whole)
			var parts []*conform.Report
			for k := shards; k >= 1; k-- { // in any order
				s := conform.Shard{K: k, N: shards}
				rep := run(s)
				if rep.Shard != s || !strings.HasPrefix(rep.Summary(), "shard "+s.String()+": ") {
					t.Errorf("shard %s: the report says %q", s, rep.Summary())
				}
				back, js := writeRead(t, rep)
				if !bytes.Contains(js, []byte(`"shard": "`+s.String()+`"`)) {
					t.Errorf("shard %s: the JSON report does not say which shard it is", s)
				}
				parts = append(parts, back)
			}
			merged, err := report.Merge(parts...)
			if err != nil {
				t.Fatal(err)
			}
			mergedBack, mergedJSON := writeRead(t, merged)
			for _, m := range []*conform.Report{merged, mergedBack} {
				if m.Cases != whole.Cases || !maps.Equal(m.Totals(), whole.Totals()) || !maps.Equal(m.ReferenceTotals(), whole.ReferenceTotals()) ||
					!reflect.DeepEqual(m.ByClause(), whole.ByClause()) || !slices.Equal(m.Profiles(), whole.Profiles()) ||
					m.Summary() != whole.Summary() || m.Failed() != whole.Failed() {
					t.Errorf("merged: %s, profiles %v\nwhole:  %s, profiles %v", m.Summary(), m.Profiles(), whole.Summary(), whole.Profiles())
				}
				if !slices.Equal(caseIDs(m), caseIDs(whole)) {
					t.Errorf("the merge has %d cases, not in the whole run's order of %d", len(m.Results), len(whole.Results))
				}
				if got, want := classes(m), classes(whole); !slices.Equal(got, want) {
					t.Errorf("merged classes:\n%s\nwhole run's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				if s := m.Shrinking; s == nil || s.Failures != whole.Shrinking.Failures || s.Cut != 0 {
					t.Errorf("merged shrinking %+v, whole run's %+v", s, whole.Shrinking)
				}
			}
			for i, r := range merged.Results {
				w := wholeBack.Results[i]
				if r.Verdict != w.Verdict || r.Got.Kind != w.Got.Kind || !reflect.DeepEqual(r.Want, w.Want) {
					t.Errorf("%s: merged %v %q (result %v), whole %v %q (result %v)", r.Case.ID, r.Verdict.Kind, r.Verdict.Reason, r.Got.Kind, w.Verdict.Kind, w.Verdict.Reason, w.Got.Kind)
				}
			}
			if c.name == "reference" {
				// The reference in process numbers no request, so even
				// the JSON reports are the same.
				if !bytes.Equal(mergedJSON, wholeJSON) {
					t.Errorf("merged and whole JSON reports differ:\n%s", firstDifference(string(mergedJSON), string(wholeJSON)))
				}
				return
			}
			if whole.Totals()["pass"] == 0 || whole.Totals()["fail"] == 0 {
				t.Errorf("planted divergences not found: %v", whole.Totals())
			}
			shrunk := 0
			for _, r := range mergedBack.Results {
				if r.Minimal != nil && r.Minimal.Case != r.Case {
					shrunk++
				}
			}
			if shrunk == 0 || len(triage.Classes(whole)) < 2 {
				t.Errorf("%d failures shrunk, %d classes: the test reads back no minimal case of its own", shrunk, len(triage.Classes(whole)))
			}
			if c.gen == dialect.Classic && len(whole.Profiles()) == 0 {
				t.Error("no profile agreement counted for classic cases")
			}
			if c.gen == dialect.Betza2 {
				for _, k := range []string{"unsupported", "error", "timeout", "crash"} {
					if whole.Totals()[k] == 0 {
						t.Errorf("no %s verdict planted: %v", k, whole.Totals())
					}
				}
			}
		})
	}
}

// fsReading reads classic Betza as the fairy-stockfish profile does: a
// foreign reading whose failures triage.Diagnose explains by causes.
type fsReading struct{}

func (fsReading) Hello() wire.HelloReply {
	return wire.HelloReply{Name: "fs-reading", Version: "1", Protocol: 2, Dialects: []string{dialect.Classic}, Level: wire.LevelDestinations}
}

func (fsReading) Do(req wire.MovesRequest) client.Result {
	as := req
	as.Dialect = dialect.Classic + ":fairy-stockfish"
	r := conformtest.SpecAnswer(as, req.Notation)
	r.ID = req.ID
	if r.Error != nil {
		return client.Result{ID: req.ID, Kind: client.ResultError, Reply: r}
	}
	return client.Result{ID: req.ID, Kind: client.ResultOK, Reply: r}
}

func (fsReading) Close() error { return nil }

// TestCausesReadBack: the failures of a diagnosed run keep their causes
// through the JSON report, so that the report reads back, with the
// classes it was written with, and merges (issue 27: every report of a
// run whose failures had causes, such as ffish's, was refused, its
// classes "not those of its failures", since no case carried its cause).
func TestCausesReadBack(t *testing.T) {
	ctx := context.Background()
	var parts []*conform.Report
	for k := 1; k <= 2; k++ {
		s := conform.Shard{K: k, N: 2}
		rep := conform.Stream(ctx, fsReading{}, generated(t, s, fsReading{}, 200, 1), conform.Options{KeepPasses: true, Shard: s})
		triage.Diagnose(ctx, fsReading{}, rep, triage.Options{ShrinkOptions: triage.ShrinkOptions{Budget: 20}})
		caused := 0
		for _, res := range rep.Results {
			if res.Cause != nil {
				caused++
			}
		}
		if caused == 0 {
			t.Fatalf("shard %s: no failure has a cause (%s): the test reads none back", s, rep.Summary())
		}
		back, _ := writeRead(t, rep)
		if got, want := classes(back), classes(rep); !slices.Equal(got, want) {
			t.Errorf("shard %s: classes read back:\n%s\nwritten:\n%s", s, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		for i, res := range back.Results {
			if !reflect.DeepEqual(res.Cause, rep.Results[i].Cause) {
				t.Errorf("%s: cause read back %+v, written %+v", res.Case.ID, res.Cause, rep.Results[i].Cause)
			}
		}
		parts = append(parts, back)
	}
	if _, err := report.Merge(parts...); err != nil {
		t.Errorf("merging the shards: %v", err)
	}
}

// classes describes a report's divergence classes, one line each: key,
// count, members, and the smallest minimal case.
func classes(rep *conform.Report) []string {
	var out []string
	for _, c := range triage.Classes(rep) {
		var ids []string
		for _, m := range c.Members {
			ids = append(ids, m.Case.ID)
		}
		out = append(out, fmt.Sprintf("%s: %d (%s) smallest %s: %s", c.Key, c.Count(), strings.Join(ids, " "),
			c.Smallest.Case.ID, conform.CaseText(conform.MinimalOf(c.Smallest).Case)))
	}
	return out
}

// TestRequestIDs: each case's request in the JSON report carries the id
// the implementation was given it by (0 for a case never given to it),
// and reading the report back gives the results those ids.
func TestRequestIDs(t *testing.T) {
	cases, _ := conform.GeneratedCases(5, 3)
	cases[2].Unsupported = "no dialect it reads"
	rep := conform.Run(context.Background(), byLetter{[]string{dialect.Betza2}, new(int)}, cases, "")
	back, js := writeRead(t, rep)
	for i, r := range back.Results {
		want := i + 1
		if i == 2 {
			want = 0
		} else if i > 2 {
			want = i
		}
		if r.Got.ID != want || r.Case.Request.ID != 0 {
			t.Errorf("%s: request id %d, case request id %d; want %d and 0", r.Case.ID, r.Got.ID, r.Case.Request.ID, want)
		}
	}
	if !bytes.Contains(js, []byte(`"id": 4,`+"\n"+`        "op": "moves"`)) {
		t.Errorf("request ids not in the JSON report:\n%s", js)
	}
	if back.Results[2].Case.Unsupported != "no dialect it reads" {
		t.Errorf("a case never sent reads back with %q", back.Results[2].Case.Unsupported)
	}
}

// TestMergeUnsolicitedAndStopped: the lines quoted after a case keep
// naming that case in the merge, though the shards' request ids repeat;
// a shard stopped early makes the merge stopped, and the case in flight
// (result stopped) does not break it.
func TestMergeUnsolicitedAndStopped(t *testing.T) {
	ctx := context.Background()
	run := func(k int, impl conform.Impl) *conform.Report {
		s := conform.Shard{K: k, N: 2}
		return conform.Stream(ctx, impl, generated(t, s, impl, 30, 5), conform.Options{KeepPasses: true, Shard: s})
	}
	one := run(1, byLetter{[]string{dialect.Betza2}, new(int)})
	one.Unsolicited = 3
	one.UnsolicitedLines = []client.Unsolicited{{After: 0, Line: "hello!"}, {After: 2, Line: "extra"}}
	two := run(2, &stoppedByLetter{byLetter{[]string{dialect.Betza2}, new(int)}, 4})
	two.Unsolicited = 1
	two.UnsolicitedLines = []client.Unsolicited{{After: 99, Line: "late"}}
	a, _ := writeRead(t, one)
	b, _ := writeRead(t, two)
	last := b.Results[len(b.Results)-1]
	if !b.Interrupted() || b.Broken() != two.Broken() || last.Got.Kind != client.ResultStopped || a.UnsolicitedNotes()[1] != "after "+one.Results[1].Case.ID+": extra" {
		t.Fatalf("read back: interrupted %v, broken %v (was %v), the case in flight %v, notes %q", b.Interrupted(), b.Broken(), two.Broken(), last.Got.Kind, a.UnsolicitedNotes())
	}
	m, err := report.Merge(b, a)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"after the handshake: hello!", "after " + one.Results[1].Case.ID + ": extra", "after request 99: late"}
	if got := m.UnsolicitedNotes(); !slices.Equal(got, want) || m.Unsolicited != 4 {
		t.Errorf("merged unsolicited %d: %q, want 4: %q", m.Unsolicited, got, want)
	}
	if !m.Interrupted() || m.Stopped != "shard 2/2: run stopped: run interrupted" || m.Broken() != (one.Broken() || two.Broken()) {
		t.Errorf("merged stopped %q, broken %v", m.Stopped, m.Broken())
	}
	if _, js := writeRead(t, m); !bytes.Contains(js, []byte(`"after": "`+one.Results[1].Case.ID+`"`)) {
		t.Errorf("the merged JSON report lost whose reply an unsolicited line followed")
	}
}

// stoppedByLetter is byLetter until its n-th request, which it ends as a
// client does when the run is stopped with that request in flight.
type stoppedByLetter struct {
	byLetter
	n int
}

func (s *stoppedByLetter) Do(req wire.MovesRequest) client.Result {
	if s.n--; s.n == 0 {
		return client.Result{ID: *s.sent + 1, Kind: client.ResultStopped, Detail: "run interrupted"}
	}
	return s.byLetter.Do(req)
}

// TestMergeRefuses: reports of other implementations or levels, shards
// that overlap, a shard twice or missing, a mix of shards and whole runs,
// failures shrunk differently, and whole runs of different seeds are not
// merged.
func TestMergeRefuses(t *testing.T) {
	ctx := context.Background()
	run := func(impl conform.Impl, level string, s conform.Shard) *conform.Report {
		return conform.Stream(ctx, impl, generated(t, s, impl, 4, 2), conform.Options{KeepPasses: true, Shard: s, Level: level})
	}
	ref := conform.Reference{}
	s := func(k, n int) conform.Shard { return conform.Shard{K: k, N: n} }
	shrunk := func(rep *conform.Report, budget int) *conform.Report {
		triage.Shrink(ctx, ref, rep, triage.ShrinkOptions{Budget: budget})
		return rep
	}
	other := byLetter{[]string{dialect.Betza2}, new(int)}
	for _, c := range []struct {
		name    string
		reports []*conform.Report
		want    string
	}{
		{"implementations", []*conform.Report{run(ref, "", s(1, 2)), run(other, "", s(2, 2))}, "reports 1 and 2: different implementations"},
		{"levels", []*conform.Report{run(ref, "", s(1, 2)), run(ref, wire.LevelEffects, s(2, 2))}, "reports 1 and 2: judged at different levels: paths and effects"},
		{"twice", []*conform.Report{run(ref, "", s(1, 2)), run(ref, "", s(1, 2))}, "both are shard 1/2"},
		{"missing", []*conform.Report{run(ref, "", s(1, 3)), run(ref, "", s(3, 3))}, "shard 2/3 missing"},
		{"split", []*conform.Report{run(ref, "", s(1, 2)), run(ref, "", s(2, 3))}, "shards 1/2 and 2/3 split the run differently"},
		{"mix", []*conform.Report{run(ref, "", conform.Shard{}), run(ref, "", s(1, 1))}, "a shard and a whole run"},
		{"budgets", []*conform.Report{shrunk(run(ref, "", s(1, 2)), 5), shrunk(run(ref, "", s(2, 2)), 6)}, "reports 1 and 2: shrunk with different budgets: 5 and 6"},
		{"shrunk", []*conform.Report{shrunk(run(ref, "", s(1, 2)), 5), run(ref, "", s(2, 2))}, "the failures of one were shrunk, of the other not"},
		{"overlap", []*conform.Report{run(ref, "", conform.Shard{}), run(ref, "", conform.Shard{})}, "reports 1 and 2: case gen/2/0 is in both: the reports overlap"},
	} {
		_, err := report.Merge(c.reports...)
		var me *report.MergeError
		if !errors.As(err, &me) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a MergeError with %q", c.name, err, c.want)
		}
	}
	if _, err := report.Merge(); err == nil {
		t.Error("nothing merged without an error")
	}
	// Shards shrunk for other --impl texts are refused; shards run by
	// binaries at different paths are merged, and the merged replay
	// commands run the first one's (spec/protocol.md P10.7).
	replaying := func(k int, program, impl string) *conform.Report {
		rep := run(ref, "", s(k, 2))
		triage.Shrink(ctx, ref, rep, triage.ShrinkOptions{Budget: 5, Program: program, Impl: impl})
		return rep
	}
	if _, err := report.Merge(replaying(1, "betzacheck", "A=1 x"), replaying(2, "betzacheck", "A=2 x")); err == nil || !strings.Contains(err.Error(), "different replay commands: --impl 'A=1 x' and --impl 'A=2 x'") {
		t.Errorf("shards of different --impl: %v", err)
	}
	m, err := report.Merge(replaying(1, "/a/betzacheck", "x"), replaying(2, "/b/betzacheck", "x"))
	if err != nil || m.Shrinking.Program != "/a/betzacheck" {
		t.Errorf("shards run by binaries at two paths: %v, replay program %+v", err, m.Shrinking)
	}
	// Whole runs of different cases are different runs: they merged once
	// (issue 28), and are refused now that a report says what its run was.
	seed := func(n int64) *int64 { return &n }
	a := conform.Stream(ctx, ref, generated(t, conform.Shard{}, ref, 4, 8), conform.Options{KeepPasses: true, Run: conform.RunInfo{Generate: 4, Seed: seed(8)}})
	b := conform.Stream(ctx, ref, generated(t, conform.Shard{}, ref, 4, 2), conform.Options{KeepPasses: true, Run: conform.RunInfo{Generate: 4, Seed: seed(2)}})
	if _, err := report.Merge(a, b); err == nil || !strings.Contains(err.Error(), "not shards of one run: their run's seed differs: 8 and 2") {
		t.Errorf("two whole runs of different seeds: %v", err)
	}
}

// TestMergeRefusesOtherRuns: the shards of different runs are not merged
// (issue 28: seed 1 with seed 2, --generate 40 with 400, with and without
// the corpus were): the error names the first field of the run's identity
// that differs (RunInfo.Differs). The command line is not compared: it
// holds the shard and the output paths, which differ by design.
func TestMergeRefusesOtherRuns(t *testing.T) {
	ctx := context.Background()
	ref := conform.Reference{}
	seed := func(n int64) *int64 { return &n }
	base := conform.RunInfo{Tool: "betzacheck", Version: "0.1.0", Impl: "reference", Generate: 40, Seed: seed(1), Dialect: dialect.Betza2,
		Timeout: "10s", ShrinkBudget: 150}
	run := func(k int, change func(*conform.RunInfo)) *conform.Report {
		info := base
		info.Argv = []string{"betzacheck", "conform", "--shard", fmt.Sprintf("%d/2", k), "--json", fmt.Sprintf("%d.json", k)}
		if change != nil {
			change(&info)
		}
		s := conform.Shard{K: k, N: 2}
		rep := conform.Stream(ctx, ref, generated(t, s, ref, 4, 2), conform.Options{KeepPasses: true, Shard: s, Run: info})
		back, _ := writeRead(t, rep)
		return back
	}
	corpus := &conform.CorpusInfo{Path: "corpus", Cases: 485, Digest: "sha256:00"}
	for _, c := range []struct {
		name   string
		change func(*conform.RunInfo)
		want   string
	}{
		{"seed", func(r *conform.RunInfo) { r.Seed = seed(2) }, "their run's seed differs: 1 and 2"},
		{"generate", func(r *conform.RunInfo) { r.Generate = 400 }, "their run's generate differs: 40 and 400"},
		{"corpus", func(r *conform.RunInfo) { r.Corpus = corpus }, "their run's corpus differs: none and corpus"},
		{"corpus digest", func(r *conform.RunInfo) {
			r.Corpus = &conform.CorpusInfo{Path: "corpus", Cases: 485, Digest: "sha256:01"}
		}, "corpus.digest differs: sha256:00 and sha256:01"},
		{"impl", func(r *conform.RunInfo) { r.Impl = "betzacheck serve" }, "impl differs: reference and betzacheck serve"},
		{"timeout", func(r *conform.RunInfo) { r.Timeout = "1s" }, "timeout differs: 10s and 1s"},
		{"expect", func(r *conform.RunInfo) { r.Expect = &conform.ExpectInfo{Path: "known.txt", Digest: "sha256:02"} }, "expect differs: none and known.txt"},
		{"version", func(r *conform.RunInfo) { r.Version = "0.2.0" }, "version differs: 0.1.0 and 0.2.0"},
		{"notation", func(r *conform.RunInfo) {
			r.Notation = &conform.NotationInfo{Notation: "W", Dialect: dialect.Betza2, Board: "8x8", Position: "8/8/8/8/8/8/8/8", From: "d4"}
		}, "notation differs: none and W betza2 8x8"},
	} {
		one := run(1, nil)
		if c.name == "corpus digest" {
			one = run(1, func(r *conform.RunInfo) { r.Corpus = corpus })
		}
		_, err := report.Merge(one, run(2, c.change))
		var me *report.MergeError
		if !errors.As(err, &me) || !strings.Contains(err.Error(), "reports 1 and 2: not shards of one run: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a MergeError with %q", c.name, err, c.want)
		}
	}
	// The same run, its shards' command lines apart, merges; the merge's
	// run is the first shard's, without a shard.
	m, err := report.Merge(run(2, nil), run(1, nil))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Run.Argv, []string{"betzacheck", "conform", "--shard", "1/2", "--json", "1.json"}) || !m.Shard.Whole() || *m.Run.Seed != 1 {
		t.Errorf("merged run %+v, shard %s", m.Run, m.Shard)
	}
}

// TestShardExpectations: a shard does not call an id it never met stale
// (another shard holds it); the merge, given the same expectations, calls
// stale the ids no shard met, and a listed verdict that did not happen
// once, however many times the shards and the merge found it.
func TestShardExpectations(t *testing.T) {
	ctx := context.Background()
	all, _ := conform.GeneratedCases(10, 4)
	exp := conform.Expectations{
		all[0].ID:    {Verdict: "fail", Reason: "passes now"},
		all[1].ID:    {Verdict: "fail", Reason: "passes now"},
		"gen/4/none": {Verdict: "crash", Reason: "no such case"},
	}
	var parts []*conform.Report
	for k := 1; k <= 2; k++ {
		s := conform.Shard{K: k, N: 2}
		rep := conform.Stream(ctx, conform.Reference{}, generated(t, s, conform.Reference{}, 10, 4), conform.Options{KeepPasses: true, Expect: exp, Shard: s})
		want := []string{all[k-1].ID + ": expected fail (passes now), got pass"}
		if !slices.Equal(rep.Stale, want) {
			t.Errorf("shard %d/2: stale %q, want %q", k, rep.Stale, want)
		}
		parts = append(parts, rep)
	}
	m, err := report.Merge(parts...)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Stale) != 2 {
		t.Errorf("merged without the expectations: stale %q, want the shards' 2", m.Stale)
	}
	report.ApplyMerged(m, exp)
	want := []string{all[0].ID + ": expected fail (passes now), got pass", all[1].ID + ": expected fail (passes now), got pass", "gen/4/none: no such case in this run"}
	if !slices.Equal(m.Stale, want) || !m.Failed() {
		t.Errorf("merged with the expectations: stale %q, want %q", m.Stale, want)
	}
}

// TestMergedReportsRender: a merged report read from JSON, with a corpus
// case the reference fails and failures shrunk (some to themselves, some
// to smaller cases), renders as text and HTML like the run's.
func TestMergedReportsRender(t *testing.T) {
	cases, err := conform.CorpusCases(conformtest.WrongCorpus(t))
	if err != nil {
		t.Fatal(err)
	}
	gen, _ := conform.GeneratedCases(12, 3)
	// The wazir on 2x1 is as small as its failure gets.
	s, err := board.ParseSetup("2x1", "X1", "a1", "")
	if err != nil {
		t.Fatal(err)
	}
	cases = append(append(cases, gen...), conform.NewCase("tiny", nil, "W", s))
	impl := conformtest.Lax{Dialects: []string{dialect.Betza2}}
	rep := conform.Run(context.Background(), impl, cases, "")
	triage.Shrink(context.Background(), impl, rep, triage.ShrinkOptions{Budget: 5, Impl: "lax"})
	back, _ := writeRead(t, rep)
	m, err := report.Merge(back)
	if err != nil {
		t.Fatal(err)
	}
	var want, got bytes.Buffer
	report.WriteText(&want, rep, true, 3)
	report.WriteText(&got, m, true, 3)
	if got.String() != want.String() {
		t.Errorf("text of the merge:\n%s\ntext of the run:\n%s", got.String(), want.String())
	}
	for _, s := range []string{"minimal: the case itself", "    minimal ", "divergence classes"} {
		if !strings.Contains(want.String(), s) {
			t.Errorf("the run's text has no %q: the test shows less than it says\n%s", s, want.String())
		}
	}
	var wantHTML, gotHTML bytes.Buffer
	opt := htmlreport.Options{Impl: "lax"}
	if err := htmlreport.Write(&wantHTML, rep, opt); err != nil {
		t.Fatal(err)
	}
	if err := htmlreport.Write(&gotHTML, m, opt); err != nil {
		t.Fatal(err)
	}
	if gotHTML.String() != wantHTML.String() {
		t.Errorf("the HTML of the merge differs from the run's:\n%s", firstDifference(gotHTML.String(), wantHTML.String()))
	}
}

// TestReadJSONErrors: what is not a report of conform, or contradicts
// itself, is an error that says what is wrong. Its figures are counted
// again from its cases (issue 28: totals edited by hand were trusted,
// "1000020 cases", and a report with no case and totals of 20 passes was
// read).
func TestReadJSONErrors(t *testing.T) {
	gen, _ := conform.GeneratedCases(3, 1)
	rep := conform.Run(context.Background(), conformtest.Lax{Dialects: []string{dialect.Betza2}}, gen, "")
	var b bytes.Buffer
	if err := report.WriteJSON(&b, rep); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "not a JSON report"},
		{"other", `{"a": 1}`, `no "run" object with its "format" (a report of an older betzacheck`},
		{"unknown", strings.Replace(good, `"level"`, `"a": 1, "level"`, 1), `unknown field "a"`},
		{"format", strings.Replace(good, `"format": 1,`, `"format": 2,`, 1), "run: format: this betzacheck reads reports of format 1, found 2"},
		{"two", good + good, "more after the report"},
		{"no totals", `{"run": {"format": 1}, "level": "paths", "byClause": {}, "cases": []}`, `no "totals"`},
		{"level", strings.Replace(good, `"level": "destinations",`+"\n  \"totals\"", `"level": "everything",`+"\n  \"totals\"", 1), `level: expected one of destinations, effects, paths, found "everything"`},
		{"verdict", editCases(t, good, func(cs []any) { cs[0].(map[string]any)["verdict"] = "maybe" }), `cases[0] (gen/1/0): verdict: expected one of pass, fail`},
		{"failed", strings.Replace(good, `"failed": true`, `"failed": false`, 1), "failed: the report says false, its cases and totals say true"},
		{"fewer", strings.Replace(good, `"fail": 3`, `"fail": 2`, 1), "totals: the report says 2 fail, its 3 cases give 3 fail"},
		{"totals", strings.Replace(good, `"fail": 3`, `"fail": 2, "crash": 1`, 1), "totals: the report says 2 fail, 1 crash, its 3 cases give 3 fail"},
		{"edited", strings.Replace(good, `"fail": 3`, `"fail": 3, "pass": 1000000`, 1), "totals: the report says 1000000 pass, 3 fail, its 3 cases give 3 fail"},
		{"cases cut", editReport(t, good, func(m map[string]any) { m["cases"] = []any{} }), "totals: the report says 3 fail, its 0 cases give none"},
		{"clause", strings.Replace(good, `"generated": {`, `"§1.1": {"pass": 3}, "generated": {`, 1), "byClause: the report counts clause §1.1, which none of its 3 cases cites"},
		{"clause counts", strings.Replace(good, `"generated": {
      "fail": 3`, `"generated": {
      "fail": 4`, 1), "byClause generated: the report says 4 fail, its 3 cases give 3 fail"},
		{"answered", strings.Replace(good, `"answered": 3`, `"answered": 4`, 1), "generated, answered: the report says 3 and 4, its 3 cases give 3 and 3"},
		{"no run", editReport(t, good, func(m map[string]any) { delete(m, "run") }), `no "run" object`},
		{"twice", editCases(t, good, func(cs []any) { cs[1].(map[string]any)["id"] = "gen/1/0" }), "case gen/1/0 is in the report twice"},
		{"classes", editCases(t, good, func(cs []any) { cs[1].(map[string]any)["divergence"] = "extra" }), "classes: the report's divergence classes are not those of its failures"},
		{"divergence", editCases(t, good, func(cs []any) { cs[1].(map[string]any)["divergence"] = "odd" }), `expected a divergence (none, missing`},
		{"cause", editCases(t, good, func(cs []any) {
			c := cs[0].(map[string]any)
			c["verdict"], c["cause"] = "pass", map[string]any{"names": []string{"x"}, "says": "x", "clause": "§1"}
			delete(c, "divergence")
		}), "cause on a case that did not fail"},
		{"shard", strings.Replace(good, `"format": 1,`, `"format": 1, "shard": "3/2",`, 1), "run: shard: expected K/N with 1 ≤ K ≤ N"},
		{"old shard", strings.Replace(good, `"totals"`, `"shard": "1/2", "totals"`, 1), `unknown field "shard"`},
		{"unknown", strings.Replace(good, `"got"`, `"gone"`, 1), `unknown field "gone"`},
		{"no got", editCases(t, good, func(cs []any) { delete(cs[0].(map[string]any), "got") }), `cases[0] (gen/1/0): verdict fail, but no reply ("got")`},
	} {
		_, err := report.ReadJSON(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// editCases is the JSON report with its cases changed by edit.
func editCases(t *testing.T, report string, edit func(cases []any)) string {
	t.Helper()
	return editReport(t, report, func(m map[string]any) { edit(m["cases"].([]any)) })
}

// editReport is the JSON report changed by edit.
func editReport(t *testing.T, report string, edit func(report map[string]any)) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(report), &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

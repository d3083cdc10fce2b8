package triage_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// fsReader reads classic Betza as the fairy-stockfish profile does, in
// process: a foreign reading whose failures have causes, and safe for
// concurrent calls.
type fsReader struct{}

func (fsReader) Hello() wire.HelloReply {
	return wire.HelloReply{Name: "fs-reader", Version: "1", Protocol: 2, Dialects: []string{dialect.Classic}, Level: wire.LevelDestinations}
}

func (fsReader) Do(req wire.MovesRequest) client.Result {
	s, err := req.Setup()
	if err != nil {
		return client.Result{ID: req.ID, Kind: client.ResultError, Reply: wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: err.Error()}}}
	}
	r := wire.Reply{Outcomes: []wire.Outcome{}}
	if prog, err := translate.ToBetza2(dialect.Classic+":fairy-stockfish", req.Notation); err == nil {
		r = server.AnswerProgram(prog, s, wire.LevelDestinations)
	}
	r.ID = req.ID
	kind := client.ResultOK
	if r.Error != nil {
		kind = client.ResultError
	}
	return client.Result{ID: req.ID, Kind: kind, Reply: r}
}

func (fsReader) Close() error { return nil }

// TestJobsChangeNothing: the run and its diagnosis are the same with one
// job and with four (conform.Stream and Diagnose take results in case
// order; the shrink budget counts candidates, not requests sent), but for
// the times taken and which failure's shrinking sent a request.
func TestJobsChangeNothing(t *testing.T) {
	report := func(jobs int) string {
		var members []conform.Impl
		for range jobs {
			members = append(members, fsReader{})
		}
		pool := conform.NewPool(members...)
		cases, err := conform.Generate(pool.Hello(), 400, 7)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		rep := conform.Stream(ctx, pool, conform.AdaptSeq(cases, pool.Hello()), conform.Options{Jobs: jobs, KeepPasses: true})
		triage.Diagnose(ctx, pool, rep, triage.Options{ShrinkOptions: triage.ShrinkOptions{Budget: 60}, Jobs: jobs})
		var b bytes.Buffer
		if err := report.WriteJSON(&b, rep); err != nil {
			t.Fatal(err)
		}
		if rep.Totals()["fail"] == 0 {
			t.Fatal("no failure: the test needs some")
		}
		// Times, the request ids each process numbers itself, and which
		// failure's shrinking sent a request another met in the cache
		// vary; what was sent in all does not.
		sum := regexp.MustCompile(`"(seconds|id|queries|cacheHits)": [0-9.e-]+`).ReplaceAllString(b.String(), `"$1": _`)
		return fmt.Sprintf("%s\nsent %d, from the cache %d", sum, rep.Shrinking.Queries, rep.Shrinking.CacheHits)
	}
	one, four := report(1), report(4)
	if !strings.Contains(one, `"cause"`) || !strings.Contains(one, `"minimal"`) {
		t.Fatal("no class with a cause, or no failure shrunk: the test compares nothing of the diagnosis")
	}
	if one != four {
		t.Errorf("the reports of --jobs 1 and --jobs 4 differ")
		a, b := []byte(one), []byte(four)
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Logf("first difference at byte %d:\n%s\n---\n%s", i, one[max(0, i-300):min(len(one), i+300)], four[max(0, i-300):min(len(four), i+300)])
				break
			}
		}
	}
}

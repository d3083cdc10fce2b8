package htmlreport

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/conformance/browser"
	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
)

// lax is a deliberately lax implementation, as a test double: it reads
// every notation (an invalid one gets no moves), it has not learnt to
// capture (the outcomes that capture are missing), and it fails with an
// internal error on an eruption (x).
var lax = &fake{name: "lax", level: wire.LevelEffects, answer: func(req wire.MovesRequest) client.Result {
	if strings.Contains(req.Notation, "x") {
		return ok(wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: "eruption not implemented"}})
	}
	r := withoutCaptures(req, wire.LevelEffects)
	if r.Error != nil && r.Error.Kind == wire.KindSyntax {
		r = wire.Reply{Outcomes: []wire.Outcome{}}
	}
	return ok(r)
}}

// TestBrowser renders the report of a real run (the golden corpus through
// the lax implementation) in headless chromium and reads the DOM that the
// browser built: the counts it shows must be the JSON report's of the same
// run, and each failure must have exactly two diagrams, and the page must
// throw no exception. With BETZA_SCREENSHOT=FILE it also saves a
// screenshot of the page.
func TestBrowser(t *testing.T) {
	b := browser.New(t)
	corpusDir := filepath.Join("..", "..", "corpus")
	cases, err := conform.CorpusCases(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	rep := conform.Run(context.Background(), lax, cases, "")
	triage.Shrink(context.Background(), lax, rep, triage.ShrinkOptions{Budget: triage.DefaultShrinkBudget, Impl: "lax"})

	dir := t.TempDir()
	page, jsonFile := filepath.Join(dir, "report.html"), filepath.Join(dir, "report.json")
	var h, j bytes.Buffer
	if err := Write(&h, rep, Options{Impl: "lax", Corpus: "corpus/"}); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteJSON(&j, rep); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, h.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(jsonFile, j.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	// A guard against a hang, long enough never to fail on a slow machine.
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	p, err := b.Open(ctx, "file://"+filepath.ToSlash(page))
	if err != nil {
		t.Fatal(err)
	}
	var domText string
	if err := p.Eval(ctx, "document.documentElement.outerHTML", &domText); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(domText, `<section id="failures"`) {
		t.Fatalf("chromium's DOM has no failures section:\n%.2000s", domText)
	}
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	jr := decodeJSON(t, data)
	dom := parseDOM(t, domText)
	checkAgainstReport(t, dom, jr, DefaultMaxFailures)
	t.Logf("chromium's DOM: %d cases, totals %v, %d clauses, %d failure sections (%d more)",
		dom.totals["cases"], jr.Totals, len(dom.counts), len(dom.failures), dom.more)

	// The run must exercise what is checked: failures of several kinds,
	// more than the page shows.
	if jr.Totals["fail"] == 0 || jr.Totals["error"] == 0 || jr.Totals["pass"] == 0 {
		t.Errorf("the lax run should pass, fail and err: totals %v", jr.Totals)
	}
	if len(dom.classes) < 2 {
		t.Errorf("the lax run should fail in several classes, the page shows %d", len(dom.classes))
	}
	if dom.more == 0 {
		t.Errorf("the lax run should fail more than %d cases", DefaultMaxFailures)
	}
	// Each diagram was parsed as SVG, with its board and marks.
	for _, f := range dom.failures {
		if n := strings.Count(f.body, `class="board"`); n != 2 {
			t.Errorf("failure %s: %d boards in the DOM, want 2", f.id, n)
		}
	}

	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("the page reported errors: %q", errs)
	}

	if shot := os.Getenv("BETZA_SCREENSHOT"); shot != "" {
		png, err := p.Screenshot(ctx, 1280, 4000)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", shot)
	}
}

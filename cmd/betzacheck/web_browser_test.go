package main

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/conformance/browser"
	"github.com/betzacheck/betzacheck/conformance/diagram"
	"github.com/betzacheck/betzacheck/conformance/golden"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// The README's screenshot of the playground, which TestPlaygroundInBrowser
// takes again when golden.Update is set.
var playgroundShot = filepath.Join("testdata", "playground.png")

// TestPlaygroundInBrowser drives the playground in headless Chromium as a
// user does: it types notations, switches the dialect, clicks squares and
// compares what the page shows with what the reference answers for the
// same query.
func TestPlaygroundInBrowser(t *testing.T) {
	b := browser.New(t)
	srv := newTestPlayground(t, webLimits{})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	fire := url.Values{"notation": {"W"}, "position": {"8/8/3p1p2/5P2/4p3/8/8/8"}, "from": {"a1"}}
	p, err := b.Open(ctx, srv.URL+"/?"+fire.Encode())
	if err != nil {
		t.Fatal(err)
	}
	settled := func(notation string) {
		t.Helper()
		expr := fmt.Sprintf(`document.body.dataset.state === "idle" && document.body.dataset.rendered === %q`, notation)
		if err := p.WaitFor(ctx, expr); err != nil {
			t.Fatal(err)
		}
	}
	js := func(expr string, v any) {
		t.Helper()
		if err := p.Eval(ctx, expr, v); err != nil {
			t.Fatal(err)
		}
	}
	settled("W")

	// The fire demon, typed: the marks on the board are the diagram's of
	// the reference's outcomes, and there is one line per outcome.
	if err := p.Type(ctx, "#notation", "mcB-xaK"); err != nil {
		t.Fatal(err)
	}
	settled("mcB-xaK")
	checkMarks(t, js, "betza2", "mcB-xaK", "8x8", "8/8/3p1p2/5P2/4p3/8/8/8", "a1")
	var canonical string
	js(`document.querySelector("#canonical").textContent.trim()`, &canonical)
	if canonical != "mcB-axK" {
		t.Errorf("canonical %q, want mcB-axK", canonical)
	}
	var translations []string
	js(`[...document.querySelectorAll("#translations [data-dialect]")].map(e => e.dataset.dialect)`, &translations)
	for _, name := range translate.Names() {
		if name != "betza2" && !slices.Contains(translations, name) {
			t.Errorf("no translation into %s on the page (it shows %v)", name, translations)
		}
	}
	var search string
	js(`location.search`, &search)
	if q, err := url.ParseQuery(strings.TrimPrefix(search, "?")); err != nil || q.Get("notation") != "mcB-xaK" {
		t.Errorf("the page's address %q does not hold the notation", search)
	}
	if err := saveScreenshot(ctx, p); err != nil {
		t.Error(err)
	}

	// Clause citations link to the spec: explain's output cites some.
	var explainLinks []string
	js(`[...document.querySelectorAll("#explain a.clause")].map(a => a.getAttribute("href"))`, &explainLinks)
	if len(explainLinks) == 0 {
		t.Error("mcB-xaK: explain's output links no clause")
	}
	for _, href := range explainLinks {
		checkClauseLink(t, js, href)
	}

	// A notation with an error: the caret under offset 5 and the clause,
	// a link to it, and the board stays, greyed, with no marks and no
	// outcome.
	if err := p.Type(ctx, "#notation", "mRpR-"); err != nil {
		t.Fatal(err)
	}
	settled("mRpR-")
	var bad struct {
		Hidden            bool
		Offset, Clause    string
		Caret, ClauseLink string
		Squares, Marks    int
		Stale             bool
		Outcomes          int
		Grey              string
	}
	js(`(() => { const e = document.querySelector("#error"), d = document.querySelector("#diagram"); return {
		hidden: e.hidden, offset: e.dataset.offset, clause: e.dataset.clause,
		caret: e.querySelector(".caret").textContent,
		clauseLink: (e.querySelector(".errmsg a.clause") || {}).textContent,
		squares: d.querySelectorAll("rect.square").length, marks: d.querySelectorAll("g.mark").length,
		stale: d.classList.contains("stale"), grey: getComputedStyle(d.querySelector("svg")).filter,
		outcomes: document.querySelectorAll("#outcomes li").length} })()`, &bad)
	if bad.Hidden || bad.Offset != "5" || bad.Clause != "§9.4" || bad.Caret != "     ^" || bad.ClauseLink != "§9.4" ||
		bad.Squares != 64 || bad.Marks != 0 || !bad.Stale || !strings.Contains(bad.Grey, "grayscale") || bad.Outcomes != 0 {
		t.Errorf("mRpR-: shown %+v; want the error visible, offset 5, clause §9.4 linked, the caret under offset 5, the 64 squares greyed, no mark and no outcome", bad)
	}
	var errLink string
	js(`document.querySelector("#error a.clause").getAttribute("href")`, &errLink)
	checkClauseLink(t, js, errLink)
	// The greyed board is still the position's: each click edits it, and
	// the board is drawn again, greyed.
	for _, want := range []string{"7P/8/3p1p2/5P2/4p3/8/8/8", "7p/8/3p1p2/5P2/4p3/8/8/8", "7P*/8/3p1p2/5P2/4p3/8/8/8", "8/8/3p1p2/5P2/4p3/8/8/8"} {
		if err := p.Click(ctx, `#diagram rect.square[data-square="h8"]`); err != nil {
			t.Fatal(err)
		}
		piece := "null"
		if want[0] == '7' {
			piece = "\"" + strings.TrimSuffix(strings.Split(want, "/")[0][1:], "") + "\""
		}
		if err := p.WaitFor(ctx, fmt.Sprintf(`document.querySelector("#position").value === %q && document.body.dataset.state === "idle" &&
			document.querySelector("#diagram.stale") !== null &&
			(document.querySelector('#diagram g.piece[data-square="h8"]') || {dataset: {piece: null}}).dataset.piece === %s`, want, piece)); err != nil {
			t.Fatal(err)
		}
	}

	// The bracket dialect: [R-sR] reads as the Betza 2.0 R-sR.
	if err := p.Select(ctx, "#dialect", "bracket"); err != nil {
		t.Fatal(err)
	}
	if err := p.Type(ctx, "#notation", "[R-sR]"); err != nil {
		t.Fatal(err)
	}
	settled("[R-sR]")
	js(`document.querySelector("#canonical").textContent.trim()`, &canonical)
	if canonical != "R-sR" {
		t.Errorf("bracket [R-sR]: canonical %q, want R-sR", canonical)
	}
	checkMarks(t, js, "bracket", "[R-sR]", "8x8", "8/8/3p1p2/5P2/4p3/8/8/8", "a1")

	// Editing the position: a click on an empty square puts a white piece
	// on it, a shift-click makes a square the mover's.
	if err := p.Select(ctx, "#dialect", "betza2"); err != nil {
		t.Fatal(err)
	}
	if err := p.Type(ctx, "#notation", "R"); err != nil {
		t.Fatal(err)
	}
	settled("R")
	if err := p.Click(ctx, `#diagram rect.square[data-square="a4"]`); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(ctx, `document.querySelector("#position").value === "8/8/3p1p2/5P2/P3p3/8/8/8" && document.body.dataset.state === "idle"`); err != nil {
		t.Fatal(err)
	}
	checkMarks(t, js, "betza2", "R", "8x8", "8/8/3p1p2/5P2/P3p3/8/8/8", "a1")
	if err := p.Click(ctx, `#diagram rect.square[data-square="c3"]`, browser.Shift); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(ctx, `document.querySelector("#from").value === "c3" && document.body.dataset.state === "idle"`); err != nil {
		t.Fatal(err)
	}
	checkMarks(t, js, "betza2", "R", "8x8", "8/8/3p1p2/5P2/P3p3/8/8/8", "c3")

	// Without shift-click: "Move the mover", then a plain click (a tap).
	if err := p.Click(ctx, "#place-mover"); err != nil {
		t.Fatal(err)
	}
	if err := p.Click(ctx, `#diagram rect.square[data-square="e2"]`); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(ctx, `document.querySelector("#from").value === "e2" && document.body.dataset.state === "idle"`); err != nil {
		t.Fatal(err)
	}
	var pressed string
	js(`document.querySelector("#place-mover").getAttribute("aria-pressed")`, &pressed)
	if pressed != "false" {
		t.Errorf("after the mover moved, the button is pressed: %q", pressed)
	}
	checkMarks(t, js, "betza2", "R", "8x8", "8/8/3p1p2/5P2/P3p3/8/8/8", "e2")

	// The keyboard: the board's square in the tab order is the mover's;
	// the arrows move, M puts the mover there, Enter acts as a click, and
	// the focus stays on its square when the board is drawn again.
	var tabbed string
	js(`(() => { const e = document.querySelector('#diagram rect.square[tabindex="0"]'); e.focus(); return e.dataset.square; })()`, &tabbed)
	if tabbed != "e2" {
		t.Errorf("the board's square in the tab order is %q, want the mover's, e2", tabbed)
	}
	for _, k := range []string{"ArrowUp", "ArrowUp", "ArrowLeft", "m"} {
		if err := p.Press(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.WaitFor(ctx, `document.querySelector("#from").value === "d4" && document.body.dataset.state === "idle" && document.activeElement.dataset.square === "d4"`); err != nil {
		t.Fatal(err)
	}
	checkMarks(t, js, "betza2", "R", "8x8", "8/8/3p1p2/5P2/P3p3/8/8/8", "d4")
	for _, k := range []string{"ArrowDown", "Enter"} {
		if err := p.Press(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.WaitFor(ctx, `document.querySelector("#position").value === "8/8/3p1p2/5P2/P3p3/3P4/8/8" && document.body.dataset.state === "idle" && document.activeElement.dataset.square === "d3"`); err != nil {
		t.Fatal(err)
	}
	checkMarks(t, js, "betza2", "R", "8x8", "8/8/3p1p2/5P2/P3p3/3P4/8/8", "d4")

	// A second notation: W3 and R differ, and the page shows where.
	if err := p.Type(ctx, "#notation", "W3"); err != nil {
		t.Fatal(err)
	}
	if err := p.Type(ctx, "#notation2", "R"); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(ctx, `document.body.dataset.state === "idle" && document.querySelector("#equiv").dataset.verdict !== ""`); err != nil {
		t.Fatal(err)
	}
	var eq struct {
		Verdict string
		Boards  int
	}
	js(`({verdict: document.querySelector("#equiv").dataset.verdict,
		boards: document.querySelectorAll("#counterexample svg").length})`, &eq)
	if eq.Verdict != "different" || eq.Boards != 2 {
		t.Errorf("W3 against R: verdict %q with %d diagrams, want different with 2", eq.Verdict, eq.Boards)
	}

	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("the page reported errors:\n%s", strings.Join(errs, "\n"))
	}

	// At 400 px wide (a phone) nothing is wider than the page, and the
	// header's parts stay inside it.
	if err := p.SetViewport(ctx, 400, 800); err != nil {
		t.Fatal(err)
	}
	var narrow struct {
		Page, Width float64
		Header      float64
		Overflowing []string
	}
	js(`(() => { const head = document.querySelector("header"), hr = head.getBoundingClientRect();
		const out = [...head.querySelectorAll("*")].filter(e => { const r = e.getBoundingClientRect();
			return r.width > 0 && (r.right > hr.right + 0.5 || r.left < hr.left - 0.5); }).map(e => e.id || e.tagName.toLowerCase());
		return {page: document.documentElement.scrollWidth, width: window.innerWidth, header: head.scrollWidth - head.clientWidth, overflowing: out}; })()`, &narrow)
	if narrow.Width != 400 || narrow.Page > narrow.Width || narrow.Header > 0 || len(narrow.Overflowing) > 0 {
		t.Errorf("at 400 px: viewport %v, page %v wide, header %v px too wide, outside it: %v", narrow.Width, narrow.Page, narrow.Header, narrow.Overflowing)
	}
}

// checkClauseLink checks that href, a clause link of the playground,
// leads to that clause's anchor on the served spec page.
func checkClauseLink(t *testing.T, js func(string, any), href string) {
	t.Helper()
	path, anchor, ok := strings.Cut(href, "#")
	if !ok || !strings.HasPrefix(path, "/spec/") || !strings.HasPrefix(anchor, "clause-") {
		t.Errorf("clause link %q: want /spec/FILE#clause-ID", href)
		return
	}
	var found bool
	js(fmt.Sprintf(`fetch(%q).then(r => r.text()).then(t => new DOMParser().parseFromString(t, "text/html").getElementById(%q) !== null)`, path, anchor), &found)
	if !found {
		t.Errorf("clause link %q: the spec page has no such anchor", href)
	}
}

// checkMarks compares the marks of the page's diagram, square by square,
// with those of the reference's outcomes for the same query, and the
// outcome list with the outcomes.
func checkMarks(t *testing.T, js func(string, any), dialectName, notation, size, placement, from string) {
	t.Helper()
	prog, err := translate.ToBetza2(dialectName, notation)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := board.ParseSetup(size, placement, from, board.DefaultMover().String())
	if err != nil {
		t.Fatal(err)
	}
	outs, err := prog.Moves(setup.Pos, setup.From, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	for m, sqs := range diagram.Classify(setup.Pos, setup.From, outs, diagram.Options{Erupts: prog.Prog.Erupts()}) {
		for _, q := range sqs {
			want[string(m)] = append(want[string(m)], q.String())
		}
		slices.Sort(want[string(m)])
	}
	var got map[string][]string
	js(`(() => { const marks = {};
		for (const g of document.querySelectorAll("#diagram g.mark")) {
			const kind = [...g.classList].find(c => c !== "mark");
			(marks[kind] ||= []).push(g.dataset.square);
		}
		for (const k in marks) marks[k].sort();
		return marks; })()`, &got)
	if !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("%s %s from %s on %s: the page marks %v, the reference's outcomes %v", dialectName, notation, from, placement, got, want)
	}
	var items int
	js(`document.querySelectorAll("#outcomes li").length`, &items)
	if items != len(outs) {
		t.Errorf("%s %s: %d outcomes listed, the reference has %d", dialectName, notation, items, len(outs))
	}
}

// saveScreenshot takes the README's screenshot of the page: into testdata
// when golden.Update is set, else only to check that it can be taken.
func saveScreenshot(ctx context.Context, p *browser.Page) error {
	// The "working…" note fades out once the page is idle.
	if err := p.WaitFor(ctx, `getComputedStyle(document.querySelector("#status")).opacity === "0"`); err != nil {
		return err
	}
	shot, err := p.Screenshot(ctx, 1280, 900)
	if err != nil {
		return err
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		return fmt.Errorf("the screenshot is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 900 {
		return fmt.Errorf("the screenshot is %dx%d, want 1280x900", b.Dx(), b.Dy())
	}
	if !golden.Update() {
		return nil
	}
	return os.WriteFile(playgroundShot, shot, 0o644)
}

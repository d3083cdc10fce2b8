package browser

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// testPage has one of each thing a test of a page drives: an input whose
// input listener writes into a div, a number input, a button, an SVG rect with a click
// listener, a select, and a function that throws from a timer.
const testPage = `<!doctype html>
<html><head><title>browser test</title></head><body>
<input id="notation" autocomplete="off"> <input id="size" type="number" value="8">
<div id="echo"></div><div id="inputs">0</div>
<button id="go">go</button>
<svg width="200" height="100"><rect id="square" x="120" y="40" width="40" height="40" fill="green"/></svg>
<div id="clicks"></div>
<select id="dialect"><option value="betza2">betza2</option><option value="bracket">bracket</option></select>
<div id="chosen"></div>
<script>
const $ = (s) => document.querySelector(s);
let inputs = 0;
$("#notation").addEventListener("input", () => {
	inputs++;
	$("#echo").textContent = $("#notation").value;
	$("#inputs").textContent = inputs;
});
$("#go").addEventListener("click", (e) => { $("#clicks").textContent += e.shiftKey ? "S" : "b"; });
$("#square").addEventListener("click", () => { $("#clicks").textContent += "r"; });
$("#dialect").addEventListener("change", () => { $("#chosen").textContent = $("#dialect").value; });
window.later = (ms) => setTimeout(() => { document.body.dataset.late = "yes"; }, ms);
window.boom = () => setTimeout(() => { throw new Error("boom from a timer"); }, 0);
</script>
</body></html>`

// serve serves testPage for the test and returns its URL.
func serve(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(testPage))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// open starts a browser for the test and opens testPage in it.
func open(t *testing.T) (*Browser, *Page) {
	t.Helper()
	b := New(t)
	p, err := b.Open(timeout(t), serve(t))
	if err != nil {
		t.Fatal(err)
	}
	return b, p
}

// TestPage drives testPage: each subtest in a tab of its own, all in one
// browser.
func TestPage(t *testing.T) {
	b := New(t)
	url := serve(t)
	t.Logf("%s", b.Version())
	for _, sub := range []struct {
		name string
		test func(*testing.T, *Page)
	}{
		{"Type", testType}, {"Click", testClick}, {"Select", testSelect}, {"Eval", testEval},
		{"WaitFor", testWaitFor}, {"Errors", testErrors}, {"Screenshot", testScreenshot}, {"NoAnswer", testNoAnswer},
	} {
		t.Run(sub.name, func(t *testing.T) {
			p, err := b.Open(timeout(t), url)
			if err != nil {
				t.Fatal(err)
			}
			sub.test(t, p)
		})
	}
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	if _, err := b.Open(timeout(t), gone.URL); err == nil || !strings.Contains(err.Error(), "ERR_CONNECTION_REFUSED") {
		t.Errorf("opening an address that nothing serves gave %v", err)
	}
}

// timeout is a context for one step of a test: a guard against a hang,
// long enough never to fail on a slow machine.
func timeout(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// text is the text content of the element that matches selector.
func text(t *testing.T, p *Page, selector string) string {
	t.Helper()
	var s string
	if err := p.Eval(timeout(t), `document.querySelector(`+strconv.Quote(selector)+`).textContent`, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func testType(t *testing.T, p *Page) {
	ctx := timeout(t)
	// Typing again replaces the content: one Backspace, then the keys.
	for _, step := range []struct{ text, inputs string }{{"mcB-xaK", "7"}, {"W3", "10"}} {
		if err := p.Type(ctx, "#notation", step.text); err != nil {
			t.Fatal(err)
		}
		if got := text(t, p, "#echo"); got != step.text {
			t.Errorf("after typing %s the input listener wrote %q", step.text, got)
		}
		if got := text(t, p, "#inputs"); got != step.inputs {
			t.Errorf("after typing %s: %s input events in all, want %s", step.text, got, step.inputs)
		}
	}
	if err := p.Type(ctx, "#size", "10"); err != nil {
		t.Fatal(err)
	}
	var size string
	if err := p.Eval(ctx, `document.querySelector("#size").value`, &size); err != nil || size != "10" {
		t.Errorf("typing 10 over 8 in a number input gave %q (%v)", size, err)
	}
	if err := p.Type(ctx, "#nowhere", "x"); err == nil || !strings.Contains(err.Error(), "no element matches #nowhere") {
		t.Errorf("typing into a missing element: %v", err)
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("the page reported errors: %q", errs)
	}
}

func testClick(t *testing.T, p *Page) {
	ctx := timeout(t)
	for _, step := range []struct {
		selector string
		mods     []Modifier
	}{{"#go", nil}, {"#square", nil}, {"#go", []Modifier{Shift}}} {
		if err := p.Click(ctx, step.selector, step.mods...); err != nil {
			t.Fatal(err)
		}
	}
	if got := text(t, p, "#clicks"); got != "brS" {
		t.Errorf("the click listeners wrote %q, want brS (button, SVG rect, shift-click on the button)", got)
	}
	if err := p.Hover(ctx, "#square"); err != nil {
		t.Fatal(err)
	}
	var hovered bool
	if err := p.Eval(ctx, `document.querySelector("#square").matches(":hover")`, &hovered); err != nil || !hovered {
		t.Errorf("after Hover the rect is not :hover (%v)", err)
	}
}

func testSelect(t *testing.T, p *Page) {
	ctx := timeout(t)
	if err := p.Select(ctx, "#dialect", "bracket"); err != nil {
		t.Fatal(err)
	}
	if got := text(t, p, "#chosen"); got != "bracket" {
		t.Errorf("the change listener wrote %q, want bracket", got)
	}
	err := p.Select(ctx, "#dialect", "klingon")
	if err == nil || !strings.Contains(err.Error(), `has no option of value "klingon"`) {
		t.Errorf("choosing a missing option: %v", err)
	}
	if err := p.Select(ctx, "#go", "x"); err == nil || !strings.Contains(err.Error(), "not a select") {
		t.Errorf("choosing in a button: %v", err)
	}
}

func testEval(t *testing.T, p *Page) {
	ctx := timeout(t)
	var got struct {
		Sum   int
		Title string
	}
	if err := p.Eval(ctx, `Promise.resolve({Sum: 1 + 2, Title: document.title})`, &got); err != nil {
		t.Fatal(err)
	}
	if got.Sum != 3 || got.Title != "browser test" {
		t.Errorf("got %+v", got)
	}
	err := p.Eval(ctx, `(() => { throw new Error("bad expression") })()`, nil)
	var se *scriptError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "Error: bad expression") {
		t.Errorf("a thrown exception gave %v", err)
	}
	if err := p.Eval(ctx, `undefined`, &got); err == nil {
		t.Errorf("undefined decoded into a struct")
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("Eval's own exception was reported as the page's: %q", errs)
	}
}

func testWaitFor(t *testing.T, p *Page) {
	ctx := timeout(t)
	if err := p.Eval(ctx, `later(100)`, nil); err != nil {
		t.Fatal(err)
	}
	// Until the timer, the element has no data-late (undefined): not yet.
	if err := p.WaitFor(ctx, `document.body.dataset.late === "yes"`); err != nil {
		t.Fatal(err)
	}
	never := `document.querySelector("#echo").textContent === "never"`
	err := waitTried(ctx, t, p, never)
	if err == nil || !strings.Contains(err.Error(), never) ||
		!strings.Contains(err.Error(), "never became true (last: false)") || !errors.Is(err, errTried) {
		t.Errorf("a condition that stays false gave %v", err)
	}
	// An exception is "not yet", and the error says what it was.
	err = waitTried(ctx, t, p, `document.querySelector("#nowhere").hidden`)
	if err == nil || !strings.Contains(err.Error(), "TypeError") || !errors.Is(err, errTried) {
		t.Errorf("a condition that throws gave %v", err)
	}
	if err := p.WaitFor(ctx, `document.title`); err == nil || !strings.Contains(err.Error(), "not a boolean") {
		t.Errorf("a string condition gave %v", err)
	}
}

// errTried is the cause with which waitTried stops a WaitFor.
var errTried = errors.New("the condition was evaluated twice")

// waitTried runs WaitFor on a condition that stays false or throws, and
// stops it once the page has evaluated the condition twice (so that
// WaitFor has seen the first result whatever the machine's load), with
// the cause errTried: the error it returns is the one of a deadline
// passed, without a deadline that a slow first evaluation could miss.
func waitTried(ctx context.Context, t *testing.T, p *Page, cond string) error {
	t.Helper()
	if err := p.Eval(ctx, `window.tried = 0`, nil); err != nil {
		t.Fatal(err)
	}
	stop, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for stop.Err() == nil {
			var n int
			if err := p.Eval(stop, `window.tried`, &n); err == nil && n >= 2 {
				cancel(errTried)
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	err := p.WaitFor(stop, `(window.tried++, `+cond+`)`)
	cancel(nil)
	<-watched
	return err
}

// testErrors checks that an exception thrown by the page itself (from a
// timer) and a console.error are collected.
func testErrors(t *testing.T, p *Page) {
	ctx := timeout(t)
	if err := p.Eval(ctx, `boom(); console.error("bad", 42)`, nil); err != nil {
		t.Fatal(err)
	}
	// The timer fires after Eval returns: wait for one more round trip
	// that comes after it.
	if err := p.WaitFor(ctx, `new Promise((ok) => setTimeout(() => ok(true), 10))`); err != nil {
		t.Fatal(err)
	}
	errs := p.Errors()
	if len(errs) != 2 || !strings.Contains(errs[0], "console.error: bad 42") || !strings.Contains(errs[1], "Error: boom from a timer") {
		t.Errorf("Errors() = %q, want the console error and the uncaught exception", errs)
	}
}

func testScreenshot(t *testing.T, p *Page) {
	data, err := p.Screenshot(timeout(t), 320, 200)
	if err != nil {
		t.Fatal(err)
	}
	if ct := http.DetectContentType(data); ct != "image/png" {
		t.Errorf("the screenshot is %s", ct)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 200 {
		t.Errorf("the screenshot is %dx%d, want 320x200", b.Dx(), b.Dy())
	}
	var size [2]int
	if err := p.Eval(timeout(t), `[innerWidth, innerHeight]`, &size); err != nil {
		t.Fatal(err)
	}
	if size != [2]int{ViewportWidth, ViewportHeight} {
		t.Errorf("after the screenshot the viewport is %v, want %dx%d", size, ViewportWidth, ViewportHeight)
	}
}

// testNoAnswer checks that a call that gets no answer ends with its ctx.
func testNoAnswer(t *testing.T, p *Page) {
	short, cancel := context.WithTimeout(timeout(t), 200*time.Millisecond)
	defer cancel()
	err := p.Eval(short, `new Promise(() => {})`, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a promise that never settles gave %v", err)
	}
}

// TestDeath checks that calls fail, and do not hang, once Chromium is
// gone.
func TestDeath(t *testing.T) {
	b, p := open(t)
	killAll(b.cmd, b.dir)
	if err := p.Eval(timeout(t), `1`, nil); err == nil || !strings.Contains(err.Error(), "pipe ended") {
		t.Errorf("Eval in a dead browser gave %v", err)
	}
	if _, err := b.Open(timeout(t), "about:blank"); err == nil {
		t.Errorf("Open in a dead browser succeeded")
	}
}

// TestClose checks that Close leaves no process of Chromium running and
// removes the profile.
func TestClose(t *testing.T) {
	b, _ := open(t)
	pid := b.cmd.Process.Pid
	before := processes(pid, b.dir)
	if len(before) < 2 {
		t.Errorf("chromium %d has %d running processes, want its renderers too", pid, len(before))
	}
	t.Logf("chromium %d ran %d processes", pid, len(before))
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	// SIGKILL takes effect at once, but the processes are gone only when
	// the kernel has run their exits: wait for that, as long as it takes.
	for left := processes(pid, b.dir); len(left) > 0; left = processes(pid, b.dir) {
		if timeout(t).Err() != nil {
			t.Fatalf("processes of chromium outlived Close: %v", left)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := os.Stat(b.dir); !os.IsNotExist(err) {
		t.Errorf("the profile %s is still there (%v)", b.dir, err)
	}
	if err := b.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}

// TestStartFails checks that a program that is not Chromium gives an
// error, not a hang: one that exits at once, and one that reads its
// commands but never answers (which Start then kills). It needs no
// Chromium.
func TestStartFails(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh to play a broken browser")
	}
	_, err := Start(timeout(t), "/bin/false")
	if err == nil || !strings.Contains(err.Error(), "pipe ended") {
		t.Errorf("a browser that exits at once gave %v", err)
	}
	silent := filepath.Join(t.TempDir(), "silent")
	if err := os.WriteFile(silent, []byte("#!/bin/sh\nread -r line <&3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(timeout(t), 300*time.Millisecond)
	defer cancel()
	_, err = Start(short, silent)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a browser that never answers gave %v", err)
	}
}

package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// A Page is a tab of the browser, attached to its own protocol session.
// Every method takes a ctx that bounds it: give it a deadline.
type Page struct {
	b       *Browser
	session string

	mu      sync.Mutex
	errors  []string        // the page's uncaught exceptions and console errors
	loaded  map[string]bool // the loader ids whose load event has fired
	changed chan struct{}   // closed, and replaced, when loaded grows
}

// Open opens url in a new tab and waits for its load event (the page and
// what it links, not the fetches of its scripts). An address that cannot
// be reached is an error; a page of an HTTP error status is not.
func (b *Browser) Open(ctx context.Context, url string) (*Page, error) {
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "", "Target.createTarget", params{"url": "about:blank"}, &target); err != nil {
		return nil, err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", params{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: attached.SessionID, loaded: map[string]bool{}, changed: make(chan struct{})}
	b.mu.Lock()
	b.pages[p.session] = p
	b.mu.Unlock()
	for _, m := range []string{"Page.enable", "Runtime.enable"} {
		if err := p.call(ctx, m, nil, nil); err != nil {
			return nil, err
		}
	}
	if err := p.call(ctx, "Page.setLifecycleEventsEnabled", params{"enabled": true}, nil); err != nil {
		return nil, err
	}
	if err := p.setViewport(ctx, ViewportWidth, ViewportHeight); err != nil {
		return nil, err
	}
	var nav struct {
		LoaderID  string `json:"loaderId"`
		ErrorText string `json:"errorText"`
	}
	if err := p.call(ctx, "Page.navigate", params{"url": url}, &nav); err != nil {
		return nil, err
	}
	if nav.ErrorText != "" {
		return nil, fmt.Errorf("opening %s: %s", url, nav.ErrorText)
	}
	if nav.LoaderID == "" { // the same document: there is nothing to load
		return p, nil
	}
	if err := p.waitLoad(ctx, nav.LoaderID); err != nil {
		return nil, fmt.Errorf("opening %s: %w", url, err)
	}
	return p, nil
}

// waitLoad waits for the load event of the document that loader loads.
func (p *Page) waitLoad(ctx context.Context, loader string) error {
	for {
		p.mu.Lock()
		done, changed := p.loaded[loader], p.changed
		p.mu.Unlock()
		if done {
			return nil
		}
		select {
		case <-changed:
		case <-p.b.done:
			return p.b.err
		case <-ctx.Done():
			return fmt.Errorf("no load event: %w", context.Cause(ctx))
		}
	}
}

// event takes in an event of the page's session. It runs on the reader
// of the pipe, so it must not wait.
func (p *Page) event(method string, raw json.RawMessage) {
	switch method {
	case "Page.lifecycleEvent":
		var e struct {
			LoaderID string `json:"loaderId"`
			Name     string `json:"name"`
		}
		if json.Unmarshal(raw, &e) == nil && e.Name == "load" {
			p.mu.Lock()
			p.loaded[e.LoaderID] = true
			close(p.changed)
			p.changed = make(chan struct{})
			p.mu.Unlock()
		}
	case "Runtime.exceptionThrown":
		var e struct {
			ExceptionDetails exception `json:"exceptionDetails"`
		}
		if json.Unmarshal(raw, &e) == nil {
			p.addError(e.ExceptionDetails.Error())
		}
	case "Runtime.consoleAPICalled":
		var e struct {
			Type string         `json:"type"`
			Args []remoteObject `json:"args"`
		}
		if json.Unmarshal(raw, &e) == nil && (e.Type == "error" || e.Type == "assert") {
			words := make([]string, len(e.Args))
			for i, a := range e.Args {
				words[i] = a.String()
			}
			p.addError("console." + e.Type + ": " + strings.Join(words, " "))
		}
	case "Inspector.targetCrashed":
		p.addError("the page's renderer crashed")
	}
}

func (p *Page) addError(s string) {
	p.mu.Lock()
	p.errors = append(p.errors, s)
	p.mu.Unlock()
}

// Errors returns the page's uncaught exceptions (of its scripts, its
// event listeners, its timers and its rejected promises) and its calls
// of console.error and failed console.assert, in the order they came.
// An exception of an expression given to Eval is Eval's error, not one
// of these.
func (p *Page) Errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.errors)
}

// call sends a command to the page's session.
func (p *Page) call(ctx context.Context, method string, pr params, result any) error {
	return p.b.call(ctx, p.session, method, pr, result)
}

// remoteObject is a JavaScript value as the protocol describes it.
type remoteObject struct {
	Type         string          `json:"type"`
	Subtype      string          `json:"subtype"`
	Value        json.RawMessage `json:"value"`
	Unserialized string          `json:"unserializableValue"`
	Description  string          `json:"description"`
}

// String is the value as console.log would print it: a string bare,
// anything else as JSON or its description.
func (o remoteObject) String() string {
	switch {
	case o.Type == "string":
		var s string
		json.Unmarshal(o.Value, &s)
		return s
	case o.Value != nil:
		return string(o.Value)
	case o.Unserialized != "":
		return o.Unserialized
	case o.Description != "":
		return o.Description
	}
	return o.Type
}

// exception is the protocol's account of a JavaScript exception.
type exception struct {
	Text      string        `json:"text"` // "Uncaught", "Uncaught (in promise)"
	URL       string        `json:"url"`
	Line      int           `json:"lineNumber"`
	Column    int           `json:"columnNumber"`
	Exception *remoteObject `json:"exception"`
}

// Error is the exception's text, then what was thrown (an Error's
// description has its stack), then where, when the stack does not say.
func (e exception) Error() string {
	s := e.Text
	if e.Exception != nil {
		s += " " + e.Exception.String()
	}
	if e.URL != "" && !strings.Contains(s, e.URL) {
		s += fmt.Sprintf(" (%s:%d:%d)", e.URL, e.Line+1, e.Column+1)
	}
	return s
}

// scriptError is a JavaScript exception of an expression given to Eval.
type scriptError struct {
	expr string
	exception
}

func (e *scriptError) Error() string {
	return fmt.Sprintf("evaluating %s: %s", e.expr, e.exception.Error())
}

// evaluate evaluates a JavaScript expression in the page, awaits it if it
// is a promise, and returns its value.
func (p *Page) evaluate(ctx context.Context, expr string) (remoteObject, error) {
	var r struct {
		Result           remoteObject `json:"result"`
		ExceptionDetails *exception   `json:"exceptionDetails"`
	}
	err := p.call(ctx, "Runtime.evaluate", params{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if err != nil {
		return remoteObject{}, err
	}
	if r.ExceptionDetails != nil {
		return remoteObject{}, &scriptError{expr, *r.ExceptionDetails}
	}
	return r.Result, nil
}

// Eval evaluates a JavaScript expression in the page, awaits it if it is
// a promise, and decodes its value, as JSON, into result (unless nil). An
// exception is an error with the exception's text and stack; so is an
// undefined value when a result is asked for.
func (p *Page) Eval(ctx context.Context, expr string, result any) error {
	v, err := p.evaluate(ctx, expr)
	if err != nil || result == nil {
		return err
	}
	if v.Value == nil {
		return fmt.Errorf("evaluating %s: %s has no JSON value", expr, v)
	}
	if err := json.Unmarshal(v.Value, result); err != nil {
		return fmt.Errorf("evaluating %s: %v", expr, err)
	}
	return nil
}

// pollInterval is how often WaitFor evaluates its expression.
const pollInterval = 25 * time.Millisecond

// WaitFor evaluates a JavaScript expression every 25ms until it is
// true, and returns an error when ctx ends first, naming the expression
// and what it was last. Until then an exception, undefined or null counts
// as not yet; a value that is not a boolean is an error at once.
func (p *Page) WaitFor(ctx context.Context, expr string) error {
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	last := "never evaluated"
	for {
		v, err := p.evaluate(ctx, expr)
		var se *scriptError
		switch {
		case err == nil && v.Type == "boolean":
			if string(v.Value) == "true" {
				return nil
			}
			last = "false"
		case err == nil && (v.Type == "undefined" || v.Subtype == "null"):
			last = v.String()
		case err == nil:
			return fmt.Errorf("waiting for %s: it is %s, not a boolean", expr, v)
		case errors.As(err, &se):
			last = se.exception.Error()
		case ctx.Err() == nil:
			return fmt.Errorf("waiting for %s: %w", expr, err)
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return fmt.Errorf("waited for %s, but it never became true (last: %s): %w", expr, last, context.Cause(ctx))
		}
	}
}

// element runs body, a JavaScript function body, on the first element
// that matches selector (as e), and decodes what it returns into result
// (unless nil). The body returns {error: "..."} for a failure.
func (p *Page) element(ctx context.Context, selector, body string, result any) error {
	sel, err := json.Marshal(selector)
	if err != nil {
		return err
	}
	var r struct {
		Found bool            `json:"found"`
		Error string          `json:"error"`
		Value json.RawMessage `json:"value"`
	}
	expr := fmt.Sprintf(`((e) => e ? {found: true, ...((e) => { %s })(e)} : {found: false})(document.querySelector(%s))`, body, sel)
	if err := p.Eval(ctx, expr, &r); err != nil {
		return err
	}
	switch {
	case !r.Found:
		return fmt.Errorf("no element matches %s", selector)
	case r.Error != "":
		return fmt.Errorf("%s: %s", selector, r.Error)
	case result != nil:
		return json.Unmarshal(r.Value, result)
	}
	return nil
}

// key presses and releases one key. text is what it types ("" for a key
// that types nothing).
func (p *Page) key(ctx context.Context, key, code string, keyCode int, text string) error {
	down := params{"type": "rawKeyDown", "key": key, "code": code, "windowsVirtualKeyCode": keyCode}
	if text != "" {
		down["type"], down["text"], down["unmodifiedText"] = "keyDown", text, text
	}
	if err := p.call(ctx, "Input.dispatchKeyEvent", down, nil); err != nil {
		return err
	}
	return p.call(ctx, "Input.dispatchKeyEvent", params{"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": keyCode}, nil)
}

// Type focuses the element that matches selector (an input, a textarea or
// an editable element), selects its content, deletes it with Backspace
// and types text one key at a time, as a user does: the page sees
// keydown, input and keyup for each key. A newline in text is Enter.
func (p *Page) Type(ctx context.Context, selector, text string) error {
	err := p.element(ctx, selector, `e.focus();
		if (document.activeElement !== e) return {error: "cannot take the focus"};
		if (e.select) e.select(); else document.execCommand("selectAll");`, nil)
	if err != nil {
		return err
	}
	if err := p.key(ctx, "Backspace", "Backspace", 8, ""); err != nil {
		return err
	}
	for _, r := range text {
		var err error
		if r == '\n' {
			err = p.key(ctx, "Enter", "Enter", 13, "\r")
		} else {
			err = p.key(ctx, string(r), "", 0, string(r))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// A Modifier is a key held down during a click, as the protocol numbers
// them; several are added.
type Modifier int

// The modifier keys.
const (
	Alt   Modifier = 1
	Ctrl  Modifier = 2
	Meta  Modifier = 4
	Shift Modifier = 8
)

// centre scrolls the element that matches selector into view and returns
// the middle of its box, in the viewport's CSS pixels.
func (p *Page) centre(ctx context.Context, selector string) (x, y float64, err error) {
	var c struct{ X, Y float64 }
	err = p.element(ctx, selector, `e.scrollIntoView({block: "center", inline: "center"});
		const r = e.getBoundingClientRect();
		if (r.width === 0 && r.height === 0) return {error: "has no box (not displayed)"};
		return {value: {x: r.left + r.width / 2, y: r.top + r.height / 2}};`, &c)
	return c.X, c.Y, err
}

// Hover moves the mouse over the middle of the element that matches
// selector (an HTML or an SVG element).
func (p *Page) Hover(ctx context.Context, selector string) error {
	x, y, err := p.centre(ctx, selector)
	if err != nil {
		return err
	}
	return p.call(ctx, "Input.dispatchMouseEvent", params{"type": "mouseMoved", "x": x, "y": y}, nil)
}

// Click moves the mouse to the middle of the element that matches
// selector (an HTML or an SVG element), presses its left button and
// releases it, with mods held. Like a user's, the click goes to whatever
// is drawn on top at that point (a piece's glyph over a square), and
// bubbles up from there.
func (p *Page) Click(ctx context.Context, selector string, mods ...Modifier) error {
	x, y, err := p.centre(ctx, selector)
	if err != nil {
		return err
	}
	return p.ClickAt(ctx, x, y, mods...)
}

// ClickAt clicks the left button at (x, y), in the viewport's CSS pixels,
// with mods held.
func (p *Page) ClickAt(ctx context.Context, x, y float64, mods ...Modifier) error {
	var m Modifier
	for _, k := range mods {
		m |= k
	}
	for _, e := range []params{
		{"type": "mouseMoved", "x": x, "y": y, "modifiers": m},
		{"type": "mousePressed", "x": x, "y": y, "modifiers": m, "button": "left", "buttons": 1, "clickCount": 1},
		{"type": "mouseReleased", "x": x, "y": y, "modifiers": m, "button": "left", "buttons": 0, "clickCount": 1},
	} {
		if err := p.call(ctx, "Input.dispatchMouseEvent", e, nil); err != nil {
			return err
		}
	}
	return nil
}

// Select chooses the option of value in the <select> that matches
// selector and fires its input and change events, as a user's choice
// does. A value that no option has is an error.
func (p *Page) Select(ctx context.Context, selector, value string) error {
	v, err := json.Marshal(value)
	if err != nil {
		return err
	}
	return p.element(ctx, selector, fmt.Sprintf(`const v = %s;
		if (e.tagName !== "SELECT") return {error: "is a " + e.tagName.toLowerCase() + ", not a select"};
		if (![...e.options].some((o) => o.value === v)) return {error: "has no option of value " + JSON.stringify(v)};
		e.focus();
		e.value = v;
		e.dispatchEvent(new Event("input", {bubbles: true}));
		e.dispatchEvent(new Event("change", {bubbles: true}));
		return {};`, v), nil)
}

// setViewport makes the page's viewport width × height CSS pixels, one
// device pixel each.
func (p *Page) setViewport(ctx context.Context, width, height int) error {
	return p.call(ctx, "Emulation.setDeviceMetricsOverride",
		params{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil)
}

// Screenshot sets the viewport to width × height CSS pixels, takes a PNG
// of it (one image pixel per CSS pixel), and sets the viewport back to
// ViewportWidth × ViewportHeight.
func (p *Page) Screenshot(ctx context.Context, width, height int) ([]byte, error) {
	if err := p.setViewport(ctx, width, height); err != nil {
		return nil, err
	}
	var shot struct {
		Data []byte `json:"data"` // base64 in the JSON
	}
	err := p.call(ctx, "Page.captureScreenshot", params{"format": "png"}, &shot)
	if err2 := p.setViewport(ctx, ViewportWidth, ViewportHeight); err == nil {
		err = err2
	}
	return shot.Data, err
}

// SetViewport makes the page's viewport width × height CSS pixels, as a
// window (or a phone's screen) of that size shows it, until it is set
// again; a screenshot sets it back to ViewportWidth × ViewportHeight.
func (p *Page) SetViewport(ctx context.Context, width, height int) error {
	return p.setViewport(ctx, width, height)
}

// keyCodes are the Windows virtual key codes of the named keys Press
// knows, and the text each types.
var keyCodes = map[string]struct {
	code int
	text string
}{
	"Enter": {13, "\r"}, "Tab": {9, ""}, "Escape": {27, ""}, " ": {32, " "},
	"ArrowLeft": {37, ""}, "ArrowUp": {38, ""}, "ArrowRight": {39, ""}, "ArrowDown": {40, ""},
}

// Press presses and releases one key where the focus is, as a user does:
// a named key of the DOM ("Enter", "ArrowUp", "Tab", " ") or a single
// letter or digit ("m").
func (p *Page) Press(ctx context.Context, key string) error {
	if k, ok := keyCodes[key]; ok {
		return p.key(ctx, key, key, k.code, k.text)
	}
	if r := []rune(key); len(r) == 1 && r[0] < 128 {
		return p.key(ctx, key, "", int(strings.ToUpper(key)[0]), key)
	}
	return fmt.Errorf("press %q: not a key Press knows", key)
}

// Package client runs an implementation under test of protocol 2
// (spec/protocol.md) and asks it one request at a time (Client): it keeps
// the process across requests, ends it with every process it started
// (spec/protocol.md P6.1: on Linux through a supervisor, a child
// subreaper, which also ends them when the client is killed) and starts
// it afresh after a timeout, a crash or a reply that desynchronised the
// stream, and gives every request exactly one Result. The messages are
// those of package wire; package conform judges the results.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/betzacheck/betzacheck/conformance/wire"
)

// Defaults of Options.
const (
	DefaultTimeout      = 10 * time.Second
	DefaultHelloTimeout = 30 * time.Second
	DefaultMaxReply     = 1 << 20
)

const (
	// byeGrace is how long Close waits for the implementation to exit
	// after "bye" (spec/protocol.md P5).
	byeGrace = time.Second
	// exitDrain is how long the output of an implementation that exited
	// (and whose descendants were ended) may stay open before the
	// client stops reading it: only a process out of the guard's reach can
	// hold it that long.
	exitDrain = time.Second
	// maxFailedStarts is how many starts in a row may fail before the
	// client stops trying and reports every further case as ResultNoStart
	// at once (spec/protocol.md P6.4).
	maxFailedStarts = 3
	// tailSize is how much of the implementation's latest stderr a crash
	// or timeout report quotes.
	tailSize = 512
	// maxUnsolicited is how many unsolicited lines the client keeps to
	// quote; it counts them all.
	maxUnsolicited = 20
)

// Options tune a Client. The zero value gives the defaults.
type Options struct {
	// Timeout bounds one case, from writing the request to reading the
	// whole reply; DefaultTimeout when 0.
	Timeout time.Duration
	// HelloTimeout bounds starting the implementation and the handshake;
	// DefaultHelloTimeout when 0.
	HelloTimeout time.Duration
	// MaxReply bounds a reply line in bytes, its newline included
	// (spec/protocol.md P1.6); DefaultMaxReply when 0.
	MaxReply int
	// Stderr receives the implementation's stderr; nil discards it.
	// Nothing written there affects a result.
	Stderr io.Writer
	// Env holds "NAME=value" entries set for the implementation's
	// process on top of the environment betzacheck inherited, a later
	// one winning (Command.Env); a PATH among them is also where a
	// program named without a slash is looked up, as a shell does.
	Env []string
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.HelloTimeout <= 0 {
		o.HelloTimeout = DefaultHelloTimeout
	}
	if o.MaxReply <= 0 {
		o.MaxReply = DefaultMaxReply
	}
	return o
}

// ResultKind classifies what came back for one request.
type ResultKind int

// The result kinds. Every request ends in exactly one.
const (
	// ResultOK: a well-formed reply with outcomes.
	ResultOK ResultKind = iota
	// ResultError: a well-formed error reply.
	ResultError
	// ResultTimeout: no whole reply, and no part of one, within
	// Options.Timeout.
	ResultTimeout
	// ResultCrash: the implementation exited, closed its output or
	// stopped reading its input before it began a reply.
	ResultCrash
	// ResultGarbage: a reply line that is not a reply to this request:
	// not JSON, a wrong or missing id, a missing or mistyped field, a
	// line longer than Options.MaxReply, or a partial line (the output
	// ended, or the time limit passed, inside a line).
	ResultGarbage
	// ResultNoStart: the implementation had to be started again for this
	// request and could not be (it failed to start or to answer hello).
	ResultNoStart
	// ResultSkipped: the request was not sent, because the implementation
	// did not declare its dialect or its board is larger than maxBoard
	// (spec/protocol.md P2.5).
	ResultSkipped
	// ResultStopped: the run was stopped (its context cancelled, or the
	// client closed) before the reply came: nothing is known about the
	// implementation's answer (spec/protocol.md P6.6).
	ResultStopped
)

var resultNames = [...]string{"ok", "error", "timeout", "crash", "garbage", "no-start", "skipped", "stopped"}

// String returns "ok", "error", "timeout", "crash", "garbage", "no-start",
// "skipped" or "stopped".
func (k ResultKind) String() string {
	if k >= 0 && int(k) < len(resultNames) {
		return resultNames[k]
	}
	return fmt.Sprintf("ResultKind(%d)", int(k))
}

// Result is the outcome of one request.
type Result struct {
	ID      int // the request id the client gave it
	Kind    ResultKind
	Reply   wire.Reply    // ResultOK and ResultError: the decoded reply
	Detail  string        // the other kinds: what happened, for a report
	Elapsed time.Duration // spent in Do, a restart included
}

// Stats counts what a Client did.
type Stats struct {
	Cases        int // calls of Do
	Starts       int // implementation processes started, with a handshake
	Restarts     int // starts after the first (see Client.Restarts)
	FailedStarts int // starts or handshakes that failed
	// Unsolicited counts the lines that answered no pending request
	// (spec/protocol.md P6.8); Client.Unsolicited quotes the first ones.
	Unsolicited int
}

// Unsolicited is a line the implementation wrote that answers no pending
// request (spec/protocol.md P6.8): a line with the id of an earlier
// request (a duplicate or a second reply), or a line written after its
// last reply and before it ended. It is charged to no case.
type Unsolicited struct {
	// After is the id of the request whose reply the line followed; 0:
	// the handshake.
	After int
	// Line is the line, quoted and cut to 200 bytes.
	Line string
}

// Client runs an implementation under test and asks it one request at a
// time. It keeps the process across requests, and after a timeout, a
// crash or a reply that may have desynchronised the stream it kills the
// process (with everything it started) and starts a new one (with a new
// handshake) before the next request. It judges the stream, not its
// timing: which case a line is charged to depends only on the lines
// before it, never on when it arrived. A Client is not safe for
// concurrent use.
type Client struct {
	ctx          context.Context
	argv         []string
	opts         Options
	hello        wire.HelloReply
	proc         *process
	nextID       int
	stats        Stats
	unsolicited  []Unsolicited // the first maxUnsolicited
	failedStarts int           // in a row
	lastStartErr error
	closed       bool
}

// Start runs argv (directly, not through a shell), guarded so that every
// process it starts ends with it (spec/protocol.md P6.1), makes the
// handshake and returns a client for it. It fails if the process cannot
// be started or its handshake is not a valid hello reply (of protocol 1
// or 2); no process of it is left running then. Cancelling ctx
// ends the implementation and what it started; the request in flight and
// every later one then end as ResultStopped.
func Start(ctx context.Context, argv []string, opts Options) (*Client, error) {
	if len(argv) == 0 {
		return nil, errors.New("protocol: empty implementation command")
	}
	c := &Client{ctx: ctx, argv: append([]string(nil), argv...), opts: opts.withDefaults(), nextID: 1}
	if err := c.start(); err != nil {
		return nil, err
	}
	return c, nil
}

// Hello returns the implementation's handshake reply (of its first start).
func (c *Client) Hello() wire.HelloReply { return c.hello }

// Stats returns the counts so far.
func (c *Client) Stats() Stats { return c.stats }

// Unsolicited returns the first unsolicited lines (Stats.Unsolicited
// counts them all). Lines written after the last reply are known only
// once Close has returned.
func (c *Client) Unsolicited() []Unsolicited { return append([]Unsolicited(nil), c.unsolicited...) }

// Restarts returns how many times the implementation was started again:
// after a timeout, a crash, a reply that desynchronised the stream, or an
// exit between requests.
func (c *Client) Restarts() int { return c.stats.Restarts }

// start starts a process and makes the handshake.
func (c *Client) start() error {
	p, err := spawn(c.ctx, c.argv, c.opts)
	if err == nil {
		var h wire.HelloReply
		var grace time.Duration
		if h, grace, err = c.handshake(p); err == nil {
			if c.stats.Starts == 0 {
				c.hello = h
			}
			c.stats.Starts++
			if c.stats.Starts > 1 {
				c.stats.Restarts++
			}
			c.proc, c.failedStarts, c.lastStartErr = p, 0, nil
			return nil
		}
		err = fmt.Errorf("%s: %v%s", c.argv[0], err, p.stop(grace))
	}
	c.stats.FailedStarts++
	c.failedStarts++
	c.lastStartErr = err
	return err
}

// handshake sends hello and checks the reply. On failure it returns how
// long the process may take to exit by itself, so that its real exit
// status is reported: what is left of the handshake's time limit for one
// whose output ended (it is exiting, normally), the grace of P5 for one
// that answered wrongly (its input is closed next), no time for one that
// does not answer.
func (c *Client) handshake(p *process) (wire.HelloReply, time.Duration, error) {
	line, _ := json.Marshal(wire.Hello{ID: 0, Op: wire.OpHello, Protocol: wire.Version})
	timeout := c.opts.HelloTimeout
	deadline := time.Now().Add(timeout)
	if err := p.write(append(line, '\n'), deadline); errors.Is(err, os.ErrDeadlineExceeded) {
		return wire.HelloReply{}, 0, fmt.Errorf("hello was not read within %v", timeout)
	}
	// Another write error means its input is closed (it is exiting, as a
	// rule): what it wrote and how it ended say more, and the same
	// whether it closed its input before or after the hello was written.
	m, ev := p.next(c.ctx, deadline)
	switch ev {
	case evCancel:
		return wire.HelloReply{}, 0, fmt.Errorf("run stopped before the hello reply: %v", context.Cause(c.ctx))
	case evHeld:
		return wire.HelloReply{}, 0, errors.New("exited before the hello reply, but its output is held open by a process the client cannot reach")
	case evTimeout:
		if start, n := p.partialLine(); n > 0 {
			return wire.HelloReply{}, 0, fmt.Errorf("partial hello line: no newline within %v after %s", timeout, quoteN(start, n))
		}
		return wire.HelloReply{}, 0, fmt.Errorf("no hello reply within %v", timeout)
	}
	switch {
	case errors.Is(m.err, wire.ErrPartial):
		return wire.HelloReply{}, time.Until(deadline), fmt.Errorf("partial hello line: the output ended inside %s", quote(m.line))
	case errors.Is(m.err, io.EOF):
		return wire.HelloReply{}, time.Until(deadline), errors.New("the output ended before the hello reply")
	case m.err != nil:
		return wire.HelloReply{}, time.Until(deadline), fmt.Errorf("no hello reply: %v", m.err)
	}
	if !utf8.Valid(m.line) {
		i := invalidUTF8(m.line)
		return wire.HelloReply{}, byeGrace, fmt.Errorf("hello reply is not UTF-8: byte %#02x at offset %d (P1.2): %s", m.line[i], i, quote(m.line))
	}
	var h wire.HelloReply
	dec := json.NewDecoder(bytes.NewReader(m.line))
	if err := dec.Decode(&h); err != nil {
		return wire.HelloReply{}, byeGrace, fmt.Errorf("hello reply %s: %v", quote(m.line), err)
	}
	if err := h.Check(); err != nil {
		return wire.HelloReply{}, byeGrace, err
	}
	return h, 0, nil
}

// Do sends req (with Op "moves" and the next id) and returns its result.
// Every call returns exactly one Result. Ids count requests from 1 over
// the client's life, across restarts; the handshake is always id 0.
func (c *Client) Do(req wire.MovesRequest) Result {
	c.stats.Cases++
	req.ID, req.Op = c.nextID, wire.OpMoves
	c.nextID++
	if err := c.hello.Supports(req); err != nil {
		return Result{ID: req.ID, Kind: ResultSkipped, Detail: "not sent: " + err.Error()}
	}
	start := time.Now()
	res := c.do(req)
	res.ID, res.Elapsed = req.ID, time.Since(start)
	return res
}

func (c *Client) do(req wire.MovesRequest) Result {
	switch {
	case c.closed:
		return Result{Kind: ResultStopped, Detail: "the client is closed"}
	case c.ctx.Err() != nil:
		return c.stopped("run stopped")
	}
	if c.proc != nil && c.proc.hasExited() {
		// It ended after its last reply: a fresh process takes the
		// request, and whatever it wrote after that reply is unsolicited.
		c.retire(0)
	}
	line, err := json.Marshal(req)
	if err != nil {
		return Result{Kind: ResultCrash, Detail: "encoding the request: " + err.Error()}
	}
	line = append(line, '\n')
	var p *process
	var deadline time.Time
	for attempt := 1; ; attempt++ {
		if c.proc == nil {
			if c.failedStarts >= maxFailedStarts {
				return Result{Kind: ResultNoStart, Detail: fmt.Sprintf("not restarted after %d failed starts in a row; last: %v", c.failedStarts, c.lastStartErr)}
			}
			if err := c.start(); err != nil {
				if c.ctx.Err() != nil {
					return c.stopped("run stopped while restarting")
				}
				return Result{Kind: ResultNoStart, Detail: "restart failed: " + err.Error()}
			}
		}
		p = c.proc
		if p.firstID == 0 {
			p.firstID = req.ID
		}
		deadline = time.Now().Add(c.opts.Timeout)
		err := p.write(line, deadline)
		if err == nil {
			break
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return Result{Kind: ResultTimeout, Detail: fmt.Sprintf("the request was not read within %v%s", c.opts.Timeout, c.discard(0))}
		}
		// The request did not get through, so the implementation has not
		// seen it: once, start afresh and send it again.
		info := c.retire(time.Until(deadline))
		if attempt == 2 {
			return Result{Kind: ResultCrash, Detail: fmt.Sprintf("writing the request: %v%s", err, info)}
		}
	}
	return c.await(p, req, deadline)
}

// await reads the reply to req, sent to p, until deadline. Lines with
// the id of an earlier request are unsolicited (spec/protocol.md P6.8):
// they are noted and the reply is still awaited. Anything else is judged
// as the reply. When the output ends, what is left of the time limit is
// the grace the process gets to exit by itself, so that its real exit
// status is reported.
func (c *Client) await(p *process, req wire.MovesRequest, deadline time.Time) Result {
	earlier := 0 // unsolicited lines while waiting
	for {
		m, ev := p.next(c.ctx, deadline)
		if c.ctx.Err() != nil {
			return c.stopped("run stopped while the request was pending")
		}
		switch ev {
		case evTimeout:
			if start, n := p.partialLine(); n > 0 {
				return Result{Kind: ResultGarbage, Detail: fmt.Sprintf("partial line: no newline within %v after %s%s", c.opts.Timeout, quoteN(start, n), c.discard(0))}
			}
			var meanwhile string
			if earlier > 0 {
				meanwhile = fmt.Sprintf(" (meanwhile %d line(s) with the id of an earlier request, not taken as the reply: P6.8)", earlier)
			}
			return Result{Kind: ResultTimeout, Detail: fmt.Sprintf("no reply within %v%s%s", c.opts.Timeout, meanwhile, c.discard(0))}
		case evHeld:
			return Result{Kind: ResultCrash, Detail: "exited before replying, but its output is held open by a process the client cannot reach" + c.discard(0).String()}
		}
		switch {
		case m.err == nil:
			if id, ok := lineID(m.line); ok && p.earlier(id, req.ID) {
				c.note(p, m.line)
				earlier++
				continue
			}
			level := c.hello.Level
			if wire.ValidLevel(req.Level) {
				level = req.Level // P3.1: the client asked for less detail
			}
			reply, desync, err := decodeReply(m.line, req, level)
			if err != nil {
				var extra string
				if desync {
					extra = c.discard(0).String()
				}
				return Result{Kind: ResultGarbage, Detail: fmt.Sprintf("%v: %s%s", err, quote(m.line), extra)}
			}
			p.lastReply = req.ID
			if reply.Error != nil {
				return Result{Kind: ResultError, Reply: reply}
			}
			return Result{Kind: ResultOK, Reply: reply}
		case errors.Is(m.err, wire.ErrTooLong):
			return Result{Kind: ResultGarbage, Detail: fmt.Sprintf("reply line longer than %d bytes, newline included%s", c.opts.MaxReply, c.discard(0))}
		case errors.Is(m.err, wire.ErrPartial):
			return Result{Kind: ResultGarbage, Detail: fmt.Sprintf("partial line: the output ended inside %s%s", quote(m.line), c.discard(time.Until(deadline)))}
		case errors.Is(m.err, io.EOF):
			// Whether the exit or the end of the output was seen first
			// is a matter of timing: the exit status tells what it did.
			return Result{Kind: ResultCrash, Detail: "output ended before the reply" + c.discard(time.Until(deadline)).String()}
		default:
			return Result{Kind: ResultCrash, Detail: fmt.Sprintf("reading the reply: %v%s", m.err, c.discard(time.Until(deadline)))}
		}
	}
}

// stopped ends the current process, if any, for a run that was stopped.
func (c *Client) stopped(what string) Result {
	detail := what
	if c.ctx.Err() != nil {
		detail += ": " + context.Cause(c.ctx).Error()
	}
	c.discard(0)
	return Result{Kind: ResultStopped, Detail: detail}
}

// earlier reports whether id is that of a request sent to p before the
// pending one (pending), the handshake included.
func (p *process) earlier(id, pending int) bool {
	return id == 0 || p.firstID > 0 && id >= p.firstID && id < pending
}

// lineID reads the integer id of a line that is a JSON object.
func lineID(line []byte) (int, bool) {
	var v struct {
		ID *int `json:"id"`
	}
	if json.Unmarshal(line, &v) != nil || v.ID == nil {
		return 0, false
	}
	return *v.ID, true
}

// note records an unsolicited line of p.
func (c *Client) note(p *process, line []byte) {
	c.stats.Unsolicited++
	if len(c.unsolicited) < maxUnsolicited {
		c.unsolicited = append(c.unsolicited, Unsolicited{After: p.lastReply, Line: quote(line)})
	}
}

// discard ends the current process, if any, giving it grace to exit by
// itself; the next request starts a new one. What it wrote and was not
// read is dropped.
func (c *Client) discard(grace time.Duration) exitInfo {
	if c.proc == nil {
		return exitInfo{}
	}
	p := c.proc
	c.proc = nil
	return p.stop(grace)
}

// retire ends the current process, if any, when no request is pending
// (after its last reply): what it wrote after that reply is unsolicited.
func (c *Client) retire(grace time.Duration) exitInfo {
	if c.proc == nil {
		return exitInfo{}
	}
	p := c.proc
	c.proc = nil
	killed := p.end(grace)
	c.drain(p)
	return p.close(killed)
}

// drain reads what an ended process wrote and was not read yet, and notes
// every line of it as unsolicited.
func (c *Client) drain(p *process) {
	deadline := time.Now().Add(exitDrain)
	for {
		m, ev := p.next(context.Background(), deadline)
		if ev != evLine {
			return
		}
		switch {
		case m.err == nil, errors.Is(m.err, wire.ErrPartial):
			c.note(p, m.line)
		case errors.Is(m.err, wire.ErrTooLong):
			c.note(p, []byte(fmt.Sprintf("(a line longer than %d bytes)", c.opts.MaxReply)))
		}
		if m.err != nil {
			return
		}
	}
}

// Close ends the implementation: it sends "bye", closes its input, waits
// up to a second for it to exit, and ends it with what it started: the
// implementation if it has not exited, and whatever it left running in
// any case (spec/protocol.md P5). Lines it wrote after its last reply are
// counted as unsolicited. It reports an implementation that had to be
// killed. Do after Close returns ResultStopped.
func (c *Client) Close() error {
	if c.closed {
		return nil
	}
	c.closed = true
	if c.proc == nil {
		return nil
	}
	p := c.proc
	c.proc = nil
	if !p.hasExited() {
		bye, _ := json.Marshal(struct {
			ID int    `json:"id"`
			Op string `json:"op"`
		}{c.nextID, wire.OpBye})
		p.write(append(bye, '\n'), time.Now().Add(byeGrace))
	}
	killed := p.end(byeGrace)
	c.drain(p)
	p.close(killed)
	if killed {
		return fmt.Errorf("%s did not exit within %v of bye and was killed", c.argv[0], byeGrace)
	}
	return nil
}

// quote shows a line the implementation wrote, in a report
// (wire.QuoteText).
func quote(line []byte) string { return wire.QuoteText(string(line)) }

// quoteN shows the start of a line of n bytes (wire.QuoteStart).
func quoteN(start []byte, n int) string { return wire.QuoteStart(string(start), n) }

// rawOutcome is a reply outcome as decoded, with presence visible.
type rawOutcome struct {
	To      json.RawMessage    `json:"to"`
	Capture *bool              `json:"capture"`
	Changes *map[string]string `json:"changes"`
	Paths   *[][]string        `json:"paths"`
}

// decodeReply checks a reply line to req at level. desync reports a line
// after which the stream cannot be trusted (not JSON, a wrong or missing
// id). A reply that breaks the protocol in what it says (invalid UTF-8, a
// missing or mistyped field, a name that is no square of the board, an
// offset outside the notation) is an error naming the clause, not an
// answer to judge (spec/protocol.md P6.3). The message of an error reply
// is kept quoted (wire.QuoteText): it is the implementation's text, and
// reaches every report as it is kept here.
func decodeReply(line []byte, req wire.MovesRequest, level string) (r wire.Reply, desync bool, err error) {
	var raw struct {
		ID       json.RawMessage `json:"id"`
		Outcomes json.RawMessage `json:"outcomes"`
		Error    json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(line, &raw); err != nil {
		return r, true, fmt.Errorf("reply is not a JSON object (%v)", err)
	}
	if isNull(raw.ID) {
		return r, true, errors.New("reply has no id")
	}
	if err := json.Unmarshal(raw.ID, &r.ID); err != nil {
		return r, true, fmt.Errorf("reply id %s is not an integer", quote(raw.ID))
	}
	if r.ID != req.ID {
		return r, true, fmt.Errorf("reply has id %d, want %d", r.ID, req.ID)
	}
	if !utf8.Valid(line) {
		i := invalidUTF8(line)
		return r, false, fmt.Errorf("reply is not UTF-8: byte %#02x at offset %d (P1.2)", line[i], i)
	}
	switch {
	case isNull(raw.Outcomes) && isNull(raw.Error):
		return r, false, errors.New("reply has neither outcomes nor error")
	case !isNull(raw.Outcomes) && !isNull(raw.Error):
		return r, false, errors.New("reply has both outcomes and error")
	case !isNull(raw.Error):
		var e struct {
			Kind    *string `json:"kind"`
			Message *string `json:"message"`
			Offset  *int    `json:"offset"`
		}
		if err := json.Unmarshal(raw.Error, &e); err != nil {
			return r, false, fmt.Errorf("reply error: %v", err)
		}
		switch {
		case e.Kind == nil:
			return r, false, errors.New("reply error has no kind")
		case !slices.Contains(wire.Kinds(), *e.Kind):
			return r, false, fmt.Errorf("reply error has kind %s, want one of %s (P4)", wire.QuoteText(*e.Kind), strings.Join(wire.Kinds(), ", "))
		case e.Message == nil:
			return r, false, errors.New("reply error has no message")
		}
		if *e.Kind != wire.KindSyntax {
			e.Offset = nil // only a syntax error has one (P4)
		}
		r.Error = &wire.ErrorReply{Kind: *e.Kind, Message: *e.Message, Offset: e.Offset}
		if err := wire.CheckReply(r, req); err != nil {
			return r, false, err
		}
		r.Error.Message = wire.QuoteText(r.Error.Message)
		return r, false, nil
	}
	var outs []rawOutcome
	if err := json.Unmarshal(raw.Outcomes, &outs); err != nil {
		return r, false, fmt.Errorf("reply outcomes: %v", err)
	}
	r.Outcomes = make([]wire.Outcome, 0, len(outs))
	for i, o := range outs {
		var w wire.Outcome
		switch {
		case o.To == nil:
			return r, false, fmt.Errorf("outcome %d has no \"to\"", i+1)
		case o.Capture == nil:
			return r, false, fmt.Errorf("outcome %d has no \"capture\"", i+1)
		case wire.LevelRank(level) >= 1 && o.Changes == nil:
			return r, false, fmt.Errorf("outcome %d has no \"changes\" (level %s)", i+1, level)
		case wire.LevelRank(level) >= 2 && o.Paths == nil:
			return r, false, fmt.Errorf("outcome %d has no \"paths\" (level %s)", i+1, level)
		}
		if !isNull(o.To) {
			var to string
			if err := json.Unmarshal(o.To, &to); err != nil {
				return r, false, fmt.Errorf("outcome %d: \"to\" is %s, want a square or null (P3.3)", i+1, quote(o.To))
			}
			w.To = &to
		}
		w.Capture = *o.Capture
		if o.Changes != nil {
			w.Changes = *o.Changes
		}
		if o.Paths != nil {
			w.Paths = *o.Paths
		}
		r.Outcomes = append(r.Outcomes, w)
	}
	if err := wire.CheckReply(r, req); err != nil {
		return r, false, err
	}
	return r, false, nil
}

// invalidUTF8 is the offset of the first byte of line that does not
// begin a valid UTF-8 sequence; len(line) if there is none.
func invalidUTF8(line []byte) int {
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(line)
}

// isNull reports a field that is absent or null.
func isNull(m json.RawMessage) bool { return m == nil || string(m) == "null" }

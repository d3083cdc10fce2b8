package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Defaults of Options.
const (
	DefaultTimeout      = 10 * time.Second
	DefaultHelloTimeout = 30 * time.Second
	DefaultMaxReply     = 1 << 20
)

const (
	// exitGrace is how long an implementation that closed its output gets
	// to exit by itself (so that its real exit status is reported) before
	// it is killed.
	exitGrace = 200 * time.Millisecond
	// byeGrace is how long Close waits for the implementation to exit
	// after "bye".
	byeGrace = time.Second
	// maxFailedStarts is how many starts in a row may fail before the
	// client stops trying and reports every further case as ResultNoStart
	// at once (spec/protocol.md P6.4).
	maxFailedStarts = 3
	// tailSize is how much of the implementation's latest stderr a crash
	// or timeout report quotes.
	tailSize = 512
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
	// ResultTimeout: no whole reply within Options.Timeout.
	ResultTimeout
	// ResultCrash: the implementation exited, closed its output, stopped
	// reading its input, or could not be (re)started.
	ResultCrash
	// ResultGarbage: a reply line that is not a reply to this request:
	// not JSON, a wrong or missing id, a missing or mistyped field, or a
	// line longer than Options.MaxReply.
	ResultGarbage
	// ResultNoStart: the implementation had to be started again for this
	// request and could not be (it failed to start or to answer hello).
	ResultNoStart
	// ResultSkipped: the request was not sent, because the implementation
	// did not declare its dialect or its board is larger than maxBoard
	// (spec/protocol.md P2.5).
	ResultSkipped
)

var resultNames = [...]string{"ok", "error", "timeout", "crash", "garbage", "no-start", "skipped"}

// String returns "ok", "error", "timeout", "crash", "garbage", "no-start"
// or "skipped".
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
	Reply   Reply         // ResultOK and ResultError: the decoded reply
	Detail  string        // the other kinds: what happened, for a report
	Elapsed time.Duration // spent in Do, a restart included
}

// Stats counts what a Client did.
type Stats struct {
	Cases        int // calls of Do
	Starts       int // implementation processes started, with a handshake
	Restarts     int // starts after the first (see Client.Restarts)
	FailedStarts int // starts or handshakes that failed
	Unsolicited  int // lines the implementation wrote when no request was pending
}

// Client runs an implementation under test and asks it one request at a
// time. It keeps the process across requests, and after a timeout, a
// crash or a reply that may have desynchronised the stream it kills the
// process and starts a new one (with a new handshake) before the next
// request. A Client is not safe for concurrent use.
type Client struct {
	ctx          context.Context
	argv         []string
	opts         Options
	hello        HelloReply
	proc         *process
	nextID       int
	stats        Stats
	failedStarts int // in a row
	lastStartErr error
	closed       bool
}

// Start runs argv (directly, not through a shell), makes the handshake and
// returns a client for it. It fails if the process cannot be started or
// its handshake is not a valid protocol 1 hello reply. Cancelling ctx
// kills the implementation; later requests then end as crashes.
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
func (c *Client) Hello() HelloReply { return c.hello }

// Stats returns the counts so far.
func (c *Client) Stats() Stats { return c.stats }

// Restarts returns how many times the implementation was started again:
// after a timeout, a crash, a reply that desynchronised the stream,
// unsolicited output, or an exit between requests.
func (c *Client) Restarts() int { return c.stats.Restarts }

// start starts a process and makes the handshake.
func (c *Client) start() error {
	p, err := spawn(c.ctx, c.argv, c.opts)
	if err == nil {
		var h HelloReply
		if h, err = p.handshake(c.opts.HelloTimeout); err == nil {
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
		err = fmt.Errorf("%s: %v%s", c.argv[0], err, p.stop(exitGrace))
	}
	c.stats.FailedStarts++
	c.failedStarts++
	c.lastStartErr = err
	return err
}

// Do sends req (with Op "moves" and the next id) and returns its result.
// Every call returns exactly one Result. Ids count requests from 1 over
// the client's life, across restarts; the handshake is always id 0.
func (c *Client) Do(req MovesRequest) Result {
	c.stats.Cases++
	req.ID, req.Op = c.nextID, OpMoves
	c.nextID++
	if err := c.hello.Supports(req); err != nil {
		return Result{ID: req.ID, Kind: ResultSkipped, Detail: "not sent: " + err.Error()}
	}
	start := time.Now()
	res := c.do(req)
	res.ID, res.Elapsed = req.ID, time.Since(start)
	return res
}

func (c *Client) do(req MovesRequest) Result {
	switch {
	case c.closed:
		return Result{Kind: ResultCrash, Detail: "the client is closed"}
	case c.ctx.Err() != nil:
		c.discard(0)
		return Result{Kind: ResultCrash, Detail: "cancelled: " + c.ctx.Err().Error()}
	}
	if c.proc != nil {
		// A line that arrived while nothing was asked belongs to no
		// request: the stream cannot be trusted, so start afresh. A
		// process that ended between requests is restarted too.
		select {
		case m := <-c.proc.lines:
			if m.err == nil || len(m.line) > 0 {
				c.stats.Unsolicited++
			}
			c.discard(exitGrace)
		case <-c.proc.exited:
			c.discard(0)
		default:
		}
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
				return Result{Kind: ResultNoStart, Detail: "restart failed: " + err.Error()}
			}
		}
		p = c.proc
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
		info := c.discard(exitGrace)
		if attempt == 2 {
			return Result{Kind: ResultCrash, Detail: fmt.Sprintf("writing the request: %v%s", err, info)}
		}
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case m := <-p.lines:
		switch {
		case m.err == nil:
			level := c.hello.Level
			if ValidLevel(req.Level) {
				level = req.Level // P3.1: the client asked for less detail
			}
			reply, desync, err := decodeReply(m.line, req.ID, level)
			if err != nil {
				var extra string
				if desync {
					extra = c.discard(0).String()
				}
				return Result{Kind: ResultGarbage, Detail: fmt.Sprintf("%v: %s%s", err, quote(m.line), extra)}
			}
			if reply.Error != nil {
				return Result{Kind: ResultError, Reply: reply}
			}
			return Result{Kind: ResultOK, Reply: reply}
		case errors.Is(m.err, errTooLong):
			return Result{Kind: ResultGarbage, Detail: fmt.Sprintf("reply line longer than %d bytes, newline included%s", c.opts.MaxReply, c.discard(0))}
		case errors.Is(m.err, errPartial):
			return Result{Kind: ResultCrash, Detail: fmt.Sprintf("output ended inside a reply line: %s%s", quote(m.line), c.discard(exitGrace))}
		case errors.Is(m.err, io.EOF):
			return Result{Kind: ResultCrash, Detail: "output ended before the reply" + c.discard(exitGrace).String()}
		default:
			return Result{Kind: ResultCrash, Detail: fmt.Sprintf("reading the reply: %v%s", m.err, c.discard(exitGrace))}
		}
	case <-timer.C:
		return Result{Kind: ResultTimeout, Detail: fmt.Sprintf("no reply within %v%s", c.opts.Timeout, c.discard(0))}
	case <-c.ctx.Done():
		return Result{Kind: ResultCrash, Detail: "cancelled: " + c.ctx.Err().Error() + c.discard(0).String()}
	}
}

// discard stops the current process, if any, giving it grace to exit by
// itself; the next request starts a new one.
func (c *Client) discard(grace time.Duration) exitInfo {
	if c.proc == nil {
		return exitInfo{}
	}
	p := c.proc
	c.proc = nil
	return p.stop(grace)
}

// Close ends the implementation: it sends "bye", closes its input, waits
// up to a second for it to exit and then kills it. It reports an
// implementation that had to be killed. Do after Close returns a crash.
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
	bye, _ := json.Marshal(struct {
		ID int    `json:"id"`
		Op string `json:"op"`
	}{c.nextID, OpBye})
	p.write(append(bye, '\n'), time.Now().Add(byeGrace))
	if info := p.stop(byeGrace); info.killed {
		return fmt.Errorf("%s did not exit within %v of bye and was killed", c.argv[0], byeGrace)
	}
	return nil
}

// quote shows a reply line in a report, cut to 200 bytes.
func quote(line []byte) string {
	const max = 200
	if len(line) > max {
		return fmt.Sprintf("%q… (%d bytes)", line[:max], len(line))
	}
	return fmt.Sprintf("%q", line)
}

// process is one run of the implementation.
type process struct {
	cmd        *exec.Cmd
	stdin      *os.File // our end of its stdin
	stdout     *os.File // our end of its stdout
	lines      chan lineMsg
	release    chan struct{} // closed to stop the reader
	readerDone chan struct{}
	exited     chan struct{} // closed when Wait has returned
	waitErr    error         // set before exited is closed
	tail       *tailWriter
}

// lineMsg is one line read from the implementation, or why reading ended.
type lineMsg struct {
	line []byte
	err  error
}

// spawn starts argv with pipes for stdin and stdout, and a reader
// goroutine for its stdout.
func spawn(ctx context.Context, argv []string, opts Options) (*process, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &process{stdin: inW, stdout: outR, lines: make(chan lineMsg),
		release: make(chan struct{}), readerDone: make(chan struct{}), exited: make(chan struct{}),
		tail: &tailWriter{also: opts.Stderr}}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, p.tail
	isolate(cmd)
	cmd.Cancel = func() error { return killTree(cmd) }
	cmd.WaitDelay = time.Second // stderr copying ends at most this long after exit
	p.cmd = cmd
	err = cmd.Start()
	inR.Close() // the child holds its own copies
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	go p.read(opts.MaxReply - 1) // the newline counts towards MaxReply
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// read passes stdout's lines to p.lines until an error, which it passes
// on too, or until p.release is closed.
func (p *process) read(max int) {
	defer close(p.readerDone)
	br := bufio.NewReaderSize(p.stdout, 64<<10)
	for {
		line, err := readLine(br, max, false)
		select {
		case p.lines <- lineMsg{line, err}:
		case <-p.release:
			return
		}
		if err != nil {
			return
		}
	}
}

// write writes a request line, giving up at deadline.
func (p *process) write(line []byte, deadline time.Time) error {
	p.stdin.SetWriteDeadline(deadline) // not every platform has pipe deadlines
	_, err := p.stdin.Write(line)
	return err
}

// handshake sends hello and checks the reply.
func (p *process) handshake(timeout time.Duration) (HelloReply, error) {
	line, _ := json.Marshal(Hello{ID: 0, Op: OpHello, Protocol: Version})
	deadline := time.Now().Add(timeout)
	if err := p.write(append(line, '\n'), deadline); err != nil {
		return HelloReply{}, fmt.Errorf("sending hello: %v", err)
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case m := <-p.lines:
		if m.err != nil {
			return HelloReply{}, fmt.Errorf("no hello reply: %v", m.err)
		}
		var h HelloReply
		dec := json.NewDecoder(bytes.NewReader(m.line))
		if err := dec.Decode(&h); err != nil {
			return HelloReply{}, fmt.Errorf("hello reply %s: %v", quote(m.line), err)
		}
		if err := h.check(); err != nil {
			return HelloReply{}, err
		}
		return h, nil
	case <-timer.C:
		return HelloReply{}, fmt.Errorf("no hello reply within %v", timeout)
	}
}

// exitInfo says how a process ended, for a report.
type exitInfo struct {
	killed bool
	err    error // from Wait
	tail   string
}

// String is "" for nothing to say, else "; exit status 3; stderr: …".
func (e exitInfo) String() string {
	var b strings.Builder
	switch {
	case e.killed:
		b.WriteString("; killed")
	case e.err != nil:
		fmt.Fprintf(&b, "; %v", e.err)
	}
	if e.tail != "" {
		fmt.Fprintf(&b, "; stderr ends %q", e.tail)
	}
	return b.String()
}

// stop closes the process's stdin, gives it grace to exit, kills its
// process group if it has not, and waits for it and for the reader to
// end. No goroutine of the process outlives stop.
func (p *process) stop(grace time.Duration) exitInfo {
	p.stdin.Close()
	var info exitInfo
	if grace > 0 {
		t := time.NewTimer(grace)
		select {
		case <-p.exited:
		case <-t.C:
		}
		t.Stop()
	}
	select {
	case <-p.exited:
	default:
		killTree(p.cmd)
		info.killed = true
		<-p.exited
	}
	close(p.release)
	p.stdout.Close()
	<-p.readerDone
	if !info.killed {
		info.err = p.waitErr
	}
	info.tail = p.tail.String()
	return info
}

// tailWriter keeps the last tailSize bytes written to it and passes
// everything on to also, if set. It never fails: an error of also must
// not stall the implementation on a full stderr pipe.
type tailWriter struct {
	mu   sync.Mutex
	buf  []byte
	also io.Writer
}

func (t *tailWriter) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.also != nil {
		t.also.Write(b)
	}
	t.buf = append(t.buf, b...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(b), nil
}

// String returns the kept bytes, trimmed of surrounding white space.
func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

// rawOutcome is a reply outcome as decoded, with presence visible.
type rawOutcome struct {
	To      json.RawMessage    `json:"to"`
	Capture *bool              `json:"capture"`
	Changes *map[string]string `json:"changes"`
	Paths   *[][]string        `json:"paths"`
}

// decodeReply checks a reply line to request id at level. desync reports
// a line after which the stream cannot be trusted (not JSON, a wrong or
// missing id).
func decodeReply(line []byte, id int, level string) (r Reply, desync bool, err error) {
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
		return r, true, fmt.Errorf("reply id %s is not an integer", raw.ID)
	}
	if r.ID != id {
		return r, true, fmt.Errorf("reply has id %d, want %d", r.ID, id)
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
		case *e.Kind != KindSyntax && *e.Kind != KindUnsupported && *e.Kind != KindInternal:
			return r, false, fmt.Errorf("reply error has kind %q, want syntax, unsupported or internal", *e.Kind)
		case e.Message == nil:
			return r, false, errors.New("reply error has no message")
		}
		r.Error = &ErrorReply{Kind: *e.Kind, Message: *e.Message, Offset: e.Offset}
		return r, false, nil
	}
	var outs []rawOutcome
	if err := json.Unmarshal(raw.Outcomes, &outs); err != nil {
		return r, false, fmt.Errorf("reply outcomes: %v", err)
	}
	r.Outcomes = make([]WireOutcome, 0, len(outs))
	for i, o := range outs {
		var w WireOutcome
		switch {
		case o.To == nil:
			return r, false, fmt.Errorf("outcome %d has no \"to\"", i+1)
		case o.Capture == nil:
			return r, false, fmt.Errorf("outcome %d has no \"capture\"", i+1)
		case levelRank(level) >= 1 && o.Changes == nil:
			return r, false, fmt.Errorf("outcome %d has no \"changes\" (level %s)", i+1, level)
		case levelRank(level) >= 2 && o.Paths == nil:
			return r, false, fmt.Errorf("outcome %d has no \"paths\" (level %s)", i+1, level)
		}
		if !isNull(o.To) {
			var to string
			if err := json.Unmarshal(o.To, &to); err != nil {
				return r, false, fmt.Errorf("outcome %d: \"to\" is %s, want a square or null", i+1, o.To)
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
	return r, false, nil
}

// isNull reports a field that is absent or null.
func isNull(m json.RawMessage) bool { return m == nil || string(m) == "null" }

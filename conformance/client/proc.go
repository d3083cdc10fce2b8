package client

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/betzacheck/betzacheck/conformance/wire"
)

// process is one run of the implementation, started so that whatever it
// starts ends with it (spec/protocol.md P6.1, guard).
type process struct {
	cmd        *exec.Cmd
	guard      *guard
	stdin      *os.File // our end of its stdin
	stdout     *os.File // our end of its stdout
	stderr     *os.File // our end of its stderr
	lines      chan lineMsg
	release    chan struct{} // closed to stop the reader
	readerDone chan struct{}
	stderrDone chan struct{} // closed when its stderr is copied to the end
	exited     chan struct{} // closed when Wait has returned
	waitErr    error         // set before exited is closed: how it ended
	// endedByUs, when ended is set, says whether the implementation was
	// still running when the client ended it (set before exited is
	// closed, where the guard knows).
	endedByUs, ended bool
	tail             *tailWriter

	mu      sync.Mutex
	partial []byte // the start of a line begun but not ended (to quote)
	partN   int    // its length

	// Used by the client's goroutine only.
	exitSeen  bool // the client saw it exit and ended what it left
	exitTime  time.Time
	firstID   int // the first moves request sent to it; 0 before any
	lastReply int // the id of the last request it answered; 0: hello
}

// lineMsg is one line read from the implementation, or why reading ended.
type lineMsg struct {
	line []byte
	err  error
}

// spawn starts argv with pipes for stdin, stdout and stderr, a reader
// goroutine for stdout, a copier for stderr and a goroutine that waits
// for the process. The pipes are files, so Wait returns as soon as the
// process exits, whoever else holds them. The guard (newGuard) makes
// sure that what the process starts ends with it.
func spawn(ctx context.Context, argv []string, opts Options) (*process, error) {
	var child, ours [3]*os.File
	closeAll := func() {
		for i := range child {
			if child[i] != nil {
				child[i].Close()
			}
			if ours[i] != nil {
				ours[i].Close()
			}
		}
	}
	for i := range child {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			return nil, err
		}
		if i == 0 {
			child[i], ours[i] = r, w
		} else {
			child[i], ours[i] = w, r
		}
	}
	p := &process{stdin: ours[0], stdout: ours[1], stderr: ours[2], lines: make(chan lineMsg),
		release: make(chan struct{}), readerDone: make(chan struct{}), stderrDone: make(chan struct{}),
		exited: make(chan struct{}), tail: &tailWriter{also: opts.Stderr}}
	name, err := lookPath(argv[0], opts.Env)
	if err != nil {
		closeAll()
		return nil, err
	}
	cmd := exec.CommandContext(ctx, name, argv[1:]...)
	cmd.Args[0] = argv[0]
	if len(opts.Env) > 0 {
		cmd.Env = append(os.Environ(), opts.Env...)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = child[0], child[1], child[2]
	g, err := newGuard(cmd)
	if err != nil {
		closeAll()
		return nil, err
	}
	cmd.Cancel = func() error { g.end(cmd); return nil }
	p.cmd, p.guard = cmd, g
	err = cmd.Start()
	for _, f := range child {
		f.Close() // the child holds its own copies
	}
	if err == nil {
		if err = g.started(time.Now().Add(opts.HelloTimeout)); err != nil {
			g.end(cmd)
			waited := make(chan struct{})
			go func() {
				cmd.Wait()
				close(waited)
			}()
			t := time.NewTimer(endBound)
			select {
			case <-waited:
			case <-t.C:
				g.force(cmd)
				<-waited
			}
			t.Stop()
		}
	}
	if err != nil {
		g.abandon()
		for _, f := range ours {
			f.Close()
		}
		return nil, err
	}
	go p.read(opts.MaxReply - 1) // the newline counts towards MaxReply
	go func() {
		defer close(p.stderrDone)
		io.Copy(p.tail, p.stderr)
	}()
	go func() {
		p.waitErr, p.endedByUs, p.ended = g.exited(cmd.Wait())
		close(p.exited)
	}()
	return p, nil
}

// read passes stdout's lines to p.lines until the output ends, which it
// passes on too (io.EOF, or wire.ErrPartial with the bytes of an unended
// line), or until a line is longer than max bytes (wire.ErrTooLong, after
// which it stops reading), or until p.release is closed. A '\r' before
// the newline is dropped and not counted. Between lines it keeps the
// start of a line begun but not ended, for partialLine.
func (p *process) read(max int) {
	defer close(p.readerDone)
	send := func(m lineMsg) bool {
		select {
		case p.lines <- m:
			return true
		case <-p.release:
			return false
		}
	}
	buf := make([]byte, 64<<10)
	var cur []byte
	for {
		n, err := p.stdout.Read(buf)
		data := buf[:n]
		var lines [][]byte
		tooLong := false
		for len(data) > 0 {
			i := bytes.IndexByte(data, '\n')
			if i < 0 {
				cur = append(cur, data...)
				break
			}
			line := append(cur, data[:i]...)
			cur, data = nil, data[i+1:]
			if len(line) > max+1 || len(line) == max+1 && line[max] != '\r' {
				tooLong = true
				break
			}
			lines = append(lines, bytes.TrimSuffix(line, []byte{'\r'}))
		}
		if len(cur) > max+1 {
			tooLong = true
		}
		p.setPartial(cur)
		for _, l := range lines {
			if !send(lineMsg{line: l}) {
				return
			}
		}
		switch {
		case tooLong:
			send(lineMsg{err: wire.ErrTooLong})
			return
		case err == nil:
			continue
		case len(cur) > 0:
			send(lineMsg{line: cur, err: wire.ErrPartial})
		case errors.Is(err, io.EOF):
			send(lineMsg{err: io.EOF})
		default:
			send(lineMsg{err: err})
		}
		return
	}
}

// setPartial records the line begun but not ended.
func (p *process) setPartial(cur []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.partN = len(cur)
	p.partial = append(p.partial[:0], cur[:min(len(cur), wire.QuoteMax)]...)
}

// partialLine returns the start of a line the implementation began and
// has not ended, and its length so far; n is 0 when there is none.
func (p *process) partialLine() (start []byte, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]byte(nil), p.partial...), p.partN
}

// write writes a request line, giving up at deadline.
func (p *process) write(line []byte, deadline time.Time) error {
	p.stdin.SetWriteDeadline(deadline) // not every platform has pipe deadlines
	_, err := p.stdin.Write(line)
	return err
}

// event is what next waited for.
type event int

const (
	evLine    event = iota // a line, or the end of the output
	evTimeout              // the deadline passed
	evHeld                 // the process exited, but its output stays open
	evCancel               // the context was cancelled
)

// next waits for the next line of output (or the end of it) until
// deadline. When the process exits meanwhile, it ends what the process
// left running at once (spec/protocol.md P6.2; where the guard runs a
// supervisor, that is done by the time the exit is seen): a child that
// inherited stdout then cannot keep the output open, and the lines
// written before the exit still come, followed by the end of the output.
// Should the output stay open even so (a process the guard does not
// reach holds it), next gives up after exitDrain with evHeld.
func (p *process) next(ctx context.Context, deadline time.Time) (lineMsg, event) {
	for {
		limit, exited := deadline, p.exited
		if p.exitSeen {
			exited = nil
			if d := p.exitTime.Add(exitDrain); d.Before(limit) {
				limit = d
			}
		}
		timer := time.NewTimer(time.Until(limit))
		select {
		case m := <-p.lines:
			timer.Stop()
			return m, evLine
		case <-exited:
			timer.Stop()
			p.exitSeen, p.exitTime = true, time.Now()
			p.guard.end(p.cmd)
		case <-timer.C:
			if limit.Before(deadline) {
				return lineMsg{}, evHeld
			}
			return lineMsg{}, evTimeout
		case <-ctx.Done():
			timer.Stop()
			return lineMsg{}, evCancel
		}
	}
}

// hasExited reports, without waiting, whether the process has exited.
func (p *process) hasExited() bool {
	if p.exitSeen {
		return true
	}
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// exitInfo says how a process ended, for a report.
type exitInfo struct {
	killed bool  // it did not exit by itself within the grace period
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

// stop ends the process (end) and then waits for its goroutines (close).
func (p *process) stop(grace time.Duration) exitInfo { return p.close(p.end(grace)) }

// end closes the process's stdin, gives it grace to exit, and ends it:
// the process if it has not exited, and in any case what it started and
// left behind (spec/protocol.md P5, P6.1). It waits for the process to be
// gone and reports whether it had to be killed. Its output can still be
// read (what it wrote before it died) until close.
func (p *process) end(grace time.Duration) (killed bool) {
	p.stdin.Close()
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
		killed = true
	}
	p.guard.end(p.cmd)
	t := time.NewTimer(endBound)
	select {
	case <-p.exited:
	case <-t.C:
		// The guard did not end it in time (a supervisor that was
		// itself stopped or killed): kill what can be reached.
		p.guard.force(p.cmd)
		<-p.exited
	}
	t.Stop()
	if p.ended {
		killed = p.endedByUs
	}
	if !p.exitSeen {
		p.exitSeen, p.exitTime = true, time.Now()
	}
	return killed
}

// endBound is how long end waits for the guard to end a process before
// it kills what it can reach itself: ending takes milliseconds, so this
// only matters when something is wrong.
const endBound = 10 * time.Second

// close stops reading the output of a process that end has ended, and
// waits for the reader and the stderr copier: no goroutine of the process
// outlives close. Lines not read yet are dropped.
func (p *process) close(killed bool) exitInfo {
	close(p.release)
	p.stdout.Close()
	<-p.readerDone
	// Every writer of stderr is dead unless the guard could not reach it: the copier
	// reaches the end of what they wrote, or is cut off.
	t := time.NewTimer(exitDrain)
	select {
	case <-p.stderrDone:
	case <-t.C:
		p.stderr.Close()
		<-p.stderrDone
	}
	t.Stop()
	p.stderr.Close()
	info := exitInfo{killed: killed, tail: p.tail.String()}
	if !killed {
		info.err = p.waitErr
	}
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

// lookPath is the program that name runs when env is set for it: name
// itself, which exec looks up on betzacheck's PATH, unless it has no
// slash and env sets PATH (the last such entry), where it is looked up
// then, as a shell does for "PATH=… name" (spec/protocol.md P1.8).
func lookPath(name string, env []string) (string, error) {
	path, set := "", false
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path, set = v, true
		}
	}
	if !set || strings.ContainsRune(name, '/') {
		return name, nil
	}
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(cmp.Or(dir, "."), name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("exec: %q: not found on the PATH the command sets (%s)", name, path)
}

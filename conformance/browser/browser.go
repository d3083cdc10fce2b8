// Package browser drives a headless Chromium for the tests of betzacheck's
// pages: the HTML report of a conformance run and the playground of
// `betzacheck web`. A test opens a page, types into it and clicks as a
// user does, reads the DOM through JavaScript, waits for a condition,
// takes a screenshot and checks that the page threw no exception.
//
// It speaks the Chrome DevTools Protocol over the pipe that Chromium
// opens with --remote-debugging-pipe: JSON messages, each ended by a NUL
// byte, that Chromium reads on its file descriptor 3 and writes on its
// file descriptor 4. A command carries an id and its answer the same id;
// an event carries a method and no id. The commands for a page go to a
// session attached with flatten, and carry its sessionId.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package browser

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// Find returns the path of Debian's chromium. When it is not on PATH, CI
// (the CI variable set) installs it with apt-get; elsewhere the test is
// skipped.
func Find(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("CI") == "" {
		t.Skip("chromium is not installed (apt-get install chromium); CI installs it and runs this test")
	}
	for _, args := range [][]string{{"update"}, {"install", "-y", "chromium"}} {
		cmd := exec.Command("apt-get", args...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("apt-get %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	p, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatalf("chromium installed but not on PATH: %v", err)
	}
	return p
}

// startTimeout bounds New's start of Chromium: only a Chromium that never
// answers waits that long.
const startTimeout = 2 * time.Minute

// New finds Chromium (see Find), starts it and closes it when the test
// and its subtests are done, whether they pass, fail or are skipped.
func New(t testing.TB) *Browser {
	t.Helper()
	bin := Find(t)
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	b, err := Start(ctx, bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := b.Close(); err != nil {
			t.Errorf("closing chromium: %v", err)
		}
	})
	return b
}

// The viewport of every page, in CSS pixels (but during a Screenshot).
// Chromium's window has the same size.
const (
	ViewportWidth  = 1280
	ViewportHeight = 800
)

// A Browser is a running headless Chromium, driven through its protocol
// pipe. Its methods may be called from several goroutines.
type Browser struct {
	cmd     *exec.Cmd
	dir     string   // temporary: the profile and Chromium's output
	toPipe  *os.File // Chromium reads it on fd 3
	rawPipe *os.File // Chromium writes it on fd 4
	version string

	nextID  atomic.Int64
	writeMu sync.Mutex

	mu      sync.Mutex
	pending map[int64]chan message // calls waiting for their answer
	pages   map[string]*Page       // by session id

	done chan struct{} // closed when the pipe from Chromium ends
	err  error         // why it ended; set before done is closed

	closeOnce sync.Once
	closeErr  error
}

// message is one message of the protocol, either way.
type message struct {
	ID        int64           `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    any             `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    string `json:"data"`
	} `json:"error,omitempty"`
}

// params are a command's parameters.
type params = map[string]any

// Start runs bin (Chromium) headless, in a process group of its own, with
// a temporary profile, and waits until it answers on its protocol pipe.
// ctx bounds the start only: the browser runs until Close.
func Start(ctx context.Context, bin string) (*Browser, error) {
	dir, err := os.MkdirTemp("", "betzacheck-chromium-")
	if err != nil {
		return nil, err
	}
	var opened []*os.File
	fail := func(err error) (*Browser, error) {
		for _, f := range opened {
			f.Close()
		}
		os.RemoveAll(dir)
		return nil, err
	}
	// Chromium reads commands on fd 3 (ExtraFiles[0]) and writes on fd 4.
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		return fail(err)
	}
	opened = append(opened, cmdR, cmdW)
	outR, outW, err := os.Pipe()
	if err != nil {
		return fail(err)
	}
	opened = append(opened, outR, outW)
	log, err := os.Create(filepath.Join(dir, "output"))
	if err != nil {
		return fail(err)
	}
	opened = append(opened, log)
	cmd := exec.Command(bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
		"--disable-dev-shm-usage", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
		fmt.Sprintf("--window-size=%d,%d", ViewportWidth, ViewportHeight), "--user-data-dir="+filepath.Join(dir, "profile"),
		"--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{cmdR, outW}
	// Nothing of Chromium's outside the temporary folder: its crash
	// reports neither, and so the command line of crashpad's handler,
	// which leaves the process group, names the folder.
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	cmd.Stdout, cmd.Stderr = log, log
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return fail(err)
	}
	// The child has its own copies of its ends.
	cmdR.Close()
	outW.Close()
	log.Close()
	b := &Browser{cmd: cmd, dir: dir, toPipe: cmdW, rawPipe: outR,
		pending: map[int64]chan message{}, pages: map[string]*Page{}, done: make(chan struct{})}
	go b.read()
	var v struct {
		Product string `json:"product"`
	}
	if err := b.call(ctx, "", "Browser.getVersion", nil, &v); err != nil {
		b.Close()
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	b.version = v.Product
	return b, nil
}

// Version is Chromium's product and version, e.g. "Chrome/156.0.8078.114".
func (b *Browser) Version() string { return b.version }

// Close ends Chromium and every process it started (its process group,
// and crashpad's handler, which leaves the group), waits for it and
// removes its temporary profile. It may be called more
// than once; later calls return the first one's result.
func (b *Browser) Close() error {
	b.closeOnce.Do(func() {
		killAll(b.cmd, b.dir)
		b.cmd.Wait() // killed: its exit status says so, and is no error of Close
		b.toPipe.Close()
		b.rawPipe.Close()
		<-b.done
		b.closeErr = os.RemoveAll(b.dir)
	})
	return b.closeErr
}

// read reads Chromium's messages until its pipe ends, hands each answer to
// the call that waits for it and each event to its page.
func (b *Browser) read() {
	r := bufio.NewReader(b.rawPipe)
	var err error
	for {
		var raw []byte
		if raw, err = r.ReadBytes(0); err != nil {
			break
		}
		var m struct {
			message
			Params json.RawMessage `json:"params,omitempty"`
		}
		if err = json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			err = fmt.Errorf("unreadable message %.200q: %v", raw, err)
			break
		}
		b.mu.Lock()
		ch, page := b.pending[m.ID], b.pages[m.SessionID]
		delete(b.pending, m.ID)
		b.mu.Unlock()
		switch {
		case m.ID != 0 && ch != nil:
			ch <- m.message // buffered: never blocks
		case m.ID == 0 && page != nil:
			page.event(m.Method, m.Params)
		}
	}
	b.err = fmt.Errorf("chromium's protocol pipe ended (%v)%s", err, b.output())
	close(b.done)
}

// output is the end of what Chromium printed, for an error message.
func (b *Browser) output() string {
	const tail = 2000
	out, _ := os.ReadFile(filepath.Join(b.dir, "output"))
	out = bytes.TrimSpace(out)
	if len(out) > tail {
		out = append([]byte("…"), out[len(out)-tail:]...)
	}
	if len(out) == 0 {
		return ""
	}
	return "; chromium printed:\n" + string(out)
}

// call sends a command, to the browser (session "") or to a page's
// session, and decodes its answer into result (unless nil). It returns
// when the answer comes, when ctx ends or when Chromium's pipe ends,
// whichever is first.
func (b *Browser) call(ctx context.Context, session, method string, p params, result any) error {
	id := b.nextID.Add(1)
	ch := make(chan message, 1)
	b.mu.Lock()
	b.pending[id] = ch
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		delete(b.pending, id)
		b.mu.Unlock()
	}()
	data, err := json.Marshal(message{ID: id, SessionID: session, Method: method, Params: p})
	if err != nil {
		return fmt.Errorf("%s: %v", method, err)
	}
	if err := b.write(ctx, append(data, 0)); err != nil {
		if errors.Is(err, syscall.EPIPE) { // Chromium is gone: say why
			select {
			case <-b.done:
				err = b.err
			case <-ctx.Done():
			}
		}
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s (%d) %s", method, m.Error.Message, m.Error.Code, m.Error.Data)
		}
		if result == nil {
			return nil
		}
		if err := json.Unmarshal(m.Result, result); err != nil {
			return fmt.Errorf("%s: answer %.200s: %v", method, m.Result, err)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("%s: %w", method, b.err)
	case <-ctx.Done():
		return fmt.Errorf("%s: no answer: %w", method, context.Cause(ctx))
	}
}

// write writes one message on Chromium's command pipe, giving up when ctx
// ends.
func (b *Browser) write(ctx context.Context, data []byte) error {
	b.writeMu.Lock()
	defer b.writeMu.Unlock()
	if err := ctx.Err(); err != nil {
		return err
	}
	deadline, _ := ctx.Deadline() // zero: none
	if err := b.toPipe.SetWriteDeadline(deadline); err != nil {
		return err
	}
	if _, err := b.toPipe.Write(data); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			<-ctx.Done() // the pipe's clock may be ahead of ctx's
			return fmt.Errorf("chromium read no command: %w", context.Cause(ctx))
		}
		return err
	}
	return nil
}

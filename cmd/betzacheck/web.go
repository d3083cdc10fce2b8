package main

import (
	"bytes"
	"cmp"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"html"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// The playground's page: one self-contained file (no network needed), its
// dialect list filled in when it is served (dialectOptions).
//
//go:embed web/playground.html
var playgroundPage string

// The limits of the web command (see webLimits).
const (
	defaultWebTimeout = 10 * time.Second
	maxWebQuery       = 8 << 10 // bytes of a request's query
	maxWebAnswer      = 4 << 20 // bytes of an answer
	maxWebCount       = 10000   // generated positions of equiv and translate --check
	// webGrace is how long past its timeout a request waits for its
	// command, which stops its evaluations at the timeout, to answer.
	webGrace = 2 * time.Second
)

func runWeb(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one); the default takes requests from this machine only")
	timeout := fs.Duration("timeout", defaultWebTimeout, "time limit of one request: its evaluations stop then, and it answers with what that decided or a timeout error")
	corpusDir := fs.String("corpus", corpus.Builtin, "corpus whose positions /api/equiv tries first: a directory, \"builtin\" (the corpus built into betzacheck) or \"\" for none")
	allowed := fs.String("allowed-hosts", "", "also answer requests whose Host header names one of these comma-separated `HOSTS` (names or addresses, * for any); by default only localhost, 127.0.0.1, [::1] and the --addr host are answered, and others get 403, so that a page of another site cannot reach the playground by DNS rebinding")
	if _, code, ok := c.parseArgs(e, fs, args, 0); !ok {
		return code
	}
	if !checkPositive(c, e, "timeout", *timeout) {
		return exitUsage
	}
	corpusArg, code, ok := webCorpus(c, e, *corpusDir)
	if !ok {
		return code
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck web: %v\n", err)
		return exitUsage
	}
	// The host it was started on answers too: the --addr host as given,
	// and the address it listens on.
	hosts := splitHosts(*allowed)
	if h, _, err := net.SplitHostPort(*addr); err == nil && h != "" {
		hosts = append(hosts, h)
	}
	hosts = append(hosts, ln.Addr().(*net.TCPAddr).IP.String())
	pg := newPlayground(webLimits{Timeout: *timeout, Corpus: corpusArg, Hosts: hosts}, e.stderr)
	srv := &http.Server{
		Handler:           pg,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       20 * time.Second,
		WriteTimeout:      *timeout + webGrace + 10*time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(e.stderr, "betzacheck web: ", 0),
	}
	// Ctrl-C (or SIGTERM, or the end of e.ctx) stops the server.
	ctx, stop := signal.NotifyContext(cmp.Or(e.ctx, context.Background()), os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	// The URL alone on stdout's first line, for scripts; the rest on stderr.
	fmt.Fprintf(e.stdout, "http://%s/\n", ln.Addr())
	if ip := ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		fmt.Fprintf(e.stderr, "betzacheck web: listening on %s: other machines can reach the playground, with a Host of %s (--allowed-hosts adds others)\n", ln.Addr(), pg.hostWords())
	}
	fmt.Fprintln(e.stderr, "betzacheck web: serving the playground; Ctrl-C stops it")
	select {
	case err := <-served:
		fmt.Fprintf(e.stderr, "betzacheck web: %v\n", err)
		return exitFail
	case <-ctx.Done():
	}
	stop() // a second Ctrl-C ends the program at once
	// Requests in flight get their own timeout and grace to finish.
	down, cancel := context.WithTimeout(context.Background(), *timeout+webGrace)
	defer cancel()
	if err := srv.Shutdown(down); err != nil {
		fmt.Fprintf(e.stderr, "betzacheck web: stopping: %v\n", err)
		return exitFail
	}
	fmt.Fprintln(e.stderr, "betzacheck web: stopped")
	return exitOK
}

// webCorpus is the --corpus argument that /api/equiv passes to equiv: dir
// when it holds a corpus, "" (none) when the default corpus is missing
// (betzacheck run outside a checkout), which is noted; a corpus named on
// the command line that cannot be read is an input error.
func webCorpus(c *command, e *env, dir string) (string, int, bool) {
	if dir == "" {
		return "", exitOK, true
	}
	if _, code, ok := loadCorpus(c, e, dir, false); !ok {
		return "", code, false
	}
	return dir, exitOK, true
}

// webLimits bound what one request of the playground may cost.
type webLimits struct {
	// Timeout is the time one request may take: its evaluations stop
	// then (eval.Options.Context), and a command that has not answered
	// webGrace later gets a timeout error.
	Timeout time.Duration
	// Corpus is the --corpus of /api/equiv: a directory, or "" for none.
	Corpus string
	// Workers is how many commands may run at once (0: defaultWorkers);
	// a request waits for a free one until its timeout.
	Workers int
	// Hosts are the names and addresses, besides the loopback ones, that
	// a request's Host header may name (hostAllowed); "*" allows any.
	Hosts []string
}

// defaultWorkers is how many commands run at once: twice the processors
// and at least four, so that a cheap request runs beside expensive ones,
// sharing the processors with them, instead of waiting behind them. What
// each command may cost is bounded at every stage, whatever it is asked:
// reading and translating a notation by the limits of §12.2 and of each
// dialect (spec/xbetza.md §X6.4, spec/bracket.md §B8.4), evaluating it by
// the search budget (§12.3) and the request's time, drawing and printing
// by the answer's size (a diagram stops at the first byte past it), so
// that a command that is given up also stops.
func defaultWorkers() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// playground is the web command's handler: the page at /, the API under
// /api/. Each API request runs one subcommand in process, as the command
// line would with the same flags and --json, and answers what it prints,
// byte for byte: one encoder for both.
type playground struct {
	limits  webLimits
	workers chan struct{} // a token per command running
	page    []byte
	log     *log.Logger
}

func newPlayground(l webLimits, logTo io.Writer) *playground {
	if l.Workers <= 0 {
		l.Workers = defaultWorkers()
	}
	return &playground{
		limits:  l,
		workers: make(chan struct{}, l.Workers),
		page:    []byte(strings.Replace(playgroundPage, "<!--DIALECTS-->", dialectOptions(), 1)),
		log:     log.New(logTo, "betzacheck web: ", 0),
	}
}

// dialectOptions is the <option> list of every dialect translate knows,
// Betza 2.0 first.
func dialectOptions() string {
	var b strings.Builder
	for _, name := range translate.Names() {
		fmt.Fprintf(&b, "<option value=\"%s\">%s</option>", html.EscapeString(name), html.EscapeString(name))
	}
	return b.String()
}

// apiEndpoint is one command of the API: GET /api/NAME?PARAMS runs the
// subcommand with each parameter as the flag of its name and answers what
// the subcommand prints.
type apiEndpoint struct {
	command  string
	operands []string // the parameters that are the operands, in order, each required
	flags    []string // the parameters passed as --NAME=VALUE, each optional
	fixed    []string // flags always passed
	svg      bool     // the answer is the SVG of moves --svg -, not JSON
}

// apiEndpoints is the API. Flags that name files (--svg FILE, --corpus)
// are not parameters: the server reads and writes no file on a request's
// word.
var apiEndpoints = map[string]apiEndpoint{
	"parse":     {command: "parse", operands: []string{"notation"}, flags: []string{"dialect"}, fixed: []string{"--json"}},
	"explain":   {command: "explain", operands: []string{"notation"}, flags: []string{"chains", "legs", "dialect"}, fixed: []string{"--json"}},
	"moves":     {command: "moves", operands: []string{"notation"}, flags: []string{"board", "position", "from", "paths", "dialect"}, fixed: []string{"--json"}},
	"diagram":   {command: "moves", operands: []string{"notation"}, flags: []string{"board", "position", "from", "paths", "dialect"}, fixed: []string{"--svg=-"}, svg: true},
	"translate": {command: "translate", operands: []string{"notation"}, flags: []string{"from", "to", "check", "count", "seed"}, fixed: []string{"--json"}},
	"equiv":     {command: "equiv", operands: []string{"a", "b"}, flags: []string{"count", "seed", "dialect", "dialect2"}, fixed: []string{"--json"}},
}

// apiError is an error of the API itself (not of the command it runs):
// the error document of every --json output, with the HTTP status.
type apiError struct {
	status int
	input  string // the parameter it is about, if any
	msg    string
}

// args is the command line of ep for the query q, or the error that
// refuses it.
func (ep apiEndpoint) args(q url.Values, l webLimits) ([]string, *apiError) {
	for name, vs := range q {
		if !slices.Contains(ep.operands, name) && !slices.Contains(ep.flags, name) {
			known := append(slices.Clone(ep.operands), ep.flags...)
			return nil, &apiError{http.StatusBadRequest, name, fmt.Sprintf("unknown parameter %q: expected one of %s", name, strings.Join(known, ", "))}
		}
		if len(vs) > 1 {
			return nil, &apiError{http.StatusBadRequest, name, fmt.Sprintf("parameter %q given %d times: expected once", name, len(vs))}
		}
	}
	args := append([]string{ep.command}, ep.fixed...)
	if ep.command == "equiv" {
		args = append(args, "--corpus="+l.Corpus)
	}
	for _, name := range ep.flags {
		if !q.Has(name) {
			continue
		}
		v := q.Get(name)
		if name == "count" {
			if n, err := strconv.Atoi(v); err == nil && n > maxWebCount {
				return nil, &apiError{http.StatusBadRequest, name, fmt.Sprintf("count %d: the playground tries at most %d generated positions (betzacheck %s on the command line has no such limit)", n, maxWebCount, ep.command)}
			}
		}
		args = append(args, "--"+name+"="+v)
	}
	args = append(args, "--")
	for _, name := range ep.operands {
		if !q.Has(name) {
			return nil, &apiError{http.StatusBadRequest, name, fmt.Sprintf("missing parameter %q", name)}
		}
		args = append(args, q.Get(name))
	}
	return args, nil
}

// The response header that carries the command's exit status (main.go).
const exitHeader = "Betzacheck-Exit"

func (p *playground) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	if !p.hostAllowed(r.Host) {
		p.writeError(w, &apiError{http.StatusForbidden, "", fmt.Sprintf("host %q: the playground answers requests to %s only (betzacheck web --allowed-hosts names others), so that a page of another site cannot use it", r.Host, p.hostWords())})
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		p.writeError(w, &apiError{http.StatusMethodNotAllowed, "", fmt.Sprintf("method %s: the playground answers GET and HEAD", r.Method)})
		return
	}
	switch {
	case r.URL.Path == "/":
		h.Set("Content-Type", "text/html; charset=utf-8")
		// Everything the page needs is in it: scripts and styles inline,
		// requests to this server only.
		h.Set("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'")
		w.Write(p.page)
	case strings.HasPrefix(r.URL.Path, "/api/"):
		p.serveAPI(w, r)
	default:
		p.writeError(w, &apiError{http.StatusNotFound, "", fmt.Sprintf("no page at %s: the playground is at / and its API at /api/{%s}", r.URL.Path, strings.Join(apiNames(), ","))})
	}
}

// splitHosts reads the list of --allowed-hosts: names or addresses
// separated by commas, an IPv6 address with or without brackets.
func splitHosts(list string) []string {
	var out []string
	for _, h := range strings.Split(list, ",") {
		if h = strings.TrimSpace(h); h != "" {
			out = append(out, h)
		}
	}
	return out
}

// hostAllowed reports whether a request with the Host header host is
// answered: one naming this machine by a loopback name (localhost, an
// address of 127.0.0.0/8, ::1), or one of p's hosts, any port. A page of
// another site that has its name resolve to this machine (DNS rebinding)
// sends its own name, and is refused.
func (p *playground) hostAllowed(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")), ".")
	if name == "" {
		return false
	}
	if ip := net.ParseIP(name); name == "localhost" || ip != nil && ip.IsLoopback() {
		return true
	}
	for _, h := range p.limits.Hosts {
		h = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]"))
		if h == "*" || h == name {
			return true
		}
		if a, b := net.ParseIP(h), net.ParseIP(name); a != nil && b != nil && a.Equal(b) {
			return true
		}
	}
	return false
}

// hostWords lists the hosts a request may name, for the error of a host
// that is not one of them.
func (p *playground) hostWords() string {
	names := []string{"localhost", "127.0.0.1", "[::1]"}
	for _, h := range p.limits.Hosts {
		if ip := net.ParseIP(strings.Trim(h, "[]")); (ip == nil || !ip.IsLoopback()) && h != "localhost" && !slices.Contains(names, h) {
			names = append(names, h)
		}
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// apiNames are the API's endpoints, sorted.
func apiNames() []string {
	var names []string
	for name := range apiEndpoints {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// answer is what a command printed, and its exit status.
type answer struct {
	code           int
	stdout, stderr []byte
	// reported is the error document of the failure the command reported
	// on an input (reportError), as text or JSON: for the diagram, whose
	// output is not JSON, the API answers it.
	reported *errorDocJSON
	overflow bool  // stdout passed maxWebAnswer
	panicked error // the command panicked: a bug, never an answer
}

func (p *playground) serveAPI(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/api/")
	ep, ok := apiEndpoints[name]
	if !ok {
		p.writeError(w, &apiError{http.StatusNotFound, "", fmt.Sprintf("no endpoint /api/%s: expected one of %s", name, strings.Join(apiNames(), ", "))})
		return
	}
	if n := len(r.URL.RawQuery); n > maxWebQuery {
		p.writeError(w, &apiError{http.StatusRequestURITooLong, "", fmt.Sprintf("the query is %d bytes: the playground takes at most %d", n, maxWebQuery)})
		return
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		p.writeError(w, &apiError{http.StatusBadRequest, "", fmt.Sprintf("malformed query: %v", err)})
		return
	}
	args, aerr := ep.args(q, p.limits)
	if aerr != nil {
		p.writeError(w, aerr)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), p.limits.Timeout)
	defer cancel()
	a, aerr := p.run(ctx, args)
	if aerr != nil {
		p.writeError(w, aerr)
		return
	}
	h := w.Header()
	h.Set(exitHeader, strconv.Itoa(a.code))
	switch {
	case a.panicked != nil:
		p.log.Printf("%s: internal error: %v", r.URL, a.panicked)
		p.writeError(w, &apiError{http.StatusInternalServerError, "", fmt.Sprintf("internal error: %v", a.panicked)})
	case a.overflow:
		p.writeError(w, &apiError{http.StatusUnprocessableEntity, "", fmt.Sprintf("the answer is longer than %d bytes, the playground's limit: ask for less", maxWebAnswer)})
	case ep.svg && a.code == exitOK:
		h.Set("Content-Type", "image/svg+xml")
		w.Write(a.stdout)
	case ep.svg && a.reported != nil:
		// The error as moves --json reports it: located, with its clause.
		status := http.StatusOK
		if a.code == exitUsage {
			status = http.StatusBadRequest
		}
		h.Set("Content-Type", "application/json")
		w.WriteHeader(status)
		writeJSON(w, a.reported)
	case len(a.stdout) == 0 || ep.svg:
		// The command printed its error as text: a usage error (a bad
		// flag value) or, for the diagram, whatever stopped it.
		status := http.StatusBadRequest
		if a.code != exitUsage {
			status = http.StatusOK
		}
		p.writeError(w, &apiError{status, "", strings.TrimSpace(firstParagraph(string(a.stderr)))})
	default:
		status := http.StatusOK
		if a.code == exitUsage {
			status = http.StatusBadRequest
		}
		h.Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(a.stdout)
	}
}

// firstParagraph is text up to its first blank line or usage line: the
// error, without the synopsis and flags that follow it on the terminal.
func firstParagraph(text string) string {
	var keep []string
	for _, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "usage: ") {
			break
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}

// run runs the command line args in process under ctx, once a worker is
// free. A command that has not answered webGrace after ctx's deadline is
// left to finish on its own (its evaluations stop at the deadline), still
// holding its worker, and the request gets a timeout error.
func (p *playground) run(ctx context.Context, args []string) (answer, *apiError) {
	select {
	case p.workers <- struct{}{}:
	default:
		select {
		case p.workers <- struct{}{}:
		case <-ctx.Done():
			return answer{}, &apiError{http.StatusServiceUnavailable, "", fmt.Sprintf("busy: no worker was free within %v", p.limits.Timeout)}
		}
	}
	done := make(chan answer, 1)
	go func() {
		defer func() { <-p.workers }()
		var a answer
		defer func() {
			if v := recover(); v != nil {
				a.panicked = fmt.Errorf("%v", v)
			}
			done <- a
		}()
		stdout := &cappedBuffer{max: maxWebAnswer}
		var stderr bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: stdout, stderr: &stderr, ctx: ctx}
		a.code = e.run(args)
		a.stdout, a.stderr, a.overflow, a.reported = stdout.Bytes(), stderr.Bytes(), stdout.overflow, e.reported
	}()
	deadline, _ := ctx.Deadline()
	grace := time.NewTimer(time.Until(deadline) + webGrace)
	defer grace.Stop()
	select {
	case a := <-done:
		return a, nil
	case <-grace.C:
		return answer{}, &apiError{http.StatusServiceUnavailable, "", fmt.Sprintf("timeout: no answer within %v", p.limits.Timeout)}
	}
}

// writeError writes e as the error document of every --json output.
func (p *playground) writeError(w http.ResponseWriter, e *apiError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.status)
	writeJSON(w, errorDocJSON{Error: &jsonError{Input: e.input, Message: e.msg}})
}

// cappedBuffer is a buffer that takes at most max bytes; a write past
// that fails, and overflow says so.
type cappedBuffer struct {
	bytes.Buffer
	max      int
	overflow bool
}

var errAnswerLimit = errors.New("the answer passed the playground's size limit")

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		b.overflow = true
		return 0, errAnswerLimit
	}
	return b.Buffer.Write(p)
}

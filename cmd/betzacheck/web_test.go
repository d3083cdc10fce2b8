package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/betzacheck/betzacheck/reference/translate"
)

// newTestPlayground serves the playground with the corpus of the
// repository, as `betzacheck web` run from its root does.
func newTestPlayground(t *testing.T, l webLimits) *httptest.Server {
	t.Helper()
	if l.Timeout == 0 {
		l.Timeout = defaultWebTimeout
	}
	if l.Corpus == "" {
		l.Corpus = "../../corpus"
	}
	srv := httptest.NewServer(newPlayground(l, io.Discard))
	t.Cleanup(srv.Close)
	return srv
}

// get requests path from srv and returns the status, the exit header and
// the body.
func get(t *testing.T, srv *httptest.Server, path string) (int, string, []byte) {
	t.Helper()
	resp, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading the body: %v", path, err)
	}
	return resp.StatusCode, resp.Header.Get(exitHeader), body
}

// cli runs betzacheck with args in process and returns its exit code and
// stdout.
func cli(args ...string) (int, []byte) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.Bytes()
}

// TestWebMatchesCLI asks the API what the command line answers with
// --json and compares them byte for byte: the answer, the exit status (in
// the Betzacheck-Exit header) and, for a usage error, the status 400.
func TestWebMatchesCLI(t *testing.T) {
	srv := newTestPlayground(t, webLimits{})
	fire := url.Values{"notation": {"mcB-xaK"}, "position": {"8/8/3p1p2/5P2/4p3/8/8/8"}, "from": {"a1"}}
	for _, c := range []struct {
		path string
		args []string
	}{
		// The example: 12 destinations.
		{"/api/moves?notation=W3&from=d4", []string{"moves", "--json", "--from", "d4", "W3"}},
		{"/api/moves?" + fire.Encode(), []string{"moves", "--json", "--position", "8/8/3p1p2/5P2/4p3/8/8/8", "--from", "a1", "mcB-xaK"}},
		{"/api/moves?" + fire.Encode() + "&paths=true", []string{"moves", "--json", "--paths", "--position", "8/8/3p1p2/5P2/4p3/8/8/8", "--from", "a1", "mcB-xaK"}},
		{"/api/moves?notation=%5BR-sR%5D&dialect=bracket&from=d4&board=7x7", []string{"moves", "--json", "--dialect", "bracket", "--board", "7x7", "--from", "d4", "[R-sR]"}},
		{"/api/moves?notation=mRpR-&from=d4", []string{"moves", "--json", "--from", "d4", "mRpR-"}},
		// Issue 17: the unicorn on 5x5x5, by the Spanish direct evaluator;
		// an n-D board in Betza 2.0 is a usage error.
		{"/api/moves?notation=D%3An%28x3%29&dialect=spanish&board=5x5x5&from=c3.3", []string{"moves", "--json", "--dialect", "spanish", "--board", "5x5x5", "--from", "c3.3", "D:n(x3)"}},
		{"/api/moves?notation=W&board=5x5x5&from=c3.3", []string{"moves", "--json", "--board", "5x5x5", "--from", "c3.3", "W"}},
		{"/api/moves?notation=W&from=d9", []string{"moves", "--json", "--from", "d9", "W"}},
		{"/api/moves?notation=W&from=d4&position=8%2F8%2F2%3F5", []string{"moves", "--json", "--from", "d4", "--position", "8/8/2?5", "W"}},
		{"/api/moves?notation=W", []string{"moves", "--json", "W"}},
		{"/api/parse?notation=mRpR-", []string{"parse", "--json", "mRpR-"}},
		{"/api/parse?notation=fmWfcF", []string{"parse", "--json", "fmWfcF"}},
		{"/api/parse?notation=mRpafcR&dialect=xbetza", []string{"parse", "--json", "--dialect", "xbetza", "mRpafcR"}},
		{"/api/explain?notation=mcB-xaK", []string{"explain", "--json", "mcB-xaK"}},
		{"/api/explain?notation=W3&chains=2&legs=2", []string{"explain", "--json", "--chains", "2", "--legs", "2", "W3"}},
		{"/api/explain?notation=W&chains=0", []string{"explain", "--json", "--chains", "0", "W"}},
		{"/api/translate?notation=mRpR-cR&from=betza2&to=bracket", []string{"translate", "--json", "--from", "betza2", "--to", "bracket", "mRpR-cR"}},
		{"/api/translate?notation=mcB-xaK&from=betza2&to=spanish", []string{"translate", "--json", "--from", "betza2", "--to", "spanish", "mcB-xaK"}},
		{"/api/translate?notation=K&from=betza2&to=nowhere", []string{"translate", "--json", "--from", "betza2", "--to", "nowhere", "K"}},
		{"/api/equiv?a=W3&b=R&seed=1&count=50", []string{"equiv", "--json", "--corpus", "../../corpus", "--seed", "1", "--count", "50", "W3", "R"}},
		{"/api/equiv?a=K&b=WF&seed=2&count=50", []string{"equiv", "--json", "--corpus", "../../corpus", "--seed", "2", "--count", "50", "K", "WF"}},
		{"/api/equiv?a=%5BR-sR%5D&b=R-sR&dialect=bracket&dialect2=betza2&seed=3&count=20", []string{"equiv", "--json", "--corpus", "../../corpus", "--dialect", "bracket", "--dialect2", "betza2", "--seed", "3", "--count", "20", "[R-sR]", "R-sR"}},
		{"/api/equiv?a=K&b=WF&count=-1", []string{"equiv", "--json", "--count", "-1", "K", "WF"}},
	} {
		t.Run(c.path, func(t *testing.T) {
			status, exit, body := get(t, srv, c.path)
			code, want := cli(c.args...)
			if exit != strconv.Itoa(code) {
				t.Errorf("exit header %q, the command line exits %d", exit, code)
			}
			if wantStatus := map[bool]int{true: 400, false: 200}[code == exitUsage]; status != wantStatus {
				t.Errorf("status %d, want %d (exit %d)", status, wantStatus, code)
			}
			if len(want) == 0 {
				// The command line reports this usage error as text on
				// stderr; the API as a JSON error.
				var doc errorDocJSON
				if err := json.Unmarshal(body, &doc); err != nil || doc.Error == nil || doc.Error.Message == "" {
					t.Errorf("a usage error should answer a JSON error, got %s", body)
				}
				return
			}
			if !bytes.Equal(body, want) {
				t.Errorf("the API answers\n%s\nthe command line prints\n%s", body, want)
			}
		})
	}

	// The figure, read from the answer.
	_, _, body := get(t, srv, "/api/moves?notation=W3&from=d4")
	var doc struct{ Outcomes []json.RawMessage }
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Outcomes) != 12 {
		t.Errorf("W3 from d4: %d outcomes, want 12", len(doc.Outcomes))
	}
	_, _, body = get(t, srv, "/api/moves?notation=D%3An%28x3%29&dialect=spanish&board=5x5x5&from=c3.3")
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Outcomes) != 16 {
		t.Errorf("D:n(x3) from c3.3 on 5x5x5: %d outcomes, want 16", len(doc.Outcomes))
	}
}

// TestWebDiagram checks that /api/diagram answers the SVG that moves --svg
// writes to a file, and an error as JSON.
func TestWebDiagram(t *testing.T) {
	srv := newTestPlayground(t, webLimits{})
	file := t.TempDir() + "/d.svg"
	if code, _ := cli("moves", "--svg", file, "--paths", "--position", "8/8/3p1p2/5P2/4p3/8/8/8", "--from", "a1", "mcB-xaK"); code != exitOK {
		t.Fatalf("moves --svg exits %d", code)
	}
	want := readFile(t, file)
	resp, err := srv.Client().Get(srv.URL + "/api/diagram?notation=mcB-xaK&paths=1&position=8%2F8%2F3p1p2%2F5P2%2F4p3%2F8%2F8%2F8&from=a1")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "image/svg+xml" {
		t.Errorf("Content-Type %q", ct)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the diagram differs from moves --svg's:\n%s\nwant\n%s", got, want)
	}

	status, exit, body := get(t, srv, "/api/diagram?notation=mRpR-&from=a1")
	var doc errorDocJSON
	if err := json.Unmarshal(body, &doc); err != nil || doc.Error == nil || status != 200 || exit != "1" {
		t.Errorf("a bad notation: status %d exit %s, want 200, 1 and a JSON error: %s", status, exit, body)
	} else if doc.Error.Clause != "§9.4" || doc.Error.Offset == nil || *doc.Error.Offset != 5 {
		t.Errorf("the error should be located and name its clause: %+v", doc.Error)
	}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestWebErrors checks the API's own errors: each is one JSON error
// document with its status, naming what was wrong.
func TestWebErrors(t *testing.T) {
	srv := newTestPlayground(t, webLimits{})
	long := "/api/parse?notation=" + strings.Repeat("W", maxWebQuery)
	for _, c := range []struct {
		method, path string
		status       int
		input, says  string
	}{
		{"GET", "/api/moves?notation=W&from=d4&bogus=1", 400, "bogus", "unknown parameter"},
		{"GET", "/api/moves?notation=W&notation=F&from=d4", 400, "notation", "given 2 times"},
		{"GET", "/api/moves?from=d4", 400, "notation", "missing parameter"},
		{"GET", "/api/moves?notation=W&from=d4&svg=%2Fetc%2Fpasswd", 400, "svg", "unknown parameter"},
		{"GET", "/api/equiv?a=W&b=W&corpus=%2F", 400, "corpus", "unknown parameter"},
		{"GET", "/api/equiv?a=W&b=W&count=10001", 400, "count", "at most 10000"},
		{"GET", "/api/moves?notation=W&from=%zz", 400, "", "malformed query"},
		{"GET", long, 414, "", "at most 8192"},
		{"GET", "/api/nothing", 404, "", "expected one of board, diagram, equiv, explain, moves, parse, translate"},
		{"GET", "/elsewhere", 404, "", "no page at /elsewhere"},
		{"POST", "/api/moves?notation=W&from=d4", 405, "", "method POST"},
		{"GET", "/api/moves?notation=W&from=d4&paths=maybe", 400, "", `invalid boolean value "maybe" for -paths`},
		{"GET", "/api/explain?notation=W&chains=5000", 400, "", "--chains 5000: expected 1 to 1000"},
		{"GET", "/api/moves?notation=W&from=d4&dialect=klingon", 400, "", "--dialect"},
	} {
		t.Run(c.method+" "+c.path[:min(len(c.path), 60)], func(t *testing.T) {
			req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.status {
				t.Errorf("status %d, want %d: %s", resp.StatusCode, c.status, body)
			}
			var doc errorDocJSON
			if err := json.Unmarshal(body, &doc); err != nil || doc.Error == nil {
				t.Fatalf("not a JSON error document: %s", body)
			}
			if doc.Error.Input != c.input || !strings.Contains(doc.Error.Message, c.says) {
				t.Errorf("error %+v, want input %q and a message saying %q", doc.Error, c.input, c.says)
			}
		})
	}
}

// TestWebTimeout checks that a request past its time limit answers what
// the command decided by then, the limit named: never a pass.
func TestWebTimeout(t *testing.T) {
	srv := newTestPlayground(t, webLimits{Timeout: time.Nanosecond})
	status, exit, body := get(t, srv, "/api/moves?notation=W3&from=d4")
	// A limit decides nothing: exit 3 (spec/protocol.md P9.2).
	if status != 200 || exit != "3" || !strings.Contains(string(body), "the search was stopped") {
		t.Errorf("moves past its time: status %d exit %s, want 200, 3 and the time limit: %s", status, exit, body)
	}
	nd := url.Values{"notation": {"(D:n*)U(D:n*)"}, "dialect": {"spanish"}, "board": {"26x26x26x26"}, "from": {"m13.13.13"}}
	status, exit, body = get(t, srv, "/api/moves?"+nd.Encode())
	if status != 200 || exit != "3" || !strings.Contains(string(body), "the search was stopped") {
		t.Errorf("n-dimensional moves past its time: status %d exit %s, want 200, 3 and the time limit: %s", status, exit, body)
	}
	status, exit, body = get(t, srv, "/api/equiv?a=K&b=WF&count=100&seed=1")
	var doc struct {
		Verdict string
		Decided int
	}
	if err := json.Unmarshal(body, &doc); err != nil || status != 200 || exit != "3" || doc.Verdict != "undecided" || doc.Decided != 0 {
		t.Errorf("equiv past its time: status %d exit %s, want 200, 3 and undecided: %s", status, exit, body)
	}
}

// TestWebPage checks the page: served as HTML, with every dialect to
// choose from and nothing to fetch from elsewhere.
func TestWebPage(t *testing.T) {
	srv := newTestPlayground(t, webLimits{})
	resp, err := srv.Client().Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("Content-Type %q", ct)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("Content-Security-Policy %q should allow nothing but this server", csp)
	}
	for _, name := range translate.Names() {
		if !bytes.Contains(page, []byte(`<option value="`+name+`">`)) {
			t.Errorf("the page offers no dialect %s", name)
		}
	}
	for _, attr := range []string{`src="http`, `href="http`, `src="//`, `href="//`, "@import", "url(http"} {
		if bytes.Contains(page, []byte(attr)) {
			t.Errorf("the page loads something from elsewhere (%s): it must work offline", attr)
		}
	}
}

// TestWebHostile sends 1,000 malformed or oversized requests, drawn from
// a seed, and checks that each gets an answer (a JSON error, for the
// API) and that the server answers rightly afterwards. Some are sent as
// raw bytes, below the HTTP client, so that they may be what no client
// would send.
func TestWebHostile(t *testing.T) {
	srv := newTestPlayground(t, webLimits{Timeout: time.Minute})
	seed := uint64(time.Now().UnixNano())
	if s, err := strconv.ParseUint(os.Getenv("BETZA_WEB_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("seed %d (replay: BETZA_WEB_SEED=%d)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	statuses := map[int]int{}
	for i := range 1000 {
		if i%10 == 9 {
			rawRequest(t, srv, hostileBytes(rng))
			statuses[0]++
			continue
		}
		method, path := hostileRequest(rng)
		req, err := http.NewRequest(method, srv.URL+path, nil)
		if err != nil {
			t.Fatalf("request %d (%s %q): %v", i, method, path, err)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatalf("request %d (%s %.200q): %v", i, method, path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		statuses[resp.StatusCode]++
		if resp.StatusCode >= 500 {
			t.Errorf("request %d (%s %.200q): status %d: %s", i, method, path, resp.StatusCode, body)
		}
		ct := resp.Header.Get("Content-Type")
		if strings.HasPrefix(path, "/api/") && method != "HEAD" && ct != "image/svg+xml" && !json.Valid(body) {
			t.Errorf("request %d (%s %.200q): status %d, not JSON: %.300s", i, method, path, resp.StatusCode, body)
		}
	}
	t.Logf("statuses (0: raw bytes): %v", statuses)
	status, _, body := get(t, srv, "/api/moves?notation=W3&from=d4")
	_, want := cli("moves", "--json", "--from", "d4", "W3")
	if status != 200 || !bytes.Equal(body, want) {
		t.Errorf("after the hostile requests: status %d, body\n%s", status, body)
	}
}

// hostileRequest is a method and a path with a query that is wrong in
// some way: garbage, too long, unknown names, bad values, huge boards,
// deep nesting, broken escapes. Most are GET requests to an endpoint with
// its own parameter names, so that most reach the commands.
func hostileRequest(rng *rand.Rand) (string, string) {
	often := func(common string, rare ...string) string {
		if rng.IntN(8) > 0 {
			return common
		}
		return rare[rng.IntN(len(rare))]
	}
	garbage := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return url.QueryEscape(string(b))
	}
	method := often("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH")
	names := apiNames()
	endpoint := often(names[rng.IntN(len(names))], "", "..", "moves/x", "%2e%2e", "MOVES")
	ep := apiEndpoints[endpoint]
	params := append(slices.Clone(ep.operands), ep.flags...)
	values := []func() string{
		func() string { return garbage(rng.IntN(40)) },
		func() string { return strings.Repeat("(", rng.IntN(3000)) + "W" },
		func() string { return strings.Repeat("mcB-xaK", rng.IntN(1500)) },
		func() string { return "W" + strconv.Itoa(rng.IntN(1<<30)) },
		func() string { return fmt.Sprintf("%dx%d", rng.IntN(100)-10, rng.IntN(100)-10) },
		func() string { return strings.TrimSuffix(strings.Repeat("26x", 2+rng.IntN(8)), "x") },
		func() string { return "(D:n*)U(D:n*)U(D:n*)" },
		func() string { return strings.Repeat("8/", rng.IntN(2000)) },
		func() string { return strconv.Itoa(rng.IntN(1<<31) - 1<<30) },
		func() string { return "%" },
		func() string { return "" },
		func() string { return "z" + strconv.Itoa(rng.IntN(999)) },
		func() string { return "(amcK)0" },
	}
	var q strings.Builder
	for range rng.IntN(8) {
		if q.Len() > 0 {
			q.WriteString(often("&", ";", "&&"))
		}
		name := often("", "svg", "corpus", "json", "a", "notation", garbage(5))
		if name == "" && len(params) > 0 {
			name = params[rng.IntN(len(params))]
		}
		q.WriteString(name)
		q.WriteByte('=')
		q.WriteString(values[rng.IntN(len(values))]())
	}
	return method, "/api/" + endpoint + "?" + q.String()
}

// hostileBytes is a request that no HTTP client would send.
func hostileBytes(rng *rand.Rand) []byte {
	switch rng.IntN(4) {
	case 0: // garbage
		b := make([]byte, rng.IntN(2000))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return b
	case 1: // a request line longer than any header limit
		return []byte("GET /api/parse?notation=" + strings.Repeat("W", 100<<10) + " HTTP/1.1\r\nHost: x\r\n\r\n")
	case 2: // headers without end
		return []byte("GET / HTTP/1.1\r\nHost: x\r\nX: " + strings.Repeat("y", 70<<10) + "\r\n\r\n")
	}
	// a body on a GET, larger than the server reads
	return []byte("GET /api/parse?notation=W HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n" + strings.Repeat("z", 1000))
}

// rawRequest sends b on a connection of its own, closes its side, and
// reads what comes back, if anything, until the server closes it.
func rawRequest(t *testing.T, srv *httptest.Server, b []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	conn.Write(b)
	conn.(*net.TCPConn).CloseWrite() // no more is coming: the server need not wait
	io.Copy(io.Discard, bufio.NewReader(conn))
}

// getHost requests path from srv with the Host header host and returns
// the status and the body.
func getHost(t *testing.T, srv *httptest.Server, host, path string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("GET %s (Host %s): %v", path, host, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

// TestWebHost: the playground answers only requests that name this
// machine by a loopback name, or a host it was told of (issue 28 item
// 17): a page of another site whose name resolves to 127.0.0.1 (DNS
// rebinding) sends its own name in Host, and gets a JSON 403.
func TestWebHost(t *testing.T) {
	srv := newTestPlayground(t, webLimits{Hosts: []string{"192.0.2.7", "Play.Example"}})
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	for _, c := range []struct {
		host   string
		status int
	}{
		{fmt.Sprintf("127.0.0.1:%d", port), 200},
		{fmt.Sprintf("localhost:%d", port), 200},
		{"LOCALHOST", 200},
		{fmt.Sprintf("[::1]:%d", port), 200},
		{"127.0.0.2", 200},
		{"192.0.2.7:8080", 200},
		{"play.example", 200},
		{"play.example.", 200},
		{fmt.Sprintf("evil.example:%d", port), 403},
		{"localhost.evil.example", 403},
		{"127.0.0.1.nip.io", 403},
		{"192.0.2.8", 403},
		{"[::2]", 403},
	} {
		for _, path := range []string{"/api/parse?notation=N", "/"} {
			status, body := getHost(t, srv, c.host, path)
			if status != c.status {
				t.Errorf("Host %s, %s: status %d, want %d: %.200s", c.host, path, status, c.status, body)
				continue
			}
			var doc errorDocJSON
			if c.status == 403 && (json.Unmarshal(body, &doc) != nil || doc.Error == nil || !strings.Contains(doc.Error.Message, "--allowed-hosts")) {
				t.Errorf("Host %s: want a JSON error naming --allowed-hosts, got %s", c.host, body)
			}
		}
	}
	any := newTestPlayground(t, webLimits{Hosts: []string{"*"}})
	if status, body := getHost(t, any, "evil.example", "/api/parse?notation=N"); status != 200 {
		t.Errorf("--allowed-hosts '*': status %d: %s", status, body)
	}
}

// TestWebDiagramErrorLocated: a diagram that fails on its notation answers
// the error as moves --json does, with its offset and clause (issue 28
// item 15: /api/diagram?notation=((&from=d4 answered the message alone).
func TestWebDiagramErrorLocated(t *testing.T) {
	srv := newTestPlayground(t, webLimits{})
	for _, c := range []struct {
		query         string
		offset        int
		clause, input string
	}{
		{"notation=((&from=d4", 2, "§9.5", ""},
		{"notation=W&from=d4&position=8%2F8%2F2%3F5", 5, "§11.3", "--position"},
		{"notation=%5BW%3F%5D&dialect=bracket&from=d4", 3, "§B8.2", ""},
	} {
		status, exit, body := get(t, srv, "/api/diagram?"+c.query)
		var doc errorDocJSON
		if err := json.Unmarshal(body, &doc); err != nil || doc.Error == nil {
			t.Errorf("%s: status %d exit %s, not a JSON error: %s", c.query, status, exit, body)
			continue
		}
		if e := doc.Error; e.Offset == nil || *e.Offset != c.offset || e.Clause != c.clause || e.Input != c.input {
			t.Errorf("%s: error %+v (offset %v), want offset %d, clause %s, input %q", c.query, e, e.Offset, c.offset, c.clause, c.input)
		}
	}
}

// TestWebExpensiveRequests sends issue 28's expensive requests, two at a
// time, and while they run a trivial one: each expensive request ends
// with its limit (a located error, or the answer's size), the trivial one
// is answered beside them, and the server's heap stays small (issue 28
// items 1-4: 8,000 a's took 3.5 GB and 13.8 s, two at once took both
// workers and a trivial request got 503 "busy" 10 s later). No deadline is
// tight: the trivial request may take 10 s, the others the server's
// timeout; what is asserted is the kind of each answer and the heap.
func TestWebExpensiveRequests(t *testing.T) {
	srv := newTestPlayground(t, webLimits{})
	q := func(kv ...string) string {
		v := url.Values{}
		for i := 0; i < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v.Encode()
	}
	expensive := []struct {
		path   string
		status int
		says   string // in the body: the clause of the error, or the limit's words
	}{
		{"/api/parse?" + q("dialect", "xbetza", "notation", strings.Repeat("a", 8000)+"W"), 200, `"clause": "§X6.4"`},
		{"/api/parse?" + q("dialect", "xbetza", "notation", strings.Repeat("pa", 3900)+"W"), 200, `"clause": "§X6.4"`},
		{"/api/explain?" + q("dialect", "xbetza", "notation", strings.Repeat("fsa", 2600)+"W"), 200, `"clause": "§X6.4"`},
		{"/api/parse?" + q("dialect", "bracket", "notation", "["+strings.Repeat("W?", 1600)+"W]"), 200, `"clause": "§B8.4"`},
		{"/api/moves?" + q("dialect", "bracket", "from", "d4", "notation", "["+strings.Repeat("W?", 1000)+"W]"), 200, `"clause": "§B8.4"`},
		{"/api/diagram?" + q("dialect", "spanish", "board", "10x10x10x10x10x10", "from", "e5.5.5.5.5", "notation", "D:n*"), 422, "longer than"},
		{"/api/diagram?" + q("dialect", "spanish", "board", "10x10x10x10x10x10", "from", "e5.5.5.5.5", "notation", "(D:n*)U(D:n*)"), 422, "longer than"},
	}
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if h := m.HeapInuse + m.StackInuse; h > peak.Load() {
				peak.Store(h)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	trivial := &http.Client{Timeout: 10 * time.Second}
	for i := 0; i < len(expensive); i += 2 {
		pair := expensive[i:min(i+2, len(expensive))]
		done := make(chan struct{})
		for _, c := range pair {
			go func() {
				defer func() { done <- struct{}{} }()
				status, _, body := get(t, srv, c.path)
				if status != c.status || !strings.Contains(string(body), c.says) {
					t.Errorf("%.80s: status %d: %.300s; want %d and %s", c.path, status, body, c.status, c.says)
				}
			}()
		}
		// The trivial request, sent while the pair is asked.
		resp, err := trivial.Get(srv.URL + "/api/parse?notation=N")
		if err != nil {
			t.Errorf("a trivial request beside %.60s…: %v", pair[0].path, err)
		} else {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !strings.Contains(string(body), `"canonical": "N"`) {
				t.Errorf("a trivial request beside %.60s…: status %d: %s", pair[0].path, resp.StatusCode, body)
			}
		}
		for range pair {
			<-done
		}
	}
	close(stop)
	<-sampled
	t.Logf("peak heap %d MB", peak.Load()>>20)
	if peak.Load() > 600<<20 {
		t.Errorf("the heap reached %d MB under two expensive requests at a time, want at most 600", peak.Load()>>20)
	}
}

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/betzacheck/betzacheck/conformance/golden"
)

// TestMain registers betzacheck as a command that the scripts can run.
// The scripts' betzacheck is run as main runs it, with the program of its
// replay commands found from its argv[0] (which testscript.Main replaces
// by the command's name).
func TestMain(m *testing.M) {
	argv0 := os.Args[0]
	testscript.Main(m, map[string]func(){
		"betzacheck": func() { os.Exit(runAs(programOf(argv0), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// webServers are the servers of `betzacheck web` that the scripts run.
var webServers = &scriptServers{running: map[*testscript.TestScript]*scriptServer{}}

// TestScripts runs testdata/script/*.txtar, each named after its
// subcommand, with $REPO set to the repository root (for the scripts
// that run its files, such as the action's script). BETZA_UPDATE=1
// rewrites the golden files in the scripts; review the diff by hand.
func TestScripts(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       golden.Update(),
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			e.Setenv("REPO", repo)
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"gone": cmdGone, "webstart": webServers.start, "webget": webServers.get, "webstop": webServers.stop,
		},
	})
}

// cmdGone is the script command "gone FILE": every process whose id FILE
// lists (separated by white space) has ended. A process killed a moment
// ago may take a moment to die, so it waits for that, up to a generous
// bound, returning as soon as all are gone. Where there is no /proc it
// checks nothing.
func cmdGone(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: gone FILE")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return
	}
	data := ts.ReadFile(args[0])
	alive := func(pid string) bool {
		stat, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
		if err != nil {
			return false
		}
		// The state follows the command name in parentheses; a zombie
		// has ended.
		i := bytes.LastIndexByte(stat, ')')
		return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z' && stat[i+2] != 'X'
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range strings.Fields(data) {
		n, err := strconv.Atoi(pid)
		if err != nil {
			ts.Fatalf("%s: %q is not a process id", args[0], pid)
		}
		for alive(pid) {
			if time.Now().After(deadline) {
				if p, err := os.FindProcess(n); err == nil {
					p.Kill() // not to leave it behind the failed test
				}
				ts.Fatalf("process %s is still running", pid)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// scriptServers are the `betzacheck web` processes of the scripts, one per
// script at most.
type scriptServers struct {
	mu      sync.Mutex
	running map[*testscript.TestScript]*scriptServer
}

type scriptServer struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
	done   chan error
}

// start is the script command "webstart ARGS…": it runs `betzacheck web
// ARGS…` in the background, reads the URL it prints on its first line and
// sets $WEB to it. The server is killed when the script ends, if
// webstop has not stopped it.
func (s *scriptServers) start(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("usage: webstart ARGS...")
	}
	bin := ""
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		if p := filepath.Join(dir, "betzacheck"); fileExists(p) {
			bin = p
			break
		}
	}
	if bin == "" {
		ts.Fatalf("betzacheck is not on the script's PATH")
	}
	srv := &scriptServer{cmd: exec.Command(bin, append([]string{"web"}, args...)...), done: make(chan error, 1)}
	srv.cmd.Dir = ts.Getenv("WORK")
	srv.cmd.Stderr = &lockedWriter{w: &srv.stderr}
	out, err := srv.cmd.StdoutPipe()
	ts.Check(err)
	ts.Check(srv.cmd.Start())
	s.mu.Lock()
	s.running[ts] = srv
	s.mu.Unlock()
	ts.Defer(func() {
		srv.cmd.Process.Kill()
		<-srv.done
		s.mu.Lock()
		delete(s.running, ts)
		s.mu.Unlock()
	})
	first := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		line, _ := r.ReadString('\n')
		first <- strings.TrimSpace(line)
		io.Copy(io.Discard, r)
		srv.done <- srv.cmd.Wait()
	}()
	select {
	case url := <-first:
		if !strings.HasPrefix(url, "http://") {
			ts.Fatalf("betzacheck web printed %q, not its URL; stderr:\n%s", url, srv.stderr.String())
		}
		ts.Setenv("WEB", strings.TrimSuffix(url, "/"))
	case <-time.After(30 * time.Second):
		ts.Fatalf("betzacheck web printed no URL within 30s")
	}
}

// get is the script command "webget PATH": it requests $WEB PATH and
// prints the body on stdout and "status N exit E" (the Betzacheck-Exit
// header) on stderr.
func (s *scriptServers) get(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: webget PATH")
	}
	resp, err := http.Get(ts.Getenv("WEB") + args[0])
	ts.Check(err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	ts.Check(err)
	ts.Stdout().Write(body)
	fmt.Fprintf(ts.Stderr(), "status %d exit %s\n", resp.StatusCode, resp.Header.Get(exitHeader))
}

// stop is the script command "webstop": it interrupts the script's
// server as Ctrl-C does, waits for it to end, fails unless it exits 0,
// and prints what it wrote on stderr.
func (s *scriptServers) stop(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: webstop")
	}
	s.mu.Lock()
	srv := s.running[ts]
	s.mu.Unlock()
	if srv == nil {
		ts.Fatalf("no server: webstart first")
	}
	ts.Check(srv.cmd.Process.Signal(os.Interrupt))
	select {
	case err := <-srv.done:
		srv.done <- err // for the deferred kill
		fmt.Fprint(ts.Stderr(), srv.stderr.String())
		if err != nil {
			ts.Fatalf("betzacheck web: %v", err)
		}
	case <-time.After(30 * time.Second):
		ts.Fatalf("betzacheck web did not stop within 30s of the interrupt")
	}
}

func fileExists(name string) bool {
	st, err := os.Stat(name)
	return err == nil && !st.IsDir()
}

// lockedWriter serialises writes to w, read only once its writer is done.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// TestGoRunBinary: the temporary binary of "go run" is recognised by its
// place in go's work directory, and nothing else is (spec/protocol.md
// P10.7).
func TestGoRunBinary(t *testing.T) {
	for path, want := range map[string]bool{
		"/tmp/go-build3141592/b001/exe/betzacheck":          true,
		"/var/tmp/gotmp/go-build27/b123/exe/betzacheck":     true,
		"/tmp/go-build3141592/b001/betzacheck.test":         false, // go test's
		"/usr/local/bin/betzacheck":                         false,
		"/home/me/src/exe/betzacheck":                       false,
		"/tmp/testscript-main123/bin/betzacheck":            false,
		filepath.Join("go-build1", "b001", "exe", "prog"):   true,
		filepath.Join("go-build1", "b001", "bin", "prog"):   false,
		filepath.Join("/", "opt", "go-build", "exe", "bin"): false,
	} {
		if got := goRunBinary(filepath.FromSlash(path)); got != want {
			t.Errorf("goRunBinary(%q) = %v, want %v", path, got, want)
		}
	}
}

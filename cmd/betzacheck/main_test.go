package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"betzacheck/conformance/golden"
)

// TestMain registers betzacheck as a command that the scripts can run.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"betzacheck": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs testdata/script/*.txtar, each named after its
// subcommand. BETZA_UPDATE=1 rewrites the golden files in the scripts;
// review the diff by hand.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       golden.Update(),
		RequireExplicitExec: true,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"gone": cmdGone},
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

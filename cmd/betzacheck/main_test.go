package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
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
		UpdateScripts:       os.Getenv("BETZA_UPDATE") != "",
		RequireExplicitExec: true,
	})
}

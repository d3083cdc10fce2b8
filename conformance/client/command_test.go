package client_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// TestParseCommand: --impl reads as a POSIX shell reads a simple command,
// expanding nothing, with leading environment assignments
// (spec/protocol.md P1.8); what a shell would expand or treat as syntax,
// an unterminated quote and an empty command are located errors.
func TestParseCommand(t *testing.T) {
	for _, tt := range []struct {
		in        string
		env, argv []string
	}{
		{in: "serve", argv: []string{"serve"}},
		{in: "  betzacheck \t serve  ", argv: []string{"betzacheck", "serve"}},
		{in: "python3 '/a b/adapter.py'", argv: []string{"python3", "/a b/adapter.py"}},
		{in: `python3 "/a b/adapter.py" --x`, argv: []string{"python3", "/a b/adapter.py", "--x"}},
		{in: `python3 /a\ b/adapter.py`, argv: []string{"python3", "/a b/adapter.py"}},
		{in: `a'b'"c"\d`, argv: []string{"abcd"}},
		{in: `x '' ""`, argv: []string{"x", "", ""}},
		{in: `x 'it'\''s'`, argv: []string{"x", "it's"}},
		{in: `x "a \$ \` + "`" + ` \" \\ \n"`, argv: []string{"x", "a $ ` \" \\ \\n"}},
		{in: "x 'a $b `c` *'", argv: []string{"x", "a $b `c` *"}},
		{in: "x a\\\nb", argv: []string{"x", "ab"}},
		{in: `x a#b = a=b`, argv: []string{"x", "a#b", "=", "a=b"}},
		{in: "VAR=x cmd", env: []string{"VAR=x"}, argv: []string{"cmd"}},
		{in: "A=1 _B2='x y' C= cmd D=4", env: []string{"A=1", "_B2=x y", "C="}, argv: []string{"cmd", "D=4"}},
		{in: `A="a=b" cmd`, env: []string{"A=a=b"}, argv: []string{"cmd"}},
		// A quoted name or '=', or a name that is not one, is a word.
		{in: `'A=1' cmd`, argv: []string{"A=1", "cmd"}},
		{in: `A''=1 cmd`, argv: []string{"A=1", "cmd"}},
		{in: `A\=1 cmd`, argv: []string{"A=1", "cmd"}},
		{in: `1A=1 cmd`, argv: []string{"1A=1", "cmd"}},
		{in: `A-B=1 cmd`, argv: []string{"A-B=1", "cmd"}},
		{in: `=1 cmd`, argv: []string{"=1", "cmd"}},
	} {
		got, err := client.ParseCommand(tt.in)
		if err != nil {
			t.Errorf("ParseCommand(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(client.Command{Env: tt.env, Argv: tt.argv}, got); diff != "" {
			t.Errorf("ParseCommand(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
	for _, tt := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, "expected a program, found an empty command"},
		{"   ", 3, "expected a program, found an empty command"},
		{"A=1 B=2", 7, "expected a program after the environment assignments"},
		{"python3 '/a b/adapter.py", 8, "expected a closing ' for the quote opened here"},
		{`python3 "/a b/adapter.py`, 8, `expected a closing " for the quote opened here`},
		{`x a\`, 3, `expected a character after \, found end of input`},
		{"x $HOME/a", 2, "found '$': the command is run without a shell, and nothing is expanded"},
		{`x "$HOME"`, 3, "found '$' inside double quotes"},
		{"x `pwd`", 2, "found '`'"},
		{"x ~/a", 2, "found '~'"},
		{"x *.py", 2, "found '*'"},
		{"x a?", 3, "found '?'"},
		{"x [ab]", 2, "found '['"},
		{"x # comment", 2, "found '#'"},
		{"x | y", 2, "found '|': the command is one program run without a shell"},
		{"x; y", 1, "found ';'"},
		{"x && y", 2, "found '&'"},
		{"x >out", 2, "found '>'"},
		{"x <in", 2, "found '<'"},
		{"(x)", 0, "found '('"},
		{"x\ny", 1, "found a newline"},
	} {
		_, err := client.ParseCommand(tt.in)
		le := (*loc.Error)(nil)
		if !errors.As(err, &le) {
			t.Errorf("ParseCommand(%q): want a located error, got %v", tt.in, err)
			continue
		}
		if le.Offset != tt.offset || !strings.Contains(le.Msg, tt.msg) || le.Clause != "P1.8" {
			t.Errorf("ParseCommand(%q): %v; want offset %d, %q, P1.8", tt.in, err, tt.offset, tt.msg)
		}
	}
}

// TestStartEnv: the assignments of a command are set for the
// implementation's process on top of the inherited environment, and a PATH
// among them is where its program is looked up, as a shell does.
func TestStartEnv(t *testing.T) {
	argv := double(t, "good")
	cl, err := client.Start(context.Background(), argv, client.Options{Env: []string{"DOUBLE_NAME=x", "DOUBLE_NAME=from env"}})
	if err != nil {
		t.Fatal(err)
	}
	cl.Close()
	if got := cl.Hello().Name; got != "from env" {
		t.Errorf("the double's name is %q, want the DOUBLE_NAME set for it, %q", got, "from env")
	}

	// The program by name, on the PATH the command sets (a directory
	// with a space in its name), the rest of the PATH inherited.
	dir := filepath.Join(t.TempDir(), "a dir")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(argv[0], filepath.Join(dir, "double")); err != nil {
		t.Fatal(err)
	}
	cl, err = client.Start(context.Background(), []string{"double", "good"}, client.Options{Env: []string{"PATH=" + dir}})
	if err != nil {
		t.Fatal(err)
	}
	cl.Close()
	if got := cl.Hello().Name; got != "good" {
		t.Errorf("the double found on the command's PATH says %q, want good", got)
	}
	if _, err := client.Start(context.Background(), []string{"double", "good"}, client.Options{Env: []string{"PATH=" + t.TempDir()}}); err == nil || !strings.Contains(err.Error(), "not found on the PATH the command sets") {
		t.Errorf("a program not on the command's PATH: got %v", err)
	}
}

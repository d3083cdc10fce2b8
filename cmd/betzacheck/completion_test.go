package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/translate"
)

// TestCompletionScripts: each shell's script is produced and offers every
// command, every flag each command declares, and the dialect names.
func TestCompletionScripts(t *testing.T) {
	for _, shell := range completionShells {
		var out, errOut bytes.Buffer
		if code := run([]string{"completion", shell}, strings.NewReader(""), &out, &errOut); code != exitOK || errOut.Len() > 0 {
			t.Fatalf("completion %s: exit %d, %s", shell, code, errOut.String())
		}
		script := out.String()
		for _, c := range commands {
			if !strings.Contains(script, c.Name) {
				t.Errorf("%s: no command %s", shell, c.Name)
			}
			for _, f := range commandFlags(c) {
				if !strings.Contains(script, "--"+f.Name) && !strings.Contains(script, "-l "+f.Name) {
					t.Errorf("%s: no flag --%s of %s", shell, f.Name, c.Name)
				}
			}
		}
		for _, d := range translate.Names() {
			if !strings.Contains(script, d) {
				t.Errorf("%s: no dialect %s", shell, d)
			}
		}
	}
}

// TestCommandFlags: completion reads each command's flags from its run,
// which stops before it does anything.
func TestCommandFlags(t *testing.T) {
	names := func(c string) string {
		var out []string
		for _, f := range commandFlags(lookup(c)) {
			out = append(out, f.Name)
		}
		return strings.Join(out, " ")
	}
	for c, want := range map[string]string{
		"parse":     "dialect json",
		"moves":     "board dialect from json paths position svg",
		"translate": "check corpus count from json seed to",
		"serve":     "",
		"help":      "",
	} {
		if got := names(c); got != want {
			t.Errorf("%s: flags %q, want %q", c, got, want)
		}
	}
	specs := completionSpecs()
	kinds := map[string]int{}
	for _, s := range specs {
		for _, f := range s.Flags {
			kinds[s.Name+" --"+f.Name] = f.Value
		}
	}
	for flag, want := range map[string]int{
		"moves --dialect": valueDialect, "equiv --dialect2": valueDialect, "translate --to": valueDialect,
		"translate --from": valueDialect, "conform --dialect": valueDialect, "moves --json": valueNone,
		"conform --html": valueFile, "fuzz --count": valueText, "conform --timeout": valueText,
		"conform --impl": valueFile, "equiv --corpus": valueFile, "conform --json": valueFile, "conform --junit": valueFile, "moves --svg": valueFile, "moves --from": valueText,
	} {
		if kinds[flag] != want {
			t.Errorf("%s: value kind %d, want %d", flag, kinds[flag], want)
		}
	}
	for _, s := range specs {
		if want := s.Name == "conform" || s.Name == "merge" || s.Name == "lint" || s.Name == "export"; s.FileOperands != want {
			t.Errorf("%s: file operands %v, want %v", s.Name, s.FileOperands, want)
		}
	}
}

// TestCompletionBash sources the bash script in bash, checks that it
// registers the completion of betzacheck, and completes lines as the
// shell does at a Tab.
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	var script bytes.Buffer
	if code := run([]string{"completion", "bash"}, strings.NewReader(""), &script, os.Stderr); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	file := filepath.Join(t.TempDir(), "betzacheck.bash")
	if err := os.WriteFile(file, script.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ line, want string }{
		{"betzacheck mo", "moves"},
		{"betzacheck co", "conform completion"},
		{"betzacheck moves --d", "--dialect"},
		{"betzacheck moves --dialect br", "bracket"},
		{"betzacheck translate --to betza-classic:xb", "xboard"}, // bash breaks the word at ':'
		{"betzacheck equiv --dialect2 x", "xbetza"},
		{"betzacheck help tr", "translate"},
		{"betzacheck completion ", "bash zsh fish"},
		{"betzacheck parse --json W", ""},
	}
	var prog strings.Builder
	prog.WriteString(`set -u
source "$1"
complete -p betzacheck
try() {
	COMP_LINE="$1"; COMP_POINT=${#1}
	read -ra COMP_WORDS <<< "$1"
	[[ "$1" == *" " ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	_betzacheck
	echo "${COMPREPLY[*]}"
}
`)
	for _, c := range cases {
		prog.WriteString("try " + shellQuote(c.line) + "\n")
	}
	out, err := exec.Command(bash, "-c", prog.String(), "bash", file).CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(cases)+1 || lines[0] != "complete -o default -F _betzacheck betzacheck" {
		t.Fatalf("bash printed:\n%s", out)
	}
	for i, c := range cases {
		if lines[i+1] != c.want {
			t.Errorf("%q<Tab>: %q, want %q", c.line, lines[i+1], c.want)
		}
	}
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/golden"
	"github.com/betzacheck/betzacheck/spec"
)

// The README is a guide whose every command is run here, so that it
// cannot rot. Its ```sh blocks hold commands, one a line:
//
//   - `betzacheck ARGS` (or `go run ./cmd/betzacheck ARGS`) runs in
//     process, from the repository root, with the files it writes
//     (--svg, --html, --json, --junit, --write-expect) sent to a temporary
//     directory. When a ```text block follows, it is what the command
//     prints (stdout, then stderr without progress lines), line by line
//     with trailing spaces ignored; a line "…" in it leaves out the lines
//     between the ones above it (the first lines) and the ones below it
//     (the last lines). A command must not end in a usage error (exit 2);
//     without a ```text block it must succeed. An SVG it writes must equal
//     the first image the README shows after the block.
//   - `betzacheck web` runs in process on a free port (--addr
//     127.0.0.1:0 is added), must serve its page and answer the API, and
//     is then stopped, as Ctrl-C does; it must exit 0.
//   - `bash .ci/run` must name an existing file (CI runs it).
//   - `(cd adapters/ffish && npm ci)` must be what .ci/run does too.
//
// Any other command fails the test. The ```txtar blocks are testscript
// scripts and run as such, with betzacheck registered and $REPORTS set as
// the README's Go test sets it: the reports they write there must be kept,
// and none may be written into $WORK, which testscript deletes. A ```yaml
// block that uses the action gives it only inputs of action.yml, the
// required one included. Commands that need
// the Fairy-Stockfish adapter are skipped when its node_modules are missing
// and CI is unset. BETZA_UPDATE=1 rewrites the ```text blocks with what the
// commands print now, keeping each excerpt's shape; review the diff.
func TestReadme(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := fences(string(data))
	if err != nil {
		t.Fatalf("README.md: %v", err)
	}
	if len(blocks) == 0 {
		t.Fatal("README.md has no fenced blocks")
	}
	updated := string(data)
	ran := 0
	for i, b := range blocks {
		switch b.Info {
		case "txtar":
			t.Run(fmt.Sprintf("line%d-txtar", b.Line), func(t *testing.T) { runScript(t, b.Body()) })
			ran++
		case "yaml":
			if msg := checkActionUse(b.Body()); msg != "" {
				t.Errorf("README.md:%d: %s", b.Line, msg)
			}
		case "sh":
			var want *fence
			if i+1 < len(blocks) && blocks[i+1].Info == "text" && blocks[i+1].adjacent {
				want = &blocks[i+1]
			}
			var image string
			if m := imageAfter.FindStringSubmatch(string(data)[b.End:]); m != nil {
				image = m[1]
			}
			cmds := commandLines(b.Body())
			if want != nil && len(cmds) != 1 {
				t.Errorf("README.md:%d: a block followed by its output must hold one command, found %d", b.Line, len(cmds))
				continue
			}
			for _, cmd := range cmds {
				t.Run(fmt.Sprintf("line%d", b.Line), func(t *testing.T) {
					got, ok := runReadmeCommand(t, cmd, want != nil, image)
					if !ok || want == nil {
						return
					}
					if golden.Update() {
						updated = strings.Replace(updated, string(data)[want.Start:want.End], want.rewrite(got), 1)
						return
					}
					if msg := compareOutput(want.Body(), got); msg != "" {
						t.Errorf("README.md:%d: %s\n%s", want.Line, cmd, msg)
					}
				})
				ran++
			}
		}
	}
	if ran == 0 {
		t.Fatal("no README command ran")
	}
	if golden.Update() && updated != string(data) {
		if err := os.WriteFile("README.md", []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fence is a fenced block of the README.
type fence struct {
	spec.Block
	adjacent bool // only blank lines separate it from the block before
}

// fences returns the fenced blocks of the README.
func fences(doc string) ([]fence, error) {
	blocks, err := spec.Blocks(doc)
	if err != nil {
		return nil, err
	}
	out := make([]fence, len(blocks))
	for i, b := range blocks {
		out[i] = fence{Block: b, adjacent: i > 0 && strings.TrimSpace(doc[blocks[i-1].End:b.Start]) == ""}
	}
	return out, nil
}

// rewrite returns the block with its body replaced by got, cut to the same
// excerpt shape (as many first and last lines) when the body has "…".
func (f *fence) rewrite(got string) string {
	lines := outputLines(got)
	want := outputLines(f.Body())
	if k := indexOf(want, "…"); k >= 0 {
		head, tail := k, len(want)-k-1
		if head+tail < len(lines) {
			lines = append(append(append([]string{}, lines[:head]...), "…"), lines[len(lines)-tail:]...)
		}
	}
	return "```" + f.Info + "\n" + strings.Join(lines, "\n") + "\n```"
}

var imageAfter = regexp.MustCompile(`^(?s:[^` + "`" + `]*?)!\[[^\]]*\]\(([^)]+\.svg)\)`)

// commandLines returns the commands of a sh block: its lines but blank
// ones and comments.
func commandLines(body string) []string {
	var out []string
	for _, l := range strings.Split(body, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// outputFlags are, for each subcommand, the flags whose value is a file
// it writes.
var outputFlags = map[string]map[string]bool{
	"moves":   {"--svg": true},
	"conform": {"--html": true, "--json": true, "--junit": true, "--write-expect": true},
}

// runReadmeCommand runs one README command. It returns what the command
// printed and whether it ran (it may be skipped or checked otherwise).
func runReadmeCommand(t *testing.T, cmd string, hasOutput bool, image string) (string, bool) {
	switch cmd {
	case "bash .ci/run":
		if st, err := os.Stat(".ci/run"); err != nil || st.IsDir() {
			t.Errorf("README names .ci/run, which is not a file: %v", err)
		}
		return "", false
	case "(cd adapters/ffish && npm ci)":
		ci, err := os.ReadFile(".ci/run")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(ci), "adapters/ffish") || !strings.Contains(string(ci), "npm ci") {
			t.Error(".ci/run does not run npm ci in adapters/ffish, as the README tells people to")
		}
		return "", false
	}
	// A README command is a plain command line: read as --impl is.
	parsed, err := client.ParseCommand(cmd)
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	if len(parsed.Env) > 0 {
		t.Fatalf("%s: the README test runs commands without environment assignments", cmd)
	}
	args := parsed.Argv
	switch {
	case len(args) > 0 && args[0] == "betzacheck":
		args = args[1:]
	case len(args) > 3 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/betzacheck":
		args = args[3:]
	default:
		t.Fatalf("README command %q is not run by any test: teach readme_test.go about it, or leave it out", cmd)
	}
	if strings.Contains(cmd, "adapters/ffish/adapter.js") {
		needFfish(t) // the adapter runs the engine; its other files are data
	}
	if len(args) > 0 && args[0] == "web" {
		if hasOutput {
			t.Fatalf("%s: the README cannot show a server's output", cmd)
		}
		runReadmeWeb(t, args)
		return "", false
	}
	dir := t.TempDir()
	var svg string
	for i := 0; i+1 < len(args) && len(args) > 0; i++ {
		if outputFlags[args[0]][args[i]] && args[i+1] != "-" && !filepath.IsAbs(args[i+1]) {
			args[i+1] = filepath.Join(dir, args[i+1])
			if args[i] == "--svg" {
				svg = args[i+1]
			}
		}
	}
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	switch {
	case code == exitUsage:
		t.Fatalf("%s: exit %d (usage error)\n%s%s", cmd, code, stdout.String(), stderr.String())
	case code != exitOK && !hasOutput:
		t.Fatalf("%s: exit %d\n%s%s", cmd, code, stdout.String(), stderr.String())
	}
	if svg != "" {
		if image == "" {
			t.Errorf("%s writes an SVG, but the README shows no image after it", cmd)
		} else if got, err := os.ReadFile(svg); err != nil {
			t.Error(err)
		} else if want, err := os.ReadFile(image); err != nil {
			t.Errorf("the README's image: %v", err)
		} else if !bytes.Equal(got, want) {
			t.Errorf("%s writes an SVG that differs from the README's image %s", cmd, image)
		}
	}
	return stdout.String() + withoutProgress(stderr.String()), true
}

// needFfish skips a test that needs the Fairy-Stockfish adapter when its
// packages are missing, except in CI (where .ci/run installs them).
func needFfish(t *testing.T) {
	t.Helper()
	_, errNode := exec.LookPath("node")
	_, errMods := os.Stat(filepath.Join("adapters", "ffish", "node_modules", "ffish"))
	if errNode == nil && errMods == nil {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("the ffish adapter is not ready (node: %v, node_modules: %v); .ci/run installs it", errNode, errMods)
	}
	t.Skip("the ffish adapter needs node and `npm ci` in adapters/ffish")
}

var progressLine = regexp.MustCompile(`(?m)^\d+/\d+ cases\n`)

func withoutProgress(s string) string { return progressLine.ReplaceAllString(s, "") }

// outputLines splits output into lines without trailing spaces or the
// final newline.
func outputLines(s string) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return lines
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// compareOutput checks got against the README's text: equal line by line,
// or, with "…", the first and last lines equal.
func compareOutput(want, got string) string {
	w, g := outputLines(want), outputLines(got)
	k := indexOf(w, "…")
	if k < 0 {
		if strings.Join(w, "\n") == strings.Join(g, "\n") {
			return ""
		}
		return fmt.Sprintf("the README shows:\n%s\nthe command prints:\n%s\n(%s=1 rewrites the README's output; review the diff)", strings.Join(w, "\n"), strings.Join(g, "\n"), golden.Switch)
	}
	head, tail := w[:k], w[k+1:]
	if len(g) >= len(head)+len(tail) &&
		strings.Join(g[:len(head)], "\n") == strings.Join(head, "\n") &&
		strings.Join(g[len(g)-len(tail):], "\n") == strings.Join(tail, "\n") {
		return ""
	}
	return fmt.Sprintf("the README shows (… between the first and last lines):\n%s\nthe command prints:\n%s\n(%s=1 rewrites the README's output; review the diff)", strings.Join(w, "\n"), strings.Join(g, "\n"), golden.Switch)
}

// runScript runs a README testscript with betzacheck registered (see
// TestMain) and $REPORTS set to a directory of its own, outside the
// script's $WORK, as the README's Go test sets it. Every report the
// script writes must be there once it has ended; one written into $WORK
// would be deleted with it.
func runScript(t *testing.T, script string) {
	dir := t.TempDir()
	reports := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "readme.txtar"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	// The script runs as a parallel subtest: t.Run returns once it is done.
	t.Run("script", func(t *testing.T) {
		testscript.Run(t, testscript.Params{Dir: dir, Setup: func(e *testscript.Env) error {
			e.Setenv("REPORTS", reports)
			return nil
		}})
	})
	for _, m := range reportFlag.FindAllStringSubmatch(script, -1) {
		if m[2] != "REPORTS" {
			t.Errorf("the script writes %s into $%s, which testscript deletes when it ends: write it to $REPORTS", m[1], m[2])
		} else if _, err := os.Stat(filepath.Join(reports, m[3])); err != nil {
			t.Errorf("the report the script writes with %s is not kept: %v", m[1], err)
		}
	}
}

// reportFlag is a report written into a directory the script names.
var reportFlag = regexp.MustCompile(`(--(?:junit|html|json|divergences|write-expect)) \$(\w+)/(\S+)`)

// checkActionUse checks a README workflow that uses the action: the
// inputs it gives (the keys under with:) are those of action.yml, and
// the required one, impl, is given. It returns what is wrong, or "".
func checkActionUse(body string) string {
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		if !strings.Contains(l, "uses: betzacheck/betzacheck@") {
			continue
		}
		action, err := os.ReadFile("action.yml")
		if err != nil {
			return err.Error()
		}
		inputs := map[string]bool{}
		for _, name := range actionInputs(string(action)) {
			inputs[name] = true
		}
		given := map[string]bool{}
		indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
		for j := i + 1; j < len(lines) && indent(lines[j]) > indent(l); j++ {
			if strings.TrimSpace(lines[j]) != "with:" {
				continue
			}
			for k := j + 1; k < len(lines) && indent(lines[k]) > indent(lines[j]); k++ {
				key, _, _ := strings.Cut(strings.TrimSpace(lines[k]), ":")
				if !inputs[key] {
					return fmt.Sprintf("the action has no input %q (action.yml)", key)
				}
				given[key] = true
			}
		}
		if !given["impl"] {
			return "the action's required input impl is not given"
		}
		return ""
	}
	return ""
}

// runReadmeWeb runs the README's `betzacheck web` on a free port, checks
// that it serves the page and the API, then stops it as Ctrl-C would.
func runReadmeWeb(t *testing.T, args []string) {
	args = append(slices.Clone(args), "--addr", "127.0.0.1:0") // the last --addr counts
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	exited := make(chan int, 1)
	go func() {
		e := &env{stdin: strings.NewReader(""), stdout: pw, stderr: &stderr, ctx: ctx}
		code := e.run(args)
		pw.Close()
		exited <- code
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("betzacheck web printed no URL: %v\n%s", err, stderr.String())
	}
	go io.Copy(io.Discard, pr)
	base := strings.TrimSpace(line)
	for _, path := range []string{"", "api/moves?notation=W3&from=d4"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatalf("GET %s%s: %v", base, path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s%s: %s", base, path, resp.Status)
		}
	}
	cancel()
	if code := <-exited; code != exitOK {
		t.Errorf("betzacheck web exits %d once stopped\n%s", code, stderr.String())
	}
}

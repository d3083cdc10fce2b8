package main

// The ways betzacheck reaches people who have no checkout: go install
// from a module proxy, the release binaries of .ci/release and the GitHub
// Action (action.yml, whose script conform_action.txtar runs). These tests
// live here, beside the command they ship, because they build and run it;
// the two that compile it again are skipped with -short.

import (
	"archive/zip"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// modulePath is the module path of go.mod, which go install fetches.
const modulePath = "github.com/betzacheck/betzacheck"

// repoRoot is the repository root, from this package's directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// needTools skips the test when a program it runs is missing.
func needTools(t *testing.T, names ...string) {
	t.Helper()
	for _, name := range names {
		if _, err := exec.LookPath(name); err != nil {
			t.Skipf("%s is not on PATH", name)
		}
	}
}

// runIn runs a command in dir with env added to this process's
// environment, failing the test unless it exits 0; it returns its stdout.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// TestGoInstall is the first test of issue 27's "done when": the
// repository, served as version v1.0.0 by a module proxy in a directory,
// installs with `go install MODULE/cmd/betzacheck@v1.0.0` into an empty
// GOPATH, with no network (the other modules come from the module cache's
// download directory); the installed binary, in an empty directory,
// prints v1.0.0 for --version and runs the corpus built into it with no
// failure. Then the action's script installs the same version the same
// way (its install step, which conform_action.txtar leaves out).
func TestGoInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("go install compiles betzacheck again (about a minute): not with -short")
	}
	needTools(t, "go", "git", "bash")
	root := repoRoot(t)
	files, err := moduleFiles(root)
	if err != nil {
		t.Skipf("the module's files are those of a git checkout: %v", err)
	}
	const version = "v1.0.0"
	tmp := t.TempDir()
	proxy := filepath.Join(tmp, "proxy")
	if err := writeProxy(proxy, root, version, files); err != nil {
		t.Fatal(err)
	}
	modcache := strings.TrimSpace(runIn(t, root, nil, "go", "env", "GOMODCACHE"))
	gopath := filepath.Join(tmp, "gopath")
	gobin := filepath.Join(tmp, "bin")
	env := []string{
		"GOPROXY=" + fileURL(proxy) + "," + fileURL(filepath.Join(modcache, "cache", "download")),
		"GOSUMDB=off", "GOFLAGS=-modcacherw", "GOTOOLCHAIN=local", "GOWORK=off",
		"GOPATH=" + gopath, "GOMODCACHE=" + filepath.Join(gopath, "pkg", "mod"), "GOBIN=" + gobin,
	}
	empty := t.TempDir()
	runIn(t, empty, env, "go", "install", modulePath+"/cmd/betzacheck@"+version)
	bin := filepath.Join(gobin, "betzacheck"+exeSuffix())

	if out := runIn(t, empty, nil, bin, "--version"); !strings.Contains(out, version) {
		t.Errorf("betzacheck --version prints %q, not the version %s it was installed at", out, version)
	}
	out := runIn(t, empty, nil, bin, "conform", "--impl", "reference", "--quiet")
	if !regexp.MustCompile(`(?m)^[0-9]+ cases: [0-9]+ pass, 0 fail`).MatchString(out) {
		t.Errorf("conform --impl reference on the built-in corpus, outside a checkout:\n%s", out)
	}
	if entries, err := os.ReadDir(empty); err != nil || len(entries) != 0 {
		t.Errorf("the installed binary wrote into its working directory: %v %v", entries, err)
	}

	// The action's script, with no BETZACHECK: it installs INPUT_VERSION
	// the same way, then judges the reference on the built-in corpus.
	work := t.TempDir()
	outputs := filepath.Join(work, "outputs")
	runIn(t, work, append(env, "BETZACHECK=", "GITHUB_OUTPUT="+outputs, "INPUT_IMPL=reference", "INPUT_VERSION="+version, "INPUT_CORPUS="),
		"bash", filepath.Join(root, ".ci", "action-conform.sh"))
	data, err := os.ReadFile(outputs)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"exit-code=0", "json=betzacheck-reports/conform.json"} {
		if !strings.Contains(string(data), want+"\n") {
			t.Errorf("the action's outputs lack %q:\n%s", want, data)
		}
	}
}

// moduleFiles lists the files of the module rooted at root as a module
// zip holds them: the files git tracks, less those of nested modules
// (a directory with a go.mod of its own) and of vendor directories, and
// less any that are not regular files.
func moduleFiles(root string) ([]string, error) {
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		return nil, err
	}
	tracked := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	var nested []string
	for _, f := range tracked {
		if path.Base(f) == "go.mod" && f != "go.mod" {
			nested = append(nested, path.Dir(f)+"/")
		}
	}
	var files []string
	for _, f := range tracked {
		if f == "" || strings.HasPrefix(f, "vendor/") || strings.Contains(f, "/vendor/") {
			continue
		}
		inNested := false
		for _, dir := range nested {
			inNested = inNested || strings.HasPrefix(f, dir)
		}
		if inNested {
			continue
		}
		// A file deleted in the work tree, a symbolic link or a
		// submodule is not in a module zip.
		if st, err := os.Lstat(filepath.Join(root, filepath.FromSlash(f))); err != nil || !st.Mode().IsRegular() {
			continue
		}
		files = append(files, f)
	}
	return files, nil
}

// writeProxy writes a module proxy directory (GOPROXY=file://DIR) that
// serves the files, read from root, as version of the module.
func writeProxy(dir, root, version string, files []string) error {
	at := filepath.Join(dir, filepath.FromSlash(modulePath), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return err
	}
	for name, data := range map[string]string{
		"list":            version + "\n",
		version + ".info": `{"Version":"` + version + `","Time":"2026-01-01T00:00:00Z"}` + "\n",
		version + ".mod":  string(gomod),
	} {
		if err := os.WriteFile(filepath.Join(at, name), []byte(data), 0o644); err != nil {
			return err
		}
	}
	f, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		return err
	}
	w := zip.NewWriter(bufio.NewWriter(f))
	for _, name := range files {
		src, err := os.Open(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		dst, err := w.Create(modulePath + "@" + version + "/" + name)
		if err == nil {
			_, err = io.Copy(dst, src)
		}
		src.Close()
		if err != nil {
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	return f.Close()
}

// fileURL is the file:// URL of an absolute path, as GOPROXY takes it.
func fileURL(name string) string {
	name = filepath.ToSlash(name)
	if !strings.HasPrefix(name, "/") {
		name = "/" + name // a Windows drive letter
	}
	return "file://" + name
}

func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// TestRelease runs .ci/release for one target, this machine's when it
// is linux/amd64 (the others take as long each): the binary is there,
// SHA256SUMS holds its checksum, and it prints the version given.
func TestRelease(t *testing.T) {
	if testing.Short() {
		t.Skip(".ci/release compiles betzacheck again: not with -short")
	}
	needTools(t, "go", "bash", "sha256sum")
	const version = "v1.2.3"
	dist := t.TempDir()
	runIn(t, repoRoot(t), []string{"DIST=" + dist}, "bash", filepath.Join(".ci", "release"), version, "linux/amd64")

	name := "betzacheck-" + version + "-linux-amd64"
	data, err := os.ReadFile(filepath.Join(dist, name))
	if err != nil {
		t.Fatal(err)
	}
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if want := hex.EncodeToString(sum[:]) + "  " + name + "\n"; string(sums) != want {
		t.Errorf("SHA256SUMS is\n%s\nwant\n%s", sums, want)
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		return
	}
	if out := runIn(t, t.TempDir(), nil, filepath.Join(dist, name), "version"); !strings.Contains(out, version) {
		t.Errorf("the release binary's version prints %q, not %s", out, version)
	}
}

// TestActionInputs: every input of action.yml reaches the action's
// script as INPUT_NAME (upper case, - as _), which reads it, or is used
// by the action's own steps (the Go version, the artifact's name).
func TestActionInputs(t *testing.T) {
	root := repoRoot(t)
	action, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(filepath.Join(root, ".ci", "action-conform.sh"))
	if err != nil {
		t.Fatal(err)
	}
	inputs := actionInputs(string(action))
	if len(inputs) == 0 {
		t.Fatal("action.yml: no inputs found")
	}
	ownSteps := map[string]bool{"go-version": true, "artifact": true}
	for _, name := range inputs {
		if ownSteps[name] {
			if !strings.Contains(string(action), "${{ inputs."+name+" }}") {
				t.Errorf("action.yml: the input %s is used by no step", name)
			}
			continue
		}
		env := "INPUT_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
		if !strings.Contains(string(action), env+": ${{ inputs."+name+" }}") {
			t.Errorf("action.yml: the input %s is not passed to the script as %s", name, env)
		}
		if !strings.Contains(string(script), env) {
			t.Errorf(".ci/action-conform.sh does not read %s (the input %s)", env, name)
		}
	}
	if !strings.Contains(string(action), `run: bash "$ACTION_PATH/.ci/action-conform.sh"`) {
		t.Error("action.yml does not run .ci/action-conform.sh, the script the tests run")
	}
}

// actionInputs returns the names of the inputs of an action.yml: the
// keys indented by two spaces in its top-level inputs: map.
func actionInputs(action string) []string {
	var names []string
	in := false
	key := regexp.MustCompile(`^  ([a-z][a-z0-9-]*):\s*$`)
	for _, line := range strings.Split(action, "\n") {
		switch {
		case strings.HasPrefix(line, "inputs:"):
			in = true
		case line != "" && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "#"):
			in = false
		case in:
			if m := key.FindStringSubmatch(line); m != nil {
				names = append(names, m[1])
			}
		}
	}
	return names
}

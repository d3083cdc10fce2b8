package props_test

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestPlantedBugsApply checks the planted bugs (mutants_test.go) against
// the code they patch, cheaply and on every run: each name is unique and
// switches its bug on, each patch's old text occurs exactly once in its
// file, and the patched copy compiles. A change to reference/ that moves
// the patched code fails here, rather than losing a bug in silence.
func TestPlantedBugsApply(t *testing.T) {
	names := map[string]bool{}
	for _, b := range plantedBugs {
		if names[b.name] {
			t.Errorf("planted bug %s is listed twice", b.name)
		}
		names[b.name] = true
		if !strings.Contains(b.bug, "§") {
			t.Errorf("planted bug %s: %q names no clause", b.name, b.bug)
		}
		for _, p := range b.patches {
			if !strings.Contains(p.new, fmt.Sprintf("mutant(%q)", b.name)) {
				t.Errorf("planted bug %s: the patch of %s does not call mutant(%q)", b.name, p.file, b.name)
			}
		}
	}
	root := moduleRoot(t)
	overlay, pkgs, err := writeOverlay(root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append([]string{"build", "-overlay=" + overlay}, pkgs...)...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the reference with its planted bugs does not compile: %v\n%s", err, out)
	}
}

// TestMutationKillRate proves the harness can fail: with each planted bug
// switched on, the properties and the corpus must fail. It runs go test in
// a subprocess per bug, over a copy of reference/ with every bug planted
// (go test -overlay) and BETZA_MUTANT naming the one switched on, so it
// is switched on by BETZA_MUTATION=1 (.ci/run does).
func TestMutationKillRate(t *testing.T) {
	if os.Getenv("BETZA_MUTATION") == "" {
		t.Skip("set BETZA_MUTATION=1 to run the mutation check (it runs go test once per planted bug)")
	}
	root := moduleRoot(t)
	overlay, _, err := writeOverlay(root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pkgs := []string{"betzacheck/conformance/props", "betzacheck/conformance/corpus"}
	run := func(mutant string) (bool, string) {
		args := append([]string{"test", "-overlay=" + overlay, "-count=1", "-run", "TestPairs|TestLaws|TestCorpus|TestBracket|TestClassic|TestSpanish|TestXBetza"}, pkgs...)
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "BETZA_MUTANT="+mutant, "BETZA_SEED=1", "BETZA_MUTATION=")
		out, err := cmd.CombinedOutput()
		return err == nil, string(out)
	}
	if ok, out := run(""); !ok {
		t.Fatalf("the suite fails with no planted bug switched on:\n%s", out)
	}
	killed := 0
	for _, m := range plantedBugs {
		survived, out := run(m.name)
		if survived {
			t.Errorf("planted bug %s survived: %s", m.name, m.bug)
			continue
		}
		killed++
		t.Logf("killed %-28s %s (%s)", m.name, m.bug, firstFailure(out))
	}
	t.Logf("kill rate %d/%d", killed, len(plantedBugs))
}

// mutantSwitch is the file added to each patched package: mutant reports
// whether BETZA_MUTANT names the bug, read once so that the search's hot
// loops stay fast.
const mutantSwitch = `package %s

import "os"

var switchedOnMutant = os.Getenv("BETZA_MUTANT")

func mutant(name string) bool { return name == switchedOnMutant }
`

// writeOverlay writes under dir a copy of each file of root that a planted
// bug patches, with every patch applied, and the mutant switch of each
// package patched; it returns the go build -overlay file that puts them in
// place and the patched packages (as ./paths from root).
func writeOverlay(root, dir string) (overlay string, pkgs []string, err error) {
	byFile := map[string][]patch{}
	for _, b := range plantedBugs {
		for _, p := range b.patches {
			byFile[p.file] = append(byFile[p.file], p)
		}
	}
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	replace := map[string]string{}
	pkgName := map[string]string{} // by package directory
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return "", nil, err
		}
		text := string(src)
		for _, p := range byFile[f] {
			if n := strings.Count(string(src), p.old); n != 1 {
				return "", nil, fmt.Errorf("%s: a patch expects %q exactly once, found it %d times: rewrite the patch for the code as it is now", f, p.old, n)
			}
			if strings.Count(text, p.old) != 1 {
				return "", nil, fmt.Errorf("%s: the patch of %q overlaps another patch of the file", f, p.old)
			}
			text = strings.Replace(text, p.old, p.new, 1)
		}
		copyPath := filepath.Join(dir, flatName(f))
		if err := os.WriteFile(copyPath, []byte(text), 0o644); err != nil {
			return "", nil, err
		}
		replace[filepath.Join(root, f)] = copyPath
		clause, err := parser.ParseFile(token.NewFileSet(), f, src, parser.PackageClauseOnly)
		if err != nil {
			return "", nil, err
		}
		pkgName[filepath.Dir(f)] = clause.Name.Name
	}
	for pkgDir, name := range pkgName {
		target := filepath.Join(root, pkgDir, "mutant.go")
		if _, err := os.Stat(target); err == nil {
			return "", nil, fmt.Errorf("%s exists: the mutant switch would replace it", target)
		}
		switchPath := filepath.Join(dir, flatName(filepath.Join(pkgDir, "mutant.go")))
		if err := os.WriteFile(switchPath, []byte(fmt.Sprintf(mutantSwitch, name)), 0o644); err != nil {
			return "", nil, err
		}
		replace[target] = switchPath
		pkgs = append(pkgs, "./"+filepath.ToSlash(pkgDir))
	}
	sort.Strings(pkgs)
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return "", nil, err
	}
	overlay = filepath.Join(dir, "overlay.json")
	return overlay, pkgs, os.WriteFile(overlay, data, 0o644)
}

// flatName names the copy of a file of the module in the overlay
// directory after its path, so that compile errors say which file it is.
func flatName(path string) string {
	return strings.ReplaceAll(filepath.ToSlash(path), "/", "_")
}

// moduleRoot is the directory of go.mod, two levels above this package.
func moduleRoot(t *testing.T) string {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no module root at %s: %v", root, err)
	}
	return root
}

func firstFailure(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "--- FAIL:") {
			return strings.TrimSpace(line)
		}
	}
	return "failed"
}

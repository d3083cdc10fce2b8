package props_test

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

// TestPlantedBugsApply checks the planted bugs (mutants_test.go) against
// the code they patch, cheaply and on every run: each name is unique and
// switches its bug on, each first try names a package the mutation check
// runs, each patch's old text occurs exactly once in its file, and the
// patched copy compiles. A change to reference/ that moves the patched
// code fails here, rather than losing a bug in silence.
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
		if b.firstTry.name != "" && !slices.Contains(mutationPackages, b.firstTry.pkg) {
			t.Errorf("planted bug %s: its first try %s is in none of the mutation check's packages %v", b.name, b.firstTry, mutationPackages)
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

// The mutation check runs, in each of these packages (from the module
// root), the tests that mutationTests selects (go test -run syntax).
var (
	mutationPackages = []string{"conformance/corpus", "conformance/props"}
	mutationTests    = "TestPairs|TestLaws|TestFastPath|TestCorpus|TestBracket|TestClassic|TestSpanish|TestXBetza"
)

// TestMutationKillRate proves the harness can fail: with each planted bug
// switched on, the properties and the corpus must fail. The test binaries
// of mutationPackages are built once, over a copy of reference/ with every
// bug planted (go test -c -overlay), and run once or twice per bug with
// BETZA_MUTANT naming the one switched on: first the bug's firstTry, the
// test that killed it before, and only if that passes every test that
// mutationTests selects, stopping at the first failure. A bug is killed
// only by a run that fails, and each failing test that killed a bug must
// pass with no bug switched on. Bugs are judged in parallel, one per CPU.
// It is switched on by BETZA_MUTATION=1 (.ci/run does).
func TestMutationKillRate(t *testing.T) {
	if os.Getenv("BETZA_MUTATION") == "" {
		t.Skip("set BETZA_MUTATION=1 to run the mutation check (it runs the properties and the corpus once per planted bug)")
	}
	root := moduleRoot(t)
	dir := t.TempDir()
	overlay, _, err := writeOverlay(root, dir)
	if err != nil {
		t.Fatal(err)
	}
	suites, err := buildSuites(root, overlay, dir)
	if err != nil {
		t.Fatal(err)
	}
	verdicts := make([]verdict, len(plantedBugs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				verdicts[i] = judge(suites, plantedBugs[i])
			}
		}()
	}
	for i := range plantedBugs {
		next <- i
	}
	close(next)
	wg.Wait()

	if failed, out := failWithNoBug(suites, verdicts); failed {
		t.Fatalf("the tests that killed planted bugs fail with no planted bug switched on:\n%s", out)
	}
	killed := 0
	for i, m := range plantedBugs {
		v := verdicts[i]
		if v.killer == nil {
			t.Errorf("planted bug %s survived: %s", m.name, m.bug)
			continue
		}
		killed++
		how := "its first try"
		switch {
		case m.firstTry.name == "":
			how = "the full run; it has no first try: name this test as its firstTry"
		case !v.firstTry:
			how = fmt.Sprintf("the full run; its first try %s did not kill it: update its firstTry", m.firstTry)
		}
		by := v.killer.String()
		if v.killer.name == "" {
			by = fmt.Sprintf("a run of %s that failed naming no failed test: %s", v.killer.pkg, v.crash)
		}
		t.Logf("killed %-28s %s (by %s, %s)", m.name, m.bug, by, how)
	}
	t.Logf("kill rate %d/%d", killed, len(plantedBugs))
}

// testName names one test of the mutation check: the package directory
// from the module root and the test's full name as go test prints it,
// subtests after slashes.
type testName struct{ pkg, name string }

func (n testName) String() string { return n.pkg + " " + n.name }

// corpusFile is the test of conformance/corpus that checks the corpus file
// at path (under corpus/).
func corpusFile(path string) testName {
	return testName{"conformance/corpus", "TestCorpus/" + path}
}

// exactly is the go test -run pattern that selects the named tests and no
// others (a subtest with its parents).
func exactly(names []string) string {
	var alts []string
	for _, n := range names {
		elems := strings.Split(n, "/")
		for i, e := range elems {
			elems[i] = "^" + regexp.QuoteMeta(e) + "$"
		}
		alts = append(alts, strings.Join(elems, "/"))
	}
	return strings.Join(alts, "|")
}

// suite is the test binary of one package, built over the patched copy.
type suite struct {
	pkg, binary string
	dir         string // the package's directory, where its tests run
}

// buildSuites builds the test binaries of mutationPackages over the
// overlay, into dir.
func buildSuites(root, overlay, dir string) ([]suite, error) {
	args := []string{"test", "-c", "-vet=off", "-overlay=" + overlay, "-o", dir + string(filepath.Separator)}
	var suites []suite
	for _, pkg := range mutationPackages {
		args = append(args, "./"+pkg)
		suites = append(suites, suite{pkg: pkg, binary: filepath.Join(dir, path.Base(pkg)+".test"), dir: filepath.Join(root, pkg)})
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the tests over the planted bugs: %v\n%s", err, out)
	}
	return suites, nil
}

// run runs the tests of s that pattern selects with the planted bug
// mutant switched on ("": none), stopping at the first failure if
// failFast; it reports whether the run failed, and its output.
func (s suite) run(mutant, pattern string, failFast bool) (failed bool, out string) {
	args := []string{"-test.run", pattern, "-test.timeout=10m", "-test.paniconexit0"} // as go test runs it
	if failFast {
		args = append(args, "-test.failfast")
	}
	cmd := exec.Command(s.binary, args...)
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "BETZA_MUTANT="+mutant, "BETZA_SEED=1", "BETZA_MUTATION=")
	b, err := cmd.CombinedOutput()
	return err != nil, string(b)
}

// verdict is what the runs decided about one planted bug.
type verdict struct {
	// killer is the test that killed it, nil if it survived every test;
	// its name is "" if the run failed naming no failed test (a crash),
	// and crash is then the first line of the run's output.
	killer   *testName
	crash    string
	run      string // the -test.run pattern of the run that killed it
	firstTry bool   // whether that run was its first try
}

// judge runs the bug's first try, then, if that passes, every test of
// every suite until one fails.
func judge(suites []suite, b plantedBug) verdict {
	killedBy := func(s suite, pattern, out string, firstTry bool) verdict {
		name := failedTest(out)
		crash := ""
		if name == "" {
			crash, _, _ = strings.Cut(strings.TrimSpace(out), "\n")
		}
		return verdict{killer: &testName{s.pkg, name}, crash: crash, run: pattern, firstTry: firstTry}
	}
	for _, s := range suites {
		if s.pkg != b.firstTry.pkg || b.firstTry.name == "" {
			continue
		}
		pattern := exactly([]string{b.firstTry.name})
		if failed, out := s.run(b.name, pattern, true); failed {
			return killedBy(s, pattern, out, true)
		}
	}
	for _, s := range suites {
		if failed, out := s.run(b.name, mutationTests, true); failed {
			return killedBy(s, mutationTests, out, false)
		}
	}
	return verdict{}
}

// failWithNoBug runs, with no bug switched on, the test that killed each
// bug (or, for a run that named none, the tests that run selected), one
// run per suite; it reports whether any failed, with the output of the
// runs that did.
func failWithNoBug(suites []suite, verdicts []verdict) (failed bool, out string) {
	for _, s := range suites {
		var named, patterns []string
		for _, v := range verdicts {
			switch {
			case v.killer == nil || v.killer.pkg != s.pkg:
			case v.killer.name == "":
				patterns = append(patterns, v.run)
			default:
				named = append(named, v.killer.name)
			}
		}
		if len(named) > 0 {
			patterns = append(patterns, exactly(named))
		}
		if len(patterns) == 0 {
			continue
		}
		if f, o := s.run("", strings.Join(patterns, "|"), false); f {
			failed, out = true, out+s.pkg+":\n"+o
		}
	}
	return failed, out
}

// failedTest is the first test that out (a test binary's output) reports
// as failed and that has no failed subtest, or "" if it names none (a
// crash, a panic outside a test, a timeout).
func failedTest(out string) string {
	var failed []string
	for _, line := range strings.Split(out, "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "--- FAIL: "); ok {
			if i := strings.LastIndex(name, " ("); i >= 0 {
				name = name[:i] // the duration
			}
			failed = append(failed, name)
		}
	}
	for _, n := range failed {
		leaf := true
		for _, m := range failed {
			if strings.HasPrefix(m, n+"/") {
				leaf = false
			}
		}
		if leaf {
			return n
		}
	}
	return ""
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

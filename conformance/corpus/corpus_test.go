package corpus_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/golden"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

const root = "../../corpus"

func load(t *testing.T) []*corpus.File {
	t.Helper()
	files, err := corpus.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("empty corpus")
	}
	return files
}

// TestCorpus runs every golden case through the reference interpreter and
// compares its answer with the hand-checked want: and error: lines. The
// corpus is the oracle: nothing rewrites those lines, BETZA_UPDATE
// included. A failure prints the reference's answer as expectation lines,
// for a person to check by hand before pasting them.
func TestCorpus(t *testing.T) {
	for _, f := range load(t) {
		t.Run(f.Path, func(t *testing.T) {
			for _, msg := range checkFile(f) {
				t.Error(msg)
			}
		})
	}
}

// checkFile compares the reference with every hand-checked line of a
// corpus file and returns one message per mismatch.
func checkFile(f *corpus.File) []string {
	if m := corpus.CheckNotation(f); m != nil {
		return []string{m.Reason}
	}
	var msgs []string
	for _, c := range f.Cases {
		m := corpus.CheckCase(f, c)
		if m == nil {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "case %s (from %s): %s\nwhy: %s\n", c.Name, c.From, m.Reason, c.Why)
		if m.Diff != "" {
			b.WriteString(m.Diff)
		}
		fmt.Fprintf(&b, "The reference answers, as expectation lines:\n%s\n", indent(m.Suggestion()))
		b.WriteString("These are the program's output, not the truth: check each line by hand against the spec,\n" +
			"fix the reference or paste the lines, and rewrite why: to give the reasoning. No switch rewrites want: lines.")
		msgs = append(msgs, b.String())
	}
	return msgs
}

func indent(s string) string { return "\t" + strings.ReplaceAll(s, "\n", "\n\t") }

var clauseRef = regexp.MustCompile(`§[A-Z]?\d+(\.\d+)*`)

// betza2Ref is a citation of a clause of spec/betza2.md in Go code: a
// section and a clause number; a dialect's clause (§B3.2) or a whole
// section (§3) is not one.
var betza2Ref = regexp.MustCompile(`§\d+\.\d+`)

// A clausedSpec is a spec whose clauses every corpus citation of its
// kind must name, and every one of which some corpus file must cite.
type clausedSpec struct {
	path string
	// cites matches a whole citation of this spec's clauses ("§4.2",
	// "§X5.4"); def finds the definitions, **§4.2**, in the spec's text.
	cites, def *regexp.Regexp
	min        int // fewer definitions than this means the spec was misread
	// uncovered reports the clauses no corpus file needs to cite.
	uncovered func(clause string) bool
}

// The specs whose every clause the corpus cites: the core, whose
// implementation restrictions (§12) are not cases of a notation, and
// XBetza, a dialect read by translation into the core whose clauses are
// all exercised through corpus/valid/xbetza and corpus/invalid/xbetza.
var (
	betza2Spec = clausedSpec{path: "../../spec/betza2.md",
		cites: regexp.MustCompile(`^§\d+\.\d+$`), def: regexp.MustCompile(`\*\*(§\d+\.\d+)\*\*`), min: 70,
		uncovered: func(c string) bool { return strings.HasPrefix(c, "§12") }}
	xbetzaSpec = clausedSpec{path: "../../spec/xbetza.md",
		cites: regexp.MustCompile(`^§X\d+\.\d+$`), def: regexp.MustCompile(`\*\*(§X\d+\.\d+)\*\*`), min: 35,
		uncovered: func(string) bool { return false }}
)

// defined returns the ids of the clauses the spec defines.
func (s clausedSpec) defined(t *testing.T) map[string]bool {
	t.Helper()
	text, err := os.ReadFile(s.path)
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range s.def.FindAllStringSubmatch(string(text), -1) {
		defined[m[1]] = true
	}
	if len(defined) < s.min {
		t.Fatalf("%s defines only %d clauses", s.path, len(defined))
	}
	return defined
}

// definedClauses are the ids of the clauses spec/betza2.md defines.
func definedClauses(t *testing.T) map[string]bool {
	t.Helper()
	return betza2Spec.defined(t)
}

// TestClauseCoverage: every clause of spec/betza2.md (but §12) and of
// spec/xbetza.md is cited by at least one corpus file, valid or invalid,
// and every citation names a clause that exists: a citation of the core
// (§4.2), from a file of any dialect, one of spec/betza2.md, and a
// citation of XBetza (§X5.4) one of spec/xbetza.md.
func TestClauseCoverage(t *testing.T) {
	files := load(t)
	for _, s := range []clausedSpec{betza2Spec, xbetzaSpec} {
		defined := s.defined(t)
		cited := map[string]bool{}
		for _, f := range files {
			for _, c := range f.Clauses {
				if !s.cites.MatchString(c) {
					continue
				}
				cited[c] = true
				if !defined[c] {
					t.Errorf("%s cites %s, which %s does not define", f.Path, c, filepath.Base(s.path))
				}
			}
		}
		var missing []string
		for c := range defined {
			if !cited[c] && !s.uncovered(c) {
				missing = append(missing, c)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("clauses of %s no corpus file cites: %s", filepath.Base(s.path), strings.Join(missing, " "))
		}
	}
	for _, f := range files {
		for _, c := range f.Clauses {
			switch {
			case !clauseRef.MatchString(c):
				t.Errorf("%s: %q is not a clause id", f.Path, c)
			case f.Dialect == dialect.Betza2 && strings.Contains(c, ".") && !betza2Spec.cites.MatchString(c):
				t.Errorf("%s cites %s, which spec/betza2.md does not define", f.Path, c)
			}
		}
	}
}

// TestClausesCitedByReference: every clause of spec/betza2.md is cited by
// the Go code of reference/ that implements it, and every clause that code
// cites exists. Only non-test files count, and not the dialects': they
// cite their own specs, and 2.0 clauses only to explain. The test sees
// that a citation is there; that it sits on the function implementing the
// clause is for review to see.
func TestClausesCitedByReference(t *testing.T) {
	defined := definedClauses(t)
	cited := map[string]bool{}
	err := filepath.WalkDir("../../reference", func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "dialect":
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, c := range betza2Ref.FindAllString(string(src), -1) {
			cited[c] = true
			if !defined[c] {
				t.Errorf("%s cites %s, which spec/betza2.md does not define", path, c)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for c := range defined {
		if !cited[c] {
			missing = append(missing, c)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("clauses of spec/betza2.md that no code of reference/ cites: %s", strings.Join(missing, " "))
	}
}

// TestUpdateLeavesWantLines: with the update switch set, the corpus test
// over a file whose want: line is wrong still fails, prints the
// reference's answer as lines to check by hand, and leaves the file as it
// was. Hand-checked truth is never rewritten from the program's output.
func TestUpdateLeavesWantLines(t *testing.T) {
	t.Setenv(golden.Switch, "1")
	if !golden.Update() {
		t.Fatal("the update switch is not on")
	}
	data, err := os.ReadFile(root + "/valid/orthodox/bishop.txtar")
	if err != nil {
		t.Fatal(err)
	}
	// d4 is a square the bishop reaches; claim e4 instead.
	wrong := strings.Replace(string(data), "d4 c3= d4=X\n", "e4 c3= e4=X\n", 1)
	if wrong == string(data) {
		t.Fatal("bishop.txtar no longer has the line this test changes")
	}
	dir := t.TempDir()
	path := dir + "/valid/orthodox/bishop.txtar"
	if err := os.MkdirAll(dir+"/valid/orthodox", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := corpus.Load(dir)
	if err != nil || len(files) != 1 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	msgs := checkFile(files[0])
	if len(msgs) != 1 {
		t.Fatalf("%d failures, want 1 (case white): %q", len(msgs), msgs)
	}
	for _, s := range []string{"case white", "only in want: (1):\n  e4 c3= e4=X", "\twant:\n\ta1 a1=X c3=\n", "\td4 c3= d4=X\n", "by hand", "why:"} {
		if !strings.Contains(msgs[0], s) {
			t.Errorf("failure message lacks %q:\n%s", s, msgs[0])
		}
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != wrong {
		t.Errorf("the corpus file was rewritten under BETZA_UPDATE:\n%s", after)
	}
}

// TestSetups: every case has its setup, except one about a refused
// position; a position refused without error: is an error.
func TestSetups(t *testing.T) {
	parse := func(text string) *corpus.File {
		t.Helper()
		f, err := corpus.Parse("valid/x.txtar", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	const head = "notation: W\nclauses: §11.3\nsummary: s\n"
	good := parse(head + "-- a --\nfrom: d4\nwhy: w\nwant:\n-- b --\nboard: 4x4\nposition: 4/4/4\nfrom: a1\nwhy: w\nerror: ranks\n")
	setups, err := corpus.Setups([]*corpus.File{good})
	if err != nil || len(setups) != 1 || setups[0].From.String() != "d4" || setups[0].Mover().String() != "X*" {
		t.Errorf("Setups = %v, %v: want the one setup on d4 with the default mover", setups, err)
	}
	bad := parse(head + "-- c --\nboard: 4x4\nposition: 4/4/4\nfrom: a1\nwhy: w\nwant:\n")
	if _, err := corpus.Setups([]*corpus.File{good, bad}); err == nil || !strings.Contains(err.Error(), "x/c") {
		t.Errorf("a refused position without error: gave %v, want an error naming x/c", err)
	}
	if _, err := corpus.Setups(nil); err == nil {
		t.Error("no setups at all: want an error")
	}
}

// TestInvalidFileClause: an invalid file's first clause is the one its
// error cites; a file that puts another clause first is a mismatch.
func TestInvalidFileClause(t *testing.T) {
	file := func(clauses string) *corpus.File {
		t.Helper()
		f, err := corpus.Parse("invalid/x.txtar", []byte("notation: NN\nclauses: "+clauses+"\nsummary: s\nerror: 1 found N again\n"))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	if m := corpus.CheckNotation(file("§9.10 §1.6")); m != nil {
		t.Errorf("NN rejected under §9.10, cited first: %s", m.Reason)
	}
	m := corpus.CheckNotation(file("§1.6 §9.10"))
	if m == nil || !strings.Contains(m.Reason, "rejected under §9.10, want §1.6") {
		t.Errorf("NN rejected under §9.10 with §1.6 cited first: got %v, want a mismatch naming both clauses", m)
	}
}

// TestLoadBounded: a corpus file's errors quote at most the beginning of
// a line (issue 28: a 20 MB one-line file gave 20 MB of stderr), a line
// longer than corpus.MaxLine is refused as such, and a .txtar that is a
// symbolic link out of the corpus is refused, not read; one inside it is
// read.
func TestLoadBounded(t *testing.T) {
	good := "notation: W\nclauses: §1.1\nsummary: the wazir.\n-- empty --\nboard: 3x3\nfrom: b2\nwhy: four steps.\nwant:\nb1 b1=X b2=\na2 a2=X b2=\nc2 b2= c2=X\nb3 b2= b3=X\n"
	for _, c := range []struct{ name, path, text, want string }{
		{"one huge line", "valid/x.txtar", strings.Repeat("a", 20<<20), `line 1: 20971520 bytes, more than a corpus line may have (4096): "aaaa`},
		{"long field", "valid/x.txtar", strings.Repeat("k", 3000) + ": v\n", `unknown field "kkkk`},
		{"long want word", "valid/x.txtar", good + strings.Repeat("x", 3000) + "\n", `case empty: want: a word of 3000 bytes, longer than any of an outcome key (64): "xxxx`},
		{"long want line", "valid/x.txtar", good + "b1 " + strings.Repeat("a2=X ", 800) + "\n", `case empty: want: "b1 a2=X a2=X`},
		{"long key line", "valid/x.txtar", strings.Replace(good, "why: four steps.", strings.Repeat("y", 3000), 1), `case empty: expected key: value, found "yyyy`},
		{"long error", "invalid/x.txtar", "notation: W-\nclauses: §9.4\nsummary: s.\nerror: " + strings.Repeat("e", 3000) + "\n", `error: expected an offset then a message, found "eeee`},
	} {
		_, err := corpus.Parse(c.path, []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		} else if len(err.Error()) > 400 {
			t.Errorf("%s: an error of %d bytes: %s", c.name, len(err.Error()), err)
		}
	}

	dir := t.TempDir()
	outside := filepath.Join(dir, "outside.txtar")
	if err := os.WriteFile(outside, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "corpus")
	if err := os.MkdirAll(filepath.Join(base, "valid"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "valid", "w.txtar"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("w.txtar", filepath.Join(base, "valid", "inside.txtar")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	files, err := corpus.Load(base)
	if err != nil || len(files) != 2 || files[0].Path != "valid/inside.txtar" {
		t.Fatalf("a link inside the corpus: %v, %d files", err, len(files))
	}
	if err := os.Symlink(outside, filepath.Join(base, "valid", "out.txtar")); err != nil {
		t.Fatal(err)
	}
	if _, err := corpus.Load(base); err == nil || !strings.Contains(err.Error(), "valid/out.txtar: a symbolic link out of the corpus") {
		t.Errorf("a link out of the corpus: %v", err)
	}
	if err := os.Remove(filepath.Join(base, "valid", "out.txtar")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../outside.txtar", filepath.Join(base, "valid", "up.txtar")); err != nil {
		t.Fatal(err)
	}
	if _, err := corpus.Load(base); err == nil || !strings.Contains(err.Error(), "valid/up.txtar: a symbolic link out of the corpus") {
		t.Errorf("a relative link out of the corpus: %v", err)
	}
}

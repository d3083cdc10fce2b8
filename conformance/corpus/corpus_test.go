package corpus_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"betzacheck/conformance/corpus"
	"betzacheck/reference"
	"betzacheck/reference/syntax"
)

const root = "../../corpus"

// update is the one switch that refreshes golden expectations; review the
// diff by hand before committing it.
var update = os.Getenv("BETZA_UPDATE") != ""

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

// TestCorpus runs every golden case through the reference interpreter.
func TestCorpus(t *testing.T) {
	for _, f := range load(t) {
		t.Run(f.Path, func(t *testing.T) {
			notation, err := f.Betza2()
			if err != nil && !f.Invalid {
				// A notation with no Betza 2.0 equivalent: every case must
				// expect that error.
				for _, c := range f.Cases {
					if c.Error == "" || !strings.Contains(err.Error(), c.Error) {
						t.Errorf("case %s: %s %q: %v", c.Name, f.Dialect, f.Notation, err)
					}
				}
				return
			}
			prog, err := reference.Compile(notation)
			if f.Invalid {
				var se *syntax.Error
				switch {
				case err == nil:
					t.Fatalf("%q: accepted, want error at %d: %s", f.Notation, f.ErrOffset, f.ErrText)
				case !errors.As(err, &se):
					t.Fatalf("%q: error %v is not located", f.Notation, err)
				case int(se.Offset) != f.ErrOffset || !strings.Contains(se.Msg, f.ErrText):
					t.Fatalf("%q:\n%s\nwant offset %d and a message containing %q", f.Notation, se.Render(f.Notation), f.ErrOffset, f.ErrText)
				}
				return
			}
			if err != nil {
				t.Fatalf("%q: %v", f.Notation, err)
			}
			if f.Canonical != "" && prog.Canonical() != f.Canonical {
				t.Errorf("canonical form %q, want %q", prog.Canonical(), f.Canonical)
			}
			changed := false
			for _, c := range f.Cases {
				got, err := corpus.Reference(f, c)
				if c.Error != "" {
					if err == nil || !strings.Contains(err.Error(), c.Error) {
						t.Errorf("case %s: error %v, want one containing %q", c.Name, err, c.Error)
					}
					continue
				}
				if err != nil {
					t.Errorf("case %s: %v", c.Name, err)
					continue
				}
				if diff := cmp.Diff(c.Want, got, cmp.Comparer(equalKeys)); diff != "" {
					if update {
						c.Want, changed = got, true
						continue
					}
					t.Errorf("case %s (%s)\nwhy: %s\noutcomes (-want +got):\n%s", c.Name, c.From, c.Why, diff)
				}
			}
			if changed {
				if err := os.WriteFile(filepath.Join(root, f.Path), f.Format(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func equalKeys(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return cmp.Equal([]string(a), []string(b))
}

var clauseRef = regexp.MustCompile(`§[A-Z]?\d+(\.\d+)*`)
var clauseDef = regexp.MustCompile(`\*\*(§\d+\.\d+)\*\*`)

// TestClauseCoverage: every clause of spec/betza2.md is cited by at least
// one corpus file, and every citation names a clause that exists.
func TestClauseCoverage(t *testing.T) {
	spec, err := os.ReadFile("../../spec/betza2.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range clauseDef.FindAllStringSubmatch(string(spec), -1) {
		defined[m[1]] = true
	}
	if len(defined) < 40 {
		t.Fatalf("spec/betza2.md defines only %d clauses", len(defined))
	}
	cited := map[string]bool{}
	for _, f := range load(t) {
		for _, c := range f.Clauses {
			if !clauseRef.MatchString(c) {
				t.Errorf("%s: %q is not a clause id", f.Path, c)
				continue
			}
			cited[c] = true
			if !defined[c] && strings.Count(c, ".") > 0 && f.Dialect == "betza2" {
				t.Errorf("%s cites %s, which spec/betza2.md does not define", f.Path, c)
			}
		}
	}
	var missing []string
	for c := range defined {
		if !cited[c] && !strings.HasPrefix(c, "§12") {
			missing = append(missing, c)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("clauses no corpus file cites: %s", strings.Join(missing, " "))
	}
}

package spec_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/spec"
)

// TestClauses: every form a text numbers its clauses in is found, with
// its file, title and the text up to the next clause or heading.
func TestClauses(t *testing.T) {
	ix, err := spec.Index()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id, file, title, starts, has, hasNot string
	}{
		{id: "§3.8", file: "betza2.md", starts: "**§3.8**"},
		{id: "§2.2", file: "betza2.md", starts: "**§2.2** Orthogonal atoms", has: "Decision: on an orthogonal atom", hasNot: "§2.3**"},
		{id: "§1", file: "betza2.md", title: "Atoms", starts: "## §1 Atoms", hasNot: "§1.1**"},
		{id: "§X2.4", file: "xbetza.md", starts: "**§X2.4**"},
		{id: "§S5.5", file: "spanish.md", starts: "**§S5.5**"},
		{id: "§B1.1", file: "bracket.md", starts: "**§B1.1**"},
		{id: "§C5.12", file: "classic.md", starts: "**§C5.12**"},
		{id: "P1", file: "protocol.md", title: "Transport", starts: "## P1 Transport"},
		{id: "P3.1", file: "protocol.md", title: "Request", starts: "### P3.1 Request"},
		{id: "P6.1", file: "protocol.md", starts: "- P6.1 **Time limit.**", has: "Decision: a supervisor", hasNot: "P6.2 **"},
		{id: "P10.7", file: "protocol.md", starts: "- P10.7"},
		{id: "F3", file: "findings.md", starts: "## F3. Handedness", title: "Handedness fixed by the first oblique displacement breaks zigzags (resolved)"},
	} {
		got, ok := ix[c.id]
		switch {
		case !ok:
			t.Errorf("%s: not found", c.id)
		case got.File != c.file || got.Title != c.title:
			t.Errorf("%s: in %s titled %q, want %s titled %q", c.id, got.File, got.Title, c.file, c.title)
		case !strings.HasPrefix(got.Text, c.starts):
			t.Errorf("%s: text starts %.60q, want %q", c.id, got.Text, c.starts)
		case c.has != "" && !strings.Contains(got.Text, c.has):
			t.Errorf("%s: text lacks %q:\n%s", c.id, c.has, got.Text)
		case c.hasNot != "" && strings.Contains(got.Text, c.hasNot):
			t.Errorf("%s: text runs into %q:\n%s", c.id, c.hasNot, got.Text)
		}
	}
	// The lead of a clause is its first paragraph.
	if lead := ix["§2.2"].Lead(); !strings.HasSuffix(lead, "`s` names `l` and `r`.") {
		t.Errorf("§2.2's lead is %q", lead)
	}
	if a := spec.Anchor("§X2.4"); a != "clause-X2.4" {
		t.Errorf("Anchor(§X2.4) = %q", a)
	}
}

// TestClausesOfEveryText: every clause a text defines in bold, every
// numbered heading and every protocol item is a clause, found in the text
// where it is written, and none is found inside a fenced block.
func TestClausesOfEveryText(t *testing.T) {
	cs, err := spec.Clauses()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]map[string]bool{}
	for _, c := range cs {
		if found[c.File] == nil {
			found[c.File] = map[string]bool{}
		}
		found[c.File][c.ID] = true
	}
	starts := regexp.MustCompile(`(?m)^(?:\*\*(§[A-Z]?\d+\.\d+)\*\*|#+ (§[A-Z]?\d+|P\d+(?:\.\d+)?|F\d+)[. ]|- (P\d+\.\d+) )`)
	names, err := fs.Glob(spec.Files(), "*.md")
	if err != nil || len(names) < 7 {
		t.Fatalf("texts %v, %v", names, err)
	}
	for _, name := range names {
		data, err := fs.ReadFile(spec.Files(), name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		blocks, err := spec.Blocks(text)
		if err != nil {
			t.Fatal(err)
		}
		inBlock := func(at int) bool {
			for _, b := range blocks {
				if at >= b.Start && at < b.End {
					return true
				}
			}
			return false
		}
		n := 0
		for _, m := range starts.FindAllStringSubmatchIndex(text, -1) {
			if inBlock(m[0]) {
				continue
			}
			var id string
			for g := 1; g < len(m)/2; g++ {
				if m[2*g] >= 0 {
					id = text[m[2*g]:m[2*g+1]]
				}
			}
			n++
			if !found[name][id] {
				t.Errorf("%s: clause %s is not found", name, id)
			}
		}
		if n != len(found[name]) {
			t.Errorf("%s: %d clauses written, %d found", name, n, len(found[name]))
		}
	}
}

// TestClausesCitedResolve: every clause id cited anywhere in reference/
// (code, tests and their data) and in the specification texts is a clause
// the texts define, so that every citation can link to its anchor.
func TestClausesCitedResolve(t *testing.T) {
	ix, err := spec.Index()
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string][]string{}
	n := 0
	cite := func(where, text string) {
		for _, id := range spec.ClauseRef.FindAllString(text, -1) {
			n++
			if _, ok := ix[id]; !ok {
				missing[id] = append(missing[id], where)
			}
		}
	}
	err = filepath.WalkDir("../reference", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		cite(path, string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	names, _ := fs.Glob(spec.Files(), "*.md")
	for _, name := range names {
		data, _ := fs.ReadFile(spec.Files(), name)
		cite(name, string(data))
	}
	var ids []string
	for id := range missing {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		t.Errorf("%s is cited (%s) but no text defines it", id, strings.Join(missing[id][:min(3, len(missing[id]))], ", "))
	}
	t.Logf("%d citations, %d clauses", n, len(ix))
	if n < 1000 {
		t.Errorf("only %d citations found", n)
	}
}

package spec

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/loc"
)

func TestBlocks(t *testing.T) {
	doc := "# Title\n" + // 1
		"```parse\n" + // 2
		"W\n" + // 3
		"\n" + // 4
		" D:1+ \n" + // 5
		"```\n" + // 6
		"text ```not a fence\n" + // 7
		"```translate betza \n" + // 8
		"```inner\n" + // 9
		"```  \n" + // 10
		"```\n" + // 11
		"```"
	got, err := Blocks(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []Block{
		{Info: "parse", Line: 2, Lines: []string{"W", "", " D:1+ "}, Start: 8, End: 8 + len("```parse\nW\n\n D:1+ \n```")},
		{Info: "translate betza", Line: 8, Lines: []string{"```inner"}},
		{Info: "", Line: 11, Lines: nil},
	}
	want[1].Start = strings.Index(doc, "```translate")
	want[1].End = strings.Index(doc, "```  \n") + len("```  ")
	want[2].Start = strings.LastIndex(doc, "```\n```")
	want[2].End = len(doc)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Blocks:\ngot  %+v\nwant %+v", got, want)
	}
	if got[0].Body() != "W\n\n D:1+ \n" || got[2].Body() != "" {
		t.Errorf("Body: %q, %q", got[0].Body(), got[2].Body())
	}
	if raw := doc[got[0].Start:got[0].End]; !strings.HasPrefix(raw, "```parse\n") || !strings.HasSuffix(raw, "\n```") {
		t.Errorf("text[Start:End] = %q, not the whole block", raw)
	}
	if n := got[0].LineOf(2); n != 5 {
		t.Errorf("LineOf(2) = %d, want 5", n)
	}
}

func TestBlocksCRLF(t *testing.T) {
	got, err := Blocks("```parse\r\nW\r\n```\r\n")
	if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0].Lines, []string{"W"}) || got[0].Info != "parse" {
		t.Errorf("Blocks = %+v, %v", got, err)
	}
}

func TestBlocksUnclosed(t *testing.T) {
	got, err := Blocks("```parse\nW\n```\n\n```reject\nX @0 §9.2\n")
	if err == nil || !strings.Contains(err.Error(), "line 5") || !strings.Contains(err.Error(), "reject") {
		t.Errorf("an unclosed block: %v, want an error naming line 5 and the block", err)
	}
	if len(got) != 1 || got[0].Info != "parse" {
		t.Errorf("the closed blocks before it: %+v", got)
	}
}

func TestParseReject(t *testing.T) {
	for _, c := range []struct {
		line string
		want Reject
	}{
		{"W- @2 §9.4", Reject{"W-", 2, "§9.4"}},
		{"(((W-F)1000)1000)1000 @12 §9.11", Reject{"(((W-F)1000)1000)1000", 12, "§9.11"}},
		{"D:1+  @4 §S1.2", Reject{"D:1+ ", 4, "§S1.2"}},
		{" D:1+ @0 §S1.2", Reject{" D:1+", 0, "§S1.2"}},
		{"a @b @1 §B1.1", Reject{"a @b", 1, "§B1.1"}},
		{"fm @2 §9.3", Reject{"fm", 2, "§9.3"}},
	} {
		got, err := ParseReject(c.line)
		if err != nil || got != c.want {
			t.Errorf("ParseReject(%q) = %+v, %v; want %+v", c.line, got, err, c.want)
		}
		if err == nil && got.String() != c.line {
			t.Errorf("%+v prints as %q, read from %q", got, got.String(), c.line)
		}
	}
	for _, line := range []string{
		"W-",              // no offset
		"W- 2 §9.4",       // no @
		"W- @2",           // no clause
		"W- @x §9.4",      // not a number
		"W- @-1 §9.4",     // negative
		"W- @3 §9.4",      // past the end of the text
		"W- @2 9.4",       // no §
		"W- @2 §9.4 §9.5", // two clauses
		"W- @2  §9.4",     // a blank in the clause
	} {
		if r, err := ParseReject(line); err == nil {
			t.Errorf("ParseReject(%q) = %+v, want an error", line, r)
		}
	}
}

func TestRejectCheck(t *testing.T) {
	r := Reject{Text: "W-", Offset: 2, Clause: "§9.4"}
	good := &loc.Error{Offset: 2, Clause: "§9.4", Msg: "expected a leg after '-', found end of input"}
	if err := r.Check(good, ""); err != nil {
		t.Errorf("the stated error: %v", err)
	}
	if err := r.Check(wrapped{good}, ""); err != nil {
		t.Errorf("the stated error, wrapped: %v", err)
	}
	for name, c := range map[string]struct {
		err error
		in  string
	}{
		"accepted":     {nil, ""},
		"not located":  {errors.New("limit"), ""},
		"other offset": {&loc.Error{Offset: 1, Clause: "§9.4"}, ""},
		"other clause": {&loc.Error{Offset: 2, Clause: "§9.3"}, ""},
		"other text":   {good, "bracket"},
		"dialect":      {&loc.Error{In: "bracket", Offset: 2, Clause: "§9.4"}, ""},
	} {
		if err := r.Check(c.err, c.in); err == nil {
			t.Errorf("%s: Check accepts %v", name, c.err)
		}
	}
}

type wrapped struct{ err error }

func (w wrapped) Error() string { return "wrapped: " + w.err.Error() }
func (w wrapped) Unwrap() error { return w.err }

func TestReadBlocks(t *testing.T) {
	dir := t.TempDir()
	good, bad := dir+"/good.md", dir+"/bad.md"
	if err := os.WriteFile(good, []byte("text\n```parse\nW\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("```parse\nW\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadBlocks(good); err != nil || len(b) != 1 || b[0].Line != 2 || b[0].Lines[0] != "W" {
		t.Errorf("ReadBlocks(good) = %+v, %v", b, err)
	}
	if _, err := ReadBlocks(bad); err == nil || !strings.Contains(err.Error(), "bad.md") || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("ReadBlocks(bad): %v, want an error naming the file and the line", err)
	}
	if _, err := ReadBlocks(dir + "/none.md"); err == nil {
		t.Error("ReadBlocks of a missing file: no error")
	}
}

// TestSpecsRead: every spec of this directory has balanced fences.
func TestSpecsRead(t *testing.T) {
	for _, name := range []string{"betza2.md", "bracket.md", "classic.md", "spanish.md", "protocol.md", "findings.md"} {
		if _, err := ReadBlocks(name); err != nil {
			t.Error(err)
		}
	}
}

func TestCheckReject(t *testing.T) {
	var read string
	fail := func(text string) error {
		read = text
		return &loc.Error{In: "spanish", Offset: 4, Clause: "§S1.1"}
	}
	if err := CheckReject("D:1+  @4 §S1.1", "spanish", fail); err != nil || read != "D:1+ " {
		t.Errorf("CheckReject: %v, read %q", err, read)
	}
	if err := CheckReject("D:1+  @3 §S1.1", "spanish", fail); err == nil {
		t.Error("CheckReject accepts another offset")
	}
	if err := CheckReject("D:1+ §S1.1", "spanish", fail); err == nil {
		t.Error("CheckReject accepts a line without an offset")
	}
}

// TestExamples: Examples yields the lines that hold something, with their
// line numbers in the text, and stops when asked to.
func TestExamples(t *testing.T) {
	bs, err := Blocks("text\n```same\nW == W\n\n  \nF == F\n```\n")
	if err != nil || len(bs) != 1 {
		t.Fatalf("Blocks: %v, %d blocks", err, len(bs))
	}
	var got []string
	for at, line := range bs[0].Examples() {
		got = append(got, fmt.Sprintf("%d:%s", at, line))
	}
	if want := []string{"3:W == W", "6:F == F"}; !slices.Equal(got, want) {
		t.Errorf("Examples: %q, want %q", got, want)
	}
	for range bs[0].Examples() {
		break // an early stop must not panic
	}
}

package report_test

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/conform/conformtest"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// TestTextReportOrder: the text report says what was judged and the
// summary first, then the divergence classes before the table per
// clause; the failures have a line each only with verbose, at the end,
// after the diagrams of the first ones, which give the command that
// replays their minimal case.
func TestTextReportOrder(t *testing.T) {
	ctx := context.Background()
	impl := conformtest.Lax{Dialects: []string{dialect.Betza2}}
	rep := conform.Run(ctx, impl, conformtest.CorpusCases(t, "../../corpus"), "")
	triage.Shrink(ctx, impl, rep, triage.ShrinkOptions{Program: "/a dir/betzacheck", Impl: "A=1 ./lax"})
	fails := rep.Totals()["fail"]
	if fails < 10 {
		t.Fatalf("%d failures: the test needs more", fails)
	}
	var short, long bytes.Buffer
	report.WriteText(&short, rep, false, 2)
	report.WriteText(&long, rep, true, 2)
	caseLine := regexp.MustCompile(`(?m)^FAIL +\S+  `)
	diagram := regexp.MustCompile(`(?m)^FAIL \S+\nnotation `)
	replay := regexp.MustCompile(`(?m)^    minimal.*: '/a dir/betzacheck' conform --impl 'A=1 ./lax' `)
	for _, out := range []string{short.String(), long.String()} {
		lines := strings.Split(out, "\n")
		if !strings.HasPrefix(lines[0], "implementation lax 1 ") || lines[1] != rep.Summary() {
			t.Errorf("the report does not begin with what was judged and the summary:\n%s", strings.Join(lines[:2], "\n"))
		}
		classes, clauses := strings.Index(out, "divergence classes ("), strings.Index(out, "\nper clause:")
		if classes < 0 || clauses < classes {
			t.Errorf("no divergence classes, or not before the table per clause:\n%s", out)
		}
		if n := len(diagram.FindAllString(out, -1)); n != 2 {
			t.Errorf("%d failures with a diagram, want 2:\n%s", n, out)
		}
	}
	if n := len(caseLine.FindAllString(short.String(), -1)); n != 0 {
		t.Errorf("without -v, %d lines of single failures:\n%s", n, short.String())
	}
	if n := len(replay.FindAllString(short.String(), -1)); n != 2 {
		t.Errorf("without -v, %d replay commands, want one under each diagram:\n%s", n, short.String())
	}
	every := strings.Index(long.String(), "\nevery case:\n")
	if d := diagram.FindAllStringIndex(long.String(), -1); every < 0 || len(d) == 0 || every < d[len(d)-1][0] {
		t.Fatalf("with -v, no list of every case after the diagrams:\n%s", long.String())
	}
	list := long.String()[every:]
	if n := len(caseLine.FindAllString(list, -1)); n != fails {
		t.Errorf("with -v, %d lines of failures, want %d", n, fails)
	}
	if n := len(replay.FindAllString(list, -1)); n != fails {
		t.Errorf("with -v, %d replay commands, want %d", n, fails)
	}
}

// TestTextReportProblems: without verbose, the cases that gave nothing to
// judge have a line each, the first 20, and the report says how many
// more there are.
func TestTextReportProblems(t *testing.T) {
	cases, err := conform.Generate(conform.Reference{}.Hello(), 30, 1)
	if err != nil {
		t.Fatal(err)
	}
	rep := conform.Stream(context.Background(), conform.NotStarted{Name: "gone", Err: errors.New("no such program")}, cases, conform.Options{})
	var b bytes.Buffer
	report.WriteText(&b, rep, false, 5)
	out := b.String()
	if n := strings.Count(out, "\nERROR "); n != 20 || !strings.Contains(out, "\ncases with nothing to judge:\n") ||
		!strings.Contains(out, "\nand 10 more (-v lists every case)\n") {
		t.Errorf("%d lines of errors, want the first 20 and how many more:\n%s", n, out)
	}
}

// TestClosestProfile: the profile that agrees most with a classic
// implementation is named; when none agrees on any case, the report says
// so instead of naming the first.
func TestClosestProfile(t *testing.T) {
	s, err := board.ParseSetup("3x3", "3/1X1/3", "b2", board.DefaultMover().String())
	if err != nil {
		t.Fatal(err)
	}
	c, err := conform.CaseIn("hand/W", nil, dialect.Classic, "W", s)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		impl conform.Impl
		want string
	}{
		{conformtest.Lax{Dialects: []string{dialect.Classic}}, "  closest: none (no profile agrees on any case)\n"},
		{conform.Reference{}, "  closest: "},
	} {
		rep := conform.Run(context.Background(), tt.impl, []*conform.Case{c}, "")
		var b bytes.Buffer
		report.WriteText(&b, rep, false, 0)
		out := b.String()
		if len(rep.Profiles()) == 0 || !strings.Contains(out, tt.want) {
			t.Errorf("%s: profiles %v, want %q:\n%s", tt.impl.Hello().Name, rep.Profiles(), tt.want, out)
		}
		if none := strings.Contains(out, "closest: none"); none != (tt.impl != conform.Impl(conform.Reference{})) {
			t.Errorf("%s: %s", tt.impl.Hello().Name, out)
		}
	}
}

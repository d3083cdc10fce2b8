// Package htmlreport writes a conformance report (conform.Report) as one
// self-contained HTML page: inline CSS and inline SVG, no script and no
// external request, so that the file can be archived by CI and opened
// anywhere.
//
// The page shows the implementation and the level compared, the totals,
// the divergence classes of the failures (triage.Classes: each a
// <details> with its smallest minimal case drawn like a failure, its
// replay command, and its members folded), the reference's own verdicts on the corpus cases (judged by their
// hand-checked lines) with each case it fails, a table of verdict counts
// per spec clause, and the first failures (every verdict but pass and
// unsupported), each with its notation, the reason, two move diagrams side
// by side (the spec's outcomes, from a corpus case's want: lines or else
// the reference, and the implementation's, both drawn from the wire
// replies at the run's level by package diagram), the outcome diff, the
// command that replays it, and its minimal case with the command that
// replays that alone.
//
// The elements that carry numbers have stable classes and data attributes,
// so that a test (or a person's script) reads the page rather than looks
// at it:
//
//	<td class="total" data-kind="fail">3</td>
//	<details class="class" id="class-1" data-class="missing iA" data-count="40" open>
//	<td class="count" data-clause="§4.2" data-kind="pass">3</td>
//	<section class="failure" data-case="gen/1/7" data-verdict="fail">
//	  … <svg data-side="spec" …> … <svg data-side="implementation" …>
//	<p class="more" data-more="12">
//	<section id="reference" data-pass="297" data-fail="1">
//
// Output is deterministic: the same report and options give the same
// bytes.
package htmlreport

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/diagram"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// DefaultMaxFailures is how many failures the page draws in full when
// Options.MaxFailures is 0; every failure is listed under its class, and
// every other verdict but pass and unsupported in the list of cases, so
// that a page of 2,000 cases stays under 500 KB (issue 26).
const DefaultMaxFailures = 10

// DefaultMaxClasses is how many divergence classes the page shows when
// Options.MaxClasses is 0.
const DefaultMaxClasses = 100

// Options describe how the run was started, for the replay commands, and
// how much to show.
type Options struct {
	// Program is the command that ran conform; "betzacheck" when empty.
	Program string
	// Impl is --impl exactly as given.
	Impl string
	// Corpus is the corpus directory as given; "" when the run had none.
	Corpus string
	// Level is --level as given; "" when not given.
	Level string
	// Notation is the one notation the run judged (--notation), on one
	// position or on generated ones; nil when it had none.
	Notation *conform.NotationInfo
	// MaxFailures caps the failures shown in full; 0 means
	// DefaultMaxFailures. The page says how many more there are.
	MaxFailures int
	// MaxClasses caps the divergence classes shown; 0 means
	// DefaultMaxClasses. The page says how many more there are.
	MaxClasses int
}

// Kinds are the verdict kinds, in the order of the tables.
var Kinds = []string{"pass", "fail", "unsupported", "error", "timeout", "crash"}

// diagramSize is the side of a square in the page's diagrams.
const diagramSize = 36

//go:embed report.css
var css string

// Write writes rep as an HTML page.
func Write(w io.Writer, rep *conform.Report, opt Options) error {
	if opt.Program == "" {
		opt.Program = "betzacheck"
	}
	if opt.MaxFailures <= 0 {
		opt.MaxFailures = DefaultMaxFailures
	}
	if opt.MaxClasses <= 0 {
		opt.MaxClasses = DefaultMaxClasses
	}
	var buf bytes.Buffer
	if err := page.Execute(&buf, build(rep, opt)); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// The page's data.
type pageData struct {
	CSS        template.CSS
	Impl       wire.HelloReply
	Dialects   string
	Level      string
	Command    string
	Failed     bool
	Verdict    string // passed, failed, or undecided when every case was unsupported
	Cases      int
	Unexpected int
	Summary    string
	Kinds      []string
	Totals     []count
	Clauses    []clauseRow
	Failures   []failure
	NFailures  int // every failure, shown or not
	More       int
	MoreWords  string
	Stale      []string
	Reference  *referenceData // nil when the run had no corpus case
	// Classes are the divergence classes of the failures (see
	// triage.Classes), the first MaxClasses of them, and how
	// many more there are.
	Classes     []class
	MoreClasses int
	// ReplayMember is the command that replays a generated member
	// gen/S/I, with I+1 and S to fill in.
	ReplayMember string
	// Unsolicited lines (spec/protocol.md P6.8): how many, the quoted
	// ones, and how many more were counted but not quoted.
	Unsolicited      int
	UnsolicitedNotes []string
	UnsolicitedMore  int
}

// referenceData is the reference's own verdicts on the corpus cases,
// judged by their hand-checked lines.
type referenceData struct {
	Pass, Fail int
	Failures   []referenceFailure
}

type referenceFailure struct {
	ID, Notation, Reason, Diff string
}

type count struct {
	Kind string
	N    int
}

type clauseRow struct {
	Clause string
	Counts []count
}

type failure struct {
	N          int
	ID         string
	Verdict    string
	Expected   bool // a known divergence, listed in the expectation file
	Notation   string
	Betza2     string // "" when the same as Notation
	Clauses    string
	Board      string
	Position   string
	From       string
	Reason     string
	Diff       string
	Sides      []side
	Replay     string
	ReplayMove string
	// Minimal is the failure's minimal case in one line and the command
	// that replays it alone; "" before shrinking.
	Minimal, ReplayMinimal string
}

// class is a divergence class: its key and count, its cause (nil for a
// class of structure), how often each classic profile agrees with its
// members, its smallest case drawn like a failure, and its members.
type class struct {
	N        int
	Key      string
	Count    int
	Cause    *conform.Cause
	Also     string // the cause's other names
	Profiles []conform.ProfileAgreement
	Smallest failure
	Members  []member
}

// member is a failure of a class (the page says once how a member is
// replayed: ReplayMember).
type member struct {
	ID, Notation string
}

type side struct {
	Side    string // "spec" or "implementation"
	Caption string
	Notes   []string
	SVG     template.HTML
}

func build(rep *conform.Report, opt Options) *pageData {
	d := &pageData{CSS: template.CSS(css), Impl: rep.Impl, Dialects: strings.Join(rep.Impl.Dialects, ", "),
		Level: rep.Level, Failed: rep.Failed(), Cases: rep.Cases, Kinds: Kinds, Stale: rep.Stale,
		Unexpected: rep.Unexpected(), Summary: rep.Summary(),
		Unsolicited: rep.Unsolicited, UnsolicitedNotes: rep.UnsolicitedNotes()}
	d.UnsolicitedMore = d.Unsolicited - len(d.UnsolicitedNotes)
	switch {
	case d.Failed:
		d.Verdict = "failed"
	case rep.NothingDecided():
		d.Verdict = "undecided"
	default:
		d.Verdict = "passed"
	}
	d.Command = command(opt, "")
	if len(rep.Run.Argv) > 0 {
		d.Command = conform.ShellJoin(rep.Run.Argv...) // the full command, as run
	}
	totals := rep.Totals()
	for _, k := range Kinds {
		d.Totals = append(d.Totals, count{k, totals[k]})
	}
	if ref := rep.ReferenceTotals(); len(ref) > 0 {
		d.Reference = &referenceData{Pass: ref["pass"], Fail: ref["fail"]}
		for _, res := range rep.ReferenceFailures() {
			d.Reference.Failures = append(d.Reference.Failures, referenceFailure{ID: res.Case.ID, Notation: res.Case.File.Notation,
				Reason: res.Reference.Reason, Diff: strings.TrimRight(res.Reference.Diff, "\n")})
		}
	}
	by := rep.ByClause()
	for _, c := range sortedClauses(by) {
		row := clauseRow{Clause: c}
		for _, k := range Kinds {
			row.Counts = append(row.Counts, count{k, by[c][k]})
		}
		d.Clauses = append(d.Clauses, row)
	}
	for _, res := range rep.Results {
		k := res.Verdict.Kind
		if k == conform.VerdictPass || k == conform.VerdictUnsupported {
			continue
		}
		d.NFailures++
		if len(d.Failures) < opt.MaxFailures {
			d.Failures = append(d.Failures, buildFailure(len(d.Failures)+1, res, rep, opt))
		}
	}
	classes := triage.Classes(rep)
	for i, c := range classes[:min(len(classes), opt.MaxClasses)] {
		cl := class{N: i + 1, Key: c.Key, Count: c.Count(), Cause: c.Cause, Profiles: triage.ClassProfiles(rep, c)}
		if c.Cause != nil && len(c.Cause.Names) > 1 {
			cl.Also = strings.Join(c.Cause.Names[1:], ", ")
		}
		m := conform.MinimalOf(c.Smallest)
		cl.Smallest = buildCase(0, m.Case, m.Verdict, m.Want, m.Got, rep, opt)
		cl.Smallest.ID = c.Smallest.Case.ID
		cl.Smallest.Replay = triage.Replay(rep, m)
		for _, res := range c.Members {
			cl.Members = append(cl.Members, member{ID: res.Case.ID, Notation: res.Case.Request.Notation})
		}
		d.Classes = append(d.Classes, cl)
	}
	d.MoreClasses = len(classes) - len(d.Classes)
	d.ReplayMember = conform.ShellJoin(commandPrefix(opt)...) + " --generate I+1 --seed S"
	d.More = d.NFailures - len(d.Failures)
	d.MoreWords = fmt.Sprintf("%d more failures are", d.More)
	if d.More == 1 {
		d.MoreWords = "1 more failure is"
	}
	return d
}

func buildFailure(n int, res *conform.Result, rep *conform.Report, opt Options) failure {
	f := buildCase(n, res.Case, res.Verdict, res.Want, res.Got, rep, opt)
	f.Expected = res.Expected != "" && !res.Unexpected()
	if m := res.Minimal; m != nil {
		f.Minimal, f.ReplayMinimal = m.Divergence.String()+": "+conform.CaseText(m.Case), triage.Replay(rep, m)
		if m.Case == res.Case {
			f.Minimal = m.Divergence.String() + ": the case itself"
		}
	}
	return f
}

// buildCase is a case with its verdict, the two answers drawn side by
// side, and the commands that replay it.
func buildCase(n int, c *conform.Case, v conform.Verdict, want wire.Reply, got client.Result, rep *conform.Report, opt Options) failure {
	f := failure{N: n, ID: c.ID, Verdict: v.Kind.String(),
		Notation: c.Request.Notation, Clauses: strings.Join(c.Clauses, " "),
		Board: c.Request.Board, Position: c.Request.Position, From: c.Request.From,
		Reason: v.Reason, Diff: strings.TrimRight(v.Diff, "\n")}
	if c.Betza2 != c.Request.Notation {
		f.Betza2 = c.Betza2
	}
	f.Replay = command(opt, c.ID)
	f.ReplayMove = conform.ShellJoin(opt.Program, "moves", "--board", c.Request.Board, "--position", c.Request.Position,
		"--from", c.Request.From, c.Betza2)

	pos, from := c.Setup.Pos, c.Setup.From
	if pos == nil {
		err := errors.New("the case has no position")
		// No board to draw on: two empty panels that say why.
		for _, s := range []string{"spec", "implementation"} {
			f.Sides = append(f.Sides, side{Side: s, Caption: s, Notes: []string{"no diagram: " + err.Error()},
				SVG: emptySVG(s)})
		}
		return f
	}
	erupts := false
	if prog, err := reference.Compile(c.Betza2); err == nil {
		erupts = prog.Prog.Erupts()
	}
	draw := func(name, title string, ws []wire.Outcome, notes []string) side {
		outs, problems := drawable(ws)
		opt := diagram.Options{Title: title, Size: diagramSize, Erupts: erupts, Paths: rep.Level == wire.LevelPaths}
		svg := string(diagram.SVG(pos, from, outs, opt))
		svg = strings.Replace(svg, "<svg ", fmt.Sprintf("<svg data-side=%q ", name), 1)
		return side{Side: name, Notes: append(notes, problems...), SVG: template.HTML(svg)}
	}

	source := "reference"
	if c.File != nil {
		source = "corpus"
	}
	var spec side
	if want.Error != nil {
		spec = draw("spec", c.Betza2+" from "+c.Request.From, nil, []string{"the " + source + " refuses the case: " + want.Error.String()})
		spec.Caption = "spec (" + source + "): refuses the case"
	} else {
		spec = draw("spec", c.Betza2+" from "+c.Request.From, want.Outcomes, nil)
		spec.Caption = "spec (" + source + "): " + outcomes(len(wire.Project(want.Outcomes, rep.Level)))
	}
	f.Sides = append(f.Sides, spec)

	name := "implementation (" + rep.Impl.Name + ")"
	title := c.Request.Notation + " from " + c.Request.From
	var im side
	switch {
	case got.Kind == client.ResultOK && got.Reply.Error == nil:
		im = draw("implementation", title, got.Reply.Outcomes, nil)
		im.Caption = name + ": " + outcomes(len(wire.Project(got.Reply.Outcomes, rep.Level)))
	case got.Kind == client.ResultOK || got.Kind == client.ResultError:
		im = draw("implementation", title, nil, []string{"error reply: " + got.Reply.Error.String()})
		im.Caption = name + ": error reply"
	default:
		im = draw("implementation", title, nil, []string{got.Kind.String() + ": " + got.Detail})
		im.Caption = name + ": no reply (" + got.Kind.String() + ")"
	}
	f.Sides = append(f.Sides, im)
	return f
}

// drawable reads wire outcomes back into reference outcomes
// (wire.ParseOutcome), so that the diagram package can classify and draw
// an implementation's answer like the reference's. At level destinations
// an outcome has no changes: the diagram then shows where the mover lands
// (capturing when the square was occupied) and nothing else. An outcome
// that names something other than a square or a piece is not drawn, and
// the problem is returned for the caption.
func drawable(ws []wire.Outcome) ([]eval.Outcome, []string) {
	var outs []eval.Outcome
	var problems []string
	for _, w := range ws {
		o, err := wire.ParseOutcome(w)
		if err != nil {
			problems = append(problems, fmt.Sprintf("outcome %s not drawn: %v", wire.Key(w, wire.LevelPaths), err))
			continue
		}
		outs = append(outs, o)
	}
	return outs, problems
}

func outcomes(n int) string {
	if n == 1 {
		return "1 outcome"
	}
	return fmt.Sprintf("%d outcomes", n)
}

func emptySVG(s string) template.HTML {
	return template.HTML(fmt.Sprintf(`<svg data-side=%q xmlns="http://www.w3.org/2000/svg" class="betza-diagram" width="1" height="1" viewBox="0 0 1 1"></svg>`, s))
}

var genID = regexp.MustCompile(`^gen/(-?[0-9]+)/([0-9]+)$`)

// command is the conform command line of the run, or, for a case id, the
// one that replays that case: a generated case i of seed S is the last of
// --generate i+1 --seed S (case i depends only on S and i); a corpus case
// is run again with the corpus.
func command(opt Options, id string) string {
	args := commandPrefix(opt)
	switch m := genID.FindStringSubmatch(id); {
	case id == "":
		if opt.Corpus != "" {
			args = append(args, opt.Corpus)
		}
	case m != nil:
		i, _ := strconv.Atoi(m[2])
		args = append(args, "--generate", strconv.Itoa(i+1), "--seed", m[1])
	case opt.Corpus != "":
		args = append(args, opt.Corpus)
	}
	return conform.ShellJoin(args...)
}

// commandPrefix is the conform command line of the run without its
// cases: the program, --impl and --level, and the one notation of a run
// of --notation (its position too when the run generated none).
func commandPrefix(opt Options) []string {
	args := []string{opt.Program, "conform", "--impl", opt.Impl}
	if opt.Level != "" {
		args = append(args, "--level", opt.Level)
	}
	if n := opt.Notation; n != nil {
		args = append(args, "--notation", n.Notation, "--dialect", n.Dialect)
		if n.From != "" {
			args = append(args, "--board", n.Board, "--position", n.Position, "--from", n.From)
		}
	}
	return args
}

// sortedClauses orders clause ids numerically (§2.10 after §2.9); other
// names ("generated") come after them, by name.
func sortedClauses(by map[string]conform.Counts) []string {
	cs := make([]string, 0, len(by))
	for c := range by {
		cs = append(cs, c)
	}
	key := func(c string) string {
		if !strings.HasPrefix(c, "§") {
			return "~" + c
		}
		var b strings.Builder
		for _, part := range strings.Split(strings.TrimPrefix(c, "§"), ".") {
			fmt.Fprintf(&b, "%08s.", part)
		}
		return b.String()
	}
	sort.Slice(cs, func(i, j int) bool { return key(cs[i]) < key(cs[j]) })
	return cs
}

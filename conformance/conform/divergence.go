package conform

import (
	"errors"
	"fmt"
	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/translate"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Divergence is the kind of difference a failing case shows between the
// answer it was judged against (the spec's) and the implementation's.
type Divergence int

// The divergence kinds. A case that did not fail has DivergenceNone.
const (
	DivergenceNone Divergence = iota
	// DivergenceMissing: the spec gives outcomes the implementation
	// lacks, and the implementation gives none the spec lacks.
	DivergenceMissing
	// DivergenceExtra: the implementation gives outcomes the spec lacks,
	// and lacks none the spec gives.
	DivergenceExtra
	// DivergenceCapture: both sides end on the same squares but differ
	// in capturing or in the effects of an outcome.
	DivergenceCapture
	// DivergenceDifferent: outcomes missing and extra, on other squares.
	DivergenceDifferent
	// DivergenceAcceptedInvalid: the spec rejects the notation, the
	// implementation answered outcomes.
	DivergenceAcceptedInvalid
	// DivergenceRejectedValid: the implementation reported a syntax
	// error on a notation the spec reads.
	DivergenceRejectedValid
	// DivergenceAnsweredRefused: the implementation answered outcomes
	// where the reference refuses the case in evaluation (a fragment
	// conflict, §9.13).
	DivergenceAnsweredRefused
)

var divergenceNames = [...]string{"none", "missing", "extra", "capture", "different", "accepted-invalid", "rejected-valid", "answered-refused"}

// String returns the kind's name ("missing", "accepted-invalid", …;
// "none" for DivergenceNone).
func (d Divergence) String() string {
	if d >= 0 && int(d) < len(divergenceNames) {
		return divergenceNames[d]
	}
	return fmt.Sprintf("Divergence(%d)", int(d))
}

// MarshalText writes the kind's name, for JSON reports.
func (d Divergence) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// DivergenceOf is the kind of difference between want, the answer the
// implementation's is judged against, and got, judged at level; it is
// DivergenceNone unless Judge gives fail.
func DivergenceOf(want wire.Reply, got client.Result, level string) Divergence {
	if Judge(want, got, level).Kind != VerdictFail {
		return DivergenceNone
	}
	g := got.Reply
	switch w := want.Error; {
	case w != nil && g.Error == nil && w.Kind == wire.KindSyntax:
		return DivergenceAcceptedInvalid
	case w != nil && g.Error == nil:
		return DivergenceAnsweredRefused
	case g.Error != nil: // a syntax error on a notation the spec reads
		return DivergenceRejectedValid
	}
	wk := wire.Keys(wire.Project(want.Outcomes, level), level)
	gk := wire.Keys(wire.Project(g.Outcomes, level), level)
	missing, extra := countOnly(wk, gk), countOnly(gk, wk)
	switch {
	case extra == 0:
		return DivergenceMissing
	case missing == 0:
		return DivergenceExtra
	case slices.Equal(destinations(want.Outcomes), destinations(g.Outcomes)):
		return DivergenceCapture
	}
	return DivergenceDifferent
}

// countOnly counts the keys of a (sorted, distinct) not in b.
func countOnly(a, b []string) int {
	in := make(map[string]bool, len(b))
	for _, k := range b {
		in[k] = true
	}
	n := 0
	for _, k := range a {
		if !in[k] {
			n++
		}
	}
	return n
}

// destinations are the sorted, distinct squares outcomes end on ("-" for
// a destroyed mover): their keys at level destinations without the
// capture mark.
func destinations(ws []wire.Outcome) []string {
	var to []wire.Outcome
	for _, w := range ws {
		to = append(to, wire.Outcome{To: w.To})
	}
	return wire.Keys(to, wire.LevelDestinations)
}

// Minimal is the smallest case found that keeps a failure, with its
// verdict and the two answers; it is the failing case itself when nothing
// smaller keeps it.
type Minimal struct {
	Case    *Case
	Verdict Verdict
	Want    wire.Reply
	Got     client.Result
	// Divergence is the minimal case's kind, which may differ from the
	// failure's (a failure stays a failure while it is shrunk: see
	// KeepFailure).
	Divergence Divergence
	Cost       ShrinkCost
}

// ShrinkCost is what shrinking one failure took.
type ShrinkCost struct {
	Queries   int // requests sent (calls of Impl.Do)
	CacheHits int // candidates answered from the cache, free
	Elapsed   time.Duration
	// Cut says why shrinking stopped before no smaller candidate kept
	// the failure: "budget" (Budget candidates asked about) or "stopped"
	// (the run was stopped); "" when the case is minimal for the
	// candidates tried.
	Cut string
}

// Add adds what shrinking one failure took to the summary.
func (s *ShrinkSummary) Add(c ShrinkCost) {
	s.Failures++
	s.Queries += c.Queries
	s.CacheHits += c.CacheHits
	s.Elapsed += c.Elapsed
	if c.Cut != "" {
		s.Cut++
	}
}

// ShrinkSummary is what shrinking a run's failures took, and how to
// replay a minimal case.
type ShrinkSummary struct {
	Budget    int
	Failures  int // failures shrunk
	Queries   int
	CacheHits int
	// Elapsed is the sum of the failures' shrinking times (with several
	// jobs, more than the wall time it took).
	Elapsed time.Duration
	Cut     int // failures whose shrinking was cut (ShrinkCost.Cut)
	// Program and Impl are ShrinkOptions.Program and Impl, for Replay.
	Program, Impl string
}

// DivergenceAt is the divergence of a failing result at the level it was
// judged at: the report's, except for a corpus case judged by its lines
// at level effects where the report's is paths (Case.expectation): its
// expected outcomes then carry no paths.
func (res *Result) DivergenceAt(lv string) Divergence {
	if res.Case.File != nil && lv == wire.LevelPaths && res.Want.Error == nil {
		paths := false
		for _, o := range res.Want.Outcomes {
			paths = paths || o.Paths != nil
		}
		if !paths {
			lv = wire.LevelEffects
		}
	}
	return DivergenceOf(res.Want, res.Got, lv)
}

// CaseIn is the case id of a notation written in a dialect (a name of
// translate.Names, "betza-classic:PROFILE" included) on the setup s: the
// text is sent as written, and the reference judges its Betza 2.0
// translation. A text the dialect rejects with a located error is an
// invalid case (the spec's answer is that syntax error); a text with no
// Betza 2.0 equivalent, or an unknown dialect, is an error.
func CaseIn(id string, clauses []string, dial, text string, s board.Setup) (*Case, error) {
	prog, err := translate.ToBetza2(dial, text)
	if le := (*loc.Error)(nil); err != nil && !errors.As(err, &le) {
		return nil, err
	}
	return caseOf(id, clauses, dial, text, prog, err, s), nil
}

// caseOf is the case of text, read in the dialect dial as prog, or
// rejected by it with the located error err (an invalid case, judged by
// that error).
func caseOf(id string, clauses []string, dial, text string, prog *reference.Program, err error, s board.Setup) *Case {
	if err != nil {
		c := NewCase(id, clauses, text, s)
		c.Request.Dialect, c.Invalid, c.progErr = dial, true, err
		return c
	}
	c := NewCase(id, clauses, prog.Source(), s)
	c.prog = prog
	c.Request.Dialect, c.Request.Notation = dial, text
	return c
}

// ShellJoin quotes args for a POSIX shell and joins them with spaces.
func ShellJoin(args ...string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = shellQuote(a)
	}
	return strings.Join(out, " ")
}

var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:=@%+,-]+$`)

func shellQuote(s string) string {
	if shellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// UnmarshalText reads a kind's name, for JSON reports.
func (d *Divergence) UnmarshalText(text []byte) error {
	i := slices.Index(divergenceNames[:], string(text))
	if i < 0 {
		return fmt.Errorf("expected a divergence (%s), found %q", strings.Join(divergenceNames[:], ", "), text)
	}
	*d = Divergence(i)
	return nil
}

// Text says what shrinking took, in one line.
func (s *ShrinkSummary) Text() string {
	if s.Failures == 0 {
		return "shrinking: no failure to shrink"
	}
	line := fmt.Sprintf("shrinking: %d failures, %d queries (%.1f per failure), %d answers from the cache, %.2fs (%.3fs per failure); budget %d per failure",
		s.Failures, s.Queries, float64(s.Queries)/float64(s.Failures), s.CacheHits, s.Elapsed.Seconds(),
		s.Elapsed.Seconds()/float64(s.Failures), s.Budget)
	if s.Cut > 0 {
		line += fmt.Sprintf("; CUT SHORT for %d failures (budget or stop): their minimal cases may not be minimal", s.Cut)
	}
	return line
}

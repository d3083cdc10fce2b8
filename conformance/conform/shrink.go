package conform

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"betzacheck/conformance/client"
	"betzacheck/conformance/gen"
	"betzacheck/conformance/wire"
	"betzacheck/reference"
	"betzacheck/reference/board"
	"betzacheck/reference/loc"
	"betzacheck/reference/translate"
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

// DefaultShrinkBudget is the candidates a failure may ask about while it
// is shrunk, when ShrinkOptions.Budget is not set otherwise.
const DefaultShrinkBudget = 150

// ShrinkOptions tune Shrink.
type ShrinkOptions struct {
	// Budget caps the candidates asked about for one failure, whether
	// their answers were sent for or found in the cache (so that what a
	// failure shrinks to does not depend on which failures were shrunk
	// before it); 0 or less shrinks nothing (each failure is its own
	// minimal case).
	Budget int
	// Program and Impl are the command that runs conform ("betzacheck"
	// when empty) and the --impl text ("" for the implementation's
	// name), for the replay commands.
	Program, Impl string
	// Progress, when set, is told how many failures have been shrunk.
	Progress func(done int)
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

// Shrink shrinks every failing result of rep (verdict fail) by asking
// impl smaller cases while they still fail (KeepFailure): notation
// candidates first (gen.NotationCandidates in the case's dialect), then
// position candidates (gen.ShrinkSetup), to a fixpoint. Each result gets
// Minimal and the report Shrinking; an interrupted run (or a done ctx)
// sends nothing more, and each failure is then its own minimal case.
// triage.Diagnose shrinks fewer: one representative of each cause.
func Shrink(ctx context.Context, impl Impl, rep *Report, opt ShrinkOptions) {
	s := NewShrinker(ctx, impl, rep, opt)
	for _, res := range rep.Results {
		if res.Verdict.Kind != VerdictFail {
			continue
		}
		res.Minimal = s.Shrink(res, KeepFailure(res))
		rep.Shrinking.Add(res.Minimal.Cost)
		if opt.Progress != nil {
			opt.Progress(rep.Shrinking.Failures)
		}
	}
}

// Keep says whether a shrinking candidate keeps a failure: c is the
// candidate, want the answer it is judged against, got the
// implementation's, judged v with divergence d.
type Keep func(c *Case, want wire.Reply, got client.Result, v Verdict, d Divergence) bool

// KeepFailure keeps a candidate that fails as res does, in the family of
// its divergence: outcomes that differ (missing, extra, capture,
// different, or answered where the reference refuses) stay outcomes that
// differ, whichever of them, so that a failure reaches its smallest case
// even where the kind changes on the way; an accepted invalid notation
// stays one that the dialect rejects under the same clause and is not
// empty (the notation that shows what is wrong, never ""); a rejected
// valid notation stays a rejected valid one.
func KeepFailure(res *Result) Keep {
	family := Family(res.Divergence)
	clause := ""
	if res.Divergence == DivergenceAcceptedInvalid {
		clause = syntaxClause(res.Case)
	}
	return func(c *Case, want wire.Reply, got client.Result, v Verdict, d Divergence) bool {
		if v.Kind != VerdictFail || Family(d) != family {
			return false
		}
		if family == DivergenceAcceptedInvalid {
			return c.Request.Notation != "" && syntaxClause(c) == clause
		}
		return true
	}
}

// Family is the family of a divergence kind: outcomes that differ
// (DivergenceMissing stands for them), an accepted invalid notation, a
// rejected valid one.
func Family(d Divergence) Divergence {
	switch d {
	case DivergenceAcceptedInvalid, DivergenceRejectedValid, DivergenceNone:
		return d
	}
	return DivergenceMissing
}

// syntaxClause is the clause of the syntax error with which the dialect
// of an invalid case rejects its notation ("" when none is cited).
func syntaxClause(c *Case) string {
	if _, err := c.Program(); err != nil {
		return reference.Diagnose(err).Clause
	}
	return ""
}

// divergenceOf is the divergence of a failing result at the level it was
// judged at: the report's, except for a corpus case judged by its lines
// at level effects where the report's is paths (Case.expectation): its
// expected outcomes then carry no paths.
func divergenceOf(res *Result, lv string) Divergence {
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

// answer is what the cache holds for a request: the implementation's
// answer (asked, once) and the reference's (wantSet).
type answer struct {
	ask     sync.Once
	got     client.Result
	asked   bool
	want    wire.Reply
	wantSet sync.Once
}

// translation is a notation of a dialect read into Betza 2.0, once: a
// case on a board of one square (invalid when the dialect rejects the
// text with a located error), or the error that leaves it without one.
type translation struct {
	once sync.Once
	c    *Case
	err  error
}

// Shrinker shrinks the failures of one run: it asks the implementation
// smaller cases and keeps those a Keep says still fail, with one cache of
// answers for the run, keyed by request without its id, and of
// translations. It is safe for concurrent use when the Impl is; what one
// failure shrinks to does not depend on the others (the budget counts
// candidates asked about, cached or not).
type Shrinker struct {
	ctx      context.Context
	impl     Impl
	level    string // the level compared (Report.Level)
	declared string // the level the implementation declared
	budget   int

	mu       sync.Mutex
	answers  map[wire.MovesRequest]*answer
	programs map[[2]string]*translation
}

// NewShrinker is a shrinker for the failures of rep, which it gives its
// Shrinking summary; every failure's own answer is in its cache.
func NewShrinker(ctx context.Context, impl Impl, rep *Report, opt ShrinkOptions) *Shrinker {
	if opt.Program == "" {
		opt.Program = "betzacheck"
	}
	if opt.Impl == "" {
		opt.Impl = rep.Impl.Name
	}
	rep.Shrinking = &ShrinkSummary{Budget: max(opt.Budget, 0), Program: opt.Program, Impl: opt.Impl}
	s := &Shrinker{ctx: ctx, impl: impl, level: rep.Level, budget: rep.Shrinking.Budget,
		declared: impl.Hello().Level, answers: map[wire.MovesRequest]*answer{}, programs: map[[2]string]*translation{}}
	if rep.Interrupted() {
		s.budget = 0
	}
	for _, res := range rep.Results {
		if res.Verdict.Kind != VerdictFail {
			continue
		}
		if res.Divergence == DivergenceNone {
			res.Divergence = divergenceOf(res, rep.Level)
		}
		a := s.entry(s.request(res.Case))
		a.ask.Do(func() { a.got, a.asked = res.Got, true })
	}
	return s
}

// key is the cache key of a request: everything but its id.
func key(req wire.MovesRequest) wire.MovesRequest {
	req.ID, req.Op = 0, wire.OpMoves
	return req
}

// entry is the cache's entry for a request, made when it has none.
func (s *Shrinker) entry(req wire.MovesRequest) *answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.answers[key(req)]
	if a == nil {
		a = &answer{}
		s.answers[key(req)] = a
	}
	return a
}

// request is the request for c, as Stream sends it.
func (s *Shrinker) request(c *Case) wire.MovesRequest {
	req := c.Request
	if s.level != s.declared {
		req.Level = s.level
	}
	return req
}

// Shrink finds the minimal case of one failing result: the smallest
// candidate keep keeps, notation candidates first, then position
// candidates, to a fixpoint.
func (s *Shrinker) Shrink(res *Result, keep Keep) *Minimal {
	start := time.Now()
	kind := res.Divergence
	cur := &Minimal{Case: res.Case, Verdict: res.Verdict, Want: res.Want, Got: res.Got, Divergence: kind}
	var cost ShrinkCost
	dial := res.Case.Request.Dialect
	invalid := kind == DivergenceAcceptedInvalid
	valid := func(text string) bool {
		t := s.translate(dial, text)
		return t.c != nil && t.c.Invalid == invalid
	}
	// try asks the candidate (text, setup) and makes it the current
	// case if it is kept; more is false once the budget is spent or the
	// run stopped.
	try := func(text string, setup board.Setup) (kept, more bool) {
		c := s.candidate(res.Case, dial, text, setup)
		req := s.request(c)
		a := s.entry(req)
		a.wantSet.Do(func() { a.want = c.ReferenceAnswer(s.level) })
		if !possible(Family(kind), a.want) {
			return false, true // no answer of the implementation can keep it
		}
		switch {
		case s.ctx.Err() != nil:
			cost.Cut = "stopped"
			return false, false
		case cost.Queries+cost.CacheHits >= s.budget:
			cost.Cut = "budget"
			return false, false
		}
		sent := false
		a.ask.Do(func() {
			a.got, a.asked, sent = s.impl.Do(req), true, true
		})
		if sent {
			cost.Queries++
		} else {
			cost.CacheHits++
		}
		v := Judge(a.want, a.got, s.level)
		d := DivergenceOf(a.want, a.got, s.level)
		if !keep(c, a.want, a.got, v, d) {
			return false, true
		}
		*cur = Minimal{Case: c, Verdict: v, Want: a.want, Got: a.got, Divergence: d}
		return true, true
	}
	// first tries each candidate in turn until one is kept.
	first := func(cands func(yield func(string, board.Setup) bool)) bool {
		improved := false
		cands(func(text string, setup board.Setup) bool {
			kept, more := try(text, setup)
			improved = kept
			return !kept && more
		})
		return improved
	}
	notations := func(yield func(string, board.Setup) bool) {
		for _, text := range gen.NotationCandidates(cur.Case.Request.Notation, valid) {
			if !yield(text, cur.Case.Setup) {
				return
			}
		}
	}
	positions := func(yield func(string, board.Setup) bool) {
		if !valid(cur.Case.Request.Notation) {
			return // a case not of its kind's validity: no candidate to judge it by
		}
		next := gen.ShrinkSetup(cur.Case.Setup)
		for v, ok := next(); ok; v, ok = next() {
			if !yield(cur.Case.Request.Notation, v.(board.Setup)) {
				return
			}
		}
	}
	// Notation first, then position, to a fixpoint.
	for s.budget > 0 && cost.Cut == "" {
		if first(notations) {
			continue
		}
		if cost.Cut != "" || !first(positions) {
			break
		}
	}
	cost.Elapsed = time.Since(start)
	cur.Cost = cost
	return cur
}

// possible reports whether an implementation's answer could fail in the
// family of divergences against want: a candidate whose reference answer
// rules it out is not sent.
func possible(family Divergence, want wire.Reply) bool {
	w := want.Error
	switch family {
	case DivergenceAcceptedInvalid:
		return w != nil && w.Kind == wire.KindSyntax
	case DivergenceRejectedValid:
		return w == nil || w.Kind == wire.KindInternal
	}
	return w == nil || w.Kind == wire.KindInternal // outcomes, or answered-refused
}

// translate reads text in the dialect, once per run.
func (s *Shrinker) translate(dial, text string) *translation {
	k := [2]string{dial, text}
	s.mu.Lock()
	t := s.programs[k]
	if t == nil {
		t = &translation{}
		s.programs[k] = t
	}
	s.mu.Unlock()
	t.once.Do(func() {
		empty := board.Setup{Pos: board.NewPosition(board.Size{W: 1, H: 1})}
		empty.Pos.Set(empty.From, board.DefaultMover())
		t.c, t.err = CaseIn("", nil, dial, text, empty)
		if t.c != nil {
			t.c.Program() // compiled once, before the case is shared
		}
	})
	return t
}

// candidate is the case of text on setup, for the failing case orig: its
// id, the dialect and the translation (or the located error) of text.
func (s *Shrinker) candidate(orig *Case, dial, text string, setup board.Setup) *Case {
	if text == orig.Request.Notation && setup.Pos.Equal(orig.Setup.Pos) && setup.From == orig.Setup.From {
		return orig
	}
	t := s.translate(dial, text)
	c := *t.c
	c.ID, c.Setup = orig.ID, setup
	c.Request = wire.NewRequest(dial, text, setup)
	return &c
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

// Replay is the command that judges the minimal case m alone
// (betzacheck conform --notation), shell-quoted; "" before Shrink.
func (r *Report) Replay(m *Minimal) string {
	if r.Shrinking == nil || m == nil {
		return ""
	}
	req := m.Case.Request
	args := []string{r.Shrinking.Program, "conform", "--impl", r.Shrinking.Impl}
	if r.Level != r.Impl.Level {
		args = append(args, "--level", r.Level)
	}
	args = append(args, "--dialect", req.Dialect, "--board", req.Board, "--position", req.Position,
		"--from", req.From, "--notation", req.Notation)
	return ShellJoin(args...)
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

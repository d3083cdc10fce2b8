package triage

import (
	"context"
	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"sync"
	"time"
)

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

// Shrink shrinks every failing result of rep (verdict fail) by asking
// impl smaller cases while they still fail (KeepFailure): notation
// candidates first (gen.NotationCandidates in the case's dialect), then
// position candidates (gen.ShrinkSetup), to a fixpoint. Each result gets
// Minimal and the report Shrinking; an interrupted run (or a done ctx)
// sends nothing more, and each failure is then its own minimal case.
// triage.Diagnose shrinks fewer: one representative of each cause.
func Shrink(ctx context.Context, impl conform.Impl, rep *conform.Report, opt ShrinkOptions) {
	s := NewShrinker(ctx, impl, rep, opt)
	for _, res := range rep.Results {
		if res.Verdict.Kind != conform.VerdictFail {
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
type Keep func(c *conform.Case, want wire.Reply, got client.Result, v conform.Verdict, d conform.Divergence) bool

// KeepFailure keeps a candidate that fails as res does, in the family of
// its divergence: outcomes that differ (missing, extra, capture,
// different, or answered where the reference refuses) stay outcomes that
// differ, whichever of them, so that a failure reaches its smallest case
// even where the kind changes on the way; an accepted invalid notation
// stays one that the dialect rejects under the same clause and is not
// empty (the notation that shows what is wrong, never ""); a rejected
// valid notation stays a rejected valid one.
func KeepFailure(res *conform.Result) Keep {
	family := Family(res.Divergence)
	clause := ""
	if res.Divergence == conform.DivergenceAcceptedInvalid {
		clause = syntaxClause(res.Case)
	}
	return func(c *conform.Case, want wire.Reply, got client.Result, v conform.Verdict, d conform.Divergence) bool {
		if v.Kind != conform.VerdictFail || Family(d) != family {
			return false
		}
		if family == conform.DivergenceAcceptedInvalid {
			return c.Request.Notation != "" && syntaxClause(c) == clause
		}
		return true
	}
}

// Family is the family of a divergence kind: outcomes that differ
// (DivergenceMissing stands for them), an accepted invalid notation, a
// rejected valid one.
func Family(d conform.Divergence) conform.Divergence {
	switch d {
	case conform.DivergenceAcceptedInvalid, conform.DivergenceRejectedValid, conform.DivergenceNone:
		return d
	}
	return conform.DivergenceMissing
}

// syntaxClause is the clause of the syntax error with which the dialect
// of an invalid case rejects its notation ("" when none is cited).
func syntaxClause(c *conform.Case) string {
	if _, err := c.Program(); err != nil {
		return reference.Diagnose(err).Clause
	}
	return ""
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
	c    *conform.Case
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
	impl     conform.Impl
	level    string // the level compared (Report.Level)
	declared string // the level the implementation declared
	budget   int

	mu       sync.Mutex
	answers  map[wire.MovesRequest]*answer
	programs map[[2]string]*translation
}

// NewShrinker is a shrinker for the failures of rep, which it gives its
// Shrinking summary; every failure's own answer is in its cache.
func NewShrinker(ctx context.Context, impl conform.Impl, rep *conform.Report, opt ShrinkOptions) *Shrinker {
	if opt.Program == "" {
		opt.Program = "betzacheck"
	}
	if opt.Impl == "" {
		opt.Impl = rep.Impl.Name
	}
	rep.Shrinking = &conform.ShrinkSummary{Budget: max(opt.Budget, 0), Program: opt.Program, Impl: opt.Impl}
	s := &Shrinker{ctx: ctx, impl: impl, level: rep.Level, budget: rep.Shrinking.Budget,
		declared: impl.Hello().Level, answers: map[wire.MovesRequest]*answer{}, programs: map[[2]string]*translation{}}
	if rep.Interrupted() {
		s.budget = 0
	}
	for _, res := range rep.Results {
		if res.Verdict.Kind != conform.VerdictFail {
			continue
		}
		if res.Divergence == conform.DivergenceNone {
			res.Divergence = res.DivergenceAt(rep.Level)
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
func (s *Shrinker) request(c *conform.Case) wire.MovesRequest {
	req := c.Request
	if s.level != s.declared {
		req.Level = s.level
	}
	return req
}

// Shrink finds the minimal case of one failing result: the smallest
// candidate keep keeps, notation candidates first, then position
// candidates, to a fixpoint.
func (s *Shrinker) Shrink(res *conform.Result, keep Keep) *conform.Minimal {
	start := time.Now()
	kind := res.Divergence
	cur := &conform.Minimal{Case: res.Case, Verdict: res.Verdict, Want: res.Want, Got: res.Got, Divergence: kind}
	var cost conform.ShrinkCost
	dial := res.Case.Request.Dialect
	invalid := kind == conform.DivergenceAcceptedInvalid
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
		v := conform.Judge(a.want, a.got, s.level)
		d := conform.DivergenceOf(a.want, a.got, s.level)
		if !keep(c, a.want, a.got, v, d) {
			return false, true
		}
		*cur = conform.Minimal{Case: c, Verdict: v, Want: a.want, Got: a.got, Divergence: d}
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
func possible(family conform.Divergence, want wire.Reply) bool {
	w := want.Error
	switch family {
	case conform.DivergenceAcceptedInvalid:
		return w != nil && w.Kind == wire.KindSyntax
	case conform.DivergenceRejectedValid:
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
		t.c, t.err = conform.CaseIn("", nil, dial, text, empty)
		if t.c != nil {
			t.c.Program() // compiled once, before the case is shared
		}
	})
	return t
}

// candidate is the case of text on setup, for the failing case orig: its
// id, the dialect and the translation (or the located error) of text.
func (s *Shrinker) candidate(orig *conform.Case, dial, text string, setup board.Setup) *conform.Case {
	if text == orig.Request.Notation && setup.Pos.Equal(orig.Setup.Pos) && setup.From == orig.Setup.From {
		return orig
	}
	t := s.translate(dial, text)
	c := *t.c
	c.ID, c.Setup = orig.ID, setup
	c.Request = wire.NewRequest(dial, text, setup)
	return &c
}

// Replay is the command that judges the minimal case m alone
// (betzacheck conform --notation), shell-quoted; "" before Shrink.
func Replay(r *conform.Report, m *conform.Minimal) string {
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
	return conform.ShellJoin(args...)
}

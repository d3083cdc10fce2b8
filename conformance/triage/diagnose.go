package triage

import (
	"context"
	"slices"
	"sync"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
)

// Options tune Diagnose.
type Options struct {
	ShrinkOptions
	// Jobs is how many failures are worked on at once (the Impl must be
	// safe for that many concurrent calls, as a conform.Pool of Jobs
	// processes is); 1 or less works on one at a time. The results do
	// not depend on it.
	Jobs int
}

// Diagnose names the causes of rep's failures (verdict fail) and shrinks
// them:
//
//  1. every failure is tried against every hypothesis of the dialect it
//     was sent in (Hypotheses), by the reference alone: a hypothesis
//     explains a failure when its reading's answer is the
//     implementation's, exactly;
//  2. the hypothesis that explains most failures not yet explained names a
//     cause, and takes them; then the next, until none explains one that
//     is left (each cause lists every hypothesis that explains all of
//     its members); a member that two wider causes explain together goes
//     to the wider one (preferWider), and so does a failure none explains
//     alone that a named cause explains with another hypothesis (Pair);
//  3. each cause's smallest member is shrunk, keeping candidates that
//     still fail and that the cause still explains: the class's minimal
//     case; its other members are not shrunk (the hypothesis vouches for
//     them);
//  4. every failure no hypothesis explains is shrunk while it still
//     fails (KeepFailure), and its minimal case is tried against
//     the hypotheses again: a failure with two causes ends with one.
//
// Each failure gets its Cause (nil when none explains it) and, when it
// was shrunk, its Minimal; rep gets Shrinking.
func Diagnose(ctx context.Context, impl conform.Impl, rep *conform.Report, opt Options) {
	s := NewShrinker(ctx, impl, rep, opt.ShrinkOptions)
	var fails []*conform.Result
	for _, res := range rep.Results {
		if res.Verdict.Kind == conform.VerdictFail {
			fails = append(fails, res)
		}
	}
	lib := &library{byDialect: map[string][]*Hypothesis{}, reads: map[readKey]*readEntry{}, pairs: map[[2]*Hypothesis]*Hypothesis{}}
	jobs := max(opt.Jobs, 1)

	// 1. What explains each failure, as it is.
	explains := make([][]*Hypothesis, len(fails))
	parallel(jobs, len(fails), func(i int) {
		explains[i] = lib.explaining(fails[i].Case, fails[i].Got, rep.Level)
	})
	// 2. Causes, the widest first.
	causes := cover(fails, explains)
	causes = preferWider(causes, lib, rep.Level)

	// A failure with two causes, one of them named already: the pair of
	// readings explains it, and it joins that cause's class.
	for _, res := range fails {
		if res.Cause != nil {
			continue
		}
		hs := lib.hypotheses(res.Case.Request.Dialect)
	search:
		for _, c := range causes {
			ha := c.hypothesis
			for _, hb := range hs {
				if hb == ha {
					continue
				}
				if p := lib.explainedByPair(ha, hb, res, rep.Level); p != nil {
					res.Cause = causeOf(ha, []*Hypothesis{p})
					break search
				}
			}
		}
	}

	// 3 and 4: a representative of each cause, and every failure left
	// unexplained, shrunk.
	type work struct {
		res  *conform.Result
		keep Keep
	}
	var todo []work
	for _, c := range causes {
		first := c.members[0]
		for _, m := range c.members[1:] {
			if compareCases(m.Case, first.Case) < 0 {
				first = m
			}
		}
		h, level := c.hypothesis, rep.Level
		fail := KeepFailure(first)
		todo = append(todo, work{first, func(cand *conform.Case, want wire.Reply, got client.Result, v conform.Verdict, d conform.Divergence) bool {
			return fail(cand, want, got, v, d) && lib.explains(h, cand, got, level)
		}})
	}
	for _, res := range fails {
		if res.Cause == nil { // cover gave every failure a hypothesis explains a cause
			todo = append(todo, work{res, KeepFailure(res)})
		}
	}
	var mu sync.Mutex
	done := 0
	parallel(jobs, len(todo), func(i int) {
		m := s.Shrink(todo[i].res, todo[i].keep)
		mu.Lock()
		defer mu.Unlock()
		todo[i].res.Minimal = m
		rep.Shrinking.Add(m.Cost)
		done++
		if opt.Progress != nil {
			opt.Progress(done)
		}
	})

	// 4, continued: a shrunk failure's cause, preferring the causes named
	// already, the widest first.
	for _, res := range fails {
		if res.Cause != nil || res.Minimal == nil {
			continue
		}
		m := res.Minimal
		hs := lib.explaining(m.Case, m.Got, rep.Level)
		if len(hs) == 0 {
			continue
		}
		best := hs[0]
		for _, c := range causes {
			if slices.Contains(hs, c.hypothesis) {
				best = c.hypothesis
				break
			}
		}
		res.Cause = causeOf(best, hs)
	}
}

// preferWider moves each member of a cause to a wider cause when two
// wider causes together explain it (Pair): a cause that only explains
// failures which the run's wider causes explain together is a
// coincidence of two of them on that case, not a cause of its own. The
// narrowest causes are looked at first; a cause left with no member is
// dropped.
func preferWider(causes []*cause, lib *library, level string) []*cause {
	for ci := len(causes) - 1; ci > 0; ci-- {
		c := causes[ci]
		var kept []*conform.Result
		for _, res := range c.members {
			moved := false
			for a := 0; a < ci && !moved; a++ {
				for b := a + 1; b < ci && !moved; b++ {
					ha, hb := causes[a].hypothesis, causes[b].hypothesis
					if p := lib.explainedByPair(ha, hb, res, level); p != nil {
						res.Cause = causeOf(ha, []*Hypothesis{p})
						causes[a].members = append(causes[a].members, res)
						moved = true
					}
				}
			}
			if !moved {
				kept = append(kept, res)
			}
		}
		c.members = kept
	}
	return slices.DeleteFunc(causes, func(c *cause) bool { return len(c.members) == 0 })
}

// cause is a hypothesis and the failures it took.
type cause struct {
	hypothesis *Hypothesis
	members    []*conform.Result
}

// cover assigns each explained failure a cause: greedily, the hypothesis
// that explains most failures not yet assigned (in library order on a
// tie) takes them all. It sets each member's Cause.
func cover(fails []*conform.Result, explains [][]*Hypothesis) []*cause {
	var causes []*cause
	assigned := make([]bool, len(fails))
	for {
		counts := map[*Hypothesis]int{}
		var order []*Hypothesis
		for i, hs := range explains {
			if assigned[i] {
				continue
			}
			for _, h := range hs {
				if counts[h] == 0 {
					order = append(order, h)
				}
				counts[h]++
			}
		}
		if len(order) == 0 {
			return causes
		}
		best := order[0]
		for _, h := range order[1:] {
			if counts[h] > counts[best] || counts[h] == counts[best] && h.rank < best.rank {
				best = h
			}
		}
		c := &cause{hypothesis: best}
		var all []*Hypothesis // the hypotheses that explain every member
		for i, hs := range explains {
			if assigned[i] || !slices.Contains(hs, best) {
				continue
			}
			assigned[i] = true
			c.members = append(c.members, fails[i])
			if len(c.members) == 1 {
				all = slices.Clone(hs)
			} else {
				all = slices.DeleteFunc(all, func(h *Hypothesis) bool { return !slices.Contains(hs, h) })
			}
		}
		for _, res := range c.members {
			res.Cause = causeOf(best, all)
		}
		causes = append(causes, c)
	}
}

// causeOf is the cause named by h, which the hypotheses also (h among
// them or not) explain as well.
func causeOf(h *Hypothesis, also []*Hypothesis) *conform.Cause {
	c := &conform.Cause{Names: []string{h.Name}, Says: h.Says, Clause: h.Clause}
	for _, o := range also {
		if o != h {
			c.Names = append(c.Names, o.Name)
		}
	}
	return c
}

// compareCases orders the cases a cause's representative is chosen
// from: as conform orders minimal cases, but the empty notation last,
// since it shows nothing of the cause.
func compareCases(a, b *conform.Case) int {
	if ea, eb := a.Request.Notation == "", b.Request.Notation == ""; ea != eb {
		if ea {
			return 1
		}
		return -1
	}
	return CompareMinimal(a, b)
}

// parallel calls f(0) … f(n-1), jobs at a time.
func parallel(jobs, n int, f func(i int)) {
	if jobs <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// library holds the hypotheses of a run, by dialect, and what each reads
// each notation as, once.
type library struct {
	mu        sync.Mutex
	byDialect map[string][]*Hypothesis
	reads     map[readKey]*readEntry
	pairs     map[[2]*Hypothesis]*Hypothesis
}

// pair is Pair(a, b), once.
func (l *library) pair(a, b *Hypothesis) *Hypothesis {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := [2]*Hypothesis{a, b}
	p, ok := l.pairs[k]
	if !ok {
		p = Pair(a, b)
		l.pairs[k] = p
	}
	return p
}

type readKey struct {
	h    *Hypothesis
	text string
	side int
}

// readEntry is a reading of a notation: the Betza 2.0 source of its
// program (programs are compiled again when evaluated: a run's failures
// times the library would hold too many), or its error.
type readEntry struct {
	once sync.Once
	src  string
	prog *reference.Program // kept only when it is not the spec's (see read)
	err  error
	ok   bool
}

// hypotheses are the dialect's hypotheses, ranked in library order.
func (l *library) hypotheses(dial string) []*Hypothesis {
	l.mu.Lock()
	defer l.mu.Unlock()
	hs, ok := l.byDialect[dial]
	if !ok {
		hs = Hypotheses(dial)
		for i, h := range hs {
			h.rank = i
		}
		l.byDialect[dial] = hs
	}
	return hs
}

// read is h's reading of text, once; spec is the spec's Betza 2.0 form of
// text, whose program is not kept (most readings give it, and a run's
// failures times the library would hold too many programs).
func (l *library) read(h *Hypothesis, text, spec string, side int) *readEntry {
	k := readKey{h, text, side}
	l.mu.Lock()
	e := l.reads[k]
	if e == nil {
		e = &readEntry{}
		l.reads[k] = e
	}
	l.mu.Unlock()
	e.once.Do(func() {
		var prog *reference.Program
		prog, e.err, e.ok = h.Reading.Read(text, side)
		if prog != nil {
			e.src = prog.Source()
			if e.src != spec {
				e.prog = prog
			}
		}
	})
	return e
}

// explainedByPair is the pair of a and b (in either order: a mistake may
// apply only to what the other reads) that explains res, or nil. Neither
// need read the notation otherwise than the spec alone: two rows of a
// profile may change a reading only together (A1 is a ride under one, and
// a ride of A gives no moves under the other).
func (l *library) explainedByPair(a, b *Hypothesis, res *conform.Result, level string) *Hypothesis {
	for _, p := range []*Hypothesis{l.pair(a, b), l.pair(b, a)} {
		if p != nil && l.explains(p, res.Case, res.Got, level) {
			return p
		}
	}
	return nil
}

// explaining are the hypotheses that explain the implementation's
// result got for c, in library order.
func (l *library) explaining(c *conform.Case, got client.Result, level string) []*Hypothesis {
	var out []*Hypothesis
	for _, h := range l.hypotheses(c.Request.Dialect) {
		if l.explains(h, c, got, level) {
			out = append(out, h)
		}
	}
	return out
}

// explains reports whether h's reading of c's notation gives got, the
// implementation's result, where the spec's reading does not: a reading
// that gives the spec's own program never explains a failure.
func (l *library) explains(h *Hypothesis, c *conform.Case, got client.Result, level string) bool {
	if got.Kind != client.ResultOK && got.Kind != client.ResultError {
		return false
	}
	e := l.read(h, c.Request.Notation, c.Betza2, longer(c))
	if !e.ok {
		return false
	}
	var want wire.Reply
	switch {
	case c.Invalid:
		// The divergence is that the notation was accepted: a reading
		// that accepts it explains that, whatever it then answers (the
		// answer to a notation the spec rejects has no truth to meet).
		return e.err == nil && got.Kind == client.ResultOK
	case e.err != nil:
		want = server.Refusal(e.err)
	case !c.Invalid && e.src == c.Betza2:
		return false
	default:
		prog := e.prog
		if prog == nil { // read for a case of another spec's form
			var err error
			if prog, err = reference.Compile(e.src); err != nil {
				return false
			}
		}
		want = server.AnswerProgram(prog, c.Setup, level)
	}
	return conform.Judge(want, got, level).Kind == conform.VerdictPass
}

// longer is the longer side of c's board.
func longer(c *conform.Case) int {
	size := c.Setup.Pos.Size()
	return max(size.W, size.H)
}

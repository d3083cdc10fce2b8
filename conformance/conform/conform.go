// Package conform runs conformance cases through an implementation under
// test and judges every case against the reference: the golden corpus
// (valid cases and the invalid notations that must be rejected) and
// generated cases, each ending in exactly one verdict (pass, fail,
// unsupported, error, timeout, crash). Reports are text (a line per
// non-passing case, a summary per spec clause, the first failures with
// diagrams), JSON and JUnit XML; an expectation file of known divergences
// makes a run fail on a change, not on a known difference.
package conform

import (
	"context"
	"fmt"
	"math/rand"
	rand2 "math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/leanovate/gopter"
	"golang.org/x/exp/ebnf"

	"betzacheck/conformance/corpus"
	"betzacheck/conformance/equiv"
	"betzacheck/conformance/gen"
	"betzacheck/conformance/protocol"
	"betzacheck/grammar"
	"betzacheck/reference/board"
	"betzacheck/reference/translate"
)

// Case is one request and the reference's answer to it.
type Case struct {
	ID      string   // stable: corpus path and case name, or gen/SEED/INDEX
	Clauses []string // the clauses the case tests; "generated" for generated ones
	Request protocol.MovesRequest
	// Betza2 is the Betza 2.0 notation the reference evaluated; it differs
	// from Request.Notation when the case was translated into the
	// implementation's dialect.
	Betza2 string
	// Want is the reference's answer, computed by Run at the run's level
	// (or set beforehand, for tests).
	Want protocol.Reply
	// Unsupported, when set, is why the case cannot be asked at all (no
	// translation into any dialect the implementation reads).
	Unsupported string
	// Invalid marks a notation the spec rejects (corpus/invalid): the
	// implementation must answer with a syntax error.
	Invalid bool
}

// Impl is an implementation under test: a protocol.Client, or the
// reference in process (Reference).
type Impl interface {
	Hello() protocol.HelloReply
	Do(protocol.MovesRequest) protocol.Result
	Close() error
}

// Reference is the reference interpreter as an Impl, without a process.
type Reference struct{}

// Hello describes the reference as protocol.Serve does.
func (Reference) Hello() protocol.HelloReply {
	return protocol.HelloReply{Name: "betzacheck-reference", Version: "0.1.0", Protocol: protocol.Version,
		Dialects: protocol.ServeDialects(), Level: protocol.ServeLevel, MaxBoard: protocol.ServeMaxBoard}
}

// Do answers with protocol.Answer.
func (Reference) Do(req protocol.MovesRequest) protocol.Result {
	r := protocol.Answer(req)
	kind := protocol.ResultOK
	if r.Error != nil {
		kind = protocol.ResultError
	}
	return protocol.Result{ID: req.ID, Kind: kind, Reply: r}
}

// Close does nothing.
func (Reference) Close() error { return nil }

// CorpusCases builds the cases of every file under dir: one per position of
// a valid file (a file in another dialect is sent as written to an
// implementation that reads that dialect, and judged by its Betza 2.0
// translation), one per invalid file (an empty 8x8 board with a
// mover on d4, since the notation must be rejected before any position
// matters).
func CorpusCases(dir string) ([]*Case, error) {
	files, err := corpus.Load(dir)
	if err != nil {
		return nil, err
	}
	var cases []*Case
	for _, f := range files {
		core, err := f.Betza2()
		if err != nil && !f.Invalid {
			continue // no Betza 2.0 equivalent to judge by (corpus cases with error:)
		}
		id := "corpus/" + strings.TrimSuffix(f.Path, ".txtar")
		if f.Invalid {
			pos := board.NewPosition(board.Size{W: 8, H: 8})
			from := board.Square{File: 3, Rank: 3}
			pos.Set(from, board.Piece{Kind: 'X', Virgin: true})
			c := newCase(id, f.Clauses, f.Notation, pos, from)
			c.Invalid = true
			cases = append(cases, c)
			continue
		}
		for _, c := range f.Cases {
			pos, from, err := c.Setup()
			if err != nil {
				continue // a case about a bad position has no request to send
			}
			cs := newCase(id+"/"+c.Name, f.Clauses, core, pos, from)
			cs.Request.Dialect, cs.Request.Notation = f.Dialect, f.Notation
			cases = append(cases, cs)
		}
	}
	return cases, nil
}

func newCase(id string, clauses []string, notation string, pos *board.Position, from board.Square) *Case {
	req := protocol.NewRequest(protocol.DialectBetza2, notation, pos, from)
	return &Case{ID: id, Clauses: clauses, Request: req, Betza2: notation}
}

// GeneratedCases draws n cases from seed: Betza 2.0 notations sampled from
// the grammar on positions with boards of sides 3 to 12. Case i depends
// only on seed and i.
func GeneratedCases(n int, seed int64) ([]*Case, error) {
	return GeneratedCasesIn(translate.Betza2, n, seed)
}

// GeneratedCasesIn draws n cases whose notations are sampled from the
// grammar of a dialect (betza2, bracket or betza-classic) and translated
// into Betza 2.0 for the reference; samples that have no translation are
// skipped, so there may be fewer than n cases. Case i depends only on
// seed and i.
func GeneratedCasesIn(dialect string, n int, seed int64) ([]*Case, error) {
	var g ebnf.Grammar
	var err error
	start, depth := "Notation", 5
	switch dialect {
	case translate.Betza2:
		g, err = grammar.Betza2()
	case protocol.DialectClassic:
		g, err = grammar.Classic()
		start, depth = grammar.ClassicStart, 4
	case protocol.DialectBracket:
		g, err = grammar.Bracket()
		start, depth = grammar.BracketStart, 5
	default:
		return nil, fmt.Errorf("no grammar to generate %s notations from", dialect)
	}
	if err != nil {
		return nil, err
	}
	positions := gen.Position(3, 12)
	var cases []*Case
	for i := 0; i < n; i++ {
		params := gopter.DefaultGenParameters()
		params.Rng = rand.New(rand.NewSource(seed + int64(i)))
		text, core, ok := sample(g, start, depth, dialect, params)
		if !ok {
			continue
		}
		pv, _ := positions(params).Retrieve()
		p := pv.(equiv.Position)
		c := newCase(fmt.Sprintf("gen/%d/%d", seed, i), []string{"generated"}, core, p.Pos, p.From)
		c.Request.Dialect, c.Request.Notation = dialect, text
		cases = append(cases, c)
	}
	return cases, nil
}

// sample draws a notation of the dialect that translates into a Betza 2.0
// notation the reference compiles, trying a few times.
func sample(g ebnf.Grammar, start string, depth int, dialect string, params *gopter.GenParameters) (text, core string, ok bool) {
	r := rand2.New(rand2.NewPCG(uint64(params.Rng.Int63()), uint64(params.Rng.Int63())))
	for try := 0; try < 200; try++ {
		text = grammar.Sample(g, start, r, depth)
		core, err := translate.ToBetza2(dialect, text)
		if err == nil && gen.Compiles(core) {
			return text, core, true
		}
	}
	return "", "", false
}

// Translator writes a Betza 2.0 notation in a dialect, or says why it
// cannot (a *dialect.NoEquivalentError, typically).
type Translator func(dialect, betza2 string) (string, error)

// Adapt prepares cases for an implementation that reads the given
// dialects: cases stay in Betza 2.0 when it reads that; otherwise each is
// translated into the first dialect it reads that translate accepts, or
// marked unsupported with the reason. An invalid case is sent unchanged in
// a dialect that rejects it too (rejects reports that), else marked
// unsupported.
func Adapt(cases []*Case, dialects []string, translate Translator, rejects func(dialect, text string) bool) {
	readsCore := slices.Contains(dialects, protocol.DialectBetza2)
	for _, c := range cases {
		if slices.Contains(dialects, c.Request.Dialect) {
			continue // written in a dialect it reads already
		}
		if readsCore && !c.Invalid {
			c.Request.Dialect, c.Request.Notation = protocol.DialectBetza2, c.Betza2
			continue
		}
		var reasons []string
		if c.Invalid {
			// An invalid notation has no translation: it is sent as written
			// to a dialect that rejects it too, so that a parser which skips
			// what it does not know is caught (issue 6).
			for _, d := range dialects {
				if rejects != nil && rejects(d, c.Betza2) {
					c.Request.Dialect = d
					break
				}
				reasons = append(reasons, fmt.Sprintf("%q is valid in %s", c.Betza2, d))
			}
			if c.Request.Dialect == protocol.DialectBetza2 {
				c.Unsupported = strings.Join(reasons, "; ")
			}
			continue
		}
		for _, d := range dialects {
			if translate == nil {
				break
			}
			text, err := translate(d, c.Betza2)
			if err == nil {
				c.Request.Dialect, c.Request.Notation = d, text
				break
			}
			reasons = append(reasons, err.Error())
		}
		if !slices.Contains(dialects, c.Request.Dialect) {
			if len(reasons) == 0 {
				reasons = []string{"no translation from betza2 into " + strings.Join(dialects, ", ")}
			}
			c.Unsupported = strings.Join(reasons, "; ")
		}
	}
}

// Result is one case's verdict.
type Result struct {
	Case    *Case
	Verdict protocol.Verdict
	Got     protocol.Result
	// Expected is the verdict the expectation file lists for the case
	// ("" when it lists none).
	Expected string
}

// Unexpected reports whether the result breaks the run: a verdict other
// than pass or unsupported that the expectation file does not list, or a
// listed verdict that did not happen.
func (r *Result) Unexpected() bool {
	k := r.Verdict.Kind
	if r.Expected != "" {
		return k.String() != r.Expected
	}
	return k != protocol.VerdictPass && k != protocol.VerdictUnsupported
}

// Run asks impl every case, in order, and judges each at the level: the
// lower of level (if set) and the level the implementation declared.
func Run(ctx context.Context, impl Impl, cases []*Case, level string) *Report {
	hello := impl.Hello()
	lv := hello.Level
	if level != "" && rank(level) < rank(lv) {
		lv = level
	}
	rep := &Report{Impl: hello, Level: lv}
	for _, c := range cases {
		var got protocol.Result
		switch {
		case ctx.Err() != nil:
			// Stopped before it was asked: still a verdict (error), never
			// a silent gap in the report (spec/protocol.md P6.6).
			got = protocol.Result{Kind: protocol.ResultStopped, Detail: "not asked: " + context.Cause(ctx).Error()}
		case c.Unsupported != "":
			got = protocol.Result{Kind: protocol.ResultSkipped, Detail: c.Unsupported}
		default:
			req := c.Request
			if lv != hello.Level {
				req.Level = lv
			}
			got = impl.Do(req)
		}
		if c.Want.Outcomes == nil && c.Want.Error == nil {
			want := c.Request
			want.Dialect, want.Notation = protocol.DialectBetza2, c.Betza2
			c.Want = protocol.AnswerAt(want, lv)
		}
		rep.Results = append(rep.Results, &Result{Case: c, Got: got, Verdict: protocol.Judge(c.Want, got, lv)})
	}
	return rep
}

func rank(level string) int {
	for i, l := range protocol.Levels() {
		if l == level {
			return i
		}
	}
	return -1
}

// position rebuilds a case's position for diagrams.
func (c *Case) position() (equiv.Position, bool) {
	size, err := board.ParseSize(c.Request.Board)
	if err != nil {
		return equiv.Position{}, false
	}
	pos, err := board.ParsePosition(size, c.Request.Position)
	if err != nil {
		return equiv.Position{}, false
	}
	from, err := board.ParseSquare(c.Request.From)
	if err != nil {
		return equiv.Position{}, false
	}
	return equiv.Position{Pos: pos, From: from}, true
}

// clauseKey sorts clause ids numerically (§2.10 after §2.9).
func clauseKey(c string) string {
	var b strings.Builder
	for _, part := range strings.Split(strings.TrimPrefix(c, "§"), ".") {
		fmt.Fprintf(&b, "%08s.", part)
	}
	return b.String()
}

func sortClauses(cs []string) {
	sort.Slice(cs, func(i, j int) bool { return clauseKey(cs[i]) < clauseKey(cs[j]) })
}

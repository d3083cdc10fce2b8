// Package conform runs conformance cases through an implementation under
// test (a client.Client, or the reference in process) and judges every
// case (Judge, the verdicts of spec/protocol.md P6): a corpus case (valid
// cases and the invalid notations that must be rejected) against its
// hand-checked lines, which judge the reference too in every run, and a
// generated case against the reference; each ends in exactly one verdict
// (pass, fail, unsupported, error, timeout, crash). Generated cases are
// built one at a time as the run takes them (Generate, Stream), by one
// implementation or by a Pool of its processes side by side. The Report
// holds the verdicts and their counts; an expectation file of known
// divergences makes a run fail on a change, not on a known difference.
// Naming the causes of the failures and shrinking them is package triage's
// job; writing the reports (text, JSON, JUnit) and merging shards is
// package report's.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package conform

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand"
	rand2 "math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/leanovate/gopter"
	"golang.org/x/exp/ebnf"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/ndboard"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// Case is one request and the reference's answer to it.
type Case struct {
	ID      string            // stable: corpus path and case name, or gen/SEED/INDEX
	Clauses []string          // the clauses the case tests; "generated" for generated ones
	Setup   board.Setup       // what the case is evaluated on
	Request wire.MovesRequest // Setup and the notation, as sent
	// Betza2 is the Betza 2.0 notation the reference evaluated; it differs
	// from Request.Notation when the case was translated into the
	// implementation's dialect.
	Betza2 string
	// Unsupported, when set, is why the case cannot be asked at all (no
	// translation into any dialect the implementation reads, or a
	// capability it lacks).
	Unsupported string
	// Generated marks a case drawn by Generate.
	Generated bool
	// Invalid marks a notation the spec rejects (corpus/invalid): the
	// implementation must answer with a syntax error.
	Invalid bool
	// File and Pos are the corpus file and the position in it (nil for an
	// invalid file) that a corpus case comes from; both are nil for a
	// generated case. Their hand-checked lines (want:, error:) are the
	// truth the case is judged by, and the reference is judged by them too
	// (see Stream).
	File *corpus.File
	Pos  *corpus.Case

	// unsent marks a corpus case that no request can carry (see
	// unsentCase): it has no 2-D setup and no Betza 2.0 form.
	unsent bool

	prog    *reference.Program // Betza2 compiled, once (see program)
	progErr error
}

// Program is the case's Betza 2.0 notation compiled: the reference's side
// of every comparison, compiled once however many levels ask for it (not
// safe for concurrent use before its first call).
func (c *Case) Program() (*reference.Program, error) {
	if c.prog == nil && c.progErr == nil {
		c.prog, c.progErr = reference.Compile(c.Betza2)
	}
	return c.prog, c.progErr
}

// ReferenceAnswer is the reference's reply to the case at level.
func (c *Case) ReferenceAnswer(level string) wire.Reply {
	prog, err := c.Program()
	if err != nil {
		return server.Refusal(err)
	}
	return server.AnswerProgram(prog, c.Setup, level)
}

// Impl is an implementation under test: a client.Client, or the
// reference in process (Reference).
type Impl interface {
	Hello() wire.HelloReply
	Do(wire.MovesRequest) client.Result
	Close() error
}

// Reference is the reference interpreter as an Impl, without a process.
type Reference struct {
	// Version is the version its hello reports: the program's.
	Version string
}

// Hello describes the reference as server.Serve does.
func (ref Reference) Hello() wire.HelloReply {
	return server.Hello("betzacheck-reference", cmp.Or(ref.Version, "(devel)"))
}

// Do answers with server.AnswerAt, at the level the request asks for (its
// declared level, paths, when it asks for none), a request that its hello
// supports, as a client.Client would send it; another is not sent (result
// skipped).
func (ref Reference) Do(req wire.MovesRequest) client.Result {
	if err := ref.Hello().Supports(req); err != nil {
		return client.Result{ID: req.ID, Kind: client.ResultSkipped, Detail: "not sent: " + err.Error()}
	}
	level := req.Level
	if !wire.ValidLevel(level) {
		level = ref.Hello().Level
	}
	r := server.AnswerAt(req, level)
	kind := client.ResultOK
	if r.Error != nil {
		kind = client.ResultError
	}
	return client.Result{ID: req.ID, Kind: kind, Reply: r}
}

// Close does nothing.
func (Reference) Close() error { return nil }

// CorpusCases builds the cases of every file under dir (corpus.LoadNamed:
// corpus.Builtin is the built-in corpus), each carrying its
// hand-checked expectation (Case.File, Case.Pos): one per position of
// a valid file (a file in another dialect is sent as written to an
// implementation that reads that dialect, and judged by its Betza 2.0
// translation), one per invalid file (an empty 8x8 board with a
// mover on d4, since the notation must be rejected before any position
// matters). A position that the protocol cannot ask (on a board of more
// than two dimensions, of a notation with no Betza 2.0 form, or a
// placement that does not read) is a case too, never sent: its verdict is
// unsupported, with the reason, and its reference verdict counts, so that
// no case of the corpus is left out in silence.
func CorpusCases(dir string) ([]*Case, error) {
	files, err := corpus.LoadNamed(dir)
	if err != nil {
		return nil, err
	}
	var cases []*Case
	for _, f := range files {
		prog, progErr := f.Program()
		core := f.Notation
		if prog != nil {
			core = prog.Source()
		}
		id := "corpus/" + strings.TrimSuffix(f.Path, ".txtar")
		if f.Invalid {
			pos := board.NewPosition(board.Size{W: 8, H: 8})
			from := board.Square{File: 3, Rank: 3}
			pos.Set(from, board.DefaultMover())
			c := NewCase(id, f.Clauses, f.Notation, board.Setup{Pos: pos, From: from})
			// It is invalid in its own dialect: an implementation that
			// reads another gets it only where that rejects it too.
			c.Request.Dialect = f.Dialect
			c.Invalid, c.File = true, f
			cases = append(cases, c)
			continue
		}
		for _, c := range f.Cases {
			cid := id + "/" + c.Name
			if c.ND() {
				cases = append(cases, unsentCase(cid, f, c, NDUnsupported))
				continue
			}
			if progErr != nil && f.Dialect != dialect.Betza2 {
				cases = append(cases, unsentCase(cid, f, c, NoFormUnsupported))
				continue
			}
			s, fen, err := c.ReadSetup()
			if err != nil {
				cases = append(cases, unsentCase(cid, f, c, BadSetupUnsupported))
				continue
			}
			if translate.CheckEnPassant(f.Dialect, f.Notation, fen.EnPassant) != nil {
				cases = append(cases, unsentCase(cid, f, c, EnPassantUnsupported))
				continue
			}
			cs := NewCase(cid, f.Clauses, core, s)
			cs.prog, cs.progErr = prog, progErr
			cs.Request.Dialect, cs.Request.Notation = f.Dialect, f.Notation
			cs.File, cs.Pos = f, c
			cases = append(cases, cs)
		}
	}
	return cases, nil
}

// The reasons a corpus case is never sent: it has no request that the
// protocol carries and an answer could be judged by (spec/protocol.md
// P6.5). Only the reference is judged on it, by its hand-checked lines.
const (
	// NDUnsupported: a board of more than two dimensions (spec/spanish.md
	// §S12.6).
	NDUnsupported = "the protocol carries 2-D positions"
	// NoFormUnsupported: a notation of another dialect with no Betza 2.0
	// form, whose cases expect the translation's refusal (error:).
	NoFormUnsupported = "the notation has no Betza 2.0 form: the case pins that refusal, not an answer to judge"
	// BadSetupUnsupported: a position that does not read, the case's
	// subject (error:).
	BadSetupUnsupported = "the position does not read: the case pins that refusal, and no request carries it"
	// EnPassantUnsupported: a position with an en-passant square for a
	// notation that captures en passant, which the reference refuses
	// (spec/betza2.md §11.5); a request carries the placement alone.
	EnPassantUnsupported = "the position's en-passant square cannot be sent (a request carries the placement), and the reference refuses the en-passant capture on it (§11.5)"
)

// unsentCase is the case of position c of file f that is never sent, for
// the reason (unsupported): the reference alone is judged on it, against
// its hand-checked lines (on a board of more than two dimensions by the
// Spanish direct evaluator). Its request says what it would ask, the
// placement written out when it reads (as a sent request's is), and it
// has no Betza 2.0 form.
func unsentCase(id string, f *corpus.File, c *corpus.Case, reason string) *Case {
	req := wire.MovesRequest{Op: wire.OpMoves, Dialect: f.Dialect, Notation: f.Notation,
		Board: c.Board, Position: c.Position, From: c.From}
	if c.ND() {
		if s, err := c.NDSetup(); err == nil {
			req.Position = s.Pos.String()
		}
	} else if s, err := c.Setup(); err == nil {
		req.Position = s.Pos.String()
	}
	return &Case{ID: id, Clauses: f.Clauses, Request: req, Unsupported: reason, File: f, Pos: c, unsent: true}
}

// NewCase is the case id on the setup s: the notation, Betza 2.0, sent in
// a moves request.
func NewCase(id string, clauses []string, notation string, s board.Setup) *Case {
	req := wire.NewRequest(dialect.Betza2, notation, s)
	return &Case{ID: id, Clauses: clauses, Setup: s, Request: req, Betza2: notation}
}

// GeneratedCases draws n cases from seed: Betza 2.0 notations sampled from
// the grammar on positions with boards of sides 3 to 12. Case i depends
// only on seed and i.
func GeneratedCases(n int, seed int64) ([]*Case, error) {
	return GeneratedCasesIn(dialect.Betza2, n, seed)
}

// GeneratedCasesIn collects the cases of Generate for an implementation
// that reads the dialect name and declares no other limit.
func GeneratedCasesIn(name string, n int, seed int64) ([]*Case, error) {
	cases, err := Generate(wire.HelloReply{Dialects: []string{name}}, n, seed)
	if err != nil {
		return nil, err
	}
	return slices.Collect(cases), nil
}

// GeneratedClauses is the Clauses of every generated case (shared: nothing
// writes it).
var GeneratedClauses = []string{"generated"}

// drawsPerCase is how many notations and positions Generate draws for one
// case before it gives up on fitting the implementation's capabilities.
const drawsPerCase = 100

// Generate draws n cases that the implementation h describes can be asked
// (spec/protocol.md P2.6), one at a time as the run takes them, so that a
// run of any length holds one generated case at a time. The notations are
// sampled from the grammar of the dialect it reads (GenerateDialect),
// restricted to its declared characters, and translated into Betza 2.0
// for the reference under the declared profile; the positions fit its
// largest board (at most 12x12) and its other capabilities; for an
// implementation that does not read '*' only cases whose answer does not
// depend on it are kept. For an implementation that validates notations,
// one case in invalidOneIn is a sampled notation mutated until the
// dialect rejects it, judged by that syntax error (accepted-invalid and
// rejected-valid divergences need such cases). Case i is gen/SEED/i and
// depends only on seed, i
// and h: --generate i+1 replays it as the last case. A case for which
// drawsPerCase draws found nothing that fits is kept, unsupported, with
// the reason, so that a run never silently has fewer cases.
func Generate(h wire.HelloReply, n int, seed int64) (iter.Seq[*Case], error) {
	return GenerateOnly(h, n, seed, nil)
}

// GenerateOnly is Generate building and yielding only the cases whose
// indices (each below n, in increasing order) indices yields, every case
// 0 to n-1 when indices is nil: a shard's, computed and not searched
// for, so that a case of another shard costs nothing (see Shard.Cases).
func GenerateOnly(h wire.HelloReply, n int, seed int64, indices iter.Seq[int]) (iter.Seq[*Case], error) {
	entry := GenerateDialect(h.Dialects)
	base, _, _ := strings.Cut(entry, ":")
	var g ebnf.Grammar
	var err error
	start, depth := "Notation", 5
	switch base {
	case dialect.Betza2:
		g, err = grammar.Betza2()
	case dialect.Classic:
		g, err = grammar.Classic()
		start, depth = grammar.ClassicStart, 4
	case dialect.Bracket:
		g, err = grammar.Bracket()
		start, depth = grammar.BracketStart, 5
	case dialect.XBetza:
		g, err = grammar.XBetza()
	default:
		return nil, fmt.Errorf("no grammar to generate %s notations from", entry)
	}
	if err == nil && h.Characters != "" {
		g, err = grammar.Restrict(g, start, h.Characters)
	}
	if err != nil {
		return nil, err
	}
	draw := func(params *gopter.GenParameters) (string, *reference.Program, bool) {
		return sample(g, start, depth, entry, params)
	}
	unfit := fmt.Sprintf("no notation of %s sampled in %d draws translates into Betza 2.0", entry, drawsPerCase)
	return generate(h, entry, n, seed, indices, draw, unfit, h.ValidatesNotations())
}

// GenerateNotation is GenerateOnly for one notation: the text, written in
// the dialect dial, on n positions drawn as Generate draws them, fitted
// to what h declares (conform --notation X --generate N). Case i is
// gen/SEED/i, as in Generate; the run's NotationInfo names the notation,
// so that --notation X --generate i+1 --seed SEED replays it. The text
// must read in its dialect, and is sent as written: a notation the
// dialect rejects is judged on one position (CaseIn), since no position
// changes that answer.
func GenerateNotation(h wire.HelloReply, dial, text string, n int, seed int64, indices iter.Seq[int]) (iter.Seq[*Case], error) {
	prog, err := translate.ToBetza2(dial, text)
	if le := (*loc.Error)(nil); errors.As(err, &le) {
		return nil, fmt.Errorf("%q in %s: %v: an invalid notation is judged on one position (--from SQ), not on generated ones", text, dial, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%q in %s: %v", text, dial, err)
	}
	draw := func(*gopter.GenParameters) (string, *reference.Program, bool) { return text, prog, true }
	unfit := fmt.Sprintf("no position of %d drawn fits %s", drawsPerCase, h.Name)
	return generate(h, dial, n, seed, indices, draw, unfit, false)
}

// generate yields the cases of the given indices (all n when nil), each
// a notation that draw gives, in the dialect entry, on a position drawn
// to fit h's capabilities; one case in invalidOneIn is a mutated,
// invalid notation when invalid is set. A case that fits in no
// drawsPerCase draws is unsupported, for the reason unfit (or that its
// answers all depended on the '*' marker).
func generate(h wire.HelloReply, entry string, n int, seed int64, indices iter.Seq[int],
	draw func(*gopter.GenParameters) (string, *reference.Program, bool), unfit string, invalid bool) (iter.Seq[*Case], error) {
	bounds := gen.Bounds{MinSide: 3, MaxW: 12, MaxH: 12,
		MoverOnly: !h.ReadsOccupied(), WhiteMover: !h.ReadsColours(), NoUnmoved: !h.ReadsUnmoved()}
	if h.MaxBoard != "" {
		most, err := board.ParseSize(h.MaxBoard)
		if err != nil {
			return nil, fmt.Errorf("maxBoard: %v", err)
		}
		bounds.MaxW, bounds.MaxH = min(bounds.MaxW, most.W), min(bounds.MaxH, most.H)
	}
	positions := gen.Positions(bounds)
	level := h.Level
	if !wire.ValidLevel(level) {
		level = wire.LevelPaths
	}
	if indices == nil {
		indices = Shard{}.Span(0, n)
	}
	return func(yield func(*Case) bool) {
		for i := range indices {
			id := fmt.Sprintf("gen/%d/%d", seed, i)
			params := gopter.DefaultGenParameters()
			params.Rng = rand.New(rand.NewSource(seed ^ int64(uint64(i)*0x9e3779b97f4a7c15)))
			var c *Case
			why := unfit
			invalid := invalid && params.Rng.Intn(invalidOneIn) == 0
			for try := 0; c == nil && try < drawsPerCase; try++ {
				text, prog, ok := draw(params)
				if !ok {
					continue
				}
				pv, _ := positions(params).Retrieve()
				s := pv.(board.Setup)
				if invalid {
					// A dialect that reads everything (a profile that
					// skips what it does not know) has no invalid
					// notation: the case is a valid one.
					if c = invalidCase(id, entry, text, h.Characters, s, params.Rng); c != nil {
						continue
					}
					invalid = false
				}
				if !h.ReadsUnmoved() && !markerFree(prog, s, level) {
					why = fmt.Sprintf("in %d draws every case's answer depended on the '*' marker, which %s does not read (unmoved: false)", drawsPerCase, h.Name)
					continue
				}
				c = caseOf(id, GeneratedClauses, entry, text, prog, nil, s)
			}
			if c == nil {
				c = &Case{ID: id, Clauses: GeneratedClauses, Unsupported: why,
					Request: wire.MovesRequest{Op: wire.OpMoves, Dialect: entry}}
			}
			c.Generated = true
			if !yield(c) {
				return
			}
		}
	}, nil
}

// invalidOneIn: one generated case in invalidOneIn is a notation the
// dialect rejects, for an implementation that validates notations.
const invalidOneIn = 10

// foreignCharacters are what a notation is mutated with to make it
// invalid when the implementation declares no characters: letters, digits
// and the punctuation of every dialect, and a few that none uses.
const foreignCharacters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-()[]<>:,.$ "

// invalidCase mutates a valid notation of the dialect (a character
// inserted, deleted or replaced, up to three times) until the dialect
// rejects it with a located error, and makes it an invalid case judged
// by that error; nil when 50 mutations found none.
func invalidCase(id, entry, text, characters string, s board.Setup, r *rand.Rand) *Case {
	alphabet := []rune(cmp.Or(characters, foreignCharacters))
	for try := 0; try < 50; try++ {
		t := []rune(text)
		for edits := 1 + r.Intn(3); edits > 0; edits-- {
			at := r.Intn(len(t) + 1)
			switch op := r.Intn(3); {
			case op == 0 || at == len(t):
				t = slices.Insert(t, at, alphabet[r.Intn(len(alphabet))])
			case op == 1:
				t = slices.Delete(t, at, at+1)
			default:
				t[at] = alphabet[r.Intn(len(alphabet))]
			}
		}
		_, err := translate.ToBetza2(entry, string(t))
		if le := (*loc.Error)(nil); errors.As(err, &le) {
			return caseOf(id, GeneratedClauses, entry, string(t), nil, err, s)
		}
	}
	return nil
}

// markerFree reports whether the answer to prog on s is the same when
// every piece has moved and when none has: whether a case can be asked of
// an implementation that does not read '*' (spec/protocol.md P2.6).
func markerFree(prog *reference.Program, s board.Setup, level string) bool {
	answer := func(virgin bool) []string {
		r := server.AnswerProgram(prog, board.Setup{Pos: s.Pos.WithVirgin(virgin), From: s.From}, level)
		if r.Error != nil {
			return []string{r.Error.Kind, r.Error.Message}
		}
		return wire.Keys(r.Outcomes, level)
	}
	return slices.Equal(answer(false), answer(true))
}

// GenerateDialect picks the dialect generated cases are written in, among
// the entries an implementation declared (a classic entry may carry its
// profile): Betza 2.0 when it reads it, else the first one that has a
// grammar to sample (single-leg classic notations for an engine such as
// Fairy-Stockfish, whose answers are also compared with each classic
// profile; XBetza for one such as XBoard that reads only that).
func GenerateDialect(dialects []string) string {
	for _, want := range []string{dialect.Betza2, dialect.Classic, dialect.XBetza, dialect.Bracket} {
		for _, d := range dialects {
			if base, _, _ := strings.Cut(d, ":"); base == want {
				return d
			}
		}
	}
	return dialect.Betza2
}

// sample draws a notation of the dialect that translates into a Betza 2.0
// notation the reference compiles, trying a few times.
func sample(g ebnf.Grammar, start string, depth int, name string, params *gopter.GenParameters) (text string, prog *reference.Program, ok bool) {
	r := rand2.New(rand2.NewPCG(uint64(params.Rng.Int63()), uint64(params.Rng.Int63())))
	for try := 0; try < 200; try++ {
		text = grammar.Sample(g, start, r, depth)
		if prog, err := translate.ToBetza2(name, text); err == nil {
			return text, prog, true
		}
	}
	return "", nil, false
}

// Adapt prepares cases for the implementation h describes: cases stay in
// Betza 2.0 when it reads that; otherwise each is translated
// (translate.FromBetza2) into the first dialect it declared (a classic
// profile included) that has an equivalent, or marked unsupported with
// the reasons. An invalid case is sent unchanged in a dialect that
// rejects it too, else marked unsupported; to an implementation that
// does not validate it is not sent. For one that does not read '*', the
// marks are taken off the position when the answer does not depend on
// them, else the case is unsupported (spec/protocol.md P2.6).
func Adapt(cases []*Case, h wire.HelloReply) {
	for _, c := range cases {
		adapt(c, h)
	}
}

// AdaptSeq is Adapt for a stream of cases: each is adapted as the run
// takes it.
func AdaptSeq(cases iter.Seq[*Case], h wire.HelloReply) iter.Seq[*Case] {
	return func(yield func(*Case) bool) {
		for c := range cases {
			adapt(c, h)
			if !yield(c) {
				return
			}
		}
	}
}

func adapt(c *Case, h wire.HelloReply) {
	if c.Unsupported != "" {
		return
	}
	if c.Invalid && !h.ValidatesNotations() {
		c.Unsupported = fmt.Sprintf("%s does not validate notations (validates: false): an invalid notation is not sent", h.Name)
		return
	}
	adaptDialect(c, h.Dialects)
	if c.Unsupported == "" && !h.ReadsUnmoved() {
		unmark(c, h)
	}
}

// unmark takes the '*' marks off a case's position for an implementation
// that does not read them, or marks the case unsupported when its answer
// depends on them.
func unmark(c *Case, h wire.HelloReply) {
	if !c.Invalid {
		prog, err := c.Program()
		if err == nil && !markerFree(prog, c.Setup, h.Level) {
			c.Unsupported = fmt.Sprintf("the answer depends on the '*' marker, which %s does not read (unmoved: false)", h.Name)
			return
		}
	}
	c.Setup.Pos = c.Setup.Pos.WithVirgin(false)
	c.Request.Position = c.Setup.Pos.String()
}

func adaptDialect(c *Case, dialects []string) {
	if slices.Contains(dialects, c.Request.Dialect) {
		return // written in a dialect it reads already
	}
	if slices.Contains(dialects, dialect.Betza2) && !c.Invalid {
		c.Request.Dialect, c.Request.Notation = dialect.Betza2, c.Betza2
		return
	}
	var reasons []string
	if c.Invalid {
		// An invalid notation has no translation: it is sent as written
		// to a dialect that rejects it too, so that a parser which skips
		// what it does not know is caught (issue 6).
		for _, d := range dialects {
			// Only a located error rejects the text: a missing Betza 2.0
			// equivalent means the dialect reads it (XBetza's oW is a
			// cylinder wazir).
			_, err := translate.ToBetza2(d, c.Betza2)
			if le := (*loc.Error)(nil); errors.As(err, &le) {
				c.Request.Dialect = d
				break
			}
			reasons = append(reasons, fmt.Sprintf("%q is valid in %s", c.Betza2, d))
		}
		if c.Request.Dialect == dialect.Betza2 {
			c.Unsupported = strings.Join(reasons, "; ")
		}
		return
	}
	for _, d := range dialects {
		text, err := translate.FromBetza2(d, c.Betza2)
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

// Result is one case's verdict.
type Result struct {
	Case    *Case
	Verdict Verdict
	Got     client.Result
	// Want is the answer the implementation's was judged against (see
	// Stream). A run keeps it, and Got's reply, only for a case that did
	// not pass: a passing case's answers are dropped once judged.
	Want wire.Reply
	// Reference is the reference's own verdict on a corpus case, judged by
	// the case's hand-checked lines (pass or fail); nil for a generated
	// case.
	Reference *Verdict
	// Expected is the verdict the expectation file lists for the case
	// ("" when it lists none).
	Expected string
	// Divergence is the kind of difference of a failing case (see
	// DivergenceOf), and Minimal the smallest case found that keeps it
	// (see Shrink; nil before).
	Divergence Divergence
	Minimal    *Minimal
	// Cause, when set, is what explains the failure (triage.Diagnose): its
	// class is the cause's.
	Cause *Cause
}

// Cause is what explains a failure: the alternative readings of the
// notation (hypotheses, see package triage) that give the
// implementation's answer exactly.
type Cause struct {
	// Names are the hypotheses that explain every member of the class,
	// the one that names it first: Names[0] is the class's key.
	Names []string `json:"names"`
	// Says is what the program does, in words, and what the spec says
	// instead; Clause is the clause of the dialect the case was sent in
	// that the reading departs from.
	Says   string `json:"says"`
	Clause string `json:"clause"`
}

// Unexpected reports whether the result breaks the run: a verdict other
// than pass or unsupported that the expectation file does not list, or a
// listed verdict that did not happen.
func (r *Result) Unexpected() bool {
	k := r.Verdict.Kind
	if r.Expected != "" {
		return k.String() != r.Expected
	}
	return k != VerdictPass && k != VerdictUnsupported
}

// ReferenceFailed reports whether the reference disagrees with the
// hand-checked lines of the result's corpus case.
func (r *Result) ReferenceFailed() bool {
	return r.Reference != nil && r.Reference.Kind != VerdictPass
}

// Options tune a run.
type Options struct {
	// Level caps the level compared: the run judges at the lower of Level
	// (if set) and the level the implementation declared.
	Level string
	// Expect lists the known divergences (see Report.Apply).
	Expect Expectations
	// KeepPasses keeps the result of every passing case (without its
	// answers), for reports that list every case: JSON, JUnit and the
	// verbose text. Without it a run keeps only the counts of the cases
	// that passed as they should, so that its memory does not grow with
	// them.
	KeepPasses bool
	// Shard, when set, says that the cases are that shard's of the run
	// (Shard.Cases): the report says so, and an expectation's id that no
	// case has is not stale (another shard may hold it).
	Shard Shard
	// Run is what the run is, for its report (Report.Run); Stream sets
	// its Format and Protocol.
	Run RunInfo
	// Jobs is how many cases are asked at once (the Impl must serve that
	// many concurrent calls, as a Pool does); 1 or less asks one at a
	// time. The report is the same whatever it is: cases are judged in
	// their order.
	Jobs int
}

// Run judges a list of cases and keeps every result: Stream with
// KeepPasses.
func Run(ctx context.Context, impl Impl, cases []*Case, level string) *Report {
	return Stream(ctx, impl, slices.Values(cases), Options{Level: level, KeepPasses: true})
}

// Stream asks impl every case, in order, taking each from cases only when
// it is its turn, and judges each at the level: the lower of opt.Level
// (if set) and the level the implementation declared. When ctx is done it
// takes no more cases: the report covers the cases judged, and
// Report.Stopped says why the rest were not run.
//
// A generated case is judged against the reference's answer. A corpus case
// is judged against its hand-checked lines, and so is the reference, in
// every run whatever the implementation: the corpus is the oracle, and a
// reference that disagrees with it fails the run on its own count (see
// Case.expectation).
func Stream(ctx context.Context, impl Impl, cases iter.Seq[*Case], opt Options) *Report {
	hello := impl.Hello()
	lv := hello.Level
	if opt.Level != "" && wire.LevelRank(opt.Level) < wire.LevelRank(lv) {
		lv = opt.Level
	}
	rep := &Report{Run: opt.Run, Impl: hello, Level: lv, Shard: opt.Shard}
	rep.Run.Format, rep.Run.Protocol = ReportFormat, wire.Version
	stop := func(detail string) {
		if rep.Stopped != "" {
			return // the first reason stands
		}
		if ctx.Err() != nil {
			detail = context.Cause(ctx).Error()
		}
		rep.Stopped = "run stopped: " + detail
	}
	// An implementation that never started is asked nothing: its cases do
	// not need the reference's answers, which may be costly.
	_, never := impl.(NotStarted)
	ask := func(c *Case) *Result {
		var got client.Result
		var exp *expected
		switch {
		case c.Unsupported != "":
			got = client.Result{Kind: client.ResultSkipped, Detail: c.Unsupported}
		case never:
			got = impl.Do(c.Request)
		default:
			// The answer to judge by comes first: the level the case is
			// asked at is the one that answer fits a line at (P6.9).
			exp = c.expect(lv)
			if exp.unsent != "" {
				got = client.Result{Kind: client.ResultSkipped, Detail: exp.unsent}
				break
			}
			req := c.Request
			if exp.at != hello.Level {
				req.Level = exp.at
			}
			got = impl.Do(req)
		}
		return c.judge(got, lv, exp)
	}
	// take adds a judged case; false once the run is to take no more.
	take := func(res *Result) bool {
		rep.add(res, opt)
		if res.Got.Kind == client.ResultStopped {
			// The case in flight when the run stopped: no later case
			// is taken (spec/protocol.md P6.6).
			stop(res.Got.Detail)
			return false
		}
		return true
	}
	if opt.Jobs <= 1 {
		for c := range cases {
			if ctx.Err() != nil {
				// The cases after this one are not built, let alone
				// judged: the report covers what was judged and says so.
				stop("")
				break
			}
			if !take(ask(c)) {
				break
			}
		}
	} else {
		streamParallel(ctx, cases, opt.Jobs, ask, take, stop)
	}
	if opt.Expect != nil {
		rep.Apply(opt.Expect)
	}
	return rep
}

// streamParallel is Stream's loop with jobs cases in flight: one
// goroutine takes the cases in order, jobs goroutines ask and judge them,
// and the results are taken in the cases' order, at most 2×jobs ahead of
// the last one taken. Once take says no more (the run stopped) or ctx is
// done, no case is taken from cases; the cases in flight still end with
// their verdicts, in order.
func streamParallel(ctx context.Context, cases iter.Seq[*Case], jobs int, ask func(*Case) *Result, take func(*Result) bool, stop func(string)) {
	type item struct {
		i   int
		c   *Case
		res *Result
	}
	todo, done := make(chan item), make(chan item)
	halt := make(chan struct{})
	window := make(chan struct{}, 2*jobs)
	ctxDone := false // set by the taker before todo closes
	var workers sync.WaitGroup
	for range jobs {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for it := range todo {
				it.res = ask(it.c)
				done <- it
			}
		}()
	}
	go func() {
		defer close(todo)
		n := 0
		for c := range cases {
			select {
			case window <- struct{}{}:
			case <-halt:
				return
			}
			if ctx.Err() != nil {
				// The cases after this one are not built, let alone
				// judged: the report covers what was judged and says so.
				ctxDone = true
				return
			}
			todo <- item{i: n, c: c}
			n++
		}
	}()
	go func() { workers.Wait(); close(done) }()
	pending := map[int]*Result{}
	next, taking := 0, true
	for it := range done {
		pending[it.i] = it.res
		for r, ok := pending[next]; ok; r, ok = pending[next] {
			delete(pending, next)
			next++
			<-window
			// A case in flight when the run stopped is still judged and
			// kept: it was asked.
			if !take(r) && taking {
				taking = false
				close(halt)
			}
		}
	}
	if ctxDone {
		stop("")
	}
}

// judge gives the implementation's result for c its verdict at level lv,
// and judges the reference too on a corpus case. exp is the answer to
// judge by, when Stream worked it out before asking (nil otherwise).
func (c *Case) judge(got client.Result, lv string, exp *expected) *Result {
	if exp == nil {
		switch got.Kind {
		case client.ResultNoStart, client.ResultSkipped, client.ResultStopped:
			if c.File == nil {
				// Never asked: a generated case's verdict does not need
				// the reference's answer, which may be costly (every case
				// of a run whose implementation never starts comes
				// here). A corpus case still judges the reference by its
				// lines below.
				return &Result{Case: c, Got: got, Verdict: Judge(wire.Reply{}, got, lv)}
			}
		}
		exp = c.expect(lv)
	}
	v := Judge(exp.want, got, exp.at)
	if exp.ref != nil && exp.ref.Kind != VerdictPass {
		// The truth here is the corpus, which the reference does not
		// match: say so in the words of the verdict.
		v.Reason = strings.ReplaceAll(v.Reason, "the reference", "the corpus")
		v.Diff = strings.ReplaceAll(v.Diff, "the reference", "the corpus")
	}
	if exp.lowered != "" {
		switch {
		case v.Kind == VerdictPass && v.Reason == "":
			v.Reason = exp.lowered
		case v.Kind == VerdictPass, v.Kind == VerdictFail:
			v.Reason += "; " + exp.lowered
		}
	}
	return &Result{Case: c, Got: got, Want: exp.want, Verdict: v, Reference: exp.ref}
}

// askLimit is the longest reply line, in bytes, that the reference's
// answer may take for a case to be asked at a level (spec/protocol.md
// P6.9): half of what a line may take (P1.6), so that an implementation
// that writes the same answer less tightly (white space, escapes, the
// fields in another order) still fits.
const askLimit = wire.MaxLine / 2

// expected is what a case is judged by at a level (see expectation), and
// the level it is asked at.
type expected struct {
	want wire.Reply
	at   string   // the level to ask and judge at
	ref  *Verdict // the reference's own verdict on a corpus case
	// lowered, when set, says why at is below the level of the run: the
	// reference's answer is too long for a line at that level (P6.9).
	lowered string
	// unsent, when set, says why the case is not asked at all: the
	// reference's answer is too long for a line at every level (P6.9).
	unsent string
}

// expect is expectation, lowered to the most detailed level at which the
// answer to judge by fits in askLimit (spec/protocol.md P6.9): no
// implementation can send an answer longer than a line, so the case is
// asked and judged at that level, or, when it fits at none, not asked
// (unsupported).
func (c *Case) expect(lv string) *expected {
	want, at, ref := c.expectation(lv)
	e := &expected{want: want, at: at, ref: ref}
	if want.Error != nil {
		return e
	}
	n := want.LineSize()
	if n <= askLimit {
		return e
	}
	from := at
	for rank := wire.LevelRank(at) - 1; rank >= 0; rank-- {
		lower := wire.Levels()[rank]
		w := wire.Reply{Outcomes: wire.Project(want.Outcomes, lower)}
		if w.LineSize() <= askLimit {
			e.want, e.at = w, lower
			e.lowered = fmt.Sprintf("judged at level %s: the reference's answer at level %s takes a line of %d bytes, more than %d (P6.9)", lower, from, n, askLimit)
			return e
		}
	}
	e.unsent = fmt.Sprintf("not sent: the reference's answer takes a line of %d bytes at level %s, and more than %d at every level (P1.6, P6.9)", n, from, askLimit)
	return e
}

// expectation returns the answer the implementation's is judged against,
// the level to judge at, and, for a corpus case, the reference's own
// verdict.
//
// A generated case is judged against the reference's answer at lv. A
// corpus case is judged against its hand-checked lines (truth), which fix
// each outcome's effects and nothing more: up to level effects they are
// the whole expectation; at level paths the reference's answer supplies
// the paths, but only when the reference agrees with the lines and its
// paths search stays within budget, else the case is judged at level
// effects. An invalid file's case is judged by its syntax error at every
// level. The reference is judged by the same lines through
// corpus.CheckNotation and corpus.CheckCase, the comparison the corpus
// test makes.
func (c *Case) expectation(lv string) (want wire.Reply, at string, ref *Verdict) {
	reference := c.ReferenceAnswer
	if c.File == nil {
		return reference(lv), lv, nil
	}
	var m *corpus.Mismatch
	if c.Pos == nil {
		m = corpus.CheckNotation(c.File)
	} else {
		m = corpus.CheckCase(c.File, c.Pos)
	}
	ref = &Verdict{Kind: VerdictPass}
	if m != nil {
		ref = &Verdict{Kind: VerdictFail, Reason: m.Reason, Diff: m.Diff}
	}
	if lv == wire.LevelPaths && m == nil && c.Pos != nil && !c.unsent {
		if r := reference(lv); r.Error == nil || r.Error.Kind != wire.KindUnsupported {
			return r, lv, ref
		}
		// The reference's paths search ran out of budget where its
		// effects did not: the lines still judge the case, at effects.
	}
	at = lv
	if wire.LevelRank(at) > wire.LevelRank(wire.LevelEffects) {
		at = wire.LevelEffects
	}
	return c.truth(at), at, ref
}

// truth is a corpus case's hand-checked expectation as a reply at level
// (destinations or effects): the syntax error of an invalid file, the
// evaluation error of an error: line, or the outcomes of the want: lines
// (which corpus.Parse has checked are outcome keys).
func (c *Case) truth(level string) wire.Reply {
	if c.Pos == nil {
		off := c.File.ErrOffset
		return wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindSyntax, Message: c.File.ErrText, Offset: &off}}
	}
	if c.Pos.Error != "" {
		return wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: c.Pos.Error}}
	}
	if c.Pos.ND() {
		return ndTruth(c.Pos, level)
	}
	outs := make([]eval.Outcome, 0, len(c.Pos.Want))
	for _, line := range c.Pos.Want {
		o, err := eval.ParseKey(line)
		if err != nil {
			return wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: "corpus: " + err.Error()}}
		}
		outs = append(outs, o)
	}
	return wire.Reply{Outcomes: wire.OutcomesOf(outs, c.Setup, level)}
}

// clauseKey sorts clause ids numerically (§2.10 after §2.9).
func clauseKey(c string) string {
	var b strings.Builder
	for _, part := range strings.Split(strings.TrimPrefix(c, "§"), ".") {
		fmt.Fprintf(&b, "%08s.", part)
	}
	return b.String()
}

// SortClauses sorts clause ids numerically (§2.10 after §2.9).
func SortClauses(cs []string) {
	sort.Slice(cs, func(i, j int) bool { return clauseKey(cs[i]) < clauseKey(cs[j]) })
}

// ndTruth is truth for a case on a board of more than two dimensions: its
// want: lines, outcome keys of §S11.4, as wire outcomes in the
// n-dimensional square names, capturing as ndboard.Outcome.Capture says.
func ndTruth(c *corpus.Case, level string) wire.Reply {
	internal := func(err error) wire.Reply {
		return wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: "corpus: " + err.Error()}}
	}
	s, err := c.NDSetup()
	if err != nil {
		return internal(err)
	}
	size := s.Pos.Size()
	outs := make([]wire.Outcome, 0, len(c.Want))
	for _, line := range c.Want {
		o, err := ndboard.ParseKey(size, line)
		if err != nil {
			return internal(err)
		}
		to := o.To.String()
		w := wire.Outcome{To: &to, Changes: map[string]string{}, Capture: o.Capture(s)}
		for _, ch := range o.Changes {
			w.Changes[ch.Square.String()] = ch.Piece.String()
		}
		outs = append(outs, w)
	}
	return wire.Reply{Outcomes: wire.Project(outs, level)}
}

// MinimalOf is the minimal case of a failing result: Result.Minimal, or,
// before Shrink, the case itself.
func MinimalOf(res *Result) *Minimal {
	if res.Minimal != nil {
		return res.Minimal
	}
	return &Minimal{Case: res.Case, Verdict: res.Verdict, Want: res.Want, Got: res.Got, Divergence: res.Divergence}
}

// CaseText is a case in one line: its notation (quoted when empty) and
// where it is asked, "iF on 3x3 2p/1X*1/3 from b2".
func CaseText(c *Case) string {
	n := c.Request.Notation
	if n == "" {
		n = `""`
	}
	return fmt.Sprintf("%s on %s %s from %s", n, c.Request.Board, c.Request.Position, c.Request.From)
}

package main

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"time"

	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/props"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// equivJSON is equiv --json. DialectA and CanonicalA (the canonical form
// of A's Betza 2.0 translation, which was compared) are left out when A is
// read as Betza 2.0; so are DialectB and CanonicalB.
type equivJSON struct {
	A          string `json:"a"`
	DialectA   string `json:"dialectA,omitempty"`
	CanonicalA string `json:"canonicalA,omitempty"`
	B          string `json:"b"`
	DialectB   string `json:"dialectB,omitempty"`
	CanonicalB string `json:"canonicalB,omitempty"`
	comparisonJSON
}

// comparisonJSON is what a comparison on positions decided, as equiv
// --json and translate --check --json print it.
type comparisonJSON struct {
	Seed int64 `json:"seed"`
	// CorpusPositions and Generated count the positions compared: every
	// one of them, or those up to the counterexample.
	CorpusPositions int `json:"corpusPositions"`
	Generated       int `json:"generated"`
	// Decided and Undecided split them: a position on which a search
	// limit was hit decides nothing.
	Decided   int `json:"decided"`
	Undecided int `json:"undecided"`
	// Verdict is "equivalent" (every position decided, none differs),
	// "different" (a counterexample) or "undecided" (none differs, but
	// not every position was decided). Equivalent is Verdict ==
	// "equivalent".
	Verdict          string          `json:"verdict"`
	Equivalent       bool            `json:"equivalent"`
	Counterexample   *counterExample `json:"counterexample"`
	UndecidedExample *undecidedJSON  `json:"undecidedExample"`
}

// counterExample is the position on which A and B differ, with the outcome
// keys only one has (or the evaluation error of one).
type counterExample struct {
	*setupJSON
	OnlyA  []string `json:"onlyA"`
	OnlyB  []string `json:"onlyB"`
	ErrorA string   `json:"errorA,omitempty"`
	ErrorB string   `json:"errorB,omitempty"`
}

// undecidedJSON is the first position that decided nothing, and why.
type undecidedJSON struct {
	*setupJSON
	Reason string `json:"reason"`
}

// setupJSON is a setup in a JSON document: its texts (§11) as the flags
// --board, --position and --from take them.
type setupJSON struct {
	Board    string `json:"board"`
	Position string `json:"position"`
	From     string `json:"from"`
}

// setupOf is s as JSON; nil when there is no setup.
func setupOf(s board.Setup) *setupJSON {
	if s.Pos == nil {
		return nil
	}
	return &setupJSON{Board: s.Pos.Size().String(), Position: s.Pos.String(), From: s.From.String()}
}

// verdictWords are the verdicts of equiv and translate --check as they
// print (equiv.Tally.Verdict decides them).
var verdictWords = map[equiv.Verdict]string{
	equiv.Equal:     "equivalent",
	equiv.Differ:    "different",
	equiv.Undecided: "undecided",
}

// equivRun is what a comparison over the corpus and generated positions
// decided.
type equivRun struct {
	cx                *equiv.Counterexample
	corpus, generated equiv.Tally
}

func (r equivRun) total() equiv.Tally { return r.corpus.Plus(r.generated) }

func (r equivRun) verdict() equiv.Verdict { return r.total().Verdict(r.cx) }

// code is the exit status of the verdict.
func (r equivRun) code() int {
	switch r.verdict() {
	case equiv.Differ:
		return exitFail
	case equiv.Undecided:
		return exitUndecided
	}
	return exitOK
}

// json is r as data, for the run of seed.
func (r equivRun) json(seed int64) comparisonJSON {
	t := r.total()
	doc := comparisonJSON{Seed: seed, CorpusPositions: r.corpus.Tried, Generated: r.generated.Tried,
		Decided: t.Decided(), Undecided: t.Undecided, Verdict: verdictWords[r.verdict()], Equivalent: r.verdict() == equiv.Equal}
	if cx := r.cx; cx != nil {
		doc.Counterexample = &counterExample{setupJSON: setupOf(cx.Setup),
			OnlyA: nonNil(cx.OnlyA), OnlyB: nonNil(cx.OnlyB), ErrorA: errString(cx.ErrA), ErrorB: errString(cx.ErrB)}
	}
	if u := t.First; u != nil {
		doc.UndecidedExample = &undecidedJSON{setupJSON: setupOf(u.Setup), Reason: u.Reason.Error()}
	}
	return doc
}

// compareOn compares a and b on the corpus positions, then, when none
// differs, on count generated positions.
func compareOn(a, b equiv.Mover, positions []board.Setup, count int, seed int64) (equivRun, error) {
	var r equivRun
	r.cx, r.corpus = equiv.Check(a, b, positions)
	if r.cx != nil {
		return r, nil
	}
	var err error
	r.cx, r.generated, err = props.Distinguish(a, b, count, seed)
	return r, err
}

// undecidedLine says that the run decided less than everything, or "" when
// it decided every position: how many hit a limit, of which kind, and
// what the others showed.
func (r equivRun) undecidedLine(nameA, nameB string) string {
	t := r.total()
	if t.Tried == 0 {
		return fmt.Sprintf("%s and %s are undecided: no position was tried (no corpus positions and --count 0)", nameA, nameB)
	}
	rest := fmt.Sprintf("they agree on the other %d", t.Decided())
	if t.Decided() == 0 {
		rest = "nothing was decided"
	}
	return fmt.Sprintf("%s and %s are undecided: a search limit was hit on %d of %d positions (%d of %d corpus, %d of %d generated); %s",
		nameA, nameB, t.Undecided, t.Tried, r.corpus.Undecided, r.corpus.Tried, r.generated.Undecided, r.generated.Tried, rest)
}

// firstUndecidedLine names the first position that decided nothing.
func (r equivRun) firstUndecidedLine() string {
	u := r.total().First
	if u == nil {
		return ""
	}
	return fmt.Sprintf("first undecided: %s: %v\n", u.Setup, u.Reason)
}

func runEquiv(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	count := fs.Int("count", 1000, "generated positions to try (0 or more)")
	seed := fs.Int64("seed", time.Now().UnixNano(), "seed of the generated positions")
	dir := fs.String("corpus", corpus.Builtin, "corpus whose positions are tried first: a directory, \"builtin\" (the corpus built into betzacheck) or \"\" for none")
	quiet := fs.Bool("quiet", false, "print only the verdict line")
	jsonOut := fs.Bool("json", false, "print the result as one JSON object (an error too, on stdout)")
	dialectA := dialectFlag(fs, "dialect", "read both notations in dialect `NAME` and compare their Betza 2.0 translations; NAME is one of")
	dialectB := fs.String("dialect2", "", "read B in dialect `NAME` instead (default: that of --dialect)")
	ops, code, ok := c.parseArgs(e, fs, args, 2)
	if !ok {
		return code
	}
	*dialectB = cmp.Or(*dialectB, *dialectA)
	if !checkRange(c, e, "count", *count, 0, math.MaxInt) ||
		!knownDialect(c, e, "dialect", *dialectA) || !knownDialect(c, e, "dialect2", *dialectB) {
		return exitUsage
	}
	a, b := operand{Text: ops[0], Dialect: *dialectA}, operand{Text: ops[1], Dialect: *dialectB}
	// The positions are compared one after another: both sides evaluate
	// on one evaluator, within the default budgets and the run's context.
	ev := equiv.Evaluation{Options: eval.Options{Context: e.ctx}}
	var movers [2]equiv.Mover
	var canonical [2]string
	for i, o := range []operand{a, b} {
		prog, code := compile(c, e, o, *jsonOut)
		if prog == nil {
			return code
		}
		movers[i], canonical[i] = ev.Program(prog), prog.Canonical()
	}
	positions, code, ok := loadCorpus(c, e, *dir, *jsonOut)
	if !ok {
		return code
	}
	if !*quiet && !*jsonOut {
		fmt.Fprintf(e.stdout, "seed %d\n", *seed)
	}
	r, err := compareOn(movers[0], movers[1], positions, *count, *seed)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck equiv: %v\n", err)
		return exitFail
	}
	cx := r.cx
	switch {
	case *jsonOut:
		doc := equivJSON{A: a.Text, DialectA: a.jsonDialect(), CanonicalA: a.jsonCanonical(canonical[0]),
			B: b.Text, DialectB: b.jsonDialect(), CanonicalB: b.jsonCanonical(canonical[1]), comparisonJSON: r.json(*seed)}
		if code := writeJSONDoc(c, e, doc); code != exitOK {
			return code
		}
	case cx != nil && *quiet:
		fmt.Fprintf(e.stdout, "%s and %s differ (%s)\n", a.name(), b.name(), cx.Setup)
	case cx != nil:
		fmt.Fprintf(e.stdout, "%s and %s differ:\n%s", a.name(), b.name(), cx.Report(a.name(), b.name()))
	case r.verdict() == equiv.Undecided:
		fmt.Fprintln(e.stdout, r.undecidedLine(a.name(), b.name()))
		if !*quiet {
			fmt.Fprint(e.stdout, r.firstUndecidedLine())
		}
	default:
		fmt.Fprintf(e.stdout, "%s and %s are equivalent on %d corpus and %d generated positions\n", a.name(), b.name(), r.corpus.Tried, r.generated.Tried)
	}
	return r.code()
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// loadCorpus reads the positions of the corpus named by --corpus: a
// directory, corpus.Builtin (the default: the corpus built into the
// program) or "" for none. A corpus that cannot be read, or that holds no
// position, is an input error.
func loadCorpus(c *command, e *env, dir string, jsonOut bool) ([]board.Setup, int, bool) {
	if dir == "" {
		return nil, exitOK, true
	}
	positions, err := corpusPositions(dir)
	if err == nil {
		return positions, exitOK, true
	}
	msg := fmt.Sprintf("--corpus %s: %v", dir, err)
	return nil, reportError(c, e, jsonOut, nil, &jsonError{Input: "--corpus", Message: msg}, fmt.Sprintf("betzacheck %s: %s", c.Name, msg), exitUsage), false
}

// corpusPositions reads the setups of the corpus's cases (corpus.Setups).
func corpusPositions(dir string) ([]board.Setup, error) {
	if dir != corpus.Builtin {
		dir = filepath.Clean(dir)
	}
	files, err := corpus.LoadNamed(dir)
	if err != nil {
		return nil, err
	}
	return corpus.Setups(files)
}

package main

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// translateJSON is translate --json: the notation, the dialects it was
// read in and written in, its translation and, with --check, what the
// comparison of the two decided.
type translateJSON struct {
	Notation    string          `json:"notation"`
	From        string          `json:"from"`
	To          string          `json:"to"`
	Translation string          `json:"translation"`
	Check       *comparisonJSON `json:"check,omitempty"`
	// Dropped lists what the reading of the notation left out or read as
	// less than it says (dialect.Loss), which no comparison of moves can
	// show: both sides lack it.
	Dropped []droppedJSON `json:"dropped,omitempty"`
}

// droppedJSON is one part the reading dropped: where, what, why.
type droppedJSON struct {
	Offset int    `json:"offset"`
	Part   string `json:"part"`
	Reason string `json:"reason"`
	Clause string `json:"clause"`
}

// droppedLines says in words what the reading of src dropped, one line
// each: "dropped: e at offset 5 of fmWfceF: e, en passant, … (§X4.9)".
func droppedLines(src string, lost []dialect.Loss) string {
	var b strings.Builder
	for _, l := range lost {
		fmt.Fprintf(&b, "dropped: %s at offset %d of %s: %s\n", l.Part, l.Offset, src, l.Reason)
	}
	return b.String()
}

func runTranslate(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	from := dialectFlag(fs, "from", "dialect of the notation")
	to := fs.String("to", dialect.Betza2, "dialect to write")
	check := fs.Bool("check", false, "check with the equivalence harness that the translation means the same moves")
	count := fs.Int("count", 500, "with --check: generated positions to try (0 or more)")
	seed := fs.Int64("seed", time.Now().UnixNano(), "with --check: seed of the generated positions")
	corpusDir := fs.String("corpus", corpus.Builtin, "with --check: corpus whose positions are tried first: a directory, \"builtin\" (the corpus built into betzacheck) or \"\" for none")
	jsonOut := fs.Bool("json", false, "print one JSON object: the translation (and what --check decided), or the error (on stdout)")
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	if !checkRange(c, e, "count", *count, 0, math.MaxInt) {
		return exitUsage
	}
	src := ops[0]
	if !knownDialect(c, e, "from", *from) || !knownDialect(c, e, "to", *to) {
		return exitUsage
	}
	in := operand{Text: src, Dialect: *from}
	out, err := translate.Translate(*from, *to, src)
	if err != nil {
		return reportError(c, e, *jsonOut, &in, errorJSON(err), notationErrorText(e, src, err), exitFail)
	}
	doc := translateJSON{Notation: src, From: *from, To: *to, Translation: out}
	_, lost, _ := translate.Read(*from, src) // it read above: only the losses are new
	for _, l := range lost {
		doc.Dropped = append(doc.Dropped, droppedJSON{Offset: l.Offset, Part: l.Part, Reason: l.Text(), Clause: l.Clause()})
	}
	if !*jsonOut {
		fmt.Fprintln(e.stdout, out)
	}
	if !*check {
		if *jsonOut {
			return writeJSONDoc(c, e, doc)
		}
		return exitOK
	}
	// Both sides are read into Betza 2.0 and compared on positions.
	var movers [2]equiv.Mover
	ev := equiv.Evaluation{Options: eval.Options{Context: e.ctx}}
	for i, side := range []operand{in, {Text: out, Dialect: *to}} {
		prog, err := translate.ToBetza2(side.Dialect, side.Text)
		if err != nil {
			// The translation of a notation that translate read must read.
			return reportError(c, e, *jsonOut, &side, errorJSON(err),
				fmt.Sprintf("betzacheck translate: %s %q: %v", side.Dialect, side.Text, err), exitFail)
		}
		movers[i] = ev.Program(prog)
	}
	positions, code, ok := loadCorpus(c, e, *corpusDir, *jsonOut)
	if !ok {
		return code
	}
	r, err := compareOn(movers[0], movers[1], positions, *count, *seed)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck translate: %v\n", err)
		return exitFail
	}
	switch {
	case *jsonOut:
		check := r.json(*seed)
		doc.Check = &check
		if code := writeJSONDoc(c, e, doc); code != exitOK {
			return code
		}
	case r.verdict() == equiv.Differ:
		fmt.Fprintf(e.stdout, "check failed (seed %d): the translation moves differently\n%s", *seed,
			r.cx.Report(*from+" "+src, *to+" "+out))
	case r.verdict() == equiv.Undecided:
		fmt.Fprintf(e.stdout, "check undecided (seed %d): %s\n%s", *seed, r.undecidedLine("the notation", "its translation"), r.firstUndecidedLine())
	case len(lost) > 0:
		fmt.Fprintf(e.stdout, "checked: the same moves on %d corpus and %d generated positions (seed %d), but the reading dropped what no position shows:\n%s",
			r.corpus.Tried, r.generated.Tried, *seed, droppedLines(src, lost))
	default:
		fmt.Fprintf(e.stdout, "checked: the same moves on %d corpus and %d generated positions (seed %d)\n", r.corpus.Tried, r.generated.Tried, *seed)
	}
	return r.code()
}

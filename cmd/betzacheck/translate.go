package main

import (
	"fmt"
	"math"
	"time"

	"betzacheck/conformance/equiv"
	"betzacheck/reference/dialect"
	"betzacheck/reference/translate"
)

func runTranslate(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	from := dialectFlag(fs, "from", "dialect of the notation")
	to := fs.String("to", dialect.Betza2, "dialect to write")
	check := fs.Bool("check", false, "check with the equivalence harness that the translation means the same moves")
	count := fs.Int("count", 500, "with --check: generated positions to try (0 or more)")
	seed := fs.Int64("seed", time.Now().UnixNano(), "with --check: seed of the generated positions")
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
	out, err := translate.Translate(*from, *to, src)
	if err != nil {
		fmt.Fprintln(e.stderr, notationErrorText(e, src, err))
		return exitFail
	}
	fmt.Fprintln(e.stdout, out)
	if !*check {
		return exitOK
	}
	// Both sides are read into Betza 2.0 and compared on positions.
	var movers [2]equiv.Mover
	var ev equiv.Evaluation
	for i, side := range [][2]string{{*from, src}, {*to, out}} {
		prog, err := translate.ToBetza2(side[0], side[1])
		if err != nil {
			fmt.Fprintf(e.stderr, "betzacheck translate: %s %q: %v\n", side[0], side[1], err)
			return exitFail
		}
		movers[i] = ev.Program(prog)
	}
	positions, code, ok := loadCorpus(c, e, fs, "corpus", false)
	if !ok {
		return code
	}
	r, err := compareOn(movers[0], movers[1], positions, *count, *seed)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck translate: %v\n", err)
		return exitFail
	}
	switch r.verdict() {
	case equiv.Differ:
		fmt.Fprintf(e.stdout, "check failed (seed %d): the translation moves differently\n%s", *seed,
			r.cx.Report(*from+" "+src, *to+" "+out))
	case equiv.Undecided:
		fmt.Fprintf(e.stdout, "check undecided (seed %d): %s\n%s", *seed, r.undecidedLine("the notation", "its translation"), r.firstUndecidedLine())
	default:
		fmt.Fprintf(e.stdout, "checked: the same moves on %d corpus and %d generated positions (seed %d)\n", r.corpus.Tried, r.generated.Tried, *seed)
	}
	return r.code()
}

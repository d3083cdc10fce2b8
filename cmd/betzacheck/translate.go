package main

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"betzacheck/conformance/equiv"
	"betzacheck/reference/dialect"
	"betzacheck/reference/loc"
	"betzacheck/reference/translate"
)

func runTranslate(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	from := fs.String("from", dialect.Betza2, "dialect of the notation: "+strings.Join(translate.Names(), ", "))
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
	for _, d := range []string{*from, *to} {
		if _, err := translate.Lookup(d); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck translate: %v\n", err)
			return exitUsage
		}
	}
	out, err := translate.Translate(*from, *to, src)
	if err != nil {
		reportTranslation(e, src, err)
		return exitFail
	}
	fmt.Fprintln(e.stdout, out)
	if !*check {
		return exitOK
	}
	// Both sides are read into Betza 2.0 and compared on positions.
	var movers [2]equiv.Mover
	for i, side := range [][2]string{{*from, src}, {*to, out}} {
		prog, err := translate.ToBetza2(side[0], side[1])
		if err != nil {
			fmt.Fprintf(e.stderr, "betzacheck translate: %s %q: %v\n", side[0], side[1], err)
			return exitFail
		}
		movers[i] = equiv.Program(prog)
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

// reportTranslation prints a dialect error with a caret under the input,
// or says which part has no equivalent in the target dialect.
func reportTranslation(e *env, src string, err error) {
	var le *loc.Error
	var ne *dialect.NoEquivalentError
	switch {
	case errors.As(err, &le):
		fmt.Fprintln(e.stderr, le.Render(src))
	case errors.As(err, &ne):
		fmt.Fprintf(e.stderr, "no equivalent in %s: %s: %s\n", ne.To, ne.Part, ne.Reason)
	default:
		fmt.Fprintf(e.stderr, "error: %s: %v\n", src, err)
	}
}

package main

import (
	"fmt"
	"path/filepath"
	"time"

	"betzacheck/conformance/corpus"
	"betzacheck/conformance/equiv"
	"betzacheck/conformance/props"
)

var equivCmd = &command{
	Name:    "equiv",
	Args:    "[--count N] [--seed S] [--corpus DIR] A B",
	Summary: "check that two notations mean the same moves on the corpus positions and generated ones",
	Run:     runEquiv,
}

func runEquiv(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	count := fs.Int("count", 1000, "generated positions to try")
	seed := fs.Int64("seed", time.Now().UnixNano(), "seed of the generated positions")
	dir := fs.String("corpus", "corpus", "corpus whose positions are tried first (\"\" for none)")
	ops, code, ok := c.parseArgs(e, fs, args, 2)
	if !ok {
		return code
	}
	var movers [2]equiv.Mover
	for i, src := range ops {
		prog, _ := compile(e.stderr, src)
		if prog == nil {
			return exitUsage
		}
		movers[i] = equiv.Program(prog)
	}
	positions := corpusPositions(*dir)
	fmt.Fprintf(e.stdout, "seed %d\n", *seed)
	cx := equiv.Check(movers[0], movers[1], positions)
	if cx == nil {
		cx = props.Distinguish(movers[0], movers[1], *count, *seed)
	}
	if cx == nil {
		fmt.Fprintf(e.stdout, "%s and %s are equivalent on %d corpus and %d generated positions\n", ops[0], ops[1], len(positions), *count)
		return exitOK
	}
	fmt.Fprintf(e.stdout, "%s and %s differ:\n%s", ops[0], ops[1], cx.Report(ops[0], ops[1]))
	return exitFail
}

// corpusPositions collects the positions of the corpus's valid cases; a
// missing corpus gives none.
func corpusPositions(dir string) []equiv.Position {
	if dir == "" {
		return nil
	}
	files, err := corpus.Load(filepath.Clean(dir))
	if err != nil {
		return nil
	}
	var out []equiv.Position
	for _, f := range files {
		for _, cs := range f.Cases {
			if pos, from, err := cs.Setup(); err == nil {
				out = append(out, equiv.Position{Pos: pos, From: from})
			}
		}
	}
	return out
}

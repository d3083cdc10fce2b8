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
	Args:    "[--count N] [--seed S] [--corpus DIR] [--quiet] [--json] A B",
	Summary: "check that two notations mean the same moves on the corpus positions and generated ones",
	Run:     runEquiv,
}

// equivJSON is equiv --json.
type equivJSON struct {
	A               string          `json:"a"`
	B               string          `json:"b"`
	Seed            int64           `json:"seed"`
	CorpusPositions int             `json:"corpusPositions"`
	Generated       int             `json:"generated"` // --count, or 0 when a corpus position differed and none was generated
	Equivalent      bool            `json:"equivalent"`
	Counterexample  *counterExample `json:"counterexample"`
}

// counterExample is the position on which A and B differ, with the outcome
// keys only one has (or the evaluation error of one).
type counterExample struct {
	Board    string   `json:"board"`
	Position string   `json:"position"`
	From     string   `json:"from"`
	OnlyA    []string `json:"onlyA"`
	OnlyB    []string `json:"onlyB"`
	ErrorA   string   `json:"errorA,omitempty"`
	ErrorB   string   `json:"errorB,omitempty"`
}

func runEquiv(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	count := fs.Int("count", 1000, "generated positions to try")
	seed := fs.Int64("seed", time.Now().UnixNano(), "seed of the generated positions")
	dir := fs.String("corpus", "corpus", "corpus whose positions are tried first (\"\" for none)")
	quiet := fs.Bool("quiet", false, "print only the verdict line")
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
	ops, code, ok := c.parseArgs(e, fs, args, 2)
	if !ok {
		return code
	}
	var movers [2]equiv.Mover
	for i, src := range ops {
		prog, _ := compile(e, src)
		if prog == nil {
			return exitUsage
		}
		movers[i] = equiv.Program(prog)
	}
	positions := corpusPositions(*dir)
	if !*quiet && !*jsonOut {
		fmt.Fprintf(e.stdout, "seed %d\n", *seed)
	}
	cx, generated := equiv.Check(movers[0], movers[1], positions), 0
	if cx == nil {
		cx, generated = props.Distinguish(movers[0], movers[1], *count, *seed), *count
	}
	switch {
	case *jsonOut:
		doc := equivJSON{A: ops[0], B: ops[1], Seed: *seed, CorpusPositions: len(positions), Generated: generated, Equivalent: cx == nil}
		if cx != nil {
			p := cx.Position
			doc.Counterexample = &counterExample{Board: p.Pos.Size().String(), Position: p.Pos.String(), From: p.From.String(),
				OnlyA: nonNil(cx.OnlyA), OnlyB: nonNil(cx.OnlyB), ErrorA: errString(cx.ErrA), ErrorB: errString(cx.ErrB)}
		}
		if err := writeJSON(e.stdout, doc); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck equiv: %v\n", err)
			return exitFail
		}
	case cx == nil:
		fmt.Fprintf(e.stdout, "%s and %s are equivalent on %d corpus and %d generated positions\n", ops[0], ops[1], len(positions), *count)
	case *quiet:
		fmt.Fprintf(e.stdout, "%s and %s differ (%s)\n", ops[0], ops[1], cx.Position)
	default:
		fmt.Fprintf(e.stdout, "%s and %s differ:\n%s", ops[0], ops[1], cx.Report(ops[0], ops[1]))
	}
	if cx != nil {
		return exitFail
	}
	return exitOK
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

// Command sidebyside runs the side-by-side benchmark of package speed:
// the reference, ffish (in Node) and the hand-written generator on the
// same positions, checked to agree, timed round by round in turn, and
// prints the tables (speeds, then ratios). Run it from the repository's
// root, as conformance/speed/sidebyside.sh does. Exit status: 0 when every side
// ran and agreed, 1 when a side failed or the sides disagree, 2 on a
// usage error. Speed never fails it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/betzacheck/betzacheck/conformance/speed"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("sidebyside", flag.ContinueOnError)
	positions := fs.String("positions", "conformance/speed/"+speed.PositionsFile, "the positions file")
	n := fs.Int("n", 0, "use the first N positions (0: all)")
	rounds := fs.Int("rounds", 12, "rounds a side and piece")
	minRound := fs.Duration("min-round", 50*time.Millisecond, "least CPU time of a round (passes over the positions are repeated up to it)")
	short := fs.Bool("short", false, "a check that the benchmark works: 20 positions, 1 round, -min-round 1ms (the flags given override these)")
	node := fs.String("node", "node", "the Node executable")
	script := fs.String("ffish-script", "conformance/speed/ffish_bench.js", "the ffish side's script")
	timeout := fs.Duration("timeout", 30*time.Minute, "stop the run after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "sidebyside: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if *short {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["n"] {
			*n = 20
		}
		if !set["rounds"] {
			*rounds = 1
		}
		if !set["min-round"] {
			*minRound = time.Millisecond
		}
	}
	if *n < 0 || *rounds < 1 || *minRound < 0 {
		fmt.Fprintln(os.Stderr, "sidebyside: -n must be 0 or more, -rounds 1 or more, -min-round 0 or more")
		return 2
	}
	f, err := os.Open(*positions)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sidebyside: %v\n", err)
		return 2
	}
	setups, err := speed.ReadPositions(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(os.Stderr, "sidebyside: %s: %v\n", *positions, err)
		return 2
	}
	if *n > 0 && *n < len(setups) {
		setups = setups[:*n]
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	res, err := speed.Run(ctx, speed.Config{
		Setups:   setups,
		Pieces:   speed.Pieces(),
		Rounds:   *rounds,
		MinRound: *minRound,
		FFish:    []string{*node, *script},
		Stderr:   os.Stderr,
	})
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		fmt.Fprintf(os.Stderr, "sidebyside: stopped after -timeout %v\n", *timeout)
		return 1
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "sidebyside: %v\n", err)
		return 1
	}
	res.PositionsFrom = *positions
	if *n > 0 {
		res.PositionsFrom = fmt.Sprintf("the first %d of %s", len(setups), *positions)
	}
	if err := speed.WriteTable(os.Stdout, res); err != nil {
		fmt.Fprintf(os.Stderr, "sidebyside: %v\n", err)
		return 1
	}
	return 0
}

package main

import (
	"fmt"
	"io"
)

func runHelp(c *command, e *env, args []string) int {
	if len(args) > 1 {
		fmt.Fprintln(e.stderr, "betzacheck help: expected at most one command name")
		return exitUsage
	}
	if len(args) == 1 {
		target := lookup(args[0])
		if target == nil {
			fmt.Fprintf(e.stderr, "betzacheck help: unknown command %q\n", args[0])
			shortUsage(e.stderr)
			return exitUsage
		}
		fmt.Fprintln(e.stdout, target.Summary+".")
		if target == c {
			c.usage(e.stdout, nil)
			return exitOK
		}
		// The command's own -h prints its synopsis and flags.
		target.Run(target, &env{stdin: e.stdin, stdout: io.Discard, stderr: e.stdout}, []string{"-h"})
		return exitOK
	}
	w := e.stdout
	fmt.Fprintln(w, "betzacheck is the executable definition of Betza 2.0 notation for fairy-chess pieces.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: betzacheck <command> [flags] [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.Name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s %s\n", width, c.Name, c.Summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Flags may come before or after the operands. 'betzacheck help COMMAND' shows a command's flags.")
	fmt.Fprintln(w, "parse, explain, moves and equiv read a notation in any dialect translate knows with --dialect NAME")
	fmt.Fprintln(w, "(default betza2) and work on its Betza 2.0 translation; moves evaluates spanish directly on a board of")
	fmt.Fprintln(w, "more than two dimensions (--board 5x5x5).")
	fmt.Fprintln(w)
	// The statuses are decided in spec/protocol.md P9.
	fmt.Fprintln(w, "exit status (spec/protocol.md P9):")
	fmt.Fprintln(w, "  0  pass: the command succeeded and found no failure")
	fmt.Fprintln(w, "  1  failure found: a bad notation, a failed evaluation, check or case (a program that never starts fails its cases)")
	fmt.Fprintln(w, "  2  usage or input error: unknown command, bad flag, bad board, position or square, a report file that cannot be written")
	fmt.Fprintln(w, "  3  inconclusive: nothing failed, but a search limit was hit, every case was unsupported, or the run was stopped")
	return exitOK
}

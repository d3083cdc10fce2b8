package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/htmlreport"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/triage"
)

func runMerge(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	jsonOut := fs.String("json", "", "write the merged JSON report to FILE (\"-\": to stdout, instead of the text report)")
	junit := fs.String("junit", "", "write the merged JUnit XML report to FILE")
	htmlOut := fs.String("html", "", "write the merged HTML report to FILE")
	divergences := fs.String("divergences", "", "write the merged divergence classes to FILE as a markdown page (notes written in it by hand are kept)")
	expect := fs.String("expect", "", "the expectation file the shards were run with: the ids that no shard met are stale here\n"+
		"(a shard does not report them: another shard may hold the case)")
	impl := fs.String("impl", "", "the --impl the shards were run with, for the HTML report's replay commands (default: the one their reports name)")
	dir := fs.String("corpus", "", "the corpus directory the shards were run with, for the HTML report's replay commands (default: the one their reports name)")
	quiet := fs.Bool("quiet", false, "print only the summary line: the line conform --quiet prints for the whole run")
	verbose := fs.Bool("v", false, verboseUsage)
	diagrams := fs.Int("failures", 5, "failures to show with a diagram")
	allowUnsupported := fs.Bool("allow-unsupported", false, "exit 0 when every case is unsupported (the summary still says that nothing was decided)")
	files, code, ok := c.parseArgs(e, fs, args, -1)
	if !ok {
		return code
	}
	if len(files) == 0 {
		fmt.Fprintln(e.stderr, "betzacheck merge: expected one or more JSON reports written by conform --json")
		c.usage(e.stderr, nil)
		return exitUsage
	}
	if !checkOutputs(c, e, []fileFlag{{"json", *jsonOut}, {"junit", *junit}, {"html", *htmlOut}, {"divergences", *divergences}}) {
		return exitUsage
	}
	if *impl != "" {
		// It is not run here, but the replay commands give it to conform.
		if _, ok := implCommand(c, e, *impl); !ok {
			return exitUsage
		}
	}
	known, _, err := readExpectations(*expect)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck merge: %v\n", err)
		return exitUsage
	}
	notes, err := readNotes(*divergences)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck merge: --divergences: %v\n", err)
		return exitUsage
	}
	reports := make([]*conform.Report, len(files))
	for i, name := range files {
		if reports[i], err = readReport(name); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck merge: %s: %v\n", name, err)
			return exitUsage
		}
	}
	rep, err := report.Merge(reports...)
	if me := (*report.MergeError)(nil); errors.As(err, &me) {
		names := make([]string, len(me.Reports))
		for i, n := range me.Reports {
			names[i] = files[n]
		}
		if len(names) > 0 {
			fmt.Fprintf(e.stderr, "betzacheck merge: %s: %s\n", strings.Join(names, " and "), me.Reason)
		} else {
			fmt.Fprintf(e.stderr, "betzacheck merge: %s\n", me.Reason)
		}
		return exitUsage
	} else if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck merge: %v\n", err)
		return exitUsage
	}
	if known != nil {
		report.ApplyMerged(rep, known)
	}
	// The merged report's command line is the merge's: the shards' hold
	// each its own shard and output paths.
	rep.Run.Argv = e.argv(c.Name, args)
	jsonStdout := *jsonOut == "-"
	printReport(e, rep, *quiet && !jsonStdout, !*quiet && !jsonStdout, *verbose, *diagrams)
	status := conformStatus(c, rep, *allowUnsupported, e.stderr)
	hopt := htmlreport.Options{Program: e.prog(), Impl: cmp.Or(*impl, rep.Run.Impl, rep.Impl.Name), Corpus: *dir, Notation: rep.Run.Notation}
	if c := rep.Run.Corpus; hopt.Corpus == "" && c != nil {
		hopt.Corpus = c.Path
	}
	if rep.Level != rep.Impl.Level {
		hopt.Level = rep.Level // the run was given --level
	}
	return writeReports(c, e, []reportFile{
		{*jsonOut, func(w io.Writer) error { return report.WriteJSON(w, rep) }},
		{*junit, func(w io.Writer) error { return report.WriteJUnit(w, rep) }},
		{*htmlOut, func(w io.Writer) error { return htmlreport.Write(w, rep, hopt) }},
		{*divergences, func(w io.Writer) error {
			return triage.WriteDivergences(w, rep, conform.ShellJoin(append([]string{"betzacheck", "merge"}, args...)...), notes)
		}},
	}, status)
}

// readReport reads a JSON report written by conform --json.
func readReport(name string) (*conform.Report, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return report.ReadJSON(f)
}

package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/corpus"
	"github.com/betzacheck/betzacheck/conformance/htmlreport"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/loc"
)

// verboseUsage is the help of -v, of conform and merge alike.
const verboseUsage = "end the text report with a line for every case, passes included, each failure with its replay command\n" +
	"(without it, failures are summed up in their classes and the first --failures are drawn)"

func runConform(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	impl := fs.String("impl", "", "implementation command, or \"reference\" for the reference in process: words as a POSIX shell splits them\n"+
		"(quotes and backslashes), leading NAME=value words set in its environment; run without a shell, so nothing\n"+
		"is expanded ($, `, ~, globs) and no pipe or redirection is taken (spec/protocol.md P1.8)")
	dir := fs.String("corpus", "", "corpus directory, or \"builtin\" for the corpus built into betzacheck (or give it as the operand);\n"+
		"with no corpus, no --generate and no --notation, the built-in corpus is run")
	generate := fs.Int("generate", 0, "generated cases to add")
	seed := fs.Int64("seed", time.Now().UnixNano(), "seed of the generated cases")
	level := fs.String("level", "", "compare at this level at most (destinations, effects, paths)")
	expect := fs.String("expect", "", "file of known divergences: CASE-ID VERDICT # reason")
	writeExpect := fs.String("write-expect", "", "write this run's divergences to FILE as an expectation file")
	junit := fs.String("junit", "", "write a JUnit XML report to FILE")
	jsonOut := fs.String("json", "", "write a JSON report to FILE (\"-\": to stdout, instead of the text report)")
	htmlOut := fs.String("html", "", "write a self-contained HTML report to FILE: summary per clause, failures with diagrams and replay commands")
	quiet := fs.Bool("quiet", false, "print only the summary line (and no progress)")
	timeout := fs.Duration("timeout", client.DefaultTimeout, "time limit per case (more than 0)")
	verbose := fs.Bool("v", false, verboseUsage)
	diagrams := fs.Int("failures", 5, "failures to show with a diagram")
	allowUnsupported := fs.Bool("allow-unsupported", false, "exit 0 when every case is unsupported (the summary still says that nothing was decided)")
	shardFlag := fs.String("shard", "", "judge shard K of N only (1 ≤ K ≤ N): the cases at positions K, K+N, K+2N, … of the run (corpus cases, then generated ones);\n"+
		"run K = 1 to N with the same other flags (a CI job each) and combine their --json reports with 'betzacheck merge'.\n"+
		"With --expect a shard does not report an id it never met as stale (another shard holds it): give merge the same --expect")
	shrinkBudget := fs.Int("shrink-budget", triage.DefaultShrinkBudget, "candidates each failure shrunk may ask about, answered by the implementation or from the cache (0: no shrinking; causes are still named)")
	jobs := fs.Int("jobs", runtime.NumCPU(), "processes of the implementation to run side by side, for the run and for shrinking (the report is the same whatever it is)")
	divergences := fs.String("divergences", "", "write the divergence classes to FILE as a markdown page (notes written in it by hand are kept)")
	one := addCaseFlags(fs)
	ops, code, ok := c.parseArgs(e, fs, args, -1)
	if !ok {
		return code
	}
	if len(ops) > 1 || *impl == "" {
		fmt.Fprintln(e.stderr, "betzacheck conform: expected --impl and at most one corpus directory")
		c.usage(e.stderr, nil)
		return exitUsage
	}
	if len(ops) == 1 {
		*dir = ops[0]
	}
	command, ok := implCommand(c, e, *impl)
	if !ok {
		return exitUsage
	}
	if one.given() && *dir != "" {
		fmt.Fprintln(e.stderr, "betzacheck conform: --notation judges one notation: give no corpus directory")
		return exitUsage
	}
	if one.given() && *generate > 0 && one.placed() {
		fmt.Fprintln(e.stderr, "betzacheck conform: --notation with --generate N judges the notation on N generated positions: give no --board, --position or --from")
		return exitUsage
	}
	if *dir == "" && *generate <= 0 && !one.given() {
		*dir = corpus.Builtin
	}
	if !checkPositive(c, e, "timeout", *timeout) {
		return exitUsage
	}
	if *level != "" && !wire.ValidLevel(*level) {
		fmt.Fprintf(e.stderr, "betzacheck conform: --level: expected one of %s, found %q\n", strings.Join(wire.Levels(), ", "), *level)
		return exitUsage
	}
	if !checkOutputs(c, e, []fileFlag{{"json", *jsonOut}, {"junit", *junit}, {"html", *htmlOut}, {"write-expect", *writeExpect}, {"divergences", *divergences}}) {
		return exitUsage
	}
	// With --json - the JSON report is the whole of stdout.
	jsonStdout := *jsonOut == "-"
	text := !*quiet && !jsonStdout
	var shard conform.Shard
	if *shardFlag != "" {
		s, err := conform.ParseShard(*shardFlag)
		if err != nil {
			fmt.Fprintf(e.stderr, "betzacheck conform: --shard: %v\n", err)
			return exitUsage
		}
		shard = s
	}
	known, expectInfo, err := readExpectations(*expect)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck conform: %v\n", err)
		return exitUsage
	}

	var corpusCases []*conform.Case
	if *dir != "" {
		cs, err := conform.CorpusCases(*dir)
		if err != nil {
			fmt.Fprintf(e.stderr, "betzacheck conform: corpus: %v\n", err)
			return exitUsage
		}
		corpusCases = cs
	}
	notes, err := readNotes(*divergences)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck conform: --divergences: %v\n", err)
		return exitUsage
	}
	if one.given() && *generate <= 0 {
		c, notes, err := one.build()
		if err != nil {
			fmt.Fprintf(e.stderr, "betzacheck conform: %v\n", err)
			return exitUsage
		}
		for _, note := range notes {
			fmt.Fprintf(e.stderr, "betzacheck conform: note: --position: %s (§11.4)\n", note)
		}
		corpusCases = []*conform.Case{c}
	}
	if len(corpusCases) == 0 && *generate <= 0 {
		fmt.Fprintln(e.stderr, "betzacheck conform: no cases: give a corpus directory or --generate N")
		return exitUsage
	}
	// SIGINT and SIGTERM stop the run: the implementation's process group
	// is killed, the case in flight gets error "run interrupted", no later
	// case is taken, and the report is written for the cases judged
	// (spec/protocol.md P6.6). A second signal ends betzacheck at once.
	ctx, stopSignals := signalContext()
	defer stopSignals()
	if *jobs < 1 {
		fmt.Fprintf(e.stderr, "betzacheck conform: --jobs: expected at least 1, found %d\n", *jobs)
		return exitUsage
	}
	im, clients, started := startImpl(ctx, e, *impl, command, *timeout, *jobs)
	closed := false
	defer func() {
		if !closed {
			im.Close()
		}
	}()
	// An implementation that never started is asked nothing: its cases
	// are not adapted to dialects it never declared.
	generator := func(indices iter.Seq[int]) (iter.Seq[*conform.Case], error) {
		return conform.GenerateOnly(im.Hello(), *generate, *seed, indices)
	}
	if one.given() {
		generator = func(indices iter.Seq[int]) (iter.Seq[*conform.Case], error) {
			return conform.GenerateNotation(im.Hello(), *one.dialect, *one.notation, *generate, *seed, indices)
		}
	}
	cases, total, err := streamCases(corpusCases, im.Hello(), started && !(one.given() && *generate <= 0), *generate, generator, shard)
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck conform: %v\n", err)
		return exitUsage
	}
	if *generate > 0 && text {
		fmt.Fprintf(e.stdout, "seed %d\n", *seed)
		if one.given() {
			fmt.Fprintf(e.stdout, "notation %s in %s on %d generated positions\n", conform.ShellJoin(*one.notation), *one.dialect, *generate)
		}
	}
	var bar *progress
	if !*quiet {
		bar = newProgress(e.stderr, total)
	}
	// What the run is, for its JSON report and for merge, which compares
	// it across shards (spec/protocol.md P10.2).
	info := conform.RunInfo{Tool: "betzacheck", Version: moduleVersion(), Argv: e.argv(c.Name, args), Impl: *impl, Level: *level,
		Timeout: timeout.String(), ShrinkBudget: *shrinkBudget, Expect: expectInfo}
	if *generate > 0 {
		info.Generate, info.Seed, info.Dialect = *generate, seed, conform.GenerateDialect(im.Hello().Dialects)
		if one.given() {
			info.Dialect = *one.dialect
		}
	}
	if *dir != "" {
		info.Corpus = conform.NewCorpusInfo(filepath.Clean(*dir), corpusCases)
	}
	if one.given() {
		info.Notation = one.info()
	}
	// Passing cases are kept (without their answers) only for the reports
	// that list every case, so that a long run's memory does not grow
	// with them.
	opt := conform.Options{Level: *level, Expect: known, KeepPasses: *jsonOut != "" || *junit != "" || *verbose, Shard: shard, Run: info, Jobs: max(len(clients), 1)}
	rep := conform.Stream(ctx, im, counting(cases, bar.update), opt)
	bar.finish()
	// The replay commands run this binary with --impl as given, its
	// environment assignments included (spec/protocol.md P10.7).
	diagnose(ctx, e, im, rep, triage.Options{ShrinkOptions: triage.ShrinkOptions{Budget: *shrinkBudget, Program: e.prog(), Impl: *impl}, Jobs: opt.Jobs}, !*quiet)
	if known != nil {
		triage.ApplyClasses(rep, known)
	}
	// Close before reporting: lines written after the last reply are
	// known only then.
	closed = true
	if err := im.Close(); err != nil {
		fmt.Fprintf(e.stderr, "betzacheck conform: %v\n", err)
	}
	for _, cl := range clients {
		rep.Unsolicited += cl.Stats().Unsolicited
		rep.UnsolicitedLines = append(rep.UnsolicitedLines, cl.Unsolicited()...)
	}
	if rep.Interrupted() {
		fmt.Fprintf(e.stderr, "betzacheck conform: %v: stopped after %d cases; no later case run\n", context.Cause(ctx), rep.Cases)
	} else if rep.Cases == 0 && !shard.Whole() {
		fmt.Fprintf(e.stderr, "betzacheck conform: no cases in shard %s: the run has fewer than %d cases\n", shard, shard.K)
		return exitUsage
	} else if rep.Cases == 0 {
		// Generate yields one case for each of its N (an unfitting one as
		// unsupported), so only an empty stream comes here.
		fmt.Fprintln(e.stderr, "betzacheck conform: no cases: the run judged none")
		return exitUsage
	}
	printReport(e, rep, *quiet && !jsonStdout, text, *verbose, *diagrams)
	status := conformStatus(c, rep, *allowUnsupported, e.stderr)
	return writeReports(c, e, []reportFile{
		{*jsonOut, func(w io.Writer) error { return report.WriteJSON(w, rep) }},
		{*junit, func(w io.Writer) error { return report.WriteJUnit(w, rep) }},
		{*writeExpect, func(w io.Writer) error { return report.WriteExpectations(w, rep, known) }},
		{*divergences, func(w io.Writer) error {
			return triage.WriteDivergences(w, rep, conform.ShellJoin(e.argv(c.Name, args)...), notes)
		}},
		{*htmlOut, func(w io.Writer) error {
			return htmlreport.Write(w, rep, htmlreport.Options{Program: e.prog(), Impl: *impl, Corpus: *dir, Level: *level, Notation: rep.Run.Notation})
		}},
	}, status)
}

// readExpectations reads the file of known divergences, and says what it
// was for the run's report; "" is none.
func readExpectations(path string) (conform.Expectations, *conform.ExpectInfo, error) {
	if path == "" {
		return nil, nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	known, err := conform.ParseExpectations(bytes.NewReader(data))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	return known, &conform.ExpectInfo{Path: path, Digest: conform.Digest(data)}, nil
}

// implCommand reads --impl, the text impl, as a command line
// (client.ParseCommand; "reference" is the reference in process, no
// command). A text that does not read is a usage error, reported with a
// caret under its offending character (spec/protocol.md P1.8, P9).
func implCommand(c *command, e *env, impl string) (client.Command, bool) {
	if impl == "reference" {
		return client.Command{}, true
	}
	cmd, err := client.ParseCommand(impl)
	if err == nil {
		return cmd, true
	}
	what := err.Error()
	if le := (*loc.Error)(nil); errors.As(err, &le) {
		what = le.RenderInput("--impl", impl)
	}
	fmt.Fprintf(e.stderr, "betzacheck %s: --impl does not read as a command (spec/protocol.md P1.8):\n%s\n", c.Name, what)
	return client.Command{}, false
}

// startImpl starts the implementation under test: the reference in
// process when impl is "reference", or jobs processes of cmd, read from
// impl, behind the protocol, as one conform.Pool. A command that cannot start becomes
// conform.NotStarted, so that every case still gets a verdict and the
// report is written (spec/protocol.md P2.2, P6.4); started is false then.
// When only some of the processes start, the pool is those that did.
func startImpl(ctx context.Context, e *env, impl string, cmd client.Command, timeout time.Duration, jobs int) (im conform.Impl, clients []*client.Client, started bool) {
	if impl == "reference" {
		return conform.Reference{Version: moduleVersion()}, nil, true
	}
	var members []conform.Impl
	var firstErr error
	for range jobs {
		cl, err := client.Start(ctx, cmd.Argv, client.Options{Timeout: timeout, Stderr: io.Discard, Env: cmd.Env})
		if err != nil {
			firstErr = err
			break
		}
		clients, members = append(clients, cl), append(members, cl)
	}
	if len(members) == 0 {
		// A run stopped during the handshake judges no case: the stop
		// is said once, with the cases judged (spec/protocol.md P9.6).
		if ctx.Err() == nil {
			fmt.Fprintf(e.stderr, "betzacheck conform: %s: could not start: %v; every case is an error\n", impl, firstErr)
		}
		return conform.NotStarted{Name: impl, Err: firstErr}, nil, false
	}
	if firstErr != nil && ctx.Err() == nil {
		fmt.Fprintf(e.stderr, "betzacheck conform: %s: %d of %d processes started (%v); the run uses %d\n", impl, len(members), jobs, firstErr, len(members))
	}
	return conform.NewPool(members...), clients, true
}

// printReport prints the text report on stdout (in colour when it takes
// colour), or with summaryOnly its last line alone, or with neither
// nothing.
func printReport(e *env, rep *conform.Report, summaryOnly, text, verbose bool, diagrams int) {
	switch {
	case summaryOnly:
		fmt.Fprintln(e.stdout, rep.Summary())
	case text:
		var w io.Writer = e.stdout
		if e.colorOut {
			vw := &verdictWriter{w: e.stdout}
			defer vw.Flush()
			w = vw
		}
		report.WriteText(w, rep, verbose, diagrams)
	}
}

// fileFlag is a flag that names a file to write.
type fileFlag struct{ name, path string }

// checkOutputs checks, before anything runs, every file the flags name
// for writing (spec/protocol.md P9.3): "-" (stdout) only for --json, no
// file named by two flags, and each one writable: an existing file (not a
// directory) opens for writing, unchanged, and a new one can be created
// in its directory (it is created and removed again). On a problem it
// reports the usage error and returns false: a run whose reports cannot
// be written is not started.
func checkOutputs(c *command, e *env, flags []fileFlag) bool {
	named := map[string]string{}
	for _, f := range flags {
		switch {
		case f.path == "":
			continue
		case f.path == "-" && f.name != "json":
			fmt.Fprintf(e.stderr, "betzacheck %s: --%s: \"-\" (stdout) is only for --json; give a file\n", c.Name, f.name)
			return false
		case f.path == "-":
			continue
		}
		key := filepath.Clean(f.path)
		if other, ok := named[key]; ok {
			fmt.Fprintf(e.stderr, "betzacheck %s: --%s and --%s both name %s: give each report its own file\n", c.Name, other, f.name, f.path)
			return false
		}
		named[key] = f.name
		if err := writable(f.path); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck %s: --%s: %v; nothing was run\n", c.Name, f.name, err)
			return false
		}
	}
	return true
}

// writable checks that path can be written without changing it: an
// existing file opens for writing (without truncating it), and a missing
// one is created and removed again.
func writable(path string) error {
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return fmt.Errorf("%s is a directory", path)
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return f.Close()
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(path)
}

// reportFile is a report to write to path ("" for none, "-" for stdout).
type reportFile struct {
	path  string
	write func(io.Writer) error
}

// writeReports writes each report asked for, whatever happens to the
// others, and returns the exit status (spec/protocol.md P9.3): the run's
// status when every report was written; when one could not be (a disk
// full, a file removed since it was checked), each failure is said on
// stderr and the status stays the run's, except that a run that passed
// exits 2, so that a pass never hides a missing report.
func writeReports(c *command, e *env, reports []reportFile, status int) int {
	failed := false
	for _, out := range reports {
		var err error
		switch out.path {
		case "":
			continue
		case "-":
			err = out.write(e.stdout)
		default:
			err = writeFile(out.path, out.write)
		}
		if err != nil {
			failed = true
			fmt.Fprintf(e.stderr, "betzacheck %s: writing %s: %v\n", c.Name, cmp.Or(out.path, "stdout"), err)
		}
	}
	if failed && status == exitOK {
		return exitUsage
	}
	return status
}

// conformStatus is the exit status of a run: 1 when it breaks, 3
// (inconclusive) when it was interrupted with nothing broken among the
// cases judged, or decided nothing because every case was unsupported
// (spec/protocol.md P6.6, P6.7), unless allowUnsupported; 0 otherwise.
func conformStatus(c *command, rep *conform.Report, allowUnsupported bool, stderr io.Writer) int {
	if rep.Interrupted() {
		if rep.Broken() {
			return exitFail
		}
		return exitUndecided
	}
	if rep.Failed() {
		return exitFail
	}
	if rep.NothingDecided() {
		if allowUnsupported {
			fmt.Fprintf(stderr, "betzacheck %s: NOTHING DECIDED: all %d cases are unsupported (accepted: --allow-unsupported)\n", c.Name, rep.Cases)
			return exitOK
		}
		fmt.Fprintf(stderr, "betzacheck %s: NOTHING DECIDED: all %d cases are unsupported; exit status %d (--allow-unsupported accepts this)\n", c.Name, rep.Cases, exitUndecided)
		return exitUndecided
	}
	return exitOK
}

// streamCases is the run's cases as a stream, adapted to the
// implementation h describes: the corpus cases, then n generated ones that
// fit it, built one at a time as the run takes them, those of the shard
// only (every case for the whole run); total is how many there are, for
// the progress. Without adapt the cases stay as they are (an
// implementation that never started declared nothing to adapt them to).
func streamCases(corpusCases []*conform.Case, h wire.HelloReply, adapt bool, n int, generate conform.Generator, shard conform.Shard) (cases iter.Seq[*conform.Case], total int, err error) {
	all, err := shard.CasesOf(corpusCases, n, generate)
	if err != nil {
		return nil, 0, err
	}
	total = shard.Count(len(corpusCases) + max(n, 0))
	if !adapt {
		return all, total, nil
	}
	return conform.AdaptSeq(all, h), total, nil
}

// counting reports each case the run takes, for the progress bar.
func counting(cases iter.Seq[*conform.Case], done func(int)) iter.Seq[*conform.Case] {
	return func(yield func(*conform.Case) bool) {
		n := 0
		for c := range cases {
			n++
			done(n)
			if !yield(c) {
				return
			}
		}
	}
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Command betzacheck is the command line of the executable Betza 2.0
// definition: it parses and explains notations, evaluates them on a
// position, and (in later subcommands) checks other implementations. A
// notation may be written in any dialect package translate knows
// (--dialect): it is read into Betza 2.0, and the command works on that.
//
// Exit status (spec/protocol.md P9): 0 success, 1 a failure was found (a
// bad notation, a failed check or case), 2 a usage or input error (unknown
// subcommand, bad flag, bad position or square, a report file that cannot
// be written), 3 inconclusive (nothing failed, but a search limit was
// hit, every case was unsupported, or the run was stopped, so not
// everything was decided).
package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/eval"
)

func main() { os.Exit(runAs(programOf(os.Args[0]), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// programOf is the program of the commands betzacheck prints to run
// again (replay commands, a report's argv), for a run whose argv[0] is
// argv0 (spec/protocol.md P10.7): the binary's name when the PATH finds
// the running binary by it (however it was run); else its absolute path
// (argv0 made absolute when it is a path, so that the command works from
// any directory); and "betzacheck" for the temporary binary of "go
// run", which is removed when the run ends, and when the binary is not
// known.
func programOf(argv0 string) string {
	exe, err := os.Executable()
	if argv0 == "" || err != nil || goRunBinary(exe) {
		return "betzacheck"
	}
	name := filepath.Base(argv0)
	if found, err := exec.LookPath(name); err == nil && sameFile(found, exe) {
		return name
	}
	if strings.ContainsRune(argv0, os.PathSeparator) {
		if abs, err := filepath.Abs(argv0); err == nil {
			return abs
		}
	}
	return exe
}

// goRunBinary says whether the binary at path exe was built by "go run":
// $GOTMPDIR/go-buildNNN/bNNN/exe/NAME.
func goRunBinary(exe string) bool {
	exeDir := filepath.Dir(exe)
	work := filepath.Dir(filepath.Dir(exeDir))
	return filepath.Base(exeDir) == "exe" && strings.HasPrefix(filepath.Base(work), "go-build")
}

// sameFile says whether the paths a and b name one file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// The exit codes, documented by help.
const (
	exitOK    = 0 // success
	exitFail  = 1 // a failure was found: bad notation, failed check
	exitUsage = 2 // usage or input error
	// exitUndecided: nothing failed, but not everything was decided (a
	// search limit was hit, every case was unsupported, or the run was
	// stopped); never a pass.
	exitUndecided = 3
)

// command is one subcommand. Its Run gets the arguments after the
// subcommand's name and returns the exit code.
type command struct {
	Name    string
	Args    string // the synopsis after the name: flags and operands
	Summary string // one line for help
	Run     func(c *command, e *env, args []string) int
}

// commands is the dispatch table, in the order help lists them: every
// command's name, synopsis and summary in one place. A new subcommand is a
// new file with its run function, in the pattern of version.go
// (c.flagSet, c.parseArgs, the exit codes above), plus its entry here. The table is filled in init because help reads it: a
// package-level literal would be an initialization cycle.
var commands []*command

func init() {
	commands = []*command{
		{
			Name:    "parse",
			Args:    "[--json] [--dialect NAME] NOTATION",
			Summary: "print the canonical Betza 2.0 form of a notation, or the located error",
			Run:     runParse,
		},
		{
			Name:    "explain",
			Args:    "[--chains N] [--legs N] [--json] [--dialect NAME] NOTATION",
			Summary: "print the expanded move chains leg by leg, with where each default came from",
			Run:     runExplain,
		},
		{
			Name:    "moves",
			Args:    "[--board WxH[xD...]] [--position TEXT] --from SQ [--json] [--paths] [--svg FILE] [--dialect NAME] NOTATION",
			Summary: "evaluate a notation on a position: draw the board and list every outcome",
			Run:     runMoves,
		},
		{
			Name:    "equiv",
			Args:    "[--count N] [--seed S] [--corpus DIR] [--quiet] [--json] [--dialect NAME] [--dialect2 NAME] A B",
			Summary: "check that two notations mean the same moves on the corpus positions and generated ones",
			Run:     runEquiv,
		},
		{
			Name:    "fuzz",
			Args:    "[--count N] [--time D] [--seed S] [--max-states N] [--max-bytes N] [--heap MIB] [--quiet] [--json]",
			Summary: "check every law on notations sampled from the grammar, on generated positions",
			Run:     runFuzz,
		},
		{
			Name:    "conform",
			Args:    "--impl CMD [--generate N] [--seed S] [--notation X [--dialect D]] [--level L] [--shard K/N] [--expect FILE] [--junit FILE] [--json FILE|-] [--html FILE] [--allow-unsupported] [--quiet] [CORPUS-DIR]",
			Summary: "run the corpus and generated cases through an implementation and judge it against the reference",
			Run:     runConform,
		},
		{
			Name:    "merge",
			Args:    "[--expect FILE] [--json FILE|-] [--junit FILE] [--html FILE] [--divergences FILE] [--quiet] REPORT.json...",
			Summary: "combine the JSON reports of conform --shard 1/N to N/N into the whole run's report",
			Run:     runMerge,
		},
		{
			Name:    "serve",
			Args:    "",
			Summary: fmt.Sprintf("answer protocol %d requests on stdin/stdout with the reference (spec/protocol.md)", wire.Version),
			Run:     runServe,
		},
		{
			Name:    "translate",
			Args:    "--from DIALECT --to DIALECT [--check] [--count N] [--seed S] [--corpus DIR] NOTATION",
			Summary: "write a notation in another dialect (betza2, bracket, betza-classic[:PROFILE], spanish, xbetza)",
			Run:     runTranslate,
		},
		{
			Name:    "lint",
			Args:    "[--kind fsf|xboard|list] [--dialect NAME] [--json] [--svg DIR] [--strict] [--positions N] [--seed S] FILE... (- for standard input)",
			Summary: "check the pieces of a Fairy-Stockfish variants file, XBoard piece commands or a list: located errors, lost meaning, readers that disagree",
			Run:     runLint,
		},
		{
			Name:    "web",
			Args:    "[--addr HOST:PORT] [--timeout D] [--corpus DIR] [--allowed-hosts HOSTS]",
			Summary: "serve the playground: a page to type a notation and see its moves, and the JSON API behind it",
			Run:     runWeb,
		},
		{
			Name:    "export",
			Args:    "corpus|spec|grammar DIR",
			Summary: "write out the corpus, the spec or the grammars built into betzacheck, to read and extend",
			Run:     runExport,
		},
		{
			Name:    "version",
			Args:    "",
			Summary: "print the version, the spec and the protocol version",
			Run:     runVersion,
		},
		{
			Name:    "help",
			Args:    "[COMMAND]",
			Summary: "list the commands and exit codes, or show one command's flags",
			Run:     runHelp,
		},
	}
}

// env is what a subcommand may touch: its standard streams, whether each
// output stream takes colour (see useColor), and the context of the run.
type env struct {
	stdin              io.Reader
	stdout, stderr     io.Writer
	colorOut, colorErr bool
	// ctx bounds the run in time: nil (no bound) on the command line, a
	// request's context under web. Every evaluation stops once it is done
	// (eval.Options.Context), with a limit error, never a pass.
	ctx context.Context
	// program is the program of the commands betzacheck prints to run
	// again (programOf); "" is "betzacheck".
	program string
	// reported is the error document of the last failure reported on an
	// input (reportError), whether printed as JSON or as text: under web,
	// the answer of a command whose output is not JSON.
	reported *errorDocJSON
}

// run runs betzacheck, as "betzacheck", with the arguments after its
// name.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runAs("betzacheck", args, stdin, stdout, stderr)
}

// runAs runs betzacheck, run as program (its argv[0]), with the arguments
// after it.
func runAs(program string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, colorOut: useColor(stdout), colorErr: useColor(stderr), program: program}
	return e.run(args)
}

// argv is the command line of the command name run with args, as it was
// run: the program (e.prog), the command's name and the arguments.
func (e *env) argv(name string, args []string) []string {
	return append([]string{e.prog(), name}, args...)
}

// prog is the program of the commands betzacheck prints to run again
// (programOf): e.program, or "betzacheck".
func (e *env) prog() string { return cmp.Or(e.program, "betzacheck") }

// run runs the subcommand that args name, with its arguments, in e.
func (e *env) run(args []string) int {
	stderr := e.stderr
	if len(args) == 0 {
		shortUsage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "betzacheck: unknown command %q\n", args[0])
		shortUsage(stderr)
		return exitUsage
	}
	return c.Run(c, e, args[1:])
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func shortUsage(w io.Writer) {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.Name
	}
	fmt.Fprintf(w, "usage: betzacheck <command> [arguments]\ncommands: %s\nRun 'betzacheck help' for details.\n", strings.Join(names, ", "))
}

// flagSet returns a FlagSet for c that reports errors on e.stderr with
// c's synopsis.
func (c *command) flagSet(e *env) *flag.FlagSet {
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { c.usage(e.stderr, fs) }
	return fs
}

func (c *command) usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: betzacheck %s %s\n", c.Name, c.Args)
	if fs != nil {
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

// parseArgs parses flags that may come before or after the operands and
// checks that there are exactly want operands. On a usage error it has
// already reported it and returns ok false with the exit code.
func (c *command) parseArgs(e *env, fs *flag.FlagSet, args []string, want int) (operands []string, code int, ok bool) {
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK, false
			}
			return nil, exitUsage, false // flag has printed the error and usage
		}
		left := fs.Args()
		if len(left) == 0 {
			break
		}
		// After "--" every argument is an operand.
		if consumed := len(rest) - len(left); consumed > 0 && rest[consumed-1] == "--" {
			operands = append(operands, left...)
			break
		}
		operands = append(operands, left[0])
		rest = left[1:]
	}
	if want >= 0 && len(operands) != want {
		what := [...]string{"no operands", "one operand", "two operands"}[min(want, 2)]
		fmt.Fprintf(e.stderr, "betzacheck %s: expected %s, found %d\n", c.Name, what, len(operands))
		c.usage(e.stderr, nil)
		return nil, exitUsage, false
	}
	return operands, exitOK, true
}

// isTerminal reports whether w is a terminal: a character device other
// than the null device.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}

// useColor reports whether w takes colour: a terminal, NO_COLOR unset or
// empty (no-color.org) and TERM not "dumb". Colour is the only difference:
// the words are the same with it and without.
func useColor(w io.Writer) bool { return isTerminal(w) && colorAllowed() }

// colorAllowed reports whether the environment allows colour.
func colorAllowed() bool { return os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb" }

// The colours used, as ANSI SGR codes.
const (
	colorRed    = "1;31" // bold red: failures, the error caret
	colorGreen  = "32"
	colorYellow = "33"
	colorReset  = "\x1b[0m"
)

// paint wraps text in colour code when on.
func paint(on bool, code, text string) string {
	if !on || text == "" {
		return text
	}
	return "\x1b[" + code + "m" + text + colorReset
}

// verdictColors colours the verdict word at the start of a report line.
var verdictColors = map[string]string{
	"PASS": colorGreen, "FAIL": colorRed, "UNSUPPORTED": colorYellow,
	"ERROR": colorRed, "TIMEOUT": colorRed, "CRASH": colorRed, "STALE": colorRed,
}

var verdictWord = regexp.MustCompile(`^(PASS|FAIL|UNSUPPORTED|ERROR|TIMEOUT|CRASH|STALE)\b`)

// verdictWriter colours the verdict word that starts a line of a conform
// report; everything else passes through unchanged. Flush writes a last
// line without a newline.
type verdictWriter struct {
	w    io.Writer
	line []byte
}

func (v *verdictWriter) Write(p []byte) (int, error) {
	v.line = append(v.line, p...)
	for {
		i := bytes.IndexByte(v.line, '\n')
		if i < 0 {
			return len(p), nil
		}
		if err := v.emit(v.line[:i+1]); err != nil {
			return 0, err
		}
		v.line = v.line[i+1:]
	}
}

func (v *verdictWriter) emit(line []byte) error {
	if m := verdictWord.Find(line); m != nil {
		colored := paint(true, verdictColors[string(m)], string(m))
		line = append([]byte(colored), line[len(m):]...)
	}
	_, err := v.w.Write(line)
	return err
}

// Flush writes what is left of an unfinished line.
func (v *verdictWriter) Flush() error {
	if len(v.line) == 0 {
		return nil
	}
	err := v.emit(v.line)
	v.line = nil
	return err
}

// checkRange reports whether the value of --name lies in lo..hi (hi
// math.MaxInt for no upper bound); if not it reports the usage error.
func checkRange(c *command, e *env, name string, v, lo, hi int) bool {
	if v >= lo && v <= hi {
		return true
	}
	if hi == math.MaxInt {
		fmt.Fprintf(e.stderr, "betzacheck %s: --%s %d: expected %d or more\n", c.Name, name, v, lo)
	} else {
		fmt.Fprintf(e.stderr, "betzacheck %s: --%s %d: expected %d to %d\n", c.Name, name, v, lo, hi)
	}
	return false
}

// checkPositive reports whether the duration --name is more than 0; if
// not it reports the usage error (spec/protocol.md P9.5).
func checkPositive(c *command, e *env, name string, d time.Duration) bool {
	if d > 0 {
		return true
	}
	fmt.Fprintf(e.stderr, "betzacheck %s: --%s %v: expected a positive duration\n", c.Name, name, d)
	return false
}

// failureStatus is the exit status of a query that ended in err
// (spec/protocol.md P9.2): 3 (inconclusive) when a search budget of
// §12.3 ran out, which decides nothing about the notation, else 1 (a
// notation that does not read, a fragment conflict: a failure found).
func failureStatus(err error) int {
	if le := (*eval.LimitError)(nil); errors.As(err, &le) {
		return exitUndecided
	}
	return exitFail
}

// signalContext is a context that the first SIGINT or SIGTERM ends, with
// the signal as its cause ("interrupt signal received"), for a run that
// stops and reports what it did (conform, fuzz). The handler is removed
// at that first signal, so that a second one ends betzacheck at once; stop
// removes it too.
func signalContext() (ctx context.Context, stop context.CancelFunc) {
	ctx, stop = signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

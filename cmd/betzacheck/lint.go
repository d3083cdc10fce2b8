package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/diagram"
	"github.com/betzacheck/betzacheck/conformance/lint"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// stdinName is how findings name standard input, the operand "-"
// (spec/lint.md §L1.3).
const stdinName = "<stdin>"

// lintJSON is lint --json: every file read and every finding, in one
// document.
type lintJSON struct {
	Files    []*lint.Result `json:"files"`
	Errors   int            `json:"errors"`
	Warnings int            `json:"warnings"`
}

func runLint(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	kindName := fs.String("kind", "", "read every file as `KIND`: fsf (a Fairy-Stockfish variants file), xboard (XBoard piece commands) or list (one notation a line); default: chosen from each file's name and content")
	dia := fs.String("dialect", "", "read the notations in dialect `NAME` instead of the kind's (fsf: betza-classic:fairy-stockfish, xboard: xbetza, list: betza2); NAME is one of: "+strings.Join(translate.Names(), ", "))
	jsonOut := fs.Bool("json", false, "print one JSON document: the files, their pieces and every finding with its witness")
	svgDir := fs.String("svg", "", "write one SVG diagram per piece into `DIR`: its moves on the empty board of its file, from the central square")
	strict := fs.Bool("strict", false, "exit 1 on a warning too")
	positions := fs.Int("positions", lint.DefaultPositions, "`N` generated positions tried per pair of readings when the empty board shows no difference")
	seed := fs.Int64("seed", 1, "seed `S` of the generated positions")
	files, code, ok := c.parseArgs(e, fs, args, -1)
	if !ok {
		return code
	}
	if len(files) == 0 {
		fmt.Fprintf(e.stderr, "betzacheck lint: expected one or more files (- for standard input), found none\n")
		c.usage(e.stderr, nil)
		return exitUsage
	}
	if !checkRange(c, e, "positions", *positions, 0, 1<<20) {
		return exitUsage
	}
	opt := lint.Options{Dialect: *dia, Positions: *positions, Seed: *seed, Eval: eval.Options{Context: e.ctx}}
	if opt.Positions == 0 {
		opt.Positions = -1 // none: lint.Options reads 0 as the default
	}
	if *kindName != "" {
		k, err := lint.ParseKind(*kindName)
		if err != nil {
			fmt.Fprintf(e.stderr, "betzacheck lint: --kind: %v\n", err)
			return exitUsage
		}
		opt.Kind = k
	}
	if *dia != "" && !knownDialect(c, e, "dialect", *dia) {
		return exitUsage
	}
	var doc lintJSON
	for _, name := range files {
		data, display, err := readLintFile(e, name)
		if err != nil {
			fmt.Fprintf(e.stderr, "betzacheck lint: %v\n", err)
			return exitUsage
		}
		res, err := lint.Lint(display, data, opt)
		if err != nil {
			fmt.Fprintf(e.stderr, "betzacheck lint: %v\n", err)
			return exitUsage
		}
		doc.Files = append(doc.Files, res)
		doc.Errors += res.Count(lint.Error)
		doc.Warnings += res.Count(lint.Warning)
	}
	// Findings are sorted by file, then line and column (§L5.1).
	slices.SortStableFunc(doc.Files, func(a, b *lint.Result) int { return strings.Compare(a.File, b.File) })
	if *svgDir != "" {
		if err := writeLintSVGs(*svgDir, doc.Files); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck lint: --svg: %v\n", err)
			return exitUsage
		}
	}
	if *jsonOut {
		if code := writeJSONDoc(c, e, doc); code != exitOK {
			return code
		}
	} else {
		pieces := 0
		for _, res := range doc.Files {
			for _, f := range res.Findings {
				fmt.Fprintln(e.stdout, f.String())
			}
			pieces += len(res.Pieces)
		}
		fmt.Fprintf(e.stdout, "%s, %s: %s, %s\n", counted(len(doc.Files), "file"), counted(pieces, "notation"), counted(doc.Errors, "error"), counted(doc.Warnings, "warning"))
	}
	if doc.Errors > 0 || (*strict && doc.Warnings > 0) {
		return exitFail
	}
	return exitOK
}

// counted is "1 error", "2 errors".
func counted(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// readLintFile reads the operand name: standard input for "-", named
// stdinName in the findings (spec/lint.md §L1.3).
func readLintFile(e *env, name string) (data []byte, display string, err error) {
	if name == "-" {
		data, err = io.ReadAll(e.stdin)
		return data, stdinName, err
	}
	data, err = os.ReadFile(name)
	return data, name, err
}

// writeLintSVGs writes one diagram per piece that reads into dir: its
// moves on the empty board of its file from the central square, named
// after the file kind's names (the section and key, the piece ID, the
// list name) in safe characters, a number added where two names meet.
func writeLintSVGs(dir string, results []*lint.Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	used := map[string]bool{}
	for _, res := range results {
		for _, p := range res.Pieces {
			if p.Program == nil {
				continue
			}
			size, err := board.ParseSize(p.Board)
			if err != nil {
				return err
			}
			pos := board.NewPosition(size)
			from := lint.Center(size)
			pos.Set(from, board.DefaultMover())
			outs, err := p.Program.Moves(pos, from, eval.Options{})
			if err != nil {
				return fmt.Errorf("%s: %v", p.Name, err)
			}
			base := safeName(strings.TrimSpace(p.Section + " " + p.Key))
			name := base + ".svg"
			for i := 2; used[name]; i++ {
				name = fmt.Sprintf("%s-%d.svg", base, i)
			}
			used[name] = true
			opt := diagram.Options{Title: fmt.Sprintf("%s: %s from %s", p.Name, p.Notation, from), Erupts: p.Program.Prog.Erupts()}
			if err := os.WriteFile(filepath.Join(dir, name), diagram.SVG(pos, from, outs, opt), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// safeName keeps letters, digits, '.', '-' and '_' of s and writes '_'
// for anything else, so that a name from a file is a file name anywhere.
func safeName(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_':
			b.WriteRune(c)
		case c == '.' && b.Len() > 0:
			b.WriteRune(c)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "piece"
	}
	return b.String()
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/betzacheck/betzacheck/reference/translate"
)

// The shells completion writes a script for.
var completionShells = []string{"bash", "zsh", "fish"}

func runCompletion(c *command, e *env, args []string) int {
	ops, code, ok := c.parseArgs(e, c.flagSet(e), args, 1)
	if !ok {
		return code
	}
	specs := completionSpecs()
	switch ops[0] {
	case "bash":
		writeBashCompletion(e.stdout, specs)
	case "zsh":
		writeZshCompletion(e.stdout, specs)
	case "fish":
		writeFishCompletion(e.stdout, specs)
	default:
		fmt.Fprintf(e.stderr, "betzacheck completion: unknown shell %q: expected %s\n", ops[0], orList(completionShells))
		c.usage(e.stderr, nil)
		return exitUsage
	}
	return exitOK
}

// orList writes words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// The kinds of value a flag takes, for what the shell offers after it.
const (
	valueNone    = iota // a boolean flag: no value
	valueDialect        // a dialect name
	valueFile           // a file, a directory or a command: the shell's file names
	valueText           // a number, a duration, a square, a size: nothing to offer
)

// flagSpec is a flag of a command as completion offers it.
type flagSpec struct {
	Name  string
	Usage string // the first line of its usage, for the shells that show it
	Value int    // valueNone, valueDialect, …
}

// commandSpec is a command as completion offers it: its name, summary,
// flags, and what its operands are.
type commandSpec struct {
	Name, Summary string
	Flags         []flagSpec
	// Words are the operands offered, if they are words (help's command
	// names, completion's shells); FileOperands says whether the operands
	// are files (a corpus directory, reports), else nothing is offered.
	Words        []string
	FileOperands bool
}

// completionSpecs reads the commands table: each command's name and
// summary, its flags as its run declares them (commandFlags), and its
// operands from its synopsis.
func completionSpecs() []commandSpec {
	var names []string
	for _, c := range commands {
		names = append(names, c.Name)
	}
	var out []commandSpec
	for _, c := range commands {
		s := commandSpec{Name: c.Name, Summary: c.Summary}
		for _, f := range commandFlags(c) {
			s.Flags = append(s.Flags, flagSpec{Name: f.Name, Usage: flagDescription(f.Usage), Value: flagValue(f)})
		}
		switch c.Name {
		case "help":
			s.Words = names
		case "completion":
			s.Words = completionShells
		default:
			s.FileOperands = fileOperands(c.Args)
		}
		out = append(out, s)
	}
	return out
}

// commandFlags returns the flags of c as its run declares them, sorted by
// name: c runs with e.flagsOnly set, which takes its flag set at
// parseArgs and stops it there, before it does anything.
func commandFlags(c *command) []*flag.Flag {
	var flags []*flag.Flag
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // nothing that looks at it runs
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, ctx: ctx,
		flagsOnly: func(fs *flag.FlagSet) { fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f) }) }}
	c.Run(c, e, nil)
	return flags // VisitAll visits in name order
}

// flagValue is the kind of value f takes: none for a boolean, a dialect
// for a flag of dialectVar, a file for one whose value is named FILE or
// DIR or whose usage speaks of a file, a directory, a corpus or a command (which
// may be a path), else text the shell has nothing to offer for.
func flagValue(f *flag.Flag) int {
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return valueNone
	}
	if _, ok := f.Value.(*dialectValue); ok {
		return valueDialect
	}
	name, usage := flag.UnquoteUsage(f)
	if strings.Contains(name, "FILE") || strings.Contains(name, "DIR") {
		return valueFile
	}
	if name == "string" {
		for _, w := range []string{"file", "directory", "corpus", "command"} {
			if strings.Contains(strings.ToLower(firstLine(usage)), w) {
				return valueFile
			}
		}
	}
	return valueText
}

// flagDescription is a flag's usage as the shells show it beside the
// flag: its first line, no backquotes, at most about 100 bytes.
func flagDescription(usage string) string {
	d := strings.ReplaceAll(firstLine(usage), "`", "")
	if len(d) > 100 {
		cut := strings.LastIndexByte(d[:100], ' ')
		d = strings.TrimRight(d[:max(cut, 60)], ",;:") + "…"
	}
	return d
}

// synopsisFlag is a flag of a synopsis, with its value and the brackets
// of an optional one: what is left are the operands.
var synopsisFlag = regexp.MustCompile(`\[--?[^\]]*\]|--?[a-z][a-z0-9-]*( [A-Z][A-Za-z0-9:|_.-]*)?`)

// fileOperands says whether the operands of a command's synopsis are
// files: a directory (CORPUS-DIR), a FILE, reports (REPORT.json...).
func fileOperands(synopsis string) bool {
	ops := synopsisFlag.ReplaceAllString(synopsis, "")
	return strings.Contains(ops, "DIR") || strings.Contains(ops, "FILE") || strings.Contains(ops, ".json")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// commandNames are the names of specs.
func commandNames(specs []commandSpec) []string {
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
	}
	return names
}

// flagWords are the flags of s as typed, --name each.
func flagWords(s commandSpec) []string {
	var out []string
	for _, f := range s.Flags {
		out = append(out, "--"+f.Name)
	}
	return out
}

// flagsOfKind are the --names of s's flags whose value is of kind k.
func flagsOfKind(s commandSpec, k int) []string {
	var out []string
	for _, f := range s.Flags {
		if f.Value == k {
			out = append(out, "--"+f.Name, "-"+f.Name)
		}
	}
	return out
}

// writeBashCompletion writes the bash script: command names, then each
// command's flags, dialect names after a dialect flag, and file names
// where a value or an operand is a file (complete -o default). The words
// are read from the line up to the cursor rather than COMP_WORDS, which
// bash breaks at ':' and '=', so that betza-classic:xboard is one word.
func writeBashCompletion(w io.Writer, specs []commandSpec) {
	fmt.Fprintf(w, `# bash completion for betzacheck, written by 'betzacheck completion bash'.
# Load it in this shell with: source <(betzacheck completion bash)

_betzacheck_reply() {
	# $1: the words to offer for the word under the cursor, $cur. bash
	# replaces only the part of it after the last ':' (COMP_WORDBREAKS),
	# so that part is what each reply keeps.
	local IFS=$'\n'
	COMPREPLY=($(compgen -W "$1" -- "$cur"))
	if [[ "$cur" == *:* && "$COMP_WORDBREAKS" == *:* ]]; then
		local pre="${cur%%"${cur##*:}"}"
		COMPREPLY=("${COMPREPLY[@]#"$pre"}")
	fi
}

_betzacheck() {
	local line="${COMP_LINE:0:COMP_POINT}"
	local -a words
	read -ra words <<< "$line"
	[[ "$line" == *[[:space:]] || ${#words[@]} -eq 0 ]] && words+=("")
	local n=${#words[@]}
	local cur="${words[n-1]}" prev=""
	(( n > 1 )) && prev="${words[n-2]}"
	COMPREPLY=()
	if (( n == 2 )); then
		_betzacheck_reply %s
		return
	fi
	local dialects=%s
	case "${words[1]}" in
`, shellQuote(strings.Join(commandNames(specs), "\n")), shellQuote(strings.Join(translate.Names(), "\n")))
	for _, s := range specs {
		fmt.Fprintf(w, "\t%s)\n", s.Name)
		if d := flagsOfKind(s, valueDialect); len(d) > 0 {
			fmt.Fprintf(w, "\t\tcase \"$prev\" in %s) _betzacheck_reply \"$dialects\"; return;; esac\n", strings.Join(d, "|"))
		}
		if v := flagsOfKind(s, valueFile); len(v) > 0 {
			fmt.Fprintf(w, "\t\tcase \"$prev\" in %s) return;; esac\n", strings.Join(v, "|"))
		}
		if v := flagsOfKind(s, valueText); len(v) > 0 {
			fmt.Fprintf(w, "\t\tcase \"$prev\" in %s) compopt +o default 2>/dev/null; return;; esac\n", strings.Join(v, "|"))
		}
		if fl := flagWords(s); len(fl) > 0 {
			fmt.Fprintf(w, "\t\tif [[ \"$cur\" == -* ]]; then _betzacheck_reply %s; return; fi\n", shellQuote(strings.Join(fl, "\n")))
		}
		if len(s.Words) > 0 {
			fmt.Fprintf(w, "\t\t_betzacheck_reply %s\n", shellQuote(strings.Join(s.Words, "\n")))
		} else if !s.FileOperands {
			fmt.Fprintf(w, "\t\tcompopt +o default 2>/dev/null\n")
		}
		fmt.Fprintf(w, "\t\t;;\n")
	}
	fmt.Fprint(w, `	esac
}

complete -o default -F _betzacheck betzacheck
`)
}

// writeZshCompletion writes the zsh script (a #compdef function that
// _arguments reads each command's flags into).
func writeZshCompletion(w io.Writer, specs []commandSpec) {
	fmt.Fprint(w, `#compdef betzacheck
# zsh completion for betzacheck, written by 'betzacheck completion zsh'.
# Put it on $fpath as _betzacheck, or load it in this shell with:
#   source <(betzacheck completion zsh)

_betzacheck() {
	local -a commands
	commands=(
`)
	for _, s := range specs {
		fmt.Fprintf(w, "\t\t%s\n", shellQuote(s.Name+":"+zshText(s.Summary)))
	}
	fmt.Fprintf(w, `	)
	if (( CURRENT == 2 )); then
		_describe -t commands 'betzacheck command' commands
		return
	fi
	local dialects='(%s)'
	shift words
	(( CURRENT-- ))
	case $words[1] in
`, strings.Join(translate.Names(), " "))
	for _, s := range specs {
		fmt.Fprintf(w, "\t%s)\n\t\t_arguments -S \\\n", s.Name)
		for _, f := range s.Flags {
			desc := "[" + zshText(f.Usage) + "]"
			switch f.Value {
			case valueNone:
				fmt.Fprintf(w, "\t\t\t%s \\\n", shellQuote("--"+f.Name+desc))
			case valueDialect:
				fmt.Fprintf(w, "\t\t\t%s\"$dialects\" \\\n", shellQuote("--"+f.Name+"="+desc+":dialect:"))
			case valueText:
				fmt.Fprintf(w, "\t\t\t%s \\\n", shellQuote("--"+f.Name+"="+desc+":"+f.Name+": "))
			default:
				fmt.Fprintf(w, "\t\t\t%s \\\n", shellQuote("--"+f.Name+"="+desc+":"+f.Name+":_files"))
			}
		}
		switch {
		case len(s.Words) > 0:
			fmt.Fprintf(w, "\t\t\t%s\n", shellQuote("1:"+s.Name+":("+strings.Join(s.Words, " ")+")"))
		case s.FileOperands:
			fmt.Fprintf(w, "\t\t\t'*:file:_files'\n")
		default:
			fmt.Fprintf(w, "\t\t\t'*: :'\n")
		}
		fmt.Fprintf(w, "\t\t;;\n")
	}
	fmt.Fprint(w, `	esac
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
	_betzacheck "$@"
else
	compdef _betzacheck betzacheck
fi
`)
}

// zshText is s fit for a description of _describe or _arguments: no
// brackets or colons, which are their syntax.
func zshText(s string) string {
	return strings.NewReplacer("[", "(", "]", ")", ":", " -", "\\", "/").Replace(s)
}

// writeFishCompletion writes the fish script: one complete line per
// command and per flag.
func writeFishCompletion(w io.Writer, specs []commandSpec) {
	fmt.Fprint(w, `# fish completion for betzacheck, written by 'betzacheck completion fish'.
# Load it in this shell with: betzacheck completion fish | source

complete -c betzacheck -f
`)
	names := strings.Join(commandNames(specs), " ")
	for _, s := range specs {
		fmt.Fprintf(w, "complete -c betzacheck -n %s -a %s -d %s\n", shellQuote("not __fish_seen_subcommand_from "+names), s.Name, shellQuote(s.Summary))
	}
	dialects := strings.Join(translate.Names(), " ")
	for _, s := range specs {
		when := shellQuote("__fish_seen_subcommand_from " + s.Name)
		for _, f := range s.Flags {
			var value string
			switch f.Value {
			case valueDialect:
				value = " -x -a " + shellQuote(dialects)
			case valueText:
				value = " -x"
			case valueFile:
				value = " -r -F"
			}
			fmt.Fprintf(w, "complete -c betzacheck -n %s -l %s%s -d %s\n", when, f.Name, value, shellQuote(f.Usage))
		}
		switch {
		case len(s.Words) > 0:
			fmt.Fprintf(w, "complete -c betzacheck -n %s -a %s\n", when, shellQuote(strings.Join(s.Words, " ")))
		case s.FileOperands:
			fmt.Fprintf(w, "complete -c betzacheck -n %s -F\n", when)
		}
	}
}

// shellQuote quotes s for the shells' source: single quotes, a single
// quote in s written '\”.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

package client

import (
	"strings"

	"github.com/betzacheck/betzacheck/reference/loc"
)

// Command is an implementation's command line, as ParseCommand reads
// it: the environment assignments that come first and the program with
// its arguments.
type Command struct {
	// Env holds the leading assignments, "NAME=value" each, in the order
	// written; they are set for the implementation's process on top of
	// the environment betzacheck inherited (Options.Env).
	Env []string
	// Argv is the program and its arguments (Start's argv).
	Argv []string
}

// commandIn names the text of a command line in a loc.Error.
const commandIn = "command"

// ParseCommand reads the command line s as a POSIX shell reads a simple
// command, but runs nothing (spec/protocol.md P1.8): words are separated
// by spaces and tabs; single quotes keep everything up to the next one;
// double quotes keep everything up to the next unescaped one, where a
// backslash escapes only $ ` " \ and a newline; a backslash outside
// quotes keeps the next character (and removes a newline). Leading words
// NAME=value, whose NAME (letters, digits and '_', not first a digit) and
// '=' are unquoted, are environment assignments. Nothing is expanded, so
// what a shell would expand or treat as syntax is refused rather than
// passed on as it is: unquoted $ ` | & ; < > ( ) * ? [ ~ and a newline, a #
// that begins a word, and $ or ` inside double quotes. An
// unterminated quote, a backslash at the end, a command of assignments
// alone and an empty command are errors too. Every error is a
// *loc.Error at the offending byte.
func ParseCommand(s string) (Command, error) {
	var cmd Command
	var word strings.Builder
	inWord := false
	// plain is how many bytes of the word so far were written unquoted
	// and unescaped, from its first: an assignment's name and '=' are.
	plain, plainRun := 0, true
	add := func(b byte, quoted bool) {
		if plainRun && !quoted {
			plain++
		} else {
			plainRun = false
		}
		word.WriteByte(b)
		inWord = true
	}
	end := func() {
		if !inWord {
			return
		}
		w := word.String()
		if len(cmd.Argv) == 0 && isAssignment(w, plain) {
			cmd.Env = append(cmd.Env, w)
		} else {
			cmd.Argv = append(cmd.Argv, w)
		}
		word.Reset()
		inWord, plain, plainRun = false, 0, true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			end()
		case c == '\'':
			plainRun = false
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return Command{}, loc.Errorf(commandIn, i, "P1.8", "expected a closing ' for the quote opened here, found end of input")
			}
			for k := i + 1; k < i+1+j; k++ {
				add(s[k], true)
			}
			i += j + 1
			inWord = true // '' is an empty word
		case c == '"':
			plainRun = false
			k, err := doubleQuoted(s, i, add)
			if err != nil {
				return Command{}, err
			}
			i = k
			inWord = true
		case c == '\\':
			plainRun = false
			switch {
			case i+1 == len(s):
				return Command{}, loc.Errorf(commandIn, i, "P1.8", "expected a character after \\, found end of input")
			case s[i+1] == '\n':
				// A line continuation: both go.
			default:
				add(s[i+1], true)
			}
			i++
		case strings.IndexByte("$`|&;<>()*?[~\n", c) >= 0, c == '#' && !inWord:
			return Command{}, loc.Errorf(commandIn, i, "P1.8", "expected a plain word, found %s: %s", quoteByte(c), notShell(c))
		default:
			add(c, false)
		}
	}
	end()
	switch {
	case len(cmd.Argv) > 0:
		return cmd, nil
	case len(cmd.Env) > 0:
		return Command{}, loc.Errorf(commandIn, len(s), "P1.8", "expected a program after the environment assignments, found end of input")
	}
	return Command{}, loc.Errorf(commandIn, len(s), "P1.8", "expected a program, found an empty command")
}

// doubleQuoted reads the double-quoted text whose opening quote is at
// s[open], passing each byte it keeps to add, and returns the offset of
// the closing quote.
func doubleQuoted(s string, open int, add func(byte, bool)) (int, error) {
	for i := open + 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return i, nil
		case '$', '`':
			return 0, loc.Errorf(commandIn, i, "P1.8", "expected a plain word, found %s inside double quotes: %s (write \\%c for the character)", quoteByte(c), notShell(c), c)
		case '\\':
			if i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
				i++
				if s[i] != '\n' {
					add(s[i], true)
				}
				continue
			}
			add(c, true)
		default:
			add(c, true)
		}
	}
	return 0, loc.Errorf(commandIn, open, "P1.8", "expected a closing \" for the quote opened here, found end of input")
}

// isAssignment says whether the word w, whose first plain bytes were
// written unquoted, is NAME=value with NAME and '=' among them.
func isAssignment(w string, plain int) bool {
	eq := strings.IndexByte(w, '=')
	if eq <= 0 || eq >= plain {
		return false
	}
	for i := 0; i < eq; i++ {
		c := w[i]
		letter := c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && !(i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// quoteByte quotes c for a message.
func quoteByte(c byte) string {
	if c == '\n' {
		return "a newline"
	}
	return "'" + string(c) + "'"
}

// notShell says why the shell syntax c is refused.
func notShell(c byte) string {
	switch c {
	case '$', '`', '~':
		return "the command is run without a shell, and nothing is expanded; quote it with ' to pass it as it is"
	case '*', '?', '[':
		return "the command is run without a shell, and no file name is expanded; quote it to pass it as it is"
	case '#':
		return "the command is run without a shell, and # begins no comment; quote it to pass it as it is"
	case '\n':
		return "the command is one line; a newline in an argument is quoted"
	}
	return "the command is one program run without a shell: no pipe, list, redirection or subshell (write a script for that, and name it)"
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// operand is a notation as the user typed it and the dialect it is read
// in (a name of translate.Names). parse, explain, moves and equiv read it
// into Betza 2.0 (compile) and work on that.
type operand struct {
	Text    string
	Dialect string
}

// foreign reports whether the operand is read in a dialect other than
// Betza 2.0: only then do the outputs name the dialect and show the Betza
// 2.0 translation, so that a Betza 2.0 notation prints as it always has.
func (o operand) foreign() bool { return o.Dialect != dialect.Betza2 }

// jsonDialect is the dialect as a JSON document names it: "" (the field
// left out) for Betza 2.0.
func (o operand) jsonDialect() string {
	if !o.foreign() {
		return ""
	}
	return o.Dialect
}

// jsonCanonical is canonical, the Betza 2.0 translation, for a JSON
// document that carries it only for a foreign notation: "" (the field left
// out) for Betza 2.0.
func (o operand) jsonCanonical(canonical string) string {
	if !o.foreign() {
		return ""
	}
	return canonical
}

// name is the operand in a sentence: the text, preceded by its dialect
// when that is not Betza 2.0 ("bracket [R-sR]").
func (o operand) name() string {
	if !o.foreign() {
		return o.Text
	}
	return o.Dialect + " " + o.Text
}

// words is the notation as typed with what it was read as: its
// dialect and Betza 2.0 translation ("[R-sR] (bracket, in Betza 2.0
// R-sR)"), or, for Betza 2.0, its canonical form when that differs.
func (o operand) words(canonical string) string {
	switch {
	case o.foreign():
		return fmt.Sprintf("%s (%s, in Betza 2.0 %s)", o.Text, o.Dialect, canonical)
	case o.Text != canonical:
		return fmt.Sprintf("%s (canonical %s)", o.Text, canonical)
	}
	return o.Text
}

// dialectFlag defines the flag that names the dialect a notation is read
// in, Betza 2.0 by default; its help lists every dialect and profile.
func dialectFlag(fs *flag.FlagSet, name, usage string) *string {
	return dialectVar(fs, name, dialect.Betza2, usage+": "+strings.Join(translate.Names(), ", "))
}

// dialectValue is the value of a flag that names a dialect: a type of its
// own, so that completion knows to offer the dialect names after it.
type dialectValue string

func (d *dialectValue) String() string     { return string(*d) }
func (d *dialectValue) Set(s string) error { *d = dialectValue(s); return nil }

// dialectVar declares a flag whose value names a dialect, def by default.
// The usage should name its value in backquotes (`NAME`), as flag's help
// shows a value of its own type as "value" otherwise.
func dialectVar(fs *flag.FlagSet, name, def, usage string) *string {
	p := new(string)
	*p = def
	fs.Var((*dialectValue)(p), name, usage)
	return p
}

// knownDialect reports whether name, the value of the flag --flagName,
// names a dialect translate knows; if not it reports the usage error,
// which lists them.
func knownDialect(c *command, e *env, flagName, name string) bool {
	if _, err := translate.Lookup(name); err != nil {
		fmt.Fprintf(e.stderr, "betzacheck %s: --%s: %v\n", c.Name, flagName, err)
		return false
	}
	return true
}

// notationErrorText is the error of reading src as text: a located error
// (of Betza 2.0 or of another dialect) with a caret under src as typed,
// the caret and message in colour when e.stderr takes it; the part that
// has no equivalent in the target dialect, and why; or the error as is.
func notationErrorText(e *env, src string, err error) string {
	var le *loc.Error
	var ne *dialect.NoEquivalentError
	switch {
	case errors.As(err, &le):
		text := le.Render(src)
		if first, caret, ok := strings.Cut(text, "\n"); ok && e.colorErr {
			pad := len(caret) - len(strings.TrimLeft(caret, " "))
			text = first + "\n" + caret[:pad] + paint(true, colorRed, caret[pad:])
		}
		return text
	case errors.As(err, &ne):
		return fmt.Sprintf("no equivalent in %s: %s: %s", ne.To, ne.Part, ne.Reason)
	}
	return fmt.Sprintf("error: %s: %v", src, err)
}

package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect"
)

// Colour is decided once per stream: only a terminal, never with NO_COLOR.
// The scripts never see colour (their streams are files and pipes); these
// tests force it on to check what it looks like.

func TestUseColor(t *testing.T) {
	var b bytes.Buffer
	if useColor(&b) {
		t.Error("a buffer takes colour")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if useColor(f) || isTerminal(f) {
		t.Error("a regular file takes colour")
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	if isTerminal(null) {
		t.Errorf("%s is taken for a terminal", os.DevNull)
	}
}

func TestColorAllowed(t *testing.T) {
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "")
	if !colorAllowed() {
		t.Error("colour refused with NO_COLOR empty")
	}
	t.Setenv("NO_COLOR", "1")
	if colorAllowed() {
		t.Error("colour allowed with NO_COLOR=1")
	}
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "dumb")
	if colorAllowed() {
		t.Error("colour allowed with TERM=dumb")
	}
}

func TestPaint(t *testing.T) {
	if got := paint(false, colorRed, "FAIL"); got != "FAIL" {
		t.Errorf("paint off = %q", got)
	}
	if got := paint(true, colorRed, "FAIL"); got != "\x1b[1;31mFAIL\x1b[0m" {
		t.Errorf("paint on = %q", got)
	}
}

// TestVerdictWriter colours the verdict word that starts a line, and
// nothing else, whatever the writes' boundaries.
func TestVerdictWriter(t *testing.T) {
	in := "implementation x 1 (level paths)\nFAIL                   corpus/a  W-: FAIL inside\nPASS ok\nSTALE expectation: y\n  FAIL indented\nFAILURE\nlast FAIL"
	var b bytes.Buffer
	v := &verdictWriter{w: &b}
	for _, chunk := range []string{in[:5], in[5:40], in[40:]} {
		if _, err := v.Write([]byte(chunk)); err != nil {
			t.Fatal(err)
		}
	}
	if err := v.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "implementation x 1 (level paths)\n" +
		"\x1b[1;31mFAIL\x1b[0m                   corpus/a  W-: FAIL inside\n" +
		"\x1b[32mPASS\x1b[0m ok\n" +
		"\x1b[1;31mSTALE\x1b[0m expectation: y\n" +
		"  FAIL indented\nFAILURE\nlast FAIL"
	if got := b.String(); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	plain := strings.NewReplacer("\x1b[1;31m", "", "\x1b[32m", "", "\x1b[0m", "").Replace(b.String())
	if plain != in {
		t.Errorf("colour changed the words:\n%q", plain)
	}
}

// TestCaretColor: a parse error on a colour terminal has its caret and
// message in red, the same text otherwise; in another dialect too, the
// caret under the notation as typed.
func TestCaretColor(t *testing.T) {
	for _, c := range []struct {
		o    operand
		want string
	}{
		{operand{Text: "mRpR-", Dialect: dialect.Betza2},
			"error: mRpR-\n            \x1b[1;31m^ expected a leg after '-', found end of input (§9.4)\x1b[0m\n"},
		{operand{Text: "[R-sR", Dialect: dialect.Bracket},
			"error: [R-sR\n            \x1b[1;31m^ expected '-', '?' or ']', found end of input (§B3.5)\x1b[0m\n"},
	} {
		var plain, colored bytes.Buffer
		compile(lookup("parse"), &env{stderr: &plain}, c.o, false)
		compile(lookup("parse"), &env{stderr: &colored, colorErr: true}, c.o, false)
		if strings.Contains(plain.String(), "\x1b[") {
			t.Errorf("%s: colour without a terminal: %q", c.o.name(), plain.String())
		}
		if colored.String() != c.want {
			t.Errorf("%s: got %q, want %q", c.o.name(), colored.String(), c.want)
		}
	}
}

// Package conformtest holds what the tests of conform, triage and report
// share: implementations under test that are test doubles, the corpus's
// cases, the spec's answer to a request, and corpora written for a test.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package conformtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// Lax answers every request with no moves, as a parser that skips what it
// does not understand would; it reads the Dialects it declares.
type Lax struct{ Dialects []string }

// Hello declares Lax's dialects, at level destinations.
func (l Lax) Hello() wire.HelloReply {
	return wire.HelloReply{Name: "lax", Version: "1", Protocol: 1, Dialects: l.Dialects, Level: wire.LevelDestinations}
}

// Do answers no moves.
func (Lax) Do(req wire.MovesRequest) client.Result {
	return client.Result{ID: req.ID, Kind: client.ResultOK, Reply: wire.Reply{ID: req.ID, Outcomes: []wire.Outcome{}}}
}

// Close does nothing.
func (Lax) Close() error { return nil }

// CorpusCases are the cases of the corpus at dir adapted to an
// implementation that reads Betza 2.0, as conform does.
func CorpusCases(t *testing.T, dir string) []*conform.Case {
	t.Helper()
	cases, err := conform.CorpusCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 100 {
		t.Fatalf("only %d corpus cases", len(cases))
	}
	conform.Adapt(cases, wire.HelloReply{Dialects: []string{dialect.Betza2}})
	return cases
}

// SpecAnswer is the reference's answer to text read in the request's
// dialect, on the request's setup, at level destinations.
func SpecAnswer(req wire.MovesRequest, text string) wire.Reply {
	s, err := req.Setup()
	if err != nil {
		panic(err)
	}
	prog, err := translate.ToBetza2(req.Dialect, text)
	if err != nil {
		return server.Refusal(err)
	}
	return server.AnswerProgram(prog, s, wire.LevelDestinations)
}

// WrongCorpus writes a corpus of one file, the wazir on a 3x3 board, whose
// want: lines claim the corner a1 (the wazir cannot reach it) instead of
// b1: a hand-checked line gone wrong.
func WrongCorpus(t *testing.T) string {
	t.Helper()
	return WriteCorpus(t, "valid/w.txtar", `notation: W
clauses: §1.1 §4.4
summary: the wazir.
-- centre --
board: 3x3
from: b2
why: four orthogonal steps (the a1 line is deliberately wrong).
want:
a1 a1=X b2=
a2 a2=X b2=
c2 b2= c2=X
b3 b2= b3=X
`)
}

// WriteCorpus writes a corpus of one file, at name under a new directory,
// and returns the directory.
func WriteCorpus(t *testing.T, name, text string) string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// caseFlags are conform's flags for judging one case, the replay of a
// minimal case: --notation in --dialect on --board, --position and
// --from, which take what moves takes, with its defaults.
type caseFlags struct {
	fs                                       *flag.FlagSet
	notation, dialect, board, position, from *string
}

func addCaseFlags(fs *flag.FlagSet) *caseFlags {
	return &caseFlags{fs: fs,
		notation: fs.String("notation", "", "judge this one notation instead of a corpus or generated cases (the replay of a minimal case; '' is the empty notation)"),
		dialect:  dialectVar(fs, "dialect", dialect.Betza2, "with --notation: the `dialect` it is written in, one of "+strings.Join(translate.Names(), ", ")),
		board:    fs.String("board", "8x8", "with --notation: board size `WxH`"),
		position: fs.String("position", "", "with --notation: piece placement `TEXT`, as moves takes it; default an empty board"),
		from:     fs.String("from", "", "with --notation: the mover's `square` (required); an empty square gets a white X that has not moved"),
	}
}

// given reports whether --notation was given, empty or not.
func (f *caseFlags) given() bool {
	given := false
	f.fs.Visit(func(fl *flag.Flag) { given = given || fl.Name == "notation" })
	return given
}

// placed reports whether the case's board, position or mover's square
// was given.
func (f *caseFlags) placed() bool {
	placed := false
	f.fs.Visit(func(fl *flag.Flag) {
		placed = placed || fl.Name == "board" || fl.Name == "position" || fl.Name == "from"
	})
	return placed
}

// info is the one case as the run's report gives it: the flags as given,
// the position empty when none was.
func (f *caseFlags) info() *conform.NotationInfo {
	return &conform.NotationInfo{Notation: *f.notation, Dialect: *f.dialect, Board: *f.board, Position: *f.position, From: *f.from}
}

// build is the one case: the notation as written in its dialect, judged
// by its Betza 2.0 translation (or, when the dialect rejects it, as an
// invalid notation).
func (f *caseFlags) build() (c *conform.Case, notes []string, err error) {
	if *f.from == "" {
		return nil, nil, errors.New("--notation needs --from, the mover's square")
	}
	s, fen, err := board.ReadSetup(*f.board, *f.position, *f.from, board.DefaultMover().String())
	if err != nil {
		var se *board.SetupError
		if errors.As(err, &se) {
			return nil, nil, fmt.Errorf("--%s: %v", se.Text, se.Err)
		}
		return nil, nil, err
	}
	if err := translate.CheckEnPassant(*f.dialect, *f.notation, fen.EnPassant); err != nil {
		return nil, nil, fmt.Errorf("--position: %v", err)
	}
	c, err = conform.CaseIn("replay", []string{"replay"}, *f.dialect, *f.notation, s)
	if err != nil {
		return nil, nil, fmt.Errorf("--notation %q in %s: %v", *f.notation, *f.dialect, err)
	}
	return c, fen.Notes, nil
}

// readNotes reads the notes of the divergences page at path, if it
// exists; a file that is not a divergences page is an error
// (triage.ReadDivergencePage), found before the run.
func readNotes(path string) (triage.DivergenceNotes, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	notes, err := triage.ReadDivergencePage(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return notes, nil
}

// diagnose names the causes of the run's failures and shrinks them
// (triage.Diagnose), with a progress of the failures shrunk on stderr
// unless quiet.
func diagnose(ctx context.Context, e *env, im conform.Impl, rep *conform.Report, opt triage.Options, progress bool) {
	if progress {
		bar := newProgress(e.stderr, rep.Totals()["fail"])
		opt.Progress = bar.update
		defer bar.finish()
	}
	triage.Diagnose(ctx, im, rep, opt)
}

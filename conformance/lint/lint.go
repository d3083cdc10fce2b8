// Package lint checks the files pieces are written in (spec/lint.md):
// Fairy-Stockfish variants files, XBoard piece commands and plain lists.
// It reads every notation of a file in the file's dialect and reports,
// as findings located in the file, the notations that do not read, the
// malformed lines, what a reading loses (dialect.Loss), and where two
// readers that plausibly meet the file read a notation as different
// moves, with a witness position.
//
// The package takes a file's bytes and gives findings; printing them is
// the caller's (cmd/betzacheck lint).
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package lint

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/loc"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// Kind is the kind of a file (§L1.1).
type Kind string

// The kinds of file.
const (
	FairyStockfish Kind = "fsf"    // a Fairy-Stockfish variants file (§L2)
	XBoard         Kind = "xboard" // XBoard piece commands (§L3)
	List           Kind = "list"   // a plain list (§L4)
)

// Kinds lists the kinds, for --kind.
var Kinds = []Kind{FairyStockfish, XBoard, List}

// ParseKind returns the kind named s.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds {
		if string(k) == s {
			return k, nil
		}
	}
	return "", fmt.Errorf("unknown kind %q, expected one of fsf, xboard, list", s)
}

// Dialect is the dialect a kind's notations are read in (§L2.4, §L3.2,
// §L4.2).
func (k Kind) Dialect() string {
	switch k {
	case FairyStockfish:
		return fsfDialect
	case XBoard:
		return dialect.XBetza
	}
	return dialect.Betza2
}

// fsfDialect is Fairy-Stockfish's reading of a customPiece notation
// (§L2.4).
const fsfDialect = dialect.Classic + ":fairy-stockfish"

// Detect chooses the kind of the file name holding data (§L1.1).
func Detect(name string, data []byte) Kind {
	if strings.HasSuffix(strings.ToLower(name), ".ini") {
		return FairyStockfish
	}
	xboard := false
	for _, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]"):
			return FairyStockfish
		case strings.HasPrefix(t, "customPiece") && strings.Contains(t, "="):
			return FairyStockfish
		case t == "piece" || strings.HasPrefix(t, "piece ") || strings.HasPrefix(t, "piece\t"):
			xboard = true
		}
	}
	if xboard {
		return XBoard
	}
	return List
}

// Severity is how much a finding weighs.
type Severity string

// The severities (§L5.1).
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Note    Severity = "note"
)

// Finding is one thing lint says about a place in a file (§L5.1).
type Finding struct {
	File     string   `json:"file"`
	Line     int      `json:"line"` // from 1
	Col      int      `json:"col"`  // the byte column from 1
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	Clause   string   `json:"clause,omitempty"`
	Piece    string   `json:"piece,omitempty"` // the piece it is about
	Witness  *Witness `json:"witness,omitempty"`
}

// String is the finding as a compiler writes it:
// "FILE:LINE:COL: SEVERITY: MESSAGE (§CLAUSE)".
func (f Finding) String() string {
	s := fmt.Sprintf("%s:%d:%d: %s: %s", f.File, f.Line, f.Col, f.Severity, f.Message)
	if f.Clause != "" {
		s += " (" + f.Clause + ")"
	}
	return s
}

// Witness is a position on which two readings of a notation differ
// (§L5.3, §L5.4): a board, a placement with the mover on From, and what
// each reading makes there.
type Witness struct {
	Board    string    `json:"board"`    // "8x8"
	Position string    `json:"position"` // the placement text (§11.2)
	From     string    `json:"from"`     // the mover's square
	Seed     *int64    `json:"seed,omitempty"`
	Readings []Reading `json:"readings"`
}

// Replay is the betzacheck moves command that shows reading r of notation
// on the witness.
func (w *Witness) Replay(r Reading, notation string) string {
	return conform.ShellJoin("betzacheck", "moves", "--board", w.Board, "--position", w.Position,
		"--from", w.From, "--dialect", r.Dialect, notation)
}

// Reading is what one reader makes of a notation on a witness.
type Reading struct {
	Reader  string `json:"reader"`  // "Fairy-Stockfish"
	Dialect string `json:"dialect"` // the dialect name: "betza-classic:fairy-stockfish"
	Betza2  string `json:"betza2"`  // the reading in Betza 2.0
	Moves   int    `json:"moves"`   // the moves it makes on the witness
}

// Piece is one notation of a file.
type Piece struct {
	Name     string `json:"name"`    // "[shogun] customPiece1 (a)", "piece N&", "line 3"
	Section  string `json:"section"` // the variant of a variants file
	Key      string `json:"key"`     // the key, the piece ID or the list name
	Line     int    `json:"line"`
	Col      int    `json:"col"` // where the notation starts
	Notation string `json:"notation"`
	Dialect  string `json:"dialect"`
	Board    string `json:"board"`            // the board its witnesses are on
	Betza2   string `json:"betza2,omitempty"` // the reading, when the notation reads
	// Program is the reading, nil when the notation does not read.
	Program *reference.Program `json:"-"`
}

// Options say how to read a file.
type Options struct {
	Kind    Kind   // "" chooses by Detect
	Dialect string // "" reads in the kind's dialect (§L1.2)
	// Positions is the number of generated positions tried per pair of
	// readings after the empty board (§L5.4); 0 means DefaultPositions.
	Positions int
	Seed      int64 // the seed of the generated positions
	// Eval bounds each evaluation of a witness search (§12.3; the zero
	// value is the default budgets, and a Context stops the search).
	Eval eval.Options
}

// DefaultPositions is how many generated positions a pair of readings is
// compared on when the empty board shows no difference.
const DefaultPositions = 64

// Result is what Lint found in one file.
type Result struct {
	File     string    `json:"file"`
	Kind     Kind      `json:"kind"`
	Dialect  string    `json:"dialect"`
	Pieces   []Piece   `json:"pieces"`
	Findings []Finding `json:"findings"`
}

// Count returns the number of findings of severity s.
func (r *Result) Count(s Severity) int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == s {
			n++
		}
	}
	return n
}

// Lint reads data, the file named name, and returns what it found. An
// error is only a bad option (an unknown dialect); everything wrong with
// the file is a finding.
func Lint(name string, data []byte, opt Options) (*Result, error) {
	kind := opt.Kind
	if kind == "" {
		kind = Detect(name, data)
	}
	dia := cmp.Or(opt.Dialect, kind.Dialect())
	d, err := translate.Lookup(dia)
	if err != nil {
		return nil, err
	}
	l := &linter{res: &Result{File: name, Kind: kind, Dialect: dia, Pieces: []Piece{}, Findings: []Finding{}}, d: d, opt: opt}
	switch kind {
	case FairyStockfish:
		l.variants(data)
	case XBoard:
		l.pieceCommands(data)
	default:
		l.list(data)
	}
	w := newWitnesses(opt)
	for i := range l.res.Pieces {
		l.read(&l.res.Pieces[i], w)
	}
	slices.SortStableFunc(l.res.Findings, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return l.res, nil
}

// linter is one file being read.
type linter struct {
	res *Result
	d   dialect.Dialect
	opt Options
}

// add records a finding at line and col of the file.
func (l *linter) add(line, col int, sev Severity, piece, clause, format string, args ...any) *Finding {
	l.res.Findings = append(l.res.Findings, Finding{File: l.res.File, Line: line, Col: col, Severity: sev,
		Message: fmt.Sprintf(format, args...), Clause: clause, Piece: piece})
	return &l.res.Findings[len(l.res.Findings)-1]
}

// piece records a notation to read.
func (l *linter) piece(p Piece) {
	p.Dialect = l.res.Dialect
	if p.Board == "" {
		p.Board = "8x8"
	}
	l.res.Pieces = append(l.res.Pieces, p)
}

// read reads one piece's notation in the file's dialect: a located error
// (§L5.1), the losses of the reading and a part with no Betza 2.0
// equivalent (§L5.2), then the readers' disagreements (§L5.3).
func (l *linter) read(p *Piece, w *witnesses) {
	prog, lost, err := dialect.Read(l.d, p.Notation)
	var le *loc.Error
	var ne *dialect.NoEquivalentError
	switch {
	case errors.As(err, &le):
		l.add(p.Line, p.Col+le.Offset, Error, p.Name, le.Clause, "%s does not read %s: %s", readerName(l.res.Dialect), p.Notation, le.Msg)
		return
	case errors.As(err, &ne):
		col := p.Col
		if ne.Offset >= 0 {
			col += ne.Offset
		}
		rest, clause := reference.CitedClause(ne.Reason)
		l.add(p.Line, col, Warning, p.Name, clause, "%s has no equivalent in Betza 2.0, so betzacheck cannot evaluate %s: %s", ne.Part, p.Notation, rest)
		return
	case err != nil:
		rest, clause := reference.CitedClause(err.Error())
		l.add(p.Line, p.Col, Error, p.Name, clause, "%s: %s", p.Notation, rest)
		return
	}
	p.Program, p.Betza2 = prog, prog.Source()
	for _, same := range sameLosses(lost) {
		x := same[0]
		l.add(p.Line, p.Col+x.Offset, Warning, p.Name, x.Clause(), "%s reads %s without %s: %s%s", readerName(l.res.Dialect), p.Notation, x.Part, x.Text(), alsoAt(same[1:], p.Col))
	}
	size, err := board.ParseSize(p.Board)
	if err != nil {
		size = board.Size{W: 8, H: 8}
	}
	// The other readers, those that read the notation the same way
	// together (§L5.3).
	type group struct {
		names, dialects []string
		prog            *reference.Program
	}
	var groups []*group
	for _, other := range otherReaders(l.res.Dialect) {
		oprog, err := translate.ToBetza2(other, p.Notation)
		if err != nil || oprog.Source() == prog.Source() {
			continue // §L5.3: a reader that does not read it; §L5.4: the same text
		}
		i := slices.IndexFunc(groups, func(g *group) bool { return g.prog.Source() == oprog.Source() })
		if i < 0 {
			groups = append(groups, &group{prog: oprog})
			i = len(groups) - 1
		}
		groups[i].names = append(groups[i].names, readerName(other))
		groups[i].dialects = append(groups[i].dialects, other)
	}
	for _, g := range groups {
		mine := Reading{Reader: readerName(l.res.Dialect), Dialect: l.res.Dialect, Betza2: prog.Source()}
		theirs := Reading{Reader: strings.Join(g.names, " and "), Dialect: g.dialects[0], Betza2: g.prog.Source()}
		wit, undecided := w.find(prog, g.prog, size)
		switch {
		case wit != nil:
			mine.Moves, theirs.Moves = wit.moves[0], wit.moves[1]
			wit.Readings = []Reading{mine, theirs}
			where := fmt.Sprintf("from %s on an empty %s", wit.From, wit.Board)
			if wit.Seed != nil {
				where = fmt.Sprintf("from %s on the %s position %s, generated from seed %d", wit.From, wit.Board, wit.Position, *wit.Seed)
			}
			f := l.add(p.Line, p.Col, Warning, p.Name, "§L5.3", "readers disagree: %s reads %s as %s (%s %s), %s as %s (%d)",
				mine.Reader, p.Notation, mine.Betza2, plural(mine.Moves, "move"), where, theirs.Reader, theirs.Betza2, theirs.Moves)
			f.Witness = &wit.Witness
			for _, r := range wit.Readings {
				l.add(p.Line, p.Col, Note, p.Name, "", "replay %s: %s", r.Reader, wit.Replay(r, p.Notation))
			}
		case undecided > 0:
			l.add(p.Line, p.Col, Note, p.Name, "§L5.4", "%s and %s read %s as %s and %s: no position tried tells them apart, but a search limit left %d of them undecided",
				mine.Reader, theirs.Reader, p.Notation, mine.Betza2, theirs.Betza2, undecided)
		}
	}
}

// readers names the readers of §L5.3 by dialect, in the order they are
// tried.
var readers = []struct{ dialect, name string }{
	{fsfDialect, "Fairy-Stockfish"},
	{dialect.XBetza, "XBoard/XBetza"},
	{dialect.Betza2, "Betza 2.0"},
}

// readerName is the reader a dialect stands for in a message.
func readerName(d string) string {
	for _, r := range readers {
		if r.dialect == d {
			return r.name
		}
	}
	return d
}

// otherReaders are the readers a notation of dialect d is compared with
// (§L5.3): those of readers but d itself.
func otherReaders(d string) []string {
	var out []string
	for _, r := range readers {
		if r.dialect != d {
			out = append(out, r.dialect)
		}
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// sameLosses groups the losses of one reading that lose the same part
// for the same reason, in the order of their first place (§L5.2).
func sameLosses(lost []dialect.Loss) [][]dialect.Loss {
	var groups [][]dialect.Loss
	at := map[[2]string]int{}
	for _, x := range lost {
		key := [2]string{x.Part, x.Reason}
		i, ok := at[key]
		if !ok {
			i = len(groups)
			at[key] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], x)
	}
	return groups
}

// maxAlsoAt is how many further places of a lost part a warning names.
const maxAlsoAt = 5

// alsoAt names the further places of a lost part (§L5.2), columns of a
// notation that starts at column col: "" when there are none.
func alsoAt(more []dialect.Loss, col int) string {
	if len(more) == 0 {
		return ""
	}
	var cols []string
	for _, x := range more[:min(len(more), maxAlsoAt)] {
		cols = append(cols, strconv.Itoa(col+x.Offset))
	}
	if len(more) > maxAlsoAt {
		cols = append(cols, "…")
	}
	return fmt.Sprintf(" (also at column %s: %d places in all)", strings.Join(cols, ", "), len(more)+1)
}

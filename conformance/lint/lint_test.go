package lint_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/lint"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/translate"
	"github.com/betzacheck/betzacheck/spec"
)

// run lints text as the file name and returns the findings as strings,
// "LINE:COL: SEVERITY: MESSAGE (§CLAUSE)", without the file name.
func run(t *testing.T, name, text string, opt lint.Options) (*lint.Result, []string) {
	t.Helper()
	res, err := lint.Lint(name, []byte(text), opt)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range res.Findings {
		out = append(out, strings.TrimPrefix(f.String(), name+":"))
	}
	return res, out
}

// has reports whether one of findings starts with prefix and holds every
// part.
func has(findings []string, prefix string, parts ...string) bool {
	return slices.ContainsFunc(findings, func(f string) bool {
		if !strings.HasPrefix(f, prefix) {
			return false
		}
		for _, p := range parts {
			if !strings.Contains(f, p) {
				return false
			}
		}
		return true
	})
}

func TestDetect(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       lint.Kind
	}{
		{"v.ini", "", lint.FairyStockfish},
		{"V.INI", "N\n", lint.FairyStockfish},
		{"v.txt", "# a file\n[mine:chess]\n", lint.FairyStockfish},
		{"-", "customPiece1 = a:N\n", lint.FairyStockfish},
		{"engine.log", "feature done=1\npiece N& NB\n", lint.XBoard},
		{"pieces.txt", "knight\tN\nR\n", lint.List},
		{"pieces.txt", "", lint.List},
	} {
		if got := lint.Detect(c.name, []byte(c.text)); got != c.want {
			t.Errorf("Detect(%q, %q) = %s, want %s", c.name, c.text, got, c.want)
		}
	}
}

// TestVariants reads a variants file: sections, inheritance (the board
// of the parent), comments of both kinds, the piece slots, and the lines
// the engine refuses.
func TestVariants(t *testing.T) {
	text := `; a comment before anything
junk before the first section is not read
[big:chess]
# ten files, inherited below
maxFile = 10
customPiece1 = c:mRcpR

[small:big]
customPiece2 = n:nN
  ; an indented comment
king = k:KN

[bad:nosuch]
customPiece0 = a:W
custompiece3 = a:W
customPiece26 = a:W
customPiece4 = a
customPiece5 = aW
customPiece6 = 7:W
customPiece7 = -
customPiece8 = b:
no equals sign here
[chess]
[big]
[lettered:small]
maxFile = c
maxRank = 5
customPiece9 = q:Q
[open
`
	res, got := run(t, "v.ini", text, lint.Options{})
	if res.Kind != lint.FairyStockfish || res.Dialect != "betza-classic:fairy-stockfish" {
		t.Errorf("kind %s dialect %s", res.Kind, res.Dialect)
	}
	want := []string{
		"13:6: error: unknown parent variant nosuch",
		"14:1: error: expected a custom piece slot customPiece1 to customPiece25, found customPiece0",
		"15:1: error: expected a custom piece slot customPiece1 to customPiece25, found custompiece3",
		"16:1: error: expected a custom piece slot customPiece1 to customPiece25, found customPiece26",
		"17:17: error: expected ':' and the notation after the letter a",
		"18:17: error: expected ':' after the piece letter a, found \"W\"",
		"19:16: error: expected a piece letter, found \"7\"",
		"21:18: error: expected a notation after b:",
		"22:1: error: expected KEY = VALUE, found a line without '='",
		"23:2: error: variant chess is already defined by Fairy-Stockfish",
		"24:2: error: variant big is defined again",
		"29:6: error: expected ']' closing the section header",
	}
	for _, w := range want {
		if !has(got, w) {
			t.Errorf("no finding %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	if n := res.Count(lint.Error); n != len(want) {
		t.Errorf("%d errors, want %d:\n%s", n, len(want), strings.Join(got, "\n"))
	}
	boards := map[string]string{}
	for _, p := range res.Pieces {
		boards[p.Name] = p.Board + " " + p.Notation
	}
	for name, w := range map[string]string{
		"[big] customPiece1 (c)":       "10x8 mRcpR",
		"[small] customPiece2 (n)":     "10x8 nN", // maxFile inherited from big
		"[small] king (k)":             "10x8 KN",
		"[lettered] customPiece9 (q)":  "3x5 Q", // a file letter, and a rank
		"[bad] customPiece5 (a)":       "",      // the engine skips W: nothing to read
		"[bad] customPiece1 (c)":       "",
		"[small] customPiece1 (c)":     "",
		"[lettered] customPiece2 (n)":  "",
		"[lettered] customPiece25 (x)": "",
	} {
		if boards[name] != w {
			t.Errorf("piece %s: %q, want %q (pieces: %v)", name, boards[name], w, boards)
		}
	}
}

// TestColumns maps a dialect's offsets into the line: a located error of
// the list's dialect after a name and a tab, and a loss of the
// fairy-stockfish profile after a key and blanks.
func TestColumns(t *testing.T) {
	_, got := run(t, "p.txt", "# pieces\nrook\tR\ncannon\t  mRcpR-\n\n\tW3\n", lint.Options{})
	for _, w := range []string{
		"3:16: error: Betza 2.0 does not read mRcpR-: expected a leg after '-', found end of input (§9.4)", // '-' is byte 15, the end 16
	} {
		if !has(got, w) {
			t.Errorf("no finding %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	res, _ := run(t, "p.txt", "\tW3\n", lint.Options{})
	if p := res.Pieces[0]; p.Col != 2 || p.Name != "line 1" || p.Notation != "W3" {
		t.Errorf("piece %+v, want W3 at column 2, named line 1", p)
	}
	_, got = run(t, "v.ini", "[x]\ncustomPiece1  =   a:fmW10\n", lint.Options{})
	if !has(got, "2:25: warning: Fairy-Stockfish reads fmW10 without 0: a second range digit", "(§C5.1)") {
		t.Errorf("no column 25 for the skipped digit:\n%s", strings.Join(got, "\n"))
	}
}

// TestXBoard reads piece commands: IDs with their suffixes, the
// description in XBetza, located errors and malformed lines.
func TestXBoard(t *testing.T) {
	text := "piece N& NB\npiece +L^ fR\n# a comment\npiece P& fmWfceF\npiece Q& mRcpR3\nfeature done=1\npiece 7 W\npiece K&\n"
	res, got := run(t, "engine.txt", text, lint.Options{})
	if res.Kind != lint.XBoard || res.Dialect != "xbetza" {
		t.Fatalf("kind %s dialect %s", res.Kind, res.Dialect)
	}
	for _, w := range []string{
		"4:15: warning: XBoard/XBetza reads fmWfceF without e: e, en passant, is left out",                              // col of 'e'
		"5:12: warning: cpR3 has no equivalent in Betza 2.0, so betzacheck cannot evaluate mRcpR3: a range on a hopper", // the part, not the notation
		"6:1: error: expected a piece command",
		"7:7: error: expected a piece ID",
		"8:9: error: expected a description after piece K&",
	} {
		if !has(got, w) {
			t.Errorf("no finding %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	var names []string
	for _, p := range res.Pieces {
		names = append(names, p.Name+"="+p.Notation)
	}
	if want := []string{"piece N&=NB", "piece +L^=fR", "piece P&=fmWfceF", "piece Q&=mRcpR3"}; !slices.Equal(names, want) {
		t.Errorf("pieces %v, want %v", names, want)
	}
}

// TestDialectOverride reads a list in another dialect, and a variants
// file in XBetza, where mafsmafW is the Janggi elephant and reads as such
// with no loss.
func TestDialectOverride(t *testing.T) {
	res, got := run(t, "p.txt", "elephant\tmafsmafW\n", lint.Options{Dialect: "xbetza"})
	if res.Pieces[0].Betza2 != "W-F-F" {
		t.Errorf("xbetza reading %q", res.Pieces[0].Betza2)
	}
	if has(got, "1:10: warning: XBoard/XBetza reads") {
		t.Errorf("a loss where XBetza loses nothing:\n%s", strings.Join(got, "\n"))
	}
	if _, err := lint.Lint("p.txt", nil, lint.Options{Dialect: "klingon"}); err == nil {
		t.Error("an unknown dialect is no error")
	}
}

// TestDisagreement pins the witness of the example: under the
// fairy-stockfish profile mafsmafW is frlmW, three single steps, while
// XBetza reads the Janggi elephant. Both readings are evaluated here on
// the witness and compared with the squares worked out by hand.
func TestDisagreement(t *testing.T) {
	res, got := run(t, "v.ini", "[x]\ncustomPiece1 = e:mafsmafW\n", lint.Options{})
	var w *lint.Witness
	for _, f := range res.Findings {
		if f.Witness != nil && strings.Contains(f.Message, "XBoard/XBetza") {
			w = f.Witness
		}
	}
	if w == nil {
		t.Fatalf("no disagreement with a witness:\n%s", strings.Join(got, "\n"))
	}
	if w.Board != "8x8" || w.From != "d4" || w.Position != "8/8/8/8/3X*4/8/8/8" || w.Seed != nil {
		t.Errorf("witness %+v, want the empty 8x8 from d4", w)
	}
	if !has(got, "2:18: warning: readers disagree: Fairy-Stockfish reads mafsmafW as frlmW (3 moves from d4 on an empty 8x8), XBoard/XBetza as W-F-F (8)", "(§L5.3)") {
		t.Errorf("message:\n%s", strings.Join(got, "\n"))
	}
	// By hand: frlmW steps to d5, c4, e4. The elephant steps one square
	// orthogonally, then two diagonally outwards: from d5 to f7 and b7,
	// from e4 to g6 and g2, from d3 to f1 and b1, from c4 to a6 and a2.
	byHand := map[string][]string{
		"betza-classic:fairy-stockfish": {"c4", "d5", "e4"},
		"xbetza":                        {"a2", "a6", "b1", "b7", "f1", "f7", "g2", "g6"},
	}
	for _, r := range w.Readings {
		prog, err := translate.ToBetza2(r.Dialect, "mafsmafW")
		if err != nil {
			t.Fatal(err)
		}
		pos, err := board.ParsePosition(board.Size{W: 8, H: 8}, w.Position)
		if err != nil {
			t.Fatal(err)
		}
		outs, err := prog.Moves(pos, board.Square{File: 3, Rank: 3}, eval.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var squares []string
		for _, o := range outs {
			squares = append(squares, o.To.String())
		}
		slices.Sort(squares)
		squares = slices.Compact(squares)
		if !slices.Equal(squares, byHand[r.Dialect]) || r.Moves != len(byHand[r.Dialect]) {
			t.Errorf("%s: %v (%d moves), by hand %v", r.Reader, squares, r.Moves, byHand[r.Dialect])
		}
	}
	if !has(got, "2:18: note: replay Fairy-Stockfish: betzacheck moves --board 8x8 --position '8/8/8/8/3X*4/8/8/8' --from d4 --dialect betza-classic:fairy-stockfish mafsmafW") {
		t.Errorf("no replay note:\n%s", strings.Join(got, "\n"))
	}
}

// TestGeneratedWitness finds a difference the empty board does not show
// on a generated position, whose seed the finding carries; the search is
// deterministic.
func TestGeneratedWitness(t *testing.T) {
	opt := lint.Options{Seed: 7}
	const file = "[x]\nmaxFile = 7\nmaxRank = 7\ncustomPiece1 = l:fR3\n" // on the empty 7x7 both make 3 moves from d4
	res, got := run(t, "v.ini", file, opt)
	var w *lint.Witness
	for _, f := range res.Findings {
		if f.Witness != nil {
			w = f.Witness
		}
	}
	if w == nil || w.Seed == nil || *w.Seed != 7 {
		t.Fatalf("no generated witness of seed 7:\n%s", strings.Join(got, "\n"))
	}
	if !has(got, "4:18: warning: readers disagree: Fairy-Stockfish reads fR3 as fW3", "generated from seed 7") {
		t.Errorf("the finding does not name its seed:\n%s", strings.Join(got, "\n"))
	}
	again, _ := run(t, "v.ini", file, opt)
	if !slices.EqualFunc(res.Findings, again.Findings, func(a, b lint.Finding) bool { return a.String() == b.String() }) {
		t.Error("two runs of one seed differ")
	}
	// With no generated positions, nothing is claimed.
	_, got = run(t, "v.ini", file, lint.Options{Positions: -1})
	if has(got, "4:18: warning: readers disagree") {
		t.Errorf("a disagreement without positions:\n%s", strings.Join(got, "\n"))
	}
}

// TestLossWarnings: each kind of loss of the fairy-stockfish profile is a
// warning at the lost part, with the profile's clause.
func TestLossWarnings(t *testing.T) {
	_, got := run(t, "v.ini", "[x]\ncustomPiece1 = a:DD\ncustomPiece2 = b:nR\ncustomPiece3 = c:jR\ncustomPiece4 = d:W[x]\n", lint.Options{})
	for _, w := range []string{
		"2:18: warning: Fairy-Stockfish reads DD without DD: a ride of D gives no move: profile fairy-stockfish makes no ride of it (§C5.1)",
		"3:18: warning: Fairy-Stockfish reads nR without n: n on a rider, ignored",
		"4:18: warning: Fairy-Stockfish reads jR without j: j, the jump, skipped",
		"5:19: warning: Fairy-Stockfish reads W[x] without [: '[' skipped",
		"5:20: warning: Fairy-Stockfish reads W[x] without x: 'x' skipped",
	} {
		if !has(got, w) {
			t.Errorf("no finding %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// TestUndecided: positions a search limit left undecided are said to be
// so, never counted as agreement.
func TestUndecided(t *testing.T) {
	_, got := run(t, "v.ini", "[x]\nmaxFile = 7\nmaxRank = 7\ncustomPiece1 = l:fR3\n", lint.Options{Positions: 3, Eval: eval.Options{MaxStates: 1}})
	if !has(got, "4:18: note: Fairy-Stockfish and Betza 2.0 read fR3 as fW3 and fR3: no position tried tells them apart, but a search limit left 4 of them undecided", "(§L5.4)") {
		t.Errorf("no note of the undecided positions:\n%s", strings.Join(got, "\n"))
	}
}

// TestClausesExist: every clause of spec/lint.md the package cites is a
// clause of the document.
func TestClausesExist(t *testing.T) {
	doc, err := fs.ReadFile(spec.Files(), "lint.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	cited := regexp.MustCompile(`§L[0-9]+\.[0-9]+`)
	n := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cited.FindAllString(string(src), -1) {
			n++
			if !strings.Contains(string(doc), "**"+c+"**") {
				t.Errorf("%s cites %s, which spec/lint.md does not have", name, c)
			}
		}
	}
	if n == 0 {
		t.Error("no clause cited")
	}
}

// TestLongLine: a line longer than lint.MaxLine is an error and is not
// read (§L1.4), in every kind of file; the lines after it are. Before the
// bound, a 400 KB variants file of two notations took 42 s and 20 GB, and
// printed 10 GB of findings that each quoted a 200 KB notation.
func TestLongLine(t *testing.T) {
	long := strings.Repeat("fmaW", lint.MaxLine/4+1)
	for _, tt := range []struct{ name, text string }{
		{"v.ini", "[v]\ncustomPiece1 = a:" + long + "\ncustomPiece2 = b:mQ2\n"},
		{"p.txt", "piece A& " + long + "\npiece B& mQ2\n"},
		{"l.txt", "a\t" + long + "\nb\tmQ2\n"},
	} {
		res, findings := run(t, tt.name, tt.text, lint.Options{})
		lines := strings.Split(tt.text, "\n")
		n := slices.IndexFunc(lines, func(l string) bool { return len(l) > lint.MaxLine })
		want := fmt.Sprintf("%d:%d: error: line of %d bytes, more than the %d lint reads: the line is not read (§L1.4)", n+1, lint.MaxLine+1, len(lines[n]), lint.MaxLine)
		if !slices.Contains(findings, want) {
			t.Errorf("%s: findings %q, want %q", tt.name, findings, want)
		}
		if len(res.Pieces) != 1 || res.Pieces[0].Notation != "mQ2" {
			t.Errorf("%s: pieces %+v, want the one on the line after the long one", tt.name, res.Pieces)
		}
		for _, f := range findings {
			if len(f) > 1000 {
				t.Errorf("%s: a finding of %d bytes quotes the long line", tt.name, len(f))
			}
		}
	}
}

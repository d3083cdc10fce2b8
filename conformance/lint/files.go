package lint

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
)

// MaxLine is the longest line lint reads, in bytes (§L1.4): the files it
// reads are written by hand, and their longest lines are a few hundred
// bytes. A longer line is an error and is not read, so that neither the
// readings nor the findings that quote a notation grow with it.
const MaxLine = 4096

// lines splits data into lines without their line ends (§L2.3: a
// carriage return before the newline is not part of the line). A line
// longer than MaxLine is reported (§L1.4) and read as a blank line, so
// that the lines after it keep their numbers.
func (l *linter) lines(data []byte) []string {
	out := strings.Split(string(data), "\n")
	for i, s := range out {
		out[i] = strings.TrimSuffix(s, "\r")
		if len(out[i]) > MaxLine {
			l.add(i+1, MaxLine+1, Error, "", "§L1.4", "line of %d bytes, more than the %d lint reads: the line is not read", len(out[i]), MaxLine)
			out[i] = ""
		}
	}
	return out
}

// indent is the number of bytes of blanks a line starts with.
func indent(s string) int { return len(s) - len(strings.TrimLeft(s, " \t")) }

// section is a section of a variants file (§L2.1).
type section struct {
	name, parent string
	keys         map[string]string
	inFile       *section // the parent, when it is a section of the file
}

// value returns the key's value in the section or the sections it
// inherits from (§L2.1), and whether one sets it.
func (s *section) value(key string) (string, bool) {
	for ; s != nil; s = s.inFile {
		if v, ok := s.keys[key]; ok {
			return v, true
		}
	}
	return "", false
}

// size is the section's board (§L2.5): maxFile by maxRank, 8 by 8 by
// default, each side within what a betzacheck board takes.
func (s *section) size() board.Size {
	size := board.Size{W: 8, H: 8}
	if v, ok := s.value("maxFile"); ok {
		v = strings.TrimSpace(v)
		if n, err := strconv.Atoi(v); err == nil {
			size.W = n
		} else if len(v) == 1 && 'a' <= v[0] && v[0] <= 'z' {
			size.W = int(v[0]-'a') + 1
		}
	}
	if v, ok := s.value("maxRank"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			size.H = n
		}
	}
	if size.W < 1 || size.W > 26 || size.H < 1 || size.H > 26 {
		return board.Size{W: 8, H: 8}
	}
	return size
}

// customKey is a key that names a custom piece slot, well written or not:
// every key that starts so, in any case (§L2.4).
var customKey = regexp.MustCompile(`(?i)^custom_?piece`)

// slotKey is a well-written slot key and its number.
var slotKey = regexp.MustCompile(`^customPiece([0-9]+)$`)

// MaxCustomPieces is the number of custom piece slots of the engine
// (§L2.4): customPiece1 to customPiece25.
const MaxCustomPieces = 25

// variants reads a Fairy-Stockfish variants file (§L2).
func (l *linter) variants(data []byte) {
	sections := map[string]*section{}
	var cur *section
	type pending struct {
		p   Piece
		sec *section
	}
	var pieces []pending
	for i, raw := range l.lines(data) {
		n := i + 1
		t := strings.TrimSpace(raw)
		at := indent(raw)
		switch {
		case t == "":
			continue
		case t[0] == '[':
			cur = l.header(raw, n, sections)
			continue
		case cur == nil:
			continue // §L2.1: nothing before the first section is read
		case t[0] == '#' || t[0] == ';':
			continue // §L2.3
		}
		eq := strings.IndexByte(raw, '=')
		if eq < 0 {
			l.add(n, at+1, Error, "", "§L2.3", "expected KEY = VALUE, found a line without '=': Fairy-Stockfish reads nothing of it")
			continue
		}
		key := strings.TrimSpace(raw[:eq])
		vat := eq + 1 + indent(raw[eq+1:])
		value := strings.TrimRight(raw[vat:], " \t")
		cur.keys[key] = value
		if key != "king" && !customKey.MatchString(key) {
			continue
		}
		if m := slotKey.FindStringSubmatch(key); key != "king" {
			k, err := strconv.Atoi(m2(m))
			if m == nil || err != nil || k < 1 || k > MaxCustomPieces {
				l.add(n, at+1, Error, "", "§L2.4", "expected a custom piece slot customPiece1 to customPiece%d, found %s: Fairy-Stockfish ignores the line", MaxCustomPieces, key)
				continue
			}
		}
		if p, ok := l.slotValue(key, value, n, vat+1, cur.name); ok {
			pieces = append(pieces, pending{p, cur})
		}
	}
	for _, q := range pieces {
		q.p.Board = q.sec.size().String()
		l.piece(q.p)
	}
}

// m2 is the first submatch of m, "" when m is nil.
func m2(m []string) string {
	if m == nil {
		return ""
	}
	return m[1]
}

// header reads a section header (§L2.1, §L2.2) and returns the section
// its lines belong to.
func (l *linter) header(raw string, n int, sections map[string]*section) *section {
	at := indent(raw)
	end := strings.IndexByte(raw, ']')
	if end < 0 {
		l.add(n, len(strings.TrimRight(raw, " \t"))+1, Error, "", "§L2.1", "expected ']' closing the section header, found end of line")
		end = len(strings.TrimRight(raw, " \t"))
	}
	inside := raw[at+1 : end]
	name, parent, hasParent := strings.Cut(inside, ":")
	s := &section{name: name, parent: parent, keys: map[string]string{}}
	switch {
	case name == "":
		l.add(n, at+2, Error, "", "§L2.1", "expected a variant name after '[', found %s", foundAt(raw, at+1))
	case sections[name] != nil:
		l.add(n, at+2, Error, "", "§L2.2", "variant %s is defined again: Fairy-Stockfish keeps the first definition and reads nothing of this one", name)
	case builtin(name):
		l.add(n, at+2, Error, "", "§L2.2", "variant %s is already defined by Fairy-Stockfish, which reads nothing of this section", name)
	}
	if hasParent {
		pcol := at + 2 + len(name) + 1
		switch {
		case parent == "":
			l.add(n, pcol, Error, "", "§L2.1", "expected a parent variant after ':', found %s", foundAt(raw, pcol-1))
		case sections[parent] != nil:
			s.inFile = sections[parent]
		case builtin(parent):
			// §L2.2: nothing in the file to inherit, and no error.
		default:
			l.add(n, pcol, Error, "", "§L2.2", "unknown parent variant %s: it is neither a section above nor a variant Fairy-Stockfish defines, so the engine refuses [%s]", parent, name)
		}
	}
	if name != "" && sections[name] == nil {
		sections[name] = s
	}
	return s
}

// foundAt names the byte at i of s for "found …", or "end of line".
func foundAt(s string, i int) string {
	if i >= len(s) {
		return "end of line"
	}
	return strconv.Quote(s[i : i+1])
}

// slotValue reads the value of a custom piece key or king, LETTER:NOTATION
// starting at column col of line n (§L2.4), and returns the piece to read.
func (l *linter) slotValue(key, value string, n, col int, sec string) (Piece, bool) {
	fail := func(c int, format string, args ...any) (Piece, bool) {
		l.add(n, c, Error, "", "§L2.4", format, args...)
		return Piece{}, false
	}
	switch {
	case value == "":
		return fail(col, "expected LETTER:NOTATION after %s =, found end of line", key)
	case value[0] == '-':
		return Piece{}, false // the piece is removed: no notation
	case !isLetter(value[0]):
		return fail(col, "expected a piece letter, found %s", foundAt(value, 0))
	case len(value) == 1 && key == "king":
		return Piece{}, false // the ordinary king
	case len(value) == 1:
		return fail(col+1, "expected ':' and the notation after the letter %c, found end of line: Fairy-Stockfish gives the piece no moves", value[0])
	case value[1] != ':':
		// The engine skips the second character whatever it is: what
		// follows is still read, and checked.
		rest := value[2:]
		what := fmt.Sprintf("reads the notation %s", strconv.Quote(rest))
		if rest == "" {
			what = "reads no notation and gives the piece no moves"
		}
		l.add(n, col+1, Error, "", "§L2.4", "expected ':' after the piece letter %c, found %s: Fairy-Stockfish skips that character and %s", value[0], foundAt(value, 1), what)
		if rest == "" {
			return Piece{}, false
		}
	case len(value) == 2:
		return fail(col+2, "expected a notation after %s, found end of line: Fairy-Stockfish gives the piece no moves", value)
	}
	return Piece{
		Name:     fmt.Sprintf("[%s] %s (%c)", sec, key, value[0]),
		Section:  sec,
		Key:      key,
		Line:     n,
		Col:      col + 2,
		Notation: value[2:],
	}, true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// pieceID is the ID of an XBoard piece command (§L3.1).
var pieceID = regexp.MustCompile(`^\+?[A-Za-z][&^]?$`)

// pieceCommands reads XBoard piece commands (§L3).
func (l *linter) pieceCommands(data []byte) {
	for i, raw := range l.lines(data) {
		n := i + 1
		t := strings.TrimSpace(raw)
		at := indent(raw)
		if t == "" || t[0] == '#' {
			continue
		}
		word, rest, _ := strings.Cut(t, " ")
		if w, _, _ := strings.Cut(word, "\t"); w != "piece" {
			l.add(n, at+1, Error, "", "§L3.1", "expected a piece command, piece ID DESCRIPTION, found %s", strconv.Quote(word))
			continue
		}
		rest = raw[at+len("piece"):]
		idAt := at + len("piece") + indent(rest)
		id, desc, _ := strings.Cut(strings.TrimSpace(rest), " ")
		if tab := strings.IndexByte(id, '\t'); tab >= 0 {
			id, desc = id[:tab], id[tab+1:]+" "+desc
		}
		switch {
		case id == "":
			l.add(n, idAt+1, Error, "", "§L3.1", "expected a piece ID and a description after piece, found end of line")
			continue
		case !pieceID.MatchString(id):
			l.add(n, idAt+1, Error, "", "§L3.1", "expected a piece ID, a letter with an optional + before it and & or ^ after it, found %s", strconv.Quote(id))
			continue
		}
		desc = strings.TrimSpace(desc)
		if desc == "" {
			l.add(n, idAt+len(id)+1, Error, "", "§L3.1", "expected a description after piece %s, found end of line", id)
			continue
		}
		l.piece(Piece{Name: "piece " + id, Key: id, Line: n, Col: strings.Index(raw[idAt+len(id):], desc) + idAt + len(id) + 1, Notation: desc})
	}
}

// list reads a plain list (§L4).
func (l *linter) list(data []byte) {
	for i, raw := range l.lines(data) {
		n := i + 1
		t := strings.TrimSpace(raw)
		if t == "" || t[0] == '#' {
			continue
		}
		name := fmt.Sprintf("line %d", n)
		col := indent(raw) + 1
		notation := t
		if tab := strings.IndexByte(raw, '\t'); tab >= 0 && strings.TrimSpace(raw[:tab]) != "" {
			name = strings.TrimSpace(raw[:tab])
			after := raw[tab+1:]
			notation = strings.TrimSpace(after)
			col = tab + 1 + indent(after) + 1
			if notation == "" {
				l.add(n, col, Error, name, "§L4.1", "expected a notation after the name %s and a tab, found end of line", name)
				continue
			}
		}
		l.piece(Piece{Name: name, Key: name, Line: n, Col: col, Notation: notation})
	}
}

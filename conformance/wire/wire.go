// Package wire holds the messages of the JSON Lines protocol (version 2)
// through which the conformance suite checks an external Betza
// implementation (spec/protocol.md): the requests and replies with their
// JSON, the lines they travel in (ReadLine), and the canonical text of an
// outcome at each comparison level (Key), by which replies are compared.
// Package client runs an implementation and asks it requests, package
// server is the reference interpreter behind the protocol, and package
// conform judges a reply against the reference.
//
// An exchange is one request line and one reply line, strictly in order
// (here with an implementation that answers at level destinations):
//
//	→ {"id":0,"op":"hello","protocol":2}
//	← {"id":0,"name":"toy","version":"1.0","protocol":2,"dialects":["betza2"],"level":"destinations","maxBoard":"12x10"}
//	→ {"id":1,"op":"moves","dialect":"betza2","notation":"W","board":"3x3","position":"3/1X*p/3","from":"b2"}
//	← {"id":1,"outcomes":[{"to":"a2","capture":false},{"to":"b1","capture":false},{"to":"b3","capture":false},{"to":"c2","capture":true}]}
//	→ {"id":2,"op":"moves","dialect":"betza2","notation":"mRpR-","board":"3x3","position":"3/1X*p/3","from":"b2"}
//	← {"id":2,"error":{"kind":"syntax","message":"expected a leg after '-', found end of input (§9.4)","offset":5}}
//	→ {"id":3,"op":"bye"}
//
// Outcomes are compared at a level (§10.4): destinations (to and capture),
// effects (and the changed squares) or paths (and the squares each leg
// ended on). Each level has a canonical text of an outcome (Key); two
// replies agree at a level when their sets of keys are equal.
//
// Its API is stable (README.md, Stability).
package wire

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
	"github.com/betzacheck/betzacheck/reference/eval"
)

// Version is the protocol version the client speaks: 2, which adds the
// capabilities of the hello reply (P2.6 of spec/protocol.md). A reply of
// protocol MinVersion or later is accepted.
const Version = 2

// MinVersion is the oldest protocol version accepted: a protocol 1
// implementation declares no capability and gets every default.
const MinVersion = 1

// MaxLine bounds a line of the protocol in bytes, its newline included
// (spec/protocol.md P1.6).
const MaxLine = 1 << 20

// Operations: the "op" of a request.
const (
	OpHello = "hello"
	OpMoves = "moves"
	OpBye   = "bye"
)

// Comparison levels (§10.4), from the least to the most detailed.
const (
	LevelDestinations = "destinations"
	LevelEffects      = "effects"
	LevelPaths        = "paths"
)

// Error kinds of an error reply.
const (
	// KindSyntax: the implementation rejects the notation.
	KindSyntax = "syntax"
	// KindUnsupported: the implementation cannot answer this request (a
	// dialect, board size, notation feature or operation it does not
	// take, or one of its limits).
	KindUnsupported = "unsupported"
	// KindRequest: the request itself is at fault: it does not read (not
	// JSON, no id) or names what the protocol does not allow (a board,
	// position or square that does not read, no piece on from). The client
	// never sends one (spec/protocol.md P4).
	KindRequest = "request"
	// KindInternal: anything else: a bug, or a failure of the engine
	// underneath.
	KindInternal = "internal"
)

// Kinds lists the error kinds of a reply (spec/protocol.md P4).
func Kinds() []string { return []string{KindSyntax, KindUnsupported, KindRequest, KindInternal} }

// Levels lists the comparison levels from the least detailed.
func Levels() []string { return []string{LevelDestinations, LevelEffects, LevelPaths} }

// Dialects lists the dialects of protocol 1.
func Dialects() []string {
	return []string{dialect.Betza2, dialect.Classic, dialect.Bracket, dialect.Spanish, dialect.XBetza}
}

// LevelRank orders the levels: a level's index in Levels, 0 for
// destinations; -1 for an unknown one.
func LevelRank(level string) int { return slices.Index(Levels(), level) }

// ValidLevel reports whether level is one of the protocol's levels.
func ValidLevel(level string) bool { return LevelRank(level) >= 0 }

// Hello is the handshake request; its id is always 0.
type Hello struct {
	ID       int    `json:"id"`
	Op       string `json:"op"` // OpHello
	Protocol int    `json:"protocol"`
}

// HelloReply is the implementation's answer to Hello: who it is and what
// it can be asked.
type HelloReply struct {
	ID       int      `json:"id"`
	Name     string   `json:"name"`
	Version  string   `json:"version"`
	Protocol int      `json:"protocol"`
	Dialects []string `json:"dialects"` // a dialect, or betza-classic:PROFILE (protocol 2)
	Level    string   `json:"level"`
	MaxBoard string   `json:"maxBoard,omitempty"` // "WxH"; empty means 26x26

	// The capabilities of protocol 2 (P2.6): nil is the default, true.
	// A protocol 1 reply has none (Check drops any it carries).
	Occupied  *bool `json:"occupied,omitempty"`  // reads pieces besides the mover
	Colours   *bool `json:"colours,omitempty"`   // tells white pieces from black
	Unmoved   *bool `json:"unmoved,omitempty"`   // reads the '*' of a piece that has not moved
	Validates *bool `json:"validates,omitempty"` // rejects malformed notations with kind syntax
	// Characters, when set, are the only characters its notations contain.
	Characters string `json:"characters,omitempty"`
}

// ReadsOccupied reports whether the implementation takes positions with
// pieces besides the mover (P2.6; default true).
func (h HelloReply) ReadsOccupied() bool { return orTrue(h.Occupied) }

// ReadsColours reports whether it tells the colours apart (P2.6; default
// true): if not, it is sent a white mover and black pieces only.
func (h HelloReply) ReadsColours() bool { return orTrue(h.Colours) }

// ReadsUnmoved reports whether it reads the not-moved marker '*' (P2.6;
// default true): if not, it is sent no '*'.
func (h HelloReply) ReadsUnmoved() bool { return orTrue(h.Unmoved) }

// ValidatesNotations reports whether it rejects malformed notations (P2.6;
// default true): if not, it is sent no notation the spec rejects.
func (h HelloReply) ValidatesNotations() bool { return orTrue(h.Validates) }

func orTrue(b *bool) bool { return b == nil || *b }

// Check validates a decoded hello reply. A protocol 1 reply loses any
// capability field it carries: protocol 1 has none (P1.7).
func (h *HelloReply) Check() error {
	switch {
	case h.ID != 0:
		return fmt.Errorf("hello reply has id %d, want 0", h.ID)
	case h.Protocol < MinVersion || h.Protocol > Version:
		return fmt.Errorf("implementation speaks protocol %d, want %d to %d", h.Protocol, MinVersion, Version)
	case h.Name == "":
		return fmt.Errorf("hello reply has no name")
	}
	if err := checkLabel("name", h.Name); err != nil {
		return err
	}
	if err := checkLabel("version", h.Version); err != nil {
		return err
	}
	switch {
	case !ValidLevel(h.Level):
		return fmt.Errorf("hello reply has level %q, want one of %s", h.Level, strings.Join(Levels(), ", "))
	case len(h.Dialects) == 0:
		return fmt.Errorf("hello reply names no dialect")
	}
	for _, d := range h.Dialects {
		if err := checkDialect(d, h.Protocol); err != nil {
			return err
		}
	}
	if h.MaxBoard != "" {
		if _, err := board.ParseSize(h.MaxBoard); err != nil {
			return fmt.Errorf("hello reply: maxBoard: %v", err)
		}
	}
	if h.Protocol < 2 {
		h.Occupied, h.Colours, h.Unmoved, h.Validates, h.Characters = nil, nil, nil, nil, ""
	}
	return nil
}

// MaxLabel bounds the name and the version of a hello reply, in bytes
// (P2.1).
const MaxLabel = 100

// checkLabel checks the name or version of a hello reply (P2.1): short
// text of printable characters, which reports print as it is (a control
// character, such as a terminal escape, or a line break could forge a
// report's lines).
func checkLabel(field, text string) error {
	if len(text) > MaxLabel {
		return fmt.Errorf("hello reply: %s %s is %d bytes long, more than %d (P2.1)", field, QuoteText(text), len(text), MaxLabel)
	}
	for i, r := range text {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("hello reply: %s %s has the character %U at byte %d, which is not printable (P2.1)", field, QuoteText(text), r, i)
		}
	}
	return nil
}

// QuoteText shows text an implementation sent, in a message or a report:
// Go-quoted, so that a control character, a terminal escape or a line
// break shows as an escape and can neither act nor forge a line, and cut
// to QuoteMax bytes, with the whole length said.
func QuoteText(text string) string { return QuoteStart(text, len(text)) }

// QuoteStart is QuoteText for the start of a text of n bytes (a line
// still being written): cut to QuoteMax bytes, at a character's start,
// and said to be n bytes long when it is cut.
func QuoteStart(start string, n int) string {
	if n <= QuoteMax && len(start) <= QuoteMax {
		return strconv.Quote(start)
	}
	cut := min(len(start), QuoteMax)
	for cut > 0 && cut < len(start) && !utf8.RuneStart(start[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(start[:cut]), n)
}

// QuoteMax is how much of a text an implementation sent QuoteText shows.
const QuoteMax = 200

// checkDialect checks one entry of a hello reply's dialects: a dialect of
// the protocol (P2.3), or from protocol 2 on a classic profile written
// betza-classic:PROFILE (P2.6).
func checkDialect(d string, protocol int) error {
	base, profile, hasProfile := strings.Cut(d, ":")
	if !slices.Contains(Dialects(), base) {
		return fmt.Errorf("hello reply has dialect %q, want some of %s", d, strings.Join(Dialects(), ", "))
	}
	if !hasProfile {
		return nil
	}
	if protocol < 2 || base != dialect.Classic {
		return fmt.Errorf("hello reply has dialect %q: only %s takes a profile, from protocol 2 on", d, dialect.Classic)
	}
	var names []string
	for _, p := range classic.Profiles {
		if p.Name == profile {
			return nil
		}
		names = append(names, p.Name)
	}
	return fmt.Errorf("hello reply has dialect %q: unknown profile %q, want one of %s", d, profile, strings.Join(names, ", "))
}

// Supports reports why the implementation cannot be asked req (a dialect
// it did not declare, a board larger than its maxBoard, a position that
// needs a capability it lacks, P2.6), or nil.
func (h HelloReply) Supports(req MovesRequest) error {
	if !slices.Contains(h.Dialects, req.Dialect) {
		return fmt.Errorf("%s does not read dialect %q", h.Name, req.Dialect)
	}
	if h.Characters != "" {
		for _, r := range req.Notation {
			if !strings.ContainsRune(h.Characters, r) {
				return fmt.Errorf("%s reads no %q (characters %q)", h.Name, r, h.Characters)
			}
		}
	}
	size, err := board.ParseSize(req.Board)
	if err != nil {
		return err
	}
	if h.MaxBoard != "" {
		max, err := board.ParseSize(h.MaxBoard)
		if err != nil {
			return fmt.Errorf("%s: maxBoard: %v", h.Name, err)
		}
		if size.W > max.W || size.H > max.H {
			return fmt.Errorf("board %s is larger than %s's %s", size, h.Name, max)
		}
	}
	if h.ReadsOccupied() && h.ReadsColours() && h.ReadsUnmoved() {
		return nil
	}
	s, err := req.Setup()
	if err != nil {
		return err
	}
	return h.Fits(s)
}

// Fits reports why a setup needs a capability the implementation lacks
// (P2.6), or nil: another piece than the mover (occupied), a black mover
// or a white piece besides it (colours), a piece marked not moved
// (unmoved).
func (h HelloReply) Fits(s board.Setup) error {
	mover := s.Pos.At(s.From)
	for _, q := range s.Pos.Pieces() {
		p := s.Pos.At(q)
		switch {
		case q != s.From && !h.ReadsOccupied():
			return fmt.Errorf("%s takes no piece besides the mover (occupied: false), the position has one on %s", h.Name, q)
		case !h.ReadsColours() && q == s.From && mover.Color != board.White:
			return fmt.Errorf("%s tells no colours apart (colours: false): the mover must be white", h.Name)
		case !h.ReadsColours() && q != s.From && p.Color == mover.Color:
			return fmt.Errorf("%s tells no colours apart (colours: false): the piece on %s has the mover's colour", h.Name, q)
		case !h.ReadsUnmoved() && p.Virgin:
			return fmt.Errorf("%s reads no '*' (unmoved: false), the piece on %s has one", h.Name, q)
		}
	}
	return nil
}

// MovesRequest asks for every outcome of a notation for the piece on From.
// Position is placement text (§11.2): ranks from the top separated by '/',
// decimal runs of empty squares, letters for pieces (upper case white),
// '*' after a letter for a piece that has not moved.
type MovesRequest struct {
	ID       int    `json:"id"`
	Op       string `json:"op"` // OpMoves
	Dialect  string `json:"dialect"`
	Notation string `json:"notation"`
	Board    string `json:"board"`    // "WxH"
	Position string `json:"position"` // placement text
	From     string `json:"from"`     // the mover's square
	// Level is the most detail the client compares (optional, P3.1).
	Level string `json:"level,omitempty"`
}

// NewRequest builds the request for the setup s (its ID is set by the
// client that sends it).
func NewRequest(dialect, notation string, s board.Setup) MovesRequest {
	return MovesRequest{Op: OpMoves, Dialect: dialect, Notation: notation,
		Board: s.Pos.Size().String(), Position: s.Pos.String(), From: s.From.String()}
}

// Setup reads the request's board, position and mover's square.
func (r MovesRequest) Setup() (board.Setup, error) {
	return board.ParseSetup(r.Board, r.Position, r.From, "")
}

// Reply answers a MovesRequest: either Outcomes (possibly none) or Error.
type Reply struct {
	ID       int         `json:"id"`
	Outcomes []Outcome   `json:"outcomes"`
	Error    *ErrorReply `json:"error,omitempty"`
}

// MarshalJSON writes "outcomes" (as [] when there are none) or "error",
// never both.
func (r Reply) MarshalJSON() ([]byte, error) {
	if r.Error != nil {
		return json.Marshal(struct {
			ID    int         `json:"id"`
			Error *ErrorReply `json:"error"`
		}{r.ID, r.Error})
	}
	out := r.Outcomes
	if out == nil {
		out = []Outcome{}
	}
	return json.Marshal(struct {
		ID       int       `json:"id"`
		Outcomes []Outcome `json:"outcomes"`
	}{r.ID, out})
}

// LineSize is the length in bytes of the line that carries r, its newline
// included: what P1.6 bounds (MaxLine).
func (r Reply) LineSize() int {
	line, err := json.Marshal(r)
	if err != nil {
		return 0 // a Reply always marshals
	}
	return len(line) + 1
}

// CheckReply reports the first thing in r, a decoded reply to req, that
// the protocol forbids, or nil: a "to" or a changed square that names no
// square of the request's board (P3.1: "a1" to the board's last file and
// rank, written as the reference writes it, so "a01", "A1", "" and
// "zz999" are not names), a changed square's content other than "" or
// one piece letter (P3.3), an empty path or a path square that is not a
// name (P3.3: a path may pass over virtual squares off the board, §3.6,
// named as board.Square.String writes them), or a syntax error's offset
// outside the notation (P4). Fields the reply's level does not compare
// are checked too: whatever it sends must be well-formed.
func CheckReply(r Reply, req MovesRequest) error {
	size, err := board.ParseSize(req.Board)
	if err != nil {
		return fmt.Errorf("the request's board: %v", err)
	}
	if e := r.Error; e != nil {
		if e.Kind == KindSyntax && e.Offset != nil && (*e.Offset < 0 || *e.Offset > len(req.Notation)) {
			return fmt.Errorf("the syntax error's offset %d is not a byte offset in the notation, from 0 to %d (P4)", *e.Offset, len(req.Notation))
		}
		return nil
	}
	for i, o := range r.Outcomes {
		if o.To != nil {
			if err := checkSquare(*o.To, size); err != nil {
				return fmt.Errorf("outcome %d: \"to\" %v", i+1, err)
			}
		}
		for _, name := range slices.Sorted(maps.Keys(o.Changes)) {
			if err := checkSquare(name, size); err != nil {
				return fmt.Errorf("outcome %d: \"changes\" has the key %v", i+1, err)
			}
			if content := o.Changes[name]; content != "" && (len(content) != 1 || !isLetter(content[0])) {
				return fmt.Errorf("outcome %d: \"changes\" gives %s the content %s, want \"\" or one piece letter (P3.3)", i+1, name, QuoteText(content))
			}
		}
		for j, p := range o.Paths {
			if len(p) == 0 {
				return fmt.Errorf("outcome %d: path %d is empty, want the mover's square first (P3.3)", i+1, j+1)
			}
			for _, name := range p {
				// A path may pass over virtual squares (§3.6).
				if q, err := board.ParseSquare(name); err != nil || q.String() != name {
					return fmt.Errorf("outcome %d: path %d has %s, which names no square (P3.3)", i+1, j+1, QuoteText(name))
				}
			}
		}
	}
	return nil
}

// checkSquare reports why name is not the name of a square of a board of
// size (P3.1), or nil.
func checkSquare(name string, size board.Size) error {
	q, err := board.ParseSquare(name)
	if err != nil || q.String() != name || !size.Contains(q) {
		return fmt.Errorf("%s, which names no square of the %s board (P3.1)", QuoteText(name), size)
	}
	return nil
}

// isLetter reports an ASCII letter: a piece in placement text (P3.1).
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// ErrorReply is a typed error answer.
type ErrorReply struct {
	Kind    string `json:"kind"` // one of Kinds
	Message string `json:"message"`
	Offset  *int   `json:"offset,omitempty"` // syntax: byte offset in the notation
}

// String returns "kind: message" with the offset, if any.
func (e *ErrorReply) String() string {
	if e.Offset != nil {
		return fmt.Sprintf("%s at offset %d: %s", e.Kind, *e.Offset, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Kind, e.Message)
}

// Outcome is one outcome as it travels: To is nil when the mover was
// destroyed (§3.14); Changes (level effects and above) maps each changed
// square to its content after the move ("" when emptied, else a piece as
// in placement text); Paths (level paths) lists, for each way the move can
// be made, the square it starts from and the square each leg ends on.
type Outcome struct {
	To      *string           `json:"to"`
	Capture bool              `json:"capture"`
	Changes map[string]string `json:"changes,omitempty"`
	Paths   [][]string        `json:"paths,omitempty"`
}

// MarshalJSON writes "changes" and "paths" whenever they are non-nil, so
// an effects-level outcome that changes nothing still says "changes":{}.
func (w Outcome) MarshalJSON() ([]byte, error) {
	type full struct {
		To      *string           `json:"to"`
		Capture bool              `json:"capture"`
		Changes map[string]string `json:"changes"`
		Paths   [][]string        `json:"paths"`
	}
	switch {
	case w.Changes == nil && w.Paths == nil:
		return json.Marshal(struct {
			To      *string `json:"to"`
			Capture bool    `json:"capture"`
		}{w.To, w.Capture})
	case w.Paths == nil:
		return json.Marshal(struct {
			To      *string           `json:"to"`
			Capture bool              `json:"capture"`
			Changes map[string]string `json:"changes"`
		}{w.To, w.Capture, w.Changes})
	}
	return json.Marshal(full(w))
}

// OutcomeOf converts a reference outcome on the setup s into its wire form
// at level: destinations keeps to and capture, effects adds the changes,
// paths adds the paths.
func OutcomeOf(o eval.Outcome, s board.Setup, level string) Outcome {
	w := Outcome{Capture: o.Capture(s.Pos, s.From)}
	if o.To != nil {
		s := o.To.String()
		w.To = &s
	}
	if LevelRank(level) >= 1 {
		w.Changes = make(map[string]string, len(o.Changes))
		for _, c := range o.Changes {
			w.Changes[c.Square.String()] = c.Piece.String()
		}
	}
	if LevelRank(level) >= 2 {
		w.Paths = make([][]string, 0, len(o.Paths))
		for _, p := range o.Paths {
			names := make([]string, len(p))
			for i, q := range p {
				names[i] = q.String()
			}
			w.Paths = append(w.Paths, names)
		}
		sortPaths(w.Paths)
	}
	return w
}

// OutcomesOf converts every outcome at level, keeping one wire outcome
// per distinct Key (at level destinations several effects share a
// destination), sorted by Key.
func OutcomesOf(outs []eval.Outcome, s board.Setup, level string) []Outcome {
	ws := make([]Outcome, 0, len(outs))
	for _, o := range outs {
		ws = append(ws, OutcomeOf(o, s, level))
	}
	return Project(ws, level)
}

// ParseOutcome reads a wire outcome back into a reference outcome, the
// inverse of OutcomeOf for what the wire carries: the square names and
// pieces of To, Changes (sorted by square, as eval sorts them) and Paths.
// Whether it captures is not kept: eval.Outcome.Capture works it out from
// the position. An outcome of level destinations has no changes. A name
// that is not a square or a piece (an implementation may send anything)
// is an error.
func ParseOutcome(w Outcome) (eval.Outcome, error) {
	var o eval.Outcome
	if w.To != nil {
		q, err := board.ParseSquare(*w.To)
		if err != nil {
			return o, err
		}
		o.To = &q
	}
	for name, content := range w.Changes {
		q, err := board.ParseSquare(name)
		if err != nil {
			return o, err
		}
		pc, err := board.ParsePiece(content)
		if err != nil {
			return o, err
		}
		o.Changes = append(o.Changes, eval.Change{Square: q, Piece: pc})
	}
	slices.SortFunc(o.Changes, func(a, b eval.Change) int { return a.Square.Compare(b.Square) })
	for _, p := range w.Paths {
		path := make([]board.Square, 0, len(p))
		for _, name := range p {
			q, err := board.ParseSquare(name)
			if err != nil {
				return o, err
			}
			path = append(path, q)
		}
		o.Paths = append(o.Paths, path)
	}
	return o, nil
}

// Project reduces outcomes to level: it drops what the level does not
// compare and merges the outcomes that then share a Key. The result is
// sorted by Key; the input is not modified.
func Project(ws []Outcome, level string) []Outcome {
	// At level paths, outcomes with one effect are one outcome whose
	// paths are the union (§10.3), so they merge on the effects key.
	mergeLevel := level
	if LevelRank(level) >= 2 {
		mergeLevel = LevelEffects
	}
	byKey := map[string]Outcome{}
	for _, w := range ws {
		p := Outcome{To: w.To, Capture: w.Capture}
		if LevelRank(level) >= 1 {
			p.Changes = w.Changes
			if p.Changes == nil {
				p.Changes = map[string]string{}
			}
		}
		k := Key(p, mergeLevel)
		if LevelRank(level) >= 2 {
			paths := append([][]string(nil), w.Paths...)
			if prev, ok := byKey[k]; ok {
				paths = append(paths, prev.Paths...)
			}
			p.Paths = dedupPaths(paths)
		}
		byKey[k] = p
	}
	type keyed struct {
		key string
		w   Outcome
	}
	ks := make([]keyed, 0, len(byKey))
	for _, w := range byKey {
		ks = append(ks, keyed{Key(w, level), w})
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].key < ks[j].key })
	out := make([]Outcome, len(ks))
	for i, k := range ks {
		out[i] = k.w
	}
	return out
}

// Key is the canonical text of an outcome at level: equal keys, equal
// outcomes at that level.
//
//	destinations  d8            d1 capture      - capture (mover destroyed)
//	effects       d8 d4= d8=X   d1 d1=X d4= capture
//	paths         d8 d4= d8=X via d4-d8
//
// Changes are listed by rank, then file, as in eval.Outcome.Key; paths are
// sorted and listed once each.
func Key(w Outcome, level string) string {
	var b strings.Builder
	if w.To == nil {
		b.WriteString("-")
	} else {
		b.WriteString(*w.To)
	}
	if LevelRank(level) >= 1 {
		for _, sq := range sortedSquares(w.Changes) {
			b.WriteString(" " + sq + "=" + w.Changes[sq])
		}
	}
	if w.Capture {
		b.WriteString(" capture")
	}
	if LevelRank(level) >= 2 {
		b.WriteString(" via")
		for i, p := range dedupPaths(w.Paths) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + strings.Join(p, "-"))
		}
	}
	return b.String()
}

// Keys returns the sorted, distinct keys of outcomes at level.
func Keys(ws []Outcome, level string) []string {
	seen := map[string]bool{}
	var keys []string
	for _, w := range ws {
		k := Key(w, level)
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// sortedSquares orders square names by board.Square.Compare; names that
// are not squares come last, in byte order. Each name is parsed once.
func sortedSquares(m map[string]string) []string {
	type named struct {
		name string
		sq   board.Square
		ok   bool
	}
	ns := make([]named, 0, len(m))
	for name := range m {
		q, err := board.ParseSquare(name)
		ns = append(ns, named{name, q, err == nil})
	}
	slices.SortFunc(ns, func(a, b named) int {
		switch {
		case a.ok && b.ok:
			return a.sq.Compare(b.sq)
		case a.ok != b.ok:
			if a.ok {
				return -1
			}
			return 1
		}
		return strings.Compare(a.name, b.name)
	})
	names := make([]string, len(ns))
	for i, n := range ns {
		names[i] = n.name
	}
	return names
}

func sortPaths(ps [][]string) {
	sort.Slice(ps, func(i, j int) bool { return strings.Join(ps[i], "-") < strings.Join(ps[j], "-") })
}

// dedupPaths returns the distinct paths, sorted.
func dedupPaths(ps [][]string) [][]string {
	out := make([][]string, 0, len(ps))
	seen := map[string]bool{}
	for _, p := range ps {
		k := strings.Join(p, "-")
		if !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	sortPaths(out)
	return out
}

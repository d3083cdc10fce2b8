// Package server is the reference interpreter behind the protocol
// (spec/protocol.md): Serve answers request lines as an implementation
// under test would; Answer and AnswerAt give the reference's reply to one
// request, and AnswerSetup to one already read (a notation and a
// board.Setup): the answer every other implementation is judged against.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package server

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/eval"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// MaxRequest bounds a request line read by Serve, its newline not
// counted; a longer line is answered with an error of kind request and
// skipped.
const MaxRequest = wire.MaxLine

// serveLevel is the level the reference answers at when a request does
// not ask for less: the most detailed.
const serveLevel = wire.LevelPaths

// Hello is the handshake reply of the reference named name and version:
// it answers at level paths, reads every dialect of the protocol (and
// each classic profile, which it does not declare: a protocol 1 client
// would refuse the names) and takes every board of §11.1.
func Hello(name, version string) wire.HelloReply {
	return wire.HelloReply{Name: name, Version: version, Protocol: wire.Version,
		Dialects: wire.Dialects(), Level: serveLevel, MaxBoard: board.Size{W: board.MaxSide, H: board.MaxSide}.String()}
}

// request is any request line, decoded leniently so that its id can be
// echoed in the error about the rest.
type request struct {
	ID       *int   `json:"id"`
	Op       string `json:"op"`
	Protocol int    `json:"protocol"`
	Dialect  string `json:"dialect"`
	Notation string `json:"notation"`
	Board    string `json:"board"`
	Position string `json:"position"`
	From     string `json:"from"`
	Level    string `json:"level"`
}

// errorLine is an error reply whose id may be null (a request whose id
// could not be read).
type errorLine struct {
	ID    *int             `json:"id"`
	Error *wire.ErrorReply `json:"error"`
}

// Serve is the reference interpreter behind the protocol: it reads requests
// from r and writes one reply line to w for each, strictly in order, until
// a "bye" request (which has no reply) or the end of r. It declares itself
// as name and version (Hello): level paths, every dialect, boards up to
// 26x26.
//
// Error kinds (spec/protocol.md P4): a notation the reference rejects is
// "syntax" with its offset (the expansion limit of §9.11 too: it is a
// static error); an unknown dialect, a notation with no Betza 2.0
// equivalent, an unknown op, a search limit (§12.3) and an answer longer
// than a reply line may be (P1.6, P6.9) are "unsupported"; a malformed
// request (bad JSON, no id, a bad board, position or square, no piece on
// from) is "request"; an error of the evaluation itself, such as a
// fragment conflict (§9.13), is "internal". A request line whose id
// cannot be read is answered with "id":null. Blank lines are skipped.
//
// Serve returns nil at bye or at the end of r, else the read or write
// error.
func Serve(r io.Reader, w io.Writer, name, version string) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriter(w)
	send := func(v any) error {
		line, err := json.Marshal(v)
		if err != nil {
			return err
		}
		bw.Write(line)
		bw.WriteByte('\n')
		return bw.Flush()
	}
	for {
		line, err := wire.ReadLine(br, MaxRequest, true)
		last := false
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, wire.ErrPartial):
			last = true // a final line without its newline is still a request
		case errors.Is(err, wire.ErrTooLong):
			if err := send(errorLine{nil, badRequest("request line longer than %d bytes", MaxRequest)}); err != nil {
				return err
			}
			continue
		case err != nil:
			return err
		}
		if strings.TrimSpace(string(line)) != "" {
			reply, bye := handle(line, name, version)
			if bye {
				return nil
			}
			if err := send(reply); err != nil {
				return err
			}
		}
		if last {
			return nil
		}
	}
}

// handle answers one request line; bye reports a "bye" request.
func handle(line []byte, name, version string) (reply any, bye bool) {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return errorLine{nil, badRequest("not a JSON object: %v", err)}, false
	}
	if req.ID == nil {
		return errorLine{nil, badRequest("no id")}, false
	}
	id := *req.ID
	switch req.Op {
	case wire.OpHello:
		h := Hello(name, version)
		h.ID = id
		if req.Protocol >= wire.MinVersion && req.Protocol < h.Protocol {
			h.Protocol = req.Protocol // an older client gets its own version
		}
		return h, false
	case wire.OpBye:
		return nil, true
	case wire.OpMoves:
		level := req.Level
		if !wire.ValidLevel(level) {
			level = serveLevel
		}
		return AnswerAt(wire.MovesRequest{ID: id, Op: req.Op, Dialect: req.Dialect, Notation: req.Notation,
			Board: req.Board, Position: req.Position, From: req.From}, level), false
	}
	return wire.Reply{ID: id, Error: &wire.ErrorReply{Kind: wire.KindUnsupported,
		Message: fmt.Sprintf("unknown op %q (the protocol has hello, moves and bye)", req.Op)}}, false
}

// badRequest is the error of a request at fault (kind request, P4).
func badRequest(format string, args ...any) *wire.ErrorReply {
	return &wire.ErrorReply{Kind: wire.KindRequest, Message: fmt.Sprintf(format, args...)}
}

// Answer is the reference's reply to req at level paths, with the error
// kinds described at Serve. It never panics: a panic of the reference is
// an internal error.
func Answer(req wire.MovesRequest) wire.Reply { return AnswerAt(req, wire.LevelPaths) }

// AnswerAt is Answer at a level: below paths the search merges paths and
// is much cheaper. An answer whose reply line would be longer than the
// protocol allows (P1.6) is "unsupported", saying at which level, if any,
// it fits (P6.9).
func AnswerAt(req wire.MovesRequest, level string) (reply wire.Reply) {
	reply.ID = req.ID
	defer recovered(&reply)
	s, err := req.Setup()
	if err != nil {
		reply.Error = badRequest("%v", err)
		return reply
	}
	if req.Dialect == dialect.Betza2 {
		reply = AnswerSetup(req.Notation, s, level)
	} else {
		reply = answerDialect(req.Dialect, req.Notation, s, level)
	}
	reply.ID = req.ID
	if n := reply.LineSize(); n > wire.MaxLine {
		return tooLong(reply, n, level)
	}
	return reply
}

// tooLong is the reply to a request whose answer at level takes a line of
// n bytes, more than wire.MaxLine (P1.6): "unsupported", naming the most
// detailed lower level at which it fits, if one does (P6.9).
func tooLong(reply wire.Reply, n int, level string) wire.Reply {
	msg := fmt.Sprintf("the answer at level %s takes a line of %d bytes, more than the %d a reply line may take (P1.6)", level, n, wire.MaxLine)
	for rank := wire.LevelRank(level) - 1; rank >= 0; rank-- {
		lower := wire.Levels()[rank]
		if m := (wire.Reply{ID: reply.ID, Outcomes: wire.Project(reply.Outcomes, lower)}).LineSize(); m <= wire.MaxLine {
			msg += fmt.Sprintf("; at level %s it takes %d (P6.9)", lower, m)
			break
		}
	}
	return wire.Reply{ID: reply.ID, Error: &wire.ErrorReply{Kind: wire.KindUnsupported, Message: msg}}
}

// answerDialect is the reference's reply to a notation of another dialect
// (a classic profile included): its translation into Betza 2.0 answered,
// a located error of the dialect as "syntax", a notation with no Betza
// 2.0 equivalent and an unknown dialect as "unsupported".
func answerDialect(name, notation string, s board.Setup, level string) wire.Reply {
	if !slices.Contains(translate.Names(), name) {
		return wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindUnsupported,
			Message: fmt.Sprintf("dialect %q: the reference reads %s", name, strings.Join(translate.Names(), ", "))}}
	}
	prog, err := translate.ToBetza2(name, notation)
	var none *dialect.NoEquivalentError
	switch {
	case errors.As(err, &none):
		return wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindUnsupported, Message: err.Error()}}
	case err != nil:
		return Refusal(err)
	}
	return AnswerProgram(prog, s, level)
}

// AnswerSetup is the reference's reply at level to a request already
// read: the Betza 2.0 notation for the mover of the setup s. Its ID is 0;
// its errors are those of a notation or an evaluation, as described at
// Serve. It never panics: a panic of the reference is an internal error.
func AnswerSetup(notation string, s board.Setup, level string) (reply wire.Reply) {
	prog, err := reference.Compile(notation)
	if err != nil {
		return Refusal(err)
	}
	return AnswerProgram(prog, s, level)
}

// AnswerProgram is AnswerSetup for a notation already compiled.
func AnswerProgram(prog *reference.Program, s board.Setup, level string) (reply wire.Reply) {
	defer recovered(&reply)
	outs, err := prog.Moves(s.Pos, s.From, eval.Options{Paths: level == wire.LevelPaths})
	if err != nil {
		return Refusal(err)
	}
	reply.Outcomes = wire.OutcomesOf(outs, s, level)
	return reply
}

// recovered, deferred, turns a panic of the reference into an internal
// error reply with the reply's ID.
func recovered(reply *wire.Reply) {
	if r := recover(); r != nil {
		*reply = wire.Reply{ID: reply.ID, Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: fmt.Sprintf("reference panicked: %v", r)}}
	}
}

// Refusal is the reply to a notation the reference does not answer
// (reference.Diagnose): a located error is "syntax" with its offset, a
// search limit "unsupported", anything else "internal".
func Refusal(err error) wire.Reply {
	d := reference.Diagnose(err)
	kind := wire.KindInternal
	switch d.Kind {
	case reference.InvalidNotation:
		kind = wire.KindSyntax
	case reference.SearchLimit:
		kind = wire.KindUnsupported
	}
	return wire.Reply{Error: &wire.ErrorReply{Kind: kind, Message: d.Message(), Offset: d.Offset}}
}

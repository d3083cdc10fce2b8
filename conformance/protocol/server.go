package protocol

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"betzacheck/reference"
	"betzacheck/reference/dialect"
	"betzacheck/reference/eval"
	"betzacheck/reference/expand"
	"betzacheck/reference/loc"
)

// MaxRequest bounds a request line read by Serve; a longer line is
// answered with a bad-request error and skipped.
const MaxRequest = 1 << 20

// ServeLevel, ServeDialects and ServeMaxBoard are what Serve declares in
// its handshake: the reference answers at the most detailed level, reads
// Betza 2.0 and takes every board of §11.1.
const (
	ServeLevel    = LevelPaths
	ServeMaxBoard = "26x26"
)

// ServeDialects returns the dialects Serve declares.
func ServeDialects() []string { return []string{dialect.Betza2} }

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
	ID    *int        `json:"id"`
	Error *ErrorReply `json:"error"`
}

// Serve is the reference interpreter behind protocol 1: it reads requests
// from r and writes one reply line to w for each, strictly in order, until
// a "bye" request (which has no reply) or the end of r. It declares itself
// as name and version, level paths, dialect betza2 and boards up to 26x26.
//
// Error kinds: a notation the reference rejects is "syntax" with its
// offset; another dialect, an unknown op and a limit of §9.11 are
// "unsupported"; a malformed request (bad JSON, no id, a bad board,
// position or square, no piece on from) is "internal" with a message
// starting "bad request: "; an error of the evaluation itself, such as a
// fragment conflict (§9.13), is "internal" too. A request line whose id
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
		line, err := readLine(br, MaxRequest, true)
		last := false
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errPartial):
			last = true // a final line without its newline is still a request
		case errors.Is(err, errTooLong):
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
	case OpHello:
		return HelloReply{ID: id, Name: name, Version: version, Protocol: Version,
			Dialects: ServeDialects(), Level: ServeLevel, MaxBoard: ServeMaxBoard}, false
	case OpBye:
		return nil, true
	case OpMoves:
		level := req.Level
		if !ValidLevel(level) {
			level = ServeLevel
		}
		return AnswerAt(MovesRequest{ID: id, Op: req.Op, Dialect: req.Dialect, Notation: req.Notation,
			Board: req.Board, Position: req.Position, From: req.From}, level), false
	}
	return Reply{ID: id, Error: &ErrorReply{Kind: KindUnsupported,
		Message: fmt.Sprintf("unknown op %q (protocol %d has hello, moves and bye)", req.Op, Version)}}, false
}

func badRequest(format string, args ...any) *ErrorReply {
	return &ErrorReply{Kind: KindInternal, Message: "bad request: " + fmt.Sprintf(format, args...)}
}

// Answer is the reference's reply to req at level paths, with the error
// kinds described at Serve. It never panics: a panic of the reference is
// an internal error.
func Answer(req MovesRequest) Reply { return AnswerAt(req, LevelPaths) }

// AnswerAt is Answer at a level: below paths the search merges paths and
// is much cheaper.
func AnswerAt(req MovesRequest, level string) (reply Reply) {
	reply.ID = req.ID
	defer func() {
		if r := recover(); r != nil {
			reply = Reply{ID: req.ID, Error: &ErrorReply{Kind: KindInternal, Message: fmt.Sprintf("reference panicked: %v", r)}}
		}
	}()
	if req.Dialect != dialect.Betza2 {
		reply.Error = &ErrorReply{Kind: KindUnsupported, Message: fmt.Sprintf("dialect %q: the reference reads %s only", req.Dialect, dialect.Betza2)}
		return reply
	}
	s, err := req.Setup()
	if err != nil {
		reply.Error = badRequest("%v", err)
		return reply
	}
	prog, err := reference.Compile(req.Notation)
	if err != nil {
		reply.Error = compileError(err)
		return reply
	}
	outs, err := prog.Moves(s.Pos, s.From, eval.Options{Paths: level == LevelPaths})
	if err != nil {
		reply.Error = evalError(err)
		return reply
	}
	reply.Outcomes = WireOutcomes(outs, s, level)
	return reply
}

func compileError(err error) *ErrorReply {
	var se *loc.Error
	var le *expand.LimitError
	switch {
	case errors.As(err, &se):
		off := se.Offset
		return &ErrorReply{Kind: KindSyntax, Message: fmt.Sprintf("%s (%s)", se.Msg, se.Clause), Offset: &off}
	case errors.As(err, &le):
		return &ErrorReply{Kind: KindUnsupported, Message: le.Error()}
	}
	return &ErrorReply{Kind: KindInternal, Message: err.Error()}
}

func evalError(err error) *ErrorReply {
	var le *eval.LimitError
	if errors.As(err, &le) {
		return &ErrorReply{Kind: KindUnsupported, Message: le.Error()}
	}
	return &ErrorReply{Kind: KindInternal, Message: err.Error()}
}

package speed

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"

	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/board"
)

// ffishProcess is ffish_bench.js running in Node, holding the positions:
// the driver of the ffish side. Its requests and replies are JSON lines
// (see ffish_bench.js).
type ffishProcess struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stdout  *bufio.Reader
	Version string // ffish's
	Node    string // Node's
	n       int    // positions
}

// ffishReply is every field a reply of ffish_bench.js may have; each
// request reads the ones it expects and checks they are there.
type ffishReply struct {
	Error        *string          `json:"error"`
	FFish        string           `json:"ffish"`
	Node         string           `json:"node"`
	Positions    *int             `json:"positions"`
	Destinations [][]wire.Outcome `json:"destinations"`
	// BoardDestinations are the destinations on the boards of the
	// positions' own, which the legalMoves rounds use.
	BoardDestinations [][]wire.Outcome `json:"board_destinations"`
	Memory            *Memory          `json:"memory"`
	CPUNanos          *int64           `json:"cpu_ns"`
	Count             *int             `json:"count"`
	Freed             *int             `json:"freed"`
}

// Memory is the ffish process's memory once a piece's boards are made, in
// bytes: its resident set and ffish's wasm memory (which only grows).
type Memory struct {
	RSS  int64 `json:"rss"`
	Wasm int64 `json:"wasm"`
}

// startFFish starts argv (node and ffish_bench.js, with its arguments)
// and gives it the positions. stderr receives the process's stderr.
func startFFish(ctx context.Context, argv []string, setups []board.Setup, stderr io.Writer) (*ffishProcess, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command for the ffish side")
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("ffish side: %w", err)
	}
	f := &ffishProcess{cmd: cmd, stdin: stdin, stdout: bufio.NewReader(stdout), n: len(setups)}
	list := make([][2]string, len(setups))
	for i, s := range setups {
		list[i] = [2]string{s.Pos.String(), s.From.String()}
	}
	r, err := f.ask(map[string]any{"op": "positions", "board": setups[0].Pos.Size().String(), "positions": list})
	if err != nil {
		f.close()
		return nil, err
	}
	if r.FFish == "" || r.Node == "" || r.Positions == nil || *r.Positions != len(setups) {
		f.close()
		return nil, fmt.Errorf("ffish side: the positions reply lacks the versions or the count of %d positions", len(setups))
	}
	f.Version, f.Node = r.FFish, r.Node
	return f, nil
}

// ask sends one request and reads its reply, which must be one JSON
// object of known fields and no error.
func (f *ffishProcess) ask(req any) (*ffishReply, error) {
	line, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	if _, err := f.stdin.Write(append(line, '\n')); err != nil {
		return nil, fmt.Errorf("ffish side: writing a request: %w", err)
	}
	text, err := f.stdout.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("ffish side: no reply (%w); its stderr says why", err)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	var r ffishReply
	if err := dec.Decode(&r); err != nil || dec.More() {
		return nil, fmt.Errorf("ffish side: a reply that is not one JSON reply (%v): %.200q", err, text)
	}
	if r.Error != nil {
		return nil, fmt.Errorf("ffish side: %s", *r.Error)
	}
	return &r, nil
}

// The ffish calls timed, as ffish_bench.js names them in a round request.
const (
	setFenLegalMoves = "setFen+legalMoves" // one board, set to each position in turn
	legalMovesAlone  = "legalMoves"        // a board per position, made before the rounds
)

// piece sets the process up for one piece: the variant, and a board per
// position for the legalMoves rounds (the previous piece's are freed). It
// returns the piece's two ffish sides, setFen + legalMoves and legalMoves
// alone, and the process's memory once the boards are made.
func (f *ffishProcess) piece(p Piece) (setFen, legal side, mem Memory, err error) {
	r, err := f.ask(map[string]string{"op": "piece", "name": p.Name, "notation": p.Classic})
	if err != nil {
		return nil, nil, mem, fmt.Errorf("piece %s = %s: %w", p.Name, p.Classic, err)
	}
	if len(r.Destinations) != f.n || len(r.BoardDestinations) != f.n {
		return nil, nil, mem, fmt.Errorf("piece %s: ffish side: destinations for %d positions and %d boards, expected %d",
			p.Name, len(r.Destinations), len(r.BoardDestinations), f.n)
	}
	if r.Memory == nil || r.Memory.RSS <= 0 || r.Memory.Wasm <= 0 {
		return nil, nil, mem, fmt.Errorf("piece %s: ffish side: the piece reply lacks the process's memory", p.Name)
	}
	return &ffishSide{f, setFenLegalMoves, r.Destinations}, &ffishSide{f, legalMovesAlone, r.BoardDestinations}, *r.Memory, nil
}

// done frees the boards of the piece set up last.
func (f *ffishProcess) done() error {
	r, err := f.ask(map[string]string{"op": "done"})
	if err != nil {
		return err
	}
	if r.Freed == nil {
		return fmt.Errorf("ffish side: the reply to done does not say how many boards it freed")
	}
	if *r.Freed != f.n {
		return fmt.Errorf("ffish side: freed %d boards, expected %d", *r.Freed, f.n)
	}
	return nil
}

// close ends the process: bye, then end of input, then its exit.
func (f *ffishProcess) close() error {
	line, _ := json.Marshal(map[string]string{"op": "bye"})
	f.stdin.Write(append(line, '\n')) // a process that has died already is reported by Wait
	f.stdin.Close()
	if err := f.cmd.Wait(); err != nil {
		return fmt.Errorf("ffish side: %w", err)
	}
	return nil
}

// ffishSide is the ffish process set up for one piece, timed through
// calls (setFenLegalMoves or legalMovesAlone).
type ffishSide struct {
	f     *ffishProcess
	calls string
	dests [][]wire.Outcome
}

func (s *ffishSide) check() ([][]wire.Outcome, error) { return s.dests, nil }

func (s *ffishSide) round(passes int) (time.Duration, int, error) {
	r, err := s.f.ask(map[string]any{"op": "round", "passes": passes, "calls": s.calls})
	if err != nil {
		return 0, 0, err
	}
	if r.CPUNanos == nil || r.Count == nil || *r.CPUNanos < 0 || *r.Count < 0 {
		return 0, 0, fmt.Errorf("ffish side: a round reply without a CPU time and a count of moves")
	}
	return time.Duration(*r.CPUNanos), *r.Count, nil
}

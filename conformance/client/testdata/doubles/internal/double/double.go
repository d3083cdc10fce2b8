// Package double is the common loop of the test doubles: an
// implementation of protocol 1 that answers like the reference, with a
// hook through which each double misbehaves on purpose.
package double

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"betzacheck/conformance/server"
	"betzacheck/conformance/wire"
	"betzacheck/reference/dialect"
)

// Conn writes to the client.
type Conn struct{ w *bufio.Writer }

// Raw writes b as it is and flushes.
func (c *Conn) Raw(b []byte) {
	c.w.Write(b)
	c.w.Flush()
}

// Line writes s and a newline.
func (c *Conn) Line(s string) { c.Raw([]byte(s + "\n")) }

// Reply writes r as a reply line.
func (c *Conn) Reply(r wire.Reply) {
	b, err := json.Marshal(r)
	if err != nil {
		panic(err)
	}
	c.Raw(append(b, '\n'))
}

// Handler answers one moves request; right is the reference's reply at
// the double's level.
type Handler func(c *Conn, req wire.MovesRequest, right wire.Reply)

// Flags common to the doubles.
var (
	level    = flag.String("level", wire.LevelPaths, "the level to declare and answer at")
	version  = flag.Int("protocol", wire.Version, "the protocol version to declare")
	stderrKB = flag.Int("noise", 0, "KiB of noise to write on stderr before each reply")
	maxBoard = flag.String("maxboard", "", "the maxBoard to declare")
)

// Run parses the flags and serves stdin until bye or end of input,
// calling h for each moves request.
func Run(name string, h Handler) {
	flag.Parse()
	in := bufio.NewReader(os.Stdin)
	c := &Conn{w: bufio.NewWriter(os.Stdout)}
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			return
		}
		var req wire.MovesRequest
		if err := json.Unmarshal(line, &req); err != nil {
			fmt.Fprintf(os.Stderr, "%s: bad request: %v\n", name, err)
			os.Exit(2)
		}
		switch req.Op {
		case wire.OpHello:
			b, _ := json.Marshal(wire.HelloReply{ID: req.ID, Name: name, Version: "test", Protocol: *version,
				Dialects: []string{dialect.Betza2}, Level: *level, MaxBoard: *maxBoard})
			c.Raw(append(b, '\n'))
		case wire.OpBye:
			return
		case wire.OpMoves:
			if *stderrKB > 0 {
				noise := make([]byte, 1024)
				for i := range noise {
					noise[i] = 'a' + byte(i%26)
				}
				noise[len(noise)-1] = '\n'
				for range *stderrKB {
					os.Stderr.Write(noise)
				}
			}
			right := server.Answer(req)
			if right.Error == nil {
				right.Outcomes = wire.Project(right.Outcomes, *level)
			}
			h(c, req, right)
		}
	}
}

// parent is the process that started this one.
var parent = os.Getppid()

// Hang blocks (a sleeping process, not a deadlocked one) until the
// process that started this one is gone: a double whose test died
// without killing it (a fuzz worker stopped in the middle of an input)
// must not sleep for ever.
func Hang() {
	for os.Getppid() == parent {
		time.Sleep(100 * time.Millisecond)
	}
	os.Exit(1)
}

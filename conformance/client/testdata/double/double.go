package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// A double is one run of a behaviour: its flags, the requests it reads
// and the lines it writes to the client.
type double struct {
	name  string        // the behaviour's: in the handshake and on stderr
	args  []string      // the arguments after the name
	flags *flag.FlagSet // the common flags, and the behaviour's own

	level    string // the level declared and answered at
	protocol int    // the protocol version declared
	maxBoard string // the maxBoard declared
	noiseKB  int    // KiB of noise written on stderr before each reply
	at       int    // the request id to misbehave on, for a behaviour with -at
	note     string // a file to create on starting to hang

	parent int // the process that started this one
	in     *bufio.Reader
}

// newDouble declares the flags every double shares (and -at where b has
// one) with b's defaults; b.run declares its own before they are parsed.
func newDouble(b behaviour, args []string) *double {
	// DOUBLE_NAME, when set, is the name its handshake gives: a test
	// sees the environment the client set for it.
	d := &double{name: cmp.Or(os.Getenv("DOUBLE_NAME"), b.name), args: args, flags: flag.NewFlagSet(b.name, flag.ExitOnError),
		parent: os.Getppid(), in: bufio.NewReader(os.Stdin)}
	protocol := b.protocol
	if protocol == 0 {
		protocol = wire.Version
	}
	d.flags.StringVar(&d.level, "level", wire.LevelPaths, "the level to declare and answer at")
	d.flags.IntVar(&d.protocol, "protocol", protocol, "the protocol version to declare")
	d.flags.StringVar(&d.maxBoard, "maxboard", "", "the maxBoard to declare")
	d.flags.IntVar(&d.noiseKB, "noise", 0, "KiB of noise to write on stderr before each reply")
	d.flags.StringVar(&d.note, "note", "", "a file to create on starting to hang")
	if b.at != 0 {
		d.flags.IntVar(&d.at, "at", b.at, "the id of the request to misbehave on")
	}
	d.flags.Usage = func() {
		fmt.Fprintf(d.flags.Output(), "usage: double %s [flags]\n\n%s %s\n\n", b.name, b.name, b.doc)
		d.flags.PrintDefaults()
	}
	return d
}

// parse parses the arguments, once: serve does it, and a behaviour that
// needs the values of its flags before it serves does it first. A
// behaviour's own flags are declared before.
func (d *double) parse() {
	if d.flags.Parsed() {
		return
	}
	d.flags.Parse(d.args)
	if d.flags.NArg() > 0 {
		fmt.Fprintf(d.flags.Output(), "double %s: unexpected argument %q\n", d.name, d.flags.Arg(0))
		d.flags.Usage()
		os.Exit(2)
	}
}

// An answer answers one moves request; right is the reference's reply at
// the double's level.
type answer func(req wire.MovesRequest, right wire.Reply)

// serve serves the client until bye or the end of the input: it answers
// the handshake as the flags say, and each moves request by answer.
func (d *double) serve(answer answer) {
	d.parse()
	for {
		req, ok := d.read()
		if !ok {
			return
		}
		switch req.Op {
		case wire.OpHello:
			d.line(d.hello(req.ID))
		case wire.OpBye:
			return
		case wire.OpMoves:
			d.noise()
			answer(req, d.right(req))
		}
	}
}

// serveAt serves the client with the reference's replies, except for the
// request with id -at, which fault answers. With -at 0 the fault is at
// the handshake: it comes before the double reads anything, and fault is
// given a zero request and reply.
func (d *double) serveAt(fault answer) {
	d.parse()
	if d.at == 0 {
		fault(wire.MovesRequest{}, wire.Reply{})
	}
	d.serve(func(req wire.MovesRequest, right wire.Reply) {
		if req.ID == d.at {
			fault(req, right)
			return
		}
		d.reply(right)
	})
}

// serveRight serves the client with the reference's replies.
func serveRight(d *double) { d.serve(d.answerRight) }

// answerRight answers with the reference's reply.
func (d *double) answerRight(_ wire.MovesRequest, right wire.Reply) { d.reply(right) }

// read reads the next request; false at the end of the input. A line that
// is not a request ends the double (status 2).
func (d *double) read() (wire.MovesRequest, bool) {
	var req wire.MovesRequest
	line, err := d.in.ReadBytes('\n')
	if err != nil {
		return req, false
	}
	if err := json.Unmarshal(line, &req); err != nil {
		d.exit(2, "bad request: "+err.Error())
	}
	return req, true
}

// hello is the reply to the handshake with id id, as the flags say.
func (d *double) hello(id int) string {
	return jsonText(wire.HelloReply{ID: id, Name: d.name, Version: "test", Protocol: d.protocol,
		Dialects: []string{dialect.Betza2}, Level: d.level, MaxBoard: d.maxBoard})
}

// right is the reference's reply to req at the double's level.
func (d *double) right(req wire.MovesRequest) wire.Reply {
	right := server.Answer(req)
	if right.Error == nil {
		right.Outcomes = wire.Project(right.Outcomes, d.level)
	}
	return right
}

// noise writes -noise KiB of lines on stderr.
func (d *double) noise() {
	if d.noiseKB <= 0 {
		return
	}
	kib := make([]byte, 1024)
	for i := range kib {
		kib[i] = 'a' + byte(i%26)
	}
	kib[len(kib)-1] = '\n'
	for range d.noiseKB {
		os.Stderr.Write(kib)
	}
}

// write writes s to the client as it is.
func (d *double) write(s string) { os.Stdout.WriteString(s) }

// line writes s and a newline.
func (d *double) line(s string) { d.write(s + "\n") }

// reply writes r as a reply line.
func (d *double) reply(r wire.Reply) { d.line(jsonText(r)) }

// jsonText is v in JSON. The doubles marshal only replies, which always
// marshal.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// cutShort writes the first half of line, with no newline, then hangs or
// exits (status 0).
func (d *double) cutShort(line string, hang bool) {
	d.write(line[:len(line)/2])
	if hang {
		d.hang()
	}
	os.Exit(0)
}

// hang creates the -note file, if any, and blocks (a sleeping process,
// not a deadlocked one) until the process that started this one is gone,
// then exits 1: a double whose test died without killing it (a fuzz
// worker stopped in the middle of an input) must not sleep for ever.
func (d *double) hang() {
	if d.note != "" {
		os.WriteFile(d.note, nil, 0o644)
	}
	for os.Getppid() == d.parent {
		time.Sleep(100 * time.Millisecond)
	}
	os.Exit(1)
}

// leaveChild starts this program again as the double child, which
// sleeps; with holdOutput the child inherits stdout and stderr. It exits
// (status 5) if the child does not start.
func (d *double) leaveChild(holdOutput bool) {
	cmd := exec.Command(os.Args[0], "child")
	if holdOutput {
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	}
	if err := cmd.Start(); err != nil {
		d.exit(5, err.Error())
	}
}

// startHelper starts this program again as the double args[0] with the
// rest of args, without pipes; with setsid in a session of its own, where
// the platform has sessions. It exits (status 5) if the helper does not
// start.
func (d *double) startHelper(setsid bool, args ...string) {
	cmd := exec.Command(os.Args[0], args...)
	if setsid {
		newSession(cmd)
	}
	if err := cmd.Start(); err != nil {
		d.exit(5, err.Error())
	}
}

// abandon leaves a child that holds stdout, and exits (status 4), so that
// the output stays open after the double is gone.
func (d *double) abandon() {
	d.leaveChild(true)
	d.exit(4, "leaving a child behind")
}

// exit writes why on stderr, after the double's name, and exits with
// status code.
func (d *double) exit(code int, why string) {
	fmt.Fprintf(os.Stderr, "%s: %s\n", d.name, why)
	os.Exit(code)
}

// unasked is a line no request asked for: it has the id of the handshake.
const unasked = `{"id":0,"note":"nobody asked"}`

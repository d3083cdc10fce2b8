package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/wire"
)

const scriptedDoc = `misbehaves as a script says, for the fuzz target over the client. The
script (the bytes of the file -script) gives one step for each line the
client writes, the handshake and bye included; when it runs out, the
double answers right. Step b%14:

	0  answer right
	1  answer right, twice
	2  write a line that is not JSON, then answer right
	3  write the first half of the answer, no newline, and exit 0
	4  write the first half of the answer, no newline, and hang
	5  answer with a wrong id
	6  exit with status 3 without answering
	7  hang without answering
	8  leave a child that holds stdout, and exit 4
	9  start a helper that outlives everything, then answer right
	10 write a line with the id of the handshake, then answer right
	11 write a line of 5000 bytes
	12 close stdout and hang
	13 answer right, and stop reading the input

A bye is not answered whatever the step; step 0 or none exits 0, step 7
ignores it and hangs, others act as above without the answer.`

func scripted(d *double) {
	script := d.flags.String("script", "", "the file of the script")
	d.parse()
	steps, err := os.ReadFile(*script)
	if err != nil {
		d.exit(2, err.Error())
	}
	for n := 0; ; n++ {
		req, ok := d.read()
		if !ok {
			os.Exit(0)
		}
		step := -1
		if n < len(steps) {
			step = int(steps[n]) % 14
		}
		d.step(step, req)
	}
}

// step answers req as the script's step says (-1: the script has run out).
func (d *double) step(step int, req wire.MovesRequest) {
	var right string // the right answer; none to a bye
	switch req.Op {
	case wire.OpHello:
		right = d.hello(req.ID)
	case wire.OpMoves:
		d.noise()
		right = jsonText(d.right(req))
	case wire.OpBye:
		switch step {
		case -1, 0:
			os.Exit(0)
		case 7:
			d.hang()
		}
	}
	answer := func() {
		if right != "" {
			d.line(right)
		}
	}
	switch step {
	case -1, 0:
		answer()
	case 1:
		answer()
		answer()
	case 2:
		d.line("this is not JSON")
		answer()
	case 3, 4:
		d.cutShort(right, step == 4)
	case 5:
		if right != "" {
			d.line(strings.Replace(right, fmt.Sprintf(`"id":%d`, req.ID), fmt.Sprintf(`"id":%d`, req.ID+7), 1))
		}
	case 6:
		os.Exit(3)
	case 7:
		d.hang()
	case 8:
		d.abandon()
	case 9:
		d.leaveChild(false)
		answer()
	case 10:
		d.line(unasked)
		answer()
	case 11:
		d.line(`{"id":1,"pad":"` + strings.Repeat("x", 5000) + `"}`)
	case 12:
		os.Stdout.Close()
		d.hang()
	case 13:
		answer()
		d.hang()
	}
}

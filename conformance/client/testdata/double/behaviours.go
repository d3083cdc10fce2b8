package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
)

// The behaviours, in the order of the table; each one's doc is there.

func good(d *double) {
	if len(d.args) > 0 {
		serveRight(d)
		return
	}
	if err := server.Serve(os.Stdin, os.Stdout, d.name, "test"); err != nil {
		os.Exit(1)
	}
}

func errKinds(d *double) {
	d.serve(func(req wire.MovesRequest, right wire.Reply) {
		refuse := func(kind, message string, offset *int) wire.Reply {
			return wire.Reply{ID: req.ID, Error: &wire.ErrorReply{Kind: kind, Message: message, Offset: offset}}
		}
		switch req.ID {
		case 2:
			right = refuse(wire.KindUnsupported, "not today", nil)
		case 3:
			right = refuse(wire.KindInternal, "segfault in the move generator", nil)
		case 4:
			off := 0
			right = refuse(wire.KindSyntax, "unknown atom", &off)
		default:
			if right.Error != nil && right.Error.Kind == wire.KindSyntax {
				right = wire.Reply{ID: req.ID, Outcomes: []wire.Outcome{}}
			}
		}
		d.reply(right)
	})
}

func wrongMoves(d *double) {
	d.serve(func(req wire.MovesRequest, right wire.Reply) {
		switch {
		case req.ID == 2 && len(right.Outcomes) > 0:
			right.Outcomes = right.Outcomes[:len(right.Outcomes)-1]
		case req.ID == 4 && len(right.Outcomes) > 0:
			right.Outcomes[0].Capture = !right.Outcomes[0].Capture
		}
		d.reply(right)
	})
}

func garbage(d *double) {
	d.serve(func(req wire.MovesRequest, right wire.Reply) {
		switch req.ID {
		case 2:
			d.line("garbage: this is not JSON")
		case 4:
			d.line(`{"id":4,"outcomes":[{"capture":false}]}`)
			return
		}
		d.reply(right)
	})
}

func wrongID(d *double) {
	d.serveAt(func(_ wire.MovesRequest, right wire.Reply) {
		right.ID = 33
		d.reply(right)
	})
}

func oversized(d *double) {
	d.serveAt(func(req wire.MovesRequest, _ wire.Reply) {
		d.line(fmt.Sprintf(`{"id":%d,"outcomes":[],"padding":"%s"}`, req.ID, strings.Repeat("x", 2<<20)))
	})
}

func partial(d *double) {
	hang := d.flags.Bool("hang", false, "hang after the partial line instead of exiting")
	d.serveAt(func(_ wire.MovesRequest, right wire.Reply) { d.cutShort(jsonText(right), *hang) })
}

func crash(d *double) {
	mark := d.flags.String("mark", "", "a file that marks a crash; starts fail while it exists")
	oneshot := d.flags.Bool("oneshot", false, "exit after each reply")
	d.parse()
	if *mark != "" {
		if _, err := os.Stat(*mark); err == nil {
			d.exit(1, "crashed before, refusing to start")
		}
	}
	d.serve(func(req wire.MovesRequest, right wire.Reply) {
		if req.ID == d.at {
			if *mark != "" {
				os.WriteFile(*mark, nil, 0o644)
			}
			d.exit(3, "giving up on purpose")
		}
		d.reply(right)
		if *oneshot {
			os.Exit(0)
		}
	})
}

func hang(d *double) {
	deaf := d.flags.Bool("deaf", false, "stop reading after the handshake")
	d.parse()
	if *deaf {
		hello, _ := d.read()
		d.line(d.hello(hello.ID))
		d.hang()
	}
	d.serveAt(func(wire.MovesRequest, wire.Reply) { d.hang() })
}

func extra(d *double) {
	dup := d.flags.Bool("dup", false, "the extra line is the reply again")
	late := d.flags.Bool("late", false, "write the extra line when the next request arrives")
	var pending string
	d.serve(func(req wire.MovesRequest, right wire.Reply) {
		if pending != "" {
			d.line(pending)
			pending = ""
		}
		d.reply(right)
		if req.ID != d.at {
			return
		}
		line := unasked
		if *dup {
			line = jsonText(right)
		}
		if *late {
			pending = line
			return
		}
		d.line(line)
	})
}

func orphan(d *double) {
	helper := d.flags.Bool("helper", false, "start a background helper that outlives bye")
	d.parse()
	if *helper {
		d.leaveChild(false)
	}
	d.serveAt(func(wire.MovesRequest, wire.Reply) { d.abandon() })
}

func child(d *double) {
	d.parse()
	d.hang()
}

func stray(d *double) {
	exitOn := d.flags.Int("exit", 0, "exit (status 3) on the request with this id, after starting the helpers")
	hangOn := d.flags.Int("hang", 0, "hang on the request with this id, after starting the helpers")
	ready := d.flags.String("ready", "", "a file to create once the first request's helpers have started")
	d.serve(func(req wire.MovesRequest, right wire.Reply) {
		d.startHelper(false, "sleeper")
		d.startHelper(true, "sleeper")
		d.startHelper(true, "sleeper", "-daemon")
		if *ready != "" {
			os.WriteFile(*ready, nil, 0o644)
		}
		switch req.ID {
		case *exitOn:
			d.exit(3, "exiting with helpers left behind")
		case *hangOn:
			d.hang()
		}
		d.reply(right)
	})
}

func sleeper(d *double) {
	daemon := d.flags.Bool("daemon", false, "start another sleeper in a session of its own and exit")
	d.parse()
	if *daemon {
		d.startHelper(true, "sleeper")
		os.Exit(0)
	}
	time.Sleep(10 * time.Minute)
}

// Command double is the test doubles of the client's tests: one program
// whose subcommands are implementations of the protocol (spec/protocol.md;
// the version wire.Version unless -protocol says otherwise) that each
// misbehave in one way, on purpose, and otherwise answer like
// the reference at the level they declare.
//
//	double NAME [flags]
//
// The table behaviours below says what each one does; run double with no
// arguments to list them, or double NAME -h for the flags of one. Every
// double takes the flags -level, -protocol, -maxboard (what its handshake
// declares), -noise and -note; those that misbehave on one request also
// take -at, the id of that request.
package main

import (
	"fmt"
	"os"
	"strings"
)

// A behaviour is one test double: a subcommand of this program.
type behaviour struct {
	name string
	// doc says what the double does, its own flags included.
	doc string
	// at is the default of -at, the id of the request the double
	// misbehaves on; 0 for a double that has no -at.
	at int
	// protocol is the version the handshake declares unless -protocol
	// says otherwise; 0 for wire.Version.
	protocol int
	// run declares the double's own flags on d.flags, if it has any, and
	// serves the client.
	run func(d *double)
}

// behaviours are the doubles, by name.
var behaviours = []behaviour{
	{name: "good", run: good, doc: `is a correct implementation: the reference behind server.Serve; with
flags (-level destinations or effects, -maxboard) the reference answering
at that level, declaring that board limit.`},
	{name: "badhello", run: serveRight, protocol: 3, doc: `declares protocol 3 in its handshake (or whatever -protocol says), so that
a protocol 2 client refuses it.`},
	{name: "noise", run: serveRight, doc: `answers right and writes a lot on stderr before each reply (run it with
-noise KiB).`},
	{name: "errkinds", run: errKinds, doc: `answers with error replies where it should not: request 2 "unsupported",
request 3 "internal", request 4 "syntax"; and, like many lenient parsers,
it answers "no moves" for a notation the reference rejects.`},
	{name: "wrongmoves", run: wrongMoves, doc: `answers well-formed replies with wrong moves: request 2 loses its last
outcome, request 4 has the capture flag of its first outcome flipped.`},
	{name: "garbage", run: garbage, doc: `answers right, except: request 2 gets a line that is not JSON before its
reply; request 4 gets a reply with an outcome that has no "to".`},
	{name: "wrongid", at: 3, run: wrongID, doc: `answers right, except that the reply to request -at (3) carries the id 33.`},
	{name: "oversized", at: 2, run: oversized, doc: `answers right, but the reply to request -at (2) is a well-formed line of
2 MiB.`},
	{name: "partial", at: 3, run: partial, doc: `answers right, but for request -at (3) writes the first half of its
reply, with no newline, and exits; with -hang it stays silent instead,
without ending the line.`},
	{name: "crash", at: 3, run: crash, doc: `answers right but exits with status 3 on the request with id -at (3),
before replying. With -mark FILE it creates FILE when it crashes and
refuses to start (exit 1, no handshake) while FILE exists. With -oneshot
it exits (status 0) after each reply.`},
	{name: "hang", at: 2, run: hang, doc: `answers right but never answers the request with id -at (2); with -at 0
it never answers the handshake; with -deaf it answers the handshake and
then never reads its input again. With -note FILE it creates FILE when it
starts to hang, so that a test knows when.`},
	{name: "extra", at: 2, run: extra, doc: `answers right, but writes a second, unsolicited line after its reply to
request -at (2): by default a line with id 0; with -dup the same reply
again. With -late the extra line is written only when the next request
arrives, just before that request's reply, so that it reaches the client
while a later request is pending.`},
	{name: "orphan", at: -1, run: orphan, doc: `answers right, but leaves processes behind it. With -at N it starts a
child that inherits its stdout and sleeps, then exits with status 4, on
the request with id N (0: before answering the handshake), so that its
stdout stays open after it is gone. With -helper it starts a background
helper (no pipes) before the handshake and leaves it running when it ends
at bye.`},
	{name: "stray", run: stray, doc: `answers right, and on each request first starts three helpers that
outlive it: a sleeper in its process group, one that calls setsid (a
session and group of its own), and one that calls setsid and is orphaned
at once (a daemon's double fork); each sleeps for ten minutes whatever
happens to its parent. With -exit N it exits (status 3) on request N
after starting them, with -hang N it hangs there instead; with -ready
FILE it creates FILE once the first request's helpers have started.`},
	{name: "sleeper", run: sleeper, doc: `is the helper stray leaves: it sleeps for ten minutes, whatever happens
to its parent; with -daemon it starts another sleeper in a session of its
own and exits at once, orphaning it.`},
	{name: "scripted", run: scripted, doc: scriptedDoc},
	{name: "child", run: child, doc: `is the process orphan and scripted leave behind: it sleeps until the
process that started it is gone.`},
}

func main() {
	if len(os.Args) > 1 {
		for _, b := range behaviours {
			if b.name == os.Args[1] {
				b.run(newDouble(b, os.Args[2:]))
				return
			}
		}
		fmt.Fprintf(os.Stderr, "double: no double %q\n\n", os.Args[1])
	}
	fmt.Fprint(os.Stderr, "usage: double NAME [flags]\n\n")
	for _, b := range behaviours {
		fmt.Fprintf(os.Stderr, "%s\n\t%s\n\n", b.name, indent(b.doc))
	}
	os.Exit(2)
}

// indent indents every line of doc but the first (which the caller does).
func indent(doc string) string {
	return strings.ReplaceAll(doc, "\n", "\n\t")
}

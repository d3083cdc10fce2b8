// Command errkinds answers with error replies where it should not:
// request 2 "unsupported", request 3 "internal", request 4 "syntax"; and,
// like many lenient parsers, it answers "no moves" for a notation the
// reference rejects.
package main

import (
	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

func main() {
	double.Run("errkinds", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		switch req.ID {
		case 2:
			right = wire.Reply{ID: req.ID, Error: &wire.ErrorReply{Kind: wire.KindUnsupported, Message: "not today"}}
		case 3:
			right = wire.Reply{ID: req.ID, Error: &wire.ErrorReply{Kind: wire.KindInternal, Message: "segfault in the move generator"}}
		case 4:
			off := 0
			right = wire.Reply{ID: req.ID, Error: &wire.ErrorReply{Kind: wire.KindSyntax, Message: "unknown atom", Offset: &off}}
		default:
			if right.Error != nil && right.Error.Kind == wire.KindSyntax {
				right = wire.Reply{ID: req.ID, Outcomes: []wire.Outcome{}}
			}
		}
		c.Reply(right)
	})
}

// Command errkinds answers with error replies where it should not:
// request 2 "unsupported", request 3 "internal", request 4 "syntax"; and,
// like many lenient parsers, it answers "no moves" for a notation the
// reference rejects.
package main

import (
	"betzacheck/conformance/protocol"
	"betzacheck/conformance/protocol/testdata/doubles/internal/double"
)

func main() {
	double.Run("errkinds", func(c *double.Conn, req protocol.MovesRequest, right protocol.Reply) {
		switch req.ID {
		case 2:
			right = protocol.Reply{ID: req.ID, Error: &protocol.ErrorReply{Kind: protocol.KindUnsupported, Message: "not today"}}
		case 3:
			right = protocol.Reply{ID: req.ID, Error: &protocol.ErrorReply{Kind: protocol.KindInternal, Message: "segfault in the move generator"}}
		case 4:
			off := 0
			right = protocol.Reply{ID: req.ID, Error: &protocol.ErrorReply{Kind: protocol.KindSyntax, Message: "unknown atom", Offset: &off}}
		default:
			if right.Error != nil && right.Error.Kind == protocol.KindSyntax {
				right = protocol.Reply{ID: req.ID, Outcomes: []protocol.WireOutcome{}}
			}
		}
		c.Reply(right)
	})
}

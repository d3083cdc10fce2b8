// Command wrongmoves answers well-formed replies with wrong moves: request
// 2 loses its last outcome, request 4 has the capture flag of its first
// outcome flipped.
package main

import (
	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/wire"
)

func main() {
	double.Run("wrongmoves", func(c *double.Conn, req wire.MovesRequest, right wire.Reply) {
		switch {
		case req.ID == 2 && len(right.Outcomes) > 0:
			right.Outcomes = right.Outcomes[:len(right.Outcomes)-1]
		case req.ID == 4 && len(right.Outcomes) > 0:
			right.Outcomes[0].Capture = !right.Outcomes[0].Capture
		}
		c.Reply(right)
	})
}

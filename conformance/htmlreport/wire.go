package htmlreport

import (
	"fmt"
	"slices"

	"betzacheck/conformance/wire"
	"betzacheck/reference/board"
	"betzacheck/reference/eval"
)

// wireOutcomes rebuilds eval outcomes from wire outcomes, so that the
// diagram package can classify and draw an implementation's answer like
// the reference's. At level destinations an outcome has no changes: the
// diagram then shows where the mover lands (capturing when the square was
// occupied) and nothing else. A square that is not a square name (an
// implementation may send anything) drops the outcome, and the problem is
// returned for the caption.
func wireOutcomes(ws []wire.Outcome) ([]eval.Outcome, []string) {
	var outs []eval.Outcome
	var problems []string
	for _, w := range ws {
		o, err := wireOutcome(w)
		if err != nil {
			problems = append(problems, fmt.Sprintf("outcome %s not drawn: %v", wire.Key(w, wire.LevelPaths), err))
			continue
		}
		outs = append(outs, o)
	}
	return outs, problems
}

func wireOutcome(w wire.Outcome) (eval.Outcome, error) {
	var o eval.Outcome
	if w.To != nil {
		q, err := board.ParseSquare(*w.To)
		if err != nil {
			return o, err
		}
		o.To = &q
	}
	for name, content := range w.Changes {
		q, err := board.ParseSquare(name)
		if err != nil {
			return o, err
		}
		pc, err := board.ParsePiece(content)
		if err != nil {
			return o, err
		}
		o.Changes = append(o.Changes, eval.Change{Square: q, Piece: pc})
	}
	slices.SortFunc(o.Changes, func(a, b eval.Change) int { return a.Square.Compare(b.Square) })
	for _, p := range w.Paths {
		path := make([]board.Square, 0, len(p))
		for _, name := range p {
			q, err := board.ParseSquare(name)
			if err != nil {
				return o, err
			}
			path = append(path, q)
		}
		o.Paths = append(o.Paths, path)
	}
	return o, nil
}

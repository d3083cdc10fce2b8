package htmlreport

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"betzacheck/conformance/protocol"
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
func wireOutcomes(ws []protocol.WireOutcome) ([]eval.Outcome, []string) {
	var outs []eval.Outcome
	var problems []string
	for _, w := range ws {
		o, err := wireOutcome(w)
		if err != nil {
			problems = append(problems, fmt.Sprintf("outcome %s not drawn: %v", protocol.Key(w, protocol.LevelPaths), err))
			continue
		}
		outs = append(outs, o)
	}
	return outs, problems
}

func wireOutcome(w protocol.WireOutcome) (eval.Outcome, error) {
	var o eval.Outcome
	if w.To != nil {
		q, err := wireSquare(*w.To)
		if err != nil {
			return o, err
		}
		o.To = &q
	}
	for name, content := range w.Changes {
		q, err := wireSquare(name)
		if err != nil {
			return o, err
		}
		pc, err := board.ParsePiece(content)
		if err != nil {
			return o, err
		}
		o.Changes = append(o.Changes, eval.Change{Square: q, Piece: pc})
	}
	sort.Slice(o.Changes, func(i, j int) bool {
		a, b := o.Changes[i].Square, o.Changes[j].Square
		if a.Rank != b.Rank {
			return a.Rank < b.Rank
		}
		return a.File < b.File
	})
	for _, p := range w.Paths {
		path := make([]board.Square, 0, len(p))
		for _, name := range p {
			q, err := wireSquare(name)
			if err != nil {
				return o, err
			}
			path = append(path, q)
		}
		o.Paths = append(o.Paths, path)
	}
	return o, nil
}

// wireSquare parses a square name as the protocol writes it: "a1".."z26",
// or "(file,rank)" (0-based) for a square off the largest board, as
// board.Square.String writes a virtual square.
func wireSquare(s string) (board.Square, error) {
	if inner, ok := strings.CutPrefix(s, "("); ok {
		if inner, ok = strings.CutSuffix(inner, ")"); ok {
			f, r, ok := strings.Cut(inner, ",")
			fi, err1 := strconv.Atoi(f)
			ri, err2 := strconv.Atoi(r)
			if ok && err1 == nil && err2 == nil && abs(fi) <= 2*board.MaxSide && abs(ri) <= 2*board.MaxSide {
				return board.Square{File: fi, Rank: ri}, nil
			}
		}
		return board.Square{}, fmt.Errorf("square %q: expected (file,rank)", s)
	}
	return board.ParseSquare(s)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

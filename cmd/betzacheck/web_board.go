package main

import (
	"cmp"
	"errors"
	"net/http"

	"github.com/betzacheck/betzacheck/conformance/diagram"
	"github.com/betzacheck/betzacheck/reference/board"
)

// serveBoard answers GET /api/board?board=&position=&from=: the diagram of
// the position alone, no outcome marked, as SVG; the playground shows it,
// greyed, while the notation has an error, so that the board stays to be
// edited. The parameters are those of /api/moves, with the same defaults
// (an 8x8 board, empty); a bad one is answered as moves --json reports it
// (input, offset, message), with the status 400.
func (p *playground) serveBoard(w http.ResponseWriter, r *http.Request) {
	q, ok := p.query(w, r)
	if !ok {
		return
	}
	// The parameters are checked as an endpoint's are.
	if _, aerr := (apiEndpoint{flags: []string{"board", "position", "from"}}).args(q, p.limits); aerr != nil {
		p.writeError(w, aerr)
		return
	}
	size := cmp.Or(q.Get("board"), "8x8")
	placement := cmp.Or(q.Get("position"), board.EmptyPlacement(size))
	if !q.Has("from") {
		p.writeError(w, &apiError{http.StatusBadRequest, "from", `missing parameter "from"`})
		return
	}
	setup, err := board.ParseSetup(size, placement, q.Get("from"), board.DefaultMover().String())
	if err != nil {
		var se *board.SetupError
		input := ""
		if errors.As(err, &se) {
			input, err = "--"+se.Text, se.Err
		}
		je := errorJSON(err)
		je.Input = input
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		writeJSON(w, errorDocJSON{Error: je})
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	diagram.WriteSVG(w, setup.Pos, setup.From, nil, diagram.Options{Title: "the position, from " + setup.From.String()})
}

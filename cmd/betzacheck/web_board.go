package main

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

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
	if n := len(r.URL.RawQuery); n > maxWebQuery {
		p.writeError(w, &apiError{http.StatusRequestURITooLong, "", fmt.Sprintf("the query is %d bytes: the playground takes at most %d", n, maxWebQuery)})
		return
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		p.writeError(w, &apiError{http.StatusBadRequest, "", fmt.Sprintf("malformed query: %v", err)})
		return
	}
	params := []string{"board", "position", "from"}
	for name, vs := range q {
		switch {
		case !strings.Contains(" board position from ", " "+name+" "):
			p.writeError(w, &apiError{http.StatusBadRequest, name, fmt.Sprintf("unknown parameter %q: expected one of %s", name, strings.Join(params, ", "))})
			return
		case len(vs) > 1:
			p.writeError(w, &apiError{http.StatusBadRequest, name, fmt.Sprintf("parameter %q given %d times: expected once", name, len(vs))})
			return
		}
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

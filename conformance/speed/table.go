package speed

import (
	"fmt"
	"io"
	"strings"
)

// WriteTable writes the result as two Markdown tables, the speeds and
// then the ratios (one table of sixteen columns would not fit a screen),
// each after a header that says what was measured and how each figure is
// defined.
func WriteTable(w io.Writer, res *Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d positions (%s), %d round(s) a side, the sides in turn round by round; "+
		"a round is one or more passes over the positions lasting at least %v; median CPU time of a round.\n",
		res.Positions, res.PositionsFrom, res.Rounds, res.MinRound)
	fmt.Fprintf(&b, "Moves, Visit: the reference (%s %s/%s), compiled once, one eval.Evaluator reused: Moves returns an answer that is the caller's, "+
		"Visit shows each outcome in the evaluator's memory. "+
		"ffish, legal: ffish %s in Node %s, in-process: ffish = setFen + legalMoves on one board, "+
		"legal = legalMoves alone on a board per position made before the rounds",
		res.Go, res.OS, res.Arch, res.FFish, res.Node)
	if m := res.FFishMemory; m.RSS > 0 {
		fmt.Fprintf(&b, " (with a piece's %d boards made, at most: Node's resident set %s, ffish's wasm memory %s)",
			res.Positions, megabytes(m.RSS), megabytes(m.Wasm))
	}
	b.WriteString(". hand: a 0x88 mailbox into a reused buffer.\n")
	b.WriteString("q/s: queries (one piece on one position, all its destinations) per CPU second. " +
		"—: a side not run (Fairy-Stockfish cannot express the piece); unmeasured: a side that took no measurable time.\n\n")
	b.WriteString("| piece | reference | ffish | dests/query | Moves q/s | Visit q/s | ffish q/s | legal q/s | hand q/s |\n")
	b.WriteString("|---|---|---|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range res.Rows {
		ref, visit, ff, legal, hand := speeds(res, r)
		fmt.Fprintf(&b, "| %s | `%s` | %s | %.2f | %s | %s | %s | %s | %s |\n",
			r.Piece.Name, r.Piece.Betza2, classic(r.Piece), float64(r.Destinations)/float64(res.Positions),
			rate(ref), rate(visit), rate(ff), rate(legal), rate(hand))
	}
	b.WriteString("\nMoves/ffish, Moves/legal, Visit/ffish, Visit/legal = the reference's q/s ÷ ffish's " +
		"(above 1.0× the reference is faster). " +
		"hand/Moves, hand/Visit = hand q/s ÷ the reference's q/s = the reference's time per query ÷ the hand generator's " +
		"(how many times faster the hand generator is). " +
		"Moves/Visit = Moves' time per query ÷ Visit's = Visit q/s ÷ Moves q/s (how many times slower Moves is).\n\n")
	b.WriteString("| piece | Moves/ffish | Moves/legal | Visit/ffish | Visit/legal | hand/Moves | hand/Visit | Moves/Visit |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range res.Rows {
		ref, visit, ff, legal, hand := speeds(res, r)
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", r.Piece.Name,
			ratio(ref, ff), ratio(ref, legal), ratio(visit, ff), ratio(visit, legal),
			ratio(hand, ref), ratio(hand, visit), ratio(visit, ref))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// speeds are the row's sides' speeds, in the order of sideNames.
func speeds(res *Result, r Row) (ref, visit, ff, legal, hand speedOf) {
	q := func(name string) speedOf {
		t, ok := r.Timings[name]
		return speedOf{t.QPS(res.Positions), ok}
	}
	return q(Reference), q(Visit), q(FFish), q(FFishLegal), q(Hand)
}

// megabytes writes a number of bytes in MB (10⁶ bytes), to the unit.
func megabytes(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/1e6) }

// notRun stands in the table for a side that was not run on the piece
// (ffish, on a piece it cannot express), and for a ratio to it.
const notRun = "—"

// speedOf is one side's queries per second on one piece, and whether the
// side was run on it at all.
type speedOf struct {
	qps float64 // 0 when the side took no measurable time
	run bool
}

// classic is the piece's classic spelling as a table cell.
func classic(p Piece) string {
	if p.Classic == "" {
		return notRun
	}
	return "`" + p.Classic + "`"
}

// rate writes queries per second with about three significant digits and
// k or M; "—" for a side not run, "unmeasured" for one that took no
// measurable time.
func rate(s speedOf) string {
	qps := s.qps
	switch {
	case !s.run:
		return notRun
	case qps <= 0:
		return "unmeasured"
	case qps >= 1e6:
		return threeDigits(qps/1e6) + "M"
	case qps >= 1e3:
		return threeDigits(qps/1e3) + "k"
	}
	return threeDigits(qps)
}

// ratio writes a/b as "1.23×": "—" when either side was not run,
// "unmeasured" when either took no measurable time.
func ratio(a, b speedOf) string {
	switch {
	case !a.run || !b.run:
		return notRun
	case a.qps <= 0 || b.qps <= 0:
		return "unmeasured"
	}
	return threeDigits(a.qps/b.qps) + "×"
}

// threeDigits writes v with two decimals below 10, one below 100 and none
// above.
func threeDigits(v float64) string {
	switch {
	case v >= 99.95:
		return fmt.Sprintf("%.0f", v)
	case v >= 9.995:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

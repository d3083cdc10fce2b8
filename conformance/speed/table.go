package speed

import (
	"fmt"
	"io"
	"strings"
)

// WriteTable writes the result as a Markdown table with a header that
// says what was measured and how the ratios are defined.
func WriteTable(w io.Writer, res *Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d positions (%s), %d round(s) a side, the sides in turn round by round; "+
		"a round is one or more passes over the positions lasting at least %v; median CPU time of a round.\n",
		res.Positions, res.PositionsFrom, res.Rounds, res.MinRound)
	fmt.Fprintf(&b, "reference: %s %s/%s, compiled once, one eval.Evaluator reused: Moves returns an answer that is the caller's, "+
		"Visit shows each outcome in the evaluator's memory. "+
		"ffish %s in Node %s, in-process: setFen + legalMoves. hand: a 0x88 mailbox into a reused buffer.\n",
		res.Go, res.OS, res.Arch, res.FFish, res.Node)
	b.WriteString("q/s: queries (one piece on one position, all its destinations) per CPU second. " +
		"/ffish = the reference's q/s ÷ ffish q/s (above 1.0× the reference is faster). " +
		"hand/ = hand q/s ÷ the reference's q/s = the reference's time per query ÷ the hand generator's " +
		"(how many times faster the hand generator is).\n\n")
	b.WriteString("| piece | reference | ffish | dests/query | Moves q/s | Visit q/s | ffish q/s | hand q/s | Moves/ffish | Visit/ffish | hand/Moves | hand/Visit |\n")
	b.WriteString("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range res.Rows {
		q := func(name string) speedOf {
			t, ok := r.Timings[name]
			return speedOf{t.QPS(res.Positions), ok}
		}
		ref, visit, ff, hand := q(Reference), q(Visit), q(FFish), q(Hand)
		fmt.Fprintf(&b, "| %s | `%s` | %s | %.2f | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.Piece.Name, r.Piece.Betza2, classic(r.Piece), float64(r.Destinations)/float64(res.Positions),
			rate(ref), rate(visit), rate(ff), rate(hand), ratio(ref, ff), ratio(visit, ff), ratio(hand, ref), ratio(hand, visit))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

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

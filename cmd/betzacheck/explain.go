package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/betzacheck/betzacheck/reference/expand"
)

// The caps on what explain shows: more would only make output no one
// reads, at a cost in time and memory that grows with their product.
const (
	maxExplainChains = 1000
	maxExplainLegs   = 1000
)

func runExplain(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	maxChains := fs.Int("chains", 8, fmt.Sprintf("show at most `N` chains (1 to %d)", maxExplainChains))
	maxLegs := fs.Int("legs", 12, fmt.Sprintf("cut a chain after `N` legs (1 to %d); the count of chains does not depend on it", maxExplainLegs))
	dialectName := dialectFlag(fs, "dialect", "read the notation in dialect `NAME` and explain its Betza 2.0 translation; NAME is one of")
	jsonOut := fs.Bool("json", false, "print the chains as one JSON object (an error too, on stdout)")
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	if !checkRange(c, e, "chains", *maxChains, 1, maxExplainChains) || !checkRange(c, e, "legs", *maxLegs, 1, maxExplainLegs) ||
		!knownDialect(c, e, "dialect", *dialectName) {
		return exitUsage
	}
	o := operand{Text: ops[0], Dialect: *dialectName}
	prog, code := compile(c, e, o, *jsonOut)
	if prog == nil {
		return code
	}
	walk := prog.Prog.WalkChains(*maxChains, *maxLegs)
	if *jsonOut {
		if err := writeExplainJSON(e.stdout, o, prog.Canonical(), prog.Prog, walk); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck explain: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	fmt.Fprintf(e.stdout, "notation: %s\n", o.words(prog.Canonical()))
	explain(e.stdout, prog.Prog, walk, *maxLegs)
	return exitOK
}

// explain writes the chains of p in words: the exact count, the chains
// the walk shows, and how many it does not.
func explain(w io.Writer, p *expand.Program, walk expand.ChainWalk, maxLegs int) {
	fmt.Fprintf(w, "chains: %s\n", countWords(walk.Total))
	for i, ch := range walk.Shown {
		if _, err := fmt.Fprintln(w); err != nil {
			return // w takes no more (under web, the answer's size): stop
		}
		text := p.ChainText(ch.Nodes)
		if ch.Cut {
			text += "-… (continues)"
		}
		fmt.Fprintf(w, "chain %d: %s\n", i+1, text)
		explainLegs(w, p, ch.Nodes)
		if ch.Cut {
			also := ""
			if ch.Ends {
				also = " (the move may also end here)"
			}
			fmt.Fprintf(w, "  … %s past leg %d, not shown (--legs)%s\n", moreWords(ch.Beyond, "longer"), maxLegs, also)
		}
	}
	if !walk.More.IsZero() {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "… and %s, not shown (--chains)\n", moreWords(walk.More, "more"))
	}
}

// moreWords writes "N more chains" for a count of chains not shown.
func moreWords(c expand.ChainCount, more string) string {
	switch {
	case c.Unbounded:
		return more + " chains without end (a loop, §5.3)"
	case c.AtLeast:
		return fmt.Sprintf("at least 2^%d %s chains", expand.ChainCountBits, more)
	}
	return fmt.Sprintf("%s %s %s", c.Int(), more, plural(c, "chain", "chains"))
}

// countWords writes a count of chains: the exact number, however long, or
// the bound and what it stands for.
func countWords(c expand.ChainCount) string {
	if c.Exact() {
		return c.String()
	}
	return c.String() + " (" + c.Why() + ")"
}

func plural(c expand.ChainCount, one, many string) string {
	if c.Exact() && c.Int().IsInt64() && c.Int().Int64() == 1 {
		return one
	}
	return many
}

// explainLegs writes the legs of one chain; a run of legs identical to
// the one before (an unrolled exponent) is written once.
func explainLegs(w io.Writer, p *expand.Program, nodes []int) {
	prev := ""
	runStart := 0
	flush := func(end int) {
		switch {
		case end == runStart+1:
			fmt.Fprintf(w, "  leg %d: as leg %d\n", end, runStart)
		case end > runStart+1:
			fmt.Fprintf(w, "  legs %d–%d: as leg %d\n", runStart+1, end, runStart)
		}
	}
	for j, n := range nodes {
		body := legBody(&p.Nodes[n].Leg, j > 0)
		if j > 0 && body == prev {
			continue
		}
		flush(j)
		runStart = j + 1
		fmt.Fprintf(w, "  leg %d: %s", j+1, body)
		prev = body
	}
	flush(len(nodes))
}

// legBody is a leg in words (expand.LegWords), one line per item.
func legBody(l *expand.Leg, later bool) string {
	lw := l.Words(later)
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s\n", string(l.Atom.Letter), lw.Atom)
	if len(lw.Directions) > 0 {
		fmt.Fprintf(&b, "    directions: %s — %s\n", lw.DirectionsText(), lw.DirectionsWhy)
	}
	fmt.Fprintf(&b, "    modality:   %s — %s\n", lw.ModalityText(), lw.ModalityWhy)
	for _, f := range lw.Flags {
		fmt.Fprintf(&b, "    %-11s %s\n", f.Name+":", f.Words)
	}
	return b.String()
}

// explainJSON is explain --json: the chains as data. Counts are JSON
// numbers, exact however many digits they have; null when unbounded.
type explainJSON struct {
	Notation string `json:"notation"`
	// Dialect is the dialect the notation was read in, left out for
	// Betza 2.0; Canonical is the canonical form of its Betza 2.0
	// translation, whose chains these are.
	Dialect   string `json:"dialect,omitempty"`
	Canonical string `json:"canonical"`
	// Count is the number of chains: exact when CountExact, else a lower
	// bound (2^expand.ChainCountBits), or null when Unbounded.
	Count      *big.Int `json:"count"`
	CountExact bool     `json:"countExact"`
	Unbounded  bool     `json:"unbounded"` // an exponent repeats without end (§5.3)
	// More counts the chains not shown (past --chains), as Count does.
	More      *big.Int `json:"more"`
	MoreExact bool     `json:"moreExact"`
	// Chains (written last, one at a time) are the chains shown.
}

type chainJSON struct {
	Text      string `json:"text"`      // the legs as explicit Betza 2.0, joined by '-'
	Ends      bool   `json:"ends"`      // the legs shown are a whole chain
	Continues bool   `json:"continues"` // longer chains go on past --legs legs
	// Beyond counts the chains that continue, as Count does; 0 when none.
	Beyond *big.Int  `json:"beyond"`
	Legs   []legJSON `json:"legs"`
}

type legJSON struct {
	Leg            string   `json:"leg"` // the leg as explicit Betza 2.0
	Atom           string   `json:"atom"`
	AtomWords      string   `json:"atomWords"`
	Directions     []string `json:"directions"` // ["a"] for every direction; [] for the null atom
	DirectionWords []string `json:"directionWords"`
	DirectionsWhy  string   `json:"directionsWhy"`
	Relative       bool     `json:"relative"` // directions relative to the previous leg (§2.7)
	Modality       string   `json:"modality"` // letters, "" for none
	ModalityWords  string   `json:"modalityWords"`
	ModalityWhy    string   `json:"modalityWhy"`
	Initial        bool     `json:"initial"`    // i: the mover has not moved (§3.11)
	Eruption       bool     `json:"eruption"`   // x (§3.8)
	SameLength     bool     `json:"sameLength"` // e (§3.10)
	// Flags are the flags set (i, x, e) in the words explain prints.
	Flags []flagJSON `json:"flags"`
}

type flagJSON struct {
	Name  string `json:"name"`
	Words string `json:"words"`
}

// writeExplainJSON writes explain --json as one object, the chains one at
// a time, so that memory stays that of one chain however many are shown.
func writeExplainJSON(w io.Writer, o operand, canonical string, p *expand.Program, walk expand.ChainWalk) error {
	head, err := json.MarshalIndent(explainJSON{Notation: o.Text, Dialect: o.jsonDialect(), Canonical: canonical,
		Count: walk.Total.Int(), CountExact: walk.Total.Exact(), Unbounded: walk.Total.Unbounded,
		More: walk.More.Int(), MoreExact: walk.More.Exact()}, "", "  ")
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.Write(bytes.TrimSuffix(head, []byte("\n}")))
	bw.WriteString(",\n  \"chains\": [")
	for i, ch := range walk.Shown {
		if i > 0 {
			bw.WriteByte(',')
		}
		data, err := json.MarshalIndent(chainData(p, ch), "    ", "  ")
		if err != nil {
			return err
		}
		bw.WriteString("\n    ")
		if _, err := bw.Write(data); err != nil {
			return err // w takes no more (under web, the answer's size): stop
		}
	}
	if len(walk.Shown) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}

// chainData is one chain shown, as data.
func chainData(p *expand.Program, ch expand.ShownChain) chainJSON {
	cj := chainJSON{Text: p.ChainText(ch.Nodes), Ends: ch.Ends, Continues: ch.Cut, Beyond: ch.Beyond.Int()}
	for j, n := range ch.Nodes {
		l := &p.Nodes[n].Leg
		lw := l.Words(j > 0)
		cj.Legs = append(cj.Legs, legJSON{Leg: l.String(), Atom: string(l.Atom.Letter), AtomWords: lw.Atom,
			Directions: nonNil(lw.Directions), DirectionWords: nonNil(lw.DirectionWords), DirectionsWhy: lw.DirectionsWhy,
			Relative: lw.Relative, Modality: lw.Modality, ModalityWords: lw.ModalityWords, ModalityWhy: lw.ModalityWhy,
			Initial: l.MoverVirgin, Eruption: l.Erupt, SameLength: l.Equal, Flags: []flagJSON{}})
		for _, f := range lw.Flags {
			leg := &cj.Legs[len(cj.Legs)-1]
			leg.Flags = append(leg.Flags, flagJSON{Name: f.Name, Words: f.Words})
		}
	}
	return cj
}

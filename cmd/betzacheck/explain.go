package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"

	"betzacheck/reference/expand"
	"betzacheck/reference/geometry"
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
	jsonOut := fs.Bool("json", false, "print the chains as one JSON object (an error too, on stdout)")
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	if !checkRange(c, e, "chains", *maxChains, 1, maxExplainChains) || !checkRange(c, e, "legs", *maxLegs, 1, maxExplainLegs) {
		return exitUsage
	}
	prog, code := compile(c, e, ops[0], *jsonOut)
	if prog == nil {
		return code
	}
	walk := prog.Prog.WalkChains(*maxChains, *maxLegs)
	if *jsonOut {
		if err := writeExplainJSON(e.stdout, ops[0], prog.Canonical(), prog.Prog, walk); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck explain: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	explain(e.stdout, ops[0], prog.Canonical(), prog.Prog, walk, *maxLegs)
	return exitOK
}

// checkRange reports whether the value of --name lies in lo..hi; if not it
// reports the usage error.
func checkRange(c *command, e *env, name string, v, lo, hi int) bool {
	if v >= lo && v <= hi {
		return true
	}
	fmt.Fprintf(e.stderr, "betzacheck %s: --%s %d: expected %d to %d\n", c.Name, name, v, lo, hi)
	return false
}

// explain writes the chains of p in words: the exact count, the chains
// the walk shows, and how many it does not.
func explain(w io.Writer, src, canonical string, p *expand.Program, walk expand.ChainWalk, maxLegs int) {
	if src == canonical {
		fmt.Fprintf(w, "notation: %s\n", src)
	} else {
		fmt.Fprintf(w, "notation: %s (canonical %s)\n", src, canonical)
	}
	fmt.Fprintf(w, "chains: %s\n", countWords(walk.Total))
	for i, ch := range walk.Shown {
		fmt.Fprintln(w)
		legs := make([]string, len(ch.Nodes))
		for j, n := range ch.Nodes {
			legs[j] = p.Nodes[n].Leg.String()
		}
		text := strings.Join(legs, "-")
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
// what it is a bound of.
func countWords(c expand.ChainCount) string {
	switch {
	case c.Unbounded:
		return "unbounded (an exponent repeats without end; the board bounds it, §5.3)"
	case c.AtLeast:
		return fmt.Sprintf("at least 2^%d (a lower bound: too many to count exactly)", expand.ChainCountBits)
	}
	return c.Int().String()
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

// legBody is a leg in words: atom, directions, modality and flags, each
// with where it came from.
func legBody(l *expand.Leg, later bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s\n", string(l.Atom.Letter), atomWords(l.Atom))
	if l.Atom.Class != geometry.Null {
		dirs := "a, every direction"
		if !l.AllDirections() {
			dirs = directionWords(l.Dirs)
		}
		if later && !l.AllDirections() {
			dirs += " (relative to the previous leg, §2.7)"
		}
		fmt.Fprintf(&b, "    directions: %s — %s\n", dirs, why(l.DirWhy))
	}
	fmt.Fprintf(&b, "    modality:   %s — %s\n", modalityWords(l), why(l.ModWhy))
	if l.MoverVirgin {
		fmt.Fprintf(&b, "    initial:    i, only a mover that has not moved yet (§3.11)\n")
	}
	if l.Erupt {
		fmt.Fprintf(&b, "    eruption:   x, the mover stays where this leg starts; fragments make this leg and the rest (§3.8)\n")
	}
	if l.Equal {
		fmt.Fprintf(&b, "    same length: e, exactly as many steps as the previous leg (§3.10)\n")
	}
	return b.String()
}

func why(s string) string {
	if s == "" {
		return "written"
	}
	return s
}

func atomWords(a *geometry.Atom) string {
	switch {
	case a.Class == geometry.Null:
		return a.Name + ": ends on the square it starts from (§1.4)"
	case a.Rider:
		return fmt.Sprintf("%s: rides any number of %s steps over empty squares, %d directions (§1.2)", a.Name, classWord(a.Class), len(a.Leaps))
	case a.Class == geometry.Compound:
		return fmt.Sprintf("%s: one orthogonal or diagonal step, %d directions (§1.3)", a.Name, len(a.Leaps))
	}
	v := a.Leaps[0]
	return fmt.Sprintf("%s: leaps (%d,%d), %s, %d directions (§1.1)", a.Name, abs(v.X), abs(v.Y), classWord(a.Class), len(a.Leaps))
}

func classWord(c geometry.Class) string {
	switch c {
	case geometry.Compound:
		return "orthogonal or diagonal"
	}
	return c.String()
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// directionNames are the words for the direction names of §2.
var directionNames = map[string]string{
	"f": "forward", "b": "backward", "l": "left", "r": "right",
	"v": "vertical", "s": "sideways",
	"fl": "forward-left", "fr": "forward-right", "bl": "backward-left", "br": "backward-right",
	"lf": "left-forward", "rf": "right-forward", "lb": "left-backward", "rb": "right-backward",
	"fs": "forward-sideways", "bs": "backward-sideways", "lv": "left-vertical", "rv": "right-vertical",
	"fh": "forward half", "bh": "backward half", "lh": "left half", "rh": "right half",
}

func directionWords(dirs []string) string {
	names := make([]string, len(dirs))
	for i, d := range dirs {
		names[i] = d
		if name, ok := directionNames[d]; ok {
			names[i] = name
		}
	}
	return strings.Join(dirs, " ") + ", " + strings.Join(names, " or ")
}

// modalityWords says what the leg's end square must hold (§3.1–§3.7):
// its letters, then the words.
func modalityWords(l *expand.Leg) string {
	letters, words := modalityParts(l)
	if letters == "" {
		return words
	}
	return letters + ", " + words
}

// modalityParts returns the modality letters of l and their words.
func modalityParts(l *expand.Leg) (string, string) {
	var letters, parts []string
	add := func(bit expand.Modality, letter, text string) {
		if l.Modal.Has(bit) {
			letters = append(letters, letter)
			parts = append(parts, text)
		}
	}
	add(expand.M, "m", "to an empty square")
	if l.CVirgin {
		add(expand.C, "ci", "capturing an enemy that has not moved")
	} else {
		add(expand.C, "c", "capturing an enemy")
	}
	if l.DVirgin {
		add(expand.D, "di", "destroying a friend that has not moved")
	} else {
		add(expand.D, "d", "destroying a friend")
	}
	add(expand.P, "p", "hopping over any piece")
	add(expand.T, "t", "hopping over a friend")
	add(expand.O, "o", "to a square off the board")
	add(expand.U, "u", "unloading the carried piece onto an empty square")
	if len(parts) == 0 {
		return "", "none"
	}
	return strings.Join(letters, ""), strings.Join(parts, " or ")
}

// explainJSON is explain --json: the chains as data. Counts are JSON
// numbers, exact however many digits they have; null when unbounded.
type explainJSON struct {
	Notation  string `json:"notation"`
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
}

// writeExplainJSON writes explain --json as one object, the chains one at
// a time, so that memory stays that of one chain however many are shown.
func writeExplainJSON(w io.Writer, src, canonical string, p *expand.Program, walk expand.ChainWalk) error {
	head, err := json.MarshalIndent(explainJSON{Notation: src, Canonical: canonical,
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
		bw.Write(data)
	}
	if len(walk.Shown) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}

// chainData is one chain shown, as data.
func chainData(p *expand.Program, ch expand.ShownChain) chainJSON {
	cj := chainJSON{Ends: ch.Ends, Continues: ch.Cut, Beyond: ch.Beyond.Int()}
	var texts []string
	for j, n := range ch.Nodes {
		l := &p.Nodes[n].Leg
		texts = append(texts, l.String())
		letters, words := modalityParts(l)
		lj := legJSON{Leg: l.String(), Atom: string(l.Atom.Letter), AtomWords: atomWords(l.Atom),
			Directions: []string{}, DirectionWords: []string{}, DirectionsWhy: why(l.DirWhy),
			Modality: letters, ModalityWords: words, ModalityWhy: why(l.ModWhy),
			Initial: l.MoverVirgin, Eruption: l.Erupt, SameLength: l.Equal}
		switch {
		case l.Atom.Class == geometry.Null:
			lj.DirectionsWhy = ""
		case l.AllDirections():
			lj.Directions, lj.DirectionWords = []string{"a"}, []string{"every direction"}
		default:
			lj.Relative = j > 0
			for _, d := range l.Dirs {
				lj.Directions = append(lj.Directions, d)
				name := d
				if w, ok := directionNames[d]; ok {
					name = w
				}
				lj.DirectionWords = append(lj.DirectionWords, name)
			}
		}
		cj.Legs = append(cj.Legs, lj)
	}
	cj.Text = strings.Join(texts, "-")
	return cj
}

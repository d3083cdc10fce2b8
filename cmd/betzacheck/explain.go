package main

import (
	"fmt"
	"io"
	"strings"

	"betzacheck/reference/expand"
)

var explainCmd = &command{
	Name:    "explain",
	Args:    "[--chains N] [--legs N] [--json] NOTATION",
	Summary: "print the expanded move chains leg by leg, with where each default came from",
	Run:     runExplain,
}

func runExplain(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	maxChains := fs.Int("chains", 8, "show at most `N` chains")
	maxLegs := fs.Int("legs", 12, "cut a chain after `N` legs")
	jsonOut := fs.Bool("json", false, "print the chains as one JSON object")
	ops, code, ok := c.parseArgs(e, fs, args, 1)
	if !ok {
		return code
	}
	if *maxChains < 1 || *maxLegs < 1 {
		fmt.Fprintln(e.stderr, "betzacheck explain: --chains and --legs must be at least 1")
		return exitUsage
	}
	prog, code := compile(e, ops[0])
	if prog == nil {
		return code
	}
	if *jsonOut {
		if err := writeJSON(e.stdout, explainData(ops[0], prog.Canonical(), prog.Prog, *maxChains, *maxLegs)); err != nil {
			fmt.Fprintf(e.stderr, "betzacheck explain: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	explain(e.stdout, ops[0], prog.Canonical(), prog.Prog, *maxChains, *maxLegs)
	return exitOK
}

// countBudget bounds the walk that counts the chains not shown.
const countBudget = 100_000

// chain is one chain shown: its nodes, and whether it was cut.
type chain struct {
	nodes []int
	cut   bool // longer than maxLegs: the rest is not shown
}

// chainSet is what explain shows of a program's chains.
type chainSet struct {
	shown      []chain
	more       int  // chains counted but not shown
	truncated  bool // some chain was cut at maxLegs
	overBudget bool // the count stopped at countBudget
	unbounded  bool // the graph loops (§5.3)
}

// chainsOf walks the chains of p: every path from a start node to a node
// that may end the move, depth first in the graph's order.
func chainsOf(p *expand.Program, maxChains, maxLegs int) chainSet {
	var cs chainSet
	budgetLeft := countBudget
	var walk func(n int, prefix []int)
	walk = func(n int, prefix []int) {
		if budgetLeft <= 0 {
			return
		}
		budgetLeft--
		node := &p.Nodes[n]
		prefix = append(prefix, n)
		cut := len(prefix) >= maxLegs && len(node.Next) > 0
		if node.End || cut {
			if len(cs.shown) < maxChains {
				cs.shown = append(cs.shown, chain{nodes: append([]int(nil), prefix...), cut: cut})
			} else {
				cs.more++
			}
		}
		if cut {
			cs.truncated = true
			return
		}
		for _, m := range node.Next {
			walk(m, prefix)
		}
	}
	for _, s := range p.Starts {
		walk(s, nil)
	}
	cs.overBudget = budgetLeft <= 0
	cs.unbounded = cyclic(p)
	return cs
}

// explain writes the chains of p in words.
func explain(w io.Writer, src, canonical string, p *expand.Program, maxChains, maxLegs int) {
	cs := chainsOf(p, maxChains, maxLegs)
	shown, more, truncated := cs.shown, cs.more, cs.truncated
	if src == canonical {
		fmt.Fprintf(w, "notation: %s\n", src)
	} else {
		fmt.Fprintf(w, "notation: %s (canonical %s)\n", src, canonical)
	}
	switch {
	case cs.unbounded:
		fmt.Fprintf(w, "chains: unbounded (an exponent repeats without end; the board bounds it, §5.3)\n")
	case cs.overBudget:
		fmt.Fprintf(w, "chains: more than %d\n", len(shown)+more)
	default:
		fmt.Fprintf(w, "chains: %d\n", len(shown)+more)
	}
	for i, ch := range shown {
		fmt.Fprintln(w)
		legs := make([]string, len(ch.nodes))
		for j, n := range ch.nodes {
			legs[j] = p.Nodes[n].Leg.String()
		}
		text := strings.Join(legs, "-")
		if ch.cut {
			text += "-… (continues)"
		}
		fmt.Fprintf(w, "chain %d: %s\n", i+1, text)
		explainLegs(w, p, ch.nodes)
		if ch.cut {
			fmt.Fprintf(w, "  … (repeats: chains longer than %d legs are not shown)\n", maxLegs)
		}
	}
	if more > 0 || cs.overBudget {
		fmt.Fprintln(w)
		switch {
		case cs.overBudget:
			fmt.Fprintf(w, "… and more than %d more chains\n", more)
		case truncated:
			fmt.Fprintf(w, "… and %d more chains of up to %d legs, then longer ones\n", more, maxLegs)
		default:
			fmt.Fprintf(w, "… and %d more chains\n", more)
		}
	}
}

// cyclic reports whether the graph has a loop (a bare 0 exponent, §5.3).
func cyclic(p *expand.Program) bool {
	const (
		white = iota
		grey
		black
	)
	colour := make([]uint8, len(p.Nodes))
	var visit func(n int) bool
	visit = func(n int) bool {
		colour[n] = grey
		for _, m := range p.Nodes[n].Next {
			if colour[m] == grey || colour[m] == white && visit(m) {
				return true
			}
		}
		colour[n] = black
		return false
	}
	for _, s := range p.Starts {
		if colour[s] == white && visit(s) {
			return true
		}
	}
	return false
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
	if l.Atom.Class != expand.Null {
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

func atomWords(a *expand.Atom) string {
	switch {
	case a.Class == expand.Null:
		return a.Name + ": ends on the square it starts from (§1.4)"
	case a.Rider:
		return fmt.Sprintf("%s: rides any number of %s steps over empty squares, %d directions (§1.2)", a.Name, classWord(a.Class), len(a.Leaps))
	case a.Class == expand.Compound:
		return fmt.Sprintf("%s: one orthogonal or diagonal step, %d directions (§1.3)", a.Name, len(a.Leaps))
	}
	v := a.Leaps[0]
	return fmt.Sprintf("%s: leaps (%d,%d), %s, %d directions (§1.1)", a.Name, abs(v.X), abs(v.Y), classWord(a.Class), len(a.Leaps))
}

func classWord(c expand.Class) string {
	switch c {
	case expand.Compound:
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

// explainJSON is explain --json: the chains as data.
type explainJSON struct {
	Notation  string `json:"notation"`
	Canonical string `json:"canonical"`
	// Count is the number of chains; a lower bound when CountExact is
	// false (the count stopped, or the chains are unbounded).
	Count      int         `json:"count"`
	CountExact bool        `json:"countExact"`
	Unbounded  bool        `json:"unbounded"` // an exponent repeats without end (§5.3)
	Chains     []chainJSON `json:"chains"`    // the chains shown (--chains)
	More       int         `json:"more"`      // chains counted but not shown
}

type chainJSON struct {
	Text      string    `json:"text"`      // the legs as explicit Betza 2.0, joined by '-'
	Continues bool      `json:"continues"` // cut after --legs legs
	Legs      []legJSON `json:"legs"`
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

func explainData(src, canonical string, p *expand.Program, maxChains, maxLegs int) explainJSON {
	cs := chainsOf(p, maxChains, maxLegs)
	doc := explainJSON{Notation: src, Canonical: canonical, Count: len(cs.shown) + cs.more,
		CountExact: !cs.unbounded && !cs.overBudget, Unbounded: cs.unbounded, More: cs.more, Chains: []chainJSON{}}
	for _, ch := range cs.shown {
		cj := chainJSON{Continues: ch.cut}
		var texts []string
		for j, n := range ch.nodes {
			l := &p.Nodes[n].Leg
			texts = append(texts, l.String())
			letters, words := modalityParts(l)
			lj := legJSON{Leg: l.String(), Atom: string(l.Atom.Letter), AtomWords: atomWords(l.Atom),
				Directions: []string{}, DirectionWords: []string{}, DirectionsWhy: why(l.DirWhy),
				Modality: letters, ModalityWords: words, ModalityWhy: why(l.ModWhy),
				Initial: l.MoverVirgin, Eruption: l.Erupt, SameLength: l.Equal}
			switch {
			case l.Atom.Class == expand.Null:
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
		doc.Chains = append(doc.Chains, cj)
	}
	return doc
}

// Package triage names the causes of a conformance run's failures. For
// each failure it tries a library of alternative readings of the
// notation (hypotheses: the rows of other classic profiles, and the
// reading mistakes programs are known to make) and keeps the one that
// reproduces the implementation's answer exactly; it shrinks a
// representative of each cause, and every failure no hypothesis explains,
// to a minimal case (Shrinker); it groups the failures into classes by
// cause (Classes), and writes them as a markdown page (WriteDivergences).
// The reference knows nothing of it: a hypothesis is a Betza 2.0 program
// the reference evaluates.
package triage

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"betzacheck/reference"
	"betzacheck/reference/dialect"
	"betzacheck/reference/dialect/classic"
)

// Hypothesis is one alternative reading of the notations of a dialect:
// what a program that reads them that way answers.
type Hypothesis struct {
	// Name is the hypothesis's stable key, the one expectation files and
	// class keys use: "j-as-ad", "row:fairy-stockfish:letter J".
	Name string
	// Says is what such a program does, in words, with what the spec
	// says instead.
	Says string
	// Clause is the clause of the dialect that the reading departs from.
	Clause string
	// Reading is the reading itself.
	Reading Reading
	// What Pair composes: the profile the notation is sent under (base);
	// for a hypothesis of rows, the profile they are taken from and the
	// rows; for a mistake, its rewrite, and its reading under base.
	base    *classic.Profile
	profile *classic.Profile
	topics  []string
	mistake *rewriting

	rank int // its place in the library (Diagnose breaks ties by it)
}

// Reading reads a notation of a dialect the way one hypothesis says a
// program does.
type Reading interface {
	// Read returns the Betza 2.0 program the reading gives text on a
	// board whose longer side has side squares, or the error with which
	// it rejects text; ok is false when the reading does not apply to
	// text (nothing in it is read differently).
	Read(text string, side int) (prog *reference.Program, err error, ok bool)
}

// Hypotheses is the library of hypotheses for notations sent in the
// dialect dial (a name of translate.Names, "betza-classic:PROFILE"
// included): nil for a dialect it has none for. Rows of other profiles
// come first, in the order of the table of spec/classic.md §C5.1, then
// the reading mistakes.
func Hypotheses(dial string) []*Hypothesis {
	base, profile, _ := strings.Cut(dial, ":")
	if base != dialect.Classic {
		return nil
	}
	if profile == "" {
		profile = classic.DefaultProfile
	}
	p, err := classic.Lookup(profile)
	if err != nil {
		return nil
	}
	d, err := classic.FromProfile(p)
	if err != nil {
		return nil
	}
	hs := profileRows(p)
	for _, m := range mistakes {
		if m.needs != nil && !m.needs(p) {
			continue
		}
		r := &rewriting{d, m.rewrite}
		hs = append(hs, &Hypothesis{Name: m.name, Says: m.says, Clause: m.clause, Reading: r, base: p, mistake: r})
	}
	return hs
}

// topicClauses is the clause of spec/classic.md that says how the spec
// reads each topic of a profile.
var topicClauses = map[string]string{
	classic.TopicJ:           "§C5.2",
	classic.TopicL:           "§C5.2",
	classic.TopicDigits:      "§C2.3",
	classic.TopicZero:        "§C2.3",
	classic.TopicDoubled:     "§C2.2",
	classic.TopicNoRides:     "§C2.2",
	classic.TopicDirections:  "§C3.1",
	classic.TopicCompound:    "§C5.4",
	classic.TopicChiral:      "§C5.5",
	classic.TopicUnknown:     "§C1.3",
	classic.TopicHopLeaper:   "§C4.4",
	classic.TopicNoHops:      "§C4.1",
	classic.TopicLameRider:   "§C4.6",
	classic.TopicLameOblique: "§C5.6",
	classic.TopicJump:        "§C5.7",
	classic.TopicEnPassant:   "§C5.8",
	classic.TopicScope:       "§C1.2",
	classic.TopicInitial:     "§C3.3",
	classic.TopicOtherLetter: "§C1.3",
}

// dependentTopics are the rows another row's reading needs (the checks of
// classic's settings): a row taken from another profile brings them along
// when the profile read is not valid without them.
var dependentTopics = []string{classic.TopicUnknown, classic.TopicDirections}

// profileRows are the hypotheses "reads TOPIC as profile P does": the
// profile p with one row taken from another profile, for every row where
// that profile reads otherwise (each reading once), with the rows it
// depends on when p is not valid without them (named after the first).
func profileRows(p *classic.Profile) []*Hypothesis {
	var hs []*Hypothesis
	seen := map[string]bool{}
	for _, topic := range classic.Topics {
		mine, _ := p.Value(topic)
		for _, other := range classic.Profiles {
			theirs, _ := other.Value(topic)
			if other.Name == p.Name || theirs == mine || seen[topic+"="+theirs] {
				continue
			}
			h := rowHypothesis(p, &other, topic)
			if h == nil {
				continue
			}
			seen[topic+"="+theirs] = true
			hs = append(hs, h)
		}
	}
	return hs
}

// rowHypothesis is p read with the rows topics taken from other, and
// the rows they depend on when p is not valid without them; nil when no
// valid profile reads so.
func rowHypothesis(p, other *classic.Profile, topics ...string) *Hypothesis {
	d, taken, ok := hybrid(p, other, topics)
	if !ok {
		return nil
	}
	var says []string
	for _, topic := range taken {
		mine, _ := p.Value(topic)
		theirs, _ := other.Value(topic)
		reason := ""
		for _, r := range other.Rules {
			if r.Topic == topic {
				reason = r.Reason
			}
		}
		says = append(says, fmt.Sprintf("%q as %s (%s), not %s", topic, quoteValue(theirs), reason, quoteValue(mine)))
	}
	return &Hypothesis{
		profile: other, topics: taken, base: p,
		Name:    "row:" + other.Name + ":" + strings.Join(taken, "+"),
		Says:    fmt.Sprintf("reads as profile %s does, where the spec reads as profile %s: %s", other.Name, p.Name, strings.Join(says, "; ")),
		Clause:  topicClauses[taken[0]],
		Reading: profiled{d},
	}
}

func quoteValue(v string) string {
	if v == "" {
		return "nothing"
	}
	return fmt.Sprintf("%q", v)
}

// hybrid is p with the rows topics, and the rows they depend on if p is
// not valid without them, taken from other; taken lists the rows taken
// that other reads otherwise than p, topics first.
func hybrid(p, other *classic.Profile, topics []string) (d classic.Dialect, taken []string, ok bool) {
	take := func(topics []string) (classic.Dialect, []string, error) {
		h := &classic.Profile{Name: p.Name + "+" + other.Name + ":" + strings.Join(topics, "+")}
		var taken []string
		for _, r := range p.Rules {
			if slices.Contains(topics, r.Topic) {
				v, _ := other.Value(r.Topic)
				if v != r.Value {
					taken = append(taken, r.Topic)
				}
				r.Value = v
			}
			h.Rules = append(h.Rules, r)
		}
		slices.SortStableFunc(taken, func(a, b string) int {
			return cmp.Compare(slices.Index(topics, a), slices.Index(topics, b))
		})
		d, err := classic.FromProfile(h)
		return d, taken, err
	}
	d, taken, err := take(topics)
	if err != nil {
		d, taken, err = take(append(slices.Clone(topics), dependentTopics...))
	}
	return d, taken, err == nil
}

// profiled reads a notation under a profile of its own.
type profiled struct{ d classic.Dialect }

func (r profiled) Read(text string, _ int) (*reference.Program, error, bool) {
	prog, err := r.d.ToBetza2(text)
	return prog, err, true
}

// Pair is the hypothesis that a program reads as both a and b do, for
// hypotheses of one library: two rows of one other profile (that
// profile's rows together), a mistake read under a row's profile, or two
// mistakes one after the other; nil when they do not compose. A failure
// with two causes is explained by their pair without shrinking it.
func Pair(a, b *Hypothesis) *Hypothesis {
	if a.base == nil || a.base != b.base {
		return nil
	}
	if a.mistake != nil && b.mistake == nil {
		a, b = b, a
	}
	name := a.Name + " with " + b.Name
	switch {
	case a.mistake == nil && b.mistake == nil:
		if a.profile != b.profile {
			return nil
		}
		h := rowHypothesis(a.base, a.profile, append(slices.Clone(a.topics), b.topics...)...)
		if h != nil {
			h.Name = name
		}
		return h
	case a.mistake == nil:
		// The mistake, read under the rows' profile.
		rows, ok := a.Reading.(profiled)
		if !ok {
			return nil
		}
		return &Hypothesis{Name: name, Says: b.Says + "; and " + a.Says, Clause: b.Clause,
			Reading: &rewriting{rows.d, b.mistake.rewrite}}
	}
	first, then := a.mistake.rewrite, b.mistake.rewrite
	both := func(d classic.Dialect, moves []*classic.Move, side int) (rewritten, bool) {
		rw, ok := first(d, moves, side)
		if !ok || rw.betza2 {
			return rw, false
		}
		again, err := d.Parse(rw.text)
		if err != nil {
			return rw, false
		}
		return then(d, again, side)
	}
	return &Hypothesis{Name: name, Says: a.Says + "; and " + b.Says, Clause: a.Clause,
		Reading: &rewriting{a.mistake.d, both}}
}

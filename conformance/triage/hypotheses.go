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
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package triage

import (
	"fmt"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
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
	// for a hypothesis of rows, the rows it reads otherwise than base; for
	// a mistake, its rewrite, and its reading under base.
	base    *classic.Profile
	rows    []classic.Rule
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
	classic.TopicRangeOne:    "§C5.12",
	classic.TopicRepeated:    "§C5.13",
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
// that profile reads otherwise (each reading once, named after the first
// profile that reads so), with the rows it depends on when p is not valid
// without them (named after the first).
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
			rows := []classic.Rule{ruleOf(&other, topic)}
			if _, err := hybrid(p, rows); err != nil {
				for _, t := range dependentTopics {
					if v, _ := other.Value(t); v != valueOf(p, t) {
						rows = append(rows, ruleOf(&other, t))
					}
				}
			}
			h := rowHypothesis(p, other.Name, rows)
			if h == nil {
				continue
			}
			seen[topic+"="+theirs] = true
			hs = append(hs, h)
		}
	}
	return hs
}

// ruleOf is p's row on topic.
func ruleOf(p *classic.Profile, topic string) classic.Rule {
	for _, r := range p.Rules {
		if r.Topic == topic {
			return r
		}
	}
	return classic.Rule{Topic: topic}
}

func valueOf(p *classic.Profile, topic string) string {
	v, _ := p.Value(topic)
	return v
}

// rowHypothesis is p read with rows in place of its own, rows of the
// profile from ("" for rows of several), named after from and the rows'
// topics; nil when no valid profile reads so, or when two rows of one
// topic disagree.
func rowHypothesis(p *classic.Profile, from string, rows []classic.Rule) *Hypothesis {
	d, err := hybrid(p, rows)
	if err != nil {
		return nil
	}
	var topics, says []string
	for _, r := range rows {
		topics = append(topics, r.Topic)
		says = append(says, fmt.Sprintf("%q as %s (%s), not %s", r.Topic, quoteValue(r.Value), r.Reason, quoteValue(valueOf(p, r.Topic))))
	}
	who := "profile " + from + " does"
	if from == "" {
		who = "other profiles do"
	}
	return &Hypothesis{
		base: p, rows: rows,
		Name:    "row:" + from + ":" + strings.Join(topics, "+"),
		Says:    fmt.Sprintf("reads as %s, where the spec reads as profile %s: %s", who, p.Name, strings.Join(says, "; ")),
		Clause:  topicClauses[topics[0]],
		Reading: profiled{d},
	}
}

func quoteValue(v string) string {
	if v == "" {
		return "nothing"
	}
	return fmt.Sprintf("%q", v)
}

// hybrid is the classic dialect under p with rows in place of its own.
func hybrid(p *classic.Profile, rows []classic.Rule) (classic.Dialect, error) {
	h := &classic.Profile{Name: p.Name + "+rows"}
	for _, r := range p.Rules {
		n := 0
		for _, row := range rows {
			if row.Topic == r.Topic {
				if n > 0 && row.Value != r.Value {
					return classic.Dialect{}, fmt.Errorf("two readings of %q", r.Topic)
				}
				r, n = row, n+1
			}
		}
		h.Rules = append(h.Rules, r)
	}
	return classic.FromProfile(h)
}

// profiled reads a notation under a profile of its own.
type profiled struct{ d classic.Dialect }

func (r profiled) Read(text string, _ int) (*reference.Program, error, bool) {
	prog, err := r.d.ToBetza2(text)
	return prog, err, true
}

// Pair is the hypothesis that a program reads as both a and b do, for
// hypotheses of one library: rows of other profiles together, a mistake
// read under a row's profile, or two mistakes one after the other; nil
// when they do not compose (two readings of one row). A failure
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
		h := rowHypothesis(a.base, "", append(slices.Clone(a.rows), b.rows...))
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

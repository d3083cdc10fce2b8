package triage

import (
	"testing"

	"github.com/betzacheck/betzacheck/reference/dialect/classic"
)

// TestEveryRowCitesItsClause: a hypothesis of profile rows cites the
// clause of spec/classic.md for its topic; a topic added to the profile
// table without one would leave its classes citing nothing.
func TestEveryRowCitesItsClause(t *testing.T) {
	for _, topic := range classic.Topics {
		if topicClauses[topic] == "" {
			t.Errorf("topic %q: no clause in topicClauses", topic)
		}
	}
	for _, h := range Hypotheses("betza-classic") {
		if h.Clause == "" || h.Says == "" {
			t.Errorf("hypothesis %s: clause %q, says %q", h.Name, h.Clause, h.Says)
		}
	}
}

// TestRowsOfTwoProfilesCompose: A1 is a ride under one row (range 1 as a
// rider) and a ride of A gives no moves under another (fairy-stockfish's
// rides with no moves): neither alone reads A1 otherwise than the spec,
// their pair gives no moves (issue 26: the classes Fairy-Stockfish left
// unexplained).
func TestRowsOfTwoProfilesCompose(t *testing.T) {
	byName := map[string]*Hypothesis{}
	for _, h := range Hypotheses("betza-classic") {
		byName[h.Name] = h
	}
	one, rides := byName["row:betza:range 1"], byName["row:fairy-stockfish:rides with no moves"]
	if one == nil || rides == nil {
		t.Fatalf("no range 1 or rides with no moves row among %d hypotheses", len(byName))
	}
	for _, h := range []*Hypothesis{one, rides} {
		if p, _, _ := h.Reading.Read("A1", 8); p == nil || p.Source() != "A" {
			t.Errorf("%s reads A1 as %v, want A", h.Name, p)
		}
	}
	p := Pair(rides, one)
	if p == nil {
		t.Fatal("the two rows do not compose")
	}
	if prog, _, _ := p.Reading.Read("A1", 8); prog == nil || prog.Source() != "mO" {
		t.Errorf("%s reads A1 as %v, want mO (no moves)", p.Name, prog)
	}
}

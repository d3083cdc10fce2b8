package expand

import "testing"

// TestReachesEnd: a node reaches an end when it, or a node after it, may
// end the move; a dead end has no chains and counts none.
func TestReachesEnd(t *testing.T) {
	// 0 → 1 (may end), 0 → 2 → 3 (a dead end), 4 → 4 (a loop that never ends).
	p := &Program{Nodes: []Node{
		{Next: []int{1, 2}},
		{End: true},
		{Next: []int{3}},
		{},
		{Next: []int{4}},
	}, Starts: []int{0, 4}}
	p.markReachesEnd()
	want := []bool{true, true, false, false, false}
	for i, n := range p.Nodes {
		if n.ReachesEnd != want[i] {
			t.Errorf("node %d: ReachesEnd %v, want %v", i, n.ReachesEnd, want[i])
		}
	}
	if got := p.WalkChains(8, 8).Total.String(); got != "1" {
		t.Errorf("%s chains, want 1: the dead end and the endless loop count none", got)
	}
}

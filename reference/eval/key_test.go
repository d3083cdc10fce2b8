package eval_test

import (
	"testing"

	"github.com/betzacheck/betzacheck/reference/eval"
)

// TestParseKey: a key reads back into the outcome whose key it is, and
// only a text written exactly as a key is accepted.
func TestParseKey(t *testing.T) {
	for _, line := range []string{"d4 c3= d4=X", "- c3= d4=", "c3 c3=x*", "c2 b2= c2=X"} {
		o, err := eval.ParseKey(line)
		if err != nil || o.Key() != line {
			t.Errorf("%q: %q, %v", line, o.Key(), err)
		}
	}
	for _, line := range []string{"", "d4 d4=X c3=", "d4 c3= c3=X", "z0 c3=", "d4 c3", "d4 c3=XX", "d4 c3= d4=X capture", "d4  c3=", "b2= c2=X"} {
		if _, err := eval.ParseKey(line); err == nil {
			t.Errorf("%q: accepted", line)
		}
	}
}

package main

import "testing"

// TestGeneratedDialect: generated cases are written in Betza 2.0 when the
// implementation reads it, else in the first dialect with a grammar that
// it declares.
func TestGeneratedDialect(t *testing.T) {
	for _, c := range []struct {
		dialects []string
		want     string
	}{
		{[]string{"betza-classic", "betza2"}, "betza2"},
		{[]string{"xbetza", "betza-classic"}, "betza-classic"},
		{[]string{"xbetza"}, "xbetza"},
		{[]string{"bracket", "xbetza"}, "xbetza"},
		{[]string{"spanish"}, "betza2"},
	} {
		if got := generatedDialect(c.dialects); got != c.want {
			t.Errorf("generatedDialect(%q) = %q, want %q", c.dialects, got, c.want)
		}
	}
}

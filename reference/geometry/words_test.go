package geometry

import "testing"

// TestWords: atoms and direction names in words, with their clauses.
func TestWords(t *testing.T) {
	for letter, want := range map[byte]string{
		'N': "knight: leaps (1,2), oblique, 8 directions (§1.1)",
		'R': "rook: rides any number of orthogonal steps over empty squares, 4 directions (§1.2)",
		'Q': "queen: rides any number of orthogonal or diagonal steps over empty squares, 8 directions (§1.2)",
		'K': "king: one orthogonal or diagonal step, 8 directions (§1.3)",
		'O': "null move: ends on the square it starts from (§1.4)",
	} {
		if got := LookupAtom(letter).Words(); got != want {
			t.Errorf("%c: %q, want %q", letter, got, want)
		}
	}
	for name, want := range map[string]string{"a": "every direction", "lf": "left-forward", "rh": "right half", "x": "x"} {
		if got := DirectionWords(name); got != want {
			t.Errorf("DirectionWords(%q) = %q, want %q", name, got, want)
		}
	}
}

package translate

import (
	"fmt"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
)

// CheckEnPassant refuses to answer a notation that writes an en-passant
// capture on a position that gives an en-passant square (§11.5 of
// spec/betza2.md): XBetza's e (§X4.9) and e under a classic profile that
// reads it as en passant (§C5.8) are read by translation into Betza 2.0,
// which cannot name a capture that depends on the previous move, so the
// answer would leave out a capture the position allows. It is nil when
// ep is nil (a FEN's "-": the case §X4.9 and §C5.8 answer), and for
// every other dialect, where no letter is en passant.
func CheckEnPassant(name, src string, ep *board.Square) error {
	if ep == nil || !strings.ContainsRune(src, 'e') {
		return nil
	}
	readsEnPassant := name == dialect.XBetza
	if d, err := Lookup(name); err == nil {
		if c, ok := d.(classic.Dialect); ok {
			readsEnPassant = c.ReadsEnPassant()
		}
	}
	if !readsEnPassant {
		return nil
	}
	return fmt.Errorf("the position's en-passant square %s and the en-passant capture e of %s %q: the reference reads e only on a position with no en-passant square (FEN '-'), and refuses rather than answer without the capture (§11.5)", ep, name, src)
}

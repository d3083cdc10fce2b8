package translate_test

import (
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// TestEveryErrorNamesItsClause reads every example of every dialect's
// spec in every dialect, and writes each translation that succeeds in
// every dialect: each error, of reading or of writing, must keep the
// contract (dialect.CheckError) and so name its clause, which
// reference.Diagnose reads for the "clause" of an error document. The
// issue's cases come first: each had an empty clause (issue 28, item 15).
func TestEveryErrorNamesItsClause(t *testing.T) {
	for _, c := range []struct{ from, to, src, clause string }{
		{"spanish", "betza2", "D:999999999*", "§S4.6"},
		{"spanish", "betza2", "cE:(3*)U(3*)U(3*)", "§S3.6"},
		{"betza-classic:fairy-stockfish", "spanish", "shA", "§S9.4"},
		{"betza2", "bracket", "mcB-xaK", "§B9.1"},
		{"betza2", "spanish", "xW", "§S9.4"},
	} {
		_, err := translate.Translate(c.from, c.to, c.src)
		if err == nil {
			t.Errorf("%s→%s %q: no error", c.from, c.to, c.src)
			continue
		}
		if got := reference.Diagnose(err).Clause; got != c.clause {
			t.Errorf("%s→%s %q: clause %q, want %q (%v)", c.from, c.to, c.src, got, c.clause, err)
		}
	}

	texts := specExamples(t)
	names := translate.Names()
	written := map[string]bool{}
	errs := 0
	for _, src := range texts {
		for _, from := range names {
			prog, err := translate.ToBetza2(from, src)
			if err != nil {
				errs++
				if err := dialect.CheckError(err, src); err != nil {
					t.Errorf("%s: %v", from, err)
				}
				continue
			}
			out := prog.Source()
			if written[out] {
				continue
			}
			written[out] = true
			for _, to := range names {
				if _, err := translate.FromBetza2(to, out); err != nil {
					errs++
					if err := dialect.CheckError(err, out); err != nil {
						t.Errorf("%s→%s: %v", from, to, err)
					}
				}
			}
		}
	}
	t.Logf("%d texts in %d dialects, %d translations written back: %d errors, each with its clause", len(texts), len(names), len(written), errs)
}

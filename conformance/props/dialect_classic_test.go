package props_test

import (
	"testing"

	"github.com/betzacheck/betzacheck/conformance/props"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
)

func classicProfile(t *testing.T, name string) dialect.Dialect {
	t.Helper()
	d, err := classic.WithProfile(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestClassicPairs(t *testing.T) {
	var pairs []dialectPair
	for _, p := range classic.Profiles {
		d := classicProfile(t, p.Name)
		pairs = append(pairs,
			dialectPair{Name: p.Name + ": NN is the nightrider", Clauses: "§C2.2 / §5.3 §5.4", D: d, Src: "NN", Oracle: props.Nightrider, B: "the nightrider (oracle)"},
			dialectPair{Name: p.Name + ": NN is Nrf0", Clauses: "§C2.2 / §5.4", D: d, Src: "NN", B: "Nrf0"},
			dialectPair{Name: p.Name + ": pR is pR-R", Clauses: "§C4.1 / §3.4 §4.3", D: d, Src: "pR", B: "pR-R"},
			dialectPair{Name: p.Name + ": cpR is pR-cR", Clauses: "§C4.1 / §3.4 §3.2", D: d, Src: "cpR", B: "pR-cR"},
			dialectPair{Name: p.Name + ": mRcpR is the Chinese cannon mRpR-cR", Clauses: "§C4.1 / §4.6", D: d, Src: "mRcpR", B: "mRpR-cR"},
			dialectPair{Name: p.Name + ": gQ is the 2.0 grasshopper pQ-K", Clauses: "§C4.3 / §3.4 §7.3", D: d, Src: "gQ", B: "pQ-K"},
			dialectPair{Name: p.Name + ": nN is W-F", Clauses: "§C4.6 / §4.1", D: d, Src: "nN", B: "W-F"},
			dialectPair{Name: p.Name + ": fmWfcF is the shatranj pawn", Clauses: "§C1.1 / §2.2 §2.3", D: d, Src: "fmWfcF", B: "fmWfcF"},
		)
		if p.Name != "fairy-stockfish" { // D cannot ride there (§C5)
			pairs = append(pairs, dialectPair{Name: p.Name + ": DD is D0", Clauses: "§C2.2 / §5.3", D: d, Src: "DD", B: "D0"})
		}
	}
	// The issue claims NN (classic) ≡ N0 (2.0); under §2.4 and §2.7 of
	// spec/betza2.md the 2.0 N0 also zigzags, so the claim fails.
	pairs = append(pairs, dialectPair{Name: "NN is N0, as the issue claims", Clauses: "§C2.2 / §5.3", D: classicProfile(t, "betza"), Src: "NN", B: "N0", Expected: true})
	// The xboard profile reads e, n, j and hr/hl as spec/xbetza.md does; the
	// right sides are that spec's hand-written Betza 2.0 forms.
	xb := classicProfile(t, "xboard")
	pairs = append(pairs,
		dialectPair{Name: "xboard: the FIDE pawn fmWfceFifmnD, no en passant on a placement", Clauses: "§C5.8 / §X4.9", D: xb, Src: "fmWfceFifmnD", B: "fmWfcFifW-fmW"},
		dialectPair{Name: "xboard: fmWfeF is fmW, e accepts no square", Clauses: "§C5.8 / §X4.9", D: xb, Src: "fmWfeF", B: "fmW"},
		dialectPair{Name: "xboard: hrN is the right-handed knight", Clauses: "§C5.5 / §X3.4", D: xb, Src: "hrN", B: "rfNbrNlbNflN"},
		dialectPair{Name: "xboard: hlN is the left-handed knight", Clauses: "§C5.5 / §X3.4", D: xb, Src: "hlN", B: "lfNblNrbNfrN"},
		dialectPair{Name: "xboard: nN is mW-fF", Clauses: "§C5.6 / §X4.6", D: xb, Src: "nN", B: "mW-fF"},
		dialectPair{Name: "xboard: nC tests the orthogonal square only", Clauses: "§C5.6 / §X4.6", D: xb, Src: "nC", B: "mW-fN"},
		dialectPair{Name: "xboard: nZ tests the orthogonal square only", Clauses: "§C5.6 / §X4.6", D: xb, Src: "nZ", B: "mW-fA"},
		dialectPair{Name: "xboard: jR skips the first square", Clauses: "§C5.7 / §X4.7", D: xb, Src: "jR", B: "mpW-fR"},
		dialectPair{Name: "xboard: jD jumps a piece", Clauses: "§C5.7 / §X4.7", D: xb, Src: "jD", B: "pW-fW"},
		dialectPair{Name: "xboard: nC is not the lame path W-W-F", Clauses: "§C5.6", D: xb, Src: "nC", B: "W-W-F", Expected: true},
	)
	fsf := classicProfile(t, "fairy-stockfish")
	pairs = append(pairs,
		dialectPair{Name: "fairy-stockfish: fK has three moves", Clauses: "§C5.4", D: fsf, Src: "fK", B: "fWfF"},
		dialectPair{Name: "fairy-stockfish: W10 is W", Clauses: "§C5.1", D: fsf, Src: "W10", B: "W"},
		dialectPair{Name: "fairy-stockfish: pW is pR-R", Clauses: "§C4.4", D: fsf, Src: "pW", B: "pR-R"},
	)
	runDialectPairs(t, props.ConfigFromEnv(), pairs)
}

func TestClassicRoundTrip(t *testing.T) {
	g, err := grammar.Classic()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range classic.Profiles {
		t.Run(p.Name, func(t *testing.T) {
			roundTrip(t, props.ConfigFromEnv(), classicProfile(t, p.Name), g, grammar.ClassicStart)
		})
	}
}

func TestClassicCorpus(t *testing.T) {
	runDialectCorpus(t, dialect.Classic, classic.New(), "../../spec/classic.md")
}

package props_test

// Cross-dialect properties of XBetza (spec/xbetza.md): its a-chains mean
// the same moves as their hand-written Betza 2.0 forms, the interconversion
// law of §X5.4 holds for every leaper and rider it names, writing out the
// default directions of a later leg (§X5.3) changes nothing, XBetza →
// Betza 2.0 → XBetza keeps the meaning of notations sampled from
// grammar/xbetza.ebnf and of drawn a-chains, and the samples keep the
// contract that translate and translate --check rely on. The XBetza corpus files
// (corpus/valid/xbetza) are run by conformance/corpus through their
// translation.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/leanovate/gopter/prop"

	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/gen"
	"github.com/betzacheck/betzacheck/conformance/props"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/xbetza"
	"github.com/betzacheck/betzacheck/reference/translate"
)

// xbetzaSeed is the seed of the XBetza properties when BETZA_SEED is not
// set: a fixed one, so that the counts they log are the same on every run.
const xbetzaSeed = 110007

// xbetzaConfig is props.ConfigFromEnv with xbetzaSeed as the default seed.
func xbetzaConfig() props.Config {
	cfg := props.ConfigFromEnv()
	if os.Getenv("BETZA_SEED") == "" {
		cfg.Seed = xbetzaSeed
	}
	return cfg
}

// TestXBetzaPairs: XBetza notations, translated, mean the same moves as
// Betza 2.0 notations written by hand (each pair checked by hand against
// both specs; the reasons are in spec/xbetza.md).
func TestXBetzaPairs(t *testing.T) {
	d := xbetza.Dialect{}
	runDialectPairs(t, xbetzaConfig(), []dialectPair{
		{Name: "afsW is the Mao mW-fF", Clauses: "§X4.2 §X5.1 §X5.2 §X5.4 / §4.1 §4.3 §2.3 §2.7", D: d, Src: "afsW", B: "mW-fF"},
		{Name: "afsF is the Moa mF-fW", Clauses: "§X5.2 §X5.4 / §2.7 §4.3", D: d, Src: "afsF", B: "mF-fW"},
		{Name: "afsK is the Moo mK-fsK", Clauses: "§X5.2 §X5.4 / §2.5 §2.7", D: d, Src: "afsK", B: "mK-fsK"},
		{Name: "afsD is mD-fA", Clauses: "§X5.4 / §2.7 §4.3", D: d, Src: "afsD", B: "mD-fA"},
		{Name: "fcafmF is the Checker's capture fcF-mF", Clauses: "§X4.1 §X5.1 §X5.2 / §3.2 §4.3 §2.7", D: d, Src: "fcafmF", B: "fcF-mF"},
		{Name: "nN is the Mao W-F", Clauses: "§X4.6 / §4.1 §4.2 §4.3", D: d, Src: "nN", B: "W-F"},
		{Name: "nD is W-fW", Clauses: "§X4.6 / §4.2 §4.3", D: d, Src: "nD", B: "W-fW"},
		{Name: "ifmnD is the pawn's double step ifW-fmW", Clauses: "§X4.6 §X4.8 / §3.11 §4.2", D: d, Src: "ifmnD", B: "ifW-fmW"},
		{Name: "FyafsF is FmF-fR", Clauses: "§X1.1 §X4.5 §X5.4 §X5.6 / §4.6 §2.7", D: d, Src: "FyafsF", B: "FmF-fR"},
		{Name: "mRcpR is the Chinese cannon mRpR-cR", Clauses: "§X4.3 / §3.4 §4.3 §4.6", D: d, Src: "mRcpR", B: "mRpR-cR"},
		{Name: "gQ is the grasshopper pQ-K", Clauses: "§X4.3 / §3.4 §4.3 §2.5 §2.7", D: d, Src: "gQ", B: "pQ-K"},
		{Name: "caibR is the rifle capture cR-ebR", Clauses: "§X4.8 §X5.2 / §3.10 §3.14", D: d, Src: "caibR", B: "cR-ebR"},
		{Name: "jD is pW-fW", Clauses: "§X4.7 / §3.4 §4.3", D: d, Src: "jD", B: "pW-fW"},
		{Name: "jR is mpW-fR", Clauses: "§X4.7 / §3.4 §3.13 §4.3", D: d, Src: "jR", B: "mpW-fR"},
		{Name: "abN leaps back: N-lbN", Clauses: "§X5.5 / §2.4 §2.7 §6.1 §3.14", D: d, Src: "abN", B: "N-lbN"},
		{Name: "hrN is rfNbrNlbNflN", Clauses: "§X3.4 / §2.4", D: d, Src: "hrN", B: "rfNbrNlbNflN"},
		{Name: "afsazfK is W-fsK-flKF-fsK-frK", Clauses: "§X5.2 §X5.4 §X5.7 §X6.2 / §2.5 §2.7 §6.1", D: d, Src: "afsazfK", B: "W-fsK-flKF-fsK-frK"},
		{Name: "aW goes on straight or a quarter turn: mW-flrW", Clauses: "§X5.3 / §2.2 §2.7", D: d, Src: "aW", B: "mW-flrW"},
		{Name: "caK goes on every way but back: cK-fhsbsK", Clauses: "§X5.3 / §2.5 §2.7", D: d, Src: "caK", B: "cK-fhsbsK"},
		{Name: "NN is the nightrider", Clauses: "§X2.4 / §5.3 §5.4", D: d, Src: "NN", Oracle: props.Nightrider, B: "the nightrider (oracle)"},
	})
}

// turns are the relative direction names of a later leg in the compound
// table (§X5.2), and whether they turn by 45 or 135 degrees, which is
// where §X5.4 changes the leap.
var turns = []struct {
	name     string
	diagonal bool
}{
	{"f", false}, {"b", false}, {"l", false}, {"r", false}, {"v", false}, {"s", false},
	{"fl", true}, {"fr", true}, {"bl", true}, {"br", true}, {"fs", true}, {"bs", true},
}

// interconversionPartner is §X5.4: the atom of the other class at the same
// distance.
var interconversionPartner = map[byte]byte{'W': 'F', 'F': 'W', 'D': 'A', 'A': 'D', 'H': 'G', 'G': 'H', 'R': 'B', 'B': 'R'}

// TestXBetzaInterconversion is the law of §X5.4, for every atom X of W F
// D A H G R B with its partner Y (W↔F, D↔A, H↔G, R↔B) and every relative
// direction d of a second leg: "a d X" is "mX-dY" where d turns by 45 or
// 135 degrees (afsW ≡ mW-fF, aflW ≡ mW-flF), and "mX-dX" where it goes
// straight on, back or a quarter turn. The 2.0 side names d in the frame
// of §2.7, where after an X step Y is of the class whose table names the
// diagonal turns fl fr bl br, and X of the one that names f b l r.
func TestXBetzaInterconversion(t *testing.T) {
	d := xbetza.Dialect{}
	var pairs []dialectPair
	for _, x := range []byte("WFDAHGRB") {
		for _, turn := range turns {
			y := x
			if turn.diagonal {
				y = interconversionPartner[x]
			}
			src := "a" + turn.name + string(x)
			b := "m" + string(x) + "-" + turn.name + string(y)
			pairs = append(pairs, dialectPair{Name: src + " is " + b, Clauses: "§X5.1 §X5.2 §X5.4 / §2.7 §4.2 §4.3", D: d, Src: src, B: b})
		}
	}
	runDialectPairs(t, xbetzaConfig(), pairs)
}

// TestXBetzaRoundTrip: XBetza → Betza 2.0 → XBetza → Betza 2.0 gives the
// outcomes of the first translation on generated positions, for notations
// sampled from grammar/xbetza.ebnf and for drawn a-chains (xbetzaChains);
// a notation that does not translate is skipped and counted, and one
// whose Betza 2.0 form XBetza cannot write is counted as "no way back"
// (§X7.1). And 2.0 → XBetza → 2.0 likewise for notations sampled from
// grammar/betza2.ebnf.
func TestXBetzaRoundTrip(t *testing.T) {
	cfg := xbetzaConfig()
	g, err := grammar.XBetza()
	if err != nil {
		t.Fatal(err)
	}
	d := xbetza.Dialect{}
	t.Run("sampled from xbetza.ebnf", func(t *testing.T) {
		dialectRoundTrip(t, cfg, d, sentences(g, grammar.XBetzaStart))
	})
	t.Run("a-chains", func(t *testing.T) {
		dialectRoundTrip(t, cfg, d, xbetzaChains)
	})
	t.Run("sampled from betza2.ebnf", func(t *testing.T) {
		betza2RoundTrip(t, cfg, d)
	})
}

// TestXBetzaWrittenMovesReadApart: FromBetza2 writes the moves of a
// notation side by side (§X1.1), and they must read back as those moves:
// a move that ends in an atom letter followed by one that starts with the
// same letter reads as one doubled atom (§X2.4). Each Betza 2.0 notation
// here, written in XBetza and read back, keeps its moves; they are the
// round trip's counterexamples that found the doubled letters (asfR and
// R written asfRR, which reads as asf and RR).
func TestXBetzaWrittenMovesReadApart(t *testing.T) {
	cfg := xbetzaConfig()
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases a property", cfg.Seed, cfg.Seed, cfg.Cases)
	d := xbetza.Dialect{}
	for _, n := range []string{"W0-fsW0W0", "F0mW0W0", "WF(F3)", "K0-KF0"} {
		t.Run(n, func(t *testing.T) {
			x, err := d.FromBetza2(n)
			if err != nil {
				t.Fatalf("FromBetza2(%q): %v", n, err)
			}
			b, back, err := xbetzaMover(x)
			if err != nil {
				t.Fatalf("%q written as %s: %v", n, x, err)
			}
			a, err := equiv.Notation(n)
			if err != nil {
				t.Fatal(err)
			}
			checkPair(t, cfg, a, b, n, "xbetza "+x+" (as "+back+")", "§X1.1 §X2.4 §X7.1", false, "", nil)
		})
	}
}

// xbetzaChains draws one or two XBetza moves of one to three legs each
// (§X1.1, §X5.1): each leg with direction letters (z and q on later legs,
// hr and hl on a first), a modality or one of n j i, then an atom and
// sometimes a range. The grammar's sampler rarely writes a move of
// several legs that translates; about half of these do.
func xbetzaChains(r *rand.Rand) string {
	pick := func(opts ...string) string { return opts[r.IntN(len(opts))] }
	move := func() string {
		var b strings.Builder
		legs := 1 + r.IntN(3)
		for k := 0; k < legs; k++ {
			if k > 0 {
				b.WriteByte('a')
			}
			dirs := pick("", "", "f", "b", "l", "r", "v", "s", "fs", "bs", "fl", "fr", "bl", "br", "fh", "lv", "ffrr")
			switch {
			case k > 0 && r.IntN(4) == 0:
				dirs = pick("z", "q", "zf", "qf", "zb", "qb")
			case k == 0 && r.IntN(8) == 0:
				dirs = pick("hr", "hl")
			}
			b.WriteString(dirs + pick("", "", "", "m", "c", "mc", "d", "p", "g", "y", "n", "j", "i"))
		}
		b.WriteString(pick("W", "F", "D", "A", "H", "G", "N", "C", "Z", "J", "L", "K", "R", "B", "Q"))
		if r.IntN(4) == 0 {
			b.WriteString(pick("0", "2", "3"))
		}
		return b.String()
	}
	if r.IntN(4) == 0 {
		return move() + move()
	}
	return move()
}

// TestXBetzaExplicitDefaults: writing out the default directions of a
// later leg (§X5.3: f l r on W F D A H G R B, every way but back on K Q N
// C Z J L) changes nothing, for drawn a-chains (xbetzaChains) that
// translate and have such a leg.
func TestXBetzaExplicitDefaults(t *testing.T) {
	cfg := xbetzaConfig()
	t.Logf("seed %d (replay with BETZA_SEED=%d), %d cases", cfg.Seed, cfg.Seed, cfg.Cases)
	stats := map[string]int{}
	d := xbetza.Dialect{}
	property := prop.ForAll(func(x string, p board.Setup) string {
		explicit, err := explicitLaterDefaults(x)
		if err != nil {
			return err.Error()
		}
		if explicit == x {
			stats["no later leg without directions"]++
			return ""
		}
		stats["checked"]++
		a, t1, err := xbetzaMover(x)
		if err != nil {
			return err.Error()
		}
		b, t2, err := xbetzaMover(explicit)
		if err != nil {
			return err.Error()
		}
		if c := equiv.Compare(a, b, p); c.Verdict == equiv.Differ {
			return c.Counterexample.Report(x+" as "+t1, explicit+" as "+t2)
		} else if c.Verdict == equiv.Undecided {
			stats["undecided (a search limit)"]++
		}
		return ""
	}, samples(withDefaultLaterLeg, d, stats), gen.Setup(3, 10))
	if res := property.Check(parameters(t, cfg)); !res.Passed() {
		t.Errorf("explicit later-leg defaults (§X5.3) change the moves; seed %d\n%s", cfg.Seed, report(res))
	}
	if stats["checked"] == 0 {
		t.Errorf("no drawn notation had a later leg without directions; seed %d", cfg.Seed)
	}
	t.Logf("%v", stats)
}

// withDefaultLaterLeg draws a-chains (xbetzaChains) until one has a later
// leg without direction letters, at most 100 times.
func withDefaultLaterLeg(r *rand.Rand) string {
	x := xbetzaChains(r)
	for try := 1; try < 100; try++ {
		if explicit, err := explicitLaterDefaults(x); err == nil && explicit != x {
			break
		}
		x = xbetzaChains(r)
	}
	return x
}

// explicitLaterDefaults writes the default directions of §X5.3 on every
// later leg of x that has no direction letter: ffllrr (f, l and r, each
// letter doubled so that no two of them read as one name, §X3.3) on an
// atom of four directions, fhsbs (all but b) on one of eight.
func explicitLaterDefaults(x string) (string, error) {
	n, err := xbetza.Parse(x)
	if err != nil {
		return "", err
	}
	out := x
	for i := len(n.Moves) - 1; i >= 0; i-- { // from the end: offsets stay valid
		m := n.Moves[i]
		defaults := "fhsbs"
		if strings.IndexByte("WFDAHGRB", m.Letter) >= 0 {
			defaults = "ffllrr"
		}
		for k := len(m.Legs) - 1; k >= 1; k-- {
			if l := m.Legs[k]; !strings.ContainsAny(l.Letters, "fblrvshzq") {
				out = out[:l.At] + defaults + out[l.At:]
			}
		}
	}
	return out, nil
}

// xbetzaMover is the XBetza notation x, translated, as a mover, with its
// translation.
func xbetzaMover(x string) (equiv.Mover, string, error) {
	prog, err := xbetza.Dialect{}.ToBetza2(x)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %v", x, err)
	}
	return equiv.Program(prog), prog.Source(), nil
}

// TestXBetzaContract: notations sampled from grammar/xbetza.ebnf keep the
// contract of dialect.Dialect (dialect.Check: a translation, or an error
// located in the text or naming a part of it with no equivalent), which
// betzacheck translate relies on; and for the first of them that
// translate, the comparison translate --check makes (both sides read into
// Betza 2.0 and compared on generated positions, props.Distinguish) finds
// no difference, writing to Betza 2.0 and to XBetza.
func TestXBetzaContract(t *testing.T) {
	const (
		sentences = 2000 // sampled and checked against the contract
		checked   = 25   // of those that translate, run through translate --check
		positions = 60   // generated positions of each translate --check
	)
	cfg := xbetzaConfig()
	t.Logf("seed %d (replay with BETZA_SEED=%d)", cfg.Seed, cfg.Seed)
	g, err := grammar.XBetza()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(cfg.Seed), 0))
	counts := map[string]int{}
	for i := 0; i < sentences; i++ {
		s := grammar.Sample(g, grammar.XBetzaStart, r, 8)
		if err := dialect.Check(xbetza.Dialect{}, s); err != nil {
			t.Errorf("the contract of dialect.Dialect fails (seed %d): %v", cfg.Seed, err)
			continue
		}
		_, err := xbetza.Dialect{}.ToBetza2(s)
		var ne *dialect.NoEquivalentError
		switch {
		case errors.As(err, &ne):
			counts["no 2.0 equivalent"]++
			continue
		case err != nil:
			counts["located error"]++
			continue
		}
		counts["translated"]++
		if counts["translate --check"] >= checked {
			continue
		}
		counts["translate --check"]++
		for _, to := range []string{dialect.Betza2, dialect.XBetza} {
			if msg := translateCheck(dialect.XBetza, to, s, positions, cfg.Seed); msg != "" {
				t.Errorf("translate --from %s --to %s --check %q (seed %d): %s", dialect.XBetza, to, s, cfg.Seed, msg)
			}
		}
	}
	t.Logf("%d sentences: %v", sentences, counts)
}

// translateCheck does what betzacheck translate --check does with the
// generated positions (cmd/betzacheck/translate.go): src is translated
// from one dialect to the other, both texts are read into Betza 2.0, and
// positions generated from seed are searched for one where they differ.
// It returns "" when none differs, or what went wrong. A notation with no
// equivalent in the target dialect is not a failure.
func translateCheck(from, to, src string, positions int, seed int64) string {
	out, err := translate.Translate(from, to, src)
	var ne *dialect.NoEquivalentError
	if errors.As(err, &ne) {
		return ""
	} else if err != nil {
		return err.Error()
	}
	var movers [2]equiv.Mover
	for i, side := range [][2]string{{from, src}, {to, out}} {
		prog, err := translate.ToBetza2(side[0], side[1])
		if err != nil {
			return fmt.Sprintf("%s %q: %v", side[0], side[1], err)
		}
		movers[i] = equiv.Program(prog)
	}
	cx, tally, err := props.Distinguish(movers[0], movers[1], positions, seed)
	switch {
	case err != nil:
		return err.Error()
	case cx != nil:
		return cx.Report(from+" "+src, to+" "+out)
	case tally.Decided() == 0:
		return fmt.Sprintf("no position decided (every one of %d hit a search limit)", tally.Tried)
	}
	return ""
}

package classic

import (
	"errors"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/loc"
)

func profile(t testing.TB, name string) Dialect {
	t.Helper()
	d, err := WithProfile(name)
	if err != nil {
		t.Fatal(err)
	}
	return d.(Dialect)
}

// Valid one-liners per profile and their Betza 2.0 translation.
var valid = []struct{ profile, src, want, clause string }{
	{"betza", "W", "W", "§C2.1"},
	{"betza", "NN", "Nrf0", "§C2.2"},
	{"betza", "DD", "D0", "§C2.2"},
	{"betza", "RR", "R", "§C2.2"},
	{"betza", "N3", "Nrf3", "§C2.3"},
	{"betza", "W10", "W10", "§C2.3"},
	{"betza", "pR", "pR-R", "§C4.1"},
	{"betza", "cpR", "pR-cR", "§C4.1"},
	{"betza", "mpR", "pR-mR", "§C4.1"},
	{"betza", "mRcpR", "mRpR-cR", "§C4.1"},
	{"betza", "pB", "pB-B", "§C4.1"},
	{"betza", "pNN", "pNrf0-rfNrf0", "§C4.1"},
	{"betza", "gQ", "pQ-K", "§C4.3"},
	{"betza", "gR", "pR-W", "§C4.3"},
	{"betza", "gNN", "pNrf0-rfN", "§C4.3"},
	{"betza", "nN", "W-F", "§C4.6"},
	{"betza", "nD", "W02", "§C4.6"},
	{"betza", "nA", "F02", "§C4.6"},
	{"betza", "fnN", "fW-F", "§C4.6"},
	{"betza", "fK", "fWfF", "§C5.4"},
	{"betza", "fQ", "fRfB", "§C5.4"},
	{"betza", "fmWfcFifmnD", "fmWfcFifmW02", "§C1.1"},
	{"betza", "fmlN", "flmN", "§C3.1"},
	{"xboard", "N0", "Nrf0", "§C2.3"},
	{"xboard", "R0", "R", "§C2.3"},
	{"xboard", "J", "C", "§C5.2"},
	{"xboard", "L", "Z", "§C5.2"},
	{"xboard", "fK", "fK", "§C5.4"},
	{"xboard", "fsQ", "fsQ", "§C5.4"},
	{"xboard", "hrN", "rfbrlbflN", "§C5.5"},
	{"xboard", "hlN", "lfblrbfrN", "§C5.5"},
	{"xboard", "hrZ", "rfbrlbflZ", "§C5.5"},
	{"xboard", "fhrN", "fhrN", "§C5.5"},
	{"xboard", "hrlN", "rfbrlbflblN", "§C5.5"},
	{"xboard", "hrNN", "rfbrlbflNrf0", "§C5.5"},
	{"xboard", "hK", "K", "§C5.5"},
	{"xboard", "hfK", "K", "§C5.5"},
	{"xboard", "nN", "W-F", "§C5.6"},
	{"xboard", "nC", "W-N", "§C5.6"},
	{"xboard", "nZ", "W-A", "§C5.6"},
	{"xboard", "bnZ", "bW-A", "§C5.6"},
	{"xboard", "cnC", "W-cN", "§C5.6"},
	{"xboard", "nD", "W02", "§C4.6"},
	{"xboard", "nR", "R", "§C4.6"},
	{"xboard", "nDD", "D0", "§C4.6"},
	{"xboard", "jR", "mpW-R", "§C5.7"},
	{"xboard", "jK2", "mpK-K", "§C5.7"},
	{"xboard", "jWW", "mpW-R", "§C5.7"},
	{"xboard", "ijfsQ", "ifsmpK-Q", "§C5.7"},
	{"xboard", "jD", "pW-W", "§C5.7"},
	{"xboard", "cjA", "pF-cF", "§C5.7"},
	{"xboard", "ejR", "mO", "§C5.7"},
	{"xboard", "fmWfceFifmnD", "fmWfcFifmW02", "§C5.8"},
	{"xboard", "mfFcefWimfnA", "fmFfcWifmF02", "§C5.8"},
	{"xboard", "feF", "mO", "§C5.8"},
	{"xboard", "epR", "mO", "§C5.8"},
	{"xboard", "cepR", "pR-cR", "§C5.8"},
	{"fairy-stockfish", "J", "Z", "§C5.2"},
	{"fairy-stockfish", "L", "C", "§C5.2"},
	{"fairy-stockfish", "W10", "W", "§C5.1"},
	{"fairy-stockfish", "R12", "W", "§C5.1"},
	{"fairy-stockfish", "W9", "W9", "§C5.1"},
	{"fairy-stockfish", "N0", "Nrf0", "§C2.3"},
	{"fairy-stockfish", "DD", "mO", "§C5.1"},
	{"fairy-stockfish", "D1", "mO", "§C5.1"},
	{"fairy-stockfish", "pW", "pR-R", "§C4.4"},
	{"fairy-stockfish", "pN", "mO", "§C5.1"},
	{"fairy-stockfish", "nR", "R", "§C4.6"},
	{"fairy-stockfish", "nNN", "Nrf0", "§C4.6"},
	{"fairy-stockfish", "fK", "fWfrflF", "§C5.3"},
	{"fairy-stockfish", "fQ", "fRfrflB", "§C5.3"},
	{"fairy-stockfish", "fsW", "frlW", "§C5.3"},
	{"fairy-stockfish", "fmlN", "rfflbllfmN", "§C5.3"},
	{"fairy-stockfish", "hW", "mO", "§C5.3"},
	{"fairy-stockfish", "WqQ", "WRB", "§C5.1"},
	{"fairy-stockfish", "[R-sR]", "RrlR", "§C5.1"},
	{"fairy-stockfish", "jN", "N", "§C5.1"},
	{"fairy-stockfish", "dW", "W", "§C5.1"},
	{"fairy-stockfish", "", "mO", "§C5.1"},
	{"fairy-stockfish", "Wf", "W", "§C5.1"},
	{"fairy-stockfish", "fWF", "fWF", "§C1.2"},
	{"fairy-stockfish", "nZ", "W-F-F", "§C4.6"},
	{"fairy-stockfish", "nC", "W-W-F", "§C5.6"},
	{"betza", "nZ", "W-F-F", "§C5.6"},
	{"fairy-stockfish", "jR", "R", "§C5.7"},
	{"fairy-stockfish", "eW", "W", "§C5.8"},
	{"fairy-stockfish", "hrN", "rflbbrflN", "§C5.5"},
	{"fairy-stockfish", "hK", "mO", "§C5.5"},
}

func TestToBetza2(t *testing.T) {
	for _, c := range valid {
		got, err := reference.SourceOf(profile(t, c.profile).ToBetza2(c.src))
		if err != nil {
			t.Errorf("%s %s: %q: %v", c.profile, c.clause, c.src, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s %s: %q translates to %q, want %q", c.profile, c.clause, c.src, got, c.want)
		}
		if _, err := reference.Compile(got); err != nil {
			t.Errorf("%q: %q does not compile: %v", c.src, got, err)
		}
	}
}

var invalid = []struct {
	profile, src string
	offset       int
	clause       string
}{
	{"betza", "", 0, "§C1.3"},
	{"betza", "f", 1, "§C1.2"},
	{"betza", "W$", 1, "§C1.3"},
	{"betza", "WqQ", 1, "§C1.3"},
	{"betza", "dW", 0, "§C1.3"},
	{"betza", "[R-sR]", 0, "§C1.3"},
	{"betza", "J", 0, "§C2.1"},
	{"betza", "X", 0, "§C2.1"},
	{"betza", "N0", 1, "§C2.3"},
	{"betza", "3W", 0, "§C2.3"},
	{"betza", "W1001", 1, "§C2.3"},
	{"betza", "hW", 0, "§C3.1"},
	{"betza", "pN", 0, "§C4.4"},
	{"betza", "fgW", 1, "§C4.4"},
	{"betza", "nR", 0, "§C4.6"},
	{"xboard", "O", 0, "§C2.1"},
	{"xboard", "W-F", 1, "§C1.3"},
	{"xboard", "dW", 0, "§C1.3"},
	{"betza", "eW", 0, "§C1.3"},
	{"betza", "jR", 0, "§C1.3"},
	{"betza", "hrN", 0, "§C3.1"},
	{"betza", "hK", 0, "§C3.1"},
	{"xboard", "hW", 0, "§C5.5"},
	{"xboard", "hrW", 0, "§C5.5"},
	{"xboard", "hN", 0, "§C5.5"},
	{"xboard", "hfN", 0, "§C5.5"},
	{"xboard", "Nhrf", 4, "§C1.2"},
	{"betza", "nNN", 0, "§C4.6"},
	{"xboard", "jN", 0, "§C5.7"},
	{"xboard", "jW", 0, "§C5.7"},
	{"xboard", "jK", 0, "§C5.7"},
	{"xboard", "jG", 0, "§C5.7"},
	{"xboard", "jJ", 0, "§C5.7"},
	{"xboard", "fjjR", 2, "§C5.13"},
	{"xboard", "jnD", 0, "§C5.7"},
	{"xboard", "hjpR", 0, "§C5.5"},
}

// TestMessages pins what an error says: the character found, whole
// (issue 13: a non-ASCII byte was printed as 'Ã'), and each hint, checked
// against spec/classic.md.
func TestMessages(t *testing.T) {
	for _, c := range []struct{ profile, src, msg string }{
		{"betza", "Wé", "expected a modifier or an atom, found 'é'"},
		{"betza", "W\xff", "found the byte 0xff, which is not UTF-8"},
		{"betza", "W'", `found "'"`},
		{"betza", "X", "expected an atom, found 'X', which profile betza does not read"},
		{"betza", "3W", "found '3': a range follows an atom"},
		// §C2.2, §C2.3: betza writes the unlimited rider by doubling.
		{"betza", "N0", "expected a range from 1, found 0: profile betza writes the unlimited rider by doubling the letter"},
		// §C4.4: p or g on a leaper.
		{"betza", "pN", "expected a rider after p, found the leaper N"},
		// §C4.6: n on a rider.
		{"betza", "nR", "expected a leaper after n, found a rider"},
	} {
		_, err := profile(t, c.profile).ToBetza2(c.src)
		var e *loc.Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%s: %q: %v, want a message with %q", c.profile, c.src, err, c.msg)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range invalid {
		_, err := profile(t, c.profile).ToBetza2(c.src)
		var e *loc.Error
		switch {
		case err == nil:
			t.Errorf("%s: %q accepted, want an error at %d (%s)", c.profile, c.src, c.offset, c.clause)
		case !errors.As(err, &e):
			t.Errorf("%s: %q: %v is not a *loc.Error", c.profile, c.src, err)
		case e.Offset != c.offset || e.Clause != c.clause:
			t.Errorf("%s: %q: error at %d (%s) %q, want at %d (%s)", c.profile, c.src, e.Offset, e.Clause, e.Msg, c.offset, c.clause)
		}
	}
}

func TestNoEquivalent(t *testing.T) {
	for _, c := range []struct{ profile, src, part string }{
		{"betza", "pR3", "pR3"},
		{"xboard", "jpR", "jpR"},    // §C5.7
		{"xboard", "WcgjB", "cgjB"}, // §C5.7
	} {
		_, err := profile(t, c.profile).ToBetza2(c.src)
		var ne *dialect.NoEquivalentError
		if !errors.As(err, &ne) || ne.Part != c.part {
			t.Errorf("%s: %q: %v, want no equivalent for %q", c.profile, c.src, err, c.part)
		}
	}
}

var from = []struct{ profile, src, want, noEq string }{
	{"betza", "Nrf0", "NN", ""},
	{"betza", "R", "R", ""},
	{"betza", "D0", "DD", ""},
	{"betza", "W3", "W3", ""},
	{"betza", "pR-R", "pR", ""},
	{"betza", "pR-cR", "cpR", ""},
	{"betza", "mRpR-cR", "mRcpR", ""},
	{"betza", "pQ-K", "gQ", ""},
	{"betza", "pNrf0-rfN", "gNN", ""},
	{"betza", "W-F", "nN", ""},
	{"betza", "cW-F", "", "cW-F"},
	{"betza", "W-cF", "cnN", ""},
	{"betza", "W02", "nD", ""},
	{"betza", "fK", "fW", ""},
	{"betza", "fsK", "flfrF", ""},
	{"xboard", "fK", "fK", ""},
	{"fairy-stockfish", "fK", "fW", ""},
	{"fairy-stockfish", "fsW", "flrW", ""},
	{"fairy-stockfish", "W10", "", "W10"},
	{"fairy-stockfish", "D0", "", "D0"},
	{"betza", "N0", "", "N0"},
	{"betza", "R-sR", "", "R-sR"},
	{"betza", "cB-dO", "", "cB-dO"},
	{"betza", "mcB-xaK", "", "mcB-xaK"},
	{"betza", "dW", "", "d"},
	{"betza", "W03F", "nHF", ""},
	{"betza", "W-W-F", "nC", ""},
	{"betza", "W-F-F", "nZ", ""},
	{"xboard", "W-F", "nN", ""},
	{"xboard", "W-N", "nC", ""},
	{"xboard", "W-cA", "cnZ", ""},
	{"xboard", "W-W-F", "", "W-W-F"},
	{"fairy-stockfish", "W-A", "", "W-A"},
}

func TestFromBetza2(t *testing.T) {
	for _, c := range from {
		got, err := profile(t, c.profile).FromBetza2(c.src)
		if c.noEq != "" {
			var ne *dialect.NoEquivalentError
			if !errors.As(err, &ne) || ne.Part != c.noEq {
				t.Errorf("%s: FromBetza2(%q) = %q, %v; want no equivalent for %q", c.profile, c.src, got, err, c.noEq)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: FromBetza2(%q) = %q, %v; want %q", c.profile, c.src, got, err, c.want)
		}
	}
}

// Every profile has one row per topic, with a reason, and a reading its
// settings understand; names are unique; the default exists.
func TestProfileTable(t *testing.T) {
	names := map[string]bool{}
	for i := range Profiles {
		p := &Profiles[i]
		if names[p.Name] {
			t.Errorf("profile %s twice", p.Name)
		}
		names[p.Name] = true
		if _, err := p.settings(); err != nil {
			t.Error(err)
		}
		seen := map[string]bool{}
		for _, r := range p.Rules {
			if seen[r.Topic] {
				t.Errorf("%s: topic %q twice", p.Name, r.Topic)
			}
			seen[r.Topic] = true
			if r.Reason == "" {
				t.Errorf("%s: %q has no reason", p.Name, r.Topic)
			}
		}
	}
	if _, err := Lookup(DefaultProfile); err != nil {
		t.Error(err)
	}
	if New().Profile().Name != DefaultProfile {
		t.Errorf("New uses %s", New().Profile().Name)
	}
	if _, err := WithProfile("no-such"); err == nil {
		t.Error("WithProfile accepts an unknown name")
	}
}

// TestProfileConsistency: a profile whose rows contradict each other is
// refused: the engine's reading of h needs its direction pairs, and a
// letter is skipped only by a profile that skips unknown characters.
func TestProfileConsistency(t *testing.T) {
	edit := func(base, topic, value string) *Profile {
		p, err := Lookup(base)
		if err != nil {
			t.Fatal(err)
		}
		q := &Profile{Name: "edited", Rules: append([]Rule(nil), p.Rules...)}
		for i := range q.Rules {
			if q.Rules[i].Topic == topic {
				q.Rules[i].Value = value
			}
		}
		return q
	}
	for _, c := range []struct {
		p    *Profile
		want string
	}{
		{edit("xboard", TopicChiral, "engine"), `only where "direction letters" is "adjacent"`},
		{edit("xboard", TopicJump, "skip"), "skips j (jump)"},
		{edit("betza", TopicEnPassant, "skip"), "skips e (en passant)"},
		{edit("xboard", TopicEnPassant, "jump"), `"jump" is not a reading of "e (en passant)"`},
	} {
		if _, err := c.p.settings(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want an error with %q", err, c.want)
		}
	}
}

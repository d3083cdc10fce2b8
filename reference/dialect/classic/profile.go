package classic

import (
	"fmt"
	"strings"
)

// Rule is one row of a profile: on Topic, the profile reads Value, for
// Reason. The rows are data; settings() is the one place that turns them
// into the parser's and translator's switches (spec/classic.md §C5).
type Rule struct {
	Topic  string
	Value  string
	Reason string
}

// Profile is one program's reading of classic Betza.
type Profile struct {
	Name  string
	Rules []Rule
}

// The topics of the rules; every profile has a row for each.
const (
	TopicJ           = "letter J"
	TopicL           = "letter L"
	TopicDigits      = "range digits"
	TopicZero        = "range 0"
	TopicDoubled     = "doubled letter"
	TopicRangeOne    = "range 1"
	TopicRepeated    = "a letter written twice"
	TopicNoRides     = "rides with no moves"
	TopicDirections  = "direction letters"
	TopicCompound    = "directions on K and Q"
	TopicUnknown     = "unknown characters"
	TopicHopLeaper   = "p and g on a leaper"
	TopicNoHops      = "hops with no moves"
	TopicLameRider   = "n on a rider"
	TopicLameOblique = "n on N C Z"
	TopicChiral      = "hr, hl and a lone h"
	TopicJump        = "j (jump)"
	TopicEnPassant   = "e (en passant)"
	TopicScope       = "modifier scope"
	TopicInitial     = "i"
	TopicOtherLetter = "d, t and other Betza 2.0 letters"
)

// Topics lists the topics in the order of the table in spec/classic.md.
var Topics = []string{TopicJ, TopicL, TopicDigits, TopicZero, TopicDoubled, TopicRangeOne, TopicNoRides,
	TopicDirections, TopicCompound, TopicChiral, TopicUnknown, TopicHopLeaper, TopicNoHops,
	TopicLameRider, TopicLameOblique, TopicJump, TopicEnPassant, TopicScope, TopicRepeated,
	TopicInitial, TopicOtherLetter}

// DefaultProfile is the profile of the classic Dialect returned by New.
// XBoard's reading is the widest of the strict ones: it has both NN and N0
// and a meaning for J and L (spec/classic.md §C5.2).
const DefaultProfile = "xboard"

const (
	notes = "adapters/ffish/NOTES.md"
	xbp   = "XBoard's Betza.html"
	xbz   = "spec/xbetza.md"
)

// Profiles is the table of spec/classic.md §C5.
var Profiles = []Profile{
	{Name: "betza", Rules: []Rule{
		{TopicJ, "none", "the classic set of this dialect is W F D N A H C Z G K Q R B; programs disagree on what the older letter J was (see xboard and fairy-stockfish), so this profile gives it none"},
		{TopicL, "none", "as for J"},
		{TopicDigits, "all", "a range is a number (Betza: 'W4 is a range-4 rook')"},
		{TopicZero, "none", "Betza wrote the unlimited rider by doubling the letter; 0 for 'no limit' is a later convention (" + xbp + ")"},
		{TopicDoubled, "rider", "NN is Betza's nightrider; a range after it limits the ride (WW3 is W3)"},
		{TopicRangeOne, "rider", "a range is a rider's ('W4 is a range-4 rook'), so W1 is a rider of range 1: n on it is n on a rider"},
		{TopicNoRides, "", "every atom can ride"},
		{TopicDirections, "run", "the direction letters of a run are read as Betza 2.0 reads them (§2.6 of spec/betza2.md), which keeps the classic tables for W, F and N"},
		{TopicCompound, "apart", "K and Q are shortcuts for WF and RB, so a direction applies to both parts: fK is fW and fF"},
		{TopicChiral, "error", "Betza's h makes a half with f, b, l or r (fh, bh, lh, rh); alone it has no reading, as in Betza 2.0 (§2.6 of spec/betza2.md)"},
		{TopicUnknown, "error", "a text outside the classic alphabet is not a classic notation"},
		{TopicHopLeaper, "none", "p and g are defined for lines of squares; the sources give no reading on a single leap"},
		{TopicNoHops, "", "every rider can hop"},
		{TopicLameRider, "none", "n makes a leaper lame; on a rider it has no classic reading"},
		{TopicLameOblique, "path", "the lame path of §B6.2 of spec/bracket.md: straight along the larger component until the rest is diagonal, then diagonally (nN is the Xiangqi horse W-F, nZ W-F-F)"},
		{TopicJump, "error", "Betza's j (must jump) is not in the classic set of this dialect: programs read it differently (see xboard and fairy-stockfish)"},
		{TopicEnPassant, "error", "en passant is not part of Betza's notation"},
		{TopicScope, "next atom", "modifiers bind to the atom after them"},
		{TopicRepeated, "as once", "modifiers add their effects, so a letter written twice adds nothing"},
		{TopicInitial, "not moved", "i is the initial move: only a piece that has not moved"},
		{TopicOtherLetter, "error", "not in the classic alphabet"},
	}},
	{Name: "xboard", Rules: []Rule{
		{TopicJ, "C", xbp + ", table 1: C = camel (3,1), 'older notation J'"},
		{TopicL, "Z", xbp + ", table 1: Z = zebra (3,2), 'older notation L'"},
		{TopicDigits, "all, no leading zero", "a range is a number (assumed: the page writes no limit on digits); a leading zero is an error, as in " + xbz + " §X2.3, since XBoard's own guide gives it the meaning 'exactly' that its parser does not read (§C5.11)"},
		{TopicZero, "no limit", xbp + ": 'By convention a 0 here means without limit'"},
		{TopicDoubled, "rider, no range", xbp + " keeps doubling as the older form of an unlimited range; a range after a doubled letter is an error, as in " + xbz + " §X2.4 (§C5.10)"},
		{TopicRangeOne, "leaper", xbz + " §X2.3: a range counts leaps, so W1 is one leap, the leaper W, for n, p, g and j as well (§C5.12)"},
		{TopicNoRides, "", "every atom can ride"},
		{TopicDirections, "run", "XBoard's author also wrote Betza 2.0; its reading of a run (§2.6 of spec/betza2.md) is assumed"},
		{TopicCompound, "table", "the Betza 2.0 seed, by XBoard's author, reads K and Q in one eight-direction table: fK is fW, fsK is fF (§7.3 of spec/betza2.md)"},
		{TopicChiral, "chiral", xbz + " §X3.4: hr and hl are the right- and left-handed halves of N, C and Z, as XBoard's move generator has them; a lone h on K and Q is every direction"},
		{TopicUnknown, "error", "XBoard reports a notation it cannot read"},
		{TopicHopLeaper, "none", "the sources give no reading of p or g on a single leap"},
		{TopicNoHops, "", "every rider can hop"},
		{TopicLameRider, "ignored", xbz + " §X4.6: n makes a leaper lame and changes nothing on a rider"},
		{TopicLameOblique, "first step", xbz + " §X4.6: only the orthogonal square next to the start, along the leap's larger component, must be empty (nN is the Mao W-F, nC W-N, nZ W-A)"},
		{TopicJump, "jump", xbz + " §X4.7: on R, B, Q and ranged W, F, K the first square is skipped whatever it holds; on D and A the square passed over must be occupied; on other atoms j has no reading"},
		{TopicEnPassant, "no rights", xbz + " §X4.9: e captures en passant, which needs the previous move; a position has none, so e accepts no square"},
		{TopicScope, "next atom", "modifiers bind to the atom after them"},
		{TopicRepeated, "error", xbz + " §X1.4: a letter other than a direction letter written twice is an error; XBoard gives ii an undocumented reading (§C5.13)"},
		{TopicInitial, "not moved", "i is the initial move"},
		{TopicOtherLetter, "error", "d, t, a and the other letters of multi-leg XBetza are read by the dialect xbetza (" + xbz + "), not by classic Betza"},
	}},
	{Name: "fairy-stockfish", Rules: []Rule{
		{TopicJ, "Z", notes + ": J is read as Z (3,2)"},
		{TopicL, "C", notes + ": L is read as C (3,1)"},
		{TopicDigits, "1", notes + ": only one digit is read, W10 and R12 have range 1"},
		{TopicZero, "no limit", notes + ": W0 = R, N0 = NN"},
		{TopicDoubled, "rider", notes + ": WW = R, KK = Q, NN is the nightrider"},
		{TopicRangeOne, "rider", notes + ": D1 gives no moves, as every ride of D does, so a range of 1 makes a rider"},
		{TopicNoRides, "DAHCZG", notes + ": DD AA HH CC ZZ GG, D3 A2 C2 and even D1 give no moves"},
		{TopicDirections, "adjacent", notes + " and the engine's reader: two direction letters pair only when written next to each other, a lone letter names its side (fsW is the soldier)"},
		{TopicCompound, "engine", notes + ": K and Q are read as their W and F parts, each taking the letters alone: fK has three moves, fQ three rays"},
		{TopicChiral, "engine", "the engine pairs h with r or l like any two letters of different axes (§C5.3, engineLines in directions.go): hr and hl select the same four leaps of N as XBoard's; a lone h selects nothing (" + notes + ": hW gives no moves)"},
		{TopicUnknown, "skip", notes + ": every unknown character is skipped silently (WqQ = WQ, W$ = W, [R-sR] = R)"},
		{TopicHopLeaper, "rider", notes + ": p makes any atom a hopping rider, pW = pR"},
		{TopicNoHops, "NDAHCZG", notes + ": pN gives no moves on the crowded board; D A H C Z G cannot ride at all"},
		{TopicLameRider, "ignored", notes + ": nR = R, nNN = NN"},
		{TopicLameOblique, "path", notes + ": nN and nZ are blocked by the orthogonal neighbour, not the diagonal one; the engine gives its Janggi elephant nZ to XBoard as mafsmafW, the path W-F-F"},
		{TopicJump, "skip", notes + ": j is skipped (jN = N)"},
		{TopicEnPassant, "skip", notes + ": e is skipped (eF = F)"},
		{TopicScope, "next atom", notes + ": fWF = fW + F, mWF = mW + F"},
		{TopicRepeated, "as once", "the engine reads a modifier letter as a switch, so writing it twice sets it once (assumed: the notes record no such case)"},
		{TopicInitial, "not moved", notes + ": i moves only from the double-step region, which the adapter makes the square of an unmoved mover"},
		{TopicOtherLetter, "skip", notes + ": d is skipped (dW = W)"},
	}},
}

// settings are the switches a profile's rows set.
type settings struct {
	letters  map[byte]byte // classic letter -> Betza 2.0 atom (R B Q kept)
	oneDigit bool
	// noLeadingZero: a range written with a leading zero is an error (§C5.11).
	noLeadingZero bool
	zeroRider     bool
	// doubledNoRange: a range after a doubled letter is an error (§C5.10).
	doubledNoRange bool
	// rangeOneLeaper: a range of 1 is the leaper for n, p, g and j (§C5.12).
	rangeOneLeaper bool
	// noRepeat: a letter other than a direction letter written twice in
	// one move is an error (§C5.13).
	noRepeat  bool
	noRides   string
	adjacent  bool // fairy-stockfish's pairing of direction letters
	compound  string
	skip      bool
	hopLeaper bool
	noHops    string
	lameRider bool // n on a rider is ignored (else an error)
	// lameFirst: n on N C Z tests only the first, orthogonal square of
	// the leap (§C5.6), else every square of the lame path (§C4.6).
	lameFirst  bool
	chiral     bool // hr, hl and a lone h on K Q are read (§C5.5)
	jump       bool // j is read (§C5.7)
	enPassant  bool // e is read, accepting no square (§C5.8)
	skipOthers bool
}

// Lookup returns the profile with the name.
func Lookup(name string) (*Profile, error) {
	for i := range Profiles {
		if Profiles[i].Name == name {
			return &Profiles[i], nil
		}
	}
	var names []string
	for _, p := range Profiles {
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("classic: no profile %q (profiles: %s)", name, strings.Join(names, ", "))
}

// Value returns the profile's reading of a topic.
func (p *Profile) Value(topic string) (string, bool) {
	for _, r := range p.Rules {
		if r.Topic == topic {
			return r.Value, true
		}
	}
	return "", false
}

func (p *Profile) settings() (settings, error) {
	s := settings{letters: map[byte]byte{}}
	var skipped []string // topics whose letter is skipped as unknown
	for _, c := range []byte("WFDNAHCZGKQRB") {
		s.letters[c] = c
	}
	for _, topic := range Topics {
		v, ok := p.Value(topic)
		if !ok {
			return s, fmt.Errorf("classic: profile %s has no row for %q", p.Name, topic)
		}
		bad := func() error { return fmt.Errorf("classic: profile %s: %q is not a reading of %q", p.Name, v, topic) }
		switch topic {
		case TopicJ, TopicL:
			switch {
			case v == "none":
			case len(v) == 1 && strings.Contains("WFDNAHCZG", v):
				s.letters[topic[len(topic)-1]] = v[0]
			default:
				return s, bad()
			}
		case TopicDigits:
			if v != "1" && v != "all" && v != "all, no leading zero" {
				return s, bad()
			}
			s.oneDigit = v == "1"
			s.noLeadingZero = v == "all, no leading zero"
		case TopicZero:
			if v != "none" && v != "no limit" {
				return s, bad()
			}
			s.zeroRider = v == "no limit"
		case TopicDoubled:
			if v != "rider" && v != "rider, no range" {
				return s, bad()
			}
			s.doubledNoRange = v == "rider, no range"
		case TopicRangeOne:
			if v != "rider" && v != "leaper" {
				return s, bad()
			}
			s.rangeOneLeaper = v == "leaper"
		case TopicRepeated:
			if v != "as once" && v != "error" {
				return s, bad()
			}
			s.noRepeat = v == "error"
		case TopicNoRides:
			s.noRides = v
		case TopicDirections:
			if v != "run" && v != "adjacent" {
				return s, bad()
			}
			s.adjacent = v == "adjacent"
		case TopicCompound:
			if v != "table" && v != "apart" && v != "engine" {
				return s, bad()
			}
			s.compound = v
		case TopicUnknown:
			if v != "error" && v != "skip" {
				return s, bad()
			}
			s.skip = v == "skip"
		case TopicHopLeaper:
			if v != "rider" && v != "none" {
				return s, bad()
			}
			s.hopLeaper = v == "rider"
		case TopicNoHops:
			s.noHops = v
		case TopicLameRider:
			if v != "ignored" && v != "none" {
				return s, bad()
			}
			s.lameRider = v == "ignored"
		case TopicScope:
			if v != "next atom" {
				return s, bad()
			}
		case TopicInitial:
			if v != "not moved" {
				return s, bad()
			}
		case TopicLameOblique:
			if v != "path" && v != "first step" {
				return s, bad()
			}
			s.lameFirst = v == "first step"
		case TopicChiral:
			if v != "error" && v != "chiral" && v != "engine" {
				return s, bad()
			}
			s.chiral = v == "chiral"
			if v == "engine" && !s.adjacent {
				return s, fmt.Errorf("classic: profile %s: %q is %q only where %q is \"adjacent\"", p.Name, topic, v, TopicDirections)
			}
		case TopicJump, TopicEnPassant:
			reading := map[string]string{TopicJump: "jump", TopicEnPassant: "no rights"}[topic]
			if v != "error" && v != "skip" && v != reading {
				return s, bad()
			}
			if topic == TopicJump {
				s.jump = v == reading
			} else {
				s.enPassant = v == reading
			}
			if v == "skip" {
				skipped = append(skipped, topic)
			}
		case TopicOtherLetter:
			if v != "error" && v != "skip" {
				return s, bad()
			}
			s.skipOthers = v == "skip"
		}
	}
	if len(skipped) > 0 && !s.skip {
		return s, fmt.Errorf("classic: profile %s skips %s but not %q", p.Name, strings.Join(skipped, ", "), TopicUnknown)
	}
	if len(p.Rules) != len(Topics) {
		return s, fmt.Errorf("classic: profile %s has %d rows for %d topics", p.Name, len(p.Rules), len(Topics))
	}
	return s, nil
}

package expand

import (
	"strings"

	"github.com/betzacheck/betzacheck/reference/geometry"
)

// LegWords is a leg in words, for a person: what each of its items means,
// with the clause that says so, and where its directions and modality came
// from (written, or the default that expansion applied and its clause).
// explain prints it.
type LegWords struct {
	// Atom is the atom's name and what it does (§1).
	Atom string
	// Directions are the leg's direction names, ["a"] for every direction
	// (§3.9), and DirectionWords each of them in words. Both are empty for
	// the null atom, whose one move has no direction (§1.4).
	Directions, DirectionWords []string
	// Relative: the names are read in the frame of the previous leg
	// (§2.7), as they are on every leg after the first that names some.
	Relative bool
	// DirectionsWhy is where the directions came from; "" for the null
	// atom.
	DirectionsWhy string
	// Modality is the modality letters (ModalityLetters), "" for none, and
	// ModalityWords what the leg's end square must hold for each, "none"
	// for none (§3.1–§3.7, §3.11).
	Modality, ModalityWords string
	ModalityWhy             string // where the modality came from
	// Flags are the leg's flags among i, x and e, in that order.
	Flags []Flag
}

// Flag is a flag letter of a leg in words.
type Flag struct {
	Name  string // "initial", "eruption" or "same length"
	Words string // the letter and what it does, with its clause
}

// Words describes the leg; later is set for a leg after the first of its
// chain, whose named directions are relative to the leg before (§2.7).
func (l *Leg) Words(later bool) LegWords {
	w := LegWords{Atom: l.Atom.Words(), Modality: l.ModalityLetters(), ModalityWords: l.modalityWords(), ModalityWhy: why(l.ModWhy)}
	switch {
	case l.Atom.Class == geometry.Null:
	case l.AllDirections():
		w.Directions, w.DirectionsWhy = []string{"a"}, why(l.DirWhy)
	default:
		w.Directions, w.DirectionsWhy, w.Relative = l.Dirs, why(l.DirWhy), later
	}
	for _, d := range w.Directions {
		w.DirectionWords = append(w.DirectionWords, geometry.DirectionWords(d))
	}
	if l.MoverVirgin {
		w.Flags = append(w.Flags, Flag{"initial", "i, only a mover that has not moved yet (§3.11)"})
	}
	if l.Erupt {
		w.Flags = append(w.Flags, Flag{"eruption", "x, the mover stays where this leg starts; fragments make this leg and the rest (§3.8)"})
	}
	if l.Equal {
		w.Flags = append(w.Flags, Flag{"same length", "e, exactly as many steps as the previous leg (§3.10)"})
	}
	return w
}

// DirectionsText is the directions in one line: the names, then their
// words joined by "or", then the frame they are read in when it is the
// previous leg's: "f fl, forward or forward-left (relative to the
// previous leg, §2.7)".
func (w LegWords) DirectionsText() string {
	text := strings.Join(w.Directions, " ") + ", " + strings.Join(w.DirectionWords, " or ")
	if w.Relative {
		text += " (relative to the previous leg, §2.7)"
	}
	return text
}

// ModalityText is the modality in one line: its letters, then their
// words: "mc, to an empty square or capturing an enemy"; "none" for none.
func (w LegWords) ModalityText() string {
	if w.Modality == "" {
		return w.ModalityWords
	}
	return w.Modality + ", " + w.ModalityWords
}

// why is where an item came from: the default recorded, or "written".
func why(s string) string {
	if s == "" {
		return "written"
	}
	return s
}

// modalityWords says what the leg's end square must hold, one phrase per
// modality letter joined by "or" (§3.1–§3.7; the i of c and d, §3.11), in
// the order of ModalityLetters; "none" for none.
func (l *Leg) modalityWords() string {
	var parts []string
	add := func(bit Modality, text string) {
		if l.Modal.Has(bit) {
			parts = append(parts, text)
		}
	}
	add(M, "to an empty square")
	if l.CVirgin {
		add(C, "capturing an enemy that has not moved")
	} else {
		add(C, "capturing an enemy")
	}
	if l.DVirgin {
		add(D, "destroying a friend that has not moved")
	} else {
		add(D, "destroying a friend")
	}
	add(P, "hopping over any piece")
	add(T, "hopping over a friend")
	add(O, "to a square off the board")
	add(U, "unloading the carried piece onto an empty square")
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " or ")
}

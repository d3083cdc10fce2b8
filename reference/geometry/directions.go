package geometry

// Selects reports whether the step v, in the frame of the leg (forward +Y,
// right +X), is one of the moves that the direction name selects for an
// atom of class c: §2.2 for orthogonal atoms, §2.3 diagonal, §2.4 oblique,
// §2.5 compound; "a" selects every move and the null atom's one move is
// selected by every name. A name that is not in the table for the class
// selects nothing.
func Selects(c Class, name string, v Vec) bool {
	x, y := v.X, v.Y
	ax, ay := Abs(x), Abs(y)
	if name == "a" {
		return true
	}
	switch c {
	case Orthogonal: // §2.2
		switch name {
		case "f", "fh":
			return y > 0
		case "b", "bh":
			return y < 0
		case "l", "lh":
			return x < 0
		case "r", "rh":
			return x > 0
		case "v":
			return x == 0
		case "s":
			return y == 0
		case "fl", "lf":
			return y > 0 || x < 0
		case "fr", "rf":
			return y > 0 || x > 0
		case "bl", "lb":
			return y < 0 || x < 0
		case "br", "rb":
			return y < 0 || x > 0
		case "fs":
			return y >= 0
		case "bs":
			return y <= 0
		case "lv":
			return x <= 0
		case "rv":
			return x >= 0
		}
	case Diagonal: // §2.3
		switch name {
		case "f", "fs", "fh":
			return y > 0
		case "b", "bs", "bh":
			return y < 0
		case "l", "lv", "lh":
			return x < 0
		case "r", "rv", "rh":
			return x > 0
		case "v", "s":
			return true
		case "fl", "lf":
			return y > 0 && x < 0
		case "fr", "rf":
			return y > 0 && x > 0
		case "bl", "lb":
			return y < 0 && x < 0
		case "br", "rb":
			return y < 0 && x > 0
		}
	case Oblique: // §2.4
		narrow, wide := ay > ax, ax > ay
		switch name {
		case "lf":
			return x < 0 && y > 0 && narrow
		case "rf":
			return x > 0 && y > 0 && narrow
		case "fl":
			return x < 0 && y > 0 && wide
		case "fr":
			return x > 0 && y > 0 && wide
		case "bl":
			return x < 0 && y < 0 && wide
		case "br":
			return x > 0 && y < 0 && wide
		case "lb":
			return x < 0 && y < 0 && narrow
		case "rb":
			return x > 0 && y < 0 && narrow
		case "f":
			return y > 0 && narrow
		case "b":
			return y < 0 && narrow
		case "l":
			return x < 0 && wide
		case "r":
			return x > 0 && wide
		case "fs":
			return y > 0 && wide
		case "bs":
			return y < 0 && wide
		case "lv":
			return x < 0 && narrow
		case "rv":
			return x > 0 && narrow
		case "v":
			return narrow
		case "s":
			return wide
		case "fh":
			return y > 0
		case "bh":
			return y < 0
		case "lh":
			return x < 0
		case "rh":
			return x > 0
		}
	case Compound: // §2.5, §7.3
		diag := ax == ay
		switch name {
		case "f":
			return x == 0 && y > 0
		case "b":
			return x == 0 && y < 0
		case "l":
			return y == 0 && x < 0
		case "r":
			return y == 0 && x > 0
		case "v":
			return x == 0
		case "s":
			return y == 0
		case "fl", "lf":
			return diag && x < 0 && y > 0
		case "fr", "rf":
			return diag && x > 0 && y > 0
		case "bl", "lb":
			return diag && x < 0 && y < 0
		case "br", "rb":
			return diag && x > 0 && y < 0
		case "fs":
			return diag && y > 0
		case "bs":
			return diag && y < 0
		case "lv":
			return diag && x < 0
		case "rv":
			return diag && x > 0
		case "fh":
			return y > 0
		case "bh":
			return y < 0
		case "lh":
			return x < 0
		case "rh":
			return x > 0
		}
	case Null:
		return true
	}
	return false
}

// Abs is |a|.
func Abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// Sign is -1, 0 or 1 as a is negative, zero or positive.
func Sign(a int) int {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

// SelectsAny reports whether at least one of the direction names selects
// the step v for an atom of class c (§2.6: a leg may make every move one
// of its names includes).
func SelectsAny(c Class, names []string, v Vec) bool {
	for _, name := range names {
		if Selects(c, name, v) {
			return true
		}
	}
	return false
}

// Selected returns the leaps of a that at least one of the direction names
// selects when the leg's frame is white's (§2.2–§2.6), in the order of
// a.Leaps; with no names it returns none. Split a written direction
// string into its names with syntax.DirectionTokens.
func (a *Atom) Selected(names ...string) []Vec {
	var out []Vec
	for _, v := range a.Leaps {
		if SelectsAny(a.Class, names, v) {
			out = append(out, v)
		}
	}
	return out
}

// Name is the single direction name of the move v in the leg's frame
// (forward +Y, right +X), by the naming rule of §2.7 with φ = v.Y and
// ρ = v.X: on the forward axis f or b, on the side axis r or l, on a
// diagonal of the frame fl fr bl br, otherwise the lean letter followed by
// the letter of the larger component (lf is mostly forward, fl mostly
// left, §2.4). The null move has no name of its own (every name includes
// it, §1.4): Name returns "" for it.
func Name(v Vec) string {
	vertical, side := "b", "l"
	if v.Y > 0 {
		vertical = "f"
	}
	if v.X > 0 {
		side = "r"
	}
	switch {
	case v.X == 0 && v.Y == 0:
		return ""
	case v.X == 0:
		return vertical
	case v.Y == 0:
		return side
	case Abs(v.Y) > Abs(v.X):
		return side + vertical
	}
	return vertical + side // a diagonal, or mostly sideways
}

// directionWords are the direction names of §2.6 in words.
var directionWords = map[string]string{
	"a": "every direction",
	"f": "forward", "b": "backward", "l": "left", "r": "right",
	"v": "vertical", "s": "sideways",
	"fl": "forward-left", "fr": "forward-right", "bl": "backward-left", "br": "backward-right",
	"lf": "left-forward", "rf": "right-forward", "lb": "left-backward", "rb": "right-backward",
	"fs": "forward-sideways", "bs": "backward-sideways", "lv": "left-vertical", "rv": "right-vertical",
	"fh": "forward half", "bh": "backward half", "lh": "left half", "rh": "right half",
}

// DirectionWords is the direction name in words ("fl": "forward-left"),
// or the name itself when it is not one of §2.6.
func DirectionWords(name string) string {
	if w, ok := directionWords[name]; ok {
		return w
	}
	return name
}

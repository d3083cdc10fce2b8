package eval

import "betzacheck/reference/expand"

type vec = expand.Vec

// A frame says how a leg's direction letters map onto the board (§2.1,
// §2.7): rot is the direction of "forward" in steps of 45 degrees clockwise
// from white's forward; mirror exchanges l and r (§6.1).
type frame struct {
	rot    int8
	mirror bool
}

// local expresses an absolute step in the frame's coordinates: forward is
// +Y, right is +X. In a frame rotated by an odd multiple of 45 degrees the
// result is scaled by √2, which no direction test depends on.
func (f frame) local(v vec) vec {
	for i := int8(0); i < f.rot/2; i++ {
		v = vec{X: -v.Y, Y: v.X} // 90 degrees counter-clockwise
	}
	if f.rot%2 == 1 {
		v = vec{X: v.X - v.Y, Y: v.X + v.Y} // 45 degrees counter-clockwise, ×√2
	}
	if f.mirror {
		v.X = -v.X
	}
	return v
}

// direction returns the index 0..7 (clockwise from white's forward) of an
// orthogonal or diagonal step.
func direction(v vec) int8 {
	sx, sy := sign(v.X), sign(v.Y)
	switch {
	case sx == 0 && sy > 0:
		return 0
	case sx > 0 && sy > 0:
		return 1
	case sx > 0 && sy == 0:
		return 2
	case sx > 0 && sy < 0:
		return 3
	case sx == 0 && sy < 0:
		return 4
	case sx < 0 && sy < 0:
		return 5
	case sx < 0 && sy == 0:
		return 6
	}
	return 7
}

// nextRot is §2.7: after an orthogonal or diagonal step forward is that
// step's direction; after an oblique step it is the nearest orthogonal.
func nextRot(v vec, old int8) int8 {
	switch {
	case v.X == 0 && v.Y == 0:
		return old // §2.7 O leaves the frame alone
	case oblique(v):
		if abs(v.Y) > abs(v.X) {
			return direction(vec{Y: v.Y})
		}
		return direction(vec{X: v.X})
	}
	return direction(v)
}

func oblique(v vec) bool { return v.X != 0 && v.Y != 0 && abs(v.X) != abs(v.Y) }

// handedness is §6.1: an oblique displacement that lies left of its nearest
// orthogonal (looking along that orthogonal) makes later frames mirrored.
func handedness(d vec) (mirrored bool) {
	var o vec
	if abs(d.Y) > abs(d.X) {
		o = vec{Y: sign(d.Y)}
	} else {
		o = vec{X: sign(d.X)}
	}
	return o.X*d.Y-o.Y*d.X > 0
}

// axisOf names the line of a first step for §6.1: 1 + its direction
// for an orthogonal or diagonal step, 9 for an oblique one (whose path is
// chiral at once).
func axisOf(v vec) int8 {
	if oblique(v) {
		return 9
	}
	return 1 + direction(v)%4
}

// onAxis reports whether d lies on the line through the start along the
// first step, so that the path so far is its own mirror image (§6.1).
func onAxis(d vec, axis int8) bool {
	switch axis {
	case 1: // up and down
		return d.X == 0
	case 2: // up-right and down-left
		return d.X == d.Y
	case 3: // left and right
		return d.Y == 0
	case 4: // up-left and down-right
		return d.X == -d.Y
	}
	return false
}

// classIn is the atom's class as seen in a frame: a 45-degree frame makes
// orthogonal atoms look diagonal and diagonal ones orthogonal (§2.7).
func classIn(c expand.Class, f frame) expand.Class {
	if f.rot%2 == 1 {
		switch c {
		case expand.Orthogonal:
			return expand.Diagonal
		case expand.Diagonal:
			return expand.Orthogonal
		}
	}
	return c
}

// named reports whether the local step v is one of the moves the
// direction name tok selects for an atom of class c (§2.2–§2.5).
func named(c expand.Class, tok string, v vec) bool {
	x, y := v.X, v.Y
	ax, ay := abs(x), abs(y)
	if tok == "a" {
		return true
	}
	switch c {
	case expand.Orthogonal: // §2.2
		switch tok {
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
	case expand.Diagonal: // §2.3
		switch tok {
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
	case expand.Oblique: // §2.4
		narrow, wide := ay > ax, ax > ay
		switch tok {
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
	case expand.Compound: // §2.5, §7.3
		diag := ax == ay
		switch tok {
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
	case expand.Null:
		return true
	}
	return false
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

func sign(a int) int {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

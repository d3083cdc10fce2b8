package eval

import "betzacheck/reference/geometry"

type vec = geometry.Vec

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
	sx, sy := geometry.Sign(v.X), geometry.Sign(v.Y)
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
		if geometry.Abs(v.Y) > geometry.Abs(v.X) {
			return direction(vec{Y: v.Y})
		}
		return direction(vec{X: v.X})
	}
	return direction(v)
}

func oblique(v vec) bool { return v.X != 0 && v.Y != 0 && geometry.Abs(v.X) != geometry.Abs(v.Y) }

// handedness is §6.1: an oblique displacement that lies left of its nearest
// orthogonal (looking along that orthogonal) makes later frames mirrored.
func handedness(d vec) (mirrored bool) {
	var o vec
	if geometry.Abs(d.Y) > geometry.Abs(d.X) {
		o = vec{Y: geometry.Sign(d.Y)}
	} else {
		o = vec{X: geometry.Sign(d.X)}
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
func classIn(c geometry.Class, f frame) geometry.Class {
	if f.rot%2 == 1 {
		switch c {
		case geometry.Orthogonal:
			return geometry.Diagonal
		case geometry.Diagonal:
			return geometry.Orthogonal
		}
	}
	return c
}

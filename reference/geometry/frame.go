package geometry

// Frame is the frame a leg's direction names are read in (§2.1, §2.7):
// Rot is the direction of forward in steps of 45 degrees clockwise from
// white's forward, and Mirror exchanges l and r (§6.1).
type Frame struct {
	Rot    int8
	Mirror bool
}

// Local expresses an absolute step in the frame's coordinates: forward is
// +Y, right is +X. In a frame rotated by an odd multiple of 45 degrees the
// result is scaled by √2, which no direction name depends on (Selects and
// Name compare signs and magnitudes only).
func (f Frame) Local(v Vec) Vec {
	for i := int8(0); i < f.Rot/2; i++ {
		v = Vec{X: -v.Y, Y: v.X} // 90 degrees counter-clockwise
	}
	if f.Rot%2 == 1 {
		v = Vec{X: v.X - v.Y, Y: v.X + v.Y} // 45 degrees counter-clockwise, ×√2
	}
	if f.Mirror {
		v.X = -v.X
	}
	return v
}

// ClassIn is the atom class c as seen in the frame: a 45-degree frame
// makes orthogonal atoms look diagonal and diagonal ones orthogonal (§2.7).
func (f Frame) ClassIn(c Class) Class {
	if f.Rot%2 == 1 {
		switch c {
		case Orthogonal:
			return Diagonal
		case Diagonal:
			return Orthogonal
		}
	}
	return c
}

// Direction returns the index 0..7 (clockwise from white's forward) of an
// orthogonal or diagonal step.
func Direction(v Vec) int8 {
	return directionBySigns[3*(Sign(v.Y)+1)+Sign(v.X)+1]
}

// directionBySigns is Direction by the signs of a step, 3·(sy+1) + sx+1:
// clockwise from white's forward; the null step reads 7.
var directionBySigns = [9]int8{
	5, 4, 3, // sy < 0: down-left, down, down-right
	6, 7, 2, // sy = 0: left, null, right
	7, 0, 1, // sy > 0: up-left, up, up-right
}

// NextRot is §2.7: after an orthogonal or diagonal step v forward is that
// step's direction; after an oblique step it is the nearest orthogonal;
// after the null step the frame keeps old.
func NextRot(v Vec, old int8) int8 {
	switch {
	case v.X == 0 && v.Y == 0:
		return old
	case IsOblique(v):
		if Abs(v.Y) > Abs(v.X) {
			return Direction(Vec{Y: v.Y})
		}
		return Direction(Vec{X: v.X})
	}
	return Direction(v)
}

// IsOblique reports whether v lies on no file, rank or diagonal.
func IsOblique(v Vec) bool { return v.X != 0 && v.Y != 0 && Abs(v.X) != Abs(v.Y) }

// Hand is the handedness of a path (§6.1).
type Hand int8

// The handedness of a path.
const (
	HandUnset      Hand = iota // the path is still its own mirror image
	HandUnmirrored             // fixed: the frames of later legs are not mirrored
	HandMirrored               // fixed: l and r change places in later legs
)

// Chirality follows a path's handedness (§6.1): while it is unset, the
// displacement from the start and the line of the first step.
type Chirality struct {
	Hand Hand
	Disp Vec  // displacement from the start while Hand is unset
	Axis int8 // 1 + direction of the first step while Hand is unset; 9 oblique
}

// Step is §6.1 after a leg of k steps of v: while the handedness is unset,
// the path is achiral as long as it stays on the line of its first step.
// The leg that takes it off that line (at once if the first step is
// oblique) fixes the handedness, once, from the path's displacement at
// that moment: mirrored when it is oblique and leans to the left of its
// nearest orthogonal, unmirrored otherwise. So lfN-rW is the mirror image
// of rfN-rW, and N-rW is symmetric and reaches each A square by two paths
// (§6.2).
func (c *Chirality) Step(v Vec, k int) {
	if c.Hand != HandUnset || k == 0 {
		return
	}
	c.Disp = c.Disp.Add(v.Scale(k))
	if c.Axis == 0 {
		c.Axis = axisOf(v)
	}
	if onAxis(c.Disp, c.Axis) {
		return
	}
	c.Hand = HandUnmirrored
	if IsOblique(c.Disp) && leansLeft(c.Disp) {
		c.Hand = HandMirrored
	}
	c.Disp, c.Axis = Vec{}, 0
}

// leansLeft reports whether the oblique displacement d lies left of its
// nearest orthogonal, looking along that orthogonal (§6.1).
func leansLeft(d Vec) bool {
	var o Vec
	if Abs(d.Y) > Abs(d.X) {
		o = Vec{Y: Sign(d.Y)}
	} else {
		o = Vec{X: Sign(d.X)}
	}
	return o.X*d.Y-o.Y*d.X > 0
}

// axisOf names the line of a first step for §6.1: 1 + its direction
// for an orthogonal or diagonal step, 9 for an oblique one (whose path is
// chiral at once).
func axisOf(v Vec) int8 {
	if IsOblique(v) {
		return 9
	}
	return 1 + Direction(v)%4
}

// onAxis reports whether d lies on the line through the start along the
// first step, so that the path so far is its own mirror image (§6.1).
func onAxis(d Vec, axis int8) bool {
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

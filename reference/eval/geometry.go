package eval

import "betzacheck/reference/geometry"

type vec = geometry.Vec

package eval

import "github.com/betzacheck/betzacheck/reference/geometry"

type vec = geometry.Vec

//go:build !unix

package speed

import (
	"errors"
	"time"
)

// cpuTime is not available here: the benchmark measures CPU time, and a
// wall clock would not be the same measure.
func cpuTime() (time.Duration, error) {
	return 0, errors.New("the CPU time of the process is not available on this system")
}

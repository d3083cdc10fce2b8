//go:build unix

package speed

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used so far, user and system,
// every thread's (the garbage collector's included).
func cpuTime() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, err
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

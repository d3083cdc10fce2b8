package browser

import (
	"bytes"
	"os"
	"strconv"
)

// processes lists, from /proc, the running processes of a Chromium: those
// of its process group pgid, and those that name its temporary folder dir
// in their command line (crashpad's handler starts a session of its own,
// but its --database is in dir). A zombie has ended and is left out.
// Where there is no /proc the list is empty.
func processes(pgid int, dir string) []int {
	entries, _ := os.ReadDir("/proc")
	var found []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // ended meanwhile
		}
		// pid (comm) state ppid pgrp …, where comm may hold anything.
		fields := bytes.Fields(stat[bytes.LastIndexByte(stat, ')')+1:])
		if len(fields) < 3 || string(fields[0]) == "Z" {
			continue
		}
		if string(fields[2]) == strconv.Itoa(pgid) {
			found = append(found, pid)
			continue
		}
		if cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && bytes.Contains(cmdline, []byte(dir+string(os.PathSeparator))) {
			found = append(found, pid)
		}
	}
	return found
}

//go:build linux

package client

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// On Linux the implementation runs under a supervisor, a second run of
// the program that uses the client (/proc/self/exe) made a child
// subreaper: whatever the implementation starts stays its descendant,
// even a process that calls setsid and whose parent dies, since an
// orphan goes to the nearest subreaper above it instead of to init. When
// the implementation exits, or when the client asks (it closes the
// supervisor's control pipe), or when the client dies (the kernel closes
// that pipe), the supervisor kills every descendant it has, reaps them
// and exits. The implementation gets SIGKILL as its parent-death signal,
// so that it dies with a supervisor that is killed itself (spec/protocol.md
// P6.1).
//
// The supervisor's files: 0, 1 and 2 are the implementation's pipes,
// which it hands on and then lets go of (so that only the implementation
// holds them); 3 is the control pipe, read to its end; 4 is where it
// reports, one line each: "started PID" or "failed REASON" once, then
// "exit ENDED STATUS" when everything is gone (ENDED is 1 when it ended
// the implementation on the client's word, 0 when it exited by itself;
// STATUS is its exit status as os.ProcessState says it).
const (
	// supervisorEnv set to "1" makes the program the supervisor (init).
	// The supervisor takes it out of the implementation's environment.
	supervisorEnv = "BETZACHECK_SUPERVISOR"
	// supervisorName is the supervisor's argv[0], which ps shows.
	supervisorName = "betzacheck-supervisor"
	// sweepEvery is how often the supervisor looks again for descendants
	// to kill while the ones it killed are being reaped.
	sweepEvery = 10 * time.Millisecond
)

// init makes a program started as a supervisor (supervisorEnv) one, before
// it does anything else: every program that runs implementations through
// this package is one (betzacheck, its tests).
func init() {
	if os.Getenv(supervisorEnv) == "1" {
		os.Exit(supervise(os.Args))
	}
}

// guard ends the implementation with everything it started, through its
// supervisor.
type guard struct {
	control *os.File // our end: closing it makes the supervisor end all
	status  *os.File // our end of its reports
	report  *bufio.Reader
	theirs  []*os.File // the supervisor's ends, closed once it runs
	endOnce sync.Once
}

// newGuard makes cmd start the supervisor, which starts what cmd would
// have started. cmd's lookup error, if any, is the error.
func newGuard(cmd *exec.Cmd) (*guard, error) {
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	controlR, controlW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	statusR, statusW, err := os.Pipe()
	if err != nil {
		controlR.Close()
		controlW.Close()
		return nil, err
	}
	env := append(cmd.Environ(), supervisorEnv+"=1")
	cmd.Args = append([]string{supervisorName, cmd.Path}, cmd.Args...)
	cmd.Path, cmd.Env = "/proc/self/exe", env
	cmd.ExtraFiles = []*os.File{controlR, statusW}
	// A group of its own, apart from betzacheck's: a signal to the
	// terminal's group does not reach it, and force can kill the group.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return &guard{control: controlW, status: statusR, report: bufio.NewReader(statusR),
		theirs: []*os.File{controlR, statusW}}, nil
}

// started waits, until deadline, for the supervisor to say whether the
// implementation started; a failure is the error starting it gave.
func (g *guard) started(deadline time.Time) error {
	for _, f := range g.theirs {
		f.Close()
	}
	g.status.SetReadDeadline(deadline)
	line, err := g.report.ReadString('\n')
	g.status.SetReadDeadline(time.Time{})
	word, rest, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
	switch {
	case err != nil:
		return fmt.Errorf("its supervisor did not start it: %v", err)
	case word == "started":
		return nil
	case word == "failed":
		return errors.New(rest)
	}
	return fmt.Errorf("its supervisor said %q", line)
}

// abandon closes the pipes of a supervisor that was not started, or
// that did not start the implementation.
func (g *guard) abandon() {
	for _, f := range append(g.theirs, g.control, g.status) {
		f.Close()
	}
}

// end asks the supervisor to end the implementation, if it is still
// running, and whatever it started.
func (g *guard) end(*exec.Cmd) { g.endOnce.Do(func() { g.control.Close() }) }

// force kills the supervisor's process group, for a supervisor that did
// not end in time: what it had not killed yet dies with it when it is
// the implementation (its parent-death signal) or in its group.
func (*guard) force(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// exited reads how the implementation ended from the supervisor's last
// report, once the supervisor has exited (Wait gave waitErr). Without
// the report (the supervisor itself was killed) it says what Wait said.
func (g *guard) exited(waitErr error) (err error, endedByUs, known bool) {
	defer g.status.Close()
	defer g.end(nil)
	line, _ := g.report.ReadString('\n')
	fields := strings.SplitN(strings.TrimSuffix(line, "\n"), " ", 3)
	if len(fields) != 3 || fields[0] != "exit" {
		if waitErr == nil {
			waitErr = errors.New("its supervisor exited without a report")
		}
		return fmt.Errorf("supervisor: %v", waitErr), false, false
	}
	if fields[2] != "exit status 0" {
		err = errors.New(fields[2])
	}
	return err, fields[1] == "1", true
}

// supervise is the supervisor's program (see the top of this file): args
// are its argv, its name, the implementation's path, then the
// implementation's argv. It returns the supervisor's exit status.
func supervise(args []string) int {
	// The implementation's parent-death signal fires when the thread
	// that started it ends: this one, locked, which ends with the
	// process.
	runtime.LockOSThread()
	control, status := os.NewFile(3, "control"), os.NewFile(4, "status")
	if control == nil || status == nil || len(args) < 3 {
		fmt.Fprintln(os.Stderr, "betzacheck: a supervisor is started by the protocol client, not by hand")
		return 2
	}
	syscall.CloseOnExec(3)
	syscall.CloseOnExec(4)
	os.Unsetenv(supervisorEnv)
	report := func(format string, a ...any) { fmt.Fprintf(status, format+"\n", a...) }
	if err := setChildSubreaper(); err != nil {
		report("failed making its supervisor a child subreaper: %v", err)
		return 1
	}
	// Asked to stop, the supervisor ends everything as when the client
	// asks: it is in a group of its own, so these come only from
	// someone who means it.
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	proc, err := os.StartProcess(args[1], args[2:], &os.ProcAttr{
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
		Sys:   &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		report("failed %v", err)
		return 1
	}
	pid := proc.Pid
	proc.Release()
	report("started %d", pid)
	letGoOfStdio()

	var implStatus syscall.WaitStatus
	implDone, allGone := make(chan struct{}), make(chan struct{})
	go reapAll(pid, &implStatus, implDone, allGone)
	asked := make(chan struct{})
	go func() {
		io.Copy(io.Discard, control)
		close(asked)
	}()
	ended := false
	select {
	case <-implDone:
	case <-asked:
		ended = true
	case <-stop:
		ended = true
	}
	if ended {
		select {
		case <-implDone:
			ended = false // it had exited by itself
		default:
		}
	}
	for gone := false; !gone; {
		killDescendants(os.Getpid())
		t := time.NewTimer(sweepEvery)
		select {
		case <-allGone:
			gone = true
		case <-t.C:
		}
		t.Stop()
	}
	flag := 0
	if ended {
		flag = 1
	}
	report("exit %d %s", flag, describeStatus(implStatus))
	return 0
}

// setChildSubreaper makes the calling process a child subreaper
// (prctl PR_SET_CHILD_SUBREAPER): an orphaned descendant becomes its
// child instead of init's.
func setChildSubreaper() error {
	const prSetChildSubreaper = 36 // linux/prctl.h
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		return errno
	}
	return nil
}

// letGoOfStdio points the supervisor's files 0, 1 and 2 at /dev/null, so
// that the implementation alone holds its pipes: the client sees the end
// of its output when it closes it, and a request written after it died
// fails.
func letGoOfStdio() {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return
	}
	for fd := 0; fd < 3; fd++ {
		syscall.Dup3(int(null.Fd()), fd, 0)
	}
	null.Close()
}

// reapAll reaps every child of the supervisor as it ends: the
// implementation (its status is stored and implDone closed) and every
// orphan that came to the supervisor. It closes allGone when there is no
// child left.
func reapAll(impl int, status *syscall.WaitStatus, implDone, allGone chan struct{}) {
	defer close(allGone)
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		switch {
		case err == syscall.EINTR:
		case err != nil:
			return // ECHILD: no child left
		case pid == impl:
			*status = ws
			close(implDone)
		}
	}
}

// killDescendants kills every descendant of the process self, found
// through the parent of each process in /proc.
func killDescendants(self int) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	children := map[int][]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, ok := parentOf(pid); ok {
			children[ppid] = append(children[ppid], pid)
		}
	}
	for queue := children[self]; len(queue) > 0; queue = queue[1:] {
		syscall.Kill(queue[0], syscall.SIGKILL)
		queue = append(queue, children[queue[0]]...)
	}
}

// parentOf reads the parent of process pid from /proc/PID/stat: the
// field after the state, which follows the command name in parentheses.
func parentOf(pid int) (int, bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, false
	}
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) < 2 {
		return 0, false
	}
	ppid, err := strconv.Atoi(fields[1])
	return ppid, err == nil
}

// describeStatus says how a process ended as os.ProcessState.String does:
// "exit status 3", "signal: killed".
func describeStatus(ws syscall.WaitStatus) string {
	var s string
	switch {
	case ws.Exited():
		s = "exit status " + strconv.Itoa(ws.ExitStatus())
	case ws.Signaled():
		s = "signal: " + ws.Signal().String()
	default:
		s = fmt.Sprintf("wait status %#x", uint32(ws))
	}
	if ws.CoreDump() {
		s += " (core dumped)"
	}
	return s
}

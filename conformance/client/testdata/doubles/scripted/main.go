// Command scripted misbehaves as a script says, for the fuzz target over
// the client. The script (the bytes of the file -script) gives one step
// for each line the client writes, the handshake and bye included; when
// it runs out, the double answers right. Step b%14:
//
//	0  answer right
//	1  answer right, twice
//	2  write a line that is not JSON, then answer right
//	3  write the first half of the answer, no newline, and exit 0
//	4  write the first half of the answer, no newline, and hang
//	5  answer with a wrong id
//	6  exit with status 3 without answering
//	7  hang without answering
//	8  leave a child that holds stdout, and exit 4
//	9  start a helper that outlives everything, then answer right
//	10 write a line with the id of the handshake, then answer right
//	11 write a line of 5000 bytes
//	12 close stdout and hang
//	13 answer right, and stop reading the input
//
// A bye is not answered whatever the step; step 0 or none exits 0, step 7
// ignores it and hangs, others act as above without the answer.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"betzacheck/conformance/client/testdata/doubles/internal/double"
	"betzacheck/conformance/server"
	"betzacheck/conformance/wire"
	"betzacheck/reference/dialect"
)

var (
	script = flag.String("script", "", "the file of the script")
	child  = flag.Bool("child", false, "be a child left behind: sleep forever")
)

func main() {
	flag.Parse()
	if *child {
		double.Hang()
	}
	steps, err := os.ReadFile(*script)
	if err != nil {
		fmt.Fprintln(os.Stderr, "scripted:", err)
		os.Exit(2)
	}
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	write := func(s string) {
		out.WriteString(s)
		out.Flush()
	}
	for n := 0; ; n++ {
		line, err := in.ReadBytes('\n')
		if err != nil {
			os.Exit(0)
		}
		var req wire.MovesRequest
		if err := json.Unmarshal(line, &req); err != nil {
			fmt.Fprintf(os.Stderr, "scripted: bad request: %v\n", err)
			os.Exit(2)
		}
		var right []byte
		switch req.Op {
		case wire.OpHello:
			right, _ = json.Marshal(wire.HelloReply{ID: req.ID, Name: "scripted", Version: "test", Protocol: wire.Version,
				Dialects: []string{dialect.Betza2}, Level: wire.LevelPaths})
		case wire.OpMoves:
			right, _ = json.Marshal(server.Answer(req))
		}
		step := -1
		if n < len(steps) {
			step = int(steps[n]) % 14
		}
		if req.Op == wire.OpBye {
			switch step {
			case -1, 0:
				os.Exit(0)
			case 7:
				double.Hang()
			}
			right = nil
		}
		answer := func() {
			if right != nil {
				write(string(right) + "\n")
			}
		}
		switch step {
		case -1, 0:
			answer()
		case 1:
			answer()
			answer()
		case 2:
			write("this is not JSON\n")
			answer()
		case 3, 4:
			write(string(right[:len(right)/2]))
			if step == 3 {
				os.Exit(0)
			}
			double.Hang()
		case 5:
			if right != nil {
				write(strings.Replace(string(right), fmt.Sprintf(`"id":%d`, req.ID), fmt.Sprintf(`"id":%d`, req.ID+7), 1) + "\n")
			}
		case 6:
			os.Exit(3)
		case 7:
			double.Hang()
		case 8, 9:
			cmd := exec.Command(os.Args[0], "-child")
			if step == 8 {
				cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
			}
			if err := cmd.Start(); err != nil {
				os.Exit(5)
			}
			if step == 8 {
				os.Exit(4)
			}
			answer()
		case 10:
			write(`{"id":0,"note":"nobody asked"}` + "\n")
			answer()
		case 11:
			write(`{"id":1,"pad":"` + strings.Repeat("x", 5000) + "\"}\n")
		case 12:
			os.Stdout.Close()
			double.Hang()
		case 13:
			answer()
			double.Hang()
		}
	}
}

package wire_test

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/wire"
)

func TestReadLine(t *testing.T) {
	const max = 4
	tests := []struct {
		in    string
		skip  bool
		lines []string // then the error
		err   error
	}{
		{"abcd\nab\r\n\n", false, []string{"abcd", "ab", ""}, io.EOF},
		{"abcd\r\nxy", false, []string{"abcd", "xy"}, wire.ErrPartial},
		{"abcde\n", false, nil, wire.ErrTooLong},
		{"abcde\nxy\n", true, []string{"xy"}, io.EOF},
		{"abcdefghijkl", true, nil, io.EOF},
		{"", false, nil, io.EOF},
	}
	for _, tt := range tests {
		br := bufio.NewReaderSize(strings.NewReader(tt.in), 16)
		var lines []string
		var err error
		for {
			var line []byte
			line, err = wire.ReadLine(br, max, tt.skip)
			if err != nil && !(tt.skip && errors.Is(err, wire.ErrTooLong)) {
				if errors.Is(err, wire.ErrPartial) {
					lines = append(lines, string(line))
				}
				break
			}
			if err == nil {
				lines = append(lines, string(line))
			}
		}
		if strings.Join(lines, "|") != strings.Join(tt.lines, "|") || !errors.Is(err, tt.err) {
			t.Errorf("%q: %q then %v, want %q then %v", tt.in, lines, err, tt.lines, tt.err)
		}
	}
}

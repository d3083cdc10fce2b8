package wire

import (
	"bufio"
	"errors"
	"io"
)

// ErrTooLong reports a line longer than the reader's bound.
var ErrTooLong = errors.New("line too long")

// ErrPartial reports bytes at the end of the input with no newline after
// them.
var ErrPartial = errors.New("partial line at end of input")

// ReadLine reads one line of a message stream (spec/protocol.md P1.2: one
// JSON object a line) of at most max bytes (the newline and a '\r' before
// it not counted) and returns it without its end. A longer line gives
// ErrTooLong, with the rest of the line skipped if skip is set and left
// unread otherwise; bytes then end of input give ErrPartial with those
// bytes; end of input at a line start gives io.EOF.
func ReadLine(br *bufio.Reader, max int, skip bool) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		line = append(line, frag...)
		n := len(line)
		if err == nil {
			n-- // the newline
		}
		if n > max+1 || n == max+1 && line[max] != '\r' {
			if skip && err != nil {
				if err := skipLine(br); err != nil && !errors.Is(err, io.EOF) {
					return nil, err
				}
			}
			return nil, ErrTooLong
		}
		switch {
		case err == nil:
			line = line[:len(line)-1]
			if len(line) > 0 && line[len(line)-1] == '\r' {
				line = line[:len(line)-1]
			}
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(line) == 0 {
				return nil, io.EOF
			}
			return line, ErrPartial
		}
		return line, err
	}
}

// skipLine discards input up to and including the next newline.
func skipLine(br *bufio.Reader) error {
	for {
		_, err := br.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

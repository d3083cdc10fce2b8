package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/corpus"
	"github.com/betzacheck/betzacheck/grammar"
	"github.com/betzacheck/betzacheck/spec"
)

// exportable is a set of texts built into betzacheck that export writes
// out: its name, what it is, and its files.
type exportable struct {
	name, what string
	files      func() fs.FS
}

// exports are what export writes out.
var exports = []exportable{
	{"corpus", "the golden corpus (valid/ and invalid/), to read, extend and run with conform DIR", corpus.Files},
	{"spec", "the specification texts (Markdown)", spec.Files},
	{"grammar", "the EBNF grammars, one per dialect", grammar.Files},
}

func runExport(c *command, e *env, args []string) int {
	fs := c.flagSet(e)
	ops, code, ok := c.parseArgs(e, fs, args, 2)
	if !ok {
		return code
	}
	i := slices.IndexFunc(exports, func(x exportable) bool { return x.name == ops[0] })
	if i < 0 {
		var names []string
		for _, x := range exports {
			names = append(names, fmt.Sprintf("%s (%s)", x.name, x.what))
		}
		fmt.Fprintf(e.stderr, "betzacheck export: expected one of %s; found %q\n", strings.Join(names, ", "), ops[0])
		return exitUsage
	}
	n, err := export(exports[i].files(), ops[1])
	if err != nil {
		fmt.Fprintf(e.stderr, "betzacheck export: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(e.stdout, "wrote %d files of the built-in %s to %s\n", n, ops[0], ops[1])
	return exitOK
}

// export writes the files of fsys under dir, which may exist; it writes
// nothing when any of the files exists already (nothing is overwritten),
// and returns how many it wrote.
func export(fsys fs.FS, dir string) (int, error) {
	var names []string
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(path))
		if _, err := os.Lstat(target); err == nil {
			return fmt.Errorf("%s exists: nothing written (export writes into a new or empty directory)", target)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		names = append(names, path)
		return nil
	})
	if err != nil {
		return 0, err
	}
	if err := os.CopyFS(dir, fsys); err != nil {
		return 0, err
	}
	return len(names), nil
}

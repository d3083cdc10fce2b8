package main

import (
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/speed"
)

func TestSelectPieces(t *testing.T) {
	all := speed.Pieces()
	got, err := selectPieces(all, "")
	if err != nil || len(got) != len(all) {
		t.Fatalf(`"" kept %d of %d rows (%v), want all`, len(got), len(all), err)
	}
	// The benchmark's order, whatever the order asked.
	got, err = selectPieces(all, "Mao, cannon,R")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range got {
		names = append(names, p.Name)
	}
	if strings.Join(names, ",") != "R,cannon,Mao" {
		t.Errorf("kept %v, want R, cannon, Mao in that order", names)
	}
	_, err = selectPieces(all, "R,rook")
	if err == nil || !strings.Contains(err.Error(), "no row named rook") || !strings.Contains(err.Error(), "grasshopper") {
		t.Errorf("an unknown row: error %v, want one that names it and lists the rows", err)
	}
}

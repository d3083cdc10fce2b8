package props_test

// plantedBug is a realistic misreading of the spec, planted in a copy of
// reference/ for the mutation check (mutation_test.go) to prove that the
// properties and the corpus catch it. reference/ itself never sees it.
type plantedBug struct {
	name    string  // the value of BETZA_MUTANT that switches it on
	bug     string  // what it gets wrong, with the clause it breaks
	patches []patch // where it is planted
	// firstTry is a hint, never a verdict: the cheapest test that killed
	// the bug before, which the mutation check runs first; if it passes,
	// every test runs (a stale hint costs time, never a kill).
	firstTry testName
}

// patch replaces the one occurrence of old in file (a path from the module
// root) by new, which calls mutant(name): the bug is there only when
// BETZA_MUTANT names it, so one build of the patched copy serves every bug.
// old must occur exactly once in file (TestPlantedBugsApply), so that a
// change of the code it patches fails loudly instead of losing the bug.
type patch struct{ file, old, new string }

// plantedBugs is the one list of planted bugs.
var plantedBugs = []plantedBug{
	{"no-m-default", "§4.2 the implied m on left legs is mc instead", []patch{{
		"reference/expand/expand.go",
		`c.lastModal, c.cVirgin, c.dVirgin, c.modSrc = M, false, false, nil`,
		`c.lastModal, c.cVirgin, c.dVirgin, c.modSrc = M, false, false, nil; if mutant("no-m-default") { c.lastModal = M | C }`,
	}}, corpusFile("valid/chaining/xiangqi-horse.txtar")},
	{"no-f-default", "§4.3 right legs go every way instead of f", []patch{{
		"reference/expand/expand.go",
		`c.firstDirs = e.forward`,
		`c.firstDirs = e.forward; if mutant("no-f-default") { c.firstDirs = nil }`,
	}}, corpusFile("valid/chaining/grasshopper.txtar")},
	{"distributed-modality-dropped", "§7.1 a modality before a group or exponent is lost", []patch{{
		"reference/expand/expand.go",
		`if s.HasModality() {`,
		`if s.HasModality() && !(mutant("distributed-modality-dropped") && why != "written") {`,
	}}, corpusFile("valid/distributivity/vc-W-F-R.txtar")},
	{"ignore-leading-zero", "§5.2 X0n read as Xn", []patch{{
		"reference/expand/expand.go",
		`x := l.Exp`,
		`x := l.Exp; if mutant("ignore-leading-zero") && x.Kind == syntax.Exact { y := *x; y.Kind = syntax.UpTo; x = &y }`,
	}}, corpusFile("valid/exponent/W03.txtar")},
	{"ignore-exponent-modifiers", "§5.4 Nfr8 read as N8", []patch{{
		"reference/expand/expand.go",
		`if x.Mods.Set.Dirs != "" {`,
		`if x.Mods.Set.Dirs != "" && !mutant("ignore-exponent-modifiers") {`,
	}}, corpusFile("valid/exponent/Nfr8.txtar")},
	{"black-forward-up", "§2.1 black's forward is up the board", []patch{{
		"reference/eval/eval.go",
		`if mover.Color == board.Black {`,
		`if mover.Color == board.Black && !mutant("black-forward-up") {`,
	}}, corpusFile("valid/directions/fW.txtar")},
	{"no-chirality-flip", "§6.1 frames are never mirrored", []patch{{
		"reference/geometry/frame.go",
		`if IsOblique(c.Disp) && leansLeft(c.Disp) {`,
		`if IsOblique(c.Disp) && leansLeft(c.Disp) && !mutant("no-chirality-flip") {`,
	}}, corpusFile("valid/chirality/N-rW.txtar")},
	{"e-one-more", "§3.10 e makes one step more than the previous leg", []patch{{
		"reference/eval/eval.go",
		`return int(st.steps), int(st.steps)`,
		`if mutant("e-one-more") { return int(st.steps) + 1, int(st.steps) + 1 }; return int(st.steps), int(st.steps)`,
	}}, corpusFile("valid/capture/rifle.txtar")},
	{"rider-passes-pieces", "§1.2 riders pass occupied squares", []patch{{
		"reference/eval/eval.go",
		`if off || !p.Empty() {`,
		`if off || (!p.Empty() && !mutant("rider-passes-pieces")) {`,
	}}, corpusFile("valid/bracket/hop-whole-move.txtar")},
	{"p-accepts-empty", "§3.4 p also accepts an empty square", []patch{{
		"reference/eval/eval.go",
		`return m.Has(expand.M) }`,
		`return m.Has(expand.M) || m.Has(expand.P) && mutant("p-accepts-empty") }`,
	}}, corpusFile("valid/chaining/chinese-cannon.txtar")},
	{"ignore-victim-virgin", "§3.11 di destroys pieces that have moved", []patch{{
		"reference/eval/eval.go",
		`(!leg.CVirgin || p.Virgin)`,
		`(!leg.CVirgin || p.Virgin || mutant("ignore-victim-virgin"))`,
	}, {
		"reference/eval/eval.go",
		`(!leg.DVirgin || p.Virgin)`,
		`(!leg.DVirgin || p.Virgin || mutant("ignore-victim-virgin"))`,
	}}, corpusFile("valid/catapult/castling.txtar")},
	{"x-ignored", "§3.8 x makes the mover go along instead of erupting", []patch{{
		"reference/eval/eval.go",
		`if leg.Erupt && !st.erupted() {`,
		`if leg.Erupt && !st.erupted() && !mutant("x-ignored") {`,
	}}, corpusFile("valid/eruption/eruption-per-move.txtar")},
	{"a-excludes-back", "§3.9 a on a later leg excludes straight back", []patch{{
		"reference/eval/eval.go",
		`if !leg.AllDirections() && !geometry.SelectsAny(class, leg.Dirs, fr.Local(v)) {`,
		`if !leg.AllDirections() && !geometry.SelectsAny(class, leg.Dirs, fr.Local(v)) || mutant("a-excludes-back") && leg.AllDirections() && !slices.Contains(s.prog.Starts, int(node)) && fr.Local(v).Y < 0 && fr.Local(v).X == 0 {`,
	}}, corpusFile("valid/chaining/chu-lion.txtar")},
	// One per dialect (issue 7): the translations are checked too.
	{"bracket-optional-mandatory", "§B3.2 [F?R] read as [F-R]: the continuation is not optional", []patch{{
		"reference/dialect/bracket/bracket.go",
		`m.Path.Seps[i] == '?')`,
		`m.Path.Seps[i] == '?' && !mutant("bracket-optional-mandatory"))`,
	}}, corpusFile("valid/bracket/griffon.txtar")},
	{"rider-zigzags", "§C2.2 NN translated to N0, which zigzags (findings F7)", []patch{{
		"reference/dialect/bracket/model.go",
		`if oblique(atom) {`,
		`if oblique(atom) && !mutant("rider-zigzags") {`,
	}}, corpusFile("valid/classic/nightrider.txtar")},
	{"xboard-e-captures", "§C5.8 e under the xboard profile captures like c, as if a placement held en-passant rights", []patch{{
		"reference/dialect/classic/classic.go",
		`if enPassant && leg.Modes == "" {`,
		`if mutant("xboard-e-captures") && enPassant && !strings.Contains(leg.Modes, "c") { leg.Modes += "c" }; if enPassant && leg.Modes == "" {`,
	}}, testName{"conformance/props", "TestClassicPairs/xboard:_fmWfeF_is_fmW,_e_accepts_no_square"}},
	{"spanish-o-captures", "§S3.1 o (move only) also captures", []patch{{
		"reference/dialect/spanish/translate.go",
		`case f.o && f.c:`,
		`case f.o && (f.c || mutant("spanish-o-captures")):`,
	}}, corpusFile("valid/spanish/peon.txtar")},
	{"spanish-teleport-captures", "§S2.3 a teleporter that ends the movement also captures, as a part without o or c would", []patch{{
		"reference/dialect/spanish/translate.go",
		`case last && (f.i || teleport): // §S3.3, §S2.3`,
		`case last && (f.i || teleport && !mutant("spanish-teleport-captures")): // §S3.3, §S2.3`,
	}}, testName{"conformance/props", "TestSpanishDirect"}},
	{"spanish-direct-sideways", "§S6.2 the direct evaluator reads outward after U as anything but backward, so it also turns sideways", []patch{{
		"reference/dialect/spanish/evaluate.go",
		`if s.after && u.step.Dot(w.fwd) <= 0 {`,
		`if s.after && (u.step.Dot(w.fwd) < 0 || u.step.Dot(w.fwd) == 0 && !mutant("spanish-direct-sideways")) {`,
	}}, testName{"conformance/props", "TestSpanishDirect"}},
	{"xbetza-no-interconversion", "§X5.4 a later leg never leaps diagonally: a leap that is diagonal after the turn (W D H turned 45 degrees, or F A G straight on) becomes the orthogonal one 45 degrees anticlockwise of it", []patch{{
		"reference/dialect/xbetza/paths.go",
		`return units[k].Scale(f.length)`,
		`if mutant("xbetza-no-interconversion") && k%2 == 1 { return units[k-1].Scale(f.length) }; return units[k].Scale(f.length)`,
	}}, corpusFile("valid/xbetza/mao.txtar")},
	{"xbetza-four-fold-default", "§X5.3 a later leg with no direction letters on W F D A H G R B also turns by 45 degrees", []patch{{
		"reference/dialect/xbetza/directions.go",
		`return []int{0, 2, 6} // §X5.3: straight on or a quarter turn`,
		`if mutant("xbetza-four-fold-default") { return []int{0, 1, 2, 6, 7} }; return []int{0, 2, 6} // §X5.3: straight on or a quarter turn`,
	}}, corpusFile("valid/xbetza/later-leg-default-directions.txtar")},
	{"fast-rider-passes-pieces", "§1.2 the fast path's rider rides on past the first piece it meets (reference/eval/fast.go)", []patch{{
		"reference/eval/fast.go",
		`break // §1.2 a ride ends on the first piece it meets`,
		`if !mutant("fast-rider-passes-pieces") { break }`,
	}}, testName{"conformance/props", "TestFastPath"}},
	{"fast-line-ignores-turns", "§2.6 the fast path drops the leaps of a later leg that leave the line instead of leaving the program to the general search: Nfr8 makes only its first leap and W-F nothing (reference/eval/fast.go)", []patch{{
		"reference/eval/fast.go",
		`turns = true`,
		`turns = !mutant("fast-line-ignores-turns")`,
	}}, testName{"conformance/props", "TestFastPath"}},
	{"nested-moves-joined", "§3.8 the moves after a nested eruption are one union, not one move per chain (the reading before issue 28)", []patch{{
		"reference/eval/fragments.go",
		`ws := n.vectors[e.combined[i]:len(n.vectors)]`,
		`ws := n.vectors[e.combined[i]:len(n.vectors)]; if mutant("nested-moves-joined") && len(n.vectors) > 0 { ws = s.joined(mv.nested, n.vectors); e.combined[i] = 0 }`,
	}, {
		"reference/eval/fragments.go",
		`// vectorHash hashes the effects of a vector.`,
		`func (s *search) joined(id int32, ws [][]fragEffect) [][]fragEffect {
	if !mutant("nested-moves-joined") {
		return ws
	}
	members := s.erupts[id].members
	v := make([]fragEffect, len(members))
	for i, m := range members {
		u := union{pos: s.pos, base: s.texts.bytes(s.keys[m].delta)}
		for _, w := range ws {
			u.add(s.texts.bytes(w[i].effect), string(s.texts.bytes(w[i].moved)))
		}
		v[i] = fragEffect{s.intern(u.effect), s.intern([]byte(u.movedText()))}
	}
	return [][]fragEffect{v}
}

// vectorHash hashes the effects of a vector.`,
	}}, corpusFile("valid/eruption/shared-nested-eruption.txtar")},
	{"xbetza-no-mirror", "§X6.2 every leg is named in the unmirrored frame, though Betza 2.0 mirrors a path that turned chiral leaning left", []patch{{
		"reference/dialect/xbetza/render.go",
		`fr.Mirror = h.mirrored()`,
		`fr.Mirror = h.mirrored() && !mutant("xbetza-no-mirror")`,
	}}, corpusFile("valid/xbetza/knight-turning-clockwise.txtar")},
}

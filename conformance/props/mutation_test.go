package props_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// mutants are the bugs planted in reference/ behind the betzamutant build
// tag (see mutant_on.go there), each a realistic misreading of the spec.
var mutants = []struct{ name, bug string }{
	{"no-m-default", "§4.2 the implied m on left legs is mc instead"},
	{"no-f-default", "§4.3 right legs go every way instead of f"},
	{"distributed-modality-dropped", "§7.1 a modality before a group or exponent is lost"},
	{"ignore-leading-zero", "§5.2 X0n read as Xn"},
	{"ignore-exponent-modifiers", "§5.4 Nfr8 read as N8"},
	{"black-forward-up", "§2.1 black's forward is up the board"},
	{"no-chirality-flip", "§6.1 frames are never mirrored"},
	{"e-one-more", "§3.10 e makes one step more than the previous leg"},
	{"rider-passes-pieces", "§1.2 riders pass occupied squares"},
	{"p-accepts-empty", "§3.4 p also accepts an empty square"},
	{"ignore-victim-virgin", "§3.11 di destroys pieces that have moved"},
	{"x-ignored", "§3.8 x makes the mover go along instead of erupting"},
	{"a-excludes-back", "§3.9 a on a later leg excludes straight back"},
	// One per dialect (issue 7): the translations are checked too.
	{"bracket-optional-mandatory", "§B3.2 [F?R] read as [F-R]: the continuation is not optional"},
	{"rider-zigzags", "§C2.2 NN translated to N0, which zigzags (findings F7)"},
	{"spanish-o-captures", "§S3.1 o (move only) also captures"},
}

// TestMutationKillRate proves the harness can fail: with each planted bug
// switched on, the properties and the corpus must fail. It runs go test in
// a subprocess per mutant, so it is switched on by BETZA_MUTATION=1
// (.ci/run does).
func TestMutationKillRate(t *testing.T) {
	if os.Getenv("BETZA_MUTATION") == "" {
		t.Skip("set BETZA_MUTATION=1 to run the mutation check (it runs go test once per planted bug)")
	}
	pkgs := []string{"betzacheck/conformance/props", "betzacheck/conformance/corpus"}
	run := func(mutant string) (bool, string) {
		args := append([]string{"test", "-tags", "betzamutant", "-count=1", "-run", "TestPairs|TestLaws|TestCorpus|TestBracket|TestClassic|TestSpanish"}, pkgs...)
		cmd := exec.Command("go", args...)
		cmd.Env = append(os.Environ(), "BETZA_MUTANT="+mutant, "BETZA_SEED=1", "BETZA_MUTATION=")
		out, err := cmd.CombinedOutput()
		return err == nil, string(out)
	}
	if ok, out := run(""); !ok {
		t.Fatalf("the suite fails with no planted bug:\n%s", out)
	}
	killed := 0
	for _, m := range mutants {
		survived, out := run(m.name)
		if survived {
			t.Errorf("planted bug %s survived: %s", m.name, m.bug)
			continue
		}
		killed++
		t.Logf("killed %-28s %s (%s)", m.name, m.bug, firstFailure(out))
	}
	t.Logf("kill rate %d/%d", killed, len(mutants))
}

func firstFailure(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "--- FAIL:") {
			return strings.TrimSpace(line)
		}
	}
	return "failed"
}

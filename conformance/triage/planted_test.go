package triage_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/triage"
)

// adapterBugs are the reading mistakes the template adapters plant with
// --bugs (their READMEs say what each does), each with the hypothesis
// that must name it.
var adapterBugs = []struct {
	argv []string // the adapter's command, from the module root
	bugs []string // its bugs, each named by the hypothesis of that name
}{
	{[]string{"python3", "adapters/template-python/adapter.py"}, []string{"j-as-ad", "range-jumps", "leap-blocked", "nrider-passes", "fixed-order"}},
	{[]string{"node", "adapters/template-node/adapter.js"}, []string{"mc-last", "oblique-quadrant", "doubled-two", "digit-dropped"}},
}

// plantedCases and plantedSeed: enough generated cases that every bug
// shows (oblique-quadrant, the rarest, fails 4 times in 2,000 of seed 1).
const (
	plantedCases = 2500
	plantedSeed  = 1
)

// TestPlantedForeignBugs: a foreign program with one reading mistake
// planted gets exactly one class, whose cause is that mistake; with all
// its mistakes planted at once, one class per mistake, each named by it,
// and no other class (issue 26).
func TestPlantedForeignBugs(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the template adapters for 2,500 cases each")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range adapterBugs {
		if _, err := exec.LookPath(a.argv[0]); err != nil {
			t.Fatalf("%s: %v (CI installs it: .ci/run)", a.argv[0], err)
		}
		for _, bug := range append(slices.Clone(a.bugs), "all") {
			t.Run(filepath.Base(filepath.Dir(a.argv[1]))+"/"+bug, func(t *testing.T) {
				t.Parallel()
				argv := append(slices.Clone(a.argv), "--bugs", bug)
				argv[1] = filepath.Join(root, argv[1])
				rep := judge(t, argv)
				want := []string{bug}
				if bug == "all" {
					want = a.bugs
				}
				var got []string
				for _, c := range triage.Classes(rep) {
					got = append(got, c.Key)
					t.Logf("%4d %s: %s", c.Count(), c.Key, conform.CaseText(conform.MinimalOf(c.Smallest).Case))
					for _, m := range c.Members[:min(3, len(c.Members))] {
						t.Logf("      %s  got %v", conform.CaseText(m.Case), m.Got.Reply.Outcomes)
					}
				}
				slices.Sort(got)
				want = slices.Sorted(slices.Values(want))
				if !slices.Equal(got, want) {
					t.Errorf("classes %q, want one per planted bug %q", got, want)
				}
			})
		}
	}
}

// judge runs the adapter argv on the generated cases, two processes side
// by side, and diagnoses its failures.
func judge(t *testing.T, argv []string) *conform.Report {
	t.Helper()
	ctx := context.Background()
	var members []conform.Impl
	for range 2 {
		cl, err := client.Start(ctx, argv, client.Options{})
		if err != nil {
			t.Fatalf("%s: %v", strings.Join(argv, " "), err)
		}
		members = append(members, cl)
	}
	pool := conform.NewPool(members...)
	defer pool.Close()
	cases, err := conform.Generate(pool.Hello(), plantedCases, plantedSeed)
	if err != nil {
		t.Fatal(err)
	}
	cases = conform.AdaptSeq(cases, pool.Hello())
	rep := conform.Stream(ctx, pool, cases, conform.Options{Jobs: pool.Size()})
	triage.Diagnose(ctx, pool, rep, triage.Options{ShrinkOptions: triage.ShrinkOptions{Budget: triage.DefaultShrinkBudget}, Jobs: pool.Size()})
	if n := rep.Totals()["fail"]; n == 0 {
		t.Fatalf("no failure in %d cases", rep.Cases)
	}
	if k := rep.Totals(); k["error"]+k["crash"]+k["timeout"] > 0 {
		t.Errorf("verdicts %v", k)
	}
	t.Log(fmt.Sprint(rep.Summary()))
	return rep
}

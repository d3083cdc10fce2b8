package conform_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/wire"
)

// recorder is the reference in process, keeping the requests it is asked.
type recorder struct {
	conform.Reference
	asked []wire.MovesRequest
}

func (r *recorder) Do(req wire.MovesRequest) client.Result {
	r.asked = append(r.asked, req)
	return r.Reference.Do(req)
}

// TestAnswerLongerThanALine: case gen/7/1 (HxQ0Q0-rQ0Z-O-D0 on 10x9) has
// a paths answer of 1.4 MB, longer than a reply line may be (P1.6). No
// implementation can send it, so the case is asked and judged at level
// effects, and says so; the reference passes it (spec/protocol.md P6.9;
// issue 28, item 5). Before, it was asked at paths and the reference's
// own reply was an error.
func TestAnswerLongerThanALine(t *testing.T) {
	ref := &recorder{}
	gen, err := conform.Generate(ref.Hello(), 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	cases := slices.Collect(gen)
	if got := cases[1].Request.Notation; got != "HxQ0Q0-rQ0Z-O-D0" {
		t.Fatalf("gen/7/1 is %q: the generator changed, pick the case again", got)
	}
	rep := conform.Stream(context.Background(), ref, slices.Values(cases), conform.Options{KeepPasses: true})
	if len(ref.asked) != 2 || ref.asked[0].Level != "" || ref.asked[1].Level != wire.LevelEffects {
		t.Fatalf("asked %+v, want the second case at level effects", ref.asked)
	}
	res := rep.Results[1]
	if res.Verdict.Kind != conform.VerdictPass || !strings.Contains(res.Verdict.Reason, "judged at level effects: the reference's answer at level paths takes a line of 14") {
		t.Errorf("gen/7/1: %v %s", res.Verdict.Kind, res.Verdict.Reason)
	}

	// At level destinations it fits: asked as the run asks.
	ref.asked = nil
	rep = conform.Stream(context.Background(), ref, slices.Values(cases), conform.Options{Level: wire.LevelDestinations})
	if ref.asked[1].Level != wire.LevelDestinations || rep.Failed() {
		t.Errorf("asked %+v; failed %v", ref.asked[1], rep.Failed())
	}
}

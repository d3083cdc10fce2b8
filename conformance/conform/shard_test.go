package conform_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/wire"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want conform.Shard
	}{{"1/1", conform.Shard{K: 1, N: 1}}, {"2/3", conform.Shard{K: 2, N: 3}}, {"10/10", conform.Shard{K: 10, N: 10}}} {
		got, err := conform.ParseShard(c.in)
		if err != nil || got != c.want || got.String() != c.in {
			t.Errorf("ParseShard(%q) = %v (%q), %v; want %v", c.in, got, got.String(), err, c.want)
		}
	}
	for _, in := range []string{"", "1", "0/2", "3/2", "1/0", "-1/2", "+1/2", "1/2/3", " 1/2", "a/b", "1/99999999999999999999"} {
		if s, err := conform.ParseShard(in); err == nil || !strings.Contains(err.Error(), "expected K/N") {
			t.Errorf("ParseShard(%q) = %v, %v; want an error that says K/N is expected", in, s, err)
		}
	}
	if (conform.Shard{}).String() != "" || !(conform.Shard{}).Whole() {
		t.Error("the zero Shard is not the whole run")
	}
}

// TestShardPartition: the shards 1/N to N/N of a run of corpus and
// generated cases hold every case of the whole run exactly once, each in
// the run's order, the same case (a generated case built alone is the one
// the whole run builds), and Count says how many.
func TestShardPartition(t *testing.T) {
	hello := conform.Reference{}.Hello()
	for _, c := range []struct{ corpus, generated int }{{0, 0}, {1, 0}, {0, 7}, {3, 7}, {4, 30}} {
		corpus := make([]*conform.Case, c.corpus)
		for i := range corpus {
			corpus[i] = &conform.Case{ID: "corpus/" + strconv.Itoa(i)}
		}
		whole := collect(t, conform.Shard{}, corpus, hello, c.generated)
		total := c.corpus + c.generated
		if len(whole) != total {
			t.Fatalf("%d corpus and %d generated cases: the whole run has %d", c.corpus, c.generated, len(whole))
		}
		for n := 1; n <= 4; n++ {
			held := 0
			for k := 1; k <= n; k++ {
				s := conform.Shard{K: k, N: n}
				got := collect(t, s, corpus, hello, c.generated)
				if len(got) != s.Count(total) {
					t.Errorf("%d cases, shard %s: %d held, Count says %d", total, s, len(got), s.Count(total))
				}
				for j, g := range got {
					if w := whole[j*n+k-1]; g.ID != w.ID || g.Request != w.Request {
						t.Errorf("%d cases, shard %s: case %d is %s %+v, want %s %+v", total, s, j, g.ID, g.Request, w.ID, w.Request)
					}
				}
				held += len(got)
			}
			if held != total {
				t.Errorf("%d cases in %d shards: %d held", total, n, held)
			}
		}
	}
}

// collect is the shard's cases of a run.
func collect(t *testing.T, s conform.Shard, corpus []*conform.Case, h wire.HelloReply, n int) []*conform.Case {
	t.Helper()
	cases, err := s.Cases(corpus, h, n, 6)
	if err != nil {
		t.Fatal(err)
	}
	return slices.Collect(cases)
}

// TestShardSpan: the indices a shard holds are computed, never searched
// for: Span gives exactly the i with i mod N = K-1 in any range, without
// overflowing at the largest int, and a shard of a run of 10^12 generated
// cases builds its one case at once, the first or the last of the run
// (issue 28: the run passed over 10^12 indices first, ignoring SIGTERM).
func TestShardSpan(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for k := 1; k <= n; k++ {
			s := conform.Shard{K: k, N: n}
			for lo := -1; lo <= 12; lo++ {
				for hi := lo; hi <= 12; hi++ {
					var want []int
					for i := max(lo, 0); i < hi; i++ {
						if i%n == k-1 {
							want = append(want, i)
						}
					}
					if got := slices.Collect(s.Span(lo, hi)); !slices.Equal(got, want) {
						t.Errorf("shard %s, span %d to %d: %v, want %v", s, lo, hi, got, want)
					}
				}
			}
		}
	}
	top := slices.Collect(conform.Shard{K: 1, N: 2}.Span(math.MaxInt-5, math.MaxInt))
	if want := []int{math.MaxInt - 5, math.MaxInt - 3, math.MaxInt - 1}; !slices.Equal(top, want) {
		t.Errorf("span to the largest int: %v, want %v", top, want)
	}
	if got := slices.Collect(conform.Shard{}.Span(math.MaxInt-2, math.MaxInt)); len(got) != 2 {
		t.Errorf("the whole run's span to the largest int: %v", got)
	}

	const huge = 1_000_000_000_000
	hello := conform.Reference{}.Hello()
	for _, c := range []struct {
		shard conform.Shard
		id    string
	}{
		{conform.Shard{K: 1, N: huge}, "gen/6/0"},
		{conform.Shard{K: huge, N: huge}, "gen/6/999999999999"},
		{conform.Shard{K: 2, N: huge}, "gen/6/0"}, // corpus case 0 is the run's first
	} {
		corpus := []*conform.Case(nil)
		if c.shard.K == 2 {
			corpus = []*conform.Case{{ID: "corpus/0"}}
		}
		got := collect(t, c.shard, corpus, hello, huge)
		if len(got) != 1 || got[0].ID != c.id || c.shard.Count(len(corpus)+huge) != 1 {
			t.Errorf("shard %s of %d cases: %d cases, Count %d; want %s alone", c.shard, huge, len(got), c.shard.Count(huge), c.id)
		}
	}
	if _, err := (conform.Shard{}).Cases([]*conform.Case{{ID: "corpus/0"}}, hello, math.MaxInt, 6); err == nil || !strings.Contains(err.Error(), "more cases than it can number") {
		t.Errorf("a run of more cases than an int counts: %v", err)
	}
}

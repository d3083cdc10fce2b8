package conform_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"betzacheck/conformance/conform"
	"betzacheck/conformance/wire"
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

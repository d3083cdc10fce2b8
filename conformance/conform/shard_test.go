package conform_test

import (
	"slices"
	"strings"
	"testing"

	"betzacheck/conformance/conform"
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

// TestShardPartition: the shards 1/N to N/N of a stream hold every case
// exactly once, each in stream order, and Count says how many.
func TestShardPartition(t *testing.T) {
	for _, total := range []int{0, 1, 2, 7, 30} {
		cases := make([]*conform.Case, total)
		for i := range cases {
			cases[i] = &conform.Case{ID: string(rune('A' + i))}
		}
		for n := 1; n <= 4; n++ {
			var union []*conform.Case
			for k := 1; k <= n; k++ {
				s := conform.Shard{K: k, N: n}
				got := slices.Collect(s.Cases(slices.Values(cases)))
				if len(got) != s.Count(total) {
					t.Errorf("%d cases, shard %s: %d held, Count says %d", total, s, len(got), s.Count(total))
				}
				for j, c := range got {
					if want := cases[j*n+k-1]; c != want {
						t.Errorf("%d cases, shard %s: case %d is %s, want %s", total, s, j, c.ID, want.ID)
					}
				}
				union = append(union, got...)
			}
			slices.SortFunc(union, func(a, b *conform.Case) int { return strings.Compare(a.ID, b.ID) })
			if !slices.Equal(union, cases) {
				t.Errorf("%d cases in %d shards: the union is %d cases", total, n, len(union))
			}
		}
	}
	if got := slices.Collect((conform.Shard{}).Cases(slices.Values([]*conform.Case{{}, {}}))); len(got) != 2 {
		t.Errorf("the whole run holds %d of 2 cases", len(got))
	}
}

package conform

import (
	"fmt"
	"iter"
	"math"
	"strconv"
	"strings"

	"github.com/betzacheck/betzacheck/conformance/wire"
)

// Shard is one of N disjoint parts of a run, for a CI matrix: the case at
// index i (from 0) of the run's stream of cases (corpus cases, then
// generated ones, in order) belongs to shard i mod N + 1. The same run
// given shards 1/N to N/N judges every case exactly once, and Merge
// combines their reports into the whole run's. The zero Shard is the
// whole run.
type Shard struct {
	K, N int // 1 ≤ K ≤ N; both 0 for the whole run
}

// ParseShard reads "K/N", 1 ≤ K ≤ N, both decimal.
func ParseShard(text string) (Shard, error) {
	k, n, ok := strings.Cut(text, "/")
	kv, kok := decimal(k)
	nv, nok := decimal(n)
	if !ok || !kok || !nok {
		return Shard{}, fmt.Errorf("expected K/N (shard K of N, 1 ≤ K ≤ N), found %q", text)
	}
	if nv < 1 || kv < 1 || kv > nv {
		return Shard{}, fmt.Errorf("expected K/N with 1 ≤ K ≤ N, found %q", text)
	}
	return Shard{K: kv, N: nv}, nil
}

// decimal reads a run of decimal digits (no sign, no space) that fits an
// int.
func decimal(s string) (int, bool) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}

// Whole reports whether s is the whole run.
func (s Shard) Whole() bool { return s.N == 0 }

// String is "K/N", or "" for the whole run.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Describe says which cases of the whole run the shard holds, counted
// from 1: "cases 2, 5, 8, … of the whole run".
func (s Shard) Describe() string {
	if s.Whole() {
		return "every case of the run"
	}
	if s.N == 1 {
		return "every case of the run (shard 1 of 1)"
	}
	return fmt.Sprintf("cases %d, %d, %d, … of the whole run", s.K, s.K+s.N, s.K+2*s.N)
}

// Count is how many of the first total cases of a stream s holds.
func (s Shard) Count(total int) int {
	if s.Whole() || total <= 0 {
		return max(total, 0)
	}
	if total < s.K {
		return 0
	}
	return (total-s.K)/s.N + 1
}

// Span is the indices i, lo ≤ i < hi, that s holds, in increasing order,
// computed (the first one, then every N-th) rather than found by testing
// each index: a shard of a run of 10^12 cases takes its cases at once,
// without passing over the others' (issue 28). It never overflows, even
// with hi the largest int.
func (s Shard) Span(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		lo = max(lo, 0)
		if lo >= hi {
			return
		}
		i, step := lo, 1
		if !s.Whole() {
			// The first index at or after lo with i mod N = K-1.
			off := ((s.K-1-lo%s.N)%s.N + s.N) % s.N
			if off >= hi-lo {
				return
			}
			i, step = lo+off, s.N
		}
		for {
			if !yield(i) || i >= hi-step {
				return
			}
			i += step
		}
	}
}

// Cases is the run's stream of cases that s holds, in order: of the
// corpus cases, then n generated ones for the implementation h describes
// (Generate, seed), the case at index i when s holds i. A generated case
// of another shard is neither built nor passed over (GenerateOnly, with
// the shard's indices from Span): Generate gives exactly one case for
// each of 0 to n-1, so generated case i is case len(corpus)+i of the run
// whatever the others are. The cases are not adapted to h (see
// AdaptSeq). A run of more cases than an int counts is an error.
func (s Shard) Cases(corpus []*Case, h wire.HelloReply, n int, seed int64) (iter.Seq[*Case], error) {
	return s.CasesOf(corpus, n, func(indices iter.Seq[int]) (iter.Seq[*Case], error) {
		return GenerateOnly(h, n, seed, indices)
	})
}

// Generator builds the generated cases of the given indices, each below
// the run's count and in increasing order, exactly one per index:
// GenerateOnly or GenerateNotation with their other arguments bound.
type Generator func(indices iter.Seq[int]) (iter.Seq[*Case], error)

// CasesOf is Cases with the n generated cases built by generate (with the
// shard's indices).
func (s Shard) CasesOf(corpus []*Case, n int, generate Generator) (iter.Seq[*Case], error) {
	if n > math.MaxInt-len(corpus) {
		return nil, fmt.Errorf("%d generated and %d corpus cases: the run has more cases than it can number (at most %d generated)", n, len(corpus), math.MaxInt-len(corpus))
	}
	var generated iter.Seq[*Case]
	if n > 0 {
		indices := func(yield func(int) bool) {
			for i := range s.Span(len(corpus), len(corpus)+n) {
				if !yield(i - len(corpus)) {
					return
				}
			}
		}
		var err error
		generated, err = generate(indices)
		if err != nil {
			return nil, err
		}
	}
	return func(yield func(*Case) bool) {
		for i := range s.Span(0, len(corpus)) {
			if !yield(corpus[i]) {
				return
			}
		}
		if generated != nil {
			for c := range generated {
				if !yield(c) {
					return
				}
			}
		}
	}, nil
}

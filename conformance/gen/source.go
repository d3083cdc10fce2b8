package gen

import "math/rand"

// Source is the source of math/rand.NewSource, seeded about four times
// faster (BenchmarkSeed): Seed(s) gives the state that math/rand.NewSource(s) starts from,
// and the values that follow are the same (TestSourceIsMathRand), so that
// a seed replays the cases it drew with either. A fuzz run seeds its
// generators once per case, and math/rand's seeding took 6% of the run
// (issue 29).
//
// math/rand's generator (the Go 1 source, which never changes) is an
// additive lagged Fibonacci generator of lags 607 and 273 over int64.
// Seeding fills its 607 words, each word being three values of the
// Lehmer generator x' = 48271·x mod (2³¹−1) started from the seed,
// combined by shifts and XORs, XORed with a fixed word of a table of
// math/rand's. math/rand computes the Lehmer values one from the other,
// with two divisions each; Source computes the n-th as seed·48271ⁿ mod
// (2³¹−1), from the powers worked out once, each independent of the
// others, with a multiplication and folds. It learns the fixed table from
// math/rand itself, without copying it: it runs a source of math/rand
// for 607 values, which are then the whole state, steps the generator back
// to the state it was seeded with, and removes the seed's part
// (NewSource). Not safe for concurrent use.
type Source struct {
	vec       [sourceLen]int64
	tap, feed int
	powers    *[3 * sourceLen]uint64 // 48271ⁿ mod (2³¹−1) for the n that fill the words
	table     *[sourceLen]int64      // each word seeded, less the seed's part
}

const (
	sourceLen  = 607               // words of state: the long lag
	sourceTap  = 273               // the short lag
	lehmerMod  = 1<<31 - 1         // the Lehmer generator's modulus, prime
	lehmerMul  = 48271             // and its multiplier
	zeroSeed   = 89482311          // what math/rand seeds with for a seed ≡ 0
	warmUp     = 20                // Lehmer values math/rand discards first
	sourceMask = 1<<63 - 1         // Int63 keeps the low 63 bits
	learnSeed  = 0x5eed_0f_4a11_29 // any seed serves to learn the table
)

// NewSource returns a Source seeded with 0. It works out the Lehmer
// powers and learns math/rand's table (some tens of microseconds, 20 KB;
// one Source serves every case of a worker).
func NewSource() *Source {
	s := &Source{powers: lehmerPowers()}
	s.table = s.learnTable()
	s.Seed(0)
	return s
}

// lehmerPowers are 48271ⁿ mod (2³¹−1) for the Lehmer values that fill the
// words: after the first warmUp, three for each word.
func lehmerPowers() *[3 * sourceLen]uint64 {
	powers := new([3 * sourceLen]uint64)
	x := uint64(1)
	for n := 1; n <= warmUp+len(powers); n++ {
		x = x * lehmerMul % lehmerMod
		if n > warmUp {
			powers[n-warmUp-1] = x
		}
	}
	return powers
}

// learnTable runs math/rand's source from learnSeed for sourceLen values,
// which fill its whole state, then steps back to the state it was seeded
// with and removes the seed's part: what is left is math/rand's table.
func (src *Source) learnTable() *[sourceLen]int64 {
	m := rand.NewSource(learnSeed).(rand.Source64)
	var s Source
	s.start()
	var out [sourceLen]int64
	for k := range out {
		// The k-th value is written where the k-th step feeds.
		s.step()
		out[k] = int64(m.Uint64())
		s.vec[s.feed] = out[k]
	}
	// Back from the last step: each step wrote vec[feed] = vec[feed] +
	// vec[tap], and tap is never feed (they are sourceTap apart).
	for k := sourceLen - 1; k >= 0; k-- {
		s.vec[s.feed] = out[k] - s.vec[s.tap]
		s.unstep()
	}
	table := new([sourceLen]int64)
	src.seedWords(learnSeed, table)
	for i := range table {
		table[i] ^= s.vec[i]
	}
	return table
}

// seedWords writes the seed's part of each word to words: the Lehmer
// values from the seed, after warmUp discarded, three to a word as
// math/rand combines them.
func (src *Source) seedWords(seed int64, words *[sourceLen]int64) {
	seed %= lehmerMod
	if seed < 0 {
		seed += lehmerMod
	}
	if seed == 0 {
		seed = zeroSeed
	}
	x := uint64(seed)
	value := func(n int) int64 {
		// x·48271ⁿ < 2⁶²: folding the bits above 31 back in twice leaves
		// the remainder mod 2³¹−1, up to one subtraction.
		p := x * src.powers[n]
		p = p&lehmerMod + p>>31
		p = p&lehmerMod + p>>31
		if p >= lehmerMod {
			p -= lehmerMod
		}
		return int64(p)
	}
	for i := range words {
		words[i] = value(3*i)<<40 ^ value(3*i+1)<<20 ^ value(3*i+2)
	}
}

// start sets the lags where math/rand starts them.
func (s *Source) start() { s.tap, s.feed = 0, sourceLen-sourceTap }

// step moves both lags one word down, round the state.
func (s *Source) step() {
	if s.tap--; s.tap < 0 {
		s.tap += sourceLen
	}
	if s.feed--; s.feed < 0 {
		s.feed += sourceLen
	}
}

// unstep undoes step.
func (s *Source) unstep() {
	if s.tap++; s.tap == sourceLen {
		s.tap = 0
	}
	if s.feed++; s.feed == sourceLen {
		s.feed = 0
	}
}

// Seed gives the state math/rand.NewSource(seed) starts from.
func (s *Source) Seed(seed int64) {
	s.start()
	s.seedWords(seed, &s.vec)
	for i := range s.vec {
		s.vec[i] ^= s.table[i]
	}
}

// Uint64 is the next value.
func (s *Source) Uint64() uint64 {
	s.step()
	x := s.vec[s.feed] + s.vec[s.tap]
	s.vec[s.feed] = x
	return uint64(x)
}

// Int63 is the next value's low 63 bits.
func (s *Source) Int63() int64 { return int64(s.Uint64() & sourceMask) }

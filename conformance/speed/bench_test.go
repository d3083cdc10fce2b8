package speed

import "testing"

// BenchmarkSideBySide times one query (one piece on one position, all its
// destinations) of the reference, with one eval.Evaluator reused (Moves
// and Visit), and of the hand-written generator, cycling through the
// positions file, for every row of Pieces (those ffish cannot express
// too). Names are BenchmarkSideBySide/<piece>/<reference|visit|hand>;
// ns/op and allocs/op are per query. The ffish sides and the tables with their ratios
// are sidebyside.sh's.
func BenchmarkSideBySide(b *testing.B) {
	setups := readPositions(b)
	for _, p := range Pieces() {
		ref, hand := goSides(b, p, setups)
		visit, err := newReferenceSide(p, setups, true)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(p.Name, func(b *testing.B) {
			for _, side := range []*referenceSide{ref, visit} {
				name := Reference
				if side.visit {
					name = Visit
				}
				b.Run(name, func(b *testing.B) {
					b.ReportAllocs()
					i, dests := 0, 0
					for b.Loop() {
						n, err := side.query(i, nil)
						if err != nil {
							b.Fatal(err)
						}
						dests += n
						i = (i + 1) % len(setups)
					}
					b.ReportMetric(float64(dests)/float64(b.N), "dests/op")
				})
			}
			b.Run(Hand, func(b *testing.B) {
				b.ReportAllocs()
				i, dests := 0, 0
				for b.Loop() {
					hand.buf = hand.gen(hand.boards[i], hand.buf)
					dests += len(hand.buf)
					i = (i + 1) % len(hand.boards)
				}
				b.ReportMetric(float64(dests)/float64(b.N), "dests/op")
			})
		})
	}
}

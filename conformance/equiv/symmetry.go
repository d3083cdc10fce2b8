package equiv

import (
	"slices"
	"strings"

	"github.com/betzacheck/betzacheck/reference/board"
)

// Symmetry is a geometric map of a board onto its image: a mirror or a
// rotation. It maps positions and outcome keys alike, so that a law such as
// "lfN-rW is the mirror image of rfN-rW" (§6.2) can be checked as
// Keys(A on p) == Sym.Keys(Keys(B on Sym.Setup(p))).
type Symmetry struct {
	Name   string
	square func(board.Size, board.Square) board.Square
	size   func(board.Size) board.Size
	piece  func(board.Piece) board.Piece // nil: pieces keep their colour
}

var (
	// Mirror exchanges the a-file side and the far file side.
	Mirror = Symmetry{"mirror",
		func(s board.Size, q board.Square) board.Square {
			return board.Square{File: s.W - 1 - q.File, Rank: q.Rank}
		},
		func(s board.Size) board.Size { return s }, nil}
	// Rotate180 turns the board half a turn.
	Rotate180 = Symmetry{"rotate180",
		func(s board.Size, q board.Square) board.Square {
			return board.Square{File: s.W - 1 - q.File, Rank: s.H - 1 - q.Rank}
		},
		func(s board.Size) board.Size { return s }, nil}
	// ColourSwap turns the board half a turn and gives every piece the
	// other colour: a black mover must move as a white one does on this
	// image (§2.1).
	ColourSwap = Symmetry{"colour swap", Rotate180.square, Rotate180.size,
		func(p board.Piece) board.Piece {
			if !p.Empty() {
				p.Color = p.Color.Opponent()
			}
			return p
		}}
	// Rotate90 turns the board a quarter turn clockwise; W and H swap.
	Rotate90 = Symmetry{"rotate90",
		func(s board.Size, q board.Square) board.Square {
			return board.Square{File: q.Rank, Rank: s.W - 1 - q.File}
		},
		func(s board.Size) board.Size { return board.Size{W: s.H, H: s.W} }, nil}
)

// Setup maps a position and its mover's square.
func (y Symmetry) Setup(p board.Setup) board.Setup {
	size := p.Pos.Size()
	img := board.NewPosition(y.size(size))
	for _, q := range p.Pos.Pieces() {
		img.Set(y.square(size, q), y.mapPiece(p.Pos.At(q)))
	}
	return board.Setup{Pos: img, From: y.square(size, p.From)}
}

// Keys maps outcome keys (eval.Outcome.Key) of a position on a board of
// the given size to the keys of the image position, sorted.
func (y Symmetry) Keys(size board.Size, keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = y.key(size, k)
	}
	slices.Sort(out)
	return out
}

// key maps one outcome key: the mover's square ("-" when it was
// destroyed), then each changed square with its content, which are sorted
// again for the image (rank, then file, as eval.Outcome.Key writes them).
// It reads the key in place and writes the image's key with one
// allocation, the result: the symmetric laws of fuzz map every outcome of
// their images (issue 29).
func (y Symmetry) key(size board.Size, k string) string {
	type change struct {
		q     board.Square
		piece string // as written
	}
	var room [8]change
	changes := room[:0]
	to, rest, _ := strings.Cut(k, " ")
	for rest != "" {
		var field string
		field, rest, _ = strings.Cut(rest, " ")
		sq, piece, _ := strings.Cut(field, "=")
		q, _ := board.ParseSquare(sq)
		changes = append(changes, change{y.square(size, q), piece})
	}
	slices.SortFunc(changes, func(a, b change) int { return a.q.Compare(b.q) })
	var buf [64]byte
	b := buf[:0]
	if to == "-" {
		b = append(b, '-')
	} else {
		q, _ := board.ParseSquare(to)
		b = y.square(size, q).Append(b)
	}
	for _, c := range changes {
		b = append(b, ' ')
		b = c.q.Append(b)
		b = append(b, '=')
		if y.piece == nil {
			b = append(b, c.piece...)
			continue
		}
		pc, _ := board.ParsePiece(c.piece)
		b = y.piece(pc).Append(b)
	}
	return string(b)
}

func (y Symmetry) mapPiece(p board.Piece) board.Piece {
	if y.piece == nil {
		return p
	}
	return y.piece(p)
}

// Square maps one square of a board of the given size.
func (y Symmetry) Square(size board.Size, q board.Square) board.Square { return y.square(size, q) }

func (y Symmetry) mapSquare(size board.Size, s string) string {
	q, _ := board.ParseSquare(s)
	return y.square(size, q).String()
}

// Inverse returns the symmetry that undoes y.
func (y Symmetry) Inverse() Symmetry {
	if y.Name != Rotate90.Name {
		return y // mirror, half turn and colour swap are their own inverses
	}
	return Symmetry{"rotate270",
		func(s board.Size, q board.Square) board.Square {
			return board.Square{File: s.H - 1 - q.Rank, Rank: q.File}
		},
		func(s board.Size) board.Size { return board.Size{W: s.H, H: s.W} }, nil}
}

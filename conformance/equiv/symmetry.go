package equiv

import (
	"slices"
	"sort"
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
	sort.Strings(out)
	return out
}

func (y Symmetry) key(size board.Size, k string) string {
	fields := strings.Fields(k)
	to := fields[0]
	if to != "-" {
		to = y.mapSquare(size, to)
	}
	type change struct {
		q    board.Square
		text string
	}
	var changes []change
	for _, f := range fields[1:] {
		sq, piece, _ := strings.Cut(f, "=")
		q, _ := board.ParseSquare(sq)
		q = y.square(size, q)
		if y.piece != nil {
			pc, _ := board.ParsePiece(piece)
			piece = y.mapPiece(pc).String()
		}
		changes = append(changes, change{q, q.String() + "=" + piece})
	}
	slices.SortFunc(changes, func(a, b change) int { return a.q.Compare(b.q) })
	parts := []string{to}
	for _, c := range changes {
		parts = append(parts, c.text)
	}
	return strings.Join(parts, " ")
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

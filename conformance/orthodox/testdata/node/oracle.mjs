// oracle.mjs answers, for orthodox chess pieces, the pseudo-legal
// destination squares that chessops gives: one JSON request a line on
// stdin, {"fen": <board part of a FEN>, "from": "e4"}, one JSON answer a
// line on stdout, {"moves": [{"to": "e5", "capture": false}, ...]} in
// square order (a1, b1, ..., h8), or {"error": "..."}.
//
// Pseudo-legal means: no check rules, no castling, no en passant, no
// promotion. A piece goes where chessops' attack tables say, except onto
// its own pieces; a pawn pushes one square forward onto an empty square,
// two from its start rank (white rank 2, black rank 7) when both are
// empty, and captures enemies on its attack squares.
import { readFileSync } from 'node:fs';
import { attacks, pawnAttacks } from 'chessops/attacks';
import { parseBoardFen } from 'chessops/fen';
import { makeSquare, opposite, parseSquare, squareRank } from 'chessops/util';

function destinations(fen, fromName) {
  const board = parseBoardFen(fen).unwrap();
  const from = parseSquare(fromName);
  const piece = from === undefined ? undefined : board.get(from);
  if (!piece) throw new Error(`no piece on ${fromName}`);
  const enemies = board[opposite(piece.color)];
  let dests;
  if (piece.role === 'pawn') {
    dests = pawnAttacks(piece.color, from).intersect(enemies);
    const step = piece.color === 'white' ? 8 : -8;
    const startRank = piece.color === 'white' ? 1 : 6;
    const one = from + step;
    if (one >= 0 && one < 64 && !board.occupied.has(one)) {
      dests = dests.with(one);
      const two = one + step;
      if (squareRank(from) === startRank && !board.occupied.has(two)) dests = dests.with(two);
    }
  } else {
    dests = attacks(piece, from, board.occupied).diff(board[piece.color]);
  }
  return [...dests].map(sq => ({ to: makeSquare(sq), capture: enemies.has(sq) }));
}

const out = [];
for (const line of readFileSync(0, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  try {
    const req = JSON.parse(line);
    out.push(JSON.stringify({ moves: destinations(req.fen, req.from) }));
  } catch (e) {
    out.push(JSON.stringify({ error: String(e && e.message ? e.message : e) }));
  }
}
process.stdout.write(out.length ? out.join('\n') + '\n' : '');

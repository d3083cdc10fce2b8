#!/usr/bin/env node
// ffish_bench.js: the Fairy-Stockfish side of the side-by-side benchmark
// (conformance/speed). It loads ffish (Fairy-Stockfish compiled to
// WebAssembly) in-process through adapters/ffish/ffish.js, which the
// protocol adapter uses too (npm ci in adapters/ffish installs ffish), and
// answers one JSON request a line on stdin with one JSON reply a line on
// stdout:
//
//   {"op":"positions","board":"8x8","positions":[["<placement>","<from>"],...]}
//       -> {"ffish":"<version>","node":"<version>","positions":N}
//   {"op":"piece","name":"NN","notation":"NN"}
//       defines a variant whose only moving piece moves by the notation
//       (classic Betza, as Fairy-Stockfish reads it), as the adapter does,
//       and lists its moves on every position, untimed, two ways: on one
//       board set to each position in turn by setFen (destinations), and
//       on one board made for each position (board_destinations), which
//       it keeps for the piece's "legalMoves" rounds. It frees the
//       previous piece's boards first. memory is the process's resident
//       set and ffish's wasm memory, in bytes, once the boards are made:
//       -> {"destinations":[[{"to":"d5","capture":false},...],...],
//           "board_destinations":[...],"memory":{"rss":R,"wasm":W}}
//   {"op":"round","passes":K,"calls":"setFen+legalMoves"}
//       K times over the positions: setFen, then legalMoves, on one board,
//       counting the moves; the CPU time of the process over the round
//       (process.cpuUsage):
//       -> {"cpu_ns":T,"count":M}
//   {"op":"round","passes":K,"calls":"legalMoves"}
//       the same with legalMoves alone, on the piece's boards (one per
//       position, set up by "piece"): -> {"cpu_ns":T,"count":M}
//   {"op":"done"} frees the piece's boards: -> {"freed":N}
//   {"op":"bye"} frees them too and ends the process.
//
// A request that fails gets {"error":"..."}. The Go driver
// (conformance/speed, run by sidebyside.sh) sends the requests; it reads
// the positions file and checks every reply. `--ffish-dir DIR` loads
// DIR/ffish.js instead of adapters/ffish's.
//
// stdout carries replies only; everything else goes to stderr.
'use strict';

const path = require('path');

const dirArg = process.argv.indexOf('--ffish-dir');
const ffishDir = dirArg > 0 ? process.argv[dirArg + 1] : path.join(__dirname, '..', '..', 'adapters', 'ffish');
const lib = require(path.resolve(ffishDir, 'ffish.js'));
const { reply } = lib;

// The positions, set by "positions": for each, its FEN (the mover 'A', the
// other pieces Fairy-Stockfish's immobile 'X'/'x'), the mover's square and
// the rows of lib.parsePosition.
let size = null;
let positions = [];
// Variants loaded so far: each piece gets a fresh one.
let variants = 0;
let variant = null;
// The piece's boards, one per position, for the "legalMoves" rounds; each
// is wasm memory (about 87 KB with ffish 0.7.10) until freed by dropBoards.
let boards = [];
// maxBoards bounds the boards of one piece: ffish's wasm memory cannot
// grow beyond 1 GB, and a failed growth aborts the module.
const maxBoards = 4000;

function handle(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    reply({ error: 'request is not JSON: ' + e.message });
    return true;
  }
  try {
    switch (req && req.op) {
      case 'positions':
        setPositions(req.board, req.positions);
        reply({ ffish: lib.VERSION, node: process.version, positions: positions.length });
        return true;
      case 'piece':
        reply(setPiece(req.notation));
        return true;
      case 'round':
        reply(round(req.passes, req.calls));
        return true;
      case 'done':
        reply({ freed: dropBoards() });
        return true;
      case 'bye':
        dropBoards();
        lib.dropBoard();
        return false;
      default:
        throw new Error(`unknown op ${JSON.stringify(req && req.op)}`);
    }
  } catch (e) {
    reply({ error: String(e && e.message ? e.message : e) });
    return true;
  }
}

function setPositions(boardText, list) {
  const { w, h } = lib.parseBoard(boardText);
  if (w > lib.MAX_FILES || h > lib.MAX_RANKS) throw new Error(`board ${boardText} is larger than ffish's ${lib.MAX_FILES}x${lib.MAX_RANKS}`);
  if (!Array.isArray(list) || list.length === 0) throw new Error('positions is not a non-empty list');
  if (list.length > maxBoards) throw new Error(`${list.length} positions: the legalMoves rounds make a board per position, at most ${maxBoards} (ffish's wasm memory is at most 1 GB)`);
  const read = list.map((p, i) => {
    try {
      if (!Array.isArray(p) || p.length !== 2) throw new Error('not [placement, from]');
      const rows = lib.parsePosition(p[0], w, h);
      const from = lib.parseSquare(p[1], w, h);
      const mover = rows[from.r][from.f];
      if (mover === null || mover.letter > 'Z') throw new Error(`no white mover on ${p[1]}`);
      // A not-moved mark would need Fairy-Stockfish's double-step region
      // for the mover and means nothing to the benchmark's pieces.
      if (rows.some((row) => row.some((cell) => cell !== null && cell.virgin))) throw new Error('a not-moved mark (*)');
      return { fen: lib.fenFor(rows, w, h, from), from, rows };
    } catch (e) {
      throw new Error(`position ${i + 1}: ${e.message}`);
    }
  });
  size = { w, h };
  positions = read;
  variant = null;
}

// setPiece frees the previous piece's boards, loads a fresh variant for
// the notation and lists the moves on every position
// (lib.moverMoves: all the mover's, capture flags checked), on the board
// set by setFen and on a board of the position's own, which it keeps.
function setPiece(notation) {
  if (size === null) throw new Error('no positions yet');
  if (typeof notation !== 'string' || /[\x00-\x1f\x7f]/.test(notation)) throw new Error('notation is not one line of text');
  // A board of an earlier variant must not outlive the next one's
  // (ffish.js: move tables are global to the module).
  dropBoards();
  variant = null;
  const name = `betzacheckspeed${++variants}`;
  lib.loadVariant(name, lib.variantBody(notation, size.w, size.h, '', ''));
  const moves = (board, p) => lib.moverMoves(board, p.rows, p.from).map(({ to, capture }) => ({ to, capture }));
  const destinations = positions.map((p, i) => {
    if (lib.ffish.validateFen(p.fen, name) !== 1) throw new Error(`ffish rejects position ${i + 1}: ${p.fen}`);
    try {
      return moves(lib.boardFor(name, p.fen), p);
    } catch (e) {
      throw new Error(`position ${i + 1}: ${e.message}`);
    }
  });
  const boardDestinations = positions.map((p, i) => {
    try {
      const board = new lib.ffish.Board(name, p.fen);
      boards.push(board);
      return moves(board, p);
    } catch (e) {
      dropBoards();
      throw new Error(`position ${i + 1}, on a board of its own: ${e && e.message ? e.message : e}`);
    }
  });
  variant = name;
  const wasm = lib.ffish.HEAP8 ? lib.ffish.HEAP8.byteLength : null;
  return { destinations, board_destinations: boardDestinations, memory: { rss: process.memoryUsage().rss, wasm } };
}

// dropBoards frees the piece's boards and says how many there were.
function dropBoards() {
  const n = boards.length;
  for (const board of boards) {
    try {
      board.delete(); // frees its wasm memory
    } catch (e) {
      // a board that cannot be deleted is lost; nothing else to do
    }
  }
  boards = [];
  return n;
}

// countMoves counts the moves of a legalMoves answer: one more than its
// spaces, none in an empty one.
function countMoves(moves) {
  if (moves.length === 0) return 0;
  let n = 1;
  for (let i = moves.indexOf(' '); i !== -1; i = moves.indexOf(' ', i + 1)) n++;
  return n;
}

// round is the timed loop: passes times over the positions, counting the
// moves (all the mover's: checked by setPiece), with calls
// "setFen+legalMoves" (one board, set to each position in turn) or
// "legalMoves" (the board of each position, made by setPiece).
function round(passes, calls) {
  if (variant === null) throw new Error('no piece yet');
  if (!Number.isInteger(passes) || passes < 1) throw new Error(`passes ${JSON.stringify(passes)} is not a positive integer`);
  let count = 0;
  let start;
  switch (calls) {
    case 'setFen+legalMoves': {
      const board = lib.boardFor(variant, positions[0].fen);
      const fens = positions.map((p) => p.fen);
      start = process.cpuUsage();
      for (let k = 0; k < passes; k++) {
        for (const fen of fens) {
          board.setFen(fen);
          count += countMoves(board.legalMoves());
        }
      }
      break;
    }
    case 'legalMoves':
      if (boards.length !== positions.length) throw new Error(`${boards.length} boards for ${positions.length} positions`);
      start = process.cpuUsage();
      for (let k = 0; k < passes; k++) {
        for (const board of boards) count += countMoves(board.legalMoves());
      }
      break;
    default:
      throw new Error(`calls ${JSON.stringify(calls)} is neither "setFen+legalMoves" nor "legalMoves"`);
  }
  const used = process.cpuUsage(start);
  return { cpu_ns: (used.user + used.system) * 1000, count };
}

lib.serve(handle);

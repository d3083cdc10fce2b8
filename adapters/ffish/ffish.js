// ffish.js loads ffish (Fairy-Stockfish compiled to WebAssembly) under Node
// and holds what its two users do with it: adapter.js (the protocol
// adapter) and conformance/speed/ffish_bench.js (the side-by-side
// benchmark). It reads placement text, turns a position into a FEN of a
// one-piece variant, defines that variant, keeps the one board in use,
// reads the mover's destinations and runs a JSON-lines loop that waits for
// ffish to load. Its errors are plain Errors; each user gives them its kind.
//
// Requiring it changes the process: console.log and console.info write to
// stderr (ffish's C++ side prints through console.log, and stdout carries
// replies only), and globalThis.fetch is unset.
'use strict';

const readline = require('readline');

console.log = console.error;
console.info = console.error;

// Under Node 18+ the Emscripten loader sees a global fetch, tries to fetch
// ffish.wasm as a URL and fails. Without fetch it reads the file from disk.
globalThis.fetch = undefined;

const ffish = require('ffish');
const VERSION = require('ffish/package.json').version;

// Fairy-Stockfish's large-board build (which ffish is) has 12 files and 10
// ranks; a larger variant config is not registered and a board on it
// corrupts wasm memory, so larger boards must be refused before ffish sees
// them.
const MAX_FILES = 12;
const MAX_RANKS = 10;
const FILES = 'abcdefghijklmnopqrstuvwxyz';

// ---------------------------------------------------------------------------
// Positions

// parseBoard reads "WxH", each side at most 26 (spec/betza2.md §11.1).
function parseBoard(text) {
  const m = /^([1-9][0-9]*)x([1-9][0-9]*)$/.exec(String(text));
  if (!m) throw new Error(`board ${JSON.stringify(text)} is not WxH`);
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w > 26 || h > 26) throw new Error(`board ${text} is larger than 26x26`);
  return { w, h };
}

// parsePosition reads placement text (spec/betza2.md §11.2) into rows[r][f]
// (r = 0 is rank 1), each cell null or { letter, virgin }.
function parsePosition(text, w, h) {
  if (typeof text !== 'string') throw new Error('position is not a string');
  const ranks = text.split('/');
  if (ranks.length !== h) throw new Error(`position has ${ranks.length} ranks, board has ${h}`);
  const rows = [];
  ranks.forEach((rankText, i) => {
    const row = [];
    for (let j = 0; j < rankText.length; ) {
      const c = rankText[j];
      if (c >= '0' && c <= '9') {
        let k = j;
        while (k < rankText.length && rankText[k] >= '0' && rankText[k] <= '9') k++;
        const n = Number(rankText.slice(j, k));
        if (n === 0) throw new Error(`position: empty run of 0 in rank ${h - i}`);
        for (let e = 0; e < n; e++) row.push(null);
        j = k;
      } else if (/[A-Za-z]/.test(c)) {
        const virgin = rankText[j + 1] === '*';
        row.push({ letter: c, virgin });
        j += virgin ? 2 : 1;
      } else {
        throw new Error(`position: unexpected ${JSON.stringify(c)} in rank ${h - i}`);
      }
    }
    if (row.length !== w) throw new Error(`position: rank ${h - i} has ${row.length} squares, board has ${w}`);
    rows.unshift(row); // text runs from the top rank down
  });
  return rows;
}

// parseSquare reads "b12" into { f, r } (0-based) within a w x h board.
function parseSquare(text, w, h) {
  const m = /^([a-z])([1-9][0-9]*)$/.exec(String(text));
  const f = m ? FILES.indexOf(m[1]) : -1;
  const r = m ? Number(m[2]) - 1 : -1;
  if (!m || f >= w || r >= h) throw new Error(`square ${JSON.stringify(text)} is not on the board`);
  return { f, r };
}

const squareName = (f, r) => FILES[f] + (r + 1);

// fenFor writes the position as a FEN of the variant: mover 'A'/'a', every
// other piece 'X'/'x', side to move = the mover's colour.
function fenFor(rows, w, h, from) {
  const moverWhite = rows[from.r][from.f].letter <= 'Z';
  const ranks = [];
  for (let r = h - 1; r >= 0; r--) {
    let text = '';
    let empty = 0;
    for (let f = 0; f < w; f++) {
      const cell = rows[r][f];
      if (cell === null) {
        empty++;
        continue;
      }
      if (empty > 0) text += empty;
      empty = 0;
      const white = cell.letter <= 'Z';
      const letter = f === from.f && r === from.r ? 'a' : 'x';
      text += white ? letter.toUpperCase() : letter;
    }
    if (empty > 0) text += empty;
    ranks.push(text);
  }
  return `${ranks.join('/')} ${moverWhite ? 'w' : 'b'} - - 0 1`;
}

// ---------------------------------------------------------------------------
// Variants and boards

// variantBody is the config of a variant in which custom piece 'a' moves by
// the notation; every other piece is 'x', Fairy-Stockfish's immobile piece.
// There is no king and no check, so the legal moves of the side to move
// are exactly the moves of its 'a' (and 'x' has none). Fairy-Stockfish
// allows 'i' moves on the "double step region": initialWhite and
// initialBlack name the square of a mover that has not moved yet, '' for
// none.
function variantBody(notation, w, h, initialWhite, initialBlack) {
  return [
    `maxFile = ${FILES[w - 1]}`,
    `maxRank = ${h}`,
    'king = -',
    'pawn = -',
    'knight = -',
    'bishop = -',
    'rook = -',
    'queen = -',
    'immobile = x',
    `customPiece1 = a:${notation}`,
    'checking = false',
    'castling = false',
    `doubleStepRegionWhite = ${initialWhite || '-'}`,
    `doubleStepRegionBlack = ${initialBlack || '-'}`,
  ].join('\n');
}

// loadVariant loads a variant config body under name, which must be new:
// ffish cannot redefine or unload a variant.
function loadVariant(name, body) {
  try {
    ffish.loadVariantConfig(`[${name}]\n${body}\n`);
  } catch (e) {
    throw new Error(`ffish refused the variant config: ${e && e.message ? e.message : e}`);
  }
  // ffish drops a config it cannot take without saying so, and a Board
  // for an unknown variant reads undefined memory: check it is there.
  if (!` ${ffish.variants()} `.includes(` ${name} `)) {
    throw new Error('ffish did not register the variant config');
  }
}

// Creating an ffish Board sets up move tables that are global to the wasm
// module: a board created earlier for another variant then generates the
// newer board's piece moves (observed with 0.7.10). So only the board
// created last is used; it is kept while requests stay on its variant,
// since creating a board (~4 ms) costs far more than setFen (~0.02 ms).
let current = null; // { name, board }

// boardFor returns the board of the variant, set to the FEN.
function boardFor(name, fen) {
  if (current !== null && current.name === name) {
    current.board.setFen(fen);
    return current.board;
  }
  dropBoard();
  current = { name, board: new ffish.Board(name, fen) };
  return current.board;
}

// dropBoard frees the board in use, if any.
function dropBoard() {
  if (current === null) return;
  const { board } = current;
  current = null;
  try {
    board.delete(); // frees its wasm memory
  } catch (e) {
    // a board that cannot be deleted is lost; nothing else to do
  }
}

// moverMoves reads the legal moves of the board, set to the position rows
// with the mover on from, as [{ to, capture, f, r }] in ffish's order. Only
// the destination can lose a piece in a Fairy-Stockfish move of the
// variant (no en passant, no castling), so capture = the destination was
// occupied, which ffish's own isCapture must agree with. A move that does
// not start on from (cannot happen: 'x' is immobile) is an error.
function moverMoves(board, rows, from) {
  const legal = board.legalMoves();
  return (legal === '' ? [] : legal.split(' ')).map((uci) => {
    const m = /^([a-z])([0-9]+)([a-z])([0-9]+)$/.exec(uci);
    if (!m) throw new Error(`unexpected ffish move ${JSON.stringify(uci)}`);
    if (FILES.indexOf(m[1]) !== from.f || Number(m[2]) - 1 !== from.r) {
      throw new Error(`ffish moves another piece than the mover: ${uci}`);
    }
    const f = FILES.indexOf(m[3]);
    const r = Number(m[4]) - 1;
    const capture = rows[r][f] !== null;
    if (capture !== board.isCapture(uci)) {
      throw new Error(`capture flag of ${uci} disagrees with ffish's isCapture`);
    }
    return { to: squareName(f, r), capture, f, r };
  });
}

// ---------------------------------------------------------------------------
// Main loop: requests arrive before ffish has finished loading; they wait in
// order in the queue and are answered strictly in that order.

// reply writes one reply line on stdout.
function reply(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

// serve calls handle on each non-blank line of stdin, in order, once ffish
// has loaded, until handle returns false or the input ends.
function serve(handle) {
  const queue = [];
  let ready = false;
  let stopped = false;
  let inputClosed = false;

  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  function stop() {
    if (stopped) return;
    stopped = true;
    rl.close();
    process.stdin.destroy();
    process.exitCode = 0;
  }
  function drain() {
    while (ready && !stopped && queue.length > 0) {
      if (!handle(queue.shift())) stop();
    }
    if (ready && inputClosed && queue.length === 0) stop();
  }
  rl.on('line', (line) => {
    if (stopped) return;
    if (line.trim() === '') return; // blank lines are not requests
    queue.push(line);
    drain();
  });
  rl.on('close', () => {
    inputClosed = true;
    drain();
  });
  ffish.onRuntimeInitialized = () => {
    ready = true;
    drain();
  };
}

module.exports = {
  ffish,
  VERSION,
  MAX_FILES,
  MAX_RANKS,
  FILES,
  parseBoard,
  parsePosition,
  parseSquare,
  squareName,
  fenFor,
  variantBody,
  loadVariant,
  boardFor,
  dropBoard,
  moverMoves,
  reply,
  serve,
};

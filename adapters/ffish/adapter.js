#!/usr/bin/env node
// betzacheck protocol 2 adapter for Fairy-Stockfish, through the npm package
// ffish (Fairy-Stockfish compiled to WebAssembly). See spec/protocol.md for
// the protocol and README.md beside this file for how a request is turned
// into a Fairy-Stockfish variant.
//
// stdout carries protocol replies only; everything else goes to stderr.
'use strict';

const readline = require('readline');

// ffish is an Emscripten build: its C++ side prints through console.log.
// Bind that to stderr before loading it, so nothing but replies reach stdout.
console.log = console.error;
console.info = console.error;

// Under Node 18+ the Emscripten loader sees a global fetch, tries to fetch
// ffish.wasm as a URL and fails. Without fetch it reads the file from disk.
globalThis.fetch = undefined;

const ffish = require('ffish');
const FFISH_VERSION = require('ffish/package.json').version;

// Protocol 2 (spec/protocol.md); a client that asks in protocol 1 gets a
// protocol 1 reply.
const PROTOCOL = 2;
// `node adapter.js --profile fairy-stockfish` declares the classic profile
// that describes the engine (spec/classic.md §C5), so that it is judged by
// its own reading and only its own divergences remain; without it the
// default profile (xboard) judges it, which shows every way it reads
// classic Betza differently. No `validates: false` either way: the engine
// skips what it does not know instead of rejecting it, and that is a
// divergence worth reporting for a program that reads pieces from users.
const profileArg = process.argv.indexOf('--profile');
const DIALECT = profileArg > 0 ? `betza-classic:${process.argv[profileArg + 1]}` : 'betza-classic';
// Fairy-Stockfish's large-board build (which ffish is) has 12 files and 10
// ranks; a larger variant config is not registered and a board on it
// corrupts wasm memory, so larger boards are refused before ffish sees them.
const MAX_FILES = 12;
const MAX_RANKS = 10;
const FILES = 'abcdefghijklmnopqrstuvwxyz';

// ---------------------------------------------------------------------------
// Requests and replies

// RequestError carries an error reply's kind: "syntax", "unsupported" or
// "internal" (spec/protocol.md P4).
class RequestError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}
const unsupported = (msg) => new RequestError('unsupported', msg);
const badRequest = (msg) => new RequestError('internal', 'bad request: ' + msg);

function reply(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

// handle answers one request line; it returns false when the process should
// stop reading (op "bye").
function handle(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    reply({ id: null, error: { kind: 'internal', message: 'request is not JSON: ' + e.message } });
    return true;
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    reply({ id: null, error: { kind: 'internal', message: 'request is not a JSON object' } });
    return true;
  }
  const id = Number.isInteger(req.id) ? req.id : null;
  try {
    switch (req.op) {
      case 'hello':
        reply({
          id,
          name: 'ffish',
          version: FFISH_VERSION,
          protocol: req.protocol === 1 ? 1 : PROTOCOL,
          dialects: [DIALECT],
          level: 'destinations',
          maxBoard: `${MAX_FILES}x${MAX_RANKS}`,
        });
        return true;
      case 'bye':
        return false; // bye has no reply
      case 'moves':
        reply({ id, outcomes: moves(req) });
        return true;
      default:
        throw unsupported(`unknown op ${JSON.stringify(req.op)}`);
    }
  } catch (e) {
    if (!(e instanceof RequestError)) {
      // An exception out of ffish (e.g. a wasm trap) or a bug here.
      e = new RequestError('internal', String(e && e.message ? e.message : e));
    }
    reply({ id, error: { kind: e.kind, message: e.message } });
    return true;
  }
}

// ---------------------------------------------------------------------------
// Positions

// parseBoard reads "WxH".
function parseBoard(text) {
  const m = /^([1-9][0-9]*)x([1-9][0-9]*)$/.exec(String(text));
  if (!m) throw badRequest(`board ${JSON.stringify(text)} is not WxH`);
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w > 26 || h > 26) throw badRequest(`board ${text} is larger than 26x26`);
  return { w, h };
}

// parsePosition reads the protocol's placement text into rows[r][f]
// (r = 0 is rank 1), each cell null or { letter, virgin }.
function parsePosition(text, w, h) {
  if (typeof text !== 'string') throw badRequest('position is not a string');
  const ranks = text.split('/');
  if (ranks.length !== h) throw badRequest(`position has ${ranks.length} ranks, board has ${h}`);
  const rows = [];
  ranks.forEach((rankText, i) => {
    const row = [];
    for (let j = 0; j < rankText.length; ) {
      const c = rankText[j];
      if (c >= '0' && c <= '9') {
        let k = j;
        while (k < rankText.length && rankText[k] >= '0' && rankText[k] <= '9') k++;
        const n = Number(rankText.slice(j, k));
        if (n === 0) throw badRequest(`position: empty run of 0 in rank ${h - i}`);
        for (let e = 0; e < n; e++) row.push(null);
        j = k;
      } else if (/[A-Za-z]/.test(c)) {
        const virgin = rankText[j + 1] === '*';
        row.push({ letter: c, virgin });
        j += virgin ? 2 : 1;
      } else {
        throw badRequest(`position: unexpected ${JSON.stringify(c)} in rank ${h - i}`);
      }
    }
    if (row.length !== w) throw badRequest(`position: rank ${h - i} has ${row.length} squares, board has ${w}`);
    rows.unshift(row); // text runs from the top rank down
  });
  return rows;
}

// parseSquare reads "b12" into { f, r } (0-based) within a w x h board.
function parseSquare(text, w, h) {
  const m = /^([a-z])([1-9][0-9]*)$/.exec(String(text));
  const f = m ? FILES.indexOf(m[1]) : -1;
  const r = m ? Number(m[2]) - 1 : -1;
  if (!m || f >= w || r >= h) throw badRequest(`square ${JSON.stringify(text)} is not on the board`);
  return { f, r };
}

const squareName = (f, r) => FILES[f] + (r + 1);

// ---------------------------------------------------------------------------
// The Fairy-Stockfish side

// Variants loaded so far, by config body. ffish cannot redefine or unload a
// variant, so each distinct body gets a fresh name and stays loaded.
const variantNames = new Map();

// variantFor returns the name of a variant in which custom piece 'a' moves
// by the notation; every other piece is 'x', Fairy-Stockfish's immobile
// piece. There is no king and no check, so the legal moves of the side to
// move are exactly the moves of its 'a' (and 'x' has none). Fairy-Stockfish
// allows 'i' moves on the "double step region"; that region is the mover's
// square when the mover has not moved yet, else empty.
function variantFor(notation, w, h, initialWhite, initialBlack) {
  const body = [
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
  let name = variantNames.get(body);
  if (name === undefined) {
    name = 'betzacheck' + (variantNames.size + 1);
    try {
      ffish.loadVariantConfig(`[${name}]\n${body}\n`);
    } catch (e) {
      throw unsupported(`ffish refused the variant config: ${e && e.message ? e.message : e}`);
    }
    // ffish drops a config it cannot take without saying so, and a Board
    // for an unknown variant reads undefined memory: check it is there.
    if (!` ${ffish.variants()} `.includes(` ${name} `)) {
      throw unsupported('ffish did not register the variant config');
    }
    variantNames.set(body, name);
  }
  return name;
}

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

// moves answers a "moves" request at level destinations.
function moves(req) {
  if (req.dialect !== DIALECT) throw unsupported(`dialect ${JSON.stringify(req.dialect)} (ffish reads ${DIALECT} only)`);
  if (typeof req.notation !== 'string') throw badRequest('notation is not a string');
  const { w, h } = parseBoard(req.board);
  const rows = parsePosition(req.position, w, h);
  const from = parseSquare(req.from, w, h);
  const mover = rows[from.r][from.f];
  if (mover === null) throw badRequest(`no piece on ${req.from}`);
  if (w > MAX_FILES || h > MAX_RANKS) throw unsupported(`board ${w}x${h} is larger than ffish's ${MAX_FILES}x${MAX_RANKS}`);
  // The notation goes into one line of an ini-style config. A line break
  // would end it early; such a notation cannot be handed to ffish at all.
  // Every other character is passed through untouched, so that how ffish
  // reads it is what betzacheck sees.
  if (/[\x00-\x1f\x7f]/.test(req.notation)) throw unsupported('notation has a control character, which a variant config line cannot carry');

  const moverWhite = mover.letter <= 'Z';
  const here = mover.virgin ? req.from : '';
  const name = variantFor(req.notation, w, h, moverWhite ? here : '', moverWhite ? '' : here);
  const fen = fenFor(rows, w, h, from);
  const valid = ffish.validateFen(fen, name);
  if (valid !== 1) throw unsupported(`ffish rejects the position ${fen} (validateFen ${valid})`);

  const board = boardFor(name, fen);
  try {
    const seen = new Map();
    const legal = board.legalMoves();
    for (const uci of legal === '' ? [] : legal.split(' ')) {
      const m = /^([a-z])([0-9]+)([a-z])([0-9]+)$/.exec(uci);
      if (!m) throw new RequestError('internal', `unexpected ffish move ${JSON.stringify(uci)}`);
      const mf = FILES.indexOf(m[1]);
      const mr = Number(m[2]) - 1;
      if (mf !== from.f || mr !== from.r) continue; // not the mover (cannot happen: 'x' is immobile)
      const tf = FILES.indexOf(m[3]);
      const tr = Number(m[4]) - 1;
      // Only the destination can lose a piece in a Fairy-Stockfish move of
      // this variant (no en passant, no castling), so capture = the
      // destination was occupied. ffish's own isCapture must agree.
      const capture = rows[tr][tf] !== null;
      if (capture !== board.isCapture(uci)) {
        throw new RequestError('internal', `capture flag of ${uci} disagrees with ffish's isCapture`);
      }
      const to = squareName(tf, tr);
      seen.set(`${to}/${capture}`, { to, capture, f: tf, r: tr });
    }
    // Deterministic order: by file, then rank, then capture.
    return [...seen.values()]
      .sort((a, b) => a.f - b.f || a.r - b.r || a.capture - b.capture)
      .map(({ to, capture }) => ({ to, capture }));
  } catch (e) {
    dropBoard(); // after a failure, trust no state of that board
    throw e;
  }
}

// Creating an ffish Board sets up move tables that are global to the wasm
// module: a board created earlier for another variant then generates the
// newer board's piece moves (observed with 0.7.10). So only the board
// created last is used; it is kept while requests stay on its variant,
// since creating a board (~4 ms) costs far more than setFen (~0.02 ms).
let current = null; // { name, board }

function boardFor(name, fen) {
  if (current !== null && current.name === name) {
    current.board.setFen(fen);
    return current.board;
  }
  dropBoard();
  current = { name, board: new ffish.Board(name, fen) };
  return current.board;
}

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

// ---------------------------------------------------------------------------
// Main loop: requests arrive before ffish has finished loading; they wait in
// order in the queue and are answered strictly in that order.

const queue = [];
let ready = false;
let stopped = false;

function drain() {
  while (ready && !stopped && queue.length > 0) {
    if (!handle(queue.shift())) stop();
  }
  if (ready && inputClosed && queue.length === 0) stop();
}

function stop() {
  if (stopped) return;
  stopped = true;
  rl.close();
  process.stdin.destroy();
  process.exitCode = 0;
}

let inputClosed = false;
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
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

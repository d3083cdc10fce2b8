#!/usr/bin/env node
// betzacheck protocol 2 adapter for Fairy-Stockfish, through the npm package
// ffish (Fairy-Stockfish compiled to WebAssembly). See spec/protocol.md for
// the protocol and README.md beside this file for how a request is turned
// into a Fairy-Stockfish variant.
//
// stdout carries protocol replies only; everything else goes to stderr.
'use strict';

// ffish.js loads ffish (binding console.log to stderr first, so that
// nothing but replies reach stdout) and holds the positions, variants and
// boards this adapter shares with the side-by-side benchmark
// (conformance/speed).
const lib = require('./ffish.js');

const { ffish, MAX_FILES, MAX_RANKS, reply } = lib;
const FFISH_VERSION = lib.VERSION;

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
// Positions: ffish.js reads them, and what it refuses is a bad request.

function asBadRequest(read) {
  return (...args) => {
    try {
      return read(...args);
    } catch (e) {
      throw badRequest(e.message);
    }
  };
}
const parseBoard = asBadRequest(lib.parseBoard);
const parsePosition = asBadRequest(lib.parsePosition);
const parseSquare = asBadRequest(lib.parseSquare);

// ---------------------------------------------------------------------------
// The Fairy-Stockfish side

// Variants loaded so far, by config body. ffish cannot redefine or unload a
// variant, so each distinct body gets a fresh name and stays loaded.
const variantNames = new Map();

// variantFor returns the name of the variant of lib.variantBody, loading
// it the first time.
function variantFor(notation, w, h, initialWhite, initialBlack) {
  const body = lib.variantBody(notation, w, h, initialWhite, initialBlack);
  let name = variantNames.get(body);
  if (name === undefined) {
    name = 'betzacheck' + (variantNames.size + 1);
    try {
      lib.loadVariant(name, body);
    } catch (e) {
      throw unsupported(e.message);
    }
    variantNames.set(body, name);
  }
  return name;
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
  const fen = lib.fenFor(rows, w, h, from);
  const valid = ffish.validateFen(fen, name);
  if (valid !== 1) throw unsupported(`ffish rejects the position ${fen} (validateFen ${valid})`);

  const board = lib.boardFor(name, fen);
  try {
    const seen = new Map();
    for (const move of lib.moverMoves(board, rows, from)) {
      seen.set(`${move.to}/${move.capture}`, move);
    }
    // Deterministic order: by file, then rank, then capture.
    return [...seen.values()]
      .sort((a, b) => a.f - b.f || a.r - b.r || a.capture - b.capture)
      .map(({ to, capture }) => ({ to, capture }));
  } catch (e) {
    lib.dropBoard(); // after a failure, trust no state of that board
    throw e;
  }
}

lib.serve(handle);

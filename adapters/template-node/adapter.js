#!/usr/bin/env node
// template-node: a betzacheck adapter (spec/protocol.md, protocol 2) in one
// file of Node's standard library, around a small move generator of its own
// for the classic single-leg subset of Betza notation (spec/classic.md,
// profile xboard): atoms W F D N A H C Z G K Q R B, doubled letters, ranges,
// direction letters f b r l v s, modes m c, unions.
//
// To wrap your own program, replace movesOf (the one generator call) and
// the hello fields that describe it; the protocol loop stays as it is.
//
// Run it as `node adapter.js [--bugs LIST]`: --bugs (names separated by
// commas, or "all") plants reading mistakes in the generator, so that a run
// of the judge shows what a buggy program looks like (README.md, "Planted
// bugs"). Without it the adapter is clean.
'use strict';
const readline = require('node:readline');

const HELLO = {
  name: 'template-node',
  version: '1.0.0',
  protocol: 2,
  dialects: ['betza-classic'], // default profile: xboard (§C5)
  level: 'effects', // to, capture and changes (P3.3)
  occupied: true, // it reads the other pieces on the board
  colours: true, // it tells friends from enemies
  unmoved: false, // it ignores `*`: nothing in the subset depends on it
  validates: false, // it never reports syntax errors
  characters: 'WFDNAHCZGKQRBfbrlvsmc0123456789',
};

// The reading mistakes --bugs can plant, in the order they are named; each
// is one `bugs.has('name')` in the generator below, and a row of README.md.
const BUGS = {
  'mc-last': 'with both m and c on a move, only the one written last counts (§C3.2)',
  'oblique-quadrant': 'on N C Z a pair fr rf fl lf br rb bl lb names both leaps of its quadrant (§2.4)',
  'doubled-two': 'a doubled letter is the atom read twice, that is once: NN is N (§C2.2)',
  'digit-dropped': 'a range number is read and ignored: W3 is W (§C2.3, §B5.1)',
};
const NO_BUGS = new Set();

// The bugs the command line asks for (--bugs LIST), in the order of BUGS;
// throws for an unknown argument or bug name.
function readBugs(argv) {
  const bugs = new Set();
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] !== '--bugs' || i + 1 === argv.length) {
      throw new Error(`unknown argument ${JSON.stringify(argv[i])} (usage: adapter.js [--bugs LIST])`);
    }
    for (const name of argv[i + 1].split(',').filter((n) => n !== '')) {
      if (name === 'all') Object.keys(BUGS).forEach((b) => bugs.add(b));
      else if (name in BUGS) bugs.add(name);
      else throw new Error(`unknown bug ${JSON.stringify(name)} in --bugs; the bugs are ${Object.keys(BUGS).join(', ')} and all`);
    }
  }
  return new Set(Object.keys(BUGS).filter((b) => bugs.has(b)));
}

// The hello reply's fields with bugs planted: the bugs in the name (it
// already reads other pieces, which the bugs about blocking need).
function hello(bugs) {
  if (bugs.size === 0) return HELLO;
  return { ...HELLO, name: [HELLO.name, ...bugs].join('+'), occupied: true };
}

// ---------------------------------------------------------------------------
// The move generator. Replace this section with a call into your program.

// §1.1, §1.3: each atom's leaps (p, q), and the class that gives its
// direction letters their meaning (§1.5). R B Q ride W F K without limit.
const ATOMS = {
  W: { leaps: [[0, 1]], cls: 'orth' }, D: { leaps: [[0, 2]], cls: 'orth' },
  H: { leaps: [[0, 3]], cls: 'orth' }, R: { leaps: [[0, 1]], cls: 'orth', rider: true },
  F: { leaps: [[1, 1]], cls: 'diag' }, A: { leaps: [[2, 2]], cls: 'diag' },
  G: { leaps: [[3, 3]], cls: 'diag' }, B: { leaps: [[1, 1]], cls: 'diag', rider: true },
  N: { leaps: [[1, 2]], cls: 'obl' }, C: { leaps: [[1, 3]], cls: 'obl' },
  Z: { leaps: [[2, 3]], cls: 'obl' },
  K: { leaps: [[0, 1], [1, 1]], cls: 'comp' },
  Q: { leaps: [[0, 1], [1, 1]], cls: 'comp', rider: true },
};

// §2.2–§2.5: what each direction name selects, by class, as single move
// names. A corner written either way (fl, lf) is one name except on the
// oblique atoms, where lf leans left of forward and fl forward of left.
const ALL_DIAG = 'fl fr bl br';
const TABLES = {
  orth: { f: 'f', b: 'b', l: 'l', r: 'r', v: 'f b', s: 'l r',
    fl: 'f l', lf: 'f l', fr: 'f r', rf: 'f r', bl: 'b l', lb: 'b l', br: 'b r', rb: 'b r',
    fs: 'f l r', bs: 'b l r', lv: 'l f b', rv: 'r f b' },
  diag: { f: 'fl fr', b: 'bl br', l: 'fl bl', r: 'fr br', v: ALL_DIAG, s: ALL_DIAG,
    fl: 'fl', lf: 'fl', fr: 'fr', rf: 'fr', bl: 'bl', lb: 'bl', br: 'br', rb: 'br',
    fs: 'fl fr', bs: 'bl br', lv: 'fl bl', rv: 'fr br' },
  obl: { f: 'lf rf', b: 'lb rb', l: 'fl bl', r: 'fr br', v: 'lf rf lb rb', s: ALL_DIAG,
    fl: 'fl', lf: 'lf', fr: 'fr', rf: 'rf', bl: 'bl', lb: 'lb', br: 'br', rb: 'rb',
    fs: 'fl fr', bs: 'bl br', lv: 'lf lb', rv: 'rf rb' },
  comp: { f: 'f', b: 'b', l: 'l', r: 'r', v: 'f b', s: 'l r',
    fl: 'fl', lf: 'fl', fr: 'fr', rf: 'fr', bl: 'bl', lb: 'bl', br: 'br', rb: 'br',
    fs: 'fl fr', bs: 'bl br', lv: 'fl bl', rv: 'fr br' },
};
const PAIRS = ['fl', 'fr', 'bl', 'br', 'lf', 'rf', 'lb', 'rb', 'fs', 'bs', 'lv', 'rv'];
// The pairs of letters of different axes (bug oblique-quadrant).
const CORNERS = ['fl', 'fr', 'bl', 'br', 'lf', 'rf', 'lb', 'rb'];

// What the letters outside the subset are, for the "unsupported" message.
const FEATURES = { p: 'p (hopper)', g: 'g (grasshopper)', n: 'n (lame leaper)',
  i: 'i (initial move)', j: 'j (jump)', e: 'e (en passant)', h: 'h (half or chiral directions)',
  J: 'atom J', L: 'atom L', O: 'atom O', U: 'atom U', X: 'atom X' };

class Unsupported extends Error {}

// §2.7: the single name of a displacement in white's frame (forward up,
// right towards the h-file).
function moveName(dx, dy) {
  const fb = dy > 0 ? 'f' : 'b', rl = dx > 0 ? 'r' : 'l';
  if (dx === 0) return fb;
  if (dy === 0) return rl;
  if (Math.abs(dx) === Math.abs(dy)) return fb + rl;
  return Math.abs(dy) > Math.abs(dx) ? rl + fb : fb + rl; // lean, then larger axis
}

// §2.6, §C5.5: the names a run of direction letters selects; null = every
// move. A letter written twice is that letter once (xboard reads ffrrN as
// fN and rN).
function selection(directions, cls, bugs = NO_BUGS) {
  if (directions === '') return null;
  const names = new Set();
  for (let i = 0; i < directions.length;) {
    const doubled = directions[i + 1] === directions[i];
    const name = doubled || !PAIRS.includes(directions.slice(i, i + 2)) ? directions[i] : directions.slice(i, i + 2);
    i += doubled ? 2 : name.length;
    for (const single of TABLES[cls][name].split(' ')) names.add(single);
    if (bugs.has('oblique-quadrant') && cls === 'obl' && CORNERS.includes(name)) {
      names.add(name[1] + name[0]); // Bug oblique-quadrant: fr is fr and rf.
    }
  }
  return names;
}

// §1.1: the leaps (p, q) under the eight rotations and reflections.
function displacements(leaps) {
  const seen = new Map();
  for (const [p, q] of leaps) {
    for (const [a, b] of [[p, q], [q, p]]) {
      for (const [sa, sb] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) seen.set(`${sa * a},${sb * b}`, [sa * a, sb * b]);
    }
  }
  return [...seen.values()];
}

// §C1: a description is moves side by side; a move is modifiers, an atom,
// maybe the same letter again (a rider, §C2.2) and maybe a range (§C2.3).
function parseClassic(text, bugs = NO_BUGS) {
  const moves = [];
  let i = 0;
  while (i < text.length) {
    let mods = '';
    while (i < text.length && /[a-z]/.test(text[i])) mods += text[i++];
    for (const ch of mods) {
      if (!'fblrvsmc'.includes(ch)) throw new Unsupported(`${FEATURES[ch] || `modifier ${ch}`} is not implemented`);
    }
    const atom = text[i];
    if (atom === undefined) throw new Unsupported('modifiers with no atom after them are not read');
    if (!(atom in ATOMS)) throw new Unsupported(`${FEATURES[atom] || `character ${JSON.stringify(atom)}`} is not implemented`);
    i++;
    // Bug doubled-two: the doubled letter is the atom twice, that is once.
    const doubled = text[i] === atom && !bugs.has('doubled-two');
    if (text[i] === atom) i++;
    let digits = '';
    while (i < text.length && /[0-9]/.test(text[i])) digits += text[i++];
    if (bugs.has('digit-dropped')) digits = ''; // Bug digit-dropped: read, then ignored.
    // §C2.3 under xboard: every digit is read and 0 is no limit; a doubled
    // letter or R B Q ride without limit unless a range says otherwise.
    let range = doubled || ATOMS[atom].rider ? Infinity : 1;
    if (digits !== '') range = Number(digits) === 0 ? Infinity : Number(digits);
    let modes = mods;
    if (bugs.has('mc-last') && mods.includes('m') && mods.includes('c')) {
      modes = mods.lastIndexOf('m') > mods.lastIndexOf('c') ? 'm' : 'c'; // Bug mc-last.
    }
    moves.push({ atom, range, directions: mods.replace(/[mc]/g, ''),
      move: modes.includes('m') || !modes.includes('c'), capture: modes.includes('c') || !modes.includes('m') });
  }
  if (moves.length === 0) throw new Unsupported('an empty notation is not read');
  return moves;
}

// The moves of the piece on `from` in `position`: a list of {x, y, capture}.
// position.at(x, y) is the piece letter there or '' (x, y from 0).
// bugs: the planted bugs' names (BUGS).
function movesOf(notation, position, from, bugs = NO_BUGS) {
  const mover = position.at(from.x, from.y);
  const white = mover === mover.toUpperCase();
  const turn = white ? 1 : -1; // P3.1: black's frame is white's turned half a circle
  const found = new Map();
  for (const move of parseClassic(notation, bugs)) {
    const atom = ATOMS[move.atom];
    const names = selection(move.directions, atom.cls, bugs);
    for (const [dx, dy] of displacements(atom.leaps)) {
      if (names && !names.has(moveName(dx, dy))) continue;
      for (let k = 1; k <= move.range; k++) { // §1.2: straight on, blocked by any piece
        const x = from.x + turn * k * dx, y = from.y + turn * k * dy;
        if (x < 0 || y < 0 || x >= position.width || y >= position.height) break;
        const piece = position.at(x, y);
        if (piece === '') {
          if (move.move) found.set(`${x},${y}`, { x, y, capture: false }); // §3.1
          continue;
        }
        const enemy = (piece === piece.toUpperCase()) !== white;
        if (enemy && move.capture) found.set(`${x},${y}`, { x, y, capture: true }); // §3.2
        break;
      }
    }
  }
  return [...found.values()];
}

// ---------------------------------------------------------------------------
// The protocol (spec/protocol.md). Positions are §11.2 placement text.

function parsePosition(board, text) {
  const [width, height] = board.split('x').map(Number);
  const ranks = text.split('/');
  if (!(width >= 1 && height >= 1) || ranks.length !== height) throw new Error(`position ${text} does not fit board ${board}`);
  const cells = [];
  ranks.reverse().forEach((rank) => {
    const row = [];
    for (const [, run, letter] of rank.matchAll(/([0-9]+)|([A-Za-z])\*?/g)) {
      if (run) row.push(...Array(Number(run)).fill(''));
      else row.push(letter);
    }
    if (row.length !== width) throw new Error(`rank ${rank} is not ${width} squares wide`);
    cells.push(row);
  });
  return { width, height, at: (x, y) => cells[y][x] };
}

const squareName = (x, y) => String.fromCharCode(97 + x) + (y + 1);

function answerMoves(request, bugs) {
  if (request.dialect !== 'betza-classic') {
    return { error: { kind: 'unsupported', message: `dialect ${request.dialect} is not read` } };
  }
  const position = parsePosition(String(request.board), String(request.position));
  const square = /^([a-z])([0-9]+)$/.exec(String(request.from));
  const from = square && { x: square[1].charCodeAt(0) - 97, y: Number(square[2]) - 1 };
  if (!from || from.x >= position.width || from.y >= position.height || position.at(from.x, from.y) === '') {
    throw new Error(`no piece on ${request.from}`);
  }
  const letter = position.at(from.x, from.y);
  try {
    const moves = movesOf(String(request.notation), position, from, bugs);
    return { outcomes: moves.map(({ x, y, capture }) => {
      const to = squareName(x, y);
      return { to, capture, changes: { [request.from]: '', [to]: letter } }; // P3.3
    }) };
  } catch (err) {
    if (err instanceof Unsupported) return { error: { kind: 'unsupported', message: err.message } };
    throw err;
  }
}

function answer(line, bugs = NO_BUGS) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (err) {
    return { id: null, error: { kind: 'internal', message: `request is not JSON: ${err.message}` } };
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return { id: null, error: { kind: 'internal', message: 'request is not a JSON object' } };
  }
  try {
    if (request.op === 'bye') return null; // P5: bye has no reply
    if (request.op === 'hello') return { id: request.id, ...hello(bugs) };
    if (request.op === 'moves') return { id: request.id, ...answerMoves(request, bugs) };
    return { id: request.id, error: { kind: 'internal', message: `unknown op ${request.op}` } };
  } catch (err) {
    return { id: request.id, error: { kind: 'internal', message: err.message } };
  }
}

async function main() {
  let bugs;
  try {
    bugs = readBugs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`adapter.js: ${err.message}\n`);
    process.exit(2);
  }
  // One reply line per request, strictly in order (P1.3). A write to a pipe
  // goes out at once: there is no buffer to flush as in C's stdio.
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const reply = answer(line, bugs);
    if (reply === null) break;
    process.stdout.write(JSON.stringify(reply) + '\n');
  }
  process.stdout.write('', () => process.exit(0)); // bye or EOF: exit 0 once written
}

if (require.main === module) main();
module.exports = { BUGS, readBugs, movesOf, parseClassic, parsePosition, answer };

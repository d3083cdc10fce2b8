// Hand-checked cases for adapter.js: node --test adapters/template-node/
// Each expectation is derived by hand from spec/classic.md and
// spec/betza2.md; the comment above it says how. A destination is written
// as its square, with an x in front when it captures.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { BUGS, movesOf, parsePosition } = require('./adapter.js');

// bugs: the names of the planted bugs (adapter.js BUGS), none by default.
function moves(notation, position, from, board = '8x8', bugs = []) {
  const square = { x: from.charCodeAt(0) - 97, y: Number(from.slice(1)) - 1 };
  return movesOf(notation, parsePosition(board, position), square, new Set(bugs))
    .map(({ x, y, capture }) => (capture ? 'x' : '') + String.fromCharCode(97 + x) + (y + 1))
    .sort();
}
const sorted = (list) => [...list].sort();
const EMPTY_D4 = '8/8/8/8/3X4/8/8/8';

test('a rook is blocked by a friend and captures the first enemy (§1.2, §3.2)', () => {
  // Friend on d6, enemy on g4: up only d5; down d3 d2 d1; left c4 b4 a4;
  // right e4 f4 and the capture on g4, where the ride stops.
  assert.deepStrictEqual(moves('R', '8/8/3P4/8/3X2p1/8/8/8', 'd4'),
    sorted(['d5', 'd3', 'd2', 'd1', 'c4', 'b4', 'a4', 'e4', 'f4', 'xg4']));
});

test('m and c side by side: the pawn fmWfcF (§C1.1, §3.1, §3.2)', () => {
  // White c5, black d5 and e5: fmW needs d5 empty (it is not); fcF takes
  // only the enemy on e5, never the friend on c5.
  assert.deepStrictEqual(moves('fmWfcF', '8/8/8/2Ppp3/3X4/8/8/8', 'd4'), ['xe5']);
  // Empty board: the step forward, and no diagonal (nothing to capture).
  assert.deepStrictEqual(moves('fmWfcF', EMPTY_D4, 'd4'), ['d5']);
  // Black on d5 with a white piece on c4: black's forward is down (P3.1),
  // so fmW is d4; its forward diagonals are c4 (enemy: taken) and e4 (empty).
  assert.deepStrictEqual(moves('fmWfcF', '8/8/8/3x4/2P5/8/8/8', 'd5'), ['d4', 'xc4']);
});

test('mRcB: moves of one part, captures of the other (§3.1, §3.2)', () => {
  // Enemies on d6 and f6. mR: d5 (d6 stops it, no capture), d3 d2 d1,
  // a4 b4 c4, e4 f4 g4 h4. cB: only f6, behind the empty e5.
  assert.deepStrictEqual(moves('mRcB', '8/8/3p1p2/8/3X4/8/8/8', 'd4'),
    sorted(['d5', 'd3', 'd2', 'd1', 'a4', 'b4', 'c4', 'e4', 'f4', 'g4', 'h4', 'xf6']));
  // Friends all around: a friend is never captured.
  assert.deepStrictEqual(moves('cK', '8/8/8/2PPP3/2PXP3/2PPP3/8/8', 'd4'), []);
});

test('the nightrider NN rides one knight leap straight on (§C2.2)', () => {
  // From a1 only the leaps (1,2) and (2,1) stay on the board:
  // b3 c5 d7 and c2 e3 g4.
  assert.deepStrictEqual(moves('NN', '8/8/8/8/8/8/8/X7', 'a1'),
    sorted(['b3', 'c5', 'd7', 'c2', 'e3', 'g4']));
  // An enemy on c5 is captured and ends that line; d7 is not reached.
  assert.deepStrictEqual(moves('NN', '8/8/8/2p5/8/8/8/X7', 'a1'),
    sorted(['b3', 'xc5', 'c2', 'e3', 'g4']));
  // A range after the doubled letter limits it (§B5.1): NN2 stops at c5, e3.
  assert.deepStrictEqual(moves('NN2', '8/8/8/8/8/8/8/X7', 'a1'), sorted(['b3', 'c5', 'c2', 'e3']));
});

test('directions on the knight (§2.4, §2.6)', () => {
  // fs is the wide forward pair fl fr: (-2,+1) b5 and (+2,+1) f5.
  assert.deepStrictEqual(moves('fsN', EMPTY_D4, 'd4'), ['b5', 'f5']);
  // fr alone is the single move (+2,+1).
  assert.deepStrictEqual(moves('frN', EMPTY_D4, 'd4'), ['f5']);
  // f is the narrow forward pair lf rf: c6 e6; lf alone is c6.
  assert.deepStrictEqual(moves('fN', EMPTY_D4, 'd4'), ['c6', 'e6']);
  assert.deepStrictEqual(moves('lfN', EMPTY_D4, 'd4'), ['c6']);
  // v: the four mostly vertical leaps; s: the four mostly sideways ones.
  assert.deepStrictEqual(moves('vN', EMPTY_D4, 'd4'), sorted(['c6', 'e6', 'c2', 'e2']));
  assert.deepStrictEqual(moves('sN', EMPTY_D4, 'd4'), sorted(['b5', 'f5', 'b3', 'f3']));
  // fb is no pair: f and b, the narrow forward and backward pairs.
  assert.deepStrictEqual(moves('fbN', EMPTY_D4, 'd4'), sorted(['c6', 'e6', 'c2', 'e2']));
  // frs reads fr then s: (+2,+1) is already in s, so s alone.
  assert.deepStrictEqual(moves('frsN', EMPTY_D4, 'd4'), sorted(['b5', 'f5', 'b3', 'f3']));
  // Black on d5: its fs leaps are white's turned half a circle, (+-2,-1):
  // b4 and f4; its fr is (-2,-1), b4.
  assert.deepStrictEqual(moves('fsN', '8/8/8/3x4/8/8/8/8', 'd5'), ['b4', 'f4']);
  assert.deepStrictEqual(moves('frN', '8/8/8/3x4/8/8/8/8', 'd5'), ['b4']);
  // §C5.5 xboard: a letter written twice is that letter once, so rrfN is
  // rN (f5 f3) and fN (c6 e6), not Betza 2.0's r and rf.
  assert.deepStrictEqual(moves('rrfN', EMPTY_D4, 'd4'), sorted(['c6', 'e6', 'f5', 'f3']));
});

test('K and Q take the compound table (§C5.4 xboard, §2.5)', () => {
  // fK is the one step forward, not fWfF.
  assert.deepStrictEqual(moves('fK', EMPTY_D4, 'd4'), ['d5']);
  // fs is the two forward diagonals; fr one diagonal.
  assert.deepStrictEqual(moves('fsK', EMPTY_D4, 'd4'), ['c5', 'e5']);
  assert.deepStrictEqual(moves('frK', EMPTY_D4, 'd4'), ['e5']);
  // v and s are the orthogonal pairs; lv the two left diagonals.
  assert.deepStrictEqual(moves('vK', EMPTY_D4, 'd4'), ['d3', 'd5']);
  assert.deepStrictEqual(moves('sK', EMPTY_D4, 'd4'), ['c4', 'e4']);
  assert.deepStrictEqual(moves('lvK', EMPTY_D4, 'd4'), ['c3', 'c5']);
  // fQ rides straight up; fsQ the two forward diagonals.
  assert.deepStrictEqual(moves('fQ', EMPTY_D4, 'd4'), ['d5', 'd6', 'd7', 'd8']);
  assert.deepStrictEqual(moves('fsQ', EMPTY_D4, 'd4'), sorted(['c5', 'b6', 'a7', 'e5', 'f6', 'g7', 'h8']));
});

test('directions on orthogonal and diagonal atoms (§2.2, §2.3)', () => {
  // fs on W: f, l and r. fr on W: the two moves either side of the corner.
  assert.deepStrictEqual(moves('fsW', EMPTY_D4, 'd4'), sorted(['d5', 'c4', 'e4']));
  assert.deepStrictEqual(moves('frW', EMPTY_D4, 'd4'), sorted(['d5', 'e4']));
  // f on F: both forward diagonals; fs on F is the same as f.
  assert.deepStrictEqual(moves('fF', EMPTY_D4, 'd4'), ['c5', 'e5']);
  assert.deepStrictEqual(moves('fsF', EMPTY_D4, 'd4'), ['c5', 'e5']);
  // lv on B is l: the two left diagonals, ridden to the edge.
  assert.deepStrictEqual(moves('lvB', EMPTY_D4, 'd4'), sorted(['c5', 'b6', 'a7', 'c3', 'b2', 'a1']));
});

test('ranges and leaps (§C2.3, §1.1)', () => {
  // W2: up to two steps each way.
  assert.deepStrictEqual(moves('W2', EMPTY_D4, 'd4'),
    sorted(['d5', 'd6', 'd3', 'd2', 'c4', 'b4', 'e4', 'f4']));
  // W0 is the rook under xboard: on 3x3 from a1, a2 a3 b1 c1.
  assert.deepStrictEqual(moves('W0', '3/3/X2', 'a1', '3x3'), sorted(['a2', 'a3', 'b1', 'c1']));
  // K2 from a1: two steps up, right and up-right.
  assert.deepStrictEqual(moves('K2', '8/8/8/8/8/8/8/X7', 'a1'), sorted(['a2', 'a3', 'b1', 'c1', 'b2', 'c3']));
  // Every digit counts: W10 on a 12x1 board from a1 reaches b1 ... k1.
  assert.deepStrictEqual(moves('W10', 'X11', 'a1', '12x1'),
    sorted(['b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'j1', 'k1']));
  // D leaps over a friend on d5; DD is blocked by the friend on d6.
  assert.deepStrictEqual(moves('fD', '8/8/8/3P4/3X4/8/8/8', 'd4'), ['d6']);
  assert.deepStrictEqual(moves('DD', '8/8/3P4/8/3X4/8/8/8', 'd4'), sorted(['d2', 'b4', 'f4', 'h4']));
});

// The planted bugs (README.md, "Planted bugs"), each against the clean
// reading on a small position; both answers derived by hand.

test('bug mc-last: only the last of m and c counts', () => {
  // An enemy on d5. Clean (§C3.2): mcW may both move and capture: xd5 and
  // the empty c4 e4 d3, the same as W. Bug: mcW is cW, xd5 only; cmW is mW,
  // the empty c4 e4 d3 only.
  const position = '8/8/8/3p4/3X4/8/8/8';
  assert.deepStrictEqual(moves('mcW', position, 'd4'), sorted(['xd5', 'c4', 'e4', 'd3']));
  assert.deepStrictEqual(moves('mcW', position, 'd4', '8x8', ['mc-last']), ['xd5']);
  assert.deepStrictEqual(moves('cmW', position, 'd4', '8x8', ['mc-last']), sorted(['c4', 'e4', 'd3']));
  // One mode alone is read as before: cW is xd5.
  assert.deepStrictEqual(moves('cW', position, 'd4', '8x8', ['mc-last']), ['xd5']);
});

test('bug oblique-quadrant: a corner pair on N names its quadrant', () => {
  // Clean (§2.4): frN is the single move (+2,+1), f5; lbN is (-1,-2), c2.
  // Bug: frN is fr and rf, (+2,+1) f5 and (+1,+2) e6; lbN is lb and bl,
  // c2 and (-2,-1) b3.
  assert.deepStrictEqual(moves('frN', EMPTY_D4, 'd4'), ['f5']);
  assert.deepStrictEqual(moves('frN', EMPTY_D4, 'd4', '8x8', ['oblique-quadrant']), ['e6', 'f5']);
  assert.deepStrictEqual(moves('lbN', EMPTY_D4, 'd4'), ['c2']);
  assert.deepStrictEqual(moves('lbN', EMPTY_D4, 'd4', '8x8', ['oblique-quadrant']), ['b3', 'c2']);
  // fs and lv are not corners: fsN stays b5 f5, lvN stays c6 c2; and frW
  // (orthogonal) stays d5 e4.
  assert.deepStrictEqual(moves('fsN', EMPTY_D4, 'd4', '8x8', ['oblique-quadrant']), ['b5', 'f5']);
  assert.deepStrictEqual(moves('lvN', EMPTY_D4, 'd4', '8x8', ['oblique-quadrant']), ['c2', 'c6']);
  assert.deepStrictEqual(moves('frW', EMPTY_D4, 'd4', '8x8', ['oblique-quadrant']), ['d5', 'e4']);
});

test('bug doubled-two: a doubled letter is the atom once', () => {
  // Clean (§C2.2): NN from a1 is the nightrider, b3 c5 d7 and c2 e3 g4.
  // Bug: N, b3 c2.
  const a1 = '8/8/8/8/8/8/8/X7';
  assert.deepStrictEqual(moves('NN', a1, 'a1'), sorted(['b3', 'c5', 'd7', 'c2', 'e3', 'g4']));
  assert.deepStrictEqual(moves('NN', a1, 'a1', '8x8', ['doubled-two']), ['b3', 'c2']);
  // Clean: WW on 3x3 from a1 is the rook, a2 a3 b1 c1. Bug: W, a2 b1.
  assert.deepStrictEqual(moves('WW', '3/3/X2', 'a1', '3x3', ['doubled-two']), ['a2', 'b1']);
  // A range after it is read as usual: NN2 is N2, b3 c5 and c2 e3, the
  // same as the clean NN2.
  assert.deepStrictEqual(moves('NN2', a1, 'a1', '8x8', ['doubled-two']), sorted(['b3', 'c5', 'c2', 'e3']));
});

test('bug digit-dropped: a range number is ignored', () => {
  // Clean (§C2.3, §B5.1): W3 from d4 is three steps each way: d5 d6 d7,
  // d3 d2 d1, c4 b4 a4, e4 f4 g4. Bug: W, d5 d3 c4 e4.
  assert.deepStrictEqual(moves('W3', EMPTY_D4, 'd4'),
    sorted(['d5', 'd6', 'd7', 'd3', 'd2', 'd1', 'c4', 'b4', 'a4', 'e4', 'f4', 'g4']));
  assert.deepStrictEqual(moves('W3', EMPTY_D4, 'd4', '8x8', ['digit-dropped']), sorted(['d5', 'd3', 'c4', 'e4']));
  // Clean: R2 from a1 is a2 a3 b1 c1; bug: R, a2-a8 and b1-h1.
  const a1 = '8/8/8/8/8/8/8/X7';
  assert.deepStrictEqual(moves('R2', a1, 'a1'), sorted(['a2', 'a3', 'b1', 'c1']));
  assert.deepStrictEqual(moves('R2', a1, 'a1', '8x8', ['digit-dropped']),
    sorted(['a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1']));
  // Clean: N0 is the nightrider (xboard: 0 is no limit), b3 c5 d7 c2 e3 g4;
  // bug: N, b3 c2. Clean NN2: b3 c5 c2 e3; bug: NN, the whole nightrider.
  assert.deepStrictEqual(moves('N0', a1, 'a1', '8x8', ['digit-dropped']), ['b3', 'c2']);
  assert.deepStrictEqual(moves('NN2', a1, 'a1', '8x8', ['digit-dropped']),
    sorted(['b3', 'c5', 'd7', 'c2', 'e3', 'g4']));
});

function runAdapter(args, input = '') {
  return spawnSync(process.execPath, [path.join(__dirname, 'adapter.js'), ...args], { input, encoding: 'utf8' });
}

test('--bugs: the hello names the bugs; an unknown name exits 2 before any reply', () => {
  const helloLine = JSON.stringify({ id: 0, op: 'hello', protocol: 2 }) + '\n';
  const helloWith = (args) => {
    const run = runAdapter(args, helloLine);
    assert.strictEqual(run.status, 0, run.stderr);
    return JSON.parse(run.stdout.split('\n')[0]);
  };
  // Named in the order of BUGS, whatever the order written.
  let hello = helloWith(['--bugs', 'digit-dropped,mc-last']);
  assert.strictEqual(hello.name, 'template-node+mc-last+digit-dropped');
  assert.strictEqual(hello.occupied, true);
  hello = helloWith(['--bugs', 'all']);
  assert.strictEqual(hello.name, ['template-node', ...Object.keys(BUGS)].join('+'));
  assert.strictEqual(helloWith(['--bugs', '']).name, 'template-node');
  for (const args of [['--bugs', 'mc-last,nosuch'], ['--bugs'], ['--verbose']]) {
    const run = runAdapter(args, helloLine);
    assert.strictEqual(run.status, 2, args.join(' '));
    assert.strictEqual(run.stdout, '', args.join(' '));
    assert.match(run.stderr, /^adapter\.js: /);
  }
  assert.match(runAdapter(['--bugs', 'nosuch']).stderr, /unknown bug "nosuch"/);
});

test('features outside the subset are unsupported, never syntax errors', () => {
  for (const [notation, feature] of [['mRcpR', 'p'], ['gQ', 'g'], ['nN', 'n'], ['ifmW', 'i'],
    ['jR', 'j'], ['fceF', 'e'], ['hrN', 'h'], ['J', 'J'], ['O', 'O'], ['[R-sR]', '[']]) {
    assert.throws(() => moves(notation, EMPTY_D4, 'd4'), (err) => err.message.includes(feature), notation);
  }
});

test('the protocol: hello, moves in order, bye exits 0 (spec/protocol.md)', () => {
  const input = [
    { id: 0, op: 'hello', protocol: 2 },
    { id: 1, op: 'moves', dialect: 'betza-classic', notation: 'fW', board: '3x3', position: '3/1X*1/3', from: 'b2' },
    { id: 2, op: 'moves', dialect: 'betza-classic', notation: 'pR', board: '3x3', position: '3/1x1/3', from: 'b2' },
    { id: 3, op: 'perft' },
    { id: 4, op: 'bye' },
  ].map((r) => JSON.stringify(r) + '\n').join('');
  const run = spawnSync(process.execPath, [path.join(__dirname, 'adapter.js')], { input, encoding: 'utf8' });
  assert.strictEqual(run.status, 0);
  const replies = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.deepStrictEqual(replies.map((r) => r.id), [0, 1, 2, 3]);
  assert.strictEqual(replies[0].protocol, 2);
  assert.strictEqual(replies[0].validates, false);
  // The unmoved marker is read past; the mover lands without it (P3.3).
  assert.deepStrictEqual(replies[1].outcomes, [{ to: 'b3', capture: false, changes: { b2: '', b3: 'X' } }]);
  assert.strictEqual(replies[2].error.kind, 'unsupported');
  assert.strictEqual(replies[3].error.kind, 'internal');
});

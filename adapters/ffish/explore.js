#!/usr/bin/env node
// explore.js asks the adapter (in protocol 1, which the adapter still
// answers; betzacheck speaks protocol 2, whose capabilities the probes do
// not need) how ffish reads a list of notations, and prints one Markdown table row per
// probe. NOTES.md was written from its output: `node explore.js`.
//
// A destination is printed as the mover's displacement (df,dr) in white's
// frame, grouped by ray: "(1,2)x1-3" is (1,2), (2,4), (3,6); a trailing "c"
// marks a capture.
'use strict';

const { spawnSync } = require('child_process');
const path = require('path');

const FILES = 'abcdefghijklmnopqrstuvwxyz';

// place builds a placement text for a w x h board from { square: letter }.
function place(w, h, pieces) {
  const ranks = [];
  for (let r = h; r >= 1; r--) {
    let text = '';
    let empty = 0;
    for (let f = 0; f < w; f++) {
      const p = pieces[FILES[f] + r];
      if (p === undefined) {
        empty++;
        continue;
      }
      if (empty) text += empty;
      empty = 0;
      text += p;
    }
    if (empty) text += empty;
    ranks.push(text);
  }
  return ranks.join('/');
}

// Probe positions. The large board is ffish's largest, 12x10, with the
// mover on f5 (5 files to the left, 6 to the right, 4 ranks below, 5 above).
const W = 12;
const H = 10;
const positions = {
  empty: { from: 'f5', pieces: { f5: 'X' }, desc: 'white mover alone' },
  emptyBlack: { from: 'f5', pieces: { f5: 'x' }, desc: 'black mover alone' },
  virgin: { from: 'f5', pieces: { f5: 'X*' }, desc: "white mover alone, not moved yet ('*')" },
  virginBlack: { from: 'f5', pieces: { f5: 'x*' }, desc: "black mover alone, not moved yet ('*')" },
  crowd: { from: 'f5', crowd: 'o', desc: 'enemies on every other square' },
  crowdFriends: { from: 'f5', crowd: 'O', desc: 'friends on every other square' },
  screens: {
    from: 'f5',
    pieces: { f5: 'X', f7: 'P', f9: 'p', c5: 'P', a5: 'p', f2: 'r' },
    desc: 'friends f7 c5, enemies f9 a5 f2 (cannon screens)',
  },
  blockersW: { from: 'f5', pieces: { f5: 'X', f6: 'P', g5: 'P' }, desc: 'friends on the orthogonal neighbours f6 g5' },
  blockersF: { from: 'f5', pieces: { f5: 'X', g6: 'P' }, desc: 'friend on the diagonal neighbour g6' },
  virginBlocked: { from: 'f5', pieces: { f5: 'X*', f6: 'P' }, desc: 'mover not moved yet, friend on f6' },
  nightBlock: { from: 'f5', pieces: { f5: 'X', g7: 'P' }, desc: 'friend on g7, a (1,2) step away' },
  corner: { from: 'a1', pieces: { a1: 'X' }, desc: 'white mover alone on a1' },
};

function build(posName) {
  const p = positions[posName];
  let pieces = { ...p.pieces };
  if (p.crowd) {
    pieces = {};
    for (let f = 0; f < W; f++) for (let r = 1; r <= H; r++) pieces[FILES[f] + r] = p.crowd;
    pieces[p.from] = 'X';
  }
  return { board: `${W}x${H}`, position: place(W, H, pieces), from: p.from };
}

// The probes: [notation, position name, what is being asked].
const probes = [
  ['W', 'empty', 'wazir'],
  ['F', 'empty', 'ferz'],
  ['N', 'empty', 'knight'],
  ['K', 'empty', 'king as compound atom'],
  ['R', 'empty', 'rook'],
  ['B', 'empty', 'bishop'],
  ['Q', 'empty', 'queen'],
  ['R', 'crowd', 'rook stops at first enemy and captures it'],
  ['R', 'crowdFriends', 'rook blocked by friends'],
  ['D', 'empty', 'dabbaba'],
  ['A', 'empty', 'alfil'],
  ['H', 'empty', 'threeleaper'],
  ['C', 'empty', 'camel (3,1)'],
  ['L', 'empty', 'L: ffish alias of C'],
  ['Z', 'empty', 'zebra (3,2)'],
  ['J', 'empty', 'J: ffish alias of Z'],
  ['G', 'empty', 'tripper (3,3)'],
  ['mWcF', 'crowd', 'm/c split, captures'],
  ['mWcF', 'empty', 'm/c split, quiet moves'],
  ['fmWfcF', 'empty', 'pawn-like, white, quiet'],
  ['fmWfcF', 'crowd', 'pawn-like, white, captures'],
  ['fmWfcF', 'emptyBlack', 'pawn-like, black: forward is down'],
  ['rW', 'empty', 'right, white'],
  ['rW', 'emptyBlack', 'right, black (rotation or mirror?)'],
  ['frN', 'empty', 'one knight move, white'],
  ['frN', 'emptyBlack', 'one knight move, black'],
  ['rfN', 'empty', 'rf on an oblique atom'],
  ['fN', 'empty', 'f on an oblique atom'],
  ['ffN', 'empty', 'ff on an oblique atom'],
  ['fhN', 'empty', 'fh on an oblique atom'],
  ['fsN', 'empty', 'fs on an oblique atom'],
  ['vN', 'empty', 'v on an oblique atom'],
  ['sN', 'empty', 's on an oblique atom'],
  ['fsW', 'empty', 'fs on an orthogonal atom (xiangqi soldier)'],
  ['frW', 'empty', 'fr on an orthogonal atom'],
  ['fF', 'empty', 'f on a diagonal atom'],
  ['vF', 'empty', 'v on a diagonal atom'],
  ['sF', 'empty', 's on a diagonal atom'],
  ['fK', 'empty', 'f on K'],
  ['fQ', 'empty', 'f on Q'],
  ['WW', 'empty', 'doubled atom = rider'],
  ['W0', 'empty', 'W0 (Betza 2.0: unbounded W)'],
  ['R', 'empty', 'compare WW and W0'],
  ['W2', 'empty', 'range 2'],
  ['W10', 'empty', 'multi-digit range'],
  ['R2', 'empty', 'range on a rider atom'],
  ['NN', 'empty', 'nightrider'],
  ['NN', 'nightBlock', 'nightrider, friend on the first (1,2) step g7'],
  ['NN', 'corner', 'nightrider from a1'],
  ['N2', 'corner', 'knight range 2 from a1'],
  ['N3', 'corner', 'knight range 3 from a1'],
  ['N0', 'corner', 'N0 from a1'],
  ['N1', 'corner', 'N1 from a1'],
  ['FF', 'corner', 'FF'],
  ['WW', 'corner', 'WW'],
  ['DD', 'corner', 'DD: dabbaba rider'],
  ['AA', 'corner', 'AA: alfil rider'],
  ['HH', 'corner', 'HH'],
  ['CC', 'corner', 'CC: camel rider'],
  ['ZZ', 'corner', 'ZZ: zebra rider'],
  ['GG', 'corner', 'GG'],
  ['D3', 'corner', 'D3'],
  ['D1', 'corner', 'D1'],
  ['C2', 'corner', 'C2'],
  ['A2', 'corner', 'A2'],
  ['BB', 'corner', 'BB'],
  ['RR', 'corner', 'RR'],
  ['R12', 'corner', 'R12: multi-digit range on a rider'],
  ['W10', 'corner', 'W10 from a1'],
  ['W9', 'corner', 'W9 from a1'],
  ['KK', 'empty', 'KK (K as rider)'],
  ['K2', 'empty', 'K2'],
  ['pR', 'screens', 'hopper, any modality'],
  ['mRcpR', 'screens', 'xiangqi cannon'],
  ['cpR', 'screens', 'capture-only hopper'],
  ['mpR', 'screens', 'quiet-only hopper'],
  ['gR', 'screens', 'g = grasshopper in ffish'],
  ['pW', 'screens', 'p on a leaper'],
  ['pN', 'crowd', 'p on a knight'],
  ['pB', 'crowd', 'p on a bishop, crowded'],
  ['nN', 'empty', 'lame knight, free'],
  ['nN', 'blockersW', 'lame knight, orthogonal neighbours f6 g5 blocked'],
  ['nN', 'blockersF', 'lame knight, diagonal neighbour g6 blocked'],
  ['nA', 'blockersF', 'lame alfil (xiangqi elephant), g6 blocked'],
  ['nD', 'blockersW', 'lame dabbaba, f6 and g5 blocked'],
  ['nZ', 'blockersF', 'lame zebra, g6 blocked'],
  ['nZ', 'blockersW', 'lame zebra, f6 and g5 blocked'],
  ['nR', 'blockersW', 'n on a rider'],
  ['nNN', 'nightBlock', 'n on a nightrider'],
  ['jN', 'blockersW', 'j (Betza: must jump)'],
  ['iW', 'empty', 'i, mover has moved'],
  ['iW', 'virgin', "i, mover has not moved ('*')"],
  ['iW', 'virginBlack', "i, black mover has not moved ('*')"],
  ['iWF', 'virgin', 'i with two atoms, mover has not moved'],
  ['iWF', 'empty', 'i with two atoms, mover has moved: i binds the next atom only?'],
  ['ifmnD', 'virgin', 'pawn double step, free'],
  ['ifmnD', 'virginBlocked', 'pawn double step, f6 blocked'],
  ['ifmD', 'virginBlocked', 'double step without n, f6 blocked'],
  ['fmWfcFifmnD', 'virgin', 'full pawn, not moved'],
  ['mWF', 'crowd', 'm binds the next atom only?'],
  ['[W-fF]', 'empty', 'bracket: W then F, a knight-like path'],
  ['[R-sR]', 'empty', 'bracket multi-leg'],
  ['R-sR', 'empty', 'hyphen without brackets'],
  ['mcW', 'crowd', 'mc'],
  ['dW', 'crowdFriends', 'd (destroy friend)'],
  ['dW', 'empty', 'd on an empty board'],
  ['eF', 'crowd', 'e (en passant in ffish)'],
  ['X', 'empty', 'unknown atom letter X'],
  ['hW', 'empty', 'h alone'],
  ['lW', 'empty', 'l alone'],
  ['O', 'empty', 'O null atom'],
  ['U', 'empty', 'unknown atom letter U'],
  ['WqQ', 'empty', 'unknown lower-case letter in the middle'],
  ['W$', 'empty', 'unknown character'],
  ['$W', 'empty', 'unknown character first'],
  ['W F', 'empty', 'space'],
  ['', 'empty', 'empty notation'],
  ['f', 'empty', 'modifier with no atom'],
  ['Wf', 'empty', 'trailing modifier'],
  ['fWF', 'empty', 'modifier scope: next atom only?'],
  ['(WF)', 'empty', 'parentheses'],
  ['w', 'empty', 'lower-case atom letter'],
];

function main() {
  const requests = [{ id: 0, op: 'hello', protocol: 1 }];
  probes.forEach(([notation, pos], i) => {
    requests.push({ id: i + 1, op: 'moves', dialect: 'betza-classic', notation, ...build(pos) });
  });
  requests.push({ id: probes.length + 1, op: 'bye' });
  const input = requests.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const run = spawnSync(process.execPath, [path.join(__dirname, 'adapter.js')], { input, encoding: 'utf8' });
  if (run.status !== 0) throw new Error('adapter failed: ' + run.stderr);
  const replies = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
  console.log(`ffish ${replies[0].version}, board ${W}x${H}; destinations as (df,dr) in white's frame, grouped by ray; c = capture.`);
  console.log('');
  console.log('Positions:');
  console.log('');
  for (const [name, p] of Object.entries(positions)) console.log(`- ${name}: ${p.desc}; mover on ${p.from}`);
  console.log('');
  console.log('| notation | position | question | ffish: destinations (df,dr) |');
  console.log('|---|---|---|---|');
  probes.forEach(([notation, pos, question], i) => {
    const rep = replies[i + 1];
    if (rep.id !== i + 1) throw new Error('reply out of order');
    const text = rep.error ? `error ${rep.error.kind}: ${rep.error.message}` : rays(rep.outcomes, positions[pos].from);
    console.log(`| ${notation === '' ? '(empty)' : '`' + notation + '`'} | ${pos} | ${question} | ${text} |`);
  });
}

// rays groups outcomes by primitive direction.
function rays(outcomes, from) {
  if (outcomes.length === 0) return '(none)';
  const ff = FILES.indexOf(from[0]);
  const fr = Number(from.slice(1));
  const gcd = (a, b) => (b === 0 ? Math.abs(a) : gcd(b, a % b));
  const groups = new Map();
  for (const o of outcomes) {
    const df = FILES.indexOf(o.to[0]) - ff;
    const dr = Number(o.to.slice(1)) - fr;
    const g = gcd(df, dr);
    const key = `(${df / g},${dr / g})`;
    if (!groups.has(key)) groups.set(key, { df: df / g, dr: dr / g, ks: [] });
    groups.get(key).ks.push(g + (o.capture ? 'c' : ''));
  }
  const list = [...groups.entries()].sort((a, b) => angle(a[1]) - angle(b[1]));
  return `${outcomes.length}: ` + list.map(([key, { ks }]) => key + 'x' + compress(ks.sort((a, b) => parseInt(a) - parseInt(b)))).join(' ');
}

// angle orders directions clockwise from straight up.
function angle({ df, dr }) {
  const a = Math.atan2(df, dr);
  return a < 0 ? a + 2 * Math.PI : a;
}

// compress writes 1,2,3,5c as "1-3,5c".
function compress(ks) {
  const out = [];
  for (let i = 0; i < ks.length; ) {
    let j = i;
    while (j + 1 < ks.length && !/c/.test(ks[j]) && !/c/.test(ks[j + 1]) && parseInt(ks[j + 1]) === parseInt(ks[j]) + 1) j++;
    out.push(j > i ? `${ks[i]}-${ks[j]}` : ks[i]);
    i = j + 1;
  }
  return out.join(',');
}

main();

// check.js compares the adapter's replies to testdata/exchange.jsonl (read
// from the file named by argv[2]) with the expectations below, prints one
// line per request and a closing "N passed, N failed" line.
'use strict';

const fs = require('fs');

const dest = (...squares) => squares.map((s) => (s.endsWith('x') ? { to: s.slice(0, -1), capture: true } : { to: s, capture: false }));
const sortKey = (o) => `${o.to}/${o.capture}`;

// want[id] is a predicate over the reply; its name says what it checks.
const want = {
  0: (r) => r.name === 'ffish' && /^\d+\.\d+\.\d+$/.test(r.version) && r.protocol === 1 &&
    JSON.stringify(r.dialects) === '["betza-classic"]' && r.level === 'destinations' && r.maxBoard === '12x10',
  1: outcomes(dest('c4', 'd3', 'd5', 'e4')), // wazir in the middle
  2: outcomes(dest('b3', 'c2')), // knight in the corner
  3: outcomes(dest('a4', 'b4', 'c4', 'd2', 'd3', 'd5', 'd8x', 'e4', 'f4', 'g4', 'h4')), // cannon over the screen on d6
  4: errorKind('unsupported'), // larger than 12x10
  5: errorKind('unsupported'), // dialect ffish does not read
  6: outcomes(dest('c4x', 'd4', 'e4x')), // black pawn-like piece: forward is down
  7: outcomes(dest(...'bcdefghijkl'.split('').map((f) => f + '1'), ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((r) => 'a' + r))),
  8: outcomes(dest('e4')), // i: the mover has not moved
  9: outcomes([]), // i: the mover has moved
  10: errorKind('internal'), // malformed request: no piece on d4
};

function outcomes(list) {
  const expected = JSON.stringify(list.map(sortKey).sort());
  return (r) => Array.isArray(r.outcomes) && JSON.stringify(r.outcomes.map(sortKey).sort()) === expected;
}

function errorKind(kind) {
  return (r) => r.error !== undefined && r.error.kind === kind && typeof r.error.message === 'string';
}

const lines = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter((l) => l !== '');
let passed = 0;
let failed = 0;
const ids = Object.keys(want).map(Number);
if (lines.length !== ids.length) {
  console.log(`FAIL replies: got ${lines.length} lines, want ${ids.length} (nothing after bye)`);
  failed++;
}
ids.forEach((id, i) => {
  let r;
  try {
    r = JSON.parse(lines[i]);
  } catch (e) {
    r = null;
  }
  const ok = r !== null && r.id === id && want[id](r);
  console.log(`${ok ? 'PASS' : 'FAIL'} request ${id}${ok ? '' : ': got ' + lines[i]}`);
  if (ok) passed++;
  else failed++;
});
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

// Package orthodox checks the reference interpreter on the orthodox chess
// pieces against an independent move generator, the npm package chessops:
// its tests evaluate K, Q, R, B, N and the pawn in Betza notation on random
// positions and compare the destinations, with their capture flags, with
// chessops' pseudo-legal moves (testdata/node/oracle.mjs; run `npm ci` in
// testdata/node first).
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package orthodox

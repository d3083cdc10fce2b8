#!/usr/bin/env bash
# sidebyside.sh: the side-by-side benchmark (conformance/speed/README.md).
# The reference (Moves, Visit), ffish in Node (setFen + legalMoves, and
# legalMoves alone) and the hand-written generator evaluate the same
# positions (testdata/positions.txt), are checked to give the same
# destinations on every one, then are timed in turn, round after round;
# two tables per run: queries per CPU second, then the ratios.
#
#   bash conformance/speed/sidebyside.sh            1000 positions, 12 rounds
#   bash conformance/speed/sidebyside.sh --short    20 positions, 1 round: the CI check that it works
#
# Other arguments go to the driver (go run ./conformance/speed/cmd/sidebyside
# -help lists them), e.g. -rounds 5. It fails (non-zero) when a side fails,
# replies with garbage or the sides disagree, never because of speed. It
# needs node and ffish installed by `npm ci` in adapters/ffish (no network).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

if ! command -v node >/dev/null 2>&1; then
	echo "sidebyside.sh: node is not on PATH" >&2
	exit 1
fi
if [ ! -d adapters/ffish/node_modules/ffish ]; then
	echo "sidebyside.sh: ffish is not installed: run \`npm ci\` in adapters/ffish" >&2
	exit 1
fi

args=()
for a in "$@"; do
	case "$a" in
	--short) args+=(-short) ;;
	*) args+=("$a") ;;
	esac
done

exec go run ./conformance/speed/cmd/sidebyside "${args[@]}"

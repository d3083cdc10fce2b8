#!/usr/bin/env bash
# test.sh pipes a fixed protocol exchange (testdata/exchange.jsonl) into the
# adapter and checks the replies (testdata/check.js). Run from anywhere;
# needs `npm ci` to have been run in this directory.
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -d node_modules/ffish ]; then
  npm ci --no-audit --no-fund
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT

# The whole exchange is written at once, before ffish has loaded: the
# adapter must queue it and still answer in order. The process must exit
# by itself after "bye" (timeout guards against a hang).
timeout 60 node adapter.js <testdata/exchange.jsonl >"$out"
node testdata/check.js "$out"

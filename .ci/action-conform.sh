#!/usr/bin/env bash
# .ci/action-conform.sh: the work of the GitHub Action (action.yml at the
# repository root), kept in a script so that a test runs the same steps
# on this machine (cmd/betzacheck/testdata/script/conform_action.txtar).
#
# It reads its inputs from the environment, as action.yml passes them:
#
#   INPUT_IMPL      the implementation command (--impl), required
#   INPUT_GENERATE  generated cases to add (--generate; 0 or empty: none)
#   INPUT_SEED      seed of the generated cases (--seed; empty: conform
#                   draws one and prints it); a shard with generated
#                   cases needs one, so that every shard draws the same run
#   INPUT_SHARD     K/N: judge shard K of N (--shard)
#   INPUT_EXPECT    file of known divergences (--expect)
#   INPUT_CORPUS    corpus directory, or builtin for the corpus built into
#                   betzacheck (unset: builtin; empty: none)
#   INPUT_VERSION   betzacheck version to go install (empty: ACTION_REF)
#   INPUT_ARGS      more conform arguments, split at white space
#   INPUT_REPORTS   directory for the reports (default betzacheck-reports)
#
# and, from the runner: ACTION_REF and ACTION_PATH (the action's ref and
# checkout), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY (files it appends to).
#
# betzacheck: with BETZACHECK set, that program is run and nothing is
# installed (a test, or a runner that has it); otherwise `go install
# github.com/betzacheck/betzacheck/cmd/betzacheck@VERSION`, VERSION being
# INPUT_VERSION or else the action's ref; when both are empty (a local
# action, `uses: ./`) it is built from the action's own checkout.
#
# It writes conform.xml (JUnit), conform.html and conform.json into the
# reports directory, appends the outputs (dir, junit, html, json: the
# reports written; exit-code; summary: conform's summary line) to
# GITHUB_OUTPUT, and exits with conform's status (spec/protocol.md P9):
# 0 pass, 1 failure found, 2 usage or input error, 3 inconclusive.
set -euo pipefail

fail() {
	echo "::error title=betzacheck::$1" >&2
	exit 2
}

# output NAME VALUE: one step output, in the file the runner names.
output() {
	if [[ -n ${GITHUB_OUTPUT:-} ]]; then
		printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"
	fi
}

impl=${INPUT_IMPL:-}
[[ -n $impl ]] || fail "the input impl (the implementation command) is required"
reports=${INPUT_REPORTS:-betzacheck-reports}
generate=${INPUT_GENERATE:-0}
[[ $generate =~ ^[0-9]+$ ]] || fail "generate: expected a number of cases, found '$generate'"
seed=${INPUT_SEED:-}
shard=${INPUT_SHARD:-}
if [[ -n $shard && -z $seed ]] && ((10#$generate > 0)); then
	fail "shard $shard with generated cases needs a seed: every shard must draw the same run"
fi

bin=${BETZACHECK:-}
if [[ -z $bin ]]; then
	version=${INPUT_VERSION:-${ACTION_REF:-}}
	if [[ -n $version ]]; then
		echo "+ go install github.com/betzacheck/betzacheck/cmd/betzacheck@$version"
		go install "github.com/betzacheck/betzacheck/cmd/betzacheck@$version"
		gobin=$(go env GOBIN)
		if [[ -z $gobin ]]; then
			gopath=$(go env GOPATH)
			gobin=${gopath%%:*}/bin
		fi
		bin=$gobin/betzacheck$(go env GOEXE)
	elif [[ -n ${ACTION_PATH:-} && -f $ACTION_PATH/go.mod ]]; then
		tmp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}
		bin=$tmp/betzacheck-action/betzacheck$(go env GOEXE)
		echo "+ go build -o $bin ./cmd/betzacheck (in $ACTION_PATH)"
		(cd "$ACTION_PATH" && go build -o "$bin" ./cmd/betzacheck)
	else
		fail "no betzacheck version: give the input version (the action's ref is not known here)"
	fi
fi
"$bin" version

# Reports of an earlier run in the same directory are removed: the
# outputs name only what this run wrote.
mkdir -p "$reports"
rm -f "$reports/conform.xml" "$reports/conform.html" "$reports/conform.json"
args=(conform --impl "$impl" --junit "$reports/conform.xml" --html "$reports/conform.html" --json "$reports/conform.json")
((10#$generate > 0)) && args+=(--generate "$generate")
[[ -n $seed ]] && args+=(--seed "$seed")
[[ -n $shard ]] && args+=(--shard "$shard")
[[ -n ${INPUT_EXPECT:-} ]] && args+=(--expect "$INPUT_EXPECT")
read -r -a extra <<<"${INPUT_ARGS:-}"
args+=("${extra[@]}")
corpus=${INPUT_CORPUS-builtin}
[[ -n $corpus ]] && args+=("$corpus")

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "+ betzacheck ${args[*]}"
status=0
"$bin" "${args[@]}" | tee "$log" || status=${PIPESTATUS[0]}

# The outputs name only the reports that were written (none after a
# usage error, which judges nothing).
if [[ -e $reports/conform.json || -e $reports/conform.xml || -e $reports/conform.html ]]; then
	output dir "$reports"
fi
for kind in junit:xml html:html json:json; do
	file=$reports/conform.${kind#*:}
	if [[ -e $file ]]; then
		output "${kind%%:*}" "$file"
	fi
done
output exit-code "$status"
summary=$(grep -E '^(shard [0-9]+/[0-9]+: )?[0-9]+ cases: ' "$log" | tail -n 1 || true)
output summary "$summary"
if [[ -n ${GITHUB_STEP_SUMMARY:-} && -n $summary ]]; then
	printf 'betzacheck conform --impl `%s`: %s\n' "$impl" "$summary" >>"$GITHUB_STEP_SUMMARY"
fi

case $status in
0) ;;
1) echo "::error title=betzacheck::failure found (exit 1): a case failed, or an expectation is stale" >&2 ;;
2) echo "::error title=betzacheck::usage or input error (exit 2): nothing was judged" >&2 ;;
3) echo "::error title=betzacheck::inconclusive (exit 3): nothing failed, but not everything was decided" >&2 ;;
*) echo "::error title=betzacheck::betzacheck exited $status" >&2 ;;
esac
exit "$status"

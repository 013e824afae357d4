#!/usr/bin/env bash
# The README's test command (and what .ci/run runs after fmt and clippy): every test binary
# of the workspace, built from Cargo.lock as it is (--locked), each one running even when
# another fails. A test that cannot run on this machine (not root, a tool missing, ...)
# reports itself with halite_testkit::skip; this script lists every such skip with its
# reason after cargo's summary, so that a skip is never mistaken for a pass, and closes with
# the totals. Extra arguments go to `cargo test` (e.g. `-p halite --test golden`).
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/halite-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HALITE_SKIP_LOG="$work/skipped"
: >"$HALITE_SKIP_LOG"
cargo test --workspace --no-fail-fast --locked "$@" 2>&1 | tee "$work/out"
rc=${PIPESTATUS[0]}
# libtest's closing line of each binary: "test result: ok. 12 passed; 0 failed; 1 ignored; ..."
read -r passed failed < <(awk '/^test result:/ {
    for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;?$/) p += $i; if ($(i+1) ~ /^failed;?$/) f += $i }
  } END { print p + 0, f + 0 }' "$work/out")
skipped=$(grep -c . "$HALITE_SKIP_LOG" || true)
echo
if [ "$skipped" -gt 0 ]; then
  echo "Skipped on this machine ($skipped), each with its reason:"
  sed 's/^SKIPPED /  /' "$HALITE_SKIP_LOG"
else
  echo "Nothing was skipped."
fi
[ "$rc" -eq 0 ] || echo "cargo test exited with status $rc"
echo "tests: $passed passed, $failed failed, $skipped skipped"
exit "$rc"

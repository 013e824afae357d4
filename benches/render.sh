#!/usr/bin/env bash
# Render+compile benchmark: `state.show_lowstate` of a generated 5,000-state tree, halite
# against salt-call on the same machine (wall time and peak RSS from /usr/bin/time).
# Usage: benches/render.sh [FILES]   (needs the oracles for the Salt side: ../shared/oracle/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-100}
tree=$(mktemp -d /tmp/halite-bench-tree.XXXX)
python3 benches/gen_tree.py "$tree" "$files" >/dev/null
cargo build --release -q -p halite
salt_call=${SALT_CALL:-$HOME/.cache/halite-oracles/salt/bin/salt-call}
measure() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$tree/time" "$@" > "$tree/out.json" 2>/dev/null || true
  read -r secs kb < "$tree/time"
  chunks=$(python3 -c "import json,sys; d=json.load(open('$tree/out.json'))['local']; print(len(d) if isinstance(d, list) else 'error')")
  printf '%-10s %8.3f s %8d KiB peak RSS  %s chunks\n' "$label" "$secs" "$kb" "$chunks"
}
measure halite target/release/halite -c "$tree/conf" --out json state.show_lowstate
measure halite target/release/halite -c "$tree/conf" --out json state.show_lowstate
if [ -x "$salt_call" ]; then
  measure salt "$salt_call" --local -c "$tree/conf" --out json -l quiet state.show_lowstate
  target/release/halite -c "$tree/conf" --out json state.show_lowstate > "$tree/h.json"
  "$salt_call" --local -c "$tree/conf" --out json -l quiet state.show_lowstate > "$tree/s.json" 2>/dev/null || true
  cmp -s "$tree/h.json" "$tree/s.json" && echo "outputs identical" || echo "outputs DIFFER: diff $tree/s.json $tree/h.json"
fi

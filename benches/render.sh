#!/usr/bin/env bash
# Render+compile benchmark: `state.show_lowstate` of a generated 5,000-state tree, halite
# against salt-call on the same machine: median wall time over several runs and the largest
# peak RSS (from /usr/bin/time), and whether both print the same JSON.
# Usage: benches/render.sh [FILES] [--shallow]
#   (needs the oracles for the Salt side: ../shared/oracle/setup.sh)
# Env: RUNS (halite runs, default 20), SALT_RUNS (default 3), SALT_CALL (salt-call path),
#      HALITE_BIN (the halite to measure, e.g. scripts/pgo-build.sh's), else PROFILE (the
#      cargo profile to build: release, the default, or dist, the tuned one).
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-100}
shift || true
tree=$(mktemp -d /tmp/halite-bench-tree.XXXX)
python3 benches/gen_tree.py "$tree" "$files" "$@" >/dev/null
if [ -n "${HALITE_BIN:-}" ]; then
  halite=$HALITE_BIN
else
  profile=${PROFILE:-release}
  cargo build --profile "$profile" -q -p halite
  halite="${CARGO_TARGET_DIR:-target}/$profile/halite"
fi
salt_call=${SALT_CALL:-$HOME/.cache/halite-oracles/salt/bin/salt-call}
measure() { # label, runs, command...
  local label=$1 runs=$2; shift 2
  : > "$tree/times"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -a -o "$tree/times" "$@" > "$tree/out.json" 2>/dev/null || true
  done
  chunks=$(python3 -c "import json; d=json.load(open('$tree/out.json'))['local']; print(len(d) if isinstance(d, list) else 'error')")
  # /usr/bin/time's %e has 10 ms resolution: the wall time is taken by Python around each
  # run instead, and %M gives the peak RSS.
  python3 - "$label" "$runs" "$chunks" "$tree/times" "$@" <<'EOF'
import statistics, subprocess, sys, time
label, runs, chunks, times, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:]
walls = []
for _ in range(runs):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    walls.append(time.perf_counter() - t)
rss = max(int(line.split()[1]) for line in open(times) if line.strip())
print(f"{label:<8} median {statistics.median(walls):8.4f} s  min {min(walls):8.4f} s  "
      f"{rss:8d} KiB peak RSS  {chunks} chunks  ({runs} runs)")
EOF
}
measure halite "${RUNS:-20}" "$halite" -c "$tree/conf" --out json state.show_lowstate
if [ -x "$salt_call" ]; then
  measure salt "${SALT_RUNS:-3}" "$salt_call" --local -c "$tree/conf" --out json -l quiet state.show_lowstate
  "$halite" -c "$tree/conf" --out json state.show_lowstate > "$tree/h.json"
  "$salt_call" --local -c "$tree/conf" --out json -l quiet state.show_lowstate > "$tree/s.json" 2>/dev/null || true
  cmp -s "$tree/h.json" "$tree/s.json" && echo "outputs identical" || echo "outputs DIFFER: diff $tree/s.json $tree/h.json"
fi

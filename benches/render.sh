#!/usr/bin/env bash
# Render+compile benchmark: `state.show_lowstate` of a generated 5,000-state tree, halite
# against salt-call on the same machine: median wall time over several runs and the largest
# peak RSS (from /usr/bin/time), and whether both print the same JSON.
# Usage: benches/render.sh [FILES] [--shallow | --formula]   (tree shapes: benches/gen_tree.py)
#   (needs the oracles for the Salt side: ../shared/oracle/setup.sh)
# Env: SALT_COMPAT (the Salt release to compare: 3008, the default, or 3007; picks that
#      oracle's salt-call and writes `salt_compat` into the minion config both programs read,
#      so halite behaves as that release), RUNS (halite runs, default 20), SALT_RUNS
#      (default 3), SALT_CALL (salt-call path, overrides the release's),
#      HALITE_BIN (the halite to measure, e.g. scripts/pgo-build.sh's), else PROFILE (the
#      cargo profile to build: release, the default, or dist, the tuned one).
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-100}
shift || true
tree=$(mktemp -d /tmp/halite-bench-tree.XXXX)
trap 'rm -rf "$tree"' EXIT
python3 benches/gen_tree.py "$tree" "$files" "$@" >/dev/null
compat=${SALT_COMPAT:-3008}
case $compat in
  3007) salt_venv=salt ;;
  3008) salt_venv=salt3008 ;;
  *) echo "benches/render.sh: SALT_COMPAT must be 3007 or 3008" >&2; exit 2 ;;
esac
printf 'salt_compat: "%s"\n' "$compat" >> "$tree/conf/minion"
if [ -n "${HALITE_BIN:-}" ]; then
  halite=$HALITE_BIN
else
  profile=${PROFILE:-release}
  cargo build --profile "$profile" -q -p halite
  halite="${CARGO_TARGET_DIR:-target}/$profile/halite"
fi
salt_call=${SALT_CALL:-$HOME/.cache/halite-oracles/$salt_venv/bin/salt-call}
echo "salt_compat $compat; salt-call: $salt_call; load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
measure() { # label, runs, command...
  local label=$1 runs=$2; shift 2
  : > "$tree/times"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M %U %S" -a -o "$tree/times" "$@" > "$tree/out.json" 2>/dev/null || true
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
rows = [line.split() for line in open(times) if line.strip() and line[0].isdigit()]
rss = max(int(r[1]) for r in rows)
# CPU (user+sys) from /usr/bin/time: 10 ms resolution, so a median over the runs
cpu = statistics.median(float(r[2]) + float(r[3]) for r in rows)
print(f"{label:<8} median {statistics.median(walls):8.4f} s  min {min(walls):8.4f} s  "
      f"CPU median {cpu:6.2f} s  {rss:8d} KiB peak RSS  {chunks} chunks  ({runs} runs)")
EOF
}
measure halite "${RUNS:-20}" "$halite" -c "$tree/conf" --out json state.show_lowstate
if [ -x "$salt_call" ]; then
  measure salt "${SALT_RUNS:-3}" "$salt_call" --local -c "$tree/conf" --out json -l quiet state.show_lowstate
  "$halite" -c "$tree/conf" --out json state.show_lowstate > "$tree/h.json"
  "$salt_call" --local -c "$tree/conf" --out json -l quiet state.show_lowstate > "$tree/s.json" 2>/dev/null || true
  if cmp -s "$tree/h.json" "$tree/s.json"; then
    echo "outputs identical"
  else
    cp "$tree/s.json" "$tree/h.json" /tmp/ 2>/dev/null || true
    echo "outputs DIFFER (Salt's and halite's: /tmp/s.json /tmp/h.json)"
  fi
fi

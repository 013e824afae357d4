#!/usr/bin/env bash
# Start-up benchmark: many short calls (`test.ping`, `test.version`, `grains.item os` by
# default), each a fresh process, halite and salt-call side by side on the same minion
# config. Reports the median and the SLOWEST run, not only the median: a stall that hits
# one call in ten (a resolver timeout on the network grains, say) shows in the max.
# Usage: benches/startup.sh [FUNCTION ...]
# Env: RUNS (halite runs per function, default 100), SALT_RUNS (default 20; salt-call takes
#      about a second a run), SALT_CALL (salt-call path; skipped when absent), HALITE_BIN
#      (the halite to measure), else PROFILE (cargo profile: release, the default, or dist),
#      SALT_COMPAT (the Salt release to compare: 3008, the default, or 3007; picks that
#      oracle's salt-call and writes `salt_compat` into the minion config both programs read).
set -euo pipefail
cd "$(dirname "$0")/.."
NAME=benches/startup.sh NO_SALT= . benches/support/oracle.sh
work=$(mktemp -d /tmp/halite-startup-bench.XXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/conf" "$work/srv/salt" "$work/srv/pillar"
cat > "$work/conf/minion" <<CONF
file_client: local
id: benchminion
file_roots: {base: [$work/srv/salt]}
pillar_roots: {base: [$work/srv/pillar]}
cachedir: $work/cache
pki_dir: $work/pki
sock_dir: $work/run
log_file: $work/log/minion
salt_compat: "$compat"
CONF
if [ $# -eq 0 ]; then
  set -- test.ping test.version "grains.item os"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; halite: $halite; salt_compat $compat; salt-call: $salt_call"
python3 - "$work" "$halite" "$salt_call" "${RUNS:-100}" "${SALT_RUNS:-20}" "$@" <<'PY'
import os, shlex, statistics, subprocess, sys, time
work, halite, salt_call, runs, salt_runs, funs = (
    sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6:])
conf = os.path.join(work, "conf")
tools = [("halite", [halite, "--local"], runs)]
if os.access(salt_call, os.X_OK):
    tools.append(("salt", [salt_call, "--local"], salt_runs))
for fun in funs:
    for label, argv, n in tools:
        cmd = argv + ["-c", conf, "--out", "json", "-l", "quiet"] + shlex.split(fun)
        walls, failed = [], 0
        for _ in range(n):
            t = time.perf_counter()
            r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=work)
            walls.append(time.perf_counter() - t)
            failed += r.returncode != 0
        walls.sort()
        slow = sum(1 for w in walls if w > 1.0 + walls[len(walls) // 2])
        print(f"{fun:<16} {label:<6} median {statistics.median(walls) * 1000:8.1f} ms  "
              f"max {walls[-1] * 1000:8.1f} ms  runs over median+1s: {slow}/{n}"
              + (f"  FAILED: {failed}" if failed else ""))
PY

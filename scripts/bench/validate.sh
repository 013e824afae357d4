#!/bin/sh
# Benchmark: `halite validate` vs `idem validate` on a generated SLS file of N states
# (default 500) that use params (get chains, defaults, list indexes, loops, META).
# Usage: scripts/bench/validate.sh [N] [RUNS]
# Needs a release build: CARGO_TARGET_DIR=/work/target-validate cargo build --release -p halite-validate
set -eu
N=${1:-500}
RUNS=${2:-5}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HALITE=${HALITE:-${CARGO_TARGET_DIR:-/work/target-validate}/release/halite-validate}
IDEM=${IDEM:-$HOME/.cache/halite-oracles/idem/bin/idem}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT

python3 - "$N" > "$DIR/bench.sls" <<'PY'
import sys
n = int(sys.argv[1])
print("{% set region = params.get('region', 'us-east-1') %}")
for i in range(n):
    print(f"""state-{i}-{{{{ params.get('env', 'dev') }}}}:
  test.present:
    - name: {{{{ params.get('app').get('name{i % 7}', 'app') }}}}-{i}
    - region: {{{{ region }}}}
    - size: {{{{ params['sizes'][{i % 3}].get('cores', {i}) }}}}
    - enabled: {{{{ params.get('flag{i % 5}', True) }}}}
    - tags: {{{{ params.get('tags').split(',') }}}}
  META:
    params:
      app:
        properties:
          name{i % 7}: {{}}
""")
PY

cd "$DIR"
echo "states: $N"
# Wall time and CPU time (user+sys of the child) per run: on a shared, loaded machine the
# CPU time is the steadier number.
python3 - "$RUNS" "$HALITE" "$IDEM" <<'PY'
import resource, subprocess, sys, time
runs, halite, idem = int(sys.argv[1]), sys.argv[2], sys.argv[3]

def measure(cmd):
    wall = cpu = 0.0
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True).stdout
        wall += time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall / runs, cpu / runs, out

hw, hc, hout = measure([halite, "bench.sls", "--output", "json"])
iw, ic, iout = measure([idem, "validate", "bench.sls", "--output", "json"])
same = "identical" if hout == iout else "DIFFERENT"
print(f"runs: {runs}  output: {same}")
print(f"halite validate: wall {hw*1000:9.1f} ms  cpu {hc*1000:9.1f} ms")
print(f"idem validate:   wall {iw*1000:9.1f} ms  cpu {ic*1000:9.1f} ms")
print(f"speedup:         wall {iw/hw:9.1f}x    cpu {ic/max(hc, 1e-9):9.1f}x")
PY

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

now() { python3 -c 'import time; print(time.time())'; }
bench() {
    start=$(now)
    i=0
    while [ $i -lt "$RUNS" ]; do
        "$@" > "$DIR/out.$1.json" 2>/dev/null || true
        i=$((i + 1))
    done
    end=$(now)
    python3 -c "print(($end - $start) / $RUNS)"
}

cd "$DIR"
h=$(bench "$HALITE" bench.sls --output json)
o=$(bench "$IDEM" validate bench.sls --output json)
"$HALITE" bench.sls --output json > "$DIR/h.json"
"$IDEM" validate bench.sls --output json > "$DIR/i.json" 2>/dev/null
if cmp -s "$DIR/h.json" "$DIR/i.json"; then same=identical; else same=DIFFERENT; fi
python3 -c "
h, o = $h, $o
print(f'states: $N  runs: $RUNS  output: $same')
print(f'halite validate: {h*1000:9.1f} ms/run')
print(f'idem validate:   {o*1000:9.1f} ms/run')
print(f'speedup:         {o/h:9.1f}x')
"

#!/usr/bin/env bash
# halite reclass vs reclass-rs 0.11.0 on a generated inventory: wall time, CPU time and peak
# RSS (via /usr/bin/time -v) for the full inventory (-i) and for one node (-n).
#
#   scripts/bench/reclass.sh [NODES=1000] [CLASSES=2000] [NODE=node1]
#
# Both sides produce the same JSON text (json.dumps(indent=4) order), written to files and
# compared (timestamps aside). reclass-rs runs through its Python API, timed including the
# interpreter start (~0.05 s) and json.dumps; its in-process render time is printed too.
set -euo pipefail
NODES=${1:-1000}
CLASSES=${2:-2000}
NODE=${3:-node1}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-reclass}
PY=${RECLASS_PY:-$HOME/.cache/halite-oracles/reclass/bin/python}
WORK=${WORK:-/tmp/halite-reclass-bench}
INV=$WORK/inventory
mkdir -p "$WORK"

(cd "$ROOT" && cargo build --release -q -p halite-reclass --examples)
BIN=$CARGO_TARGET_DIR/release/examples
"$BIN/gen_inventory" "$INV" "$NODES" "$CLASSES" 1

cat > "$WORK/reclass_rs.py" <<'PY'
import json, sys, time
import reclass_rs
t = time.time()
r = reclass_rs.Reclass(inventory_path=sys.argv[1])
d = r.nodeinfo(sys.argv[2]).as_dict() if len(sys.argv) > 2 else r.inventory().as_dict()
t2 = time.time()
sys.stdout.write(json.dumps(d, indent=4, ensure_ascii=False, default=str) + "\n")
print(f"reclass-rs in-process: render {t2 - t:.2f}s, json.dumps {time.time() - t2:.2f}s", file=sys.stderr)
PY

measure() { # label, output file, command...
  local label=$1 out=$2; shift 2
  /usr/bin/time -v "$@" > "$out" 2> "$WORK/time.txt" || { cat "$WORK/time.txt"; exit 1; }
  local wall user sys rss
  wall=$(grep 'Elapsed (wall' "$WORK/time.txt" | awk '{print $NF}')
  user=$(grep 'User time' "$WORK/time.txt" | awk '{print $NF}')
  sys=$(grep 'System time' "$WORK/time.txt" | awk '{print $NF}')
  rss=$(grep 'Maximum resident' "$WORK/time.txt" | awk '{print $NF}')
  grep 'reclass-rs in-process' "$WORK/time.txt" || true
  printf '%-24s wall %9s  cpu %7.2fs  peak RSS %8d KB\n' "$label" "$wall" "$(echo "$user + $sys" | bc)" "$rss"
}

same() { # compare two JSON outputs, timestamps aside
  python3 - "$1" "$2" <<'PY'
import json, sys
def load(p):
    d = json.load(open(p))
    def strip(v):
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k != "timestamp"}
        return [strip(x) for x in v] if isinstance(v, list) else v
    return strip(d)
a, b = load(sys.argv[1]), load(sys.argv[2])
print("outputs equal" if a == b else "OUTPUTS DIFFER")
PY
}

echo "inventory: $NODES nodes, $CLASSES classes ($(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg))"
measure "halite -n $NODE" "$WORK/halite-node.json" "$BIN/reclass" -b "$INV" -o json -n "$NODE"
measure "reclass-rs -n $NODE" "$WORK/rs-node.json" "$PY" "$WORK/reclass_rs.py" "$INV" "$NODE"
same "$WORK/halite-node.json" "$WORK/rs-node.json"
measure "halite -i" "$WORK/halite-inv.json" "$BIN/reclass" -b "$INV" -o json -i
measure "reclass-rs -i" "$WORK/rs-inv.json" "$PY" "$WORK/reclass_rs.py" "$INV"
same "$WORK/halite-inv.json" "$WORK/rs-inv.json"

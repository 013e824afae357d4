#!/bin/sh
# Applies saltstack-formulas/users-formula for real (as root) with Salt 3007.8 and with halite
# and compares the answers: scripts/formulas/users-host.sh [FORMULAS_DIR]
#
# FORMULAS_DIR (default $HALITE_FORMULAS, else /work/formulas) holds the checkout as users/
# (its users/users/ folder is the formula). The pillar, commands and reset script are in
# tests/formula-host/users/: halitetest-u21/u22 users, halitetest-g211/g212 groups, an
# authorized key. Each tool runs the commands between two resets (scripts/oracle/record.py);
# the outputs are compared as the golden harness compares them (times, durations and pids
# ignored, a "One or more requisite failed" list compared sorted: Salt builds it from a set).
# Environment: HALITE_BIN (default target/debug/halite), ORACLES (default
# ~/.cache/halite-oracles).
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
formulas=${1:-${HALITE_FORMULAS:-/work/formulas}}
formula=$formulas/users/users
[ -d "$formula" ] || { echo "users-host.sh: no users formula at $formula" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "users-host.sh: SKIPPED: it creates users, run it as root" >&2; exit 0; }
oracles=${ORACLES:-$HOME/.cache/halite-oracles}
halite=${HALITE_BIN:-$here/target/debug/halite}
case_dir=$(mktemp -d /tmp/halite-users-formula.XXXXXX)
trap 'rm -rf "$case_dir"' EXIT
mkdir -p "$case_dir/srv/salt" "$case_dir/srv/pillar"
cp -r "$formula" "$case_dir/srv/salt/users"
printf "base:\n  '*':\n    - users\n" > "$case_dir/srv/salt/top.sls"
printf "base:\n  '*':\n    - users\n" > "$case_dir/srv/pillar/top.sls"
cp "$here/tests/formula-host/users/pillar.sls" "$case_dir/srv/pillar/users.sls"
cp "$here/tests/formula-host/users/commands" "$here/tests/formula-host/users/reset" "$case_dir/"
"$oracles/salt/bin/python" "$here/scripts/oracle/record.py" \
    --salt-call "$oracles/salt/bin/salt-call" --expected salt "$case_dir"
"$oracles/salt/bin/python" "$here/scripts/oracle/record.py" \
    --salt-call "$halite" --expected halite "$case_dir"
python3 - "$case_dir" <<'PY'
import json, os, re, sys
case = sys.argv[1]
def norm(v):
    if isinstance(v, dict):
        return {k: ("-" if k in ("start_time", "duration", "pid") else norm(x)) for k, x in v.items()}
    if isinstance(v, list):
        return [norm(x) for x in v]
    if isinstance(v, str) and v.startswith("One or more requisite failed: "):
        head, items = v.split(": ", 1)
        return head + ": " + ", ".join(sorted(items.split(", ")))
    return v
same = 0
names = sorted(f[:-5] for f in os.listdir(os.path.join(case, "salt")) if f.endswith(".json"))
for n in names:
    out = []
    for tool in ("salt", "halite"):
        with open(os.path.join(case, tool, n + ".json")) as f:
            data = norm(json.load(f))
        with open(os.path.join(case, tool, n + ".rc")) as f:
            out.append((data, f.read().strip()))
    if out[0] == out[1]:
        same += 1
    else:
        print("users formula command %s differs (exit salt=%s halite=%s)" % (n, out[0][1], out[1][1]))
print("users formula: %d of %d commands identical" % (same, len(names)))
sys.exit(0 if same == len(names) else 1)
PY

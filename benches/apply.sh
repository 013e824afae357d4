#!/usr/bin/env bash
# Apply benchmark (issue 6): a real `state.apply` of a generated tree (benches/gen_apply_tree.py:
# file.managed inline and templated, file.directory, cmd.run with unless, test states,
# requisites across files) into a scratch folder: first run, second run, test=True; the
# 1,000-state require chain; and the linearity check (halite at 4x the states).
# Salt runs on its own copy of the tree. Prints wall, CPU and peak RSS per run, and the
# floor under a first run: the shells and `touch` processes the tree's cmd.run states start,
# run alone (benches/support/commands_floor.py), against Salt's first run.
# Usage: benches/apply.sh [STATES] [--no-salt]   (Salt side needs ../shared/oracle/setup.sh)
# Env: SALT_COMPAT (the Salt release to compare: 3008, the default, or 3007; picks that
#      oracle's salt-call and writes `salt_compat` into the minion config both programs read,
#      so halite behaves as that release), SALT_CALL (salt-call path, overrides the
#      release's), LINEARITY=0 skips the 4x run, HALITE_BIN (the halite to measure), else
#      PROFILE (cargo profile: release, the default, or dist, the tuned one).
set -euo pipefail
cd "$(dirname "$0")/.."
states=${1:-5000}
NAME=benches/apply.sh NO_SALT=${2:-} . benches/support/oracle.sh
work=$(mktemp -d /tmp/halite-apply-bench.XXXX)
echo "salt_compat $compat; salt-call: $salt_call"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
measure() { # label, tree, command...
  local label=$1 tree=$2; shift 2
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > "$work/out.json" 2>/dev/null || true
  # the last line: /usr/bin/time puts "Command exited with non-zero status N" first
  read -r secs user sys kb < <(tail -n 1 "$work/time")
  summary=$(python3 - "$work/out.json" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))["local"]
except Exception as e:
    print("no JSON output (%s)" % type(e).__name__); sys.exit()
if not isinstance(d, dict):
    print("error: %s" % str(d)[:100]); sys.exit()
failed = sum(1 for v in d.values() if v.get("result") is False)
changed = sum(1 for v in d.values() if v.get("changes"))
print("%d states, %d changed, %d failed" % (len(d), changed, failed))
PY
)
  printf '%-34s %8.2f s wall %8.2f s CPU %8d KiB  %s\n' "$label" "$secs" "$(echo "$user + $sys" | bc)" "$kb" "$summary"
}
run_tool() { # name, n, command...
  local name=$1 n=$2; shift 2
  local tree="$work/$name-$n"
  python3 benches/gen_apply_tree.py "$tree" "$n" > /dev/null
  printf 'salt_compat: "%s"\n' "$compat" >> "$tree/conf/minion"
  measure "$name $n test=True (fresh)" "$tree" "$@" -c "$tree/conf" --out json state.apply test=True
  measure "$name $n first run" "$tree" "$@" -c "$tree/conf" --out json state.apply
  [ "$n" = "$states" ] && declare -g "first_$name=$secs"
  measure "$name $n second run" "$tree" "$@" -c "$tree/conf" --out json state.apply
  measure "$name $n test=True" "$tree" "$@" -c "$tree/conf" --out json state.apply test=True
  measure "$name chain 1000 (require)" "$tree" "$@" -c "$tree/conf" --out json state.apply chain
}
run_tool halite "$states" "$halite"
[ "${LINEARITY:-1}" = 0 ] || run_tool halite "$((states * 4))" "$halite"
if [ -x "$salt_call" ]; then
  run_tool salt "$states" "$salt_call" --local -l quiet
fi
# 5 cmd.run states in each file of 50 (benches/gen_apply_tree.py)
cmds=$(( states / 50 * 5 ))
read -r fwall fcpu fshell < <(python3 benches/support/commands_floor.py "$cmds" "$work/floor")
printf '%-34s %8.2f s wall %8.2f s CPU\n' "floor: $cmds x $fshell -c touch" "$fwall" "$fcpu"
if [ -n "${first_salt:-}" ]; then
  echo "first run: Salt $first_salt s, halite ${first_halite} s ($(echo "scale=1; $first_salt / $first_halite" | bc)x);" \
    "the floor alone is 1/$(echo "scale=1; $first_salt / $fwall" | bc) of Salt's first run"
fi
rm -rf "$work"

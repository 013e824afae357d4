#!/usr/bin/env bash
# pkg benchmark (issue 16): STATES pkg.installed states over the test repository's packages
# (tests/host-fixtures/pkg-repo.sh), first run (installs), then the second run (everything
# already installed: halite asks dpkg once), halite and Salt side by side: wall, CPU, peak RSS.
# Root only (it installs the halitetest-pkg packages; removed at the end). apt is confined to
# the test repository (APT_CONFIG), as in the host cases.
# Usage: benches/pkg.sh [STATES] [--no-salt]
# Env: HALITE_BIN (the halite to measure), else PROFILE (cargo profile, default release);
#      SALT_COMPAT (the Salt release to compare: 3008, the default, or 3007; picks that
#      oracle's salt-call and writes `salt_compat` into the minion config both programs read).
set -euo pipefail
cd "$(dirname "$0")/.."
states=${1:-300}
[ "$(id -u)" = 0 ] || { echo "benches/pkg.sh: needs root (installs test packages)" >&2; exit 1; }
NAME=benches/pkg.sh NO_SALT=${2:-} . benches/support/oracle.sh
export APT_CONFIG=/var/tmp/halitetest-pkg-repo/apt.conf
work=$(mktemp -d /tmp/halitetest-pkg-bench.XXXX)
trap 'sh tests/host-fixtures/pkg-repo.sh reset >/dev/null; rm -rf "$work"' EXIT
pkgs=(halitetest-pkg-a halitetest-pkg-b halitetest-pkg-lib halitetest-pkg-dep halitetest-pkg-conf halitetest-pkg-epoch halitetest-pkg-svc)
mkdir -p "$work/srv" "$work/conf"
{
  for i in $(seq 1 "$states"); do
    p=${pkgs[$((i % ${#pkgs[@]}))]}
    printf 'halitetest-bench-%d:\n  pkg.installed:\n    - name: %s\n    - refresh: False\n' "$i" "$p"
  done
} > "$work/srv/bench.sls"
printf "base:\n  '*':\n    - bench\n" > "$work/srv/top.sls"
measure() { # label, program
  local label=$1 prog=$2 conf=$work/conf-$1
  mkdir -p "$conf"
  printf 'file_client: local\nfile_roots:\n  base: [%s]\ncachedir: %s\npki_dir: %s\nlog_file: %s\nsalt_compat: "%s"\n' \
    "$work/srv" "$work/cache-$label" "$work/pki-$label" "$work/log-$label" "$compat" > "$conf/minion"
  for run in first second; do
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$prog" --local -c "$conf" --out json -l quiet state.apply \
      > "$work/out.json" 2>/dev/null || true
    read -r secs user sys kb < <(tail -n 1 "$work/time")
    changed=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['local']; print(sum(1 for v in d.values() if v.get('changes')), 'changed of', len(d))" "$work/out.json" 2>/dev/null || echo "no JSON")
    printf '%-7s %-6s %7.2fs wall %7.2fs cpu %8d KB peak  (%s)\n' "$label" "$run" "$secs" "$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')" "$kb" "$changed"
  done
}
echo "salt_compat $compat; salt-call: $salt_call; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
sh tests/host-fixtures/pkg-repo.sh reset >/dev/null
measure halite "$halite"
if [ -x "$salt_call" ]; then
  sh tests/host-fixtures/pkg-repo.sh reset >/dev/null
  measure salt "$salt_call"
fi

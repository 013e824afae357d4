#!/usr/bin/env bash
# System benchmark (issue 16): a generated tree of STATES states (default 300), a fifth each of
# pkg.installed (the test repository's packages, tests/host-fixtures/pkg-repo.sh),
# service.running (the test package's SysV service halitetest-pkg-svc), group.present
# (halitetestsy-gN), user.present (halitetestsy-uN, member of its group) and file.managed
# (files in a scratch folder). Services: by default the minion config is the host's
# default, where (PID 1 not systemd, systemctl installed) both tools load systemd_service in
# offline mode and service.running answers "Running in OFFLINE mode. Nothing to do";
# SERVICES=debian adds `disable_modules: [systemd_service]`, so both manage the service
# through the Debian backend (`runlevel` and `service NAME status` per state). Each tool runs it twice from the same clean host: the first
# run installs, starts and creates everything; the second (nothing to change, the run a fleet
# repeats) is the one the issue's targets are about. Wall, CPU (user+sys, children included)
# and peak RSS from /usr/bin/time; both tools' second runs are checked to report the same
# states, none changed, none failed.
# Root only; apt is confined to the test repository (APT_CONFIG). Everything it creates is
# removed at the end, also after an interrupted earlier run (the names are fixed).
# Usage: benches/system.sh [STATES] [--no-salt]
# Env: HALITE_BIN (the halite to measure), else PROFILE (cargo profile, default release);
#      SALT_COMPAT (3008, the default, or 3007: that oracle's salt-call, and `salt_compat` in
#      the minion config both programs read); RUNS (second runs per tool, default 1);
#      KEEP=1 leaves the host and $work as the last run left them (to profile a second run:
#      `cd /tmp/halitetestsy-system-bench && halite --local -c conf-halite state.apply`;
#      any later run starts by cleaning up).
set -euo pipefail
cd "$(dirname "$0")/.."
states=${1:-300}
runs=${RUNS:-1}
services=${SERVICES:-default}
case $services in
  default) extra_conf= ;;
  debian) extra_conf='disable_modules: [systemd_service]\n' ;;
  *) echo "benches/system.sh: SERVICES must be default or debian" >&2; exit 2 ;;
esac
[ "$(id -u)" = 0 ] || { echo "benches/system.sh: needs root (installs test packages)" >&2; exit 1; }
NAME=benches/system.sh NO_SALT=${2:-} . benches/support/oracle.sh
export APT_CONFIG=/var/tmp/halitetest-pkg-repo/apt.conf
work=/tmp/halitetestsy-system-bench
per=$((states / 5))

# Back to a host without anything the tree creates.
clean_host() {
  if [ -x /etc/init.d/halitetest-pkg-svc ]; then
    /etc/init.d/halitetest-pkg-svc stop >/dev/null 2>&1 || true
  fi
  for u in $(getent passwd | awk -F: '/^halitetestsy-u/ {print $1}'); do userdel "$u"; done
  for g in $(getent group | awk -F: '/^halitetestsy-g/ {print $1}'); do groupdel "$g"; done
  rm -rf "$work/files"; mkdir -p "$work/files"
  sh tests/host-fixtures/pkg-repo.sh reset >/dev/null
}
[ -n "${KEEP:-}" ] || trap 'clean_host; sh tests/host-fixtures/pkg-repo.sh clean >/dev/null; rm -rf "$work"' EXIT
clean_host
rm -rf "$work"
mkdir -p "$work/srv" "$work/files"
pkgs=(halitetest-pkg-a halitetest-pkg-b halitetest-pkg-lib halitetest-pkg-dep halitetest-pkg-conf halitetest-pkg-epoch halitetest-pkg-svc)
{
  # The service's package first (the service states require it).
  printf 'halitetestsy-pkg-0:\n  pkg.installed:\n    - name: halitetest-pkg-svc\n    - refresh: False\n'
  for i in $(seq 1 $((states - 4 * per - 1))); do
    printf 'halitetestsy-pkg-%d:\n  pkg.installed:\n    - name: %s\n    - refresh: False\n' \
      "$i" "${pkgs[$((i % ${#pkgs[@]}))]}"
  done
  for i in $(seq 1 "$per"); do
    printf 'halitetestsy-svc-%d:\n  service.running:\n    - name: halitetest-pkg-svc\n    - require:\n      - pkg: halitetestsy-pkg-0\n' "$i"
  done
  for i in $(seq 1 "$per"); do
    printf 'halitetestsy-g%d:\n  group.present:\n    - gid: %d\n' "$i" $((42000 + i))
  done
  for i in $(seq 1 "$per"); do
    printf 'halitetestsy-u%d:\n  user.present:\n    - uid: %d\n    - gid: %d\n    - home: /nonexistent\n    - createhome: False\n    - shell: /usr/sbin/nologin\n    - fullname: halite bench %d\n    - groups:\n      - halitetestsy-g%d\n    - require:\n      - group: halitetestsy-g%d\n' \
      "$i" $((42000 + i)) $((42000 + i)) "$i" "$i" "$i"
  done
  for i in $(seq 1 "$per"); do
    printf '%s/files/halitetestsy-f%d.conf:\n  file.managed:\n    - mode: "0644"\n    - contents: |\n        # managed by benches/system.sh\n        index = %d\n' "$work" "$i" "$i"
  done
} > "$work/srv/bench.sls"
printf "base:\n  '*':\n    - bench\n" > "$work/srv/top.sls"

summary() { # out.json -> "N states, C changed, F not True" (and the first such state)
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))['local']
ch = sum(1 for v in d.values() if v.get('changes'))
bad = [k for k, v in d.items() if v.get('result') is not True]
print(len(d), 'states,', ch, 'changed,', len(bad), 'not True', *(['e.g.', bad[0], repr(d[bad[0]].get('comment'))[:200]] if bad else []))" "$1" 2>/dev/null || echo "no JSON"
}
measure() { # label, program
  local label=$1 prog=$2 conf=$work/conf-$1 best=""
  mkdir -p "$conf"
  printf 'file_client: local\nfile_roots:\n  base: [%s]\ncachedir: %s\npki_dir: %s\nlog_file: %s\nsalt_compat: "%s"\n'"$extra_conf" \
    "$work/srv" "$work/cache-$label" "$work/pki-$label" "$work/log-$label" "$compat" > "$conf/minion"
  local run=0
  for run in first $(seq 1 "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$prog" --local -c "$conf" --out json -l quiet state.apply \
      > "$work/out-$label.json" 2>/dev/null || true
    [ "$run" = first ] && cp "$work/out-$label.json" "$work/out-$label-first.json"
    read -r secs user sys kb < <(tail -n 1 "$work/time")
    name=$([ "$run" = first ] && echo first || echo "second")
    printf '%-7s %-6s %7.2fs wall %7.2fs cpu %8d KB peak  (%s)\n' "$label" "$name" "$secs" \
      "$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')" "$kb" "$(summary "$work/out-$label.json")"
  done
}
echo "benches/system.sh $states states, services: $services ($per each of service.running, group.present, user.present, file.managed; the rest pkg.installed)"
echo "salt_compat $compat; salt-call: $salt_call; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
measure halite "$halite"
if [ -x "$salt_call" ]; then
  clean_host
  measure salt "$salt_call"
  # Same states, same results, in both second runs.
  python3 - "$work/out-halite.json" "$work/out-salt.json" <<'PY'
import json, sys
h, s = (json.load(open(p))["local"] for p in sys.argv[1:])
key = lambda d: {k: (v.get("result"), bool(v.get("changes")), v.get("comment")) for k, v in d.items()}
kh, ks = key(h), key(s)
diff = [k for k in sorted(set(kh) | set(ks)) if kh.get(k) != ks.get(k)]
print("second runs: same states, results and comments" if not diff else
      f"second runs differ in {len(diff)} states, e.g. {diff[0]}: halite {kh.get(diff[0])} salt {ks.get(diff[0])}")
PY
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

#!/usr/bin/env bash
# Compile-only: every node's catalog from a generated reclass inventory, no host involved.
# `halite catalog compile --all` renders each node's reclass pillar (ext_pillar) and
# applications (master_tops), renders and compiles its states and packs its catalog
# archive (low chunks, pillar, the salt:// files they name); catalogs per second and peak
# RSS (/usr/bin/time -v), for --jobs 1 and the default (one a CPU); then one node alone
# (`--id`), the cost of a process a node.
#
#   benches/catalog_compile.sh [NODES=1000] [CLASSES=2000]
#
# HALITE_BIN (default target/release/halite), WORK (default /tmp/halitetestfl-catalog-bench,
# removed at the end unless KEEP=1). The inventory is gen_inventory's (crates/halite-reclass/
# examples, as scripts/bench/reclass.sh): about 50 classes a node, each with applications
# app0..app49; the states are 50 generated app SLS files (a file.managed from a shared
# template per app, and a test state per reclass service of that app) plus a common one.
set -euo pipefail
NODES=${1:-1000}
CLASSES=${2:-2000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${HALITE_BIN:-$ROOT/target/release/halite}
WORK=${WORK:-/tmp/halitetestfl-catalog-bench}
rm -rf "$WORK"
mkdir -p "$WORK/srv/salt/files" "$WORK/conf"

(cd "$ROOT" && cargo build -q -p halite-reclass --example gen_inventory)
"$ROOT/target/debug/examples/gen_inventory" "$WORK/inventory" "$NODES" "$CLASSES" 1

cat > "$WORK/conf/master" <<EOF
file_roots:
  base: [$WORK/srv/salt]
pillar_roots:
  base: [$WORK/srv/pillar]
cachedir: $WORK/cache
ext_pillar:
  - reclass:
      inventory_base_uri: $WORK/inventory
master_tops:
  reclass:
    inventory_base_uri: $WORK/inventory
EOF
mkdir -p "$WORK/srv/pillar"
printf 'base:\n  "*":\n    - common\n' > "$WORK/srv/salt/top.sls"
cat > "$WORK/srv/salt/common.sls" <<'EOF'
/etc/motd:
  file.managed:
    - contents: "{{ pillar['summary'] }}"
hostname:
  test.succeed_without_changes:
    - name: {{ pillar['hostname'] }}
EOF
cat > "$WORK/srv/salt/files/app.conf.j2" <<'EOF'
# {{ app }} on {{ grains['id'] }} ({{ pillar['hostname'] }})
{% for key, svc in pillar.items() | sort if key.startswith('svc_') %}
{{ svc['name'] }} = {{ svc['url'] }}
{% endfor %}
EOF
for k in $(seq 0 49); do
  cat > "$WORK/srv/salt/app$k.sls" <<EOF
{% for key, svc in pillar.items() | sort if key.startswith('svc_') and svc['settings']['a']['b']['c']['d'] % 50 == $k %}
{{ key }}:
  test.succeed_without_changes:
    - name: {{ svc['fqdn'] }}
{% endfor %}
/etc/app$k/app.conf:
  file.managed:
    - source: salt://files/app.conf.j2
    - template: jinja
    - makedirs: True
    - defaults:
        app: app$k
EOF
done
printf '{"os": "Debian", "os_family": "Debian", "kernel": "Linux", "osrelease": "12"}\n' > "$WORK/grains.json"

measure() { # label, nodes, command...
  local label=$1 n=$2; shift 2
  /usr/bin/time -v "$@" > "$WORK/out.txt" 2> "$WORK/time.txt" || { tail -20 "$WORK/time.txt"; exit 1; }
  local wall user sys rss secs
  wall=$(grep 'Elapsed (wall' "$WORK/time.txt" | awk '{print $NF}')
  user=$(grep 'User time' "$WORK/time.txt" | awk '{print $NF}')
  sys=$(grep 'System time' "$WORK/time.txt" | awk '{print $NF}')
  rss=$(grep 'Maximum resident' "$WORK/time.txt" | awk '{print $NF}')
  secs=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
  printf '%-28s wall %8.2fs  cpu %7.2fs  %8.1f catalogs/s  peak RSS %7.1f MB\n' "$label" "$secs" \
    "$(echo "$user + $sys" | bc)" "$(echo "$n / $secs" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
}

echo "$NODES nodes, $CLASSES classes; $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg)"
measure "--all --jobs 1" "$NODES" "$BIN" catalog compile -c "$WORK/conf" --all --jobs 1 --grains "$WORK/grains.json" -o "$WORK/catalogs1"
measure "--all (jobs: $(nproc))" "$NODES" "$BIN" catalog compile -c "$WORK/conf" --all --grains "$WORK/grains.json" -o "$WORK/catalogs"
cp "$WORK/out.txt" "$WORK/sums.txt"
measure "--id node1 (one process)" 1 "$BIN" catalog compile -c "$WORK/conf" --id node1 --grains "$WORK/grains.json" -o "$WORK/node1.tgz"
echo "catalogs: $(wc -l < "$WORK/sums.txt"), $(du -sh "$WORK/catalogs" | cut -f1) on disk; states in node1's: $(tar -xzOf "$WORK/catalogs/node1.tgz" lowstate.json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')"
# The parallel and the serial compile give the same bytes.
if cmp -s <(cd "$WORK/catalogs" && sha256sum ./*.tgz) <(cd "$WORK/catalogs1" && sha256sum ./*.tgz); then
  echo "--jobs 1 and parallel catalogs identical"
else
  echo "CATALOGS DIFFER between --jobs 1 and parallel"; exit 1
fi
[ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"

#!/bin/sh
# Record Salt 3007.8's core grains on this host for halite-grains' tests:
#   crates/halite-grains/tests/data/grains.json   salt-call --local grains.items (no static grains)
#   crates/halite-grains/tests/data/os-release     the /etc/os-release the os grains come from
# The test compares host-dependent values with this host's live state, not with the
# recording; the os grains are compared with it only where os-release is the same.
# Usage: scripts/oracle/grains_record.sh [SALT_CALL]
set -eu
SALT_CALL=${1:-$HOME/.cache/halite-oracles/salt/bin/salt-call}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$HERE/crates/halite-grains/tests/data
mkdir -p "$OUT"
SCRATCH=$(mktemp -d /tmp/halite-grains-oracle.XXXXXX)
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/conf" "$SCRATCH/srv/salt" "$SCRATCH/srv/pillar"
cat > "$SCRATCH/conf/minion" <<CONF
file_client: local
id: testminion
file_roots: {base: [$SCRATCH/srv/salt]}
pillar_roots: {base: [$SCRATCH/srv/pillar]}
cachedir: $SCRATCH/cache
pki_dir: $SCRATCH/pki
sock_dir: $SCRATCH/run
log_file: $SCRATCH/log/minion
CONF
cd "$SCRATCH"
"$SALT_CALL" --local -c "$SCRATCH/conf" --out json -l quiet grains.items \
  | sed "s#$SCRATCH#@SCRATCH@#g" > "$OUT/grains.json"
cat /etc/os-release > "$OUT/os-release"
rm -f "$OUT/host.json"
echo "recorded $(grep -c '^        "' "$OUT/grains.json") grains into $OUT"

#!/bin/sh
# Records Salt 3007.8's (expected/) and 3008.4's (expected-3008/) answers for the systemd
# cases: scripts/oracle/systemd_record.sh tests/systemd-cases/NAME [...]
# Boots the isolated systemd of tests/host-fixtures/systemd-ns.sh (as root), copies
# tests/systemd-cases and tests/host-fixtures into its shared folder (/halitetestsd inside),
# runs record.py there for both releases (each case's `reset` runs inside too), copies the
# answers back and stops the namespace. crates/halite/tests/systemd_booted.rs replays them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
oracles=${ORACLES:-$HOME/.cache/halite-oracles}
ns=$repo/tests/host-fixtures/systemd-ns.sh
[ $# -ge 1 ] || { echo "usage: $0 tests/systemd-cases/NAME..." >&2; exit 2; }
sh "$ns" start
trap 'sh "$ns" stop' EXIT
share=$(sh "$ns" share)
mkdir -p "$share/tests"
cp -r "$repo/tests/systemd-cases" "$repo/tests/host-fixtures" "$share/tests/"
for case in "$@"; do
    name=$(basename "$case")
    inside=/halitetestsd/tests/systemd-cases/$name
    sh "$ns" exec "$inside" "$oracles/salt/bin/python" "$here/record.py" \
        --salt-call "$oracles/salt/bin/salt-call" "$inside"
    sh "$ns" exec "$inside" "$oracles/salt3008/bin/python" "$here/record.py" \
        --salt-call "$oracles/salt3008/bin/salt-call" --expected expected-3008 "$inside"
    for e in expected expected-3008; do
        rm -rf "$repo/tests/systemd-cases/$name/$e"
        cp -r "$share/tests/systemd-cases/$name/$e" "$repo/tests/systemd-cases/$name/$e"
    done
done

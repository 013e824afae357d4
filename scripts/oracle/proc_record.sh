#!/usr/bin/env bash
# Records the proc file Salt writes for a running state call (see proc_record.py).
set -euo pipefail
oracles=${ORACLES:-$HOME/.cache/halite-oracles}
exec "$oracles/salt/bin/python" "$(dirname "$0")/proc_record.py" "$oracles/salt/bin/salt-call"

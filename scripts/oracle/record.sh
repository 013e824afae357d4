#!/usr/bin/env bash
# Records Salt's answers for halite test cases: scripts/oracle/record.sh CASE [CASE ...]
# Needs the oracles: ../shared/oracle/setup.sh (or ORACLES=DIR).
set -euo pipefail
oracles=${ORACLES:-$HOME/.cache/halite-oracles}
exec "$oracles/salt/bin/python" "$(dirname "$0")/record.py" --salt-call "$oracles/salt/bin/salt-call" "$@"

#!/usr/bin/env bash
# Re-records the runtime golden cases (crates/halite-runtime/tests/cases/*) and the highstate
# outputter fixtures from Salt 3007.8. Usage: scripts/oracle/runtime-record.sh [CASE ...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ $# -eq 0 ]; then
  set -- "$root"/crates/halite-runtime/tests/cases/*/
fi
exec "$here/record.sh" "$@"

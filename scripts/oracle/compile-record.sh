#!/usr/bin/env bash
# Re-records halite-compile's golden cases (all, or the named ones) from Salt 3007.8:
#   scripts/oracle/compile-record.sh [CASE_NAME ...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cases=$here/../../crates/halite-compile/tests/cases
if [ $# -eq 0 ]; then
    set -- $(ls "$cases")
fi
for name in "$@"; do
    "$here/record.sh" "$cases/$name"
done

#!/bin/sh
# Compare halite with Salt 3007.8 on real Salt formulas (issue 4).
#
#   scripts/formulas/compare.sh [FORMULAS_DIR] [--table-md] [NAME ...]
#
# FORMULAS_DIR (default $HALITE_FORMULAS, else /work/formulas) holds saltstack-formulas
# checkouts (nginx/, users/, ...). For each formula a temp tree is set up (file_roots = the
# checkout, pillar_roots = a top.sls assigning the formula's pillar.example as `formula`,
# a minion config from tests/formulas/<name>/minion, the host's real grains), then
# `state.show_sls X` and `state.show_low_sls X` run through Salt (live) and halite for every
# *.sls of the formula folder, and a match table is printed:
#   formula, command, identical (yes/NO), first differing line (or Salt's error).
#
# Environment: HALITE_BIN (default $CARGO_TARGET_DIR/debug/halite), SALT_PYTHON (the
# oracle's python3). To compare against the recorded fixtures instead of a live Salt:
#   scripts/formulas/formulas.py check;   to re-record them: scripts/formulas/formulas.py record
# State by state in test mode (state.sls NAME test=True, guards reviewed first):
#   scripts/formulas/formulas.py apply-test [--salt-call BIN] [NAME ...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
formulas=${HALITE_FORMULAS:-/work/formulas}
if [ $# -gt 0 ] && [ -d "$1" ]; then
    formulas=$1
    shift
fi
if [ ! -d "$formulas" ]; then
    echo "compare.sh: no formula checkouts at $formulas" >&2
    exit 2
fi
exec python3 "$here/formulas.py" compare --formulas "$formulas" "$@"

#!/usr/bin/env python3
"""Record Salt 3007.8's highstate outputter on recorded state runs.

For every crates/halite-runtime/tests/cases/*/expected/NN.json that holds a state run (a dict of
results under "local"), Salt's own `highstate` outputter (salt.output.out_format) renders it with
several option sets; the text goes to crates/halite-runtime/tests/highstate/CASE_NN_VARIANT.txt
and the input is the case's JSON, so halite's outputter can be compared byte for byte.

Usage: ~/.cache/halite-oracles/salt/bin/python scripts/oracle/runtime-highstate.py
"""
import glob
import json
import os
import sys

import salt.config
import salt.output

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CASES = os.path.join(ROOT, "crates", "halite-runtime", "tests", "cases")
OUT = os.path.join(ROOT, "crates", "halite-runtime", "tests", "highstate")

VARIANTS = {
    "full": {},
    "terse": {"state_output": "terse"},
    "mixed": {"state_output": "mixed"},
    "changes": {"state_output": "changes"},
    "quiet": {"state_verbose": False},
    "color": {"color": True},
    "fullid": {"state_output": "full_id"},
    "noprofile": {"state_output_profile": False},
}

# Extra option sets, on a few cases only (keeps the fixture count down).
EXTRA_CASES = {"test_basic", "watch_basic", "cmd_basic", "file_managed", "parallel_basic", "test_warnings"}
EXTRA_VARIANTS = {
    "pct": {"state_output_pct": True},
    "tabular": {"state_output": "terse", "state_tabular": True},
    "diffonly": {"state_output_diff": True},
    "changesid": {"state_output": "changes_id"},
}


def main():
    base = salt.config.minion_config(None)
    os.makedirs(OUT, exist_ok=True)
    for path in sorted(glob.glob(os.path.join(CASES, "*", "expected", "*.json"))):
        case = os.path.basename(os.path.dirname(os.path.dirname(path)))
        nn = os.path.splitext(os.path.basename(path))[0]
        with open(path) as f:
            try:
                data = json.load(f)
            except ValueError:
                continue
        local = data.get("local") if isinstance(data, dict) else None
        if not isinstance(local, dict) or not all(
            isinstance(v, dict) and "__run_num__" in v for v in local.values()
        ):
            continue
        variants = dict(VARIANTS)
        if case in EXTRA_CASES:
            variants.update(EXTRA_VARIANTS)
        for name, extra in variants.items():
            opts = dict(base)
            opts.update({"color": False, "force_color": False})
            opts.update(extra)
            text = salt.output.out_format(json.loads(json.dumps(data)), "highstate", opts)
            with open(os.path.join(OUT, "%s_%s_%s.txt" % (case, nn, name)), "w") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

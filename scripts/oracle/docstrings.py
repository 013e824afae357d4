#!/usr/bin/env python3
"""Dump the docstrings of the salt.modules.state functions halite implements: salt-call prints
a function's docstring on stdout when the function raises a TypeError (halite mirrors that
for the Salt crashes halite-compile models). Run with the oracle's python:
    ~/.cache/halite-oracles/salt/bin/python scripts/oracle/docstrings.py > crates/halite/src/docstrings.json
    ~/.cache/halite-oracles/salt3008/bin/python scripts/oracle/docstrings.py > crates/halite/src/docstrings-3008.json
"""
import json
import sys

import salt.modules.state as state

FUNCTIONS = ["show_top", "show_highstate", "show_lowstate", "show_sls", "show_low_sls",
             "apply_", "highstate", "sls", "sls_id", "single", "low", "test", "id_exists", "sls_exists",
             "template_str", "template", "pkg"]
out = {}
for name in FUNCTIONS:
    out["state." + name.rstrip("_")] = getattr(state, name).__doc__
json.dump(out, sys.stdout, indent=1, sort_keys=True)
sys.stdout.write("\n")

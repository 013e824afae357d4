#!/usr/bin/env python3
"""Dump the docstrings of the execution functions halite registers: salt-call prints the
called function's docstring on stdout when it raises a TypeError (bad arguments: "Passed
invalid arguments: ..." on stderr, exit 1), and halite mirrors that. Run with each oracle's
python, 3008 first (3007.8's file holds only the docstrings that differ from 3008.4's):
    ~/.cache/halite-oracles/salt3008/bin/python scripts/oracle/exec_docstrings.py > crates/halite/src/exec_docstrings-3008.json
    ~/.cache/halite-oracles/salt/bin/python scripts/oracle/exec_docstrings.py --differing-from crates/halite/src/exec_docstrings-3008.json > crates/halite/src/exec_docstrings-3007.json
The names are every `register("mod.fun"` / `register_pure(...` / `register_host_read(...` literal in
crates/halite-exec/src/modules/ (the functions this machine's loader has; `null` when the
function has no docstring).
"""

import json
import os
import sys


import salt_minion

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def main():
    base = {}
    if len(sys.argv) == 3 and sys.argv[1] == "--differing-from":
        with open(sys.argv[2]) as f:
            base = json.load(f)
    names = salt_minion.halite_exec_names()
    _, funcs = salt_minion.minion("halite-docstrings-")
    out = {
        name: funcs[name].__doc__
        for name in sorted(names)
        if name in funcs and (name not in base or base[name] != funcs[name].__doc__)
    }
    json.dump(out, sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Records Python's fnmatch.fnmatchcase (what Salt matches top globs, sls names, grains and
config keys with) on generated patterns and names, for halite-value's tests/fnmatch.rs.
Run with the Salt oracle's interpreter:
  ~/.cache/halite-oracles/salt/bin/python scripts/oracle/fnmatch_record.py \
      > crates/halite-value/tests/data/fnmatch_python.json
"""
import fnmatch
import json
import random
import sys

PATTERN_ATOMS = ["a", "b", "c", ".", "-", "*", "?", "[ab]", "[!ab]", "[a-c]", "[]a]", "[!]]",
                 "[", "]", "!", "\\", "[^a]", "[a-]", "[-a]", "é", "\n", "[z-a]", "[[]", "**",
                 "[c-a-e]", "[!z-a]", "[z-ab]", "[!d-ab]", "[a-c-e]", "[&&a]", "[~b]", "[|]"]
NAME_ATOMS = ["a", "b", "c", ".", "-", "]", "[", "!", "^", "\\", "é", "\n", "z", "e", "&", "~", "|"]


def build(rng, atoms, most):
    return "".join(rng.choice(atoms) for _ in range(rng.randint(0, most)))


def main():
    rng = random.Random(20261122)
    cases = []
    for _ in range(1500):
        pat = build(rng, PATTERN_ATOMS, 5)
        names = sorted({build(rng, NAME_ATOMS, 6) for _ in range(4)})
        cases.append([pat, [[n, fnmatch.fnmatchcase(n, pat)] for n in names]])
    json.dump({"python": sys.version.split()[0], "cases": cases}, sys.stdout,
              ensure_ascii=False, indent=0)
    sys.stdout.write("\n")


main()

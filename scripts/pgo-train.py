#!/usr/bin/env python3
"""Training run for halite's profile-guided build (scripts/pgo-build.sh).

Runs an instrumented halite over a broad workload, so that the profile describes halite's
work in general rather than one benchmark: every command of every golden case
(tests/cases/* and crates/*/tests/cases/*: every function halite implements, errors
included, `state.apply` only in the scratch folders those cases are built for), the example
tree shipped in the repository, and generated trees of a size the benchmark does not use
(benches/gen_tree.py, 40 files, with both include shapes). Output is discarded; the
instrumented binary writes its profile when each run exits.

Usage: scripts/pgo-train.py HALITE
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "oracle"))
from record import commands, run_command  # noqa: E402


def run(halite, conf_dir, argv, cwd, env=None):
    subprocess.run([halite, "--local", "-c", conf_dir, "--out", "json", "-l", "quiet"] + argv,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, env=env,
                   timeout=300, check=False)


def golden_cases(halite):
    cases = sorted(glob.glob(os.path.join(ROOT, "tests", "cases", "*")) +
                   glob.glob(os.path.join(ROOT, "crates", "*", "tests", "cases", "*")))
    count = 0
    for case in cases:
        if not os.path.exists(os.path.join(case, "commands")):
            continue
        for argv in commands(case):
            run_command(case, argv, halite)
            count += 1
    return count


def generated_trees(halite):
    count = 0
    for shape in ([], ["--shallow"]):
        tree = tempfile.mkdtemp(prefix="halite-pgo-tree-")
        try:
            subprocess.run([sys.executable, os.path.join(ROOT, "benches", "gen_tree.py"), tree,
                            "40"] + shape, check=True, stdout=subprocess.DEVNULL)
            conf_dir = os.path.join(tree, "conf")
            for argv in (["state.show_lowstate"], ["state.show_highstate"],
                         ["state.show_top"], ["pillar.items"]):
                for _ in range(3):
                    run(halite, conf_dir, argv, tree)
                    count += 1
        finally:
            shutil.rmtree(tree, ignore_errors=True)
    return count


def example(halite):
    conf_dir = os.path.join(ROOT, "examples", "webapp", "conf")
    for argv in (["state.show_lowstate"], ["state.show_highstate"], ["state.show_top"],
                 ["grains.items"]):
        run(halite, conf_dir, argv, ROOT)
    return 4


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    halite = os.path.abspath(sys.argv[1])
    count = golden_cases(halite) + generated_trees(halite) + example(halite)
    print(f"pgo-train: {count} runs")


if __name__ == "__main__":
    main()

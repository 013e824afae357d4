"""What the generators of Salt-derived tables (argspecs.py, state_argspecs.py,
exec_docstrings.py) share: a throwaway local minion's loader, and the execution function
names halite registers. Imported by those scripts (run with a Salt venv's python)."""

import glob
import os
import re
import tempfile

import salt.config
import salt.loader

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def minion(prefix):
    """(opts, execution modules) of a local minion whose cache, pki and sockets are in a
    fresh scratch folder, with its grains loaded."""
    scratch = tempfile.mkdtemp(prefix=prefix)
    opts = salt.config.minion_config(None)
    opts.update(
        file_client="local",
        cachedir=os.path.join(scratch, "cache"),
        pki_dir=os.path.join(scratch, "pki"),
        sock_dir=os.path.join(scratch, "run"),
    )
    opts["grains"] = salt.loader.grains(opts)
    return opts, salt.loader.minion_mods(opts)


def halite_exec_names():
    """Every `register("mod.fun"` / `register_pure(...` / `register_host_read(...` in halite's
    execution modules."""
    names = set()
    for path in glob.glob(os.path.join(ROOT, "crates/halite-exec/src/modules/*.rs")):
        with open(path) as f:
            names.update(re.findall(r'register(?:_pure|_host_read)?\(\s*"([a-z_0-9]+\.[a-z_0-9]+)"', f.read()))
    return names

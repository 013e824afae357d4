#!/usr/bin/env python3
"""Records the proc file Salt 3007.8's salt-call writes for a running state call
(`cachedir/proc/<jid>`, salt.payload.dumps of {fun, pid, jid, tgt}) into
crates/halite-runtime/tests/data/salt_proc_file: a state of the run copies it out while the
run holds it. halite's lock tests read it (crates/halite-runtime/tests/proc_files.rs).

Usage: scripts/oracle/proc_record.sh
"""

import os
import shutil
import subprocess
import sys
import tempfile

import yaml

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
out = os.path.join(root, "crates/halite-runtime/tests/data/salt_proc_file")
salt_call = sys.argv[1]

scratch = tempfile.mkdtemp(prefix="halite-proc-")
try:
    srv = os.path.join(scratch, "srv")
    os.makedirs(srv)
    with open(os.path.join(srv, "copy.sls"), "w") as f:
        f.write(
            "copy:\n  cmd.run:\n    - name: cp %s/cache/proc/* %s\n"
            % (scratch, os.path.join(scratch, "proc_file"))
        )
    conf = os.path.join(scratch, "conf")
    os.makedirs(conf)
    with open(os.path.join(conf, "minion"), "w") as f:
        yaml.safe_dump(
            {
                "file_client": "local",
                "id": "testminion",
                "file_roots": {"base": [srv]},
                "cachedir": os.path.join(scratch, "cache"),
                "pki_dir": os.path.join(scratch, "pki"),
                "sock_dir": os.path.join(scratch, "run"),
                "log_file": os.path.join(scratch, "log", "minion"),
            },
            f,
        )
    subprocess.run(
        [salt_call, "--local", "-c", conf, "--out", "json", "-l", "quiet", "state.sls", "copy"],
        check=True, capture_output=True,
    )
    shutil.copyfile(os.path.join(scratch, "proc_file"), out)
    print("wrote", out)
finally:
    shutil.rmtree(scratch, ignore_errors=True)

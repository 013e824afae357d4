#!/usr/bin/env python3
"""Record the path options Salt derives from `root_dir` (salt.config `prepend_root_dir`,
`apply_minion_config`, `apply_master_config`) for halite's config tests.

Each case below is a minion or master config file; @ROOT@ in it stands for a scratch folder
(the root_dir). The script loads it with both Salt releases the way their CLIs do
(`salt.config.minion_config` for salt-call, `salt.config.master_config` for salt-ssh) and
writes crates/halite/tests/fixtures/root_dir.json:
    [{"role": "minion"|"master", "config": {...}, "3007": {KEY: VALUE}, "3008": {...}}]
with the scratch folder written @ROOT@ again. crates/halite/tests/root_dir.rs replays it.

Usage: python3 scripts/oracle/root_dir_record.py   (needs the oracles: ../shared/oracle/setup.sh,
or ORACLES=DIR)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ORACLES = os.environ.get("ORACLES", os.path.expanduser("~/.cache/halite-oracles"))
RELEASES = {"3007": "salt", "3008": "salt3008"}
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "..", "crates", "halite", "tests", "fixtures",
                                    "root_dir.json"))

MINION_KEYS = ["root_dir", "cachedir", "pki_dir", "sock_dir", "extension_modules", "pidfile",
               "log_file"]
MASTER_KEYS = MINION_KEYS + ["key_logfile", "ssh_log_file", "token_dir", "syndic_dir",
                             "sqlite_queue_dir"]

CASES = [
    ("minion", {"root_dir": "@ROOT@"}),
    # a relative cachedir goes below root_dir; the default sock_dir is then more than ten
    # characters longer than cachedir, so it moves into it (`.salt-unix`)
    ("minion", {"root_dir": "@ROOT@", "cachedir": "cache"}),
    ("minion", {"root_dir": "@ROOT@", "cachedir": "@ROOT@/c", "pki_dir": "/etc/pki-x",
                "log_file": "udp://loghost:514", "sock_dir": "run"}),
    ("minion", {"root_dir": "@ROOT@/", "cachedir": "@ROOT@", "pki_dir": "@ROOT@/./p//q/",
                "log_file": "file:///dev/log", "extension_modules": "mods"}),
    ("minion", {"root_dir": "@ROOT@/sub/..", "cachedir": "/var/cache/x/../y",
                "pidfile": "run/m.pid"}),
    ("minion", {"cachedir": "/tmp/halitetest-c", "sock_dir": "/tmp/halitetest-sock-dir-long"}),
    ("master", {"root_dir": "@ROOT@"}),
    ("master", {"root_dir": "@ROOT@", "cachedir": "mcache", "ssh_log_file": "/var/log/ssh-x",
                "key_logfile": "tcp://h:1"}),
    ("master", {"root_dir": "@ROOT@", "cachedir": "@ROOT@/mc", "log_file": "logs/master"}),
]

PROBE = r"""
import json, sys
import salt.config
role, path, keys = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
opts = (salt.config.minion_config if role == "minion" else salt.config.master_config)(path)
print(json.dumps({k: opts.get(k) for k in keys}))
"""


def run(release, role, config, root, scratch):
    conf_dir = os.path.join(scratch, "conf")
    os.makedirs(conf_dir, exist_ok=True)
    path = os.path.join(conf_dir, role)
    with open(path, "w") as f:
        json.dump({k: v.replace("@ROOT@", root) for k, v in config.items()}, f)
    keys = MINION_KEYS if role == "minion" else MASTER_KEYS
    python = os.path.join(ORACLES, RELEASES[release], "bin", "python")
    proc = subprocess.run([python, "-c", PROBE, role, path, ",".join(keys)], cwd=scratch,
                          capture_output=True, text=True, check=True)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    return {k: v.replace(root, "@ROOT@") if isinstance(v, str) else v for k, v in out.items()}


def main():
    records = []
    for role, config in CASES:
        record = {"role": role, "config": config}
        for release in RELEASES:
            scratch = tempfile.mkdtemp(prefix="halite-root-dir-")
            try:
                root = os.path.join(scratch, "root")
                record[release] = run(release, role, config, root, scratch)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
        records.append(record)
    with open(OUT, "w") as f:
        json.dump(records, f, indent=2)
        f.write("\n")
    print("wrote %s (%d cases)" % (OUT, len(records)), file=sys.stderr)


if __name__ == "__main__":
    main()

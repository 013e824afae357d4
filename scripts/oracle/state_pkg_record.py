#!/usr/bin/env python3
"""Record a state.pkg archive built by salt-ssh's own code and Salt's answer to it.

salt-ssh ships a state run as a tarball made by salt.client.ssh.state.prep_trans_tar
(lowstate.json, pillar.json, roster_grains.json, the salt:// files under <saltenv>/<path>)
and runs `state.pkg` on it. This builds such a tarball with Salt 3007.8's prep_trans_tar
(a minimal file client serving the case's srv/salt) and records `salt-call --local
state.pkg` on it twice (apply, then converged) so that halite's replay
(crates/halite/tests/state_pkg_salt.rs) applies the very archive and compares.

The chunks write under /tmp/halitetest-ssh-pkg (removed before and after).
Usage (the oracle's python): scripts/oracle/state_pkg_record.py CASE
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

import salt.client.ssh.state as sshstate

OUT = "/tmp/halitetest-ssh-pkg"
SALT_CALL = os.path.expanduser("~/.cache/halite-oracles/salt/bin/salt-call")


class FileClient:
    def __init__(self, root):
        self.root = root

    def cache_file(self, name, saltenv, cachedir=None):
        path = os.path.join(self.root, name[len("salt://"):])
        return path if os.path.isfile(path) else ""

    def cache_dir(self, name, saltenv, cachedir=None):
        return []

    def get_cachedir(self, dest):
        return dest


def main():
    case = os.path.abspath(sys.argv[1])
    with open(os.path.join(case, "chunks.json")) as f:
        chunks = json.load(f)
    with open(os.path.join(case, "pillar.json")) as f:
        pillar = json.load(f)
    with open(os.path.join(case, "roster_grains.json")) as f:
        roster_grains = json.load(f)
    cwd = os.getcwd()
    tar = sshstate.prep_trans_tar(
        FileClient(os.path.join(case, "srv", "salt")),
        chunks,
        sshstate.lowstate_file_refs(chunks),
        pillar,
        "pkgminion",
        roster_grains,
    )
    os.chdir(cwd)
    shutil.copy(tar, os.path.join(case, "salt_state.tgz"))
    os.remove(tar)
    with open(os.path.join(case, "salt_state.tgz"), "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    shutil.rmtree(OUT, ignore_errors=True)
    scratch = tempfile.mkdtemp(prefix="halitetest-ssh-pkgrec.")
    try:
        with open(os.path.join(scratch, "minion"), "w") as f:
            f.write(
                f"file_client: local\nid: pkgminion\ncachedir: {scratch}/cache\n"
                f"pki_dir: {scratch}/pki\nsock_dir: {scratch}/run\nlog_file: {scratch}/log\n"
                "file_roots: {base: []}\npillar_roots: {base: []}\n"
            )
        exp = os.path.join(case, "expected")
        shutil.rmtree(exp, ignore_errors=True)
        os.makedirs(exp)
        archive = os.path.join(case, "salt_state.tgz")
        for n in ("01", "02"):
            p = subprocess.run(
                [SALT_CALL, "--local", "-c", scratch, "--out", "json", "-l", "quiet",
                 "state.pkg", archive, f"pkg_sum={digest}", "hash_type=sha256"],
                capture_output=True, text=True,
            )
            with open(os.path.join(exp, f"{n}.json"), "w") as f:
                f.write(p.stdout)
            with open(os.path.join(exp, f"{n}.rc"), "w") as f:
                f.write(f"{p.returncode}\n")
            print(n, p.returncode)
            if n == "01":
                # What Salt's run wrote (the template rendered with the archive's pillar
                # and roster grains).
                shutil.copy(os.path.join(OUT, "motd"), os.path.join(exp, "motd"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(OUT, ignore_errors=True)


if __name__ == "__main__":
    main()

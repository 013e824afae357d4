#!/usr/bin/env python3
"""Record salt-ssh's answers for halite ssh's golden cases (tests/ssh-cases/NAME): Salt
3007.8's into CASE/expected, Salt 3008.4's (`--salt-ssh` of the 3008 venv) into
CASE/expected-3008.

A case is a folder:
    CASE/srv/salt/...      file_roots (base)
    CASE/srv/pillar/...    pillar_roots (base)
    CASE/commands          one salt-ssh invocation a line after the options:
                           `'*' state.apply test=True`, `h1 cmd.run 'echo hi'`
    CASE/expected/NN.json  written here: salt-ssh's stdout (`--out json --static`), with the
                           sandbox folder written @ROOT@
    CASE/expected/NN.rc    written here: its exit status
    CASE/expected-3008/    the same from salt-ssh 3008.4

The sandbox is a fresh folder /tmp/halitetest-ssh-rec.XXXX holding the master config, the
roster, the thin_dirs and the files the states write; in it an sshd of our own (own config,
host key, authorized_keys) listens on a free loopback port. The fleet is the roster of
crates/halite/tests/ssh_golden.rs: h1 and h2, both on that sshd, each with its own thin_dir.
salt-ssh needs `set_path` (its shim breaks on a pyenv `python3` shell script in PATH) and
the sftp subsystem (it copies the thin with scp); halite needs neither.

The master config carries `salt_compat` (salt-ssh ignores the key; halite's golden test
writes the same master config and reads it): "3007" for expected/, "3008" for
expected-3008/.

Root only (sshd). Usage: scripts/oracle/ssh_record.py [--salt-ssh PATH] [--expected DIR]
[--salt-compat 3007|3008] CASE [CASE ...]
(Salt 3008.4: --salt-ssh ~/.cache/halite-oracles/salt3008/bin/salt-ssh --expected expected-3008,
salt_compat then defaults to 3008.)
"""

import argparse
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time

DEFAULT_SALT_SSH = os.path.expanduser("~/.cache/halite-oracles/salt/bin/salt-ssh")
HOSTS = ["h1", "h2"]
SET_PATH = "/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def keygen(path):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)


def start_sshd(root):
    keygen(os.path.join(root, "hostkey"))
    keygen(os.path.join(root, "client"))
    shutil.copy(os.path.join(root, "client.pub"), os.path.join(root, "authorized_keys"))
    port = free_port()
    conf = os.path.join(root, "sshd_config")
    with open(conf, "w") as f:
        f.write(
            f"Port {port}\nListenAddress 127.0.0.1\nHostKey {root}/hostkey\n"
            f"AuthorizedKeysFile {root}/authorized_keys\nPidFile {root}/sshd.pid\n"
            "StrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\n"
            "PasswordAuthentication no\nMaxSessions 100\nMaxStartups 100:30:200\n"
            "Subsystem sftp /usr/lib/openssh/sftp-server\n"
        )
    os.makedirs("/run/sshd", exist_ok=True)
    proc = subprocess.Popen(
        ["/usr/sbin/sshd", "-D", "-e", "-f", conf],
        stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(root, "sshd.log"), "w"),
    )
    for _ in range(500):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.02)
    with open(os.path.join(root, "hostkey.pub")) as f:
        key = " ".join(f.read().split()[:2])
    with open(os.path.join(root, "known_hosts"), "w") as f:
        f.write(f"[127.0.0.1]:{port} {key}\n")
    return proc, port


def sandbox(case, root, port, salt, salt_compat="3007"):
    shutil.copytree(os.path.join(case, "srv"), os.path.join(root, "srv"))
    # @ROOT@ in the state tree stands for the sandbox folder.
    for dirpath, _, files in os.walk(os.path.join(root, "srv")):
        for name in files:
            path = os.path.join(dirpath, name)
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(text.replace("@ROOT@", root))
    conf = os.path.join(root, "conf")
    os.makedirs(conf)
    with open(os.path.join(conf, "roster"), "w") as f:
        for h in HOSTS:
            f.write(
                f"{h}:\n  host: 127.0.0.1\n  port: {port}\n  user: root\n"
                f"  thin_dir: {root}/thin-{h}\n"
            )
            if salt:
                f.write(f"  set_path: {SET_PATH}\n")
    with open(os.path.join(conf, "master"), "w") as f:
        f.write(
            f"root_dir: {root}/saltroot\n"
            f"file_roots:\n  base: [{root}/srv/salt]\n"
            f"pillar_roots:\n  base: [{root}/srv/pillar]\n"
            f"cachedir: {root}/cache\n"
            f"roster_file: {conf}/roster\n"
            f"ssh_priv: {root}/client\n"
            f"known_hosts_file: {root}/known_hosts\n"
            f"log_file: {root}/master.log\n"
            f"salt_compat: \"{salt_compat}\"\n"
        )
    return conf


def commands(case):
    with open(os.path.join(case, "commands")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield shlex.split(line)


def record(case, salt_ssh, expected="expected", salt_compat="3007"):
    case = os.path.abspath(case)
    root = tempfile.mkdtemp(prefix="halitetest-ssh-rec.", dir="/tmp")
    proc, port = start_sshd(root)
    try:
        conf = sandbox(case, root, port, salt=True, salt_compat=salt_compat)
        out_dir = os.path.join(case, expected)
        shutil.rmtree(out_dir, ignore_errors=True)
        os.makedirs(out_dir)
        for n, argv in enumerate(commands(case), 1):
            cmd = [salt_ssh, "-c", conf, "--out", "json", "--static", "-l", "quiet"] + argv
            p = subprocess.run(cmd, capture_output=True, text=True, cwd=root, timeout=600)
            with open(os.path.join(out_dir, f"{n:02}.json"), "w") as f:
                f.write(p.stdout.replace(root, "@ROOT@"))
            with open(os.path.join(out_dir, f"{n:02}.rc"), "w") as f:
                f.write(f"{p.returncode}\n")
            print(f"{os.path.basename(case)} {expected}/{n:02}: {' '.join(argv)} -> {p.returncode}")
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(root, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--salt-ssh", default=DEFAULT_SALT_SSH)
    ap.add_argument("--expected", default="expected",
                    help="the folder of each case the answers go to (expected-3008 for Salt 3008.4)")
    ap.add_argument("--salt-compat", choices=["3007", "3008"],
                    help="salt_compat written into the master config (default: 3008 when the "
                    "folder is expected-3008, else 3007)")
    ap.add_argument("cases", nargs="+")
    a = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("ssh_record.py: root only (it starts an sshd of its own)")
    compat = a.salt_compat or ("3008" if a.expected.endswith("3008") else "3007")
    for case in a.cases:
        record(case, a.salt_ssh, a.expected, compat)


if __name__ == "__main__":
    main()

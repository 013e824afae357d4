#!/usr/bin/env python3
"""halite ssh vs salt-ssh on a simulated fleet: N roster hosts (default 20), each its own
id and thin_dir, all on one sshd of our own on a free loopback port; a generated tree of
22 states (file.managed from templates, file.directory, cmd.run with unless, test states).
Times the first run (fresh thin_dirs: deploy + grains + apply) and the no-change run, for
each tool, and prints them side by side.

Root only (sshd). Usage:
    benches/ssh_fleet.py [--hosts 20] [--halite PATH] [--salt-ssh PATH] [--skip-salt]
--halite defaults to target/release/halite (build it first; a debug build is ~130 MB to
copy to every host). Nothing outside /tmp/halitetest-ssh-bench.* is touched.
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SET_PATH = "/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def keygen(path):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)


def start_sshd(root):
    keygen(f"{root}/hostkey")
    keygen(f"{root}/client")
    shutil.copy(f"{root}/client.pub", f"{root}/authorized_keys")
    port = free_port()
    with open(f"{root}/sshd_config", "w") as f:
        f.write(
            f"Port {port}\nListenAddress 127.0.0.1\nHostKey {root}/hostkey\n"
            f"AuthorizedKeysFile {root}/authorized_keys\nPidFile {root}/sshd.pid\n"
            "StrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\n"
            "PasswordAuthentication no\nMaxSessions 200\nMaxStartups 200:30:400\n"
            "Subsystem sftp /usr/lib/openssh/sftp-server\n"
        )
    os.makedirs("/run/sshd", exist_ok=True)
    proc = subprocess.Popen(
        ["/usr/sbin/sshd", "-D", "-e", "-f", f"{root}/sshd_config"],
        stdout=subprocess.DEVNULL,
        stderr=open(f"{root}/sshd.log", "w"),
    )
    for _ in range(500):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.02)
    key = " ".join(open(f"{root}/hostkey.pub").read().split()[:2])
    with open(f"{root}/known_hosts", "w") as f:
        f.write(f"[127.0.0.1]:{port} {key}\n")
    return proc, port


def tree(root):
    salt = f"{root}/srv/salt"
    os.makedirs(f"{salt}/app/files", exist_ok=True)
    os.makedirs(f"{root}/srv/pillar", exist_ok=True)
    with open(f"{salt}/top.sls", "w") as f:
        f.write("base:\n  '*':\n    - app\n")
    states = []
    for i in range(8):
        states.append(
            f"{root}/out/{{{{ grains['id'] }}}}/conf{i}.cfg:\n  file.managed:\n"
            f"    - source: salt://app/files/conf{i}.j2\n    - template: jinja\n"
            f"    - makedirs: True\n"
        )
        with open(f"{salt}/app/files/conf{i}.j2", "w") as f:
            f.write(f"# conf {i} for {{{{ grains['id'] }}}}\nsetting = {{{{ pillar['app']['v{i}'] }}}}\n")
    for i in range(6):
        states.append(
            f"{root}/out/{{{{ grains['id'] }}}}/dir{i}:\n  file.directory:\n    - makedirs: True\n"
        )
    for i in range(4):
        states.append(
            f"marker{i}:\n  cmd.run:\n    - name: touch {root}/out/{{{{ grains['id'] }}}}/m{i}\n"
            f"    - unless: test -e {root}/out/{{{{ grains['id'] }}}}/m{i}\n"
            f"    - require:\n      - file: {root}/out/{{{{ grains['id'] }}}}/dir0\n"
        )
    for i in range(4):
        states.append(f"check{i}:\n  test.succeed_without_changes\n")
    assert len(states) == 22
    with open(f"{salt}/app/init.sls", "w") as f:
        f.write("\n".join(states))
    with open(f"{root}/srv/pillar/top.sls", "w") as f:
        f.write("base:\n  '*':\n    - app\n")
    with open(f"{root}/srv/pillar/app.sls", "w") as f:
        f.write("app:\n" + "".join(f"  v{i}: value{i}\n" for i in range(8)))


def config(root, tool, port, hosts):
    conf = f"{root}/conf-{tool}"
    os.makedirs(conf, exist_ok=True)
    with open(f"{conf}/roster", "w") as f:
        for n in range(hosts):
            f.write(
                f"host{n:02}:\n  host: 127.0.0.1\n  port: {port}\n  user: root\n"
                f"  thin_dir: {root}/thin-{tool}-{n:02}\n"
            )
            if tool == "salt":
                f.write(f"  set_path: {SET_PATH}\n")
    with open(f"{conf}/master", "w") as f:
        f.write(
            f"root_dir: {root}/saltroot-{tool}\nfile_roots:\n  base: [{root}/srv/salt]\n"
            f"pillar_roots:\n  base: [{root}/srv/pillar]\ncachedir: {root}/cache-{tool}\n"
            f"roster_file: {conf}/roster\nssh_priv: {root}/client\n"
            f"known_hosts_file: {root}/known_hosts\nlog_file: {root}/master-{tool}.log\n"
            "ssh_max_procs: 25\n"
        )
    return conf


def timed(cmd):
    t = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return time.monotonic() - t, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hosts", type=int, default=20)
    ap.add_argument("--halite", default=os.path.join(HERE, "..", "target", "release", "halite"))
    ap.add_argument(
        "--salt-ssh", default=os.path.expanduser("~/.cache/halite-oracles/salt/bin/salt-ssh")
    )
    ap.add_argument("--skip-salt", action="store_true")
    a = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("ssh_fleet.py: root only (it starts an sshd of its own)")
    root = tempfile.mkdtemp(prefix="halitetest-ssh-bench.", dir="/tmp")
    proc, port = start_sshd(root)
    results = []
    try:
        tree(root)
        tools = [("halite", [a.halite, "ssh"])]
        if not a.skip_salt:
            tools.append(("salt", [a.salt_ssh]))
        for tool, base in tools:
            conf = config(root, tool, port, a.hosts)
            shutil.rmtree(f"{root}/out", ignore_errors=True)
            cmd = base + ["-c", conf, "--out", "json", "--static", "-l", "quiet", "*", "state.apply"]
            if tool == "halite":
                cmd = base + ["--thin", a.halite] + cmd[len(base):]
            first, rc1 = timed(cmd)
            again, rc2 = timed(cmd)
            results.append((tool, first, rc1, again, rc2))
            print(f"{tool}: first run {first:.1f} s (exit {rc1}), no-change run {again:.1f} s (exit {rc2})", flush=True)
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(root, ignore_errors=True)
    print(f"\n{a.hosts} hosts, 22 states each, one loopback sshd")
    print(f"{'tool':8} {'first run':>10} {'no change':>10}")
    for tool, first, _, again, _ in results:
        print(f"{tool:8} {first:>9.1f}s {again:>9.1f}s")


if __name__ == "__main__":
    main()

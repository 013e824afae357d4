#!/usr/bin/env python3
"""halite ssh vs salt-ssh on a simulated fleet: N roster hosts (default 20), each its own
id and thin_dir, all on one sshd of our own on a free loopback port; a generated tree of
22 states (file.managed from templates, file.directory, cmd.run with unless, test states).
Times the first run (fresh thin_dirs and caches: deploy + grains + apply) and the
no-change run, for each tool, and counts what each run cost on the wire: ssh connections
(sshd's "Accepted publickey") and remote commands (sshd's "Starting session") a host.

The hosts log in as a dedicated account, `halitetestfl` (uid 0, its own home with Debian's
/etc/skel files, /bin/bash; created for the run and removed afterwards), the same for both
tools, so that the remote commands run with a stock shell start-up and not with root's
dotfiles (on the machine this was written on, root's .bashrc runs `pyenv init`, ~0.45 s a
command). uid 0 because the controller and the simulated hosts share one file system and
salt-ssh's master writes into the hosts' thin_dir paths as root.
`--login root` measures the root variant (whatever root's shell start-up costs here).

Root only (sshd, useradd). Usage:
    benches/ssh_fleet.py [--hosts 20 [100 ...]] [--login user|root] [--halite PATH]
                         [--salt-ssh PATH] [--skip-salt] [--skip-halite] [--max-procs 25]
                         [--ssh-option KexAlgorithms=curve25519-sha256 ...]
                         [--control-persist SECONDS] [--openssh DIR] [--job-cache-cost]
--openssh DIR runs the fleet's sshd from DIR/bin/sshd and puts DIR/bin first on PATH, so
both tools' ssh clients are that build (benches/support/build_openssh.sh builds OpenSSH
10.0p2, whose default key exchange is ML-KEM; this machine's Debian 12 has 9.2p1).
--control-persist adds a `halite-kept` row: halite ssh keeping each host's connection
between runs (its no-change run reuses the first run's connections). --job-cache-cost adds
a `halite-nostore` row: halite with `job_cache: False`, nothing kept (the job store's cost
is the `halite` row's time over this one's).
--halite defaults to target/release/halite (build it first; a debug build is ~130 MB to
copy to every host; scripts/build-static.sh gives a 15 MB static build). Nothing outside
/tmp/halitetestfl-ssh-bench.* and the `halitetestfl` user (home /home/halitetestfl) is
touched; a run that was interrupted is cleaned up by the next.
"""

import argparse
import glob
import os
import pwd
import json
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SET_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
USER = "halitetestfl"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def keygen(path):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)


def remove_user():
    try:
        pwd.getpwnam(USER)
    except KeyError:
        return
    subprocess.run(["userdel", "-r", "-f", USER], stderr=subprocess.DEVNULL, check=False)
    shutil.rmtree(f"/home/{USER}", ignore_errors=True)


def create_user():
    remove_user()
    # uid 0 (an alias of root with its own home): the controller and the simulated hosts
    # share one file system, and salt-ssh's master writes into a host's thin_dir paths
    # as the controller's user, which an unprivileged host user then cannot write.
    subprocess.run(
        ["useradd", "-o", "-u", "0", "-m", "-d", f"/home/{USER}", "-k", "/etc/skel",
         "-s", "/bin/bash", USER],
        check=True,
    )
    # useradd leaves the account locked ("!"), which sshd refuses even for a key without
    # PAM; "*" is "no password" without the lock.
    subprocess.run(["usermod", "-p", "*", USER], check=True)
    ent = pwd.getpwnam(USER)
    return ent.pw_uid, ent.pw_gid


SSHD = "/usr/sbin/sshd"


def start_sshd(root, group):
    keygen(f"{root}/hostkey")
    keygen(f"{root}/client")
    shutil.copy(f"{root}/client.pub", f"{root}/authorized_keys")
    os.chmod(f"{root}/authorized_keys", 0o644)
    port = free_port()
    with open(f"{root}/sshd_config", "w") as f:
        f.write(
            f"Port {port}\nListenAddress 127.0.0.1\nHostKey {root}/hostkey\n"
            f"AuthorizedKeysFile {root}/authorized_keys\nPidFile {root}/sshd.pid\n"
            + ("UsePAM no\n" if SSHD == "/usr/sbin/sshd" else "")
            + "StrictModes no\nPermitRootLogin prohibit-password\n"
            "PasswordAuthentication no\nMaxSessions 1000\nMaxStartups 1000:30:2000\n"
            "LogLevel VERBOSE\nSubsystem sftp /usr/lib/openssh/sftp-server\n"
        )
    os.makedirs("/run/sshd", exist_ok=True)
    proc = subprocess.Popen(
        [SSHD, "-D", "-e", "-f", f"{root}/sshd_config"],
        stdout=subprocess.DEVNULL,
        stderr=open(f"{root}/sshd.log", "w"),
        preexec_fn=group.enter if group else None,
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


def tree(root, out):
    salt = f"{root}/srv/salt"
    os.makedirs(f"{salt}/app/files", exist_ok=True)
    os.makedirs(f"{root}/srv/pillar", exist_ok=True)
    with open(f"{salt}/top.sls", "w") as f:
        f.write("base:\n  '*':\n    - app\n")
    states = []
    for i in range(8):
        states.append(
            f"{out}/{{{{ grains['id'] }}}}/conf{i}.cfg:\n  file.managed:\n"
            f"    - source: salt://app/files/conf{i}.j2\n    - template: jinja\n"
            f"    - makedirs: True\n"
        )
        with open(f"{salt}/app/files/conf{i}.j2", "w") as f:
            f.write(f"# conf {i} for {{{{ grains['id'] }}}}\nsetting = {{{{ pillar['app']['v{i}'] }}}}\n")
    for i in range(6):
        states.append(
            f"{out}/{{{{ grains['id'] }}}}/dir{i}:\n  file.directory:\n    - makedirs: True\n"
        )
    for i in range(4):
        states.append(
            f"marker{i}:\n  cmd.run:\n    - name: touch {out}/{{{{ grains['id'] }}}}/m{i}\n"
            f"    - unless: test -e {out}/{{{{ grains['id'] }}}}/m{i}\n"
            f"    - require:\n      - file: {out}/{{{{ grains['id'] }}}}/dir0\n"
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


def config(root, hostdir, tool, port, hosts, login, max_procs, ssh_options):
    conf = f"{root}/conf-{tool}-{hosts}"
    os.makedirs(conf, exist_ok=True)
    with open(f"{conf}/roster", "w") as f:
        for n in range(hosts):
            f.write(
                f"host{n:03}:\n  host: 127.0.0.1\n  port: {port}\n  user: {login}\n"
                f"  thin_dir: {hostdir}/thin-{tool}-{hosts}-{n:03}\n  set_path: {SET_PATH}\n"
            )
            if ssh_options:
                f.write("  ssh_options:\n" + "".join(f"    - {o}\n" for o in ssh_options))
    with open(f"{conf}/master", "w") as f:
        f.write(
            f"root_dir: {root}/saltroot-{tool}\nfile_roots:\n  base: [{root}/srv/salt]\n"
            f"pillar_roots:\n  base: [{root}/srv/pillar]\ncachedir: {root}/cache-{tool}-{hosts}\n"
            f"roster_file: {conf}/roster\nssh_priv: {root}/client\n"
            f"known_hosts_file: {root}/known_hosts\nlog_file: {root}/master-{tool}.log\n"
            f"ssh_max_procs: {max_procs}\n"
            # the job store's cost: the same run with nothing kept
            + ("job_cache: False\n" if tool == "halite-nostore" else "")
        )
    return conf


def sshd_counts(log):
    """(connections, remote commands) sshd logged so far."""
    text = open(log, errors="replace").read()
    return (
        len(re.findall(r"Accepted publickey for", text)),
        len(re.findall(r"Starting session: command", text)),
    )


CPUACCT = "/sys/fs/cgroup/cpuacct"


class CpuGroup:
    """A cgroup (v1 cpuacct) named halitetestfl-*: every process started in it, and all
    their descendants, count; removed at the end. None where cpuacct cannot be written."""

    def __init__(self, name):
        self.path = f"{CPUACCT}/halitetestfl-{name}"
        if os.path.isdir(self.path):
            os.rmdir(self.path)
        os.mkdir(self.path)

    @staticmethod
    def make(name):
        try:
            return CpuGroup(name)
        except OSError:
            return None

    def enter(self):
        with open(f"{self.path}/cgroup.procs", "w") as f:
            f.write(str(os.getpid()))

    def seconds(self):
        return int(open(f"{self.path}/cpuacct.usage").read()) / 1e9

    def remove(self):
        for _ in range(50):
            try:
                os.rmdir(self.path)
                return
            except OSError:
                time.sleep(0.1)


def load():
    return open("/proc/loadavg").read().split()[0]


def failures(stdout):
    """The hosts whose return is not a state run with every result True, and why."""
    try:
        doc = json.loads(stdout)
    except ValueError:
        return {"(output)": stdout[-500:]}
    bad = {}
    for host, ret in doc.items():
        if not isinstance(ret, dict) or not ret:
            bad[host] = ret
            continue
        for key, st in ret.items():
            if not isinstance(st, dict) or st.get("result") is not True:
                bad[host] = {key: st}
                break
    return bad


def timed(cmd, log, groups):
    """Wall time, exit status, connections, commands, load average, CPU seconds of the
    controller (the tool and its ssh clients) and of the hosts (sshd and everything it
    started)."""
    controller_group, hosts_group = groups
    before = sshd_counts(log)
    lavg = load()
    c0 = controller_group.seconds()
    h0 = hosts_group.seconds()
    t = time.monotonic()
    # Its own session, so that an interrupted bench ends the tool and all its workers.
    child = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=controller_group.enter,
        start_new_session=True,
    )
    try:
        stdout, stderr = child.communicate()
    except BaseException:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        raise
    p = subprocess.CompletedProcess(cmd, child.returncode, stdout, stderr)
    took = time.monotonic() - t
    time.sleep(0.5)  # sshd logs a session as it starts
    controller = controller_group.seconds() - c0
    hosts_cpu = hosts_group.seconds() - h0
    after = sshd_counts(log)
    if p.returncode != 0:
        bad = failures(p.stdout)
        sys.stderr.write(f"exit {p.returncode}: {' '.join(cmd)}\n{len(bad)} hosts failed:\n")
        for host, why in list(bad.items())[:5]:
            sys.stderr.write(f"  {host}: {json.dumps(why)[:1500]}\n")
        sys.stderr.write(p.stderr[-1000:] + "\n")
    return took, p.returncode, after[0] - before[0], after[1] - before[1], lavg, controller, hosts_cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hosts", type=int, nargs="+", default=[20])
    ap.add_argument("--login", choices=["user", "root"], default="user")
    ap.add_argument("--halite", default=os.path.join(HERE, "..", "target", "release", "halite"))
    ap.add_argument(
        "--salt-ssh", default=os.path.expanduser("~/.cache/halite-oracles/salt/bin/salt-ssh")
    )
    ap.add_argument("--skip-salt", action="store_true")
    ap.add_argument("--skip-halite", action="store_true")
    ap.add_argument(
        "--control-persist",
        type=int,
        default=0,
        help="also measure halite with --control-persist SECONDS (connections kept "
        "between runs: the no-change run reuses the first run's)",
    )
    ap.add_argument(
        "--job-cache-cost",
        action="store_true",
        help="also measure halite with `job_cache: False` (a `halite-nostore` row): what "
        "keeping every run in the job store (halite-jobs) costs",
    )
    ap.add_argument("--max-procs", type=int, default=25)
    ap.add_argument(
        "--ssh-option",
        action="append",
        default=[],
        help="an ssh -o option for every host of both tools (the roster's ssh_options), "
        "e.g. KexAlgorithms=curve25519-sha256",
    )
    ap.add_argument(
        "--openssh",
        default=None,
        help="an OpenSSH build (DIR/bin/ssh, DIR/bin/sshd) for the fleet's sshd and both "
        "tools' clients (benches/support/build_openssh.sh)",
    )
    a = ap.parse_args()
    if a.openssh:
        global SSHD
        SSHD = os.path.join(os.path.abspath(a.openssh), "bin", "sshd")
        os.environ["PATH"] = os.path.join(os.path.abspath(a.openssh), "bin") + ":" + os.environ["PATH"]
    # Interrupted (also when started in the background, where SIGINT is ignored): clean up.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if os.geteuid() != 0:
        sys.exit("ssh_fleet.py: root only (it starts an sshd of its own and a test user)")
    # What an interrupted run left (its sshd gone); a bench still running is left alone.
    for old in glob.glob("/tmp/halitetestfl-ssh-bench.*"):
        try:
            os.kill(int(open(f"{old}/sshd.pid").read()), 0)
            sys.exit(f"ssh_fleet.py: another bench is running ({old})")
        except (OSError, ValueError):
            shutil.rmtree(old, ignore_errors=True)
    started = time.time() - 1
    root = tempfile.mkdtemp(prefix="halitetestfl-ssh-bench.", dir="/tmp")
    os.chmod(root, 0o711)
    hostdir = f"{root}/hosts"
    os.makedirs(hostdir)
    if a.login == "user":
        uid, gid = create_user()
        os.chown(hostdir, uid, gid)
        login = USER
    else:
        login = "root"
    groups = (CpuGroup.make("controller"), CpuGroup.make("hosts"))
    if None in groups:
        sys.exit(f"ssh_fleet.py: cannot create cgroups under {CPUACCT} to count CPU time")
    proc, port = start_sshd(root, groups[1])
    log = f"{root}/sshd.log"
    results = []
    try:
        tree(root, f"{hostdir}/out")
        tools = [] if a.skip_halite else [("halite", [a.halite, "ssh", "--halite-thin", a.halite])]
        if a.control_persist:
            tools.append(
                (
                    "halite-kept",
                    [a.halite, "ssh", "--halite-thin", a.halite, "--control-persist", str(a.control_persist)],
                )
            )
        if a.job_cache_cost:
            tools.append(("halite-nostore", [a.halite, "ssh", "--halite-thin", a.halite]))
        if not a.skip_salt:
            tools.append(("salt-ssh", [a.salt_ssh]))
        for hosts in a.hosts:
            for tool, base in tools:
                conf = config(root, hostdir, tool, port, hosts, login, a.max_procs, a.ssh_option)
                shutil.rmtree(f"{hostdir}/out", ignore_errors=True)
                cmd = base + ["-c", conf, "--out", "json", "--static", "-l", "quiet", "*", "state.apply"]
                first = timed(cmd, log, groups)
                again = timed(cmd, log, groups)
                results.append((hosts, tool, first, again))
                for label, r in (("first run", first), ("no-change run", again)):
                    print(
                        f"{hosts} hosts, {tool}, {label}: {r[0]:.2f} s (exit {r[1]}; "
                        f"{r[2] / hosts:.1f} connections and {r[3] / hosts:.1f} commands a host; "
                        f"CPU {r[5]:.2f} s controller + {r[6]:.2f} s hosts; load {r[4]})",
                        flush=True,
                    )
    finally:
        # Kept connections end with their masters (ssh -O exit), before sshd goes.
        for sock in glob.glob(f"/tmp/halite-ssh-{os.geteuid()}/*"):
            if os.stat(sock).st_mtime >= started:
                subprocess.run(
                    ["ssh", "-S", sock, "-O", "exit", "x"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    check=False,
                )
        proc.terminate()
        proc.wait()
        shutil.rmtree(root, ignore_errors=True)
        if a.login == "user":
            remove_user()
        for g in groups:
            g.remove()
    print(
        f"\nlogin: {login}; ssh options: {a.ssh_option or 'none'}; 22 states a host; "
        f"one loopback sshd; {os.cpu_count()} CPUs; "
        + subprocess.run(["ssh", "-V"], capture_output=True, text=True).stderr.strip()
    )
    print(f"{'hosts':>5} {'tool':14} {'first run':>10} {'no change':>10} {'ratio':>12} {'CPU first':>10} {'CPU again':>10}")
    by = {(h, t): (f, g) for h, t, f, g in results}
    for hosts, tool, first, again in results:
        ratio = ""
        if tool.startswith("halite") and (hosts, "salt-ssh") in by:
            sf, sg = by[(hosts, "salt-ssh")]
            ratio = f"{sf[0] / first[0]:.0f}x / {sg[0] / again[0]:.0f}x"
        print(
            f"{hosts:>5} {tool:14} {first[0]:>9.1f}s {again[0]:>9.1f}s {ratio:>12} "
            f"{first[5] + first[6]:>9.1f}s {again[5] + again[6]:>9.1f}s"
        )


if __name__ == "__main__":
    main()

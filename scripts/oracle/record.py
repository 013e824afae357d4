#!/usr/bin/env python3
"""Record Salt 3007.8's answers for halite's golden test cases.

A case is a folder:
    CASE/srv/salt/...      file_roots for base (CASE/srv/salt-ENV/ adds env ENV)
    CASE/srv/pillar/...    pillar_roots for base (optional)
    CASE/minion            extra minion config (YAML, optional), merged over the defaults;
                           the string @CASE@ in it stands for the case folder's absolute path,
                           @SCRATCH@ for the command's scratch folder (the caches' parent),
                           @FORMULAS@ for $HALITE_FORMULAS
    CASE/empty-dirs        folders to make before the commands run (git keeps no empty
                           folder), one a line, relative to the case (optional)
    CASE/commands          one salt-call invocation a line: `state.show_lowstate`,
                           `state.show_sls a,b`, `state.apply test=True`; `#` starts a comment
    CASE/env               extra environment for every command (optional): KEY=VALUE lines,
                           `#` starts a comment (the pkg host cases confine apt with APT_CONFIG)
    CASE/expected/NN.json  written here: salt-call's stdout (--out json) for command NN, with
                           the per-command scratch folder written @SCRATCH@ and the case
                           folder itself @CASE@
    CASE/expected/NN.rc    written here: its exit status
    CASE/reset             a host case (tests/host-cases/): a shell script that puts the
                           machine back in the state the case starts from (removes the
                           packages, users, services, files named `halitetest*` that the case
                           makes); run with `sh reset` before the first command and after the
                           last (`sh reset after`: it may then also remove what the case starts
                           from), as root. The commands then run in order against the real host.
    CASE/needs             what the recording needs (optional; one a line, `#` comments): a
                           program on PATH, or `formulas/PATH`, a folder of the saltstack-formulas
                           checkouts in $HALITE_FORMULAS (default /work/formulas), which the
                           case's `minion` writes @FORMULAS@. The recorder refuses to run without
                           them; halite's golden test skips the case, saying why.

Only the recording needs Salt; halite's tests read the expected files. The minion config is
built by `minion_config()` here and by halite's test harness the same way.

Usage: scripts/oracle/record.py [--salt-call PATH] [--expected DIR] CASE [CASE ...]
(Salt 3008.4: --salt-call ~/.cache/halite-oracles/salt3008/bin/salt-call --expected expected-3008,
run with that venv's python)
"""

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

import yaml

DEFAULT_SALT_CALL = os.path.expanduser("~/.cache/halite-oracles/salt/bin/salt-call")


def minion_config(case, scratch, salt_compat="3007"):
    """The minion config for CASE, with caches under SCRATCH. `salt_compat` is halite's
    setting for the Salt version it behaves as (Salt ignores the key), so one config replays
    both recordings: "3007" for expected/, "3008" for expected-3008/."""
    srv = os.path.join(case, "srv")
    file_roots = {"base": [os.path.join(srv, "salt")]}
    pillar_roots = {"base": [os.path.join(srv, "pillar")]}
    if os.path.isdir(srv):
        for name in sorted(os.listdir(srv)):
            if name.startswith("salt-"):
                file_roots[name[5:]] = [os.path.join(srv, name)]
            elif name.startswith("pillar-"):
                pillar_roots[name[7:]] = [os.path.join(srv, name)]
    conf = {
        "file_client": "local",
        "id": "testminion",
        "file_roots": file_roots,
        "pillar_roots": pillar_roots,
        "cachedir": os.path.join(scratch, "cache"),
        "pki_dir": os.path.join(scratch, "pki"),
        "sock_dir": os.path.join(scratch, "run"),
        "log_file": os.path.join(scratch, "log", "minion"),
        "grains": {"roles": ["web"]},
        "salt_compat": salt_compat,
    }
    extra_path = os.path.join(case, "minion")
    if os.path.exists(extra_path):
        with open(extra_path) as f:
            text = f.read().replace("@CASE@", os.path.abspath(case))
            text = text.replace("@SCRATCH@", scratch)
            text = text.replace("@FORMULAS@", os.environ.get("HALITE_FORMULAS", "/work/formulas"))
            extra = yaml.safe_load(text) or {}
        conf.update(extra)
    return conf


def make_empty_dirs(case):
    """Git keeps no empty folder: CASE/empty-dirs lists the ones the case's tree needs (one a
    line, relative to the case); they are made before recording, as golden.rs makes them
    before replaying."""
    path = os.path.join(case, "empty-dirs")
    if not os.path.isfile(path):
        return
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                os.makedirs(os.path.join(case, line), exist_ok=True)


def commands(case):
    with open(os.path.join(case, "commands")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield shlex.split(line)


def case_env(case):
    """The KEY=VALUE lines of CASE/env (none when the file is absent)."""
    out = {}
    path = os.path.join(case, "env")
    if os.path.isfile(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    key, _, value = line.partition("=")
                    out[key.strip()] = value.strip()
    return out


def run_command(case, argv, program, salt_compat="3007"):
    """Runs PROGRAM (salt-call, or a halite binary) for one command of CASE as the golden
    harness does: in a scratch folder holding the minion config, from the case folder.
    Returns the exit status and stdout, the scratch folder written @SCRATCH@ and the case
    folder @CASE@."""
    case = os.path.abspath(case)
    scratch = tempfile.mkdtemp(prefix="halite-oracle-")
    try:
        conf_dir = os.path.join(scratch, "conf")
        os.makedirs(conf_dir)
        with open(os.path.join(conf_dir, "minion"), "w") as f:
            yaml.safe_dump(minion_config(case, scratch, salt_compat), f)
        # cmd.run uses $SHELL; pin it so recordings replay the same anywhere (golden.rs does too)
        env = dict(os.environ, HALITE_SCRATCH=scratch, SHELL="/bin/bash")
        env.update(case_env(case))
        proc = subprocess.run(
            [program, "--local", "-c", conf_dir, "--out", "json", "-l", "quiet"] + argv,
            capture_output=True, text=True, env=env, cwd=case, timeout=300,
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return proc.returncode, proc.stdout.replace(scratch, "@SCRATCH@").replace(case, "@CASE@")


def record(case, salt_call, expected="expected", salt_compat="3007"):
    case = os.path.abspath(case)
    out_dir = os.path.join(case, expected)
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    make_empty_dirs(case)
    needs_path = os.path.join(case, "needs")
    if os.path.isfile(needs_path):
        with open(needs_path) as f:
            needs = [l.split("#")[0].strip() for l in f]
        formulas = os.environ.get("HALITE_FORMULAS", "/work/formulas")
        missing = [p for p in needs if p and (
            not os.path.isdir(os.path.join(formulas, p[len("formulas/"):]))
            if p.startswith("formulas/") else shutil.which(p) is None)]
        if missing:
            sys.exit("%s needs %s on PATH" % (case, ", ".join(missing)))
    reset = os.path.join(case, "reset")
    host = os.path.isfile(reset)
    if host:
        if os.geteuid() != 0:
            sys.exit("%s is a host case (it has a reset script): record it as root" % case)
        subprocess.run(["sh", "reset"], cwd=case, check=True)
    for n, argv in enumerate(commands(case)):
        returncode, stdout = run_command(case, argv, salt_call, salt_compat)
        stem = os.path.join(out_dir, "%02d" % n)
        with open(stem + ".json", "w") as f:
            f.write(stdout)
        with open(stem + ".rc", "w") as f:
            f.write("%d\n" % returncode)
        print("%s %02d rc=%d %s" % (os.path.basename(case), n, returncode, " ".join(argv)))
    if host:
        subprocess.run(["sh", "reset", "after"], cwd=case, check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--salt-call", default=DEFAULT_SALT_CALL)
    ap.add_argument("--expected", default="expected",
                    help="the folder of each case the answers go to (expected-3008 for Salt 3008.4)")
    ap.add_argument("--salt-compat", choices=["3007", "3008"],
                    help="salt_compat written into the minion config (default: 3008 when the "
                    "folder is expected-3008, else 3007)")
    ap.add_argument("cases", nargs="+")
    args = ap.parse_args()
    compat = args.salt_compat or ("3008" if args.expected.endswith("3008") else "3007")
    for case in args.cases:
        record(case, args.salt_call, args.expected, compat)
    if any(os.path.isfile(os.path.join(c, "reset")) for c in args.cases):
        # the host cases' resets keep the test apt repository between cases; take it away
        fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../tests/host-fixtures/pkg-repo.sh")
        subprocess.run(["sh", fixture, "clean"], check=True)


if __name__ == "__main__":
    sys.exit(main())

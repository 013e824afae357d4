#!/usr/bin/env python3
"""Formula render benchmark (issue 4): every formula's main SLS (`state.show_sls NAME`) with
Salt, one salt-call per formula (each with its own minion config and pillar.example, as the
fixtures in tests/formulas/ use), against halite: once per formula the same way, and once
in a single process whose file_roots hold every formula and whose pillar holds every
pillar.example (`state.show_sls apache,docker,...`). Prints wall, CPU (children's rusage)
and the largest peak RSS of one process per side.

Usage: scripts/bench/formulas.py [FORMULAS_DIR]  (default $HALITE_FORMULAS or /work/formulas;
needs the Salt oracle from ../shared/oracle/setup.sh and a release build of halite)
Env: SALT_COMPAT (3008, the default, or 3007: the Salt release to compare; picks that
oracle's salt-call and writes `salt_compat` into every minion config, so halite behaves as
that release), HALITE_BIN (the halite to measure)."""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "formulas"))
import formulas as fx  # noqa: E402

formulas_dir = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else fx.DEFAULT_FORMULAS)
target = os.environ.get("CARGO_TARGET_DIR", os.path.join(fx.REPO, "target"))
halite = os.environ.get("HALITE_BIN", os.path.join(target, "release", "halite"))
compat = os.environ.get("SALT_COMPAT", "3008")
if compat not in ("3007", "3008"):
    sys.exit("scripts/bench/formulas.py: SALT_COMPAT must be 3007 or 3008")
salt_call = os.path.expanduser("~/.cache/halite-oracles/%s/bin/salt-call"
                               % ("salt" if compat == "3007" else "salt3008"))
names = sorted(n for n in os.listdir(fx.FIXTURES)
               if os.path.isfile(os.path.join(fx.FIXTURES, n, "commands"))
               and os.path.isdir(os.path.join(formulas_dir, n)))


def timed(argvs):
    """Runs the commands one after the other; (wall, CPU, largest peak RSS in KiB) of them."""
    rss = 0
    wall = cpu = 0.0
    for argv in argvs:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        with subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as p:
            _, _, usage = os.wait4(p.pid, 0)
            p.returncode = 0  # reaped by wait4
        wall += time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        rss = max(rss, usage.ru_maxrss)
    return wall, cpu, rss


def main_sls(name):
    return fx.formula_folder(os.path.join(formulas_dir, name), name)


scratches = {n: fx.setup_scratch(n, formulas_dir) for n in names}
for scratch in scratches.values():
    with open(os.path.join(scratch, "conf", "minion"), "a") as f:
        f.write('\nsalt_compat: "%s"\n' % compat)
per_formula = [["--local", "-c", os.path.join(scratches[n], "conf"), "--out", "json",
                "state.show_sls", main_sls(n)] for n in names]

combined = tempfile.mkdtemp(prefix="halite-formulas-all-")
os.makedirs(os.path.join(combined, "pillar"))
os.makedirs(os.path.join(combined, "conf"))
with open(os.path.join(combined, "pillar", "top.sls"), "w") as f:
    f.write("base:\n  '*':\n" + "".join("    - formula_%s\n" % n for n in names))
for n in names:
    shutil.copy(os.path.join(formulas_dir, n, fx.pillar_source(n)),
                os.path.join(combined, "pillar", "formula_%s.sls" % n))
with open(os.path.join(combined, "conf", "minion"), "w") as f:
    f.write("file_client: local\nid: testminion\nfile_roots:\n  base:\n"
            + "".join("    - '%s/%s'\n" % (formulas_dir, n) for n in names)
            + "pillar_roots:\n  base:\n    - '%s/pillar'\n" % combined
            + "".join("%s: '%s/%s'\n" % (k, combined, v) for k, v in
                      (("cachedir", "cache"), ("pki_dir", "pki"), ("sock_dir", "run"),
                       ("log_file", "log/minion")))
            + 'salt_compat: "%s"\n' % compat)
all_mains = ",".join(main_sls(n) for n in names)

print("%d formulas: %s" % (len(names), ", ".join(names)))
print("salt_compat %s; salt-call: %s; load average: %s"
      % (compat, salt_call, " ".join(open("/proc/loadavg").read().split()[:3])))
rows = [
    ("halite, one process for all", timed([[halite, "--local", "-c", os.path.join(combined, "conf"),
                                            "--out", "json", "state.show_sls", all_mains]])),
    ("halite, one process per formula", timed([[halite] + a for a in per_formula])),
]
if os.path.exists(salt_call):
    rows.append(("salt-call, one per formula", timed([[salt_call, "-l", "quiet"] + a for a in per_formula])))
for label, (wall, cpu, rss) in rows:
    print("%-34s %8.2f s wall %8.2f s CPU %8d KiB peak RSS" % (label, wall, cpu, rss))
for d in list(scratches.values()) + [combined]:
    shutil.rmtree(d, ignore_errors=True)

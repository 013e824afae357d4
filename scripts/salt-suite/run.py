#!/usr/bin/env python3
"""Differential run of Salt's own functional state tests: Salt against halite, call by call.

Salt's sdist ships its test suite. This script runs the functional tests of the state
modules halite implements (file, cmd, test, module, archive, the state execution module and
the requisites: FILES below) under pytest with a stub harness (harness_conftest.py, installed
as the sdist's tests/conftest.py) instead of pytest-salt-factories' in-process loaders: every
state call a test makes (`states.file.managed(...)`, `modules.state.sls(...)`, ...) becomes a
`salt-call --local --out json` command. Each release's tests run twice, once with Salt's
salt-call answering the calls and once with halite (`salt_compat` set to the release), in
sandboxes under a scratch folder; the two logs are compared call by call (JSON, with times,
durations, pids and the scratch paths normalised, Salt's set-ordered lists compared sorted as
tests/golden.rs does).

Safety (harness_conftest.py `check_*`): a call runs only when its states are test/file/archive/
cmd/module on paths inside the scratch folder, cmd states and onlyif/unless run only short
harmless commands (echo, true, false, exit, sleep <= 3 ...), module.run only calls test.* and
file.*, and Jinja calls only read-only functions; otherwise the test is skipped and the call is
counted as skipped. Tests marked destructive or needing the network are skipped.

Usage (needs the network once: pip downloads the sdists into ~/.cache/halite-salt-sdists and
pytest + pytest-salt-factories into ~/.cache/halite-salt-suite/pylib; never committed):
  python3 scripts/salt-suite/run.py --halite target/debug/halite [--release 3007 --release 3008]
      [--report report.md] [--keep DIR] [-k EXPR] [--system] [FILE ...]
FILE narrows the run to test files under tests/pytests/functional/ (default: FILES, or
SYSTEM_FILES with --system: the user, pkg, service and pkgrepo state tests, as root, on
halitetestsy- accounts, the halitetest-pkg-* packages of the local test apt repository
(tests/host-fixtures/pkg-repo.sh, apt confined to it by APT_CONFIG) and the halitetest-svc
init script only; the repository, packages and script are removed at the end, also after
an interrupt).
Differences whose cause is known are explained in scripts/salt-suite/causes.yaml; any other
difference is reported as unexplained.
"""

import argparse
import collections
import concurrent.futures
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLES = os.path.expanduser("~/.cache/halite-oracles")
SDISTS = os.path.expanduser("~/.cache/halite-salt-sdists")
PYLIB = os.path.expanduser("~/.cache/halite-salt-suite/pylib")
RELEASES = {
    "3007": ("3007.8", os.path.join(ORACLES, "salt")),
    "3008": ("3008.4", os.path.join(ORACLES, "salt3008")),
}
PYLIB_PACKAGES = ["pytest", "pytest-skip-markers", "pytest-helpers-namespace",
                  "pytest-salt-factories", "mock", "more-itertools", "pytest-subtests"]
FILES = [
    "states/file", "states/cmd", "states/test_file.py", "states/test_module.py",
    "states/test_archive.py", "modules/state",
]
# --system: the system state tests (users and groups on this host, as root, every name
# with the halitetestsy- prefix; packages of the local test apt repository only:
# harness_conftest.py's system mode), one session at a time
SYSTEM_FILES = ["states/test_user.py", "states/test_pkg.py", "states/test_service.py",
                "states/test_pkgrepo.py"]
# the local apt repository of halitetest-pkg-* packages (tests/host-fixtures/pkg-repo.sh),
# the only one apt reads during a --system run (APT_CONFIG)
PKG_REPO_SH = os.path.join(HERE, "..", "..", "tests", "host-fixtures", "pkg-repo.sh")
PKG_APT_CONFIG = "/var/tmp/halitetest-pkg-repo/apt.conf"
# the SysV init script test_service.py runs on (its SALT_FUNCTIONAL_TEST_SERVICE_NAME)
SVC_SH = os.path.join(HERE, "..", "..", "tests", "host-cases", "halitetest-svc.sh")
PYTEST_PLUGINS_OFF = ["cacheprovider", "salt-factories-event-listener",
                      "salt-factories-log-server", "salt-factories-sysinfo"]


def venv_python(venv):
    return os.path.join(venv, "bin", "python")


def ensure_sdist(version, python):
    os.makedirs(SDISTS, exist_ok=True)
    path = os.path.join(SDISTS, "salt-%s.tar.gz" % version)
    if not os.path.exists(path):
        subprocess.run([python, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                        "salt==%s" % version, "-d", SDISTS], check=True)
    return path


def ensure_pylib(python):
    """pytest and the plugins Salt's tests import, in a folder of their own (PYTHONPATH), so
    the oracle venvs stay as they are; packages the venv has already are removed from it."""
    marker = os.path.join(PYLIB, ".complete")
    if os.path.exists(marker):
        return
    subprocess.run([python, "-m", "pip", "install", "-q", "--target", PYLIB] + PYLIB_PACKAGES,
                   check=True)
    site = subprocess.run([python, "-c", "import yaml, os; print(os.path.dirname("
                           "os.path.dirname(yaml.__file__)))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    for name in os.listdir(PYLIB):
        if name.endswith((".dist-info", "__pycache__")) or name in ("bin", "_pytest", "pytest"):
            continue
        if os.path.exists(os.path.join(site, name)):
            target = os.path.join(PYLIB, name)
            if os.path.isdir(target):
                shutil.rmtree(target)
            else:
                os.unlink(target)
    open(marker, "w").close()


def prepare(release, work):
    """Extracts the release's tests/ into WORK/tests with the harness in place of Salt's
    conftest files that load pytest-salt-factories."""
    version, venv = RELEASES[release]
    sdist = ensure_sdist(version, venv_python(venv))
    prefix = "salt-%s/tests/" % version
    with tarfile.open(sdist) as tar:
        members = [m for m in tar.getmembers() if m.name.startswith(prefix)]
        tar.extractall(work, members=members, filter="data")
    os.rename(os.path.join(work, "salt-%s" % version, "tests"), os.path.join(work, "tests"))
    shutil.rmtree(os.path.join(work, "salt-%s" % version))
    tests = os.path.join(work, "tests")
    shutil.copy(os.path.join(HERE, "harness_conftest.py"), os.path.join(tests, "conftest.py"))
    for stub in ("pytests/conftest.py", "pytests/functional/conftest.py"):
        with open(os.path.join(tests, stub), "w") as f:
            f.write("# replaced by scripts/salt-suite (harness in tests/conftest.py)\n")
    with open(os.path.join(work, "pytest.ini"), "w") as f:
        f.write("[pytest]\n")
    return tests


def _summary(text):
    """pytest's summary line ("3 failed, 10 passed ... in 5.0s")."""
    for line in reversed(text.splitlines()):
        if re.search(r"\b(passed|failed|skipped|error)\b.* in [0-9.]+s", line):
            return line.strip("= ")
    return "no summary"


def _read_session(work, backend, shard):
    tag = "%s-%d" % (backend, shard)
    with open(os.path.join(work, tag + ".jsonl")) as f:
        calls = [json.loads(line) for line in f]
    try:
        with open(os.path.join(work, tag + ".pytest.txt")) as f:
            tail = _summary(f.read())
    except FileNotFoundError:
        # an interrupted session: its last test may be incomplete, leave it out
        tail = "interrupted"
        last = calls[-1]["test"] if calls else None
        calls = [c for c in calls if c["test"] != last]
    return calls, os.path.join(work, "bt-" + tag), tail


def shards(work, files, n):
    """The test files under FILES split into N lists of about the same size."""
    root = os.path.join(work, "tests", "pytests", "functional")
    found = []
    for f in files:
        path = os.path.join(root, f)
        if os.path.isdir(path):
            for dirpath, _, names in os.walk(path):
                found += [os.path.join(dirpath, x) for x in names
                          if x.startswith("test_") and x.endswith(".py")]
        else:
            found.append(path)
    found.sort(key=lambda p: (-os.path.getsize(p), p))
    out = [[] for _ in range(n)]
    sizes = [0] * n
    for p in found:
        i = sizes.index(min(sizes))
        out[i].append(os.path.relpath(p, root))
        sizes[i] += os.path.getsize(p)
    return [sorted(x) for x in out if x]


SYSTEM_NAMES = re.compile(r"^halitetestsy-(account|new-account|group)-")


def cleanup_system():
    """Removes what system-mode tests left (Salt's create_account deletes the account's group
    before the account, which fails while it is the account's primary group): the users and
    groups named as the harness names them."""
    for db, tool in (("passwd", ["userdel", "-r"]), ("group", ["groupdel"])):
        out = subprocess.run(["getent", db], capture_output=True, text=True).stdout
        for line in out.splitlines():
            name = line.split(":", 1)[0]
            if SYSTEM_NAMES.match(name):
                subprocess.run(tool + [name], capture_output=True)
    # homes of accounts deleted without their home
    for name in os.listdir("/home"):
        if SYSTEM_NAMES.match(name):
            shutil.rmtree(os.path.join("/home", name), ignore_errors=True)


def test_service(after=False):
    """halitetest-svc.sh: the stopped, disabled halitetest-svc init script (after: removed)."""
    subprocess.run(["sh", SVC_SH] + (["after"] if after else []), check=True,
                   capture_output=True)


# --system: the pytest sessions running (each in a process group of its own), and whether
# the run is being stopped (then the main thread, not the sessions, cleans the host)
_CHILDREN = set()
_STOPPING = threading.Event()


def stop_children():
    """Ends the running pytest sessions with everything they started (salt-call, apt-get,
    dpkg), so nothing installs after the final clean-up."""
    _STOPPING.set()
    for proc in list(_CHILDREN):
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.time() + 30
    for proc in list(_CHILDREN):
        try:
            proc.wait(max(1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def final_cleanup():
    """Removes every halitetestsy- account, halitetest-pkg package, the test repository and
    its list, and the halitetest-svc script; retried while dpkg is still locked by a
    session that was just stopped."""
    cleanup_system()
    for attempt in range(10):
        try:
            pkg_repo("clean")
            break
        except subprocess.CalledProcessError:
            if attempt == 9:
                raise
            time.sleep(3)
    test_service(after=True)


def pkg_repo(action):
    """pkg-repo.sh reset (purges every halitetest-pkg package, builds the repository, indexes
    only it) or clean (purges, deletes the list file, indexes and repository)."""
    subprocess.run(["sh", PKG_REPO_SH, action], check=True)


def run_session(release, backend, program, halite, work, files, kexpr, shard=0,
                system=False):
    version, venv = RELEASES[release]
    tag = "%s-%d" % (backend, shard)
    log = os.path.join(work, "%s.jsonl" % tag)
    if os.path.exists(log):
        os.unlink(log)
    basetemp = os.path.join(work, "bt-" + tag)
    tmpdir = os.path.join(work, "tmp-" + tag)
    os.makedirs(tmpdir, exist_ok=True)
    env = dict(os.environ)
    env["TMPDIR"] = tmpdir  # tests' temp_file() without a folder lands in the scratch too
    env.update({
        "HSUITE_BACKEND": backend, "HSUITE_PROGRAM": program,
        "HSUITE_SALT_CALL": os.path.join(venv, "bin", "salt-call"), "HSUITE_HALITE": halite,
        "HSUITE_COMPAT": release, "HSUITE_LOG": log, "HSUITE_ROOT": work,
        "PYTHONPATH": PYLIB, "PYTHONDONTWRITEBYTECODE": "1",
        "HSUITE_SYSTEM": "1" if system else "",
    })
    if system:
        # apt (Salt's aptpkg and halite's alike) reads only the test repository's list
        env["APT_CONFIG"] = PKG_APT_CONFIG
        env["SALT_FUNCTIONAL_TEST_SERVICE_NAME"] = "halitetest-svc"
    argv = [venv_python(venv), "-m", "pytest", "-q", "-rN", "--tb=no", "--no-header",
            "--basetemp=" + basetemp, "--continue-on-collection-errors",
            "-o", "junit_family=xunit2", "--junitxml=" + os.path.join(work, tag + ".xml")]
    for plugin in PYTEST_PLUGINS_OFF:
        argv += ["-p", "no:" + plugin]
    if system:
        argv += ["--run-destructive"]  # pytest-skip-markers' switch for destructive_test
    if kexpr:
        argv += ["-k", kexpr]
    argv += [os.path.join("tests/pytests/functional", f) for f in files]
    if system:
        cleanup_system()
        pkg_repo("reset")
        test_service()
    try:
        if _STOPPING.is_set():
            raise SystemExit("stopped")
        proc = subprocess.Popen(argv, cwd=work, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=system)
        _CHILDREN.add(proc)
        try:
            stdout, stderr = proc.communicate()
        finally:
            _CHILDREN.discard(proc)
        proc = subprocess.CompletedProcess(argv, proc.returncode, stdout, stderr)
    finally:
        if system and not _STOPPING.is_set():
            cleanup_system()
            pkg_repo("reset")
            test_service(after=True)
    with open(os.path.join(work, tag + ".pytest.txt"), "w") as f:
        f.write(proc.stdout + proc.stderr)
    calls = []
    if os.path.exists(log):
        with open(log) as f:
            calls = [json.loads(line) for line in f]
    tail = _summary(proc.stdout)
    return calls, basetemp, tail


# ---- normalisation (as crates/halite/tests/golden.rs) ------------------------------------

def _requisite_list(s):
    prefix = "One or more requisite failed: "
    if s.startswith(prefix):
        return prefix + ", ".join(sorted(s[len(prefix):].split(", ")))
    return s


def _patch_pid(s):
    """file.patch's "Patch would not apply cleanly" comment prints the dry run's cmd.run_all
    dict (JSON under --out json): its pid differs run to run (as golden.rs)."""
    if s.startswith("Patch would not apply cleanly"):
        return re.sub(r'("pid": |pid:\n *)\d+', r"\1<pid>", s, count=1)
    return s


def _recurse(ret):
    if not isinstance(ret, dict):
        return
    if isinstance(ret.get("changes"), dict):
        ret["changes"] = dict(sorted(ret["changes"].items()))
    c = ret.get("comment")
    if isinstance(c, str) and c.startswith("#### "):
        blocks = []
        for b in ("\n" + c).split("\n\n#### "):
            b = b.lstrip("\n")
            if b.startswith("#### "):
                b = b[5:]
            if not b:
                continue
            if b.startswith("removed ####\n"):
                b = "removed ####\n" + "\n".join(sorted(b[len("removed ####\n"):].split("\n")))
            blocks.append(b)
        ret["comment"] = "\n<block>\n".join(sorted(blocks))


def normalise(out, basetemp):
    text = (out or "").replace(basetemp, "@BT@")
    text = text.replace(basetemp.replace("/bt-", "/tmp-"), "@TMP@")
    text = re.sub(r"__salt\.tmp\.[a-z0-9_]{8}", "__salt.tmp.XXXXXXXX", text)
    text = re.sub(r"\bhsuite_\d+\b", "hsuite_N", text)
    try:
        data = json.loads(text)
    except ValueError:
        return text.strip()

    def walk(v):
        if isinstance(v, dict) and "test.random_hash" in str(v.get("name")):
            # test.random_hash hashes a random number (Salt's own tests call it)
            v = json.loads(re.sub(r"\b[0-9a-f]{32,128}\b", "<random hash>", json.dumps(v)))
        if isinstance(v, str):
            return _patch_pid(_requisite_list(v))
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            if len(v) > 1 and all(isinstance(x, dict) and set(x) == {"old", "new"}
                                  for x in v.values()):
                v = dict(sorted(v.items()))
            out = {}
            for k, x in v.items():
                if k in ("start_time", "duration", "pid"):
                    continue
                if k == "removed" and isinstance(x, list) and all(isinstance(e, str) for e in x):
                    x = sorted(x)
                if k.endswith("_|-recurse"):
                    _recurse(x)
                out[k] = walk(x)
            return out
        return v

    return walk(data)


# ---- comparison -----------------------------------------------------------------------------

def load_causes():
    import yaml

    with open(os.path.join(HERE, "causes.yaml")) as f:
        return yaml.safe_load(f) or []


def explain(causes, release, test, argv):
    for c in causes:
        if c.get("release") and str(c["release"]) != release:
            continue
        if fnmatch.fnmatchcase(test, c["test"]):
            return c
    return None


def auto_cause(s, h):
    """What differs first, in a few words (for differences causes.yaml does not explain)."""
    if isinstance(s, str) or isinstance(h, str):
        return "output is not JSON"
    s, h = (s or {}).get("local"), (h or {}).get("local")
    if type(s) is not type(h):
        return "different shape (errors vs results)"
    if isinstance(s, list):
        return "different render/compile errors"
    if not isinstance(s, dict):
        return "different return"
    for tag in s:
        if tag not in h:
            return "state tags differ (%s)" % tag
        a, b = s[tag], h[tag]
        for key in ("result", "changes", "comment"):
            if isinstance(a, dict) and isinstance(b, dict) and a.get(key) != b.get(key):
                return "%s differs (%s)" % (key, tag.split("_|-")[0] + "." + tag.split("_|-")[-1])
        if a != b:
            return "other keys differ (%s)" % tag
    if set(h) - set(s):
        return "halite has extra state tags"
    return "other"


def _argv(argv, basetemp):
    text = json.dumps(argv).replace(basetemp, "@BT@")
    text = re.sub(r"\bhsuite_\d+\b", "hsuite_N", text)  # the harness' per-session call number
    return text.replace(basetemp.replace("/bt-", "/tmp-"), "@TMP@")


# Tests whose state returns a random value (test.echo of a Jinja filter's output): the value
# is masked when it has the shape Salt's function gives it, so a value of another shape
# still differs.
RANDOM_RETS = [
    ("*test_jinja_filters.py::test_filter?random_hash?", r"[0-9a-f]{32}"),
    ("*test_jinja_filters.py::test_filter?random_str?", r"[A-Za-z0-9+/=]{32}"),
    ("*test_jinja_filters.py::test_filter?gen_mac?", r"AC:DE:48(:[0-9A-F]{2}){3}"),
]


def mask_random(test, data):
    for pattern, shape in RANDOM_RETS:
        if not fnmatch.fnmatchcase(test, pattern) or not isinstance(data, dict):
            continue
        for ret in (data.get("local") or {}).values():
            changes = ret.get("changes") if isinstance(ret, dict) else None
            value = changes.get("ret") if isinstance(changes, dict) else None
            if isinstance(value, str) and re.fullmatch(shape, value):
                changes["ret"] = "<random %s>" % shape
    return data


def compare(release, salt_calls, salt_bt, halite_calls, halite_bt, causes):
    def by_test(calls):
        out = collections.OrderedDict()
        for c in calls:
            # a module-scoped fixture's call comes before any test: keyed by the module
            test = c["test"] or "(module fixture)"
            out.setdefault(test, []).append(c)
        return out

    s_tests, h_tests = by_test(salt_calls), by_test(halite_calls)
    rows = []
    for test, scalls in s_tests.items():
        hcalls = h_tests.get(test, [])
        for i, sc in enumerate(scalls):
            hc = hcalls[i] if i < len(hcalls) else None
            row = {"test": test, "i": i, "argv": json.loads(_argv(sc["argv"], salt_bt))}
            if sc["skip"]:
                row["status"] = "skipped"
                row["why"] = sc["skip"]
            elif hc is None or _argv(hc["argv"], halite_bt) != _argv(sc["argv"], salt_bt):
                row["status"] = "different"
                row["auto"] = "halite's run of the test stopped or diverged before this call"
            elif hc["skip"]:
                row["status"] = "different"
                row["auto"] = "skipped in halite's run only: %s" % hc["skip"]
            else:
                so, ho = normalise(sc["out"], salt_bt), normalise(hc["out"], halite_bt)
                so, ho = mask_random(test, so), mask_random(test, ho)
                if so == ho and sc["rc"] == hc["rc"]:
                    row["status"] = "identical"
                else:
                    row["status"] = "different"
                    row["auto"] = auto_cause(so, ho)
                    if sc["rc"] != hc["rc"]:
                        row["auto"] += " (exit %s vs %s)" % (sc["rc"], hc["rc"])
                    row["salt"], row["halite"] = so, ho
            if row["status"] == "different":
                c = explain(causes, release, test, sc["argv"])
                row["cause"] = c["cause"] if c else None
                row["kind"] = c["kind"] if c else "unexplained"
            rows.append(row)
    return rows


def area(test):
    t = test.split("::")[0]
    if "/requisites/" in t:
        return "requisites"
    if "/states/cmd/" in t:
        return "cmd"
    if "/states/file/" in t or t.endswith("states/test_file.py"):
        return "file"
    if t.endswith("states/test_module.py"):
        return "module"
    if t.endswith("states/test_archive.py"):
        return "archive"
    if t.endswith("states/test_user.py"):
        return "user"
    if t.endswith("states/test_pkg.py"):
        return "pkg"
    if t.endswith("states/test_service.py"):
        return "service"
    if t.endswith("states/test_pkgrepo.py"):
        return "pkgrepo"
    return "state"


def report(results):
    lines = ["# Salt's functional state tests through halite (scripts/salt-suite/run.py)", ""]
    lines += ["| release | test files | calls | run | identical | different | skipped (unsafe) |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    for release, (rows, files, tails) in results.items():
        run = [r for r in rows if r["status"] != "skipped"]
        lines.append("| %s | %d | %d | %d | %d | %d | %d |" % (
            RELEASES[release][0], files, len(rows), len(run),
            sum(r["status"] == "identical" for r in rows),
            sum(r["status"] == "different" for r in rows),
            sum(r["status"] == "skipped" for r in rows)))
    for release, (rows, files, tails) in results.items():
        lines += ["", "## Salt %s" % RELEASES[release][0], "",
                  "pytest, per shard, with Salt answering / with halite: %s" % "; ".join(
                      "%s / %s" % t for t in tails), "",
                  "| area | calls | run | identical | different |", "| --- | --- | --- | --- | --- |"]
        areas = collections.OrderedDict()
        for r in rows:
            areas.setdefault(area(r["test"]), []).append(r)
        for a, rs in sorted(areas.items()):
            lines.append("| %s | %d | %d | %d | %d |" % (
                a, len(rs), sum(r["status"] != "skipped" for r in rs),
                sum(r["status"] == "identical" for r in rs),
                sum(r["status"] == "different" for r in rs)))
        diff = [r for r in rows if r["status"] == "different"]
        lines += ["", "| kind | cause | calls |", "| --- | --- | --- |"]
        causes = collections.Counter((r["kind"], r["cause"] or r["auto"]) for r in diff)
        for (kind, cause), n in sorted(causes.items()):
            lines.append("| %s | %s | %d |" % (kind, cause.replace("|", "\\|"), n))
        skipped = collections.Counter(re.sub(r"[:(].*", "", r["why"]).strip()
                                      for r in rows if r["status"] == "skipped")
        lines += ["", "| skipped because | calls |", "| --- | --- |"]
        lines += ["| %s | %d |" % (w, n) for w, n in skipped.most_common()]
        lines += ["", "| different call | kind | cause |", "| --- | --- | --- |"]
        for r in diff:
            lines.append("| %s #%d `%s` | %s | %s |" % (
                r["test"].split("functional/")[-1], r["i"], " ".join(r["argv"])[:60]
                .replace("|", "\\|").replace("\n", " "), r["kind"],
                (r["cause"] or r["auto"]).replace("|", "\\|")))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--halite", required=True)
    ap.add_argument("--release", action="append", choices=sorted(RELEASES))
    ap.add_argument("--report")
    ap.add_argument("--json", help="write every compared call (with both outputs) here")
    ap.add_argument("--keep", help="work in this folder and keep it (default: a temporary one)")
    ap.add_argument("-k", dest="kexpr")
    ap.add_argument("--shards", type=int, default=3,
                    help="pytest sessions per release and backend (default 3)")
    ap.add_argument("--rerun", choices=["salt", "halite"],
                    help="run only this backend's sessions again in --keep (e.g. halite "
                         "after a fix) and compare with the other backend's kept logs")
    ap.add_argument("--compare-only", action="store_true",
                    help="compare the logs a previous run left in --keep")
    ap.add_argument("--system", action="store_true",
                    help="run the system state tests (SYSTEM_FILES; root only: they create "
                         "halitetestsy- users and groups), one session at a time")
    ap.add_argument("files", nargs="*")
    opts = ap.parse_args()
    releases = opts.release or ["3007", "3008"]
    halite = os.path.abspath(opts.halite)
    files = opts.files or (SYSTEM_FILES if opts.system else FILES)
    if opts.system:
        if os.geteuid() != 0:
            sys.exit("--system creates users, groups and packages: run it as root")
        opts.shards = 1
        # an interrupt still removes the test packages and repository (finally below)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    base = os.path.abspath(opts.keep) if opts.keep else tempfile.mkdtemp(prefix="halite-suite-")
    if os.path.realpath(base).startswith(("/usr", "/etc", "/var/lib", "/root")) or \
            os.path.realpath(base) == "/":
        sys.exit("--keep must be a scratch folder")
    causes = load_causes()
    try:
        ensure_pylib(venv_python(RELEASES[releases[0]][1]))
        jobs = []
        for release in releases:
            work = os.path.join(base, release)
            if not opts.compare_only and not opts.rerun:
                shutil.rmtree(work, ignore_errors=True)
                os.makedirs(work)
                prepare(release, work)
            elif opts.rerun:
                shutil.copy(os.path.join(HERE, "harness_conftest.py"),
                            os.path.join(work, "tests", "conftest.py"))
            salt_call = os.path.join(RELEASES[release][1], "bin", "salt-call")
            for k, part in enumerate(shards(work, files, opts.shards)):
                jobs.append((release, "salt", salt_call, work, tuple(part), k))
                jobs.append((release, "halite", halite, work, tuple(part), k))
        if opts.compare_only:
            sessions = {j: _read_session(j[3], j[1], j[5]) for j in jobs}
        else:
            todo = [j for j in jobs if not opts.rerun or j[1] == opts.rerun]
            # system mode: the sessions draw the same names, so they run one at a time
            workers = 1 if opts.system else len(todo)
            with concurrent.futures.ThreadPoolExecutor(workers) as pool:
                futs = {j: pool.submit(run_session, j[0], j[1], j[2], halite, j[3], j[4],
                                       opts.kexpr, j[5], opts.system) for j in todo}
            sessions = {j: f.result() for j, f in futs.items()}
            for j in jobs:
                if j not in sessions:
                    sessions[j] = _read_session(j[3], j[1], j[5])
        results = collections.OrderedDict()
        dump = {}
        for release in releases:
            rows, tails = [], []
            for j in jobs:
                if j[0] != release or j[1] != "salt":
                    continue
                hj = (j[0], "halite", halite) + j[3:]
                sc, sbt, stail = sessions[j]
                hc, hbt, htail = sessions[hj]
                rows += compare(release, sc, sbt, hc, hbt, causes)
                tails.append((stail, htail))
            nfiles = len(set(r["test"].split("::")[0] for r in rows))
            results[release] = (rows, nfiles, tails)
            dump[release] = rows
        text = report(results)
        if opts.report:
            with open(opts.report, "w") as f:
                f.write(text)
        if opts.json:
            with open(opts.json, "w") as f:
                json.dump(dump, f, indent=1)
        sys.stdout.write(text)
    finally:
        if opts.system and not opts.compare_only:
            # the clean-up itself is not interrupted
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            stop_children()
            final_cleanup()
        if not opts.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()

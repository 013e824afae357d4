#!/usr/bin/env python3
"""Differential run of Salt's own functional state tests against halite.

Salt's sdist ships its test suite. Its functional state tests
(tests/pytests/functional/states/**, tests/pytests/functional/modules/state/**) call state
functions from Python (`file.managed(name=str(tmp_path / "x"), contents="...")`) or apply
SLS text kept in Python strings. This script extracts what it can run without pytest:

- calls `MOD.FUN(...)` / `states.MOD.FUN(...)` whose arguments are literals, `tmp_path`
  paths (`tmp_path / "x"`, `str(...)` of them, names assigned from them in the same test)
  and `test=True`; each becomes a one-state SLS;
- string constants that parse as SLS (a mapping of IDs to `mod.fun` declarations) and are
  not `str.format` templates.

Each item runs through Salt 3007.8's salt-call and through halite in the golden harness'
sandbox (scripts/oracle/record.py: fresh config and cache, `HALITE_SCRATCH` for tmp_path),
and the two `--out json` outputs and exit codes are compared with times, durations and
pids left out. The report counts identical and different items, the differences by cause.

Safety: an item runs for real only when it uses the `test`, `file` or `archive` state
modules and every absolute path in it lies in the scratch folder; everything else runs
with `test=True` only, and items that run commands while rendering or checking (`salt[`,
`onlyif`, `unless`, `creates`, `cmd.`) or use modules outside test/file/archive/module/git
are skipped.

Usage (Salt's venv python, which has PyYAML):
  ~/.cache/halite-oracles/salt/bin/python scripts/salt-suite/run.py \\
      --halite target/debug/halite [--sdist salt-3007.8.tar.gz] [--report report.md]
Without --sdist the sdist is fetched with `pip download --no-deps --no-binary :all:
salt==3007.8` into a temporary folder.
"""

import argparse
import ast
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))
import record  # noqa: E402  (the golden harness' sandbox)

SALT_CALL = os.path.expanduser("~/.cache/halite-oracles/salt/bin/salt-call")
SCRATCH = "@SCRATCH@"
SAFE_REAL = {"test", "file", "archive"}
SAFE_TEST = {"test", "file", "archive", "module", "git"}
UNSAFE_TEXT = ("salt[", "onlyif", "unless", "creates", "cmd.")
STATE_MODULES = {
    "file", "test", "cmd", "archive", "git", "module", "pkg", "service", "user", "group",
    "cron", "host", "ssh_known_hosts", "ssh_auth", "pip", "alternatives", "mount",
    "sysctl", "locale", "timezone", "x509", "keystore", "grains", "saltutil", "loop",
    "event", "virtualenv", "pkgrepo", "lxd", "docker", "boto", "selinux",
}


class Unknown(Exception):
    """An argument the extractor cannot evaluate without pytest."""


def evaluate(node, env):
    """The value of an argument expression: literals, tmp_path paths, names from env."""
    if isinstance(node, ast.Constant):
        if isinstance(node.value, (str, int, float, bool)) or node.value is None:
            return node.value
        raise Unknown()
    if isinstance(node, ast.Name):
        if node.id == "tmp_path":
            return SCRATCH
        if node.id in env:
            return env[node.id]
        raise Unknown()
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        left, right = evaluate(node.left, env), evaluate(node.right, env)
        if isinstance(left, str) and left.startswith(SCRATCH) and isinstance(right, str):
            return left + "/" + right
        raise Unknown()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str":
        if len(node.args) == 1 and not node.keywords:
            return evaluate(node.args[0], env)
    if isinstance(node, ast.List):
        return [evaluate(e, env) for e in node.elts]
    if isinstance(node, ast.Tuple):
        return [evaluate(e, env) for e in node.elts]
    if isinstance(node, ast.Dict):
        if any(k is None for k in node.keys):
            raise Unknown()
        return {evaluate(k, env): evaluate(v, env) for k, v in zip(node.keys, node.values)}
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = evaluate(node.operand, env)
        if isinstance(v, (int, float)):
            return -v
    raise Unknown()


def state_call(node):
    """(module, function) of `MOD.FUN(...)` or `states.MOD.FUN(...)`, or None."""
    f = node.func
    if not isinstance(f, ast.Attribute):
        return None
    v = f.value
    if isinstance(v, ast.Name) and v.id in STATE_MODULES:
        return v.id, f.attr
    if (
        isinstance(v, ast.Attribute)
        and isinstance(v.value, ast.Name)
        and v.value.id == "states"
        and v.attr in STATE_MODULES
    ):
        return v.attr, f.attr
    return None


def extract(path, rel):
    """The runnable items of one test file: dicts with id, sls, test, real."""
    with open(path) as f:
        source = f.read()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    format_bases = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant)
        ):
            format_bases.add(id(node.func.value))
    items = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if not fn.name.startswith("test_"):
            continue
        env = {}
        n = 0
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    try:
                        env[target.id] = evaluate(node.value, env)
                    except Unknown:
                        env.pop(target.id, None)
            if isinstance(node, ast.Call):
                sc = state_call(node)
                if sc is None:
                    continue
                try:
                    kwargs = {k.arg: evaluate(k.value, env) for k in node.keywords if k.arg}
                    args = [evaluate(a, env) for a in node.args]
                except Unknown:
                    continue
                if any(k.arg is None for k in node.keywords) or len(args) > 1:
                    continue
                if args:
                    kwargs.setdefault("name", args[0])
                if "name" not in kwargs:
                    continue
                test = bool(kwargs.pop("test", False))
                n += 1
                decl = [{k: v} for k, v in kwargs.items()]
                items.append(
                    {
                        "id": "%s::%s#%d" % (rel, fn.name, n),
                        "modules": {sc[0]},
                        "sls": yaml.safe_dump(
                            {"item": {"%s.%s" % sc: decl}}, default_flow_style=False
                        ),
                        "test": test,
                    }
                )
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and "\n" in node.value
                and id(node) not in format_bases
            ):
                text = node.value
                try:
                    data = yaml.safe_load(text.replace("{{", "x").replace("}}", "x"))
                except Exception:  # noqa: BLE001 - not YAML, not an SLS
                    continue
                if not isinstance(data, dict) or not data:
                    continue
                modules = set()
                for body in data.values():
                    if not isinstance(body, dict):
                        modules = set()
                        break
                    for key in body:
                        if isinstance(key, str) and "." in key:
                            modules.add(key.split(".")[0])
                        elif isinstance(key, str) and key in STATE_MODULES:
                            modules.add(key)
                if not modules:
                    continue
                n += 1
                items.append(
                    {
                        "id": "%s::%s#%d" % (rel, fn.name, n),
                        "modules": modules,
                        "sls": text,
                        "test": False,
                    }
                )
    return items


def safety(item):
    """'real', 'test' or None (skip), and why."""
    text = item["sls"]
    if any(u in text for u in UNSAFE_TEXT):
        return None, "runs commands while rendering or checking"
    if not item["modules"] <= SAFE_TEST:
        return None, "state modules outside test/file/archive/module/git: %s" % ", ".join(
            sorted(item["modules"] - SAFE_TEST)
        )
    rest = re.sub(r"\w+://\S*", "", re.sub(SCRATCH + r"[\w./-]*", "", text))
    paths = re.findall(r"(?<![\w@])/[\w./-]+", rest)
    if item["modules"] <= SAFE_REAL and not paths:
        return "real", ""
    return "test", ""


def normalise(out):
    try:
        data = json.loads(out)
    except ValueError:
        return out

    def walk(v):
        if isinstance(v, dict):
            return {
                k: walk(x)
                for k, x in v.items()
                if k not in ("start_time", "duration", "pid")
            }
        if isinstance(v, list):
            return [walk(x) for x in v]
        return v

    return walk(data)


def cause(salt, halite):
    """Why two outputs differ, in a few words."""
    if isinstance(salt, str) or isinstance(halite, str):
        return "output is not JSON"
    s, h = salt.get("local"), halite.get("local")
    if type(s) is not type(h):
        return "different shape (errors vs results)"
    if isinstance(s, list):
        return "different render/compile errors"
    if not isinstance(s, dict):
        return "different return"
    for tag in s:
        if tag not in h:
            return "different state tags"
        a, b = s[tag], h[tag]
        comment = str(b.get("comment", ""))
        if comment.startswith("Module function") and comment.endswith("is not available"):
            return "execution function not implemented in halite (module.run)"
        if "is not available" in comment and "is not available" not in str(a.get("comment")):
            return "state function not implemented in halite"
        if comment.startswith("Unavailable function") and not str(
            a.get("comment", "")
        ).startswith("Unavailable function"):
            return "execution function not implemented in halite (module.run)"
        if "__salt.tmp." in comment and re.sub(r"__salt\.tmp\.\w+", "", comment) == re.sub(
            r"__salt\.tmp\.\w+", "", str(a.get("comment", ""))
        ):
            return "same but for a random temporary file name"
        if "Name or service not known" in str(a.get("comment", "")):
            return "network source (halite fetches nothing)"
        if "halite" in comment:
            return "halite refuses (documented)"
        for key in ("result", "changes", "comment"):
            if a.get(key) != b.get(key):
                return "%s differs" % key
        if a != b:
            return "other keys differ"
    return "other"


def run_item(item, halite, mode):
    case = tempfile.mkdtemp(prefix="halite-suite-case-")
    try:
        os.makedirs(os.path.join(case, "srv", "salt"))
        with open(os.path.join(case, "srv", "salt", "top.sls"), "w") as f:
            f.write("base:\n  '*':\n    - main\n")
        sls = item["sls"].replace(SCRATCH, "{{ salt['environ.get']('HALITE_SCRATCH') }}")
        with open(os.path.join(case, "srv", "salt", "main.sls"), "w") as f:
            f.write(sls)
        argv = ["state.apply"] + (["test=True"] if (item["test"] or mode == "test") else [])
        rs, os_ = record.run_command(case, argv, SALT_CALL)
        rh, oh = record.run_command(case, argv, halite)
        return (rs, normalise(os_)), (rh, normalise(oh))
    finally:
        shutil.rmtree(case, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--halite", required=True)
    ap.add_argument("--sdist")
    ap.add_argument("--report")
    ap.add_argument("--limit", type=int, default=0)
    opts = ap.parse_args()
    work = tempfile.mkdtemp(prefix="halite-suite-")
    try:
        sdist = opts.sdist
        if not sdist:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary",
                 ":all:", "salt==3007.8", "-d", work],
                check=True, capture_output=True,
            )
            sdist = os.path.join(work, "salt-3007.8.tar.gz")
        prefixes = (
            "salt-3007.8/tests/pytests/functional/states/",
            "salt-3007.8/tests/pytests/functional/modules/state/",
        )
        with tarfile.open(sdist) as tar:
            members = [
                m for m in tar.getmembers()
                if m.isfile() and m.name.endswith(".py") and m.name.startswith(prefixes)
            ]
            tar.extractall(work, members=members, filter="data")
        items = []
        for m in sorted(members, key=lambda m: m.name):
            rel = m.name.split("/", 1)[1]
            items.extend(extract(os.path.join(work, m.name), rel))
        if opts.limit:
            items = items[: opts.limit]
        halite = os.path.abspath(opts.halite)
        counts = collections.Counter()
        causes = collections.Counter()
        skipped = collections.Counter()
        rows = []
        for item in items:
            mode, why = safety(item)
            if mode is None:
                skipped[why.split(":")[0]] += 1
                continue
            (rs, os_), (rh, oh) = run_item(item, halite, mode)
            same = rs == rh and os_ == oh
            counts["identical" if same else "different"] += 1
            if not same:
                c = cause(os_, oh)
                if rs != rh:
                    c += " (exit %d vs %d)" % (rs, rh)
                causes[c] += 1
                rows.append((item["id"], mode, c))
        total = sum(counts.values())
        lines = [
            "# Salt 3007.8 functional state tests through halite",
            "",
            "%d items extracted from %d test files; %d run (%d identical, %d different), "
            "%d skipped." % (
                len(items), len(members), total, counts["identical"], counts["different"],
                sum(skipped.values()),
            ),
            "",
            "| differences by cause | items |",
            "| --- | --- |",
        ]
        lines += ["| %s | %d |" % (c, n) for c, n in causes.most_common()]
        lines += ["", "| skipped because | items |", "| --- | --- |"]
        lines += ["| %s | %d |" % (c, n) for c, n in skipped.most_common()]
        lines += ["", "| different item | mode | cause |", "| --- | --- | --- |"]
        lines += ["| %s | %s | %s |" % r for r in rows]
        report = "\n".join(lines) + "\n"
        if opts.report:
            with open(opts.report, "w") as f:
                f.write(report)
        sys.stdout.write(report)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compare halite with Salt 3007.8 on real Salt formulas (issue 4).

For each formula checkout FORMULAS/<name> (a saltstack-formulas repository), a temp tree is
set up:
    file_roots   = the checkout (so salt://<name>/... resolves)
    pillar_roots = SCRATCH/pillar: top.sls (from tests/formulas/<name>/top.sls) assigning
                   `formula`, and formula.sls = the formula's pillar file (pillar.example, or
                   the file named in tests/formulas/<name>/pillar-source)
    minion       = tests/formulas/<name>/minion with @FORMULAS@ and @SCRATCH@ filled in
and `state.show_sls X` / `state.show_low_sls X` run for every *.sls under the formula
folder. No static grains: both tools compute the host's grains.

Salt is driven through its own salt-call code (salt.cli.call.SaltCall), one minion set up
per formula and one fork per command, so each command runs on a fresh copy of a freshly
started salt-call (same opts, grains, pillar, loader) without paying Python's start-up
1,000 times. The Salt part runs under Salt's own Python ($SALT_PYTHON, default the oracle's).

Commands:
    formulas.py compare [--formulas DIR] [--halite BIN] [--table-md] [NAME ...]
        run both tools and print the match table
    formulas.py record [--formulas DIR] [--salt-call BIN --expected DIR] [NAME ...]
        (re)write tests/formulas/<name>/{commands,expected/NN.json,NN.rc} from Salt; with
        `--salt-call ~/.cache/halite-oracles/salt3008/bin/salt-call --expected expected-3008`
        from Salt 3008.4 (its venv's python runs the batch; the minion gets salt_compat '3008')
    formulas.py check [--formulas DIR] [--halite BIN] [--table-md] [NAME ...]
        compare halite with the recorded expected/ files (no Salt needed)
    formulas.py known [NAME ...]
        print tests/formulas/known-failures.txt lines (key, cause) for the commands that differ
"""

import argparse
import difflib
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(REPO, "tests", "formulas")
DEFAULT_FORMULAS = os.environ.get("HALITE_FORMULAS", "/work/formulas")
DEFAULT_HALITE = os.environ.get(
    "HALITE_BIN", os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "debug", "halite")
)
SALT_PYTHON = os.environ.get("SALT_PYTHON", os.path.expanduser("~/.cache/halite-oracles/salt/bin/python3"))
FUNCTIONS = ("state.show_sls", "state.show_low_sls")
EXPECTED = "expected"


def formula_folder(checkout, name):
    """The formula's state folder inside its checkout (template uses TEMPLATE)."""
    for cand in (name, name.upper()):
        if os.path.isdir(os.path.join(checkout, cand)):
            return cand
    return None


def sls_names(checkout, folder):
    names = []
    root = os.path.join(checkout, folder)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for fn in sorted(filenames):
            if not fn.endswith(".sls"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, fn), checkout)[: -len(".sls")]
            parts = rel.split(os.sep)
            if parts[-1] == "init":
                parts = parts[:-1]
            names.append(".".join(parts))
    return sorted(set(names), key=lambda n: (n.count("."), n))


def fixture_dir(name):
    return os.path.join(FIXTURES, name)


def read_commands(name):
    path = os.path.join(fixture_dir(name), "commands")
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line.split())
    return out


def ensure_fixture(name, checkout):
    """Write the halite-authored fixture files (top.sls, minion, pillar-source, commands)."""
    d = fixture_dir(name)
    os.makedirs(d, exist_ok=True)
    folder = formula_folder(checkout, name)
    top = os.path.join(d, "top.sls")
    if not os.path.exists(top):
        with open(top, "w") as f:
            f.write("base:\n  '*':\n    - formula\n")
    minion = os.path.join(d, "minion")
    if not os.path.exists(minion):
        with open(minion, "w") as f:
            f.write(
                "# Minion config for the %s formula; @FORMULAS@ is the checkouts folder,\n"
                "# @SCRATCH@ a fresh temp dir holding pillar/ (top.sls + formula.sls).\n"
                "# No static grains: the host's own grains are used (record on the same OS).\n"
                "file_client: local\n"
                "id: testminion\n"
                "file_roots:\n  base:\n    - '@FORMULAS@/%s'\n"
                "pillar_roots:\n  base:\n    - '@SCRATCH@/pillar'\n"
                "cachedir: '@SCRATCH@/cache'\n"
                "pki_dir: '@SCRATCH@/pki'\n"
                "sock_dir: '@SCRATCH@/run'\n"
                "log_file: '@SCRATCH@/log/minion'\n" % (name, name)
            )
    src = os.path.join(d, "pillar-source")
    if not os.path.exists(src):
        with open(src, "w") as f:
            f.write("pillar.example\n")
    cmds = os.path.join(d, "commands")
    if not os.path.exists(cmds):
        with open(cmds, "w") as f:
            f.write("# generated by scripts/formulas/formulas.py from the *.sls files of the checkout\n")
            for sls in sls_names(checkout, folder):
                for fun in FUNCTIONS:
                    f.write("%s %s\n" % (fun, sls))


def pillar_source(name):
    with open(os.path.join(fixture_dir(name), "pillar-source")) as f:
        return f.read().strip()


SALT_COMPAT = "3007"


def setup_scratch(name, formulas):
    """A temp dir with conf/minion and pillar/; returns its path."""
    scratch = tempfile.mkdtemp(prefix="halite-formula-%s-" % name)
    d = fixture_dir(name)
    os.makedirs(os.path.join(scratch, "pillar"))
    os.makedirs(os.path.join(scratch, "conf"))
    shutil.copy(os.path.join(d, "top.sls"), os.path.join(scratch, "pillar", "top.sls"))
    shutil.copy(
        os.path.join(formulas, name, pillar_source(name)),
        os.path.join(scratch, "pillar", "formula.sls"),
    )
    with open(os.path.join(d, "minion")) as f:
        conf = f.read().replace("@FORMULAS@", formulas).replace("@SCRATCH@", scratch)
    # the release the expected files are Salt's answers of (halite reads it, Salt ignores it)
    conf += "\nsalt_compat: '%s'\n" % SALT_COMPAT
    with open(os.path.join(scratch, "conf", "minion"), "w") as f:
        f.write(conf)
    return scratch


def normalize(text, scratch, formulas):
    text = text.replace(scratch, "@SCRATCH@").replace(formulas.rstrip("/"), "@FORMULAS@")
    # salt['status.time'] stamps (postgres' pillar.example): never reproducible (formulas.rs too)
    return re.sub(r"\d\d-\d\d-\d\d_\d\d:\d\d:\d\d", "@TIME@", text)


def run_salt_batch(scratch, argvs):
    """Run salt-call's code for each argv, forked from one started minion: [(stdout, rc)]."""
    import salt.cli.call  # noqa: F401  (imported before forking)
    import salt.cli.caller
    import salt.defaults.exitcodes

    conf_dir = os.path.join(scratch, "conf")
    base = ["salt-call", "--local", "-c", conf_dir, "--out", "json", "-l", "quiet"]
    client = salt.cli.call.SaltCall()
    sys.argv = base + argvs[0]
    client.parse_args()
    client.config["file_client"] = "local"
    caller = salt.cli.caller.Caller.factory(client.config)
    results = []
    for argv in argvs:
        out_path = os.path.join(scratch, "out.txt")
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(fd, 1)
                sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), write_through=True)
                caller.opts["fun"] = argv[0]
                caller.opts["arg"] = argv[1:]
                caller.run()
            except SystemExit as e:
                if e.code is None:
                    code = 0
                elif isinstance(e.code, int):
                    code = e.code
                else:
                    sys.stderr.write("%s\n" % e.code)
                    code = 1
            except BaseException:  # salt-call crashing: a traceback and status 1
                import traceback

                traceback.print_exc()
                code = 1
            try:
                sys.stdout.flush()
            finally:
                os._exit(code & 0xFF)
        _, status = os.waitpid(pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        with open(out_path) as f:
            results.append((f.read(), rc))
    return results


def run_halite(halite, scratch, argv):
    conf_dir = os.path.join(scratch, "conf")
    proc = subprocess.run(
        [halite, "--local", "-c", conf_dir, "--out", "json", "-l", "quiet"] + argv,
        capture_output=True,
        text=True,
        timeout=300,
    )
    # stdout is compared as it is (salt-call prints some failures on stderr only); the last
    # stderr line explains an empty stdout in the table
    lines = proc.stderr.strip().splitlines()
    return proc.stdout, proc.returncode, lines[-1] if lines else ""


def first_diff(want, have):
    """`salt: <line> / halite: <line>` for the first hunk that differs."""
    minus = plus = None
    for line in difflib.unified_diff(want.splitlines(), have.splitlines(), "salt", "halite", n=0, lineterm=""):
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("@@"):
            if minus is not None or plus is not None:
                break
            continue
        if line.startswith("-") and minus is None:
            minus = line[1:].strip()
        elif line.startswith("+") and plus is None:
            plus = line[1:].strip()
    return "salt: %s / halite: %s" % ((minus or "-")[:100], (plus or "-")[:100])


def salt_error(text):
    """The first error string of a failing show_* output, shortened."""
    import json

    try:
        v = json.loads(text)["local"]
    except Exception:  # noqa: BLE001 - any non-JSON output is shown raw
        return text.strip().splitlines()[-1][:160] if text.strip() else ""
    if isinstance(v, list) and v and isinstance(v[0], str):
        return v[0].strip().splitlines()[0][:160]
    return ""


def formulas_to_run(formulas, names):
    if names:
        return names
    return sorted(
        n for n in os.listdir(formulas) if os.path.isdir(os.path.join(formulas, n)) and formula_folder(os.path.join(formulas, n), n)
    )


def cmd_record(args):
    formulas = os.path.abspath(args.formulas)
    for name in formulas_to_run(formulas, args.names):
        checkout = os.path.join(formulas, name)
        ensure_fixture(name, checkout)
        argvs = read_commands(name)
        scratch = setup_scratch(name, formulas)
        try:
            results = run_salt_batch_subprocess(scratch, argvs)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        out_dir = os.path.join(fixture_dir(name), args.expected)
        shutil.rmtree(out_dir, ignore_errors=True)
        os.makedirs(out_dir)
        for n, (out, rc) in enumerate(results):
            with open(os.path.join(out_dir, "%02d.json" % n), "w") as f:
                f.write(normalize(out, scratch, formulas))
            with open(os.path.join(out_dir, "%02d.rc" % n), "w") as f:
                f.write("%d\n" % rc)
        print("%s: recorded %d commands" % (name, len(results)), file=sys.stderr)


def run_salt_batch_subprocess(scratch, argvs):
    """run_salt_batch in a child process (SaltCall sets up logging and global state once)."""
    import json

    with open(os.path.join(scratch, "argvs.json"), "w") as f:
        json.dump(argvs, f)
    proc = subprocess.run(
        [SALT_PYTHON, os.path.abspath(__file__), "_salt_batch", scratch],
        capture_output=True,
        text=True,
    )
    try:
        with open(os.path.join(scratch, "results.json")) as f:
            return [tuple(r) for r in json.load(f)]
    except OSError:
        raise SystemExit("salt batch failed:\n" + proc.stdout + proc.stderr)


def cmd_salt_batch(args):
    import json

    with open(os.path.join(args.scratch, "argvs.json")) as f:
        argvs = json.load(f)
    results = run_salt_batch(args.scratch, argvs)
    with open(os.path.join(args.scratch, "results.json"), "w") as f:
        json.dump(results, f)


def compare_rows(name, formulas, halite, expected):
    """[(formula, command, identical, note)] for one formula; expected: [(out, rc)]."""
    argvs = read_commands(name)
    scratch = setup_scratch(name, formulas)
    rows = []
    try:
        if expected is None:
            expected = [(normalize(o, scratch, formulas), rc) for o, rc in run_salt_batch_subprocess(scratch, argvs)]
        for argv, (want, want_rc) in zip(argvs, expected):
            have, have_rc, have_err = run_halite(halite, scratch, argv)
            have = normalize(have, scratch, formulas)
            same = want.rstrip() == have.rstrip() and want_rc == have_rc
            if same:
                note = ("salt fails: " + salt_error(want)) if want_rc else ""
            elif want.rstrip() != have.rstrip():
                werr = salt_error(want)
                herr = salt_error(have) or (have_err if not have.strip() else "")
                if herr and not werr:
                    note = "halite fails: " + herr
                elif werr and not herr:
                    note = "Salt fails (%s), halite renders" % werr
                else:
                    note = first_diff(want, have)
            else:
                note = "exit status salt=%d halite=%d" % (want_rc, have_rc)
            rows.append((name, " ".join(argv), same, note, "%s/%02d" % (name, len(rows))))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return rows


def load_expected(name):
    out = []
    d = os.path.join(fixture_dir(name), EXPECTED)
    for n in range(len(read_commands(name))):
        with open(os.path.join(d, "%02d.json" % n)) as f:
            text = re.sub(r"\d\d-\d\d-\d\d_\d\d:\d\d:\d\d", "@TIME@", f.read())
        with open(os.path.join(d, "%02d.rc" % n)) as f:
            rc = int(f.read().strip())
        out.append((text, rc))
    return out


# Known causes of differences, matched against the note of a failing command (`known`
# subcommand): (substring of the note, cause written to known-failures.txt).
CAUSES = [
    ("has no attribute 'pythonpkg'", "halite-exec: grains.filter_by(default=<int>) looks the default up as a string, so int keys ({2: .., 3: ..}) never match"),
    ("'rpm_source' is undefined", "halite-jinja: an undefined variable passed into salt[...] (pillar.get default) becomes None instead of staying StrictUndefined, so printing it does not fail as in Salt"),
    (".backup@", "halite-exec: no status.time, so pillar.example's `{%- if salt['status.time']|default(none) is callable %}` drops config_backup (Salt: `.backup@<time of the recording>`, halite: the default `.bak`)"),
    ("no attribute 'config_dir'", "halite CLI: opts['config_dir'] is missing (Salt sets it to the -c directory); then slsutil.renderer is needed"),
]


def cause_of(note):
    for needle, cause in CAUSES:
        if needle in note:
            return cause
    return "unclassified: " + note


def known_failures():
    out = {}
    try:
        with open(os.path.join(FIXTURES, "known-failures.txt")) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    key, _, why = line.partition(" ")
                    out[key] = why.strip()
    except OSError:
        pass
    return out


def print_table(rows, md):
    ok = sum(1 for r in rows if r[2])
    if md:
        # One row per SLS: its show_sls and show_low_sls commands together.
        known = known_failures()
        print("| formula | SLS | identical | cause when not / Salt's own error |")
        print("| --- | --- | --- | --- |")
        groups = {}
        for f, c, same, note, key in rows:
            sls = c.split()[-1]
            groups.setdefault((f, sls), []).append((c.split()[0], same, note, key))
        for (f, sls), cmds in groups.items():
            bad = [fun.replace("state.", "") for fun, same, _, _ in cmds if not same]
            ident = "yes" if not bad else "no (%s)" % ", ".join(bad)
            causes = []
            for fun, same, note, key in cmds:
                why = known.get(key) if not same else (note if note else "")
                why = why or note
                if why and why not in causes:
                    causes.append(why)
            text = "; ".join(causes).replace("|", "\\|").replace("\n", " ")
            print("| %s | `%s` | %s | %s |" % (f, sls, ident, text[:200]))
    else:
        for f, c, same, note, _ in rows:
            print("%-12s %-55s %-3s %s" % (f, c, "yes" if same else "NO", note))
    print("\nmatch: %d/%d commands (%.1f%%)" % (ok, len(rows), 100.0 * ok / max(1, len(rows))))


def cmd_compare(args, recorded, known=False):
    formulas = os.path.abspath(args.formulas)
    rows = []
    for name in formulas_to_run(formulas, args.names):
        checkout = os.path.join(formulas, name)
        ensure_fixture(name, checkout)
        expected = load_expected(name) if recorded else None
        rows.extend(compare_rows(name, formulas, args.halite, expected))
        sys.stdout.flush()
    if known:
        # known-failures.txt lines for the commands that differ now
        for f, c, same, note, key in rows:
            if not same:
                print("%s %s  [%s]" % (key, cause_of(note), c))
        return
    print_table(rows, args.table_md)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for c in ("compare", "record", "check", "known"):
        p = sub.add_parser(c)
        p.add_argument("--formulas", default=DEFAULT_FORMULAS)
        p.add_argument("--halite", default=DEFAULT_HALITE)
        p.add_argument("--table-md", action="store_true")
        p.add_argument("--salt-call", default=None, help="the salt-call whose venv records (default the 3007.8 oracle)")
        p.add_argument("--expected", default="expected", help="expected folder name (expected-3008 for Salt 3008.4)")
        p.add_argument("names", nargs="*")
    p = sub.add_parser("_salt_batch")
    p.add_argument("scratch")
    args = ap.parse_args()
    global SALT_PYTHON, SALT_COMPAT, EXPECTED
    if getattr(args, "salt_call", None):
        SALT_PYTHON = os.path.join(os.path.dirname(os.path.abspath(args.salt_call)), "python3")
    EXPECTED = getattr(args, "expected", "expected")
    if EXPECTED.startswith("expected-"):
        SALT_COMPAT = EXPECTED[len("expected-") :]
    if args.cmd == "record":
        cmd_record(args)
    elif args.cmd == "compare":
        cmd_compare(args, recorded=False)
    elif args.cmd == "check":
        cmd_compare(args, recorded=True)
    elif args.cmd == "known":
        cmd_compare(args, recorded=True, known=True)
    elif args.cmd == "_salt_batch":
        cmd_salt_batch(args)


if __name__ == "__main__":
    sys.exit(main())

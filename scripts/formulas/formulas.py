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
import shlex
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


# ---------------------------------------------------------------------------------------------
# apply-test: `state.sls NAME test=True` through Salt and halite, compared state by state
# (issue 16). Test mode changes nothing, but onlyif/unless/check_cmd guards run for real in
# both tools, and Salt's pkg.mod_init + pkg.latest (or a pkg.installed `latest` version) runs
# `apt-get update` even in test mode: such formulas are skipped, with the reason. As a second
# net, both tools run with a PATH whose first folder holds shims that refuse the commands that
# change packages, users, groups or services (read-only sub-commands pass through).

APPLY_TIMEOUT = 60

# first words of a guard command that only read the host
READ_ONLY = {
    "test", "[", "[[", "grep", "egrep", "fgrep", "which", "command", "dpkg-query", "ls", "cat",
    "stat", "id", "getent", "head", "tail", "wc", "true", "false", "echo", "printf", "find",
    "readlink", "realpath", "dirname", "basename", "awk", "sed", "cut", "sort", "uniq", "tr",
    "apt-cache", "php", "python", "python3", "java", "nginx", "apache2", "apachectl", "uname",
    "lsb_release", "hostname", "date", "pgrep", "ps", "diff", "cmp", "md5sum", "sha256sum",
    "openssl", "file", "type", "hash", "dpkg", "systemctl", "locale", "localectl", "timedatectl",
    "sysctl", "mount", "findmnt", "df", "env", "psql", "mysql", "docker", "node", "npm", "ruby",
    "perl", "git", "visudo", "sshd", "named-checkconf", "haproxy", "keepalived", "redis-server",
}
# bash's builtins that are not also programs on PATH: never "not found" (eval and source run
# their arguments), judged by READ_ONLY like any other word
BASH_BUILTINS = {
    "eval", "source", ".", "alias", "bind", "builtin", "caller", "cd", "command", "compgen",
    "complete", "compopt", "declare", "dirs", "disown", "enable", "exec", "exit", "export", "fc",
    "fg", "bg", "getopts", "hash", "help", "history", "jobs", "let", "local", "logout", "mapfile",
    "popd", "pushd", "read", "readarray", "readonly", "return", "set", "shift", "shopt",
    "suspend", "times", "trap", "type", "typeset", "ulimit", "umask", "unalias", "unset", "wait",
}
# sub-commands / flags that are read-only for the multi-purpose tools above
READ_ONLY_ARGS = {
    "command": ("-v", "-V"),
    "systemctl": ("is-active", "is-enabled", "is-failed", "status", "show", "cat", "list-units", "list-unit-files", "--version"),
    "dpkg": ("-l", "-L", "-s", "-S", "--get-selections", "--print-architecture", "--compare-versions", "--version", "--status", "--listfiles"),
    "git": ("rev-parse", "status", "log", "ls-remote", "config", "describe", "--version"),
    "docker": ("inspect", "ps", "images", "version", "info", "network", "volume"),
    "sed": ("-n",),
    "find": None,  # checked below: no -delete / -exec
    "python": ("-c", "-V", "--version"),
    "python3": ("-c", "-V", "--version"),
    "psql": None,
    "mysql": None,
}
UNSAFE_WORDS = re.compile(r"\b(sudo|rm|mv|cp|curl|wget|apt-get|apt|pip3?|service|useradd|usermod|userdel|groupadd|chown|chmod|tee|dd|mkfs|kill|reboot|shutdown|truncate|install|ln|mkdir|touch)\b")
# module guards (onlyif/unless given as {fun: ...}): read-only execution functions
READ_ONLY_FUNS = re.compile(r"^(file\.(file_exists|directory_exists|exists|search|contains|contains_regex|stats|get_mode|get_user|get_group)|pkg\.(version|info_installed|list_pkgs)|service\.(status|enabled|available)|user\.info|group\.info|grains\.get|pillar\.get|config\.get|test\.(true|false))$")


def guard_problem(cmd):
    """None when a guard command is read-only, else the reason it is not."""
    if isinstance(cmd, dict):
        fun = str(cmd.get("fun", ""))
        if fun.startswith("cmd.") and "cmd" in cmd:
            return guard_problem(cmd["cmd"])
        return None if READ_ONLY_FUNS.match(fun) else "module guard %s" % fun
    if isinstance(cmd, list):
        for c in cmd:
            why = guard_problem(c)
            if why:
                return why
        return None
    if isinstance(cmd, bool) or cmd is None:
        return None  # Salt evaluates a boolean guard without running anything
    text = str(cmd)
    # command substitutions: checked on their own, then read as a word
    for inner in re.findall(r"`([^`]*)`|\$\(([^()]*)\)", text):
        why = guard_problem(inner[0] or inner[1])
        if why:
            return "command substitution: %s" % why
    text = re.sub(r"`[^`]*`|\$\([^()]*\)", "X", text)
    if re.search(r"\$\(|`", text):
        return "nested command substitution in %r" % text[:80]
    if re.search(r"(?<![0-9&])>(?!\s*/dev/null)|>>", text.replace("2>&1", "").replace(">&2", "").replace("&>/dev/null", "")):
        return "redirection in %r" % text[:80]
    try:
        lex = shlex.shlex(text.replace("\n", " ; "), posix=True, punctuation_chars=";&|()")
        lex.whitespace_split = True
        tokens = list(lex)
    except ValueError as e:
        return "%r: %s" % (text[:80], e)
    segments, cur = [], []
    for tok in tokens:
        if tok and set(tok) <= set(";&|()"):
            segments.append(cur)
            cur = []
        else:
            cur.append(tok)
    segments.append(cur)
    for words in segments:
        words = list(words)
        while words and ("=" in words[0] and not words[0].startswith("-")):
            words = words[1:]  # VAR=value prefixes
        while words and words[0] in ("!", "(", "{", "if", "then", "else", "fi", "exec"):
            words = words[1:]
        if not words:
            continue
        prog = os.path.basename(words[0])
        if "/" not in words[0] and prog in SHIM_BLOCK:
            continue  # the shim first on PATH refuses it (exit 100) in both tools
        if prog not in BASH_BUILTINS and not (
            os.path.exists(words[0]) if "/" in words[0] else shutil.which(words[0])
        ):
            continue  # not on this host: "not found" (exit 127) in both tools
        if prog not in READ_ONLY:
            return "%r runs %s" % (text[:80], prog)
        allowed = READ_ONLY_ARGS.get(prog, ())
        if prog == "find" and any(w in ("-delete", "-exec", "-execdir", "-ok", "-fprint") for w in words):
            return "%r: find with an action" % text[:80]
        if allowed and not any(w in allowed for w in words[1:]):
            return "%r: %s sub-command not known read-only" % (text[:80], prog)
        # interpreters and clients run what their arguments say: no writing word in them
        if prog in ("psql", "mysql", "awk", "sed", "python", "python3") and UNSAFE_WORDS.search(" ".join(words[1:])):
            return "%r: %s with a writing word" % (text[:80], prog)
    return None


def low_problems(low_chunks):
    """Reasons a formula's low state is not safe in test mode ([] when it is)."""
    out = []
    for chunk in low_chunks:
        if not isinstance(chunk, dict):
            continue
        mod, fun = chunk.get("state"), chunk.get("fun")
        where = "%s_|-%s_|-%s" % (mod, chunk.get("__id__"), fun)
        for key in ("onlyif", "unless", "check_cmd"):
            if key in chunk:
                why = guard_problem(chunk[key])
                if why:
                    out.append("%s %s: %s" % (where, key, why))
        # pkg.latest / pkg.installed `latest` / `refresh: True` run `apt-get update` in test
        # mode too (pkg.mod_init writes the refresh tag): the apt-get shim answers it as a
        # no-op, so they are not skipped.
        if mod == "pkg" and fun in ("uptodate",):
            out.append("%s: pkg.uptodate not covered by the read-only review" % where)
        if (mod == "cmd" and fun in ("run", "script", "wait", "wait_script") and chunk.get("stateful")):
            out.append("%s: %s.%s not covered by the read-only review" % (where, mod, fun))
    return out


SHIM = """#!/bin/sh
# halite apply-test shim: refuses %(prog)s unless its sub-command only reads
case "|%(allow)s|" in *"|status|"*) [ $# -eq 0 ] && exec %(real)s;; esac
for a in "$@"; do
  case "$a" in %(allow)s) exec %(real)s "$@";; esac
done
echo "apply-test shim: refused %(prog)s $*" >&2
echo "refused %(prog)s $*" >> "${APPLY_TEST_SHIM_LOG:-/dev/null}"
exit 100
"""
# Salt's pkg.installed/pkg.latest run `apt-get -q update` in test mode once pkg.mod_init has
# written the refresh tag: the shim answers it as a no-op success (the host's apt lists stay as
# they are, both tools then read the same lists), and refuses every other writing apt-get.
APT_GET_SHIM = """#!/bin/sh
for a in "$@"; do
  case "$a" in update) echo "apt-get update answered as a no-op" >> "${APPLY_TEST_SHIM_LOG:-/dev/null}"; exit 0;;
  --just-print|-s|--simulate|--version) exec %(real)s "$@";; esac
done
echo "apply-test shim: refused apt-get $*" >&2
echo "refused apt-get $*" >> "${APPLY_TEST_SHIM_LOG:-/dev/null}"
exit 100
"""
SHIM_ALLOW = {
    "systemctl": "is-active|is-enabled|is-failed|status|show|cat|list-units|list-unit-files|--version",
    "dpkg": "-l|-L|-s|-S|--get-selections|--print-architecture|--compare-versions|--version|--status|--listfiles|--print-foreign-architectures|--assert-*",
    "crontab": "-l",
    "apt-get": "--just-print|-s|--simulate|--version",
    "apt-key": "list|finger|fingerprint|export|exportall",
    "apt": "list|show|policy|--version",
    "service": "--status-all|status|--version",
}
SHIM_BLOCK = ("aptitude", "useradd", "usermod", "userdel", "groupadd", "groupmod", "groupdel", "gpasswd",
              "chpasswd", "chsh", "update-rc.d", "invoke-rc.d", "debconf-set-selections", "pip", "pip3",
              "npm", "docker", "timedatectl", "localectl", "locale-gen", "update-locale", "sysctl",
              "firewall-cmd", "a2enmod", "a2dismod", "a2ensite", "a2dissite", "a2enconf", "a2disconf",
              "certbot", "visudo-write-never",
              # refused outright, so a guard may name them: `test -f X || touch X` (postgres),
              # a `salt-call --local file.copy` check_cmd, the rabbitmq and certbot tools
              "touch", "mkdir", "rm", "cp", "mv", "ln", "chown", "chmod", "tee", "salt-call",
              "rabbitmq-plugins", "rabbitmqctl", "mysqladmin")


def write_shims(scratch):
    d = os.path.join(scratch, "shims")
    os.makedirs(d)
    for prog in list(SHIM_ALLOW) + list(SHIM_BLOCK):
        real = shutil.which(prog)
        allow = SHIM_ALLOW.get(prog)
        if prog in ("sysctl",):
            allow = "-a|-n|--all|-N|--values"
        if prog in ("timedatectl", "localectl"):
            allow = "status|show|list-timezones|list-locales"
        if prog in ("docker",):
            allow = "inspect|ps|images|version|info"
        if prog in ("pip", "pip3"):
            allow = "list|freeze|show|--version"
        if prog in ("npm",):
            allow = "ls|list|--version|view"
        if prog in ("firewall-cmd",):
            allow = "--state|--get-*|--list-*|--query-*|--info-*"
        with open(os.path.join(d, prog), "w") as f:
            if prog == "apt-get" and real:
                f.write(APT_GET_SHIM % {"real": real})
            elif real and allow:
                f.write(SHIM % {"prog": prog, "allow": allow, "real": real})
            else:
                f.write('#!/bin/sh\necho "apply-test shim: refused %s $*" >&2\n'
                        'echo "refused %s $*" >> "${APPLY_TEST_SHIM_LOG:-/dev/null}"\nexit 100\n' % (prog, prog))
        os.chmod(os.path.join(d, prog), 0o755)
    return d


def run_salt_sls_test(scratch, argv, env):
    """One salt-call (of SALT_PYTHON's venv) with the scratch config: (stdout, rc, stderr)."""
    salt_call = os.path.join(os.path.dirname(SALT_PYTHON), "salt-call")
    conf_dir = os.path.join(scratch, "conf")
    proc = subprocess.run(
        [salt_call, "--local", "-c", conf_dir, "--out", "json", "-l", "quiet"] + argv,
        capture_output=True, text=True, timeout=APPLY_TIMEOUT, env=env,
    )
    return proc.stdout, proc.returncode, proc.stderr


def run_halite_env(halite, scratch, argv, env):
    conf_dir = os.path.join(scratch, "conf")
    proc = subprocess.run(
        [halite, "--local", "-c", conf_dir, "--out", "json", "-l", "quiet"] + argv,
        capture_output=True, text=True, timeout=APPLY_TIMEOUT, env=env,
    )
    return proc.stdout, proc.returncode, proc.stderr


def order_free(v, key=None):
    """Salt's set-ordered values compared order-free (as crates/halite/tests/golden.rs)."""
    if isinstance(v, dict):
        return {k: order_free(x, k) for k, x in v.items()}
    if isinstance(v, list):
        items = [order_free(x) for x in v]
        if key in ("removed",) and all(isinstance(x, str) for x in items):
            items.sort()
        return items
    if isinstance(v, str):
        if v.startswith("One or more requisite failed: "):
            return "One or more requisite failed: " + ", ".join(sorted(v[len("One or more requisite failed: "):].split(", ")))
        if "Traceback (most recent call last):" in v:
            head = v[: v.find("Traceback (most recent call last):")]
            last = [l for l in v.splitlines() if l.strip()][-1]
            return head + "Traceback ... " + last
        return v
    return v


def state_map(text):
    """{tag: {result, comment, changes}} of a state.sls --out json, or the error text."""
    import json

    try:
        v = json.loads(text)["local"]
    except Exception:  # noqa: BLE001 - non-JSON output is shown raw
        return None, (text.strip().splitlines() or [""])[-1][:200]
    if not isinstance(v, dict):
        return None, json.dumps(v)[:300]
    out = {}
    for tag, ret in v.items():
        if isinstance(ret, dict):
            one = {k: order_free(ret.get(k), k) for k in ("result", "comment", "changes")}
            if tag.endswith("_|-recurse"):
                recurse_order_free(one)
            out[tag] = one
    return out, None


def recurse_order_free(one):
    """file.recurse works through a Python set: its "#### path ####" comment blocks (and the
    lines of its "#### removed ####" block) compared sorted, as golden.rs does."""
    c = one.get("comment")
    if not isinstance(c, str) or not c.startswith("#### "):
        return
    blocks = []
    for b in ("\n" + c).split("\n\n#### "):
        b = b.lstrip("\n")
        if b.startswith("#### "):
            b = b[len("#### "):]
        if not b:
            continue
        if b.startswith("removed ####\n"):
            b = "removed ####\n" + "\n".join(sorted(b[len("removed ####\n"):].split("\n")))
        blocks.append(b)
    one["comment"] = "\n<block>\n".join(sorted(blocks))


def short(v):
    import json

    s = json.dumps(v, sort_keys=True)
    return s if len(s) < 160 else s[:157] + "..."


def apply_test_one(name, formulas, halite, verbose):
    """A dict describing one formula's comparison."""
    import json

    checkout = os.path.join(formulas, name)
    folder = formula_folder(checkout, name)
    ensure_fixture(name, checkout)
    scratch = setup_scratch(name, formulas)
    rec = {"formula": name, "sls": folder, "status": "", "reason": "", "same": [], "diff": []}
    try:
        env = dict(os.environ)
        env["PATH"] = write_shims(scratch) + ":" + env.get("PATH", "/usr/bin:/bin")
        # 1. Salt's low state: are the guards read-only?
        try:
            out, rc, err = run_salt_sls_test(scratch, ["state.show_low_sls", folder], env)
        except subprocess.TimeoutExpired:
            rec.update(status="skipped", reason="state.show_low_sls timed out")
            return rec
        try:
            low = json.loads(out)["local"]
        except Exception:  # noqa: BLE001
            low = None
        if not isinstance(low, list):
            rec.update(status="skipped", reason="Salt does not render it: %s" % (salt_error(out) or err.strip()[-160:]))
            return rec
        problems = low_problems(low)
        if problems:
            rec.update(status="skipped", reason="; ".join(problems[:2]) + (" (+%d)" % (len(problems) - 2) if len(problems) > 2 else ""))
            return rec
        argv = ["state.sls", folder, "test=True"]
        env["APPLY_TEST_SHIM_LOG"] = os.path.join(scratch, "shim-salt.log")
        try:
            s_out, s_rc, s_err = run_salt_sls_test(scratch, argv, env)
        except subprocess.TimeoutExpired:
            rec.update(status="skipped", reason="Salt's state.sls test=True took over %ds" % APPLY_TIMEOUT)
            return rec
        env["APPLY_TEST_SHIM_LOG"] = os.path.join(scratch, "shim-halite.log")
        try:
            h_out, h_rc, h_err = run_halite_env(halite, scratch, argv, env)
        except subprocess.TimeoutExpired:
            rec.update(status="run", reason="halite took over %ds" % APPLY_TIMEOUT)
            h_out, h_rc, h_err = "", -1, "timeout"
        s_out = normalize(s_out, scratch, formulas)
        h_out = normalize(h_out, scratch, formulas)
        rec["shim"] = []
        for tool in ("salt", "halite"):
            try:
                with open(os.path.join(scratch, "shim-%s.log" % tool)) as f:
                    rec["shim"] += sorted(set("%s: %s" % (tool, l.strip()) for l in f if l.strip()))
            except OSError:
                pass
        smap, serr = state_map(s_out)
        hmap, herr = state_map(h_out)
        rec["rc"] = (s_rc, h_rc)
        if smap is None or hmap is None:
            rec["same_error"] = smap is None and hmap is None and serr == herr and s_rc == h_rc
            rec.update(status="run", reason="salt: %s / halite: %s" % (serr or "%d states" % len(smap or {}), herr or "%d states" % len(hmap or {})))
            if smap is not None:
                rec["diff"] = [(t, "halite has no per-state answer", "") for t in smap]
            return rec
        rec["status"] = "run"
        for tag in list(smap) + [t for t in hmap if t not in smap]:
            a, b = smap.get(tag), hmap.get(tag)
            if a == b:
                rec["same"].append(tag)
                continue
            if a is None or b is None:
                rec["diff"].append((tag, "only in %s" % ("halite" if a is None else "salt"), ""))
                continue
            keys = [k for k in ("result", "comment", "changes") if a[k] != b[k]]
            rec["diff"].append((tag, ",".join(keys), "; ".join("%s salt=%s halite=%s" % (k, short(a[k]), short(b[k])) for k in keys)))
        if s_rc != h_rc:
            rec["reason"] = "exit status salt=%d halite=%d" % (s_rc, h_rc)
        if verbose:
            with open(os.path.join(verbose, "%s.salt.json" % name), "w") as f:
                f.write(s_out)
            with open(os.path.join(verbose, "%s.halite.json" % name), "w") as f:
                f.write(h_out)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return rec


def cmd_apply_test(args):
    import json

    global APPLY_TIMEOUT
    APPLY_TIMEOUT = args.timeout
    formulas = os.path.abspath(args.formulas)
    recs = []
    for name in formulas_to_run(formulas, args.names):
        rec = apply_test_one(name, formulas, args.halite, args.save)
        recs.append(rec)
        if rec["status"] == "skipped":
            print("%-14s skipped: %s" % (name, rec["reason"]))
        else:
            print("%-14s %d identical, %d different%s" % (name, len(rec["same"]), len(rec["diff"]), ("  [" + rec["reason"] + "]") if rec["reason"] else ""))
            for tag, keys, detail in rec["diff"]:
                print("    DIFF %s (%s) %s" % (tag, keys, detail))
            for s in rec.get("shim", []):
                print("    SHIM %s" % s)
        sys.stdout.flush()
    run = [r for r in recs if r["status"] == "run"]
    same = sum(len(r["same"]) for r in run)
    diff = sum(len(r["diff"]) for r in run)
    both_fail = sum(1 for r in run if r.get("same_error"))
    print("\nsalt_compat %s: formulas run %d (%d of them refused by both tools with the same error), skipped %d; "
          "states identical %d, different %d; formulas with every state and the exit status identical %d"
          % (SALT_COMPAT, len(run), both_fail, len(recs) - len(run), same, diff,
             sum(1 for r in run if not r["diff"] and not r["reason"] and not r.get("same_error"))))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(recs, f, indent=1)


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
    p = sub.add_parser("apply-test", help="state.sls NAME test=True through Salt and halite, per state")
    p.add_argument("--formulas", default=DEFAULT_FORMULAS)
    p.add_argument("--halite", default=DEFAULT_HALITE)
    p.add_argument("--salt-call", default=None, help="the salt-call to compare with (default the 3007.8 oracle)")
    p.add_argument("--salt-compat", default=None, help="salt_compat for the minion (default: 3008 when --salt-call is under salt3008, else 3007)")
    p.add_argument("--timeout", type=int, default=60, help="seconds per call (default 60)")
    p.add_argument("--save", default=None, help="folder to keep both tools' json outputs in")
    p.add_argument("--json", default=None, help="write the per-formula records as JSON")
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
    if args.cmd == "apply-test":
        SALT_COMPAT = args.salt_compat or ("3008" if "salt3008" in (args.salt_call or "") else "3007")
        cmd_apply_test(args)
    elif args.cmd == "record":
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

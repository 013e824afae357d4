"""Stub harness for Salt's functional state tests (installed as the sdist's tests/conftest.py).

Salt's functional tests get `states`, `modules`, `loaders`, `state_tree`... from
pytest-salt-factories, which runs Salt in-process. This conftest replaces those fixtures:
every call a test makes to a state function (`states.file.managed(...)`, `modules.state.sls(...)`,
`modules.state.single(...)`, ...) becomes one `salt-call --local --out json` command run by
the backend this pytest session was started for (HSUITE_PROGRAM: Salt's salt-call or
halite), and its JSON answer goes back to the test wrapped as saltfactories wraps it
(StateResult / MultiStateResult). Each such call is logged (HSUITE_LOG, JSON lines) with its
exit status and output, so two sessions over the same tests, one per backend, can be compared
call by call (scripts/salt-suite/run.py does that).

A state function call `states.MOD.FUN(name, **kwargs)` is what saltfactories proxies through
`state.single`; here it is an SLS file (`#!json`, so values reach both backends exactly) with
one state whose ID is the name, applied with `state.sls`. Other execution functions a test
uses to set up or inspect (`modules.file.get_user`, `modules.cp.is_cached`...) run through
Salt's salt-call in both sessions and are not compared.

Safety: before anything runs, the call is checked (`gate()`); unsafe calls skip the test.
Real runs only touch paths under HSUITE_ROOT (the scratch folder holding the extracted tests
and pytest's basetemp); state modules other than test/file/archive/cmd/module are refused;
cmd states, onlyif/unless/check_cmd only run commands from a short harmless list; module.run
only calls test.* and file.* functions; Jinja may only call read-only functions.
"""

import itertools
import json
import os
import pathlib
import random
import re
import shlex
import shutil
import subprocess
import tempfile

import attr
import pytest
import yaml
from saltfactories.utils.functional import MultiStateResult, StateResult
from saltfactories.utils.tempfiles import temp_file

BACKEND = os.environ["HSUITE_BACKEND"]
PROGRAM = os.environ["HSUITE_PROGRAM"]
SALT_CALL = os.environ["HSUITE_SALT_CALL"]
HALITE = os.environ["HSUITE_HALITE"]
COMPAT = os.environ["HSUITE_COMPAT"]
LOG = os.environ["HSUITE_LOG"]
ROOT = os.path.realpath(os.environ["HSUITE_ROOT"])

SAFE_STATES = {"test", "file", "archive", "cmd", "module"}
SAFE_MODULE_RUN = ("test.", "file.")
SAFE_EXEC = {
    "cp.is_cached", "cp.cache_file", "file.get_user", "file.get_group", "file.get_mode",
    "file.find", "file.copy", "file.file_exists", "file.directory_exists", "archive.tar",
    "saltutil.sync_states", "saltutil.sync_modules", "grains.get", "grains.items",
    "config.get", "pillar.get", "pillar.items", "test.ping", "file.stats", "file.read",
}
SAFE_JINJA = re.compile(
    r"^(test\.\w+|grains\.\w+|pillar\.\w+|config\.get|environ\.get|file\.(file_exists|"
    r"directory_exists|read|get_\w+|join|basename|dirname|stats|find)|cp\.\w+|"
    r"slsutil\.\w+|defaults\.\w+|json\.\w+|yaml\.\w+|match\.\w+|saltutil\.\w+|random\.\w+|"
    r"hashutil\.\w+|dnsutil\.\w+|network\.\w+|state\.\w+)$"
)
SAFE_CMD_WORDS = {
    "echo", "true", "false", "exit", "sleep", "printf", "pwd", "test", "[", "cat", "touch",
    "ls", "/bin/true", "/bin/false", "/usr/bin/true", "/usr/bin/false", "which", "date",
    "whoami", "id", "return", "cd", "mkdir", "python", "python3", ":", "grep",
}
PATH_KEYS = {
    "name", "names", "target", "source", "sources", "dest", "path", "backupname", "cwd",
    "creates", "tmp_dir", "file", "source_hash",
}
REQUISITE_WORDS = {
    "require", "require_in", "watch", "watch_in", "onchanges", "onchanges_in", "onfail",
    "onfail_in", "prereq", "prereq_in", "listen", "listen_in", "use", "use_in",
    "require_any", "watch_any", "onchanges_any", "onfail_any", "onfail_all",
}

# System mode (HSUITE_SYSTEM=1, run.py --system): the user/group state tests, as root. Every
# name the tests draw from saltfactories' random_string gets the halitetestsy- prefix (patched
# here, before the test modules import it), and a user/group state runs only on such names.
SYSTEM = os.environ.get("HSUITE_SYSTEM") == "1"
SYSTEM_PREFIX = "halitetestsy-"
# the packages of tests/host-fixtures/pkg-repo.sh's repository
TEST_PKG = re.compile(r"^halitetest-pkg-[a-z]+$")
# pkg execution functions that only read (the package lists, the confined index); those
# that take package names are refused on any other name
PKG_EXEC_READONLY = {"pkg.version", "pkg.latest_version", "pkg.list_pkgs", "pkg.list_upgrades",
                     "pkg.info_installed", "pkg.refresh_db", "pkg.list_repo_pkgs"}
PKG_EXEC_NAMED = {"pkg.hold", "pkg.unhold", "service.start", "service.stop",
                  "service.enable", "service.disable", "service.status"}
# test module fixtures naming the packages a test installs, replaced in system mode
# (pytest_collection_modifyitems) by the test repository's packages
SYSTEM_FIXTURES = {
    "PKG_TARGETS": ["halitetest-pkg-conf", "halitetest-pkg-b"],
    "PKG_EPOCH_TARGETS": ["halitetest-pkg-epoch"],
}
if SYSTEM:
    import saltfactories.utils as _sf_utils

    _random_string = _sf_utils.random_string

    def _prefixed_random_string(prefix, *args, **kwargs):
        return _random_string(SYSTEM_PREFIX + prefix, *args, **kwargs)

    _sf_utils.random_string = _prefixed_random_string
    SAFE_STATES = SAFE_STATES | {"user", "group"}
    SAFE_EXEC = SAFE_EXEC | {"user.info", "user.list_groups", "user.list_users", "group.info",
                             "user.getent", "group.getent", "user.chgid"}
    # pkg states and functions (run.py sets up the local test apt repository of
    # tests/host-fixtures/pkg-repo.sh and confines apt to it with APT_CONFIG): only on the
    # repository's halitetest-pkg-* packages
    SAFE_STATES = SAFE_STATES | {"pkg"}
    SAFE_EXEC = SAFE_EXEC | PKG_EXEC_READONLY | PKG_EXEC_NAMED
    # service states and functions: only on halitetest services (run.py installs the
    # halitetest-svc init script of tests/host-cases/halitetest-svc.sh and names it to
    # test_service.py through its SALT_FUNCTIONAL_TEST_SERVICE_NAME)
    SAFE_STATES = SAFE_STATES | {"service", "pkgrepo"}
    SAFE_EXEC = SAFE_EXEC | {"service.status", "service.get_enabled", "service.start",
                             "service.stop", "service.enable", "service.disable",
                             "service.offline", "service.available", "service.enabled"}

_counter = itertools.count()


class Unsafe(Exception):
    pass


def _abs_paths(text):
    return re.findall(r"(?<![\w:/.@-])(/[^\s'\"<>|;&,)\]}{]+)", text)


def _under_root(path):
    p = os.path.normpath(path)
    if p in ("/dev/null", "/bin/true", "/bin/false", "/usr/bin/true", "/usr/bin/false"):
        return True
    if p.startswith("/bin/") or p.startswith("/usr/bin/"):
        return p.rsplit("/", 1)[-1] in SAFE_CMD_WORDS
    real = os.path.realpath(p)
    return real == ROOT or real.startswith(ROOT + "/") or p.startswith(ROOT + "/")


def _check_paths(value, what):
    if isinstance(value, dict):
        for k, v in value.items():
            _check_paths(k, what)
            _check_paths(v, what)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _check_paths(v, what)
    elif isinstance(value, str):
        if re.match(r"^(https?|ftp|s3|swift)://", value):
            raise Unsafe("network source %s" % value)
        if value.startswith("/") and not _under_root(value):
            raise Unsafe("%s outside the scratch folder: %s" % (what, value))


def check_command(cmd):
    """Refuses a shell command that is not a short harmless one."""
    if not isinstance(cmd, str):
        if isinstance(cmd, list):
            for c in cmd:
                check_command(c if isinstance(c, str) else str(c))
            return
        if isinstance(cmd, bool) or cmd is None:
            return
        raise Unsafe("command %r" % (cmd,))
    cmd = re.sub(r"\$\(which (\w+)\)", r"\1", cmd)
    if re.search(r"[`$]\(|`|\bsudo\b|\brm\b|\bdd\b|\bmkfs|\bsystemctl|\bapt|\bpip\b|"
                 r"\bcurl\b|\bwget\b|\bkill|\breboot|\bshutdown|\bchmod\b|\bchown\b", cmd):
        raise Unsafe("command %r" % cmd)
    for piece in re.split(r"&&|\|\||;|\||\n", cmd):
        piece = piece.strip()
        if not piece:
            continue
        try:
            words = shlex.split(piece)
        except ValueError:
            raise Unsafe("command %r" % cmd) from None
        if not words:
            continue
        missing = "/" not in words[0] and shutil.which(words[0]) is None
        if words[0] not in SAFE_CMD_WORDS and not missing:
            raise Unsafe("command %r" % cmd)
        if words[0] in ("python", "python3") and not (len(words) >= 3 and words[1] == "-c"
                                                      and "import os" not in piece):
            raise Unsafe("command %r" % cmd)
        if words[0] == "sleep" and not all(w.replace(".", "").isdigit() and float(w) <= 10
                                           for w in words[1:]):
            raise Unsafe("command %r" % cmd)
        for p in _abs_paths(piece):
            if not _under_root(p):
                raise Unsafe("command %r touches %s" % (cmd, p))
        if re.search(r">\s*[^/\s&]", piece):
            raise Unsafe("command %r writes a relative path" % cmd)


def check_state(mod, fun, kwargs):
    """Refuses one state (module, function, arguments) that could change the host."""
    if mod not in SAFE_STATES:
        raise Unsafe("state module %s (system states are left out)" % mod)
    for key in ("onlyif", "unless", "check_cmd"):
        val = kwargs.get(key)
        if val is None:
            continue
        for v in val if isinstance(val, list) else [val]:
            if isinstance(v, dict):
                fn = v.get("fun", "")
                if fn and not str(fn).startswith(SAFE_MODULE_RUN):
                    raise Unsafe("%s calls %s" % (key, fn))
                _check_paths(v, key)
            else:
                check_command(v)
    if mod in ("user", "group"):
        _check_accounts(kwargs)
        return
    if mod == "pkg":
        _check_pkgs(fun, kwargs)
        return
    if mod == "pkgrepo":
        # only a list file in the scratch folder, which apt never reads (APT_CONFIG confines
        # it to the test repository's list, so the refresh after it fetches nothing else);
        # no keys, PPAs or other files
        for key in ("key_url", "keyserver", "keyid", "ppa", "ppa_auth", "signedby",
                    "aptkey", "gpgkey"):
            if kwargs.get(key):
                raise Unsafe("pkgrepo %s" % key)
        f = kwargs.get("file")
        if not isinstance(f, str) or not _under_root(f):
            raise Unsafe("pkgrepo file %r outside the scratch folder" % (f,))
        return
    if mod == "service":
        for n in [kwargs.get("name")] + list(kwargs.get("names") or []):
            if not isinstance(n, str) or not n.startswith("halitetest"):
                raise Unsafe("service %r is not a halitetest service" % (n,))
        return
    if mod == "cmd":
        for key in ("name", "names"):
            if key in kwargs:
                check_command(kwargs[key])
        for key in ("cwd", "creates", "runas", "shell"):
            if key == "runas" and kwargs.get(key) not in (None, "root"):
                raise Unsafe("cmd runas %s" % kwargs[key])
            if key in ("cwd", "creates"):
                _check_paths(kwargs.get(key), key)
        if kwargs.get("shell") not in (None, "/bin/sh", "/bin/bash"):
            raise Unsafe("shell %s" % kwargs["shell"])
    elif mod == "module":
        funs = []
        if fun in ("run", "wait") and "name" in kwargs and "." in str(kwargs["name"]) and (
            "m_name" in kwargs or not any("." in k for k in kwargs)
        ):
            funs.append(str(kwargs["name"]))
        for k in kwargs:
            if "." in k:
                funs.append(k)
        names = kwargs.get("names")
        if isinstance(names, list):
            for n in names:
                funs.append(next(iter(n)) if isinstance(n, dict) else str(n))
        if not funs and fun in ("run", "wait"):
            funs.append(str(kwargs.get("name", "")))
        for f in funs:
            if not f.startswith(SAFE_MODULE_RUN):
                raise Unsafe("module.run of %s" % f)
        _check_paths({k: v for k, v in kwargs.items() if k not in REQUISITE_WORDS}, "argument")
    else:
        for key, val in kwargs.items():
            if key in PATH_KEYS or key.endswith("_path") or key.endswith("_dir"):
                _check_paths(val, key)
            if key in ("source", "sources", "source_hash", "template_url"):
                _check_paths(val, key)


def _check_accounts(kwargs):
    """A user/group state (system mode only) may name only halitetestsy- accounts and groups,
    and a home folder named after one (or under the scratch folder)."""
    names = [kwargs.get("name")] + list(kwargs.get("names") or [])
    for key in ("groups", "optional_groups", "remove_groups", "members", "addusers",
                "delusers"):
        val = kwargs.get(key)
        if isinstance(val, str):
            val = val.split(",")
        names += list(val or [])
    if isinstance(kwargs.get("gid"), str) and not kwargs["gid"].isdigit():
        names.append(kwargs["gid"])
    for n in names:
        if n is not None and not str(n).startswith(SYSTEM_PREFIX):
            raise Unsafe("account or group %r without the %s prefix" % (n, SYSTEM_PREFIX))
    home = kwargs.get("home")
    if home and not os.path.basename(str(home).rstrip("/")).startswith(SYSTEM_PREFIX) \
            and not _under_root(str(home)):
        raise Unsafe("home %s" % home)


def _check_pkgs(fun, kwargs):
    """A pkg state (system mode only) may name only the test repository's packages: `pkgs`
    when given (Salt ignores `name` then), else `name`/`names`; no `sources`, `fromrepo` or
    other repositories."""
    for key in ("sources", "fromrepo", "repo", "enablerepo", "disablerepo"):
        if kwargs.get(key):
            raise Unsafe("pkg %s %r" % (key, kwargs[key]))
    pkgs = kwargs.get("pkgs")
    if pkgs:
        names = [next(iter(p)) if isinstance(p, dict) else p for p in pkgs]
    else:
        names = [kwargs.get("name")] + list(kwargs.get("names") or [])
    for n in names:
        if not isinstance(n, str) or not TEST_PKG.match(n):
            raise Unsafe("package %r is not one of the test repository's" % (n,))


def check_pkg_exec(name, args, kwargs):
    """pkg.* and service.* execution functions (system mode): only the test repository's
    packages and halitetest services."""
    names = [a for a in args]
    for key in ("name", "pkgs"):
        val = kwargs.get(key)
        if isinstance(val, list):
            names += [next(iter(p)) if isinstance(p, dict) else p for p in val]
        elif val is not None:
            names.append(val)
    if name in PKG_EXEC_NAMED and not names:
        raise Unsafe("%s without package names" % name)
    for n in names:
        if name.startswith("service.") and isinstance(n, str) and n.startswith("halitetest"):
            continue
        if not isinstance(n, str) or not TEST_PKG.match(n):
            raise Unsafe("%s of %r, not a test repository package or halitetest service"
                         % (name, n))


def check_text(text):
    """Refuses SLS text whose Jinja calls functions that may change the host."""
    for m in re.finditer(r"salt\[\s*['\"]([\w.]+)['\"]\s*\]|salt\.(\w+\.\w+)\s*\(", text):
        fn = m.group(1) or m.group(2)
        if not SAFE_JINJA.match(fn):
            raise Unsafe("Jinja calls %s" % fn)
    if re.search(r"^#!.*py", text, re.M):
        raise Unsafe("Python renderer")


def check_low(chunks):
    for chunk in chunks:
        if not isinstance(chunk, dict):
            continue
        mod, fun = chunk.get("state"), chunk.get("fun")
        kwargs = {k: v for k, v in chunk.items() if not k.startswith("__")
                  and k not in ("state", "fun", "order")}
        check_state(mod, fun, kwargs)


class Session:
    """The salt-call configuration of one test module."""

    def __init__(self, state_tree, state_tree_prod, scratch, overrides):
        self.state_tree = str(state_tree)
        self.state_tree_prod = str(state_tree_prod)
        self.scratch = str(scratch)
        self.calls_root = os.path.join(self.scratch, "hsuite-calls")
        self.pillar_root = os.path.join(self.scratch, "hsuite-pillar")
        os.makedirs(self.calls_root, exist_ok=True)
        os.makedirs(self.pillar_root, exist_ok=True)
        self.overrides = overrides
        self.opts = self.config()
        _SESSIONS.append(self)

    def config(self):
        conf = {
            "file_client": "local",
            "id": "func-tests-minion-opts",
            "file_roots": {"base": [self.state_tree, self.calls_root],
                           "prod": [self.state_tree_prod]},
            "pillar_roots": {"base": [self.pillar_root]},
            "cachedir": os.path.join(self.scratch, "hsuite-cache"),
            "pki_dir": os.path.join(self.scratch, "hsuite-pki"),
            "sock_dir": os.path.join(self.scratch, "hsuite-run"),
            "log_file": os.path.join(self.scratch, "hsuite-log", "minion"),
            "salt_compat": COMPAT,
        }
        conf.update(self.overrides)
        return conf

    def run(self, program, argv, compared=False):
        conf_dir = os.path.join(self.scratch, "hsuite-conf")
        os.makedirs(conf_dir, exist_ok=True)
        with open(os.path.join(conf_dir, "minion"), "w") as f:
            yaml.safe_dump(self.opts, f)
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("PYTEST") and k != "PYTHONPATH"}
        env["SHELL"] = "/bin/bash"
        cwd = os.path.join(self.scratch, "hsuite-cwd")
        os.makedirs(cwd, exist_ok=True)
        if program == SALT_CALL and SYSTEM and compared:
            # system mode: a real salt-call per compared call. The in-process minion keeps
            # `__context__` from call to call within a test, so aptpkg's cached package list
            # (`pkg.list_pkgs`) outlives the install or removal that changed it
            return _forked_salt_call(
                ["--local", "-c", conf_dir, "--out", "json", "-l", "quiet"] + argv, env, cwd)
        if program == SALT_CALL and not self.uses_parallel():
            if SYSTEM:
                for caller in _CALLERS.values():
                    for pack in (caller.minion.functions.pack, caller.minion.executors.pack):
                        pack["__context__"].clear()
            return _inprocess_salt_call(conf_dir, argv, cwd)
        if program == SALT_CALL:
            # parallel states fork from the minion process: a real salt-call (in-process,
            # Salt answers "Parallel cache failure")
            return _forked_salt_call(
                ["--local", "-c", conf_dir, "--out", "json", "-l", "quiet"] + argv, env, cwd)
        proc = subprocess.run(
            [program, "--local", "-c", conf_dir, "--out", "json", "-l", "quiet"] + argv,
            capture_output=True, text=True, env=env, cwd=cwd, timeout=300,
        )
        return proc.returncode, proc.stdout

    def uses_parallel(self):
        for root in (self.state_tree, self.state_tree_prod, self.calls_root):
            for dirpath, _, files in os.walk(root):
                for name in files:
                    if name.endswith(".sls"):
                        with open(os.path.join(dirpath, name), errors="replace") as f:
                            if "parallel" in f.read():
                                return True
        return False

    def gate_sls(self, argv):
        """Checks the SLS files a state.sls/apply/highstate would run, compiled by halite
        (`state.show_lowstate` / `state.show_low_sls`), plus their text."""
        for root in (self.state_tree, self.state_tree_prod, self.calls_root):
            for dirpath, _, files in os.walk(root):
                for name in files:
                    if name.endswith((".sls", ".jinja", ".j2")):
                        with open(os.path.join(dirpath, name), errors="replace") as f:
                            check_text(f.read())
        fun, rest = argv[0], argv[1:]
        args = [a for a in rest if "=" not in a or a.startswith("pillar=")]
        extra = [a for a in rest if a.startswith(("pillar=", "saltenv=", "exclude="))]
        pos = [a for a in args if not a.startswith("pillar=")]
        mods = [a.split("=", 1)[1] for a in rest if a.startswith("mods=")]
        if mods and not pos:
            pos = mods
        if fun in ("state.sls", "state.apply", "state.sls_id") and pos:
            target = pos[1] if fun == "state.sls_id" and len(pos) > 1 else pos[0]
            gate_argv = ["state.show_low_sls", target] + extra
        elif fun == "state.template_str":
            return
        else:
            gate_argv = ["state.show_lowstate"] + extra
        rc, out = self.run(HALITE, gate_argv)
        try:
            data = json.loads(out)["local"]
        except (ValueError, KeyError, TypeError):
            data = None
        if isinstance(data, list) and all(isinstance(c, dict) for c in data):
            check_low(data)
            return
        # halite could not compile it: Salt's compiler decides (rendering only, the text
        # check above ran first); when Salt cannot compile it either, nothing runs
        rc, out = self.run(SALT_CALL, gate_argv)
        try:
            data = json.loads(out)["local"]
        except (ValueError, KeyError, TypeError):
            raise Unsafe("neither halite nor Salt compiles it") from None
        if isinstance(data, list) and all(isinstance(c, dict) for c in data):
            check_low(data)
        elif not (isinstance(data, list) and all(isinstance(c, str) for c in data)):
            raise Unsafe("unexpected compile answer")

    def call(self, request, argv, sls_gate):
        """One compared call: gate, run with this session's backend, log, return the data."""
        try:
            if sls_gate:
                self.gate_sls(argv)
        except Unsafe as exc:
            _log(request, argv, None, None, skip=str(exc))
            pytest.skip("unsafe for the differential run: %s" % exc)
        rc, out = self.run(PROGRAM, argv, compared=True)
        _log(request, argv, rc, out)
        try:
            return json.loads(out)["local"]
        except (ValueError, KeyError, TypeError):
            return out


_CURRENT = {"test": None}


_CALLERS = {}
_SESSIONS = []


def _inprocess_salt_call(conf_dir, argv, cwd):
    """salt-call's `BaseCaller.call()` run in this process with one minion per test module
    (as pytest-salt-factories' loaders do for Salt's own functional tests): the minion
    config, argument parsing (`salt.utils.args.parse_input`), executors, `__context__`
    retcode and salt-call's exit status rule (0, else 1) are salt-call's; only Python's and
    the loader's start-up are paid once per module instead of once per call."""
    import salt.cli.caller
    import salt.config
    import salt.output

    caller = _CALLERS.get(conf_dir)
    if caller is None:
        opts = salt.config.minion_config(os.path.join(conf_dir, "minion"))
        opts.update({"fun": argv[0], "arg": argv[1:], "local": True, "output": "json",
                     "log_level": "quiet", "retcode_passthrough": False, "metadata": None})
        caller = salt.cli.caller.Caller.factory(opts)
        _CALLERS.clear()
        _CALLERS[conf_dir] = caller
    caller.opts["fun"], caller.opts["arg"] = argv[0], list(argv[1:])
    for pack in (caller.minion.functions.pack, caller.minion.executors.pack):
        pack["__context__"].pop("retcode", None)
    # in the working folder halite's calls (and the forked salt-call) run in: a state that
    # makes a temp file in "" (3007's check_cmd tmp_dir) makes it there
    old_cwd = os.getcwd()
    os.chdir(cwd)
    try:
        ret = caller.call()
    except SystemExit as exc:
        return (1 if exc.code else 0), ""
    except Exception as exc:  # noqa: BLE001 - salt-call would print a traceback, exit 1
        return 1, "<salt-call raised %s: %s>" % (type(exc).__name__, exc)
    finally:
        os.chdir(old_cwd)
    out = salt.output.out_format({"local": ret.get("return")}, "json", caller.opts)
    return (0 if ret.get("retcode", 0) == 0 else 1), out


def _forked_salt_call(argv, env, cwd):
    """salt-call run in a child forked from this process (which has imported Salt already):
    the same program as bin/salt-call (`salt.scripts.salt_call()`), without paying Python's
    and Salt's start-up for every call on a loaded machine."""
    import salt.scripts  # noqa: F401  (imported before the fork, once)

    out = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.chdir(cwd)
            os.environ.clear()
            os.environ.update(env)
            devnull = os.open(os.devnull, os.O_RDWR)
            os.dup2(devnull, 0)
            os.dup2(out.fileno(), 1)
            os.dup2(devnull, 2)
            import sys

            sys.stdout = os.fdopen(1, "w", closefd=False)
            sys.stderr = os.fdopen(2, "w", closefd=False)
            sys.stdin = os.fdopen(0, "r", closefd=False)
            sys.argv = [SALT_CALL] + argv
            import logging

            root = logging.getLogger()
            for handler in list(root.handlers):
                root.removeHandler(handler)
            try:
                ret = salt.scripts.salt_call()
                code = ret if isinstance(ret, int) else 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            sys.stdout.flush()
        except BaseException:  # noqa: BLE001 - the child must never return into pytest
            code = 70
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    out.seek(0)
    text = out.read().decode("utf-8", "replace")
    out.close()
    return os.waitstatus_to_exitcode(status), text


def _log(request, argv, rc, out, skip=None):
    with open(LOG, "a") as f:
        f.write(json.dumps({
            "test": _CURRENT["test"], "n": next(_counter), "argv": argv,
            "rc": rc, "out": out, "skip": skip,
        }) + "\n")


def _jsonable(value):
    if isinstance(value, pathlib.PurePath):
        return str(value)
    if isinstance(value, bytes):
        raise Unsafe("bytes argument")
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise Unsafe("argument of type %s" % type(value).__name__)


def _cli(value):
    value = _jsonable(value)
    if isinstance(value, str):
        return value
    return json.dumps(value)


class StatesProxy:
    def __init__(self, h):
        self._h = h

    def __getattr__(self, mod):
        if mod.startswith("__"):
            raise AttributeError(mod)
        return StateModProxy(self._h, mod)

    def __getitem__(self, key):
        mod, fun = key.split(".", 1)
        return getattr(StateModProxy(self._h, mod), fun)


class StateModProxy:
    def __init__(self, h, mod):
        self._h, self._mod = h, mod

    def __getattr__(self, fun):
        if fun.startswith("__"):
            raise AttributeError(fun)
        h, mod = self._h, self._mod

        def call(*args, **kwargs):
            return StateResult(h.single("%s.%s" % (mod, fun), *args, **kwargs))

        return call


class ModulesProxy:
    def __init__(self, h):
        self._h = h

    def __getattr__(self, mod):
        if mod.startswith("__"):
            raise AttributeError(mod)
        return ModProxy(self._h, mod)

    def __getitem__(self, key):
        mod, fun = key.split(".", 1)
        return getattr(ModProxy(self._h, mod), fun)


STATE_WRAP = {
    "state.apply": MultiStateResult, "state.high": MultiStateResult,
    "state.highstate": MultiStateResult, "state.sls": MultiStateResult,
    "state.template": MultiStateResult, "state.template_str": MultiStateResult,
    "state.test": MultiStateResult, "state.top": MultiStateResult,
    "state.low": StateResult, "state.sls_id": StateResult,
}


class ModProxy:
    def __init__(self, h, mod):
        self._h, self._mod = h, mod

    def __getattr__(self, fun):
        if fun.startswith("__"):
            raise AttributeError(fun)
        h, name = self._h, "%s.%s" % (self._mod, fun)

        def call(*args, **kwargs):
            if name == "state.single":
                return StateResult(h.single(*args, **kwargs))
            if name.startswith("state."):
                data = h.state_fun(name, *args, **kwargs)
                wrap = STATE_WRAP.get(name)
                return wrap(data) if wrap else data
            return h.exec_fun(name, *args, **kwargs)

        return call


@attr.s
class Harness:
    request = attr.ib()
    session = attr.ib()

    def single(self, fun, *args, **kwargs):
        if "." not in str(fun):
            raise TypeError("state.single needs mod.fun")
        mod, sfun = fun.split(".", 1)
        if args:
            kwargs.setdefault("name", args[0])
            args = args[1:]
        if args:
            self._skip(["state.single", fun], "positional arguments after the name")
        flags = []
        for key in ("test", "pillar", "saltenv", "queue"):
            if key in kwargs:
                val = kwargs.pop(key)
                if key == "queue":
                    continue
                flags.append("%s=%s" % (key, _cli(val)))
        try:
            kwargs = _jsonable(kwargs)
            name = kwargs.pop("name")
            check_state(mod, sfun, dict(kwargs, name=name))
        except (Unsafe, KeyError) as exc:
            self._skip(["state.single", fun], str(exc))
        n = next(_counter)
        sls = "hsuite_%d" % n
        decl = [{"name": name}] if not isinstance(name, str) else []
        decl += [{k: v} for k, v in kwargs.items()]
        with open(os.path.join(self.session.calls_root, sls + ".sls"), "w") as f:
            f.write("#!json\n" + json.dumps({str(name): {fun: decl}}, indent=1) + "\n")
        try:
            return self.session.call(self.request, ["state.sls", sls] + flags, False)
        finally:
            os.unlink(os.path.join(self.session.calls_root, sls + ".sls"))

    def state_fun(self, name, /, *args, **kwargs):
        argv = [name]
        try:
            for a in args:
                if isinstance(a, (list, tuple)):
                    a = ",".join(str(x) for x in a)
                argv.append(_cli(a))
            for k, v in kwargs.items():
                argv.append("%s=%s" % (k, _cli(v)))
        except Unsafe as exc:
            self._skip(argv, str(exc))
        if name in ("state.sls", "state.apply", "state.highstate", "state.top",
                    "state.sls_id", "state.test", "state.template_str"):
            if name == "state.template_str":
                try:
                    check_text(argv[1] if len(argv) > 1 else "")
                    data = yaml.safe_load(argv[1]) if len(argv) > 1 else None
                    if isinstance(data, dict):
                        for body in data.values():
                            if isinstance(body, dict):
                                for key, val in body.items():
                                    mod, _, fun = str(key).partition(".")
                                    kw = {}
                                    for item in val if isinstance(val, list) else []:
                                        if isinstance(item, dict):
                                            kw.update(item)
                                    check_state(mod, fun, kw)
                    else:
                        raise Unsafe("template_str that is not plain YAML")
                except (Unsafe, yaml.YAMLError) as exc:
                    self._skip(argv, str(exc))
            return self.session.call(self.request, argv, True)
        if name.startswith("state.show_") or name in ("state.id_exists",):
            return self.session.call(self.request, argv, False)
        self._skip(argv, "state function %s is not part of the differential run" % name)

    def exec_fun(self, name, /, *args, **kwargs):
        if name not in SAFE_EXEC:
            self._skip([name], "execution function %s" % name)
        if name.startswith(("pkg.", "service.")):
            try:
                check_pkg_exec(name, args, kwargs)
            except Unsafe as exc:
                self._skip([name], str(exc))
        try:
            argv = [name] + [_cli(a) for a in args] + [
                "%s=%s" % (k, _cli(v)) for k, v in kwargs.items()]
            _check_paths(_jsonable(list(args) + list(kwargs.values())), "argument")
        except Unsafe as exc:
            self._skip([name], str(exc))
        rc, out = self.session.run(SALT_CALL, argv)
        try:
            return json.loads(out)["local"]
        except (ValueError, KeyError, TypeError):
            return out

    def _skip(self, argv, why):
        _log(self.request, argv, None, None, skip=why)
        pytest.skip("unsafe for the differential run: %s" % why)


class FakeLoaders:
    def __init__(self, h):
        self._h = h
        self.states = StatesProxy(h)
        self.modules = ModulesProxy(h)
        self.opts = h.session.opts
        self.context = {}

    def reset_state(self):
        pass

    def reload_all(self):
        pass


@pytest.fixture(scope="module", autouse=True)
def _hsuite_module(request):
    _CURRENT["test"] = "%s::(module fixture)" % request.node.nodeid
    yield


def _reset_loaders_state():
    """What pytest-salt-factories' `Loaders.reset_state` does after every test (Salt's
    functional conftest, `reset_loaders_state`): `__context__` cleared and the minion's
    cachedir removed and made again, so the file server's file-list cache
    (cachedir/file_lists, kept `fileserver_list_cache_time` = 20 s) and anything else a test
    left in the cache do not outlive the test. Done for both backends."""
    for caller in _CALLERS.values():
        for pack in (caller.minion.functions.pack, caller.minion.executors.pack):
            pack["__context__"].clear()
    for session in _SESSIONS:
        cachedir = session.opts.get("cachedir")
        if cachedir and _under_root(cachedir):
            shutil.rmtree(cachedir, ignore_errors=True)
            os.makedirs(cachedir, exist_ok=True)


@pytest.fixture(autouse=True)
def _hsuite_seed(request):
    _CURRENT["test"] = request.node.nodeid
    random.seed(request.node.nodeid)
    for caller in _CALLERS.values():
        for pack in (caller.minion.functions.pack, caller.minion.executors.pack):
            pack["__context__"].clear()
    try:
        yield
    finally:
        _reset_loaders_state()


@pytest.fixture(scope="module")
def state_tree(tmp_path_factory):
    path = tmp_path_factory.mktemp("state-tree-base")
    try:
        yield path
    finally:
        shutil.rmtree(str(path), ignore_errors=True)


@pytest.fixture(scope="module")
def state_tree_prod(tmp_path_factory):
    path = tmp_path_factory.mktemp("state-tree-prod")
    try:
        yield path
    finally:
        shutil.rmtree(str(path), ignore_errors=True)


@pytest.fixture(scope="module")
def minion_config_defaults():
    return {}


@pytest.fixture(scope="module")
def minion_config_overrides(request):
    if SYSTEM and request.module.__name__.endswith("test_service"):
        # no booted systemd on the machines halite's suite runs on (systemd_service would
        # load "offline" and test_service.py skip): the SysV provider, as the service host
        # cases run it
        return {"disable_modules": ["systemd_service"]}
    return {}


@pytest.fixture(scope="module")
def _hsuite_session(state_tree, state_tree_prod, tmp_path_factory, minion_config_defaults,
                    minion_config_overrides):
    scratch = tmp_path_factory.mktemp("hsuite")
    overrides = dict(minion_config_defaults or {})
    overrides.update({k: v for k, v in (minion_config_overrides or {}).items()
                      if k not in ("file_roots",)})
    return Session(state_tree, state_tree_prod, scratch, _jsonable(overrides))


@pytest.fixture(scope="module")
def loaders(_hsuite_session):
    return FakeLoaders(Harness(None, _hsuite_session))


@pytest.fixture(scope="module")
def states(loaders):
    return loaders.states


@pytest.fixture(scope="module")
def modules(loaders):
    return loaders.modules


@pytest.fixture(scope="module")
def minion_opts(_hsuite_session):
    return dict(_hsuite_session.opts)


@pytest.fixture(scope="session")
def grains():
    conf = tempfile.mkdtemp(prefix="hsuite-grains-")
    try:
        with open(os.path.join(conf, "minion"), "w") as f:
            yaml.safe_dump({"file_client": "local", "cachedir": conf + "/cache",
                            "pki_dir": conf + "/pki", "log_file": conf + "/log"}, f)
        out = subprocess.run([SALT_CALL, "--local", "-c", conf, "--out", "json", "-l", "quiet",
                              "grains.items"], capture_output=True, text=True).stdout
        return json.loads(out)["local"]
    finally:
        shutil.rmtree(conf, ignore_errors=True)


@pytest.fixture(scope="session")
def salt_factories():
    pytest.skip("needs Salt daemons")


@pytest.fixture(scope="session")
def salt_master():
    pytest.skip("needs Salt daemons")


@pytest.fixture(scope="session")
def salt_minion():
    pytest.skip("needs Salt daemons")


@pytest.fixture(scope="session")
def salt_call_cli():
    pytest.skip("needs Salt daemons")


@pytest.fixture(scope="session")
def sminion():
    """Salt's in-process minion (system mode): the tests' own setup and cleanup through it,
    as Salt's conftest does; not part of the comparison."""
    if not SYSTEM:
        pytest.skip("needs Salt's in-process minion (system mode)")
    from tests.support.sminion import create_sminion

    return create_sminion()


@pytest.fixture(scope="session")
def session_markers_loader(sminion):
    """What pytest-salt-factories' requires_salt_modules/requires_salt_states markers look
    the functions up in (system mode): Salt's in-process minion."""

    class MarkersLoader:
        def __init__(self, minion):
            self.modules = minion.functions
            self.states = minion.states
            self._reload_all_funcs = []

    return MarkersLoader(sminion)


def _register_system_helpers():
    """Salt's own create_account/create_group helpers (tests/support/pytest/helpers.py), with
    the group create_account makes named halitetestsy-group-... (Salt's is group-<user>)."""
    import contextlib

    import attr as _attr
    import tests.support.pytest.helpers as salt_helpers

    @contextlib.contextmanager
    def create_account(username=_attr.NOTHING, password=_attr.NOTHING,
                       hashed_password=_attr.NOTHING, group_name=_attr.NOTHING,
                       create_group=False, group=_attr.NOTHING, sminion=_attr.NOTHING):
        if create_group and group_name is _attr.NOTHING:
            group_name = _prefixed_random_string("group-", uppercase=False)
        with salt_helpers.TestAccount(sminion=sminion, username=username, password=password,
                                      hashed_password=hashed_password, group_name=group_name,
                                      create_group=create_group, group=group) as account:
            yield account

    pytest.helpers._registry.pop("create_account", None)
    pytest.helpers.register(create_account, name="create_account")


def _refuse(*args, **kwargs):
    pytest.skip("unsafe for the differential run: creates system accounts")


def pytest_configure(config):
    import contextlib

    def shell_test_true():
        return "true"

    def shell_test_false():
        return "false"

    @contextlib.contextmanager
    def change_cwd(path):
        old = os.getcwd()
        os.chdir(path)
        try:
            yield
        finally:
            os.chdir(old)

    if SYSTEM:
        _register_system_helpers()
    for name, fn in (("temp_file", temp_file), ("create_account", _refuse),
                     ("create_group", _refuse), ("shell_test_true", shell_test_true),
                     ("shell_test_false", shell_test_false), ("change_cwd", change_cwd)):
        try:
            pytest.helpers.register(fn, name=name)
        except RuntimeError:
            pass  # registered by pytest-salt-factories already

    for marker in ("slow_test", "core_test", "windows_whitelisted", "destructive_test",
                   "skip_if_binaries_missing", "requires_salt_modules", "requires_salt_states",
                   "requires_network", "skip_initial_gh_actions_failure",
                   "skip_initial_onedir_failure", "flaky", "timeout", "timeout_unless_on_windows"):
        config.addinivalue_line("markers", marker)


def _fixed(value):
    def fixture(**kwargs):
        return list(value)

    return fixture


def pytest_collection_modifyitems(session, config, items):
    if SYSTEM:
        # a test module's own fixture wins over a conftest's: its definition is replaced
        for item in items:
            defs = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
            for name, value in SYSTEM_FIXTURES.items():
                for fixturedef in defs.get(name, ()):
                    fixturedef.func = _fixed(value)
    for item in items:
        if item.get_closest_marker("destructive_test") and not SYSTEM:
            item.add_marker(pytest.mark.skip(reason="destructive test"))
        if item.get_closest_marker("requires_network"):
            item.add_marker(pytest.mark.skip(reason="needs the network"))
        m = item.get_closest_marker("requires_salt_states")
        if m and not {str(a).split(".")[0] for a in m.args} <= SAFE_STATES:
            item.add_marker(pytest.mark.skip(reason="needs states %s" % (m.args,)))

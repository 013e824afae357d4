#!/usr/bin/env python3
"""Record Salt 3007.8's return values of execution functions for halite-exec's tests.

Runs every case in CASES through Salt's own loader (salt.client.Caller, in one process: the
same code path `salt-call --local mod.fun` takes, minus the CLI's argument YAML-parsing, which
is what Jinja's `salt['mod.fun'](...)` sees) on a fixed minion config:
    file_roots:   crates/halite-exec/tests/data/srv/salt (base), srv/salt-dev (dev)
    pillar_roots: crates/halite-exec/tests/data/srv/pillar
    static grains: STATIC_GRAINS below
and writes
    crates/halite-exec/tests/data/context.json   opts / grains / pillar the functions saw
    crates/halite-exec/tests/data/cases.json     [{fun, args, kwargs, ret | error}]
Host-dependent functions (cmd.*, user.*, pkg.*, file.* on host paths) are recorded with
"host": true; the Rust tests recompute those from the host instead of trusting the values.

Usage: python3 scripts/oracle/exec_record.py   (uses the salt oracle's Python)
"""
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

SALT_PY = os.path.expanduser("~/.cache/halite-oracles/salt/bin/python3")
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.normpath(os.path.join(HERE, "..", "..", "crates", "halite-exec", "tests", "data"))
SRV = os.path.join(DATA, "srv")
FILES = os.path.join(SRV, "salt", "files")

STATIC_GRAINS = {
    "roles": ["web", "db"],
    "os_family": "Debian",
    "os": "Ubuntu",
    "osmajorrelease": 22,
    "num_val": 5,
    "bool_grain": True,
    "nested_grain": {"a": {"b": "c"}, "lst": [{"k": "v"}, "x"]},
    "ip_list": ["10.0.0.1", "192.168.1.5"],
}

NS = object()  # marker: argument not passed


def C(fun, *args, host=False, **kwargs):
    return {"fun": fun, "args": list(args), "kwargs": kwargs, "host": host}


LOOKUP = {
    "Debian": {"pkg": "apache2", "conf": {"a": 1, "b": [1]}},
    "RedHat": {"pkg": "httpd"},
    "default": {"pkg": "default-pkg"},
}

CASES = [
    # pillar.get
    C("pillar.get", "pkgs:apache"),
    C("pillar.get", "pkgs"),
    C("pillar.get", "missing"),
    C("pillar.get", "missing", "dflt"),
    C("pillar.get", "missing", default=None),
    C("pillar.get", "missing:deeper", {"a": 1}),
    C("pillar.get", "pkgs:nested:deep:value"),
    C("pillar.get", "pkgs:nested:deep:value:more", "d"),
    C("pillar.get", "users:0:name"),
    C("pillar.get", "users:1"),
    C("pillar.get", "users:name"),
    C("pillar.get", "users:uid"),
    C("pillar.get", "users:5", "oob"),
    C("pillar.get", "users:-1"),
    C("pillar.get", "list_of_str:1"),
    C("pillar.get", "list_of_str:x", "nope"),
    C("pillar.get", "int_keys:1"),
    C("pillar.get", "int_keys:3", "none"),
    C("pillar.get", "a:b"),
    C("pillar.get", "a:b", delimiter="|"),
    C("pillar.get", "a|b", "d", delimiter="|"),
    C("pillar.get", "pkgs|apache", delimiter="|"),
    C("pillar.get", "falsy_zero", "d"),
    C("pillar.get", "none_value", "d"),
    C("pillar.get", "empty_dict", "d"),
    C("pillar.get", "bool_true"),
    C("pillar.get", "merge_me", {"x": 0, "y": 2, "sub": {"l": [3], "k": "dflt", "z": 1}}, merge=True),
    C("pillar.get", "merge_me", {"x": 0, "sub": {"l": [2, 3]}}, merge=True, merge_nested_lists=True),
    C("pillar.get", "merge_me", {"x": 0, "sub": {"l": [2, 3]}}, True, False),
    C("pillar.get", "missing", {"q": 1}, merge=True),
    C("pillar.get", "list_of_str", ["z", "a"], merge=True),
    C("pillar.get", "missing", ["z"], merge=True),
    C("pillar.get", "pkgs", ["z"], merge=True),
    C("pillar.get", "list_of_str", {"q": 1}, merge=True),
    C("pillar.get", "pkgs:apache", "x", merge=True),
    C("pillar.get", "pkgs:apache", saltenv="base"),
    C("pillar.item", "pkgs:apache", "missing", "users:0"),
    C("pillar.item", "missing", default="D"),
    C("pillar.item", "a|b", delimiter="|"),
    C("pillar.items"),
    C("pillar.raw"),
    C("pillar.raw", "pkgs"),
    C("pillar.raw", "missing"),
    C("pillar.keys", "pkgs"),
    C("pillar.keys", "pkgs:nested"),
    C("pillar.keys", "list_of_str"),
    C("pillar.keys", "missing"),
    C("pillar.ls"),
    C("pillar.fetch", "pkgs:apache"),
    C("pillar.file_exists", "data.sls"),
    # grains
    C("grains.get", "os_family"),
    C("grains.get", "roles"),
    C("grains.get", "roles:0"),
    C("grains.get", "missing"),
    C("grains.get", "missing", "dflt"),
    C("grains.get", "nested_grain:a:b"),
    C("grains.get", "nested_grain:lst:k"),
    C("grains.get", "nested_grain:lst:1"),
    C("grains.get", "nested_grain|a", delimiter="|"),
    C("grains.get", "osmajorrelease"),
    C("grains.get", "id"),
    C("grains.item", "os", "roles", "missing"),
    C("grains.item", "missing", default="D"),
    C("grains.item", "nested_grain:a"),
    C("grains.has_value", "roles"),
    C("grains.has_value", "missing"),
    C("grains.filter_by", LOOKUP),
    C("grains.filter_by", LOOKUP, "os"),
    C("grains.filter_by", {"Ubu*": "glob", "default": "d"}, "os"),
    C("grains.filter_by", {"db": "db-role", "web": "web-role"}, "roles"),
    C("grains.filter_by", {"x": 1}, "roles"),
    C("grains.filter_by", {"x": 1, "default": 2}, "missing"),
    C("grains.filter_by", {"x": 1, "other": 2}, "missing", default="other"),
    C("grains.filter_by", {"22": "twenty-two", "default": "d"}, "osmajorrelease"),
    C("grains.filter_by", {"True": "t"}, "bool_grain"),
    C("grains.filter_by", {"10.0.0.*": "net10"}, "ip_list"),
    C("grains.filter_by", LOOKUP, merge={"pkg": "merged", "extra": 1}),
    C("grains.filter_by", LOOKUP, "missing", merge={"extra": 1}),
    C("grains.filter_by", {"x": 1}, "missing", merge={"extra": 1}),
    C("grains.filter_by", {"Debian": None, "default": "d"}),
    C("grains.filter_by", {"Debian": {"a": 1}, "common": {"a": 0, "b": 2}}, base="common"),
    C("grains.filter_by", {"RedHat": {"a": 1}, "common": {"a": 0, "b": 2}}, base="common"),
    C("grains.filter_by", {"Debian": "str", "common": {"a": 0}}, base="common"),
    C("grains.filter_by", {"Debian": "str", "common": "c"}, base="common"),
    C("grains.filter_by", LOOKUP, "os_family", {"pkg": "m"}, "RedHat"),
    C("grains.filter_by", {"Debian": "x"}, merge="notadict"),
    C("grains.filter_by", {"Debian": "x"}, merge={"a": 1}),
    C("grains.filter_by", {"Deb[a-z]an": "cls", "default": "d"}),
    C("grains.filter_by", {"Debian": {"a": 1}}, "nested_grain:a:b", default="Debian"),
    C("grains.ls"),
    # config
    C("config.get", "id"),
    C("config.get", "file_client"),
    C("config.get", "os_family"),
    C("config.get", "pkgs:apache"),
    C("config.get", "mval"),
    C("config.get", "shared"),
    C("config.get", "missing"),
    C("config.get", "missing", "dflt"),
    C("config.get", "roles"),
    C("config.get", "nested_grain:a:b"),
    C("config.get", "mongo.port"),
    C("config.get", "virt:tunnel"),
    C("config.get", "pkgs|vim", delimiter="|"),
    C("config.get", "os_family", omit_grains=True),
    C("config.get", "os_family", omit_opts=True, omit_grains=True, omit_pillar=True),
    C("config.get", "merge_me", merge="recurse"),
    C("config.get", "os_family", merge="recurse"),
    C("config.get", "ldap.port", merge="overwrite"),
    C("config.get", "file_roots"),
    C("config.get", "pillar_merge_lists"),
    C("config.get", "state_top"),
    C("config.get", "renderer"),
    C("config.option", "id"),
    C("config.option", "os_family"),
    C("config.option", "pkgs"),
    C("config.option", "mval"),
    C("config.option", "missing"),
    C("config.option", "missing", "d"),
    C("config.option", "mongo.*", wildcard=True),
    C("config.option", "nothing.*", wildcard=True),
    C("config.option", "os_family", omit_all=True),
    C("config.merge", "shared"),
    C("config.dot_vals", "mongo"),
    C("config.valid_fileproto", "salt://x"),
    C("config.valid_fileproto", "/x"),
    # test
    C("test.ping"),
    C("test.version"),
    C("test.true"),
    C("test.false"),
    C("test.echo", "hello"),
    C("test.arg", 1, "two", k="v"),
    C("test.arg_type", 1, "two", 3.5, None, True, [1], {"a": 1}),
    C("test.arg_repr", 1, "two", k="v"),
    C("test.kwarg", a=1, b="x"),
    C("test.fib", 10),
    C("test.outputter", "data"),
    C("test.retcode"),
    C("test.exception", "boom"),
    # log
    C("log.debug", "msg"),
    C("log.info", "msg"),
    C("log.warning", "msg %s", "x"),
    C("log.error", "msg"),
    C("log.critical", "msg"),
    C("log.exception", "msg"),
    # defaults
    C("defaults.merge", {"a": 1, "l": [1], "d": {"x": 1}}, {"b": 2, "l": [2, 1], "d": {"y": 2}}),
    C("defaults.merge", {"a": 1, "l": [1]}, {"l": [2, 1]}, merge_lists=True),
    C("defaults.merge", {"a": 1}, None),
    C("defaults.merge", None, {"a": 1}, in_place=False),
    C("defaults.merge", None, {"a": 1}),
    C("defaults.deepcopy", {"a": [1, {"b": 2}]}),
    C("defaults.update", {"n1": {"a": 1}, "n2": {"b": [3]}}, {"a": 0, "b": [1], "c": 2}),
    C("defaults.update", {"n1": {"b": [3]}}, {"b": [1]}, merge_lists=False),
    C("defaults.update", {"n1": {"a": 1}}, None),
    C("defaults.update", None, {"a": 1}, in_place=False),
    # slsutil
    C("slsutil.merge", {"a": 1, "d": {"x": 1, "l": [1]}}, {"b": 2, "d": {"y": 2, "l": [2]}}),
    C("slsutil.merge", {"a": 1, "d": {"x": 1, "l": [1]}}, {"b": 2, "d": {"y": 2, "l": [2]}}, merge_lists=True),
    C("slsutil.merge", {"a": 1, "d": {"x": 1, "l": [1]}}, {"b": 2, "d": {"y": 2, "l": [2, 1]}}, strategy="aggregate"),
    C("slsutil.merge", {"a": 1, "d": {"x": 1, "e": {"p": 1}}}, {"d": {"y": 2, "e": {"q": 1}}}, strategy="aggregate"),
    C("slsutil.merge", {"a": 1, "d": {"x": 1}}, {"b": 2, "d": {"y": 2}}, strategy="overwrite"),
    C("slsutil.merge", {"a": 1, "d": {"x": 1}}, {"b": 2, "d": {"y": 2}}, strategy="list"),
    C("slsutil.merge", {"a": 1, "d": {"x": 1}}, {"d": {"y": 2}}, strategy="none"),
    C("slsutil.merge", {"a": 1}, {"d": 2}, strategy="bogus"),
    C("slsutil.merge", {"a": 1}, {"b": {"c": 2}}, "smart", "yamlex"),
    C("slsutil.merge_all", [{"a": 1, "d": {"x": 1}}, {"b": 2, "d": {"y": 2}}, {"a": 3}]),
    C("slsutil.merge_all", [{"l": [1]}, {"l": [2]}], merge_lists=True),
    C("slsutil.merge_all", []),
    C("slsutil.update", {"a": 1, "d": {"x": 1, "l": [1]}}, {"d": {"y": 2, "l": [2]}}),
    C("slsutil.update", {"a": 1, "d": {"x": 1, "l": [1]}}, {"d": {"y": 2, "l": [1, 2]}}, merge_lists=True),
    C("slsutil.update", {"a": 1, "d": {"x": 1}}, {"d": {"y": 2}}, recursive_update=False),
    C("slsutil.update", {"a": 1}, "notadict"),
    C("slsutil.serialize", "json", {"b": 1, "a": [1, 2.5, None, True, "x"]}),
    C("slsutil.serialize", "json", "string"),
    C("slsutil.serialize", "yaml", {"b": 1, "a": [1, 2.5, None, True, "x"], "n": {"k": "v"}}),
    C("slsutil.serialize", "yaml", "string"),
    C("slsutil.serialize", "yaml", [1, 2]),
    C("slsutil.serialize", "yaml", {}),
    C("slsutil.boolstr", True),
    C("slsutil.boolstr", 0, "yes", "no"),
    C("slsutil.file_exists", "files/hello.txt"),
    C("slsutil.file_exists", "files/nope.txt"),
    C("slsutil.dir_exists", "files/sub"),
    C("slsutil.dir_exists", "files/sub/"),
    C("slsutil.path_exists", "files"),
    # cp
    C("cp.get_file_str", "salt://files/hello.txt"),
    C("cp.get_file_str", "salt://files/nope.txt"),
    C("cp.get_file_str", "salt://plain.sls", saltenv="dev"),
    C("cp.get_file_str", "salt://plain.sls?saltenv=dev"),
    C("cp.list_states"),
    C("cp.list_states", "dev"),
    C("cp.list_states", saltenv="dev"),
    C("cp.list_master"),
    C("cp.list_master", "dev"),
    C("cp.list_master", prefix="files"),
    C("cp.list_master_dirs"),
    C("cp.list_master_dirs", prefix="files"),
    C("cp.list_master_symlinks"),
    C("cp.is_cached", "salt://files/hello.txt"),
    # match
    C("match.glob", "test*"),
    C("match.glob", "web*"),
    C("match.glob", "TEST*"),
    C("match.pcre", "test.*on$"),
    C("match.pcre", "minion"),
    C("match.list", "a,testminion,b"),
    C("match.list", "testminion"),
    C("match.list", "a, testminion"),
    C("match.list", ["x", "testminion"]),
    C("match.grain", "os:Ubuntu"),
    C("match.grain", "os:ubu*"),
    C("match.grain", "roles:db"),
    C("match.grain", "roles:nope"),
    C("match.grain", "nested_grain:a:b:c"),
    C("match.grain", "nested_grain:a:b"),
    C("match.grain", "nested_grain:lst:k:v"),
    C("match.grain", "osmajorrelease:22"),
    C("match.grain", "os"),
    C("match.grain", "os|Ubuntu", delimiter="|"),
    C("match.grain", "nested_grain:*:b"),
    C("match.grain_pcre", "os:Ub.*"),
    C("match.grain_pcre", "os:buntu"),
    C("match.pillar", "pkgs:apache:httpd"),
    C("match.pillar", "pkgs:apache:h*"),
    C("match.pillar", "users:name:alice"),
    C("match.pillar", "list_of_str:b"),
    C("match.pillar", "pkgs:nested:deep"),
    C("match.pillar", "bool_true:true"),
    C("match.pillar_pcre", "pkgs:apache:ht+p"),
    C("match.glob", "testminion", minion_id="other"),
    # mine
    C("mine.get", "*", "network.ip_addrs"),
    # file
    C("file.file_exists", FILES + "/hello.txt"),
    C("file.file_exists", FILES + "/nope"),
    C("file.file_exists", FILES),
    C("file.directory_exists", FILES),
    C("file.directory_exists", FILES + "/hello.txt"),
    C("file.basename", "/a/b/c.txt"),
    C("file.basename", "/a/b/"),
    C("file.dirname", "/a/b/c.txt"),
    C("file.dirname", "c.txt"),
    C("file.join", "/a", "b", "c"),
    C("file.join", "a", "/b", "c"),
    C("file.join", "/a/", "b/"),
    C("file.readdir", FILES),
    C("file.contains_regex", FILES + "/hello.txt", "^line"),
    C("file.contains_regex", FILES + "/hello.txt", "wor.d$"),
    C("file.contains_regex", FILES + "/hello.txt", "nomatch"),
    C("file.contains_regex", FILES + "/nope", "x"),
    C("file.contains", FILES + "/hello.txt", "world"),
    C("file.contains", FILES + "/hello.txt", "absent"),
    C("file.search", FILES + "/hello.txt", "line t"),
    C("file.is_link", FILES + "/hello.txt"),
    C("file.exists", FILES),
    C("file.exists", FILES + "/nope"),
    C("file.normpath", "/a/./b/../c"),
    C("file.read", FILES + "/hello.txt"),
    C("file.get_user", "/etc/passwd", host=True),
    C("file.get_group", "/etc/passwd", host=True),
    C("file.get_mode", "/etc/passwd", host=True),
    # cmd (host-dependent)
    C("cmd.run", "echo hello; echo err >&2", host=True),
    C("cmd.run", "exit 3", host=True),
    C("cmd.run", "printf 'a\\nb\\n\\n'", host=True),
    C("cmd.run", "pwd", cwd="/tmp", host=True),
    C("cmd.run", "echo $HALITE_X", env={"HALITE_X": "yes"}, host=True),
    C("cmd.run", "echo hi", python_shell=False, host=True),
    C("cmd.run", "echo hi | tr a-z A-Z", python_shell=True, host=True),
    C("cmd.run", "nonexistent-cmd-xyz", host=True),
    C("cmd.run_stdout", "echo out; echo err >&2", host=True),
    C("cmd.run_stderr", "echo out; echo err >&2", host=True),
    C("cmd.run_all", "echo out; echo err >&2; exit 2", host=True),
    C("cmd.run_all", "echo out", host=True),
    C("cmd.retcode", "exit 4", host=True),
    C("cmd.retcode", "true", host=True),
    C("cmd.shell", "echo $((1+2))", host=True),
    C("cmd.has_exec", "sh", host=True),
    C("cmd.has_exec", "definitely-not-here", host=True),
    C("cmd.which", "sh", host=True),
    C("cmd.which", "definitely-not-here", host=True),
    # user / pkg (host-dependent)
    C("user.info", "root", host=True),
    C("user.info", "nosuchuser", host=True),
    C("user.list_users", host=True),
    C("pkg.version", "bash", host=True),
    C("pkg.version", "nosuchpkg", host=True),
    C("pkg.version", "bash", "coreutils", host=True),
    C("pkg.version_cmp", "1.2.3", "1.10"),
    C("pkg.version_cmp", "1:1.0", "2.0"),
    C("pkg.version_cmp", "1.0-1", "1.0-1"),
    C("pkg.version_cmp", "1.0~rc1", "1.0"),
    C("pkg.version_cmp", "2.0", "1.9.9"),
    C("dig.A", "localhost", host=True),
    C("alternatives.show_current", "editor", host=True),
    C("sys.list_functions", "test", host=True),
    # more cmd
    C("cmd.run", "sh -c 'echo a; echo b >&2; echo c'", host=True),
    C("cmd.run_all", "echo out; echo err >&2; exit 2", python_shell=True, host=True),
    C("cmd.run_all", "sh -c 'echo a; echo b >&2'", redirect_stderr=True, host=True),
    C("cmd.run", "cat", stdin="line1\nline2\n", host=True),
    C("cmd.run", "  spaced  ", host=True),
    C("cmd.run", "echo '  trailing  '", rstrip=False, host=True),
    C("cmd.run", "sh -c 'exit 7'", success_retcodes=[7], host=True),
    C("cmd.run_all", "sh -c 'exit 7'", success_retcodes=[7], host=True),
    C("cmd.retcode", "sh -c 'exit 5'", host=True),
    C("cmd.run_stdout", "sh -c 'echo $LC_ALL-$LC_CTYPE-$LANGUAGE'", host=True),
    C("cmd.run", "echo x", bogus_kwarg=1, host=True),
    C("cmd.shell", "echo $((2*3)); false", host=True),
    C("cmd.run_all", "sleep 3", timeout=1, host=True),
    C("cmd.run", "sleep 3", timeout=1, host=True),
    C("cmd.run_all", "sleep 3; echo x", python_shell=True, timeout=0.5, host=True),
    C("cmd.retcode", "sleep 3", timeout=1, host=True),
    # argument errors
    C("pillar.get"),
    C("pillar.get", "a", "b", False, None, ":", None, None, "extra"),
    C("pillar.get", "pkgs:apache", nope=1),
    C("grains.get", "os", "d", ":", True, "extra"),
    C("config.get", "id", bogus=1),
    C("test.echo"),
    # traversal corner cases
    C("pillar.get", "users:name:x", "d"),
    C("pillar.get", "pkgs::apache", "d"),
    C("pillar.get", "", "d"),
    C("pillar.get", "int_keys: 1", "d"),
    C("pillar.get", "list_of_str: 1", "d"),
    C("grains.get", "roles:-1"),
    C("grains.get", "roles:5", "none"),
    C("grains.get", "num_val:x", "d"),
    C("grains.filter_by", {"web": "w"}, "roles:0"),
    C("grains.filter_by", {"*": "star", "default": "d"}, "missing"),
    C("grains.filter_by", {5: "five"}, "num_val"),
    C("grains.filter_by", {}, "os"),
    C("grains.filter_by", {"Debian": {"a": {"x": 1}}}, merge={"a": {"y": 2}}),
    C("config.get", "nested_grain:lst:k"),
    C("config.get", "roles:1"),
    C("config.option", "roles"),
    C("config.get", "pkgs", merge="recurse"),
    C("config.get", "pkgs", merge="bogus"),
    C("slsutil.merge", {"a": [1]}, {"a": [2]}, merge_lists=True),
    C("slsutil.merge", {"a": 1}, {"a": {"b": 1}}),
    C("slsutil.merge", {"a": {"b": 1}}, {"a": 2}),
    C("defaults.merge", {"a": {"b": [1, 2]}}, {"a": {"b": [2, 3]}}, merge_lists=True),
    C("defaults.update", {"n": "notadict"}, {"a": 1}),
    C("slsutil.serialize", "yaml", {"s": "yes", "n": "123", "e": "", "c": "a: b", "h": "#x", "q": "it's", "u": "caf\u00e9", "m": "l1\nl2", "t": "a\tb", "d": "2024-01-31", "f": "1.5", "nul": None}),
    C("slsutil.serialize", "yaml", {"outer": {"inner": {"k": [1, 2]}, "lst": [{"a": 1}, {"b": [1, 2]}], "empty": {}, "el": []}}),
    C("slsutil.serialize", "yaml", [{"a": 1, "b": 2}, [1, 2], "x"]),
    C("slsutil.serialize", "yaml", {"long": ["item-%d-abcdefghij" % i for i in range(12)]}),
    C("slsutil.serialize", "yaml", 1.0),
    C("slsutil.serialize", "yaml", 1e20),
    C("slsutil.serialize", "yaml", True),
    C("slsutil.serialize", "yaml", None),
    C("slsutil.serialize", "json", {"u": "caf\u00e9", "f": 1.0, "big": 1e20}),
    C("slsutil.serialize", "json", {"b": [1, {"z": 1, "a": 2}], "a": None}, indent=2),
    C("slsutil.serialize", "json", {"b": [1, {"z": 1, "a": 2}], "a": None}, sort_keys=True),
    C("slsutil.serialize", "json", {"b": {"y": [], "x": {}}}, indent=4, sort_keys=True),
    C("slsutil.serialize", "yaml", {"b": [1, {"z": 1, "a": [1, 2]}], "a": None, "e": [], "f": {}}, default_flow_style=False),
    C("slsutil.serialize", "yaml", [[1, 2], {"k": "v"}], default_flow_style=False),
    C("slsutil.serialize", "toml", {"a": 1}),
    C("slsutil.serialize", "nope", {"a": 1}),
    C("cp.list_states", "nosuchenv"),
    C("cp.get_file_str", "salt://files/sub/tpl.j2"),
    C("file.join", "a"),
    C("file.join"),
    C("file.dirname", "/"),
    C("file.dirname", "//a//b"),
    C("file.basename", ""),
    C("file.normpath", "a/../../b"),
    C("file.normpath", "//a/./b/"),
    C("file.readdir", "relative"),
    C("file.readdir", "/nonexistent-dir"),
    C("file.read", "/nonexistent-file"),
    C("file.contains_regex", FILES + "/hello.txt", "^world", "hello "),
    C("pkg.version_cmp", "1.0", "1.0.0"),
    C("pkg.version_cmp", "1.0a", "1.0"),
    C("pkg.version_cmp", "2:1.0", "1:2.0", ignore_epoch=True),
    C("pkg.version_cmp", "1.0+b1", "1.0"),
    C("pkg.version_cmp", "1.0-1ubuntu1", "1.0-1"),
    # hashutil
    C("hashutil.md5_digest", "hello"),
    C("hashutil.sha256_digest", "hello"),
    C("hashutil.sha512_digest", "caf\u00e9"),
    C("hashutil.digest", "x", "sha256"),
    C("hashutil.digest", "x", "crc"),
    C("hashutil.base64_b64encode", "hello world"),
    C("hashutil.base64_b64decode", "aGVsbG8gd29ybGQ="),
    C("hashutil.base64_encodestring", "x" * 100),
    C("hashutil.md5_digest", 123),
    C("file.get_hash", FILES + "/hello.txt"),
    C("file.get_hash", FILES + "/hello.txt", "md5"),
    C("file.get_hash", FILES + "/hello.txt", "sha1"),
    C("file.get_hash", FILES + "/hello.txt", "crc"),
    C("file.get_hash", FILES + "/nope"),
    # git (the halite checkout itself)
    C("git.revision", os.path.normpath(os.path.join(HERE, "..", "..")), host=True),
    C("git.current_branch", "/", host=True),
    # environ / network (host)
    C("environ.get", "HOME", host=True),
    C("environ.get", "HALITE_NOPE_X", "dflt", host=True),
    C("environ.get", 5, host=True),
    C("environ.has_value", "HOME", host=True),
    C("environ.has_value", "HOME", "/nonexistent", host=True),
    C("environ.item", ["HOME", "HALITE_NOPE_X"], host=True),
    C("network.ip_addrs", host=True),
    C("network.ip_addrs", include_loopback=True, host=True),
    C("network.ip_addrs", cidr="127.0.0.0/8", include_loopback=True, host=True),
    C("network.ip_addrs", type="private", host=True),
    C("network.ip_addrs", type="public", host=True),
    C("network.ip_addrs", "lo", True, host=True),
    C("network.ip_addrs6", include_loopback=True, host=True),
    C("network.ip_addrs6", cidr="fe80::/10", host=True),
    C("network.get_hostname", host=True),
    C("network.get_fqdn", host=True),
    C("network.hw_addr", "lo", host=True),
    C("network.hw_addr", "nosuchif0", host=True),
    C("network.in_subnet", "127.0.0.0/8", host=True),
    C("network.interfaces", host=True),
    C("network.subnets", host=True),
    C("network.subnets", ["lo"], host=True),
    C("network.subnets6", host=True),
    C("network.in_subnet", "203.0.113.0/24", host=True),
    # postgres (loaded when psql is installed; recorded with no server running)
    C("postgres.version", host=True),
    C("postgres.version", port=5432, host=True),
    C("postgres.psql_query", "select 1", host=True),
    C("postgres.psql_query", "select 1", write=True, host=True),
    C("postgres.db_list", host=True),
    C("postgres.db_exists", "postgres", host=True),
    C("postgres.tablespace_list", host=True),
    C("postgres.tablespace_exists", "pg_default", host=True),
    C("postgres.user_list", host=True),
    C("postgres.user_list", return_password=True, host=True),
    C("postgres.role_get", "postgres", host=True),
    C("postgres.user_exists", "postgres", host=True),
    C("postgres.user_exists", "postgres", maintenance_db="template1", host=True),
    C("postgres.user_create", "halite_never", host=True),
    C("postgres.version", "extra", "args", "too", "many", "here", "now", "x", host=True),
    C("postgres.db_exists", host=True),
]


def main():
    if sys.executable != SALT_PY and os.path.exists(SALT_PY) and "--inner" not in sys.argv:
        return subprocess.call([SALT_PY, os.path.abspath(__file__), "--inner"])
    import salt.client
    import salt.config

    scratch = tempfile.mkdtemp(prefix="halite-exec-oracle-")
    try:
        conf = {
            "file_client": "local",
            "id": "testminion",
            "file_roots": {"base": [os.path.join(SRV, "salt")], "dev": [os.path.join(SRV, "salt-dev")]},
            "pillar_roots": {"base": [os.path.join(SRV, "pillar")]},
            "cachedir": os.path.join(scratch, "cache"),
            "pki_dir": os.path.join(scratch, "pki"),
            "sock_dir": os.path.join(scratch, "run"),
            "log_file": os.path.join(scratch, "log", "minion"),
            "log_level": "quiet",
            "grains": STATIC_GRAINS,
        }
        import yaml
        os.makedirs(os.path.join(scratch, "conf"))
        with open(os.path.join(scratch, "conf", "minion"), "w") as f:
            yaml.safe_dump(conf, f)
        opts = salt.config.minion_config(os.path.join(scratch, "conf", "minion"))
        opts["file_client"] = "local"
        caller = salt.client.Caller(mopts=opts)
        funcs = caller.sminion.functions

        def clean(v):
            return json.loads(json.dumps(v, default=str))

        ctx = {
            "opts": clean(dict(caller.sminion.opts)),
            "grains": clean(dict(funcs["grains.items"]())),
            "pillar": clean(dict(funcs["pillar.items"]())),
            "srv": SRV,
        }
        out = []
        for case in CASES:
            rec = dict(case)
            fun = case["fun"]
            if fun not in funcs:
                rec["error"] = {"type": "NotAvailable", "message": "'%s' is not available." % fun}
            else:
                try:
                    # Salt mutates some arguments in place (filter_by merge, defaults.merge):
                    # call with copies so the recorded arguments are the ones passed.
                    call_args = copy.deepcopy(case["args"])
                    call_kwargs = copy.deepcopy(case["kwargs"])
                    ret = funcs[fun](*call_args, **call_kwargs)
                    rec["ret"] = clean(ret)
                except Exception as exc:  # pylint: disable=broad-except
                    rec["error"] = {"type": type(exc).__name__, "message": str(exc)}
            out.append(rec)
            print(fun, json.dumps(rec.get("ret", rec.get("error")), default=str)[:150])
        text = json.dumps(ctx, indent=1).replace(scratch, "@SCRATCH@")
        with open(os.path.join(DATA, "context.json"), "w") as f:
            f.write(text + "\n")
        with open(os.path.join(DATA, "cases.json"), "w") as f:
            f.write(json.dumps(out, indent=1).replace(scratch, "@SCRATCH@") + "\n")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

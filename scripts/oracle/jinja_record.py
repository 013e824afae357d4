#!/usr/bin/env python3
"""Record what Salt 3007.8's Jinja renderer makes of halite-jinja's test templates.

Layout (crates/halite-jinja/tests/):
    root/                 file_roots base: root/cases/NAME.sls are the cases, the rest
                          (map.jinja, defaults.yaml, macros...) is imported by them
    pillar/               pillar_roots base (top.sls + data)
    grains.yaml           static grains (minion `grains:`); cases only use these
    expected/NAME.out     written here: the rendered text
    expected/NAME.err     written here instead when rendering fails: str(SaltRenderError)
    expected/pillar.json  the pillar Salt compiled (halite's tests use it as is)
    expected/grains.json  the static grains as Salt loaded them

Each case is rendered as the state system renders an sls: render_jinja_tmpl with
sls=cases.NAME (so tpldir, tplfile, slspath... are set), through slsutil.renderer in one
salt.client.Caller process.

Run with Salt's own interpreter:
    ~/.cache/halite-oracles/salt/bin/python3 scripts/oracle/jinja_record.py [NAME ...]
"""

import json
import os
import shutil
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.normpath(os.path.join(HERE, "..", "..", "crates", "halite-jinja", "tests"))


def minion_opts(scratch):
    import salt.config

    with open(os.path.join(TESTS, "grains.yaml")) as f:
        grains = yaml.safe_load(f) or {}
    conf_dir = os.path.join(scratch, "conf")
    os.makedirs(conf_dir)
    conf = {
        "file_client": "local",
        "id": "testminion",
        "file_roots": {"base": [os.path.join(TESTS, "root")]},
        "pillar_roots": {"base": [os.path.join(TESTS, "pillar")]},
        "cachedir": os.path.join(scratch, "cache"),
        "pki_dir": os.path.join(scratch, "pki"),
        "sock_dir": os.path.join(scratch, "run"),
        "log_file": os.path.join(scratch, "log", "minion"),
        "log_level": "quiet",
        "grains": grains,
    }
    with open(os.path.join(conf_dir, "minion"), "w") as f:
        yaml.safe_dump(conf, f)
    opts = salt.config.minion_config(os.path.join(conf_dir, "minion"))
    opts["file_client"] = "local"
    opts["local"] = True
    return opts


def main(names):
    import salt.client
    import salt.exceptions

    scratch = tempfile.mkdtemp(prefix="halite-jinja-oracle-")
    try:
        caller = salt.client.Caller(mopts=minion_opts(scratch))
        out_dir = os.path.join(TESTS, "expected")
        os.makedirs(out_dir, exist_ok=True)
        for fname, data in (
            ("pillar.json", caller.cmd("pillar.items")),
            ("grains.json", caller.opts["grains"] and {
                k: caller.cmd("grains.get", k) for k in yaml.safe_load(open(os.path.join(TESTS, "grains.yaml")))
            }),
        ):
            with open(os.path.join(out_dir, fname), "w") as f:
                json.dump(data, f, indent=2)
                f.write("\n")
        cases_dir = os.path.join(TESTS, "root", "cases")
        if not names:
            names = sorted(n[:-4] for n in os.listdir(cases_dir) if n.endswith(".sls"))
        for name in names:
            for ext in (".out", ".err"):
                p = os.path.join(out_dir, name + ext)
                if os.path.exists(p):
                    os.remove(p)
            try:
                text = caller.cmd(
                    "slsutil.renderer",
                    "salt://cases/%s.sls" % name,
                    default_renderer="jinja",
                    sls="cases.%s" % name,
                )
                ext = ".out"
            except Exception as exc:  # pylint: disable=broad-except
                text = str(exc)
                ext = ".err"
            text = text.replace(scratch, "@SCRATCH@").replace(TESTS, "@TESTS@")
            with open(os.path.join(out_dir, name + ext), "w") as f:
                f.write(text)
            print("%s%s" % (name, ext))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Record serde_yaml 0.9 answers (through reclass-rs 0.11) for Schema::Yaml12.

Run with the reclass venv python:
    ~/.cache/halite-oracles/reclass/bin/python scripts/oracle/yaml12_corpus.py

Each case of crates/halite-yaml/tests/corpus/yaml12.json is a mapping document; it becomes
a node's `parameters:` and the node's parameters (minus `_reclass_`) are recorded, type
tagged, in tests/fixtures/yaml12.json. reclass-rs does not keep key order, so the tests
compare mappings without order.
"""
import json
import math
import os
import shutil
import tempfile

import reclass_rs

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "crates", "halite-yaml", "tests", "corpus", "yaml12.json")
FIXTURE = os.path.join(ROOT, "crates", "halite-yaml", "tests", "fixtures", "yaml12.json")


def tagged(v):
    if v is None:
        return {"null": None}
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"int": str(v)}
    if isinstance(v, float):
        return {"float": repr(v)}
    if isinstance(v, str):
        return {"str": v}
    if isinstance(v, list):
        return {"list": [tagged(x) for x in v]}
    if isinstance(v, dict):
        return {"map": [[tagged(k), tagged(x)] for k, x in v.items()]}
    return {"repr": repr(v)}


def record(text):
    tmp = tempfile.mkdtemp()
    try:
        os.makedirs(os.path.join(tmp, "classes"))
        os.makedirs(os.path.join(tmp, "nodes"))
        body = "".join("  " + line + "\n" for line in text.splitlines())
        with open(os.path.join(tmp, "nodes", "n.yml"), "w") as f:
            f.write("parameters:\n" + body)
        try:
            params = dict(reclass_rs.Reclass(inventory_path=tmp).nodeinfo("n").parameters)
        except Exception as e:  # noqa: BLE001
            return {"error": {"type": type(e).__name__, "str": str(e)}}
        params.pop("_reclass_", None)
        return tagged(params)
    finally:
        shutil.rmtree(tmp)


def main():
    with open(CORPUS, encoding="utf-8") as f:
        cases = json.load(f)
    out = [{"name": n, "input": t, "expected": record(t)} for n, t in cases]
    with open(FIXTURE, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"yaml12: {len(out)} cases")


if __name__ == "__main__":
    main()

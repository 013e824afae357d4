#!/usr/bin/env python3
"""Records reclass-rs 0.11.0's outputs for the test inventories.

Run with the reclass-rs venv:
    ~/.cache/halite-oracles/reclass/bin/python scripts/oracle/reclass_record.py [NAME...]

For each crates/halite-reclass/tests/inventories/<name>/ it writes expected/:
  nodes/<node>.json   nodeinfo (as_dict) for every discovered node, or
  nodes/<node>.error  the ValueError text when rendering fails
  inventory.json / inventory.error   the full inventory (as_dict)
  load.error          when the inventory cannot even be loaded (discovery/config)
  crash               when reclass-rs crashes (e.g. a class include loop overflows its stack)
  nodes/<node>.panic, inventory.panic   when reclass-rs panics (halite must report an error)
The inventory path is replaced by <INV> and timestamps by <TIMESTAMP>. The inventory maps
whose order reclass-rs leaves to a hash map (nodes, applications, classes) are sorted.
Each inventory is rendered in a child process so that a crash only affects that inventory.
"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "crates", "halite-reclass", "tests", "inventories"))


def child(inv):
    import reclass_rs

    def norm(text):
        return text.replace(inv, "<INV>")

    def dump(obj):
        return norm(json.dumps(obj, indent=4, ensure_ascii=False)) + "\n"

    out = {}
    try:
        if os.path.exists(os.path.join(inv, "reclass-config.yml")):
            r = reclass_rs.Reclass.from_config_file(inv, "reclass-config.yml")
        else:
            r = reclass_rs.Reclass(inventory_path=inv)
    except ValueError as e:
        out["load.error"] = norm(str(e)) + "\n"
        print(json.dumps(out))
        return
    for node in sorted(r.nodes):
        try:
            d = r.nodeinfo(node).as_dict()
            d["__reclass__"]["timestamp"] = "<TIMESTAMP>"
            out[f"nodes/{node}.json"] = dump(d)
        except ValueError as e:
            out[f"nodes/{node}.error"] = norm(str(e)) + "\n"
        except BaseException as e:  # pyo3's PanicException: a reclass-rs bug
            if type(e).__name__ != "PanicException":
                raise
            out[f"nodes/{node}.panic"] = norm(str(e)) + "\n"
    try:
        d = r.inventory().as_dict()
        d["__reclass__"]["timestamp"] = "<TIMESTAMP>"
        for n in d["nodes"].values():
            n["__reclass__"]["timestamp"] = "<TIMESTAMP>"
        sorted_inv = {
            "applications": {k: d["applications"][k] for k in sorted(d["applications"])},
            "classes": {k: d["classes"][k] for k in sorted(d["classes"])},
            "nodes": {k: d["nodes"][k] for k in sorted(d["nodes"])},
            "__reclass__": d["__reclass__"],
        }
        out["inventory.json"] = dump(sorted_inv)
    except ValueError as e:
        out["inventory.error"] = norm(str(e)) + "\n"
    except BaseException as e:
        if type(e).__name__ != "PanicException":
            raise
        out["inventory.panic"] = norm(str(e)) + "\n"
    print(json.dumps(out))


def record(name):
    inv = os.path.join(ROOT, name)
    expected = os.path.join(inv, "expected")
    shutil.rmtree(expected, ignore_errors=True)
    os.makedirs(expected)
    proc = subprocess.run(
        [sys.executable, __file__, "--child", inv],
        capture_output=True, text=True, timeout=120, cwd=inv,
    )
    if proc.returncode != 0:
        with open(os.path.join(expected, "crash"), "w") as f:
            f.write(f"reclass-rs exited with status {proc.returncode}\n")
        return "crash"
    files = json.loads(proc.stdout)
    for rel, text in files.items():
        path = os.path.join(expected, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return ", ".join(sorted(files))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    names = sys.argv[1:] or sorted(
        d for d in os.listdir(ROOT) if os.path.isdir(os.path.join(ROOT, d))
    )
    for name in names:
        print(f"{name}: {record(name)}", file=sys.stderr)


if __name__ == "__main__":
    main()

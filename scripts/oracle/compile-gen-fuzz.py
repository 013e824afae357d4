#!/usr/bin/env python3
"""Generates random state trees for halite-compile's golden tests (record them afterwards
with scripts/oracle/compile-record.sh fuzz_NN).

Each tree mixes names (plain and dict), requisites and their _in forms (by ID, by name, by
sls, bare strings, dict form), use/use_in, prereq/prereq_in, orders (numbers, first, last,
negative, floats), extends and excludes across a few sls files.

Usage: [FUZZ_SIZE=N] scripts/oracle/compile-gen-fuzz.py SEED [SEED ...]
"""
import os
import random
import sys

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                     "crates", "halite-compile", "tests", "cases")

STATES = [("test", "nop"), ("test", "succeed_without_changes"), ("file", "managed"),
          ("cmd", "run"), ("service", "running")]
REQS = ["require", "watch", "onchanges", "onfail", "listen", "prereq", "use",
        "require_any", "onfail_any"]
REQ_INS = ["require_in", "watch_in", "onchanges_in", "onfail_in", "listen_in", "prereq_in",
           "use_in"]


def gen(seed):
    rnd = random.Random(seed)
    slss = ["main", "a", "b", "c"]
    ids = {}  # id -> (sls, state, fun, name)
    size = int(os.environ.get("FUZZ_SIZE", "14"))
    for n in range(rnd.randint(size - 4, size + 4)):
        sls = rnd.choice(slss)
        st, fun = rnd.choice(STATES)
        ids["id%d" % n] = (sls, st, fun, "/tmp/n%d" % n if rnd.random() < 0.5 else None)
    all_ids = list(ids)
    files = {s: [] for s in slss}
    for id_, (sls, st, fun, name) in ids.items():
        lines = ["%s:" % id_, "  %s.%s:" % (st, fun)]
        if name:
            lines.append("    - name: %s" % name)
        if rnd.random() < 0.2:
            lines.append("    - names:")
            for k in range(rnd.randint(1, 3)):
                if rnd.random() < 0.4:
                    lines.append("      - %s_n%d:" % (id_, k))
                    lines.append("        - comment: c%d" % k)
                else:
                    lines.append("      - %s_n%d" % (id_, k))
        if rnd.random() < 0.3:
            lines.append("    - order: %s" % rnd.choice(
                ["1", "5", "last", "first", "-1", "-3", "2.5", "100", "10001", "weird"]))
        if rnd.random() < 0.5:
            lines.append("    - mode: %d" % rnd.choice([600, 644, 755]))
        for _ in range(rnd.randint(0, 3)):
            key = rnd.choice(REQS + REQ_INS)
            lines.append("    - %s:" % key)
            for _ in range(rnd.randint(1, 3)):
                others = [i for i in all_ids if i != id_]
                lines.append("      - " + target(rnd, ids, others, slss))
        if len(lines) == 2:
            lines.append("    - comment: plain")
        files[sls].append("\n".join(lines))
    if rnd.random() < 0.6:
        tgt = rnd.choice(all_ids)
        _, st, _, _ = ids[tgt]
        files["main"].append("extend:\n  %s:\n    %s:\n      - mode: 700\n      - require:\n"
                             "        - test: %s" % (tgt, st, rnd.choice([i for i in all_ids if i != tgt])))
    if rnd.random() < 0.4:
        files["c"].insert(0, "exclude:\n  - id: %s" % rnd.choice(all_ids))
    includes = "include:\n  - a\n  - b\n  - c\n"
    case = os.path.join(CASES, "fuzz_%02d" % seed)
    os.makedirs(os.path.join(case, "srv", "salt"), exist_ok=True)
    with open(os.path.join(case, "srv", "salt", "top.sls"), "w") as f:
        f.write("base:\n  '*':\n    - main\n")
    for sls, blocks in files.items():
        with open(os.path.join(case, "srv", "salt", sls + ".sls"), "w") as f:
            if sls == "main":
                f.write(includes)
            f.write("\n".join(blocks) + "\n")
    with open(os.path.join(case, "commands"), "w") as f:
        f.write("state.show_highstate\nstate.show_lowstate\n")


def target(rnd, ids, all_ids, slss):
    r = rnd.random()
    tgt = rnd.choice(all_ids)
    sls, st, fun, name = ids[tgt]
    if r < 0.55:
        return "%s: %s" % (st, tgt)
    if r < 0.7 and name:
        return "%s: %s" % (st, name)
    if r < 0.8:
        return "sls: %s" % rnd.choice(slss)
    if r < 0.9:
        return tgt
    return "%s: %s" % (rnd.choice(["test", "cmd"]), tgt)


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        gen(int(arg))

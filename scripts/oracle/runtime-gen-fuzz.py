#!/usr/bin/env python3
"""Generates random state trees that exercise the runtime's requisite logic, for the golden
tests (record them afterwards with scripts/oracle/record.sh and record.py --expected
expected-3008).

Only `test` states run, so a real `state.apply` changes nothing on the host: each tree mixes
succeeding/failing states with and without changes (`test.configurable_test_state`, the
test.succeed_*/fail_* functions, test.nop), `names`, and requisites with their _any, _all
and _in forms (require, watch, onchanges, onfail, prereq, listen, use) by ID, by name and by
sls, `order`, and now and then `failhard`. Each case runs `state.apply` and
`state.apply test=True`.

Usage: [FUZZ_SIZE=N] scripts/oracle/runtime-gen-fuzz.py DIR SEED [SEED ...]
   (writes DIR/rtfuzz_SEED)
"""
import os
import random
import sys

FUNS = ["succeed_with_changes", "succeed_without_changes", "fail_with_changes",
        "fail_without_changes", "nop", "configurable_test_state", "configurable_test_state"]
REQS = ["require", "watch", "onchanges", "onfail", "prereq", "listen", "use",
        "require_any", "watch_any", "onchanges_any", "onfail_any", "onfail_all"]
REQ_INS = ["require_in", "watch_in", "onchanges_in", "onfail_in", "prereq_in", "listen_in"]


def gen(root, seed):
    rnd = random.Random(seed)
    slss = ["main", "a", "b"]
    size = int(os.environ.get("FUZZ_SIZE", "12"))
    ids = {}
    for n in range(rnd.randint(size - 3, size + 3)):
        ids["s%d" % n] = (rnd.choice(slss), rnd.choice(FUNS),
                          "name%d" % n if rnd.random() < 0.3 else None)
    all_ids = list(ids)
    files = {s: [] for s in slss}
    for id_, (sls, fun, name) in ids.items():
        lines = ["%s:" % id_, "  test.%s:" % fun]
        if name:
            lines.append("    - name: %s" % name)
        if fun == "configurable_test_state":
            lines.append("    - changes: %s" % rnd.choice(["True", "False"]))
            lines.append("    - result: %s" % rnd.choice(["True", "True", "False"]))
            lines.append("    - comment: c_%s" % id_)
        if rnd.random() < 0.15:
            lines.append("    - names:")
            for k in range(rnd.randint(1, 3)):
                lines.append("      - %s_n%d" % (id_, k))
        if rnd.random() < 0.2:
            lines.append("    - order: %s" % rnd.choice(["1", "3", "last", "first", "10"]))
        if rnd.random() < 0.05:
            lines.append("    - failhard: True")
        if os.environ.get("FUZZ_GUARDS") == "1" and rnd.random() < 0.3:
            lines.append("    - %s: %s" % (rnd.choice(["onlyif", "unless", "check_cmd"]),
                                         rnd.choice(["true", "false"])))
        for _ in range(rnd.choice([0, 1, 1, 1, 2, 2, 3])):
            key = rnd.choice(REQS + REQ_INS)
            lines.append("    - %s:" % key)
            others = [i for i in all_ids if i != id_]
            for _ in range(rnd.randint(1, 2)):
                lines.append("      - " + target(rnd, ids, others, slss))
        files[sls].append("\n".join(lines))
    case = os.path.join(root, "rtfuzz_%03d" % seed)
    os.makedirs(os.path.join(case, "srv", "salt"), exist_ok=True)
    with open(os.path.join(case, "srv", "salt", "top.sls"), "w") as f:
        f.write("base:\n  '*':\n    - main\n")
    for sls, blocks in files.items():
        with open(os.path.join(case, "srv", "salt", sls + ".sls"), "w") as f:
            if sls == "main":
                f.write("include:\n  - a\n  - b\n")
            f.write("\n".join(blocks) + "\n")
    with open(os.path.join(case, "commands"), "w") as f:
        f.write("state.apply\nstate.apply test=True\n")


def target(rnd, ids, others, slss):
    r = rnd.random()
    tgt = rnd.choice(others)
    name = ids[tgt][2]
    if r < 0.7:
        return "test: %s" % tgt
    if r < 0.8 and name:
        return "test: %s" % name
    if r < 0.87:
        return "sls: %s" % rnd.choice(slss)
    return tgt


if __name__ == "__main__":
    for arg in sys.argv[2:]:
        gen(sys.argv[1], int(arg))

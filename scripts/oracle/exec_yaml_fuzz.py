#!/usr/bin/env python3
"""Differential check of halite's yaml serializer (halite_exec::yamldump) against Salt's
`salt.serializers.yaml.serialize` on random values.

Usage: scripts/oracle/exec_yaml_fuzz.py [N] [SEED] [--record]   (runs with the oracle's Python)
Prints each mismatch; exit status 1 when any. --record writes the values and Salt's output to
crates/halite-exec/tests/data/yaml_cases.json, which tests/yaml_cases.rs replays.
"""
import json, os, random, subprocess, sys

SALT_PY = os.path.expanduser("~/.cache/halite-oracles/salt/bin/python3")
if sys.executable != SALT_PY and os.path.exists(SALT_PY) and "--inner" not in sys.argv:
    sys.exit(subprocess.call([SALT_PY, os.path.abspath(__file__), "--inner"] + sys.argv[1:]))
args = [a for a in sys.argv[1:] if a not in ("--inner", "--record")]
RECORD = "--record" in sys.argv
N = int(args[0]) if args else 500
random.seed(int(args[1]) if len(args) > 1 else 1)

import salt.serializers.yaml as sy

WORDS = ["a", "web", "yes", "no", "on", "null", "~", "123", "0644", "1.5", "1e3", "", " x", "x ",
         "a: b", "a:b", "#c", "a #c", "-", "- x", "-x", "?", "it's", 'say "hi"', "l1\nl2",
         "tab\there", "caf\u00e9", "[x]", "{y}", "a,b", "*ref", "&anc", "!tag", "%p", "@at",
         "`bt", "2024-01-31", "0x1F", "1_000", "True", "FALSE", "=", "<<", ".inf", "x" * 30,
         "long text with several words in it to pass the width limit of eighty characters ok",
         "a\n b", "a \nb", "\nx", "x\n", "  ", "a\n\nb", "it's a\nlong line", "x" * 90,
         "caf\u00e9 long text with several words in it to pass the width limit of eighty chars",
         "tab\tlong text with several words in it to pass the width limit of eighty characters",
         "---x", "...y", "a'b'c", "\u2028", "\x85", "\ufeff", "\U0001F600", "a  b", "a   " * 30]

def rand(depth=0):
    r = random.random()
    if depth > 3 or r < 0.45:
        return random.choice([random.choice(WORDS), random.randint(-5, 5000), round(random.random() * 100, 3),
                              True, False, None, 1.0, 1e20])
    if r < 0.72:
        return [rand(depth + 1) for _ in range(random.randint(0, 5))]
    return {random.choice(WORDS) + random.choice(["", str(random.randint(0, 3))]): rand(depth + 1) for _ in range(random.randint(0, 5))}

values = [rand() for _ in range(N)]
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.normpath(os.path.join(here, "..", ".."))
env = dict(os.environ, CARGO_TARGET_DIR=os.environ.get("CARGO_TARGET_DIR", "/work/target-exec"))
proc = subprocess.run(["cargo", "run", "-q", "-p", "halite-exec", "--example", "yamldump"],
                      input="\n".join(json.dumps(v) for v in values) + "\n", capture_output=True,
                      text=True, cwd=root, env=env)
ours = [json.loads(l) for l in proc.stdout.splitlines()]
bad = 0
for v, got in zip(values, ours):
    want = sy.serialize(v)
    if want != got:
        bad += 1
        if bad <= 15:
            print("VALUE", json.dumps(v)[:300])
            print("  want", repr(want)[:400])
            print("  got ", repr(got)[:400])
print(f"{len(values) - bad}/{len(values)} match")
if RECORD:
    with open(os.path.join(root, "crates/halite-exec/tests/data/yaml_cases.json"), "w") as f:
        json.dump([{"value": v, "yaml": sy.serialize(v)} for v in values], f, indent=0)
        f.write("\n")
sys.exit(1 if bad else 0)

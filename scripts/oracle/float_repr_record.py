#!/usr/bin/env python3
"""Records Python's repr() of floats (what Salt's JSON and YAML outputters print for a float,
e.g. the fractional `order` of a `names` chunk), for halite-value's tests/float_repr.rs.
Each case is [IEEE-754 bits as 16 hex digits, repr]; the bits avoid any JSON float parsing.
Run with the Salt oracle's interpreter:
  ~/.cache/halite-oracles/salt/bin/python scripts/oracle/float_repr_record.py \
      > crates/halite-value/tests/data/float_repr_python.json
"""
import json
import random
import struct
import sys


def bits(f):
    return struct.unpack("<Q", struct.pack("<d", f))[0]


def main():
    rng = random.Random(20261122)
    floats = [0.0, -0.0, 1e-4, 9.999999999999999e-05, 1e16, 9999999999999998.0, 5e-324,
              1.7976931348623157e308, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 10002.0001]
    for _ in range(2000):
        # any double
        floats.append(struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0])
    for _ in range(2000):
        # large values whose shortest digits end in a tie (x.25, x.75 near 2**50)
        floats.append(rng.randrange(2**49, 2**53) / 4)
    for _ in range(2000):
        # just past the fixed range, where whole doubles are 2, 4, 8 apart (scientific)
        floats.append(float(rng.randrange(2**53, 2**57)))
    for _ in range(2000):
        # Salt's name orders: an order plus name_order / 10000
        floats.append(rng.randrange(0, 100000) + rng.randrange(1, 1000) / 10000.0)
    cases = [["%016x" % bits(f), repr(f)] for f in floats if f == f]
    # one case per line
    sys.stdout.write('{"python": %s, "cases": [\n' % json.dumps(sys.version.split()[0]))
    sys.stdout.write(",\n".join(json.dumps(c) for c in cases))
    sys.stdout.write("\n]}\n")


main()

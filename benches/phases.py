#!/usr/bin/env python3
"""Where a halite call's wall time goes, phase by phase.

Runs a halite command N times with HALITE_PHASES=1 (halite then prints
`phase <unix microseconds> <page faults so far> <CPU microseconds of the marking thread>
<label>` on stderr where each phase of the pipeline ends) and prints the median length, the
main thread's CPU time (less than the length: it waited) and the page faults of each phase,
measured from the previous mark; the first phase starts when this script spawns the process and the last
one ("exit") ends when the script sees it exit, so process start-up and tear-down are
counted too. The harness itself costs
what spawning /bin/true costs (printed first, for reference).

Usage: benches/phases.py [-n RUNS] [--halite PATH] [HALITE ARGS...]
  default: 40 runs of `state.show_lowstate --out json` on a generated shallow tree
  (benches/gen_tree.py DIR 100 --shallow); e.g.
  benches/phases.py -n 40 -c /tmp/tree/conf --out json state.show_lowstate
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(cmd, env):
    start = time.time()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    end = time.time()
    marks = []
    for line in proc.stderr.splitlines():
        if line.startswith("phase "):
            _, micros, faults, cpu, label = line.split(" ", 4)
            marks.append((int(micros) / 1e6, int(faults), int(cpu) / 1e6, label))
    return start, marks, end


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=40, help="runs (default 40)")
    parser.add_argument("--halite", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", "target"), "release", "halite"))
    args, rest = parser.parse_known_args()
    if not rest:
        tree = tempfile.mkdtemp(prefix="halite-phases.")
        gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen_tree.py")
        subprocess.run([sys.executable, gen, tree, "100", "--shallow"], check=True,
                       stdout=subprocess.DEVNULL)
        rest = ["-c", os.path.join(tree, "conf"), "--out", "json", "state.show_lowstate"]
    env = dict(os.environ, HALITE_PHASES="1")
    baseline = []
    for _ in range(args.n):
        start = time.time()
        subprocess.run(["/bin/true"])
        baseline.append(time.time() - start)
    phases = {}
    faults = {}
    cpu = {}
    totals = []
    for _ in range(args.n):
        start, marks, end = run_once([args.halite] + rest, env)
        prev, prev_faults, prev_cpu = start, 0, 0.0
        for at, count, used, label in marks + [(end, None, None, "exit")]:
            phases.setdefault(label, []).append(at - prev)
            if count is not None:
                faults.setdefault(label, []).append(count - prev_faults)
                cpu.setdefault(label, []).append(used - prev_cpu)
                prev_faults, prev_cpu = count, used
            prev = at
        totals.append(end - start)
    print(f"{'spawning /bin/true (harness cost)':45} {statistics.median(baseline) * 1e3:7.2f} ms")
    print(f"{'phase':45} {'wall':>10} {'main CPU':>10}")
    for label, spans in phases.items():
        counted = faults.get(label)
        extra = ""
        if counted:
            extra = (f" {statistics.median(cpu[label]) * 1e3:7.2f} ms"
                     f"  {statistics.median(counted):6.0f} page faults")
        print(f"{label:45} {statistics.median(spans) * 1e3:7.2f} ms{extra}")
    print(f"{'total (median of the runs)':45} {statistics.median(totals) * 1e3:7.2f} ms")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The floor under a first run of benches/apply.sh: the processes its cmd.run states start,
and nothing else. Each of the tree's cmd.run states runs `touch DIR/marker` through the
shell Salt (and halite) start for it (`$SHELL`, else /bin/sh), one after the other; this runs
the same commands the same way from a loop that does nothing between them (os.posix_spawn,
then waitpid) and prints their wall and CPU time. No tool that starts the shells the states
ask for can finish the first run faster than this.

Usage: commands_floor.py COUNT WORKDIR"""
import os
import sys
import time

count, work = int(sys.argv[1]), sys.argv[2]
shell = os.environ.get("SHELL") or "/bin/sh"
dirs = [os.path.join(work, str(i)) for i in range(count)]
for d in dirs:
    os.makedirs(d, exist_ok=True)
t0, c0 = time.monotonic(), os.times()
for d in dirs:
    pid = os.posix_spawn(shell, [shell, "-c", f"touch {d}/marker"], os.environ)
    os.waitpid(pid, 0)
wall, c1 = time.monotonic() - t0, os.times()
cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
print(f"{wall:.2f} {cpu:.2f} {shell}")

#!/usr/bin/env python3
"""Record `idem validate` outputs for halite-validate's golden cases.

Each case is crates/halite-validate/tests/cases/<name>/ with:
  args          the command line after `idem validate` (e.g. `main.sls --output json`)
  sls/          the SLS tree; idem runs with sls/ as its working directory
and gets (overwritten):
  expected.out  idem's stdout (without the final newline print() adds)
  expected.rc   idem's exit status
  expected.err  the last line of idem's stderr (the exception message), when it failed

Usage: scripts/oracle/validate_record.py [case ...]   (default: every case)
The oracle is idem 25.0.1 at ~/.cache/halite-oracles/idem/bin/idem (override: $IDEM).
"""
import os
import pathlib
import shlex
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CASES = ROOT / "crates" / "halite-validate" / "tests" / "cases"
IDEM = os.environ.get("IDEM", str(pathlib.Path.home() / ".cache/halite-oracles/idem/bin/idem"))


def record(case: pathlib.Path) -> None:
    args = shlex.split((case / "args").read_text())
    proc = subprocess.run(
        [IDEM, "validate", *args],
        cwd=case / "sls",
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": ""},
    )
    out = proc.stdout[:-1] if proc.stdout.endswith("\n") else proc.stdout
    (case / "expected.out").write_text(out)
    (case / "expected.rc").write_text(f"{proc.returncode}\n")
    err = case / "expected.err"
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    if proc.returncode != 0 and lines:
        err.write_text(lines[-1] + "\n")
    elif err.exists():
        err.unlink()
    print(f"{case.name}: rc={proc.returncode}")


def main() -> None:
    names = sys.argv[1:]
    cases = [CASES / n for n in names] if names else sorted(p for p in CASES.iterdir() if p.is_dir())
    for case in cases:
        record(case)


if __name__ == "__main__":
    main()

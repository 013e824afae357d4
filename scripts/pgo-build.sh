#!/usr/bin/env bash
# Profile-guided build of halite on the tuned `dist` cargo profile (fat LTO, one codegen
# unit: what docs/performance.md measures). PROFILE=release uses the quick-to-build profile.
#
# 1. builds halite instrumented (`-Cprofile-generate`, `--cfg halite_pgo_gen` so that it
#    leaves through the normal exit path, where the profile is written),
# 2. runs it over scripts/pgo-train.py's workload (the golden cases, the example tree and
#    generated trees),
# 3. merges the profile and builds halite again with it (`-Cprofile-use`).
# The result prints the same output as a plain `cargo build --release` (the golden tests can
# run against it: HALITE_BIN=PATH cargo test -p halite --test golden); it executes ~18%
# fewer instructions on a render+compile.
#
# Needs `llvm-profdata` from rustup's llvm-tools component (installed when missing) and
# Python 3 with PyYAML (for the training driver).
# Usage: scripts/pgo-build.sh [--install ROOT]   (prints the binary's path; with --install
#        it is also copied to ROOT/bin/halite)
set -euo pipefail
cd "$(dirname "$0")/.."
install_root=
if [ "${1:-}" = "--install" ]; then
  install_root=${2:?--install needs a folder}
fi
profile=${PROFILE:-dist}
triple=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$triple/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  rustup component add llvm-tools >&2
fi
target=${CARGO_TARGET_DIR:-target}
case $target in
  /*) ;;
  *) target="$(pwd)/$target" ;;
esac
# Profile paths must be absolute.
work="$target/pgo"
rm -rf "$work/profiles"
mkdir -p "$work/profiles"
# --target keeps the flags off build scripts and proc-macros.
RUSTFLAGS="-Cprofile-generate=$work/profiles --cfg halite_pgo_gen" \
  cargo build --profile "$profile" -q -p halite --target "$triple" --target-dir "$work/generate" >&2
python3 scripts/pgo-train.py "$work/generate/$triple/$profile/halite" >&2
"$profdata" merge -o "$work/halite.profdata" "$work/profiles"
RUSTFLAGS="-Cprofile-use=$work/halite.profdata" \
  cargo build --profile "$profile" -q -p halite --target "$triple" --target-dir "$work/use" >&2
binary="$work/use/$triple/$profile/halite"
if [ -n "$install_root" ]; then
  mkdir -p "$install_root/bin"
  cp "$binary" "$install_root/bin/halite"
  binary="$install_root/bin/halite"
fi
echo "$binary"

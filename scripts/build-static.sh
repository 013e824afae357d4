#!/bin/sh
# A statically linked halite for `halite ssh --thin PATH` (glibc, +crt-static): no shared
# libraries to find on the host. glibc's NSS (user/group names, getaddrinfo) still loads the
# host's libnss_* at run time and needs the glibc version it was built with: use it on hosts
# with the controller's glibc (ARCHITECTURE.md, "Decided for the next capabilities").
# Output: target/x86_64-unknown-linux-gnu/release/halite
set -eu
cd "$(dirname "$0")/.."
RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" \
  cargo build --release -p halite --target x86_64-unknown-linux-gnu
# The deployed artifact: symbols stripped (about 15 MB instead of 19 MB to copy to each host).
strip target/x86_64-unknown-linux-gnu/release/halite
file target/x86_64-unknown-linux-gnu/release/halite 2>/dev/null || true

#!/bin/sh
# A statically linked halite for `halite ssh --halite-thin PATH`: one file that runs on any x86_64
# Linux host, whatever its libc.
#
#   scripts/build-static.sh           musl (the default): no shared library and no NSS module
#                                     loaded at run time. Output:
#                                     target/x86_64-unknown-linux-musl/release/halite
#   scripts/build-static.sh --glibc   glibc with +crt-static: glibc's NSS (user/group names,
#                                     getaddrinfo) still loads the host's libnss_* at run time
#                                     and needs the glibc it was built with, so only for hosts
#                                     with the controller's glibc. Output:
#                                     target/x86_64-unknown-linux-gnu/release/halite
#
# The musl build uses musl's allocator (mimalloc is C and would need a musl C toolchain) and
# musl's crypt(3) (no yescrypt): ARCHITECTURE.md, "The deployed binary".
set -eu
cd "$(dirname "$0")/.."
case "${1:-}" in
  --glibc)
    triple=x86_64-unknown-linux-gnu
    RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" \
      cargo build --release -p halite --target $triple
    ;;
  "")
    triple=x86_64-unknown-linux-musl
    if ! rustup target list --installed 2>/dev/null | grep -qx $triple; then
      rustup target add $triple
    fi
    cargo build --release -p halite --target $triple
    ;;
  *)
    echo "usage: scripts/build-static.sh [--glibc]" >&2
    exit 2
    ;;
esac
out=target/$triple/release/halite
# The deployed artifact: symbols stripped (about 15 MB instead of 19 MB to copy to each host).
strip "$out"
file "$out" 2>/dev/null || true

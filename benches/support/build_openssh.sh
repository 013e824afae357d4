#!/usr/bin/env bash
# Builds OpenSSH portable 10.0p2 (the release Debian 13 ships; its default key exchange is
# mlkem768x25519-sha256) into DIR (default /tmp/halitetest-openssh) for
# `benches/ssh_fleet.py --openssh DIR` and `benches/kex_cost.sh DIR`: ssh, sshd and
# ssh-keygen in DIR/bin, sshd-session and sshd-auth in DIR/libexec. Without OpenSSL (its own
# curve25519, ed25519, sntrup761 and ML-KEM code) and without PAM. Needs git, gcc, make,
# autoconf and zlib's headers (Debian: autoconf zlib1g-dev); installs nothing system-wide.
# OPENSSH_GIT names the source repository (default GitHub's openssh-portable; a local clone
# or mirror works too).
set -euo pipefail
dir=$(realpath -m "${1:-/tmp/halitetest-openssh}")
src=$dir/src
rm -rf "$dir" && mkdir -p "$dir/bin" "$dir/libexec" "$dir/empty"
repo=${OPENSSH_GIT:-https://github.com/openssh/openssh-portable}
if [ -d "$repo" ]; then
  mkdir -p "$src" && git -C "$repo" archive V_10_0_P2 | tar -x -C "$src"
else
  git clone -q --depth 1 --branch V_10_0_P2 "$repo" "$src"
fi
cd "$src"
# OpenSSH needs autoconf's configure only; autoreconf also asks for aclocal (automake), which
# a box with autoconf alone lacks, after configure is made.
autoreconf >/dev/null 2>&1 || [ -x configure ] || { echo "build_openssh.sh: autoreconf failed" >&2; exit 1; }
./configure -q --prefix="$dir" --without-openssl --sysconfdir="$dir/etc" \
    --with-privsep-path="$dir/empty" --with-pid-dir="$dir" >/dev/null
make -s -j"$(nproc)" ssh sshd sshd-session sshd-auth ssh-keygen >/dev/null 2>&1
cp ssh sshd ssh-keygen "$dir/bin/" && cp sshd-session sshd-auth "$dir/libexec/"
"$dir/bin/ssh" -V

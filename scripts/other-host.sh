#!/usr/bin/env bash
# Runs a command as if on another machine, to check that no test compares this machine with
# the one its fixtures were recorded on: in its own UTS and mount namespaces, with another
# hostname, another /etc/machine-id and one more enabled SysV service (`udev`, in /etc/rcS.d
# and /etc/rc[235].d). Nothing changes outside the namespaces (the replacements live on a
# tmpfs mounted only inside them). Root only (unshare).
#   scripts/other-host.sh scripts/test.sh
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "other-host.sh: needs root (unshare)" >&2; exit 2; }
tmp=$(mktemp -d /tmp/halitetest-otherhost.XXXXXX)
trap 'rmdir "$tmp"' EXIT
TMP=$tmp unshare --uts --mount --propagation private --fork bash -c '
  set -euo pipefail
  tmp=$TMP
  hostname halitetest-otherhost
  mount -t tmpfs halitetest-otherhost "$tmp"
  echo 0123456789abcdef0123456789abcdef >"$tmp/machine-id"
  mount --bind "$tmp/machine-id" /etc/machine-id
  for d in /etc/rcS.d /etc/rc2.d /etc/rc3.d /etc/rc5.d; do
    [ -d "$d" ] || continue
    mkdir -p "$tmp$d" && cp -a "$d/." "$tmp$d/"
    ln -sfn ../init.d/udev "$tmp$d/S01udev"
    mount --bind "$tmp$d" "$d"
  done
  echo "other-host: hostname $(hostname), machine-id $(cat /etc/machine-id), kernel $(uname -r)" >&2
  "$@"
' other-host "$@"

#!/usr/bin/env bash
# The controller's CPU for one fresh ssh connection, by key exchange: N connections
# (`ssh HOST true`) to an sshd of our own on a loopback port, the ssh client's user+sys
# time divided by N. Run with this machine's OpenSSH and, given DIR, with the build of
# benches/support/build_openssh.sh (OpenSSH 10.0p2: ML-KEM). Root only; touches nothing
# outside a /tmp/halitetest-kex.* folder. Usage: benches/kex_cost.sh [DIR] (N=40 by default)
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "kex_cost.sh: root only (it starts an sshd)"; exit 1; }
N=${N:-40}
t=$(mktemp -d /tmp/halitetest-kex.XXXX)
trap 'kill "$(cat $t/sshd.pid 2>/dev/null)" 2>/dev/null || true; rm -rf "$t"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
ssh-keygen -q -t ed25519 -N '' -f "$t/hk"
ssh-keygen -q -t ed25519 -N '' -f "$t/ck"
cp "$t/ck.pub" "$t/authorized_keys"
run() { # label, ssh, sshd, extra sshd config, kex...
  local label=$1 ssh=$2 sshd=$3 extra=$4; shift 4
  printf 'Port %s\nListenAddress 127.0.0.1\nHostKey %s/hk\nPidFile %s/sshd.pid\nAuthorizedKeysFile %s/authorized_keys\nStrictModes no\nPasswordAuthentication no\nPermitRootLogin prohibit-password\n%s' \
    "$port" "$t" "$t" "$t" "$extra" > "$t/sshd_config"
  mkdir -p /run/sshd
  "$sshd" -f "$t/sshd_config"
  for _ in $(seq 50); do [ -s "$t/sshd.pid" ] && break; sleep 0.1; done
  for kex in "$@"; do
    /usr/bin/time -f "%U %S" -o "$t/cli.time" bash -c "for i in \$(seq $N); do '$ssh' -F none -i '$t/ck' -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=error -o KexAlgorithms=$kex -p $port root@127.0.0.1 true; done"
    read -r u s < <(tail -n 1 "$t/cli.time")
    python3 -c "print('%-34s %-24s %6.1f ms of client CPU a connection' % ('$label', '$kex', ($u + $s) * 1000 / $N))"
  done
  kill "$(cat "$t/sshd.pid")"; rm -f "$t/sshd.pid"; sleep 0.3
}
run "$(ssh -V 2>&1 | cut -d, -f1)" ssh /usr/sbin/sshd "UsePAM no
" sntrup761x25519-sha512 curve25519-sha256
if [ -n "${1:-}" ]; then
  d=$(realpath "$1")
  run "$("$d/bin/ssh" -V 2>&1 | cut -d, -f1)" "$d/bin/ssh" "$d/bin/sshd" "" \
    mlkem768x25519-sha256 sntrup761x25519-sha512 curve25519-sha256
fi

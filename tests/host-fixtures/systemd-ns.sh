#!/bin/sh
# A booted systemd for the systemd_service tests, isolated from the host.
#
#   systemd-ns.sh check          exit 0 when the environment can be built here, else print why
#                                (one line) and exit 1
#   systemd-ns.sh start          boot it (stopping a leftover earlier one first, and any
#                                instance whose launcher is gone); waits until
#                                `systemctl is-system-running` answers running or degraded
#   systemd-ns.sh exec DIR CMD.. run CMD inside it (all its namespaces, its root), in DIR
#   systemd-ns.sh stop           kill it, remove its cgroup and its state folder; succeeds
#                                when nothing runs
#   systemd-ns.sh pid            print the host pid of its PID 1
#   systemd-ns.sh share          print the host folder seen inside as /halitetestsd (read
#                                and write: the trees the tests run)
#
# Isolation (what systemd and the commands run inside may touch):
# - its own PID, mount, UTS, IPC, network (loopback only) and cgroup namespaces (unshare);
#   the mount namespace starts as a private copy, so no mount made inside reaches the host;
# - root file system: an overlay whose lower layer is the host's `/` (read only through the
#   overlay) and whose upper and work layers are on a tmpfs mounted inside the namespace, so
#   everything systemd, dpkg, Salt and halite write there vanishes with the namespace;
#   /run, /tmp, /dev/shm are fresh tmpfs; /dev is a tmpfs holding only null, zero, full,
#   random, urandom, a private devpts instance, and /dev/console and /dev/kmsg, both binds of
#   the log file $D/console.log (systemd's log target; no host console, tty or kernel log); /sys is mounted read only, /proc/sys and
#   /proc/sysrq-trigger are read only (no kernel tunable can be set);
# - cgroups: a cgroup2 subtree /sys/fs/cgroup/unified/$NAME of the host's hybrid hierarchy
#   becomes the namespace's cgroup root (systemd runs in unified mode below it and never sees
#   the v1 hierarchies); removed on stop;
# - capabilities: systemd and everything it starts run with a bounding set without
#   CAP_SYS_TIME, CAP_WAKE_ALARM (the clock), CAP_SYS_MODULE, CAP_SYS_RAWIO, CAP_MKNOD
#   (no new device nodes), CAP_SYSLOG, CAP_AUDIT_*, CAP_MAC_*, CAP_BPF, CAP_PERFMON,
#   CAP_SYS_PACCT, CAP_BLOCK_SUSPEND (as systemd-nspawn drops them);
# - units: systemd boots `halitetestsd.target`, a target that wants nothing; every unit any
#   *.wants/ folder of the host pulls in (journald, udev, tmpfiles, timers, getty, dbus, ...),
#   emergency/rescue, gettys and the API file system mounts are masked, and every generator
#   but systemd-sysv-generator is masked (no fstab, getty or gpt-auto units). Nothing
#   talks to a D-Bus (none runs; the host's socket is not visible) or to the network.
# The commands run with `exec` are in the namespaces but keep the caller's cgroup.
set -eu

# HALITETESTSD_NS names the instance (its state folder /tmp/NAME, its cgroup): the golden
# test uses one of its own, so a recording running at the same time keeps its own
NAME=${HALITETESTSD_NS:-halitetestsd-ns}
case $NAME in
halitetestsd-ns | halitetestsd-ns-[A-Za-z0-9]*) ;;
*) echo "systemd-ns.sh: HALITETESTSD_NS must be halitetestsd-ns or halitetestsd-ns-WORD" >&2; exit 2 ;;
esac
D=/tmp/$NAME
CG_HOST=/sys/fs/cgroup/unified
CG=$CG_HOST/$NAME
SYSTEMD=/lib/systemd/systemd
SELF=$(readlink -f "$0")

die() { echo "systemd-ns.sh: $*" >&2; exit 1; }

check() {
    [ "$(id -u)" = 0 ] || { echo "not root"; return 1; }
    for t in unshare nsenter setpriv pivot_root; do
        command -v $t >/dev/null 2>&1 || { echo "$t is not installed"; return 1; }
    done
    [ -x $SYSTEMD ] || { echo "no systemd binary ($SYSTEMD)"; return 1; }
    grep -qw overlay /proc/filesystems || modprobe -n overlay 2>/dev/null ||
        { echo "no overlayfs in this kernel"; return 1; }
    [ "$(stat -fc %T /sys/fs/cgroup 2>/dev/null)" = cgroup2fs ] && CG_HOST=/sys/fs/cgroup
    [ "$(stat -fc %T $CG_HOST 2>/dev/null)" = cgroup2fs ] ||
        { echo "no cgroup2 hierarchy at /sys/fs/cgroup or /sys/fs/cgroup/unified"; return 1; }
    [ -w $CG_HOST ] || { echo "$CG_HOST is not writable"; return 1; }
    # the namespaces and the overlay, tried for real in a throwaway mount namespace (an
    # unprivileged container has the programs but may not use them)
    probe=/tmp/halitetestsd-probe-$$
    mkdir -p $probe
    if ! unshare --pid --fork --mount --propagation private --uts --ipc --net --cgroup sh -c "
        mount -t tmpfs halitetestsd-probe $probe && mkdir $probe/u $probe/w $probe/r &&
        mount -t overlay halitetestsd-probe -o lowerdir=/,upperdir=$probe/u,workdir=$probe/w $probe/r &&
        [ -x $probe/r$SYSTEMD ]" >/dev/null 2>&1; then
        rmdir $probe 2>/dev/null || true
        echo "cannot make the namespaces or an overlay of / here (unshare --pid --mount --uts --ipc --net --cgroup, mount -t overlay)"
        return 1
    fi
    rmdir $probe 2>/dev/null || true
    return 0
}

# the cgroup2 hierarchy: a pure cgroup2 host has it at /sys/fs/cgroup
cg_host() {
    if [ "$(stat -fc %T /sys/fs/cgroup 2>/dev/null)" = cgroup2fs ]; then
        CG_HOST=/sys/fs/cgroup
    fi
    CG=$CG_HOST/$NAME
}

ns_pid() {
    [ -f $D/unshare.pid ] || return 1
    upid=$(cat $D/unshare.pid)
    [ -d /proc/$upid ] || return 1
    # the unshare process's only child is the namespace's PID 1
    pid=$(cat /proc/$upid/task/*/children 2>/dev/null | tr ' ' '\n' | grep . | head -n1)
    [ -n "$pid" ] || return 1
    # it must be our PID 1: a different PID namespace than ours
    [ "$(readlink /proc/$pid/ns/pid)" != "$(readlink /proc/self/ns/pid)" ] || return 1
    echo "$pid"
}

rm_cgroup() {
    [ -d "$1" ] || return 0
    # depth first; a cgroup is removed with rmdir once its processes are gone
    find "$1" -depth -type d | while read -r c; do
        i=0
        while ! rmdir "$c" 2>/dev/null; do
            i=$((i + 1))
            [ $i -lt 50 ] || { echo "systemd-ns.sh: cannot remove cgroup $c" >&2; break; }
            for p in $(cat "$c/cgroup.procs" 2>/dev/null); do kill -9 "$p" 2>/dev/null || true; done
            sleep 0.1
        done
    done
}

stop() {
    cg_host
    if [ -f $D/unshare.pid ]; then
        upid=$(cat $D/unshare.pid)
        if pid=$(ns_pid); then
            # SIGKILL to a PID namespace's init kills every process in the namespace
            kill -9 "$pid" 2>/dev/null || true
        fi
        # unshare --kill-child: unshare exits when its child does
        i=0
        while [ -d /proc/$upid ] && [ "$(cat /proc/$upid/comm 2>/dev/null)" = unshare ] &&
            ! grep -q '^State:.*Z' /proc/$upid/status 2>/dev/null; do
            i=$((i + 1))
            [ $i -lt 100 ] || { kill -9 "$upid" 2>/dev/null || true; }
            [ $i -lt 150 ] || die "unshare ($upid) does not exit"
            sleep 0.1
        done
    fi
    rm_cgroup $CG
    # the state folder holds no mount on the host (all mounts were made in the namespace)
    if [ -d $D ]; then
        if grep -q " $D" /proc/self/mountinfo; then
            die "$D has a mount on the host; not removing it"
        fi
        rm -rf $D
    fi
}

# the units to mask: every unit some *.wants/ or *.requires/ folder pulls in, but targets and
# slices, plus the units below
MASK_ALWAYS="emergency.service rescue.service emergency.target rescue.target
console-getty.service container-getty@.service getty@.service serial-getty@.service
autovt@.service getty.target systemd-udevd.service systemd-udevd-control.socket
systemd-udevd-kernel.socket systemd-udev-trigger.service systemd-udev-settle.service
systemd-journald.service systemd-journald.socket systemd-journald-dev-log.socket
systemd-journald-audit.socket systemd-journal-flush.service systemd-timesyncd.service
systemd-networkd.service systemd-networkd.socket systemd-resolved.service
systemd-logind.service dbus.service dbus.socket systemd-tmpfiles-setup.service
systemd-tmpfiles-setup-dev.service systemd-tmpfiles-clean.service systemd-tmpfiles-clean.timer
systemd-sysctl.service systemd-modules-load.service systemd-remount-fs.service
systemd-random-seed.service systemd-binfmt.service proc-sys-fs-binfmt_misc.automount
proc-sys-fs-binfmt_misc.mount tmp.mount dev-hugepages.mount dev-mqueue.mount
sys-kernel-config.mount sys-kernel-debug.mount sys-kernel-tracing.mount
sys-fs-fuse-connections.mount systemd-firstboot.service systemd-machine-id-commit.service
systemd-update-utmp.service systemd-update-utmp-runlevel.service systemd-hwdb-update.service
ldconfig.service systemd-sysusers.service systemd-pstore.service systemd-repart.service
systemd-hostnamed.service systemd-timedated.service systemd-localed.service
systemd-initctl.socket systemd-initctl.service kmod-static-nodes.service
systemd-ask-password-console.path systemd-ask-password-wall.path swap.target
cryptsetup.target veritysetup.target integritysetup.target remote-fs.target
network.target network-online.target time-set.target time-sync.target
ctrl-alt-del.target reboot.target poweroff.target halt.target kexec.target"

write_units() {
    r=$1
    etc=$r/etc/systemd/system
    mkdir -p "$etc" "$r/etc/systemd/system-generators"
    # every generator but the SysV one (the test packages ship /etc/init.d scripts)
    for g in /lib/systemd/system-generators/* /usr/lib/systemd/system-generators/* \
        /etc/systemd/system-generators/*; do
        [ -e "$g" ] || continue
        b=$(basename "$g")
        [ "$b" = systemd-sysv-generator ] && continue
        ln -sfn /dev/null "$r/etc/systemd/system-generators/$b"
    done
    {
        for w in /lib/systemd/system/*.wants /lib/systemd/system/*.requires \
            /usr/lib/systemd/system/*.wants /usr/lib/systemd/system/*.requires \
            /etc/systemd/system/*.wants /etc/systemd/system/*.requires; do
            [ -d "$w" ] || continue
            ls "$w"
        done
        echo "$MASK_ALWAYS" | tr ' ' '\n'
    } | grep -v -e '\.target$' -e '\.slice$' -e '^$' | sort -u | while read -r u; do
        # a unit the host enabled with a real file in /etc: masking replaces it in the overlay
        rm -f "$etc/$u"
        ln -s /dev/null "$etc/$u"
    done
    for t in emergency.target rescue.target getty.target swap.target cryptsetup.target \
        veritysetup.target integritysetup.target remote-fs.target network.target \
        network-online.target time-set.target time-sync.target ctrl-alt-del.target \
        reboot.target poweroff.target halt.target kexec.target; do
        rm -f "$etc/$t"
        ln -s /dev/null "$etc/$t"
    done
    cat >"$etc/halitetestsd.target" <<'UNIT'
[Unit]
Description=halite systemd tests (wants nothing)
AllowIsolate=yes
UNIT
    ln -sfn halitetestsd.target "$etc/default.target"
}

# inside the new namespaces (PID 1 of the new PID namespace), before systemd
inner() {
    mkdir -p $D/ovl
    mount -t tmpfs -o size=1g,mode=755 halitetestsd-ovl $D/ovl
    mkdir -p $D/ovl/upper $D/ovl/work $D/ovl/root
    r=$D/ovl/root
    mount -t overlay halitetestsd-root -o lowerdir=/,upperdir=$D/ovl/upper,workdir=$D/ovl/work $r
    mount -t proc proc $r/proc
    for p in sys sysrq-trigger; do
        [ -e $r/proc/$p ] || continue
        mount --bind $r/proc/$p $r/proc/$p
        mount -o remount,bind,ro $r/proc/$p
    done
    mount -t sysfs -o ro,nosuid,nodev,noexec sysfs $r/sys
    mount -t cgroup2 -o nosuid,nodev,noexec cgroup2 $r/sys/fs/cgroup
    mount -t tmpfs -o mode=755,nosuid,size=64m halitetestsd-dev $r/dev
    for n in null zero full random urandom; do
        touch $r/dev/$n
        mount --bind /dev/$n $r/dev/$n
    done
    mkdir -p $r/dev/pts $r/dev/shm
    mount -t devpts -o newinstance,ptmxmode=0666,mode=620,gid=5 devpts $r/dev/pts
    ln -s pts/ptmx $r/dev/ptmx
    mount -t tmpfs -o mode=1777,nosuid,nodev halitetestsd-shm $r/dev/shm
    ln -s /proc/self/fd $r/dev/fd
    ln -s /proc/self/fd/0 $r/dev/stdin
    ln -s /proc/self/fd/1 $r/dev/stdout
    ln -s /proc/self/fd/2 $r/dev/stderr
    # systemd logs to "/dev/kmsg": here a bind of the log file, never the host's kernel log;
    # /dev/console is the same file (a regular file, so nothing can treat it as a terminal)
    for n in console kmsg; do
        touch $r/dev/$n
        mount --bind $D/console.log $r/dev/$n
    done
    mount -t tmpfs -o mode=755,nosuid,nodev halitetestsd-run $r/run
    mount -t tmpfs -o mode=1777,nosuid,nodev halitetestsd-tmp $r/tmp
    mkdir -p $r/halitetestsd
    mount --bind $D/share $r/halitetestsd
    write_units $r
    hostname halitetestsd
    ip link set lo up 2>/dev/null || true
    cd $r
    mkdir -p .halitetestsd-oldroot
    pivot_root . .halitetestsd-oldroot
    cd /
    umount -l /.halitetestsd-oldroot
    rmdir /.halitetestsd-oldroot
    exec setpriv --bounding-set -sys_time,-wake_alarm,-sys_module,-sys_rawio,-mknod,-syslog,-audit_control,-audit_write,-audit_read,-mac_admin,-mac_override,-bpf,-perfmon,-sys_pacct,-block_suspend \
        env -i container=halitetestsd PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        $SYSTEMD --unit=halitetestsd.target --log-target=kmsg --log-level=info --show-status=0
}

# stop the instances an interrupted earlier run left (their unshare process is gone)
reap() {
    for d in /tmp/halitetestsd-ns /tmp/halitetestsd-ns-*; do
        [ -d "$d" ] || continue
        n=$(basename "$d")
        [ "$n" = "$NAME" ] && continue
        if [ -f "$d/unshare.pid" ]; then
            # alive: its namespace's PID 1 runs (a killed launcher may linger as a zombie)
            HALITETESTSD_NS=$n sh "$SELF" pid >/dev/null 2>&1 && continue
        else
            # an instance being started now writes its pid file at once
            [ -n "$(find "$d" -maxdepth 0 -mmin +1)" ] || continue
        fi
        HALITETESTSD_NS=$n sh "$SELF" stop || true
    done
}

start() {
    why=$(check) || die "cannot build the environment: $why"
    cg_host
    stop
    reap
    mkdir -p $D/share
    chmod 755 $D $D/share
    : >$D/console.log
    mkdir $CG
    # the launcher enters the cgroup first, so the new cgroup namespace is rooted there
    "$SELF" __launch </dev/null >>$D/console.log 2>&1 &
    echo $! >$D/unshare.pid
    i=0
    while :; do
        i=$((i + 1))
        if pid=$(ns_pid) && [ -d /proc/$pid/root/run/systemd/system ]; then
            st=$(nsenter -t "$pid" -a -r /bin/systemctl is-system-running 2>/dev/null || true)
            case $st in running | degraded) break ;; esac
        fi
        if [ $i -ge 300 ] || ! [ -d /proc/$(cat $D/unshare.pid) ]; then
            echo "systemd-ns.sh: systemd did not finish booting; its console:" >&2
            tail -n 40 $D/console.log >&2
            stop
            exit 1
        fi
        sleep 0.1
    done
    echo "$pid" >$D/pid
}

case ${1:-} in
check) check ;;
start) start ;;
stop) stop ;;
pid) ns_pid ;;
share) echo $D/share ;;
exec)
    [ $# -ge 3 ] || die "usage: systemd-ns.sh exec DIR CMD..."
    pid=$(ns_pid) || die "not running (systemd-ns.sh start)"
    dir=$2
    shift 2
    exec nsenter -t "$pid" -a -r sh -c 'cd "$1" && shift && exec "$@"' sh "$dir" "$@"
    ;;
__launch)
    cg_host
    echo $$ >$CG/cgroup.procs
    exec unshare --pid --fork --kill-child --mount --propagation private --uts --ipc --net \
        --cgroup "$SELF" __inner
    ;;
__inner) inner ;;
*) die "usage: systemd-ns.sh check|start|exec DIR CMD...|stop|pid|share" ;;
esac

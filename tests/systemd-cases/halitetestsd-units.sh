# The state every systemd case starts from (each case's `reset` runs this file inside the
# booted test systemd of tests/host-fixtures/systemd-ns.sh, never on the host):
#   halitetestsd-a.service, halitetestsd-b.service: `sleep infinity` services in
#     /lib/systemd/system, WantedBy=multi-user.target, stopped, disabled, not masked; their
#     ExecStartPre/ExecReload/ExecStopPost append "NAME start|reload|stop" to
#     /run/halitetestsd.log (restart vs reload is visible there);
#   halitetestsd-static.service: no [Install] section (static), in /lib/systemd/system;
#   halitetestsd-etc.service: a unit file in /etc/systemd/system (`systemctl mask` fails:
#     the file exists), WantedBy=multi-user.target;
#   /etc/init.d/halitetestsd-sysv: an LSB script (systemd-sysv-generator makes its unit);
#   no /etc/halitetestsd-*.conf, an empty /run/halitetestsd.log.
# `sh halitetestsd-units.sh after` (the reset after a case) removes them all, and every
# halitetestsd-* unit (also a case's own) from the .wants folders.
for u in halitetestsd-a halitetestsd-b halitetestsd-static halitetestsd-etc halitetestsd-sysv; do
    systemctl unmask --runtime $u.service >/dev/null 2>&1 || true
    systemctl unmask $u.service >/dev/null 2>&1 || true
    systemctl stop $u.service >/dev/null 2>&1 || true
    systemctl disable $u.service >/dev/null 2>&1 || true
    systemctl reset-failed $u.service >/dev/null 2>&1 || true
done
# every loaded halitetestsd unit, also a case's own (a unit whose file is gone stays loaded
# while it runs)
systemctl stop 'halitetestsd-*' >/dev/null 2>&1 || true
systemctl reset-failed 'halitetestsd-*' >/dev/null 2>&1 || true
rm -f /etc/systemd/system/halitetestsd-*.service /run/systemd/system/halitetestsd-*.service \
    /lib/systemd/system/halitetestsd-*.service /etc/systemd/system/*.wants/halitetestsd-* \
    /etc/init.d/halitetestsd-sysv /etc/rc[0-6S].d/[SK][0-9][0-9]halitetestsd-sysv \
    /etc/halitetestsd-*.conf /run/halitetestsd.log /run/halitetestsd-sysv.pid
if [ "${1:-}" = after ]; then
    systemctl daemon-reload
    exit 0
fi
for u in a b etc; do
    dir=/lib/systemd/system
    [ $u = etc ] && dir=/etc/systemd/system
    cat >$dir/halitetestsd-$u.service <<UNIT
[Unit]
Description=halite test service $u

[Service]
ExecStartPre=/bin/sh -c 'echo halitetestsd-$u start >>/run/halitetestsd.log'
ExecStart=/bin/sleep infinity
ExecReload=/bin/sh -c 'echo halitetestsd-$u reload >>/run/halitetestsd.log'
ExecStopPost=/bin/sh -c 'echo halitetestsd-$u stop >>/run/halitetestsd.log'

[Install]
WantedBy=multi-user.target
UNIT
done
cat >/lib/systemd/system/halitetestsd-static.service <<'UNIT'
[Unit]
Description=halite test service without [Install]

[Service]
ExecStart=/bin/sleep infinity
UNIT
cat >/etc/init.d/halitetestsd-sysv <<'SCRIPT'
#!/bin/sh
### BEGIN INIT INFO
# Provides:          halitetestsd-sysv
# Required-Start:
# Required-Stop:
# Default-Start:     2 3 4 5
# Default-Stop:      0 1 6
# Short-Description: halite test SysV service under systemd
### END INIT INFO
PID=/run/halitetestsd-sysv.pid
case "$1" in
start) [ -f $PID ] && kill -0 "$(cat $PID)" 2>/dev/null && exit 0
       echo halitetestsd-sysv start >>/run/halitetestsd.log
       nohup sleep 100000 >/dev/null 2>&1 & echo $! >$PID ;;
stop) [ -f $PID ] && kill "$(cat $PID)" 2>/dev/null; rm -f $PID
      echo halitetestsd-sysv stop >>/run/halitetestsd.log ;;
restart|force-reload) "$0" stop; "$0" start ;;
status) [ -f $PID ] && kill -0 "$(cat $PID)" 2>/dev/null ;;
*) echo "Usage: $0 {start|stop|restart|force-reload|status}"; exit 2 ;;
esac
SCRIPT
chmod 755 /etc/init.d/halitetestsd-sysv
: >/run/halitetestsd.log
systemctl daemon-reload

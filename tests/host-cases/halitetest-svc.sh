# The host every service_* case starts from (each case's `reset` runs this file):
# /etc/init.d/halitetest-svc installed (a tiny LSB init script whose daemon is a shell loop
# under start-stop-daemon, pidfile /run/halitetest-svc.pid, status from the pidfile), stopped,
# with no rc links, not masked; no /etc/halitetest-svc.conf; an empty event log
# /tmp/halitetest-svc.log (the script appends start, stop, reload).
# `sh halitetest-svc.sh after` (the reset after a case) removes the script and the log too.
pidfile=/run/halitetest-svc.pid
if [ -f $pidfile ]; then
    start-stop-daemon --stop --quiet --retry 5 --pidfile $pidfile --remove-pidfile || true
fi
rm -f $pidfile /etc/rc[0-6S].d/[SK][0-9][0-9]halitetest-svc /etc/halitetest-svc.conf \
    /tmp/halitetest-svc.log /etc/systemd/system/halitetest-svc.service \
    /run/systemd/system/halitetest-svc.service
if [ "$1" = after ]; then
    rm -f /etc/init.d/halitetest-svc
    exit 0
fi
cat > /etc/init.d/halitetest-svc <<'SCRIPT'
#!/bin/sh
### BEGIN INIT INFO
# Provides:          halitetest-svc
# Required-Start:
# Required-Stop:
# Default-Start:     2 3 4 5
# Default-Stop:      0 1 6
# Short-Description: halite's test service (a shell loop)
### END INIT INFO
PIDFILE=/run/halitetest-svc.pid
LOG=/tmp/halitetest-svc.log
running() { start-stop-daemon --status --pidfile $PIDFILE; }
case "$1" in
start)
    running && exit 0
    echo start >> $LOG
    exec start-stop-daemon --start --quiet --background --make-pidfile --pidfile $PIDFILE \
        --startas /bin/sh -- -c 'trap "echo reload >> /tmp/halitetest-svc.log" HUP; while :; do sleep 1; done'
    ;;
stop)
    running || exit 0
    echo stop >> $LOG
    exec start-stop-daemon --stop --quiet --retry 5 --pidfile $PIDFILE --remove-pidfile
    ;;
restart|force-reload)
    "$0" stop && exec "$0" start
    ;;
reload)
    running || exit 7
    exec start-stop-daemon --stop --quiet --signal HUP --pidfile $PIDFILE
    ;;
status)
    running
    ;;
*)
    echo "Usage: $0 {start|stop|restart|reload|force-reload|status}" >&2
    exit 3
    ;;
esac
SCRIPT
chmod 755 /etc/init.d/halitetest-svc

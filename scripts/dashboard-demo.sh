#!/bin/sh
# The dashboard over a generated store (halite_dashboard::demo: web, db, cache, lb and worker
# hosts run every hour, mostly unchanged, some changed with a config diff, a failing check now
# and then, one host unreported, one failing, one unreachable).
#
#   scripts/dashboard-demo.sh            the README's pictures: docs/img/dashboard-{overview,
#                                        host,run,grains}.png, taken by Debian's chromium
#                                        (1280x900) in tests/browser.rs, whose store is fixed
#                                        (20 hosts x 7 days, "now" 2026-12-02 12:00 UTC), so
#                                        the pictures change only when the pages do
#   scripts/dashboard-demo.sh --serve [HOSTS [DAYS]] [--listen ADDR:PORT]
#                                        a store of HOSTS (20) x DAYS (7) of hourly runs up to
#                                        now in a scratch master config, and `halite dashboard`
#                                        over it (default http://127.0.0.1:8450/) until ^C
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--serve" ]; then
  shift
  hosts=20 days=7 listen=127.0.0.1:8450
  case "${1:-}" in [0-9]*) hosts=$1; shift ;; esac
  case "${1:-}" in [0-9]*) days=$1; shift ;; esac
  if [ "${1:-}" = "--listen" ]; then listen=$2; fi
  cargo build --locked -q -p halite -p halite-dashboard --example demo_store
  dir=$(mktemp -d /tmp/halite-dashboard-demo.XXXXXX)
  mkdir -p "$dir/cache"
  # keep_jobs_seconds 0: `halite ssh` on this config would keep every run (the default removes
  # runs older than a day)
  printf 'cachedir: %s/cache\nkeep_jobs_seconds: 0\n' "$dir" >"$dir/master"
  target/debug/examples/demo_store "$dir/cache/jobs.sqlite" "$hosts" "$days" 24
  exec target/debug/halite dashboard -c "$dir" --listen "$listen"
fi
command -v chromium >/dev/null || { echo "dashboard-demo.sh: no chromium on PATH (apt-get install chromium)" >&2; exit 1; }
mkdir -p docs/img
rm -f docs/img/dashboard-overview.png docs/img/dashboard-host.png docs/img/dashboard-run.png \
  docs/img/dashboard-grains.png
HALITE_DASHBOARD_SCREENSHOTS="$PWD/docs/img" cargo test --locked -q -p halite-dashboard --test browser
for p in overview host run grains; do
  [ -s "docs/img/dashboard-$p.png" ] || { echo "dashboard-demo.sh: docs/img/dashboard-$p.png not made" >&2; exit 1; }
done
ls -l docs/img/dashboard-*.png

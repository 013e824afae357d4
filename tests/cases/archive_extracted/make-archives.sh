#!/bin/sh
# Builds the archives srv/salt/arc/* this case extracts (run from the case folder; the
# recorded outputs list member names only, so rebuilding does not change them).
set -e
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
arc=$(pwd)/srv/salt/arc
mkdir -p "$arc" "$work/app/sub"
cd "$work"
echo a > app/a.txt
echo b > app/sub/b.txt
ln -s a.txt app/link
echo top > top.txt
tar cf "$arc/app.tar" app
tar czf "$arc/app.tar.gz" app
tar cjf "$arc/app.tar.bz2" app
tar cJf "$arc/app.tar.xz" app
tar czf "$arc/multi.tar.gz" app top.txt
rm -f "$arc/app.zip"
zip -qry "$arc/app.zip" app
echo 'not an archive' > "$arc/broken.tar"

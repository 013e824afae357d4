#!/usr/bin/env python3
"""Regenerates this case's archives (srv/salt/*.tar.gz, *.zip) byte for byte: times 0,
owners root, fixed modes. Run from this folder, then record the case again
(scripts/oracle/record.sh and record.py with 3008.4's salt-call)."""
import io
import tarfile
import zipfile


def add(t, name, data=None, kind="file", target=None):
    ti = tarfile.TarInfo(name)
    ti.mtime = 0
    ti.uid = ti.gid = 0
    ti.uname = ti.gname = "root"
    if kind == "dir":
        ti.type = tarfile.DIRTYPE
        ti.mode = 0o755
        t.addfile(ti)
    elif kind == "link":
        ti.type = tarfile.SYMTYPE
        ti.linkname = target
        ti.mode = 0o777
        t.addfile(ti)
    else:
        b = data.encode()
        ti.size = len(b)
        ti.mode = 0o644
        t.addfile(ti, io.BytesIO(b))


with tarfile.open("srv/salt/app.tar.gz", "w:gz", format=tarfile.GNU_FORMAT) as t:
    add(t, "app", kind="dir")
    add(t, "app/conf", kind="dir")
    add(t, "app/conf/app.ini", "x=1\n")
    add(t, "app/README", "hi\n")
    add(t, "app/current", kind="link", target="conf")
# files only under one folder (no folder members): 3007.8 and 3008.4 disagree on its top level
with tarfile.open("srv/salt/files_only.tar.gz", "w:gz", format=tarfile.GNU_FORMAT) as t:
    add(t, "jdk/bin/java", "#!/bin/sh\n")
    add(t, "jdk/lib/rt.jar", "jar\n")
with zipfile.ZipFile("srv/salt/site.zip", "w") as z:
    for name, attr, data in [
        ("site/", (0o40755 << 16) | 0x10, ""),
        ("site/index.html", 0o100644 << 16, "<p>hi</p>\n"),
        ("loose.txt", 0o100644 << 16, "x\n"),
    ]:
        zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        zi.external_attr = attr
        z.writestr(zi, data)

#!/usr/bin/env python3
"""A tiny HKP keyserver on loopback for the pkgrepo keyserver host case: no network.

    hkp-server.py PORT KEYDIR

answers `GET /pks/lookup?op=get&search=0xKEY` (what gpg's dirmngr asks for `--recv-keys`)
with the armored public key KEYDIR/FINGERPRINT.asc whose fingerprint ends with KEY (a
fingerprint, a long or a short key id, any case); anything else is 404. Each request is
appended to KEYDIR/requests.log (the path asked for and the status answered). Once the port
is bound it creates KEYDIR/listening (a port already taken fails the start instead).
"""

import http.server
import os
import sys
import urllib.parse


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        body = None
        if url.path == "/pks/lookup" and query.get("op") == ["get"]:
            want = query.get("search", [""])[0].upper()
            want = want[2:] if want.startswith("0X") else want
            for name in sorted(os.listdir(KEYDIR)):
                fpr = name[:-4].upper()
                if name.endswith(".asc") and want and fpr.endswith(want):
                    with open(os.path.join(KEYDIR, name), "rb") as f:
                        body = f.read()
                    break
        status = 200 if body is not None else 404
        with open(os.path.join(KEYDIR, "requests.log"), "a") as log:
            log.write("%s %d\n" % (self.path, status))
        self.send_response(status)
        self.send_header("Content-Type", "application/pgp-keys")
        body = body if body is not None else b"Not found\n"
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    PORT, KEYDIR = int(sys.argv[1]), sys.argv[2]
    server = http.server.HTTPServer(("127.0.0.1", PORT), Handler)
    # bound: the caller waits for this file
    open(os.path.join(KEYDIR, "listening"), "w").close()
    server.serve_forever()

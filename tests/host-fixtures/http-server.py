#!/usr/bin/env python3
"""A tiny HTTP file server on loopback for the netsrc host cases: no network.

    http-server.py PORT ROOT LOGDIR [CERT KEY]

answers `GET /PATH` with the file ROOT/PATH (200, `Content-Length`, an `ETag` of its size and
mtime), `GET /redirect/PATH` with a 302 to `/PATH`, anything else with 404. Each request is
appended to LOGDIR/requests.log (method, path, status), so a case can count downloads. Once
the port is bound it creates LOGDIR/listening (a port already taken fails the start instead).
With CERT and KEY (PEM files) it serves https.
"""

import http.server
import os
import sys
import urllib.parse


class Handler(http.server.BaseHTTPRequestHandler):
    def answer(self, head):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        status, body, headers = 404, b"Not found\n", {}
        if path.startswith("/redirect/"):
            status, body = 302, b""
            headers["Location"] = path[len("/redirect") :]
        else:
            full = os.path.realpath(os.path.join(ROOT, path.lstrip("/")))
            if full.startswith(ROOT + os.sep) and os.path.isfile(full):
                with open(full, "rb") as f:
                    body = f.read()
                st = os.stat(full)
                status = 200
                headers["ETag"] = '"%x-%x"' % (st.st_size, int(st.st_mtime))
        with open(os.path.join(LOGDIR, "requests.log"), "a") as log:
            log.write("%s %s %d\n" % (self.command, self.path, status))
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def do_GET(self):
        self.answer(False)

    def do_HEAD(self):
        self.answer(True)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    PORT, ROOT, LOGDIR = int(sys.argv[1]), os.path.realpath(sys.argv[2]), sys.argv[3]
    server = http.server.HTTPServer(("127.0.0.1", PORT), Handler)
    if len(sys.argv) > 5:
        import ssl

        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(sys.argv[4], sys.argv[5])
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    # bound: the caller waits for this file
    open(os.path.join(LOGDIR, "listening"), "w").close()
    server.serve_forever()

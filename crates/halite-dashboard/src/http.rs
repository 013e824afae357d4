//! A small HTTP/1.1 server on std's `TcpListener`: a thread a connection (at most
//! [`MAX_CONNECTIONS`] at once), one request a connection (`Connection: close`), a request
//! head of at most [`MAX_HEAD`] bytes read within [`TIMEOUT`]; no request body is read.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The request line and headers together.
pub const MAX_HEAD: usize = 16 * 1024;
/// Reading the request, writing the answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; more are answered 503 at once.
pub const MAX_CONNECTIONS: usize = 64;

/// A request as the pages see it.
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub method: String,
    /// The target's path, percent-decoded segment by segment by the router.
    pub path: String,
    /// The raw query (after `?`), undecoded.
    pub query: String,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// A GET of `target` (`/path?query`), for tests and benchmarks.
    pub fn get(target: &str) -> Request {
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        Request {
            method: "GET".into(),
            path: path.into(),
            query: query.into(),
            headers: Vec::new(),
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The decoded values of query parameter `key`, in order.
    pub fn params(&self, key: &str) -> Vec<String> {
        self.query
            .split('&')
            .filter_map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                (decode(k, true) == key).then(|| decode(v, true))
            })
            .collect()
    }

    pub fn param(&self, key: &str) -> Option<String> {
        self.params(key).into_iter().next()
    }
}

/// An answer.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn reason(&self) -> &'static str {
        match self.status {
            200 => "OK",
            400 => "Bad Request",
            401 => "Unauthorized",
            404 => "Not Found",
            405 => "Method Not Allowed",
            431 => "Request Header Fields Too Large",
            500 => "Internal Server Error",
            503 => "Service Unavailable",
            _ => "",
        }
    }

    /// The answer on the wire; `head_only` leaves the body out (HEAD).
    pub fn write_to(&self, w: &mut impl Write, head_only: bool) -> std::io::Result<()> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
             Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n\
             Content-Security-Policy: default-src 'none'; style-src 'self'; img-src 'self'; \
             form-action 'self'; frame-ancestors 'none'; base-uri 'none'\r\n",
            self.status,
            self.reason(),
            self.content_type,
            self.body.len()
        );
        for (k, v) in &self.headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        w.write_all(head.as_bytes())?;
        if !head_only {
            w.write_all(&self.body)?;
        }
        w.flush()
    }
}

/// `%XX` decoded (and `+` as a space in a query); invalid sequences are kept as they are,
/// invalid UTF-8 replaced.
pub fn decode(s: &str, plus_is_space: bool) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => {
                let hex = |c: u8| (c as char).to_digit(16);
                match (hex(b[i + 1]), hex(b[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                }
            }
            b'+' if plus_is_space => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `s` percent-encoded for a path segment or query value (everything but RFC 3986's
/// unreserved characters).
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &c in s.as_bytes() {
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
            out.push(c as char);
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
    }
    out
}

/// Why a request head could not be read.
#[derive(Debug)]
pub enum HeadError {
    TooLarge,
    Malformed,
    Io,
}

/// Reads a request head (request line, headers) from `r`, at most [`MAX_HEAD`] bytes.
pub fn read_request(r: impl Read) -> Result<Request, HeadError> {
    let mut reader = BufReader::new(r.take(MAX_HEAD as u64 + 1));
    let mut total = 0usize;
    let mut line = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    loop {
        line.clear();
        let n = reader
            .read_until(b'\n', &mut line)
            .map_err(|_| HeadError::Io)?;
        total += n;
        if total > MAX_HEAD {
            return Err(HeadError::TooLarge);
        }
        if n == 0 || !line.ends_with(b"\n") {
            return Err(HeadError::Malformed);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if lines.is_empty() {
                continue; // a stray CRLF before the request line (RFC 9112 2.2)
            }
            break;
        }
        lines.push(text.to_string());
    }
    let mut first = lines[0].split(' ');
    let (Some(method), Some(target), Some(version)) = (first.next(), first.next(), first.next())
    else {
        return Err(HeadError::Malformed);
    };
    if !version.starts_with("HTTP/1.") || method.is_empty() || !target.starts_with('/') {
        return Err(HeadError::Malformed);
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut headers = Vec::new();
    for h in &lines[1..] {
        let Some((k, v)) = h.split_once(':') else {
            return Err(HeadError::Malformed);
        };
        headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    Ok(Request {
        method: method.to_string(),
        path: path.to_string(),
        query: query.to_string(),
        headers,
    })
}

/// Serves `handler` on `listener` until the listener fails.
pub fn serve<F>(listener: TcpListener, handler: Arc<F>) -> std::io::Result<()>
where
    F: Fn(&Request) -> Response + Send + Sync + 'static,
{
    let live = Arc::new(AtomicUsize::new(0));
    for conn in listener.incoming() {
        let Ok(stream) = conn else {
            // out of descriptors or the like: wait a little rather than spin
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        if live.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            live.fetch_sub(1, Ordering::SeqCst);
            let _ = stream.set_write_timeout(Some(TIMEOUT));
            let _ = Response::new(503, "text/plain; charset=utf-8", "busy\n")
                .write_to(&mut &stream, false);
            continue;
        }
        let (mine, handler) = (live.clone(), handler.clone());
        let spawned = std::thread::Builder::new()
            .name("dashboard-conn".into())
            .spawn(move || {
                handle_connection(stream, &*handler);
                mine.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            // no thread: the connection was dropped (closed) with the closure
            live.fetch_sub(1, Ordering::SeqCst);
        }
    }
    Ok(())
}

fn handle_connection<F: Fn(&Request) -> Response>(stream: TcpStream, handler: &F) {
    let _ = stream.set_read_timeout(Some(TIMEOUT));
    let _ = stream.set_write_timeout(Some(TIMEOUT));
    let (resp, head_only) = match read_request(&stream) {
        Ok(req) => (handler(&req), req.method == "HEAD"),
        Err(HeadError::TooLarge) => (
            Response::new(431, "text/plain; charset=utf-8", "request head too large\n"),
            false,
        ),
        Err(HeadError::Malformed) => (
            Response::new(400, "text/plain; charset=utf-8", "bad request\n"),
            false,
        ),
        Err(HeadError::Io) => return,
    };
    let _ = resp.write_to(&mut &stream, head_only);
    let _ = stream.shutdown(std::net::Shutdown::Write);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_head_is_parsed_and_bounded() {
        let r = read_request(&b"GET /host/web%201?only=changed HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n"[..]).unwrap();
        assert_eq!(
            (r.method.as_str(), r.path.as_str()),
            ("GET", "/host/web%201")
        );
        assert_eq!(r.param("only").as_deref(), Some("changed"));
        assert_eq!(r.header("authorization"), Some("Bearer t"));
        let big = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert!(matches!(
            read_request(big.as_bytes()),
            Err(HeadError::TooLarge)
        ));
        assert!(matches!(
            read_request(&b"GET / HTTP/1.1\r\n"[..]),
            Err(HeadError::Malformed)
        ));
        assert!(matches!(
            read_request(&b"GET x HTTP/1.1\r\n\r\n"[..]),
            Err(HeadError::Malformed)
        ));
    }

    #[test]
    fn percent_coding_round_trips() {
        assert_eq!(decode("os%3ADebian+12", true), "os:Debian 12");
        assert_eq!(decode("a+b", false), "a+b");
        assert_eq!(decode("%zz%4", true), "%zz%4");
        assert_eq!(decode("%", true), "%");
        assert_eq!(encode("web 1/<x>"), "web%201%2F%3Cx%3E");
        assert_eq!(decode(&encode("é:ü"), false), "é:ü");
    }
}

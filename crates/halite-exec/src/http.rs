//! Remote files (`http://`, `https://`, `ftp://`) as Salt's file client fetches them
//! (salt/fileclient.py `Client.get_url`, `_extrn_path`; salt/utils/http.py `query`), through
//! the system's `curl` as halite reaches other systems through their tools.
//!
//! - The cache path is `<cachedir>/extrn_files/<saltenv>/<netloc>/<path>` (the port's `:`
//!   dropped, `user:pass@` dropped, `-<query>` appended when there is a query).
//! - A download goes to `<dest>.part` beside it and is renamed over `<dest>` once complete
//!   (the `.part` of a failed download stays, as Salt leaves it).
//! - With a `source_hash` whose length names a hash type, a cached copy with that hash is
//!   answered without a download (`get_url`'s "Cached copy ... matches source_hash").
//! - One process is one Salt run: a URL cached once (`cp.cache_file`'s `__context__` key
//!   `cp.cache_file_|-URL_|-SALTENV`) is answered from the cache for the rest of the run.
//! - Redirects are followed (tornado's `follow_redirects`, at most 5); `verify_ssl: False`
//!   skips the certificate check; `proxy_host`/`proxy_port` (with `proxy_username`/
//!   `proxy_password`, unless the host is in `no_proxy`) go to curl's `--proxy`, and no
//!   proxy from the environment is used otherwise (tornado reads none);
//!   `http_connect_timeout` and `http_request_timeout` are curl's timeouts.
//! - Errors carry Salt's texts (the `MinionError` get_url raises): `Error: HTTP 404: Not
//!   Found reading /path`, `Error: [Errno 111] Connection refused reading /path`,
//!   `Error: [Errno -2] Name or service not known reading /path`; for ftp `Could not
//!   retrieve URL from FTP server. Exception: ...`.

use halite_value::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The schemes fetched here (Salt's `REMOTE_PROTOS` less `swift` and `s3`).
pub const FETCHED: [&str; 3] = ["http", "https", "ftp"];

/// Salt's `REMOTE_PROTOS`.
pub const REMOTE_PROTOS: [&str; 5] = ["http", "https", "ftp", "swift", "s3"];

/// `urlparse(url).scheme`, lowercased ("" when there is none).
pub fn scheme(url: &str) -> String {
    match url.find(':') {
        Some(i)
            if i > 0
                && url[..i].starts_with(|c: char| c.is_ascii_alphabetic())
                && url[..i]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            url[..i].to_ascii_lowercase()
        }
        _ => String::new(),
    }
}

/// Whether `url` is one of Salt's remote sources (`http`, `https`, `ftp`, `swift`, `s3`).
pub fn is_remote(url: &str) -> bool {
    REMOTE_PROTOS.contains(&scheme(url).as_str())
}

/// The parts of a URL `urlparse` gives and the fetch needs.
struct Parsed<'a> {
    scheme: String,
    netloc: &'a str,
    path: &'a str,
    query: &'a str,
}

fn parse(url: &str) -> Parsed<'_> {
    let scheme = scheme(url);
    let rest = if scheme.is_empty() {
        url
    } else {
        &url[scheme.len() + 1..]
    };
    let (netloc, after) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find(['/', '?', '#']).unwrap_or(r.len());
            (&r[..end], &r[end..])
        }
        None => ("", rest),
    };
    let after = after.split('#').next().unwrap_or("");
    let (path, query) = after.split_once('?').unwrap_or((after, ""));
    Parsed {
        scheme,
        netloc,
        path,
        query,
    }
}

/// The host part of a netloc (`urlparse(...).hostname`, lowercased).
fn hostname(netloc: &str) -> String {
    let host = netloc.rsplit('@').next().unwrap_or(netloc);
    let host = if let Some(h) = host.strip_prefix('[') {
        h.split(']').next().unwrap_or(h)
    } else {
        host.split(':').next().unwrap_or(host)
    };
    host.to_ascii_lowercase()
}

/// `Client._extrn_path(url, saltenv)`: where the file client caches `url`.
pub fn extrn_path(cachedir: &str, url: &str, saltenv: &str) -> PathBuf {
    let p = parse(url);
    let mut netloc = p.netloc.rsplit('@').next().unwrap_or(p.netloc).to_string();
    let has_port = netloc
        .rsplit_once(':')
        .is_some_and(|(_, port)| !port.is_empty() && !port.contains(']'));
    if has_port {
        netloc = netloc.replace(':', "");
    }
    let mut file_name = if p.query.is_empty() {
        p.path.to_string()
    } else {
        format!("{}-{}", p.path, p.query)
    };
    if file_name.len() > 255 {
        file_name = crate::hashes::sha256_hex(file_name.as_bytes());
    }
    let root = Path::new(cachedir)
        .join("extrn_files")
        .join(saltenv)
        .join(netloc);
    // `.` and `..` segments are removed as curl removes them from the request (RFC 3986), so
    // the cache path never leaves the host's folder (Salt answers "Invalid path" there)
    let mut segs: Vec<&str> = Vec::new();
    for seg in file_name.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                segs.pop();
            }
            s => segs.push(s),
        }
    }
    segs.iter().fold(root, |p, s| p.join(s))
}

/// `HASHES_REVMAP`: the hash type a hex digest's length names.
fn hash_type_of_len(len: usize) -> Option<&'static str> {
    match len {
        32 => Some("md5"),
        40 => Some("sha1"),
        56 => Some("sha224"),
        64 => Some("sha256"),
        96 => Some("sha384"),
        128 => Some("sha512"),
        _ => None,
    }
}

fn hash_hex(kind: &str, data: &[u8]) -> String {
    crate::hashes::hex_of_kind(kind, data)
}

/// The URLs this run has cached, by `(url, saltenv)` (`cp.cache_file`'s `__context__`).
fn run_cache() -> &'static Mutex<HashMap<(String, String), PathBuf>> {
    static CACHE: std::sync::OnceLock<Mutex<HashMap<(String, String), PathBuf>>> =
        std::sync::OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// How a fetch is asked for.
#[derive(Debug, Clone, Default)]
pub struct Fetch<'a> {
    /// `source_hash` (`TYPE=HEX` or `HEX`): a cached copy with this hash is not fetched again.
    pub source_hash: Option<&'a str>,
    /// `verify_ssl` (None: the minion option, default True).
    pub verify_ssl: Option<bool>,
    /// A `HEAD` request (file.source_list's check of an http(s) source).
    pub head: bool,
}

/// `salt.utils.http.query(url, method="HEAD")` has no "error": the URL answers (after
/// redirects) with a status below 400. ftp URLs never do (tornado cannot ask them).
pub fn head_ok(opts: &Value, url: &str) -> bool {
    let p = parse(url);
    if p.scheme != "http" && p.scheme != "https" {
        return false;
    }
    let how = Fetch {
        head: true,
        ..Fetch::default()
    };
    curl(opts, url, &p, Path::new("/dev/null"), &how).is_ok()
}

/// `cp.cache_file(url, saltenv, source_hash=..., verify_ssl=...)` for a remote URL: the
/// cached file's path, or Err with the text of the exception Salt raises.
pub fn cache_url(
    opts: &Value,
    url: &str,
    saltenv: &str,
    how: &Fetch<'_>,
) -> Result<PathBuf, String> {
    let key = (url.to_string(), saltenv.to_string());
    if let Some(p) = run_cache().lock().ok().and_then(|c| c.get(&key).cloned()) {
        if p.is_file() {
            return Ok(p);
        }
    }
    let cachedir = opts
        .get("cachedir")
        .map(Value::py_str)
        .unwrap_or_else(|| "/var/cache/salt/minion".into());
    let dest = extrn_path(&cachedir, url, saltenv);
    if let Some(sh) = how.source_hash {
        let hex = sh.rsplit('=').next().unwrap_or(sh);
        if let Some(kind) = hash_type_of_len(hex.len()) {
            if let Ok(data) = std::fs::read(&dest) {
                if hash_hex(kind, &data) == hex {
                    tracing::debug!(
                        "Cached copy of {url} ({}) matches source_hash {hex}, skipping download",
                        dest.display()
                    );
                    remember(key, &dest);
                    return Ok(dest);
                }
            }
        }
    }
    if let Some(dir) = dest.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            format!(
                "halite: cannot create the cache folder {}: {e}",
                dir.display()
            )
        })?;
    }
    get_to(opts, url, &dest, how)?;
    remember(key, &dest);
    Ok(dest)
}

fn remember(key: (String, String), dest: &Path) {
    if let Ok(mut c) = run_cache().lock() {
        c.insert(key, dest.to_path_buf());
    }
}

/// `Client.get_url(url, dest)` for a remote URL and a destination file: fetched to
/// `DEST.part`, renamed over `dest` when complete.
pub fn get_to(opts: &Value, url: &str, dest: &Path, how: &Fetch<'_>) -> Result<(), String> {
    let p = parse(url);
    let part = {
        let mut s = dest.as_os_str().to_owned();
        s.push(".part");
        PathBuf::from(s)
    };
    // Salt opens DEST.part before it asks, and leaves it (with an error page's body) when
    // the fetch fails
    std::fs::File::create(&part)
        .map_err(|e| format!("halite: cannot write {}: {e}", part.display()))?;
    curl(opts, url, &p, &part, how)?;
    std::fs::rename(&part, dest).map_err(|e| {
        format!(
            "halite: cannot rename {} to {}: {e}",
            part.display(),
            dest.display()
        )
    })
}

/// `Client.get_url(url, None, no_cache=True)`: the remote file's bytes, fetched into a temp
/// file that is removed (nothing is cached).
pub fn fetch_bytes(opts: &Value, url: &str, how: &Fetch<'_>) -> Result<Vec<u8>, String> {
    let tmp = crate::files::mkstemp(None, "")
        .map_err(|e| format!("halite: cannot make a temp file: {e}"))?;
    let fetched = get_to(opts, url, Path::new(&tmp), how);
    let data = std::fs::read(&tmp);
    let _ = std::fs::remove_file(&tmp);
    let _ = std::fs::remove_file(format!("{tmp}.part"));
    fetched?;
    data.map_err(|e| format!("halite: cannot read {tmp}: {e}"))
}

/// The reason phrase Python's `http.server.BaseHTTPRequestHandler.responses` (and tornado's
/// `httputil.responses`) has for a status code.
fn reason(code: u16) -> &'static str {
    match code {
        300 => "Multiple Choices",
        301 => "Moved Permanently",
        302 => "Found",
        303 => "See Other",
        304 => "Not Modified",
        305 => "Use Proxy",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        402 => "Payment Required",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        407 => "Proxy Authentication Required",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        412 => "Precondition Failed",
        413 => "Request Entity Too Large",
        414 => "Request-URI Too Long",
        415 => "Unsupported Media Type",
        416 => "Requested Range Not Satisfiable",
        417 => "Expectation Failed",
        418 => "I'm a Teapot",
        421 => "Misdirected Request",
        422 => "Unprocessable Entity",
        423 => "Locked",
        424 => "Failed Dependency",
        425 => "Too Early",
        426 => "Upgrade Required",
        428 => "Precondition Required",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        451 => "Unavailable For Legal Reasons",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        505 => "HTTP Version Not Supported",
        506 => "Variant Also Negotiates",
        507 => "Insufficient Storage",
        508 => "Loop Detected",
        510 => "Not Extended",
        511 => "Network Authentication Required",
        _ => "Unknown",
    }
}

fn opt_str(opts: &Value, key: &str) -> Option<String> {
    opts.get(key).filter(|v| v.truthy()).map(Value::py_str)
}

/// Runs curl for `url` into `out`; Err is Salt's text.
fn curl(
    opts: &Value,
    url: &str,
    p: &Parsed<'_>,
    out: &Path,
    how: &Fetch<'_>,
) -> Result<(), String> {
    let verify = how
        .verify_ssl
        .unwrap_or_else(|| opts.get("verify_ssl").map(Value::truthy).unwrap_or(true));
    let mut cmd = std::process::Command::new("curl");
    cmd.arg("--silent")
        .arg("--show-error")
        .arg("--globoff")
        .arg("--output")
        .arg(out)
        .arg("--write-out")
        .arg("%{http_code}");
    if how.head {
        cmd.arg("--head");
    }
    if p.scheme == "http" || p.scheme == "https" {
        cmd.arg("--location").arg("--max-redirs").arg("5");
        let connect = opts
            .get("http_connect_timeout")
            .and_then(Value::as_f64)
            .unwrap_or(20.0);
        let total = opts
            .get("http_request_timeout")
            .and_then(Value::as_f64)
            .unwrap_or(3600.0);
        cmd.arg("--connect-timeout")
            .arg(connect.to_string())
            .arg("--max-time")
            .arg(total.to_string());
        // salt.utils.http.query: the minion's proxy options unless the host is in no_proxy
        let host = hostname(p.netloc);
        let no_proxy: Vec<String> = match opts.get("no_proxy") {
            Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
            Some(Value::Str(s)) => s.split(',').map(|x| x.trim().to_string()).collect(),
            _ => Vec::new(),
        };
        let proxy = match (opt_str(opts, "proxy_host"), opt_str(opts, "proxy_port")) {
            (Some(h), Some(port)) if !no_proxy.contains(&host) => {
                match (
                    opt_str(opts, "proxy_username"),
                    opt_str(opts, "proxy_password"),
                ) {
                    (Some(u), Some(pw)) => Some(format!("http://{u}:{pw}@{h}:{port}")),
                    _ => Some(format!("http://{h}:{port}")),
                }
            }
            _ => None,
        };
        match proxy {
            Some(px) => {
                cmd.arg("--proxy").arg(px);
            }
            None => {
                cmd.arg("--noproxy").arg("*");
            }
        }
        if !verify {
            cmd.arg("--insecure");
        }
    } else {
        let timeout = opts
            .get("fileserver_ftp_timeout")
            .and_then(Value::as_f64)
            .unwrap_or(30.0);
        cmd.arg("--connect-timeout").arg(timeout.to_string());
        cmd.arg("--noproxy").arg("*");
    }
    cmd.arg("--").arg(url);
    cmd.stdin(std::process::Stdio::null());
    let output = match cmd.output() {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!(
                "halite: fetching {url} needs curl on this host (not found on PATH)"
            ))
        }
        Err(e) => return Err(format!("halite: cannot run curl for {url}: {e}")),
    };
    let code: u16 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap_or(0);
    let curl_rc = output.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // curl's one-line message (`curl: (N) TEXT`; a certificate problem adds a paragraph)
    let stderr = stderr
        .trim()
        .lines()
        .next()
        .unwrap_or("")
        .trim_start_matches("curl: ");
    if p.scheme == "ftp" {
        if curl_rc == 0 {
            return Ok(());
        }
        return Err(format!(
            "Could not retrieve {url} from FTP server. Exception: {}",
            os_error_text(curl_rc).unwrap_or_else(|| stderr.to_string())
        ));
    }
    let read = |what: String| format!("Error: {what} reading {}", p.path);
    if curl_rc == 0 && (200..300).contains(&code) {
        return Ok(());
    }
    if curl_rc == 0 && code >= 300 {
        // tornado's HTTPClientError: "HTTP CODE: REASON"
        return Err(read(format!("HTTP {code}: {}", reason(code))));
    }
    if curl_rc == 47 {
        // tornado: more than max_redirects redirects ends on the last 3xx answer
        return Err(read(format!("HTTP {code}: {}", reason(code))));
    }
    if curl_rc == 60 {
        // Python's ssl.SSLCertVerificationError as tornado reports it; OpenSSL's reason is
        // curl's too (the `_ssl.c` line is CPython 3.11's, the oracles' Python)
        let why = stderr
            .split("SSL certificate problem: ")
            .nth(1)
            .unwrap_or(stderr);
        return Err(read(format!(
            "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: {why} (_ssl.c:1006)"
        )));
    }
    Err(read(
        os_error_text(curl_rc).unwrap_or_else(|| format!("halite: curl: {stderr}")),
    ))
}

/// The OSError tornado's client reports for a curl failure that is one (Linux errno texts).
fn os_error_text(curl_rc: i32) -> Option<String> {
    Some(
        match curl_rc {
            // CURLE_COULDNT_RESOLVE_HOST: getaddrinfo's EAI_NONAME
            6 => "[Errno -2] Name or service not known",
            // CURLE_COULDNT_CONNECT
            7 => "[Errno 111] Connection refused",
            _ => return None,
        }
        .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extrn_path_drops_the_port_colon_and_credentials() {
        assert_eq!(
            extrn_path("/c", "http://127.0.0.1:38391/a/b.txt", "base"),
            PathBuf::from("/c/extrn_files/base/127.0.0.138391/a/b.txt")
        );
        assert_eq!(
            extrn_path("/c", "https://u:p@example.com/x.tgz?v=1", "dev"),
            PathBuf::from("/c/extrn_files/dev/example.com/x.tgz-v=1")
        );
    }

    #[test]
    fn extrn_path_stays_in_the_cache_folder() {
        assert_eq!(
            extrn_path("/c", "http://h/a/../../../../etc/passwd", "base"),
            PathBuf::from("/c/extrn_files/base/h/etc/passwd")
        );
        assert_eq!(
            extrn_path("/c", "http://h/./x/./y", "base"),
            PathBuf::from("/c/extrn_files/base/h/x/y")
        );
    }

    #[test]
    fn hostname_of_netloc() {
        assert_eq!(hostname("u:p@Example.COM:80"), "example.com");
        assert_eq!(hostname("[::1]:80"), "::1");
    }
}

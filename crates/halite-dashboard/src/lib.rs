//! The dashboard: read-only pages over the job store (halite_jobs' SQLite file).
//!
//! - `/`: hosts by the status of their last run (or unreported: no run for
//!   [`App::unreported_hours`]), the fleet's failing states, a daily status chart and a
//!   run-duration chart (SVG drawn here);
//! - `/host/ID` (`?only=changed|failed`), `/run/JID/ID`, `/diff/ID?a=JID&b=JID`;
//! - `/grains?q=KEY:PATH:GLOB ...` and `/grains.csv?q=...`;
//! - `/metrics`: Prometheus' text format.
//!
//! Every page is HTML rendered here with every stored value escaped ([`html::esc`]), and
//! no script: the answers carry a Content-Security-Policy without `script-src`, so even a
//! value that escaped escaping could not run. Nothing answers anything but GET and HEAD.
//! The server ([`http`]) is std's `TcpListener`, a thread a connection.

pub mod demo;
pub mod grains;
pub mod html;
pub mod http;
pub mod metrics;
pub mod pages;
pub mod store;
pub mod svg;

use http::{Request, Response};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Who may read the pages.
#[derive(Debug, Clone, Default)]
pub struct Auth {
    /// `dashboard_token`: `Authorization: Bearer TOKEN`.
    pub token: Option<String>,
    /// `dashboard_user` / `dashboard_password`: `Authorization: Basic ...`.
    pub basic: Option<(String, String)>,
}

impl Auth {
    pub fn configured(&self) -> bool {
        self.token.is_some() || self.basic.is_some()
    }

    /// Whether the `Authorization` header `header` is allowed in.
    pub fn allows(&self, header: Option<&str>) -> bool {
        if !self.configured() {
            return true;
        }
        let Some(h) = header else { return false };
        if let (Some(t), Some(given)) = (&self.token, h.strip_prefix("Bearer ")) {
            if constant_time_eq(t.as_bytes(), given.trim().as_bytes()) {
                return true;
            }
        }
        if let (Some((u, p)), Some(given)) = (&self.basic, h.strip_prefix("Basic ")) {
            // compared encoded: no decoding of what the client sent
            let want = base64(format!("{u}:{p}").as_bytes());
            if constant_time_eq(want.as_bytes(), given.trim().as_bytes()) {
                return true;
            }
        }
        false
    }
}

/// Equal bytes, in a time that depends on the lengths only.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Standard base64 with padding.
pub fn base64(data: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(T[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Whether the dashboard may listen on `addr` with `auth`: a loopback address always,
/// any other only with a token or a user and password.
pub fn check_listen(addr: &SocketAddr, auth: &Auth) -> Result<(), String> {
    if addr.ip().is_loopback() || auth.configured() {
        Ok(())
    } else {
        Err(format!(
            "refusing to listen on {addr}, which is not a loopback address, without \
             dashboard_token or dashboard_user and dashboard_password in the master config"
        ))
    }
}

/// The dashboard's settings and its request handler.
#[derive(Debug, Clone)]
pub struct App {
    /// The store's database (`sqlite3.database`).
    pub database: PathBuf,
    /// `dashboard_unreported_hours` (default 24): a host whose last run is older is
    /// unreported.
    pub unreported_hours: f64,
    pub auth: Auth,
    /// The present (microseconds since the epoch); None: the clock's. Tests fix it.
    pub now_micros: Option<u128>,
}

const CSS: &str = include_str!("style.css");

impl App {
    pub fn new(database: PathBuf) -> App {
        App {
            database,
            unreported_hours: 24.0,
            auth: Auth::default(),
            now_micros: None,
        }
    }

    pub fn now(&self) -> u128 {
        self.now_micros.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_micros())
                .unwrap_or(0)
        })
    }

    /// The answer to `req`.
    pub fn respond(&self, req: &Request) -> Response {
        if req.method != "GET" && req.method != "HEAD" {
            let mut r = Response::new(405, "text/plain; charset=utf-8", "only GET and HEAD\n");
            r.headers.push(("Allow", "GET, HEAD".into()));
            return r;
        }
        if !self.auth.allows(req.header("authorization")) {
            let mut r = Response::new(401, "text/plain; charset=utf-8", "unauthorized\n");
            let scheme = if self.auth.basic.is_some() {
                "Basic realm=\"halite dashboard\""
            } else {
                "Bearer realm=\"halite dashboard\""
            };
            r.headers.push(("WWW-Authenticate", scheme.into()));
            return r;
        }
        if req.path == "/style.css" {
            return Response::new(200, "text/css; charset=utf-8", CSS);
        }
        let store = match store::Store::open(&self.database) {
            Ok(s) => s,
            Err(e) => {
                return pages::error_page(
                    503,
                    &format!(
                        "The job store {} cannot be read ({e}). Runs are stored there by \
                         `halite ssh`.",
                        self.database.display()
                    ),
                )
            }
        };
        match pages::route(self, &store, req) {
            Ok(r) => r,
            Err(e) => pages::error_page(500, &format!("reading the job store: {e}")),
        }
    }
}

/// `YYYY-MM-DDTHH:MM:SS[.ffffff]Z` as seconds since the epoch.
pub fn iso_to_unix(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    if b.len() < 19 || b[4] != b'-' || b[10] != b'T' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| s.get(r)?.parse::<i64>().ok();
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hh, mm, ss) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let frac = s
        .get(19..)
        .and_then(|f| f.strip_prefix('.'))
        .map(|f| f.trim_end_matches('Z'))
        .and_then(|f| format!("0.{f}").parse::<f64>().ok())
        .unwrap_or(0.0);
    // H. Hinnant's days_from_civil
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some((days * 86_400 + hh * 3600 + mm * 60 + ss) as f64 + frac)
}

/// The ISO time (as the store writes `started`) of `micros` since the epoch.
pub fn micros_iso(micros: u128) -> String {
    halite_jobs::sqlite::jid_iso(&halite_jobs::jid::micros_to_jid(micros))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auth_takes_the_token_or_the_password_and_nothing_else() {
        let open = Auth::default();
        assert!(open.allows(None));
        let a = Auth {
            token: Some("s3cret".into()),
            basic: Some(("ops".into(), "pw".into())),
        };
        assert!(!a.allows(None));
        assert!(a.allows(Some("Bearer s3cret")));
        assert!(!a.allows(Some("Bearer s3cre")));
        assert!(a.allows(Some(&format!("Basic {}", base64(b"ops:pw")))));
        assert!(!a.allows(Some(&format!("Basic {}", base64(b"ops:px")))));
        assert_eq!(base64(b"ops:pw"), "b3BzOnB3");
        assert_eq!(base64(b"a"), "YQ==");
    }

    #[test]
    fn only_loopback_listens_without_credentials() {
        let none = Auth::default();
        assert!(check_listen(&"127.0.0.1:8450".parse().unwrap(), &none).is_ok());
        assert!(check_listen(&"[::1]:8450".parse().unwrap(), &none).is_ok());
        let e = check_listen(&"0.0.0.0:8450".parse().unwrap(), &none).unwrap_err();
        assert!(e.contains("dashboard_token"), "{e}");
        let tok = Auth {
            token: Some("t".into()),
            basic: None,
        };
        assert!(check_listen(&"0.0.0.0:8450".parse().unwrap(), &tok).is_ok());
    }

    #[test]
    fn iso_times_read_back() {
        let t = 1_764_690_601_123_456u128;
        let iso = micros_iso(t);
        assert_eq!(iso_to_unix(&iso), Some(1_764_690_601.123456));
        assert_eq!(iso_to_unix("1970-01-01T00:00:00Z"), Some(0.0));
        assert_eq!(iso_to_unix("garbage"), None);
    }
}

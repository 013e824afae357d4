//! `halite dashboard`: the store named by the master config served on loopback; another
//! address refused without a token or a password, and with a token every request needs it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn master(dir: &std::path::Path, extra: &str) {
    std::fs::write(
        dir.join("master"),
        format!("cachedir: {}/cache\n{extra}", dir.display()),
    )
    .unwrap();
}

fn store(dir: &std::path::Path) {
    let mut db = halite_jobs::sqlite::Sqlite::open(&dir.join("cache/jobs.sqlite"), 5.0).unwrap();
    let ret = halite_value::Value::from_json_str(
        r#"{"cmd_|-check_|-check_|-run": {"result": false, "changes": {}, "comment": "<b>boom</b>", "__id__": "check", "__run_num__": 0, "duration": 5.0}}"#,
    )
    .unwrap();
    let s = halite_jobs::summary::summarise(&ret, 2, true);
    let jid = halite_jobs::jid::gen_jid(false);
    db.record_run(&jid, "web1", "state.apply", &s, None)
        .unwrap();
}

/// Starts the dashboard; returns it and the port it printed.
fn start(dir: &std::path::Path, listen: &str) -> (Server, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["dashboard", "-c"])
        .arg(dir)
        .args(["--listen", listen])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|a| a.rsplit(':').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (Server(child), port)
}

fn get(port: u16, target: &str, auth: Option<&str>) -> String {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let auth = auth
        .map(|a| format!("Authorization: {a}\r\n"))
        .unwrap_or_default();
    s.write_all(format!("GET {target} HTTP/1.1\r\nHost: t\r\n{auth}\r\n").as_bytes())
        .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn the_dashboard_serves_the_store_on_loopback() {
    let dir = tempfile::tempdir().unwrap();
    master(dir.path(), "");
    store(dir.path());
    let (_server, port) = start(dir.path(), "127.0.0.1:0");
    let m = get(port, "/metrics", None);
    assert!(m.starts_with("HTTP/1.1 200 OK"), "{m}");
    assert!(
        m.contains("halite_last_run_status{id=\"web1\",status=\"failed\"} 1"),
        "{m}"
    );
    let o = get(port, "/", None);
    assert!(
        o.contains("id=\"n-failed\">1<") && o.contains("&lt;b&gt;boom&lt;/b&gt;"),
        "{o}"
    );
}

#[test]
fn another_address_needs_a_token_and_then_every_request_does() {
    let dir = tempfile::tempdir().unwrap();
    master(dir.path(), "");
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["dashboard", "-c"])
        .arg(dir.path())
        .args(["--listen", "0.0.0.0:0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("refusing to listen on 0.0.0.0:0"), "{err}");
    assert!(err.contains("dashboard_token"), "{err}");

    master(dir.path(), "dashboard_token: s3cret\n");
    store(dir.path());
    let (_server, port) = start(dir.path(), "0.0.0.0:0");
    let no = get(port, "/metrics", None);
    assert!(no.starts_with("HTTP/1.1 401 "), "{no}");
    assert!(no.contains("WWW-Authenticate: Bearer"));
    let yes = get(port, "/metrics", Some("Bearer s3cret"));
    assert!(yes.starts_with("HTTP/1.1 200 OK"), "{yes}");

    // a user without a password is a mistake, said
    master(dir.path(), "dashboard_user: ops\n");
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["dashboard", "-c"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("go together"));
}

//! Each page's numbers over a scratch store filled through halite_jobs (`summarise`, then
//! `Sqlite::record_run`, as `halite ssh` writes), escaping, auth, methods, and the server
//! over TCP.

use halite_dashboard::http::{Request, Response};
use halite_dashboard::{micros_iso, App, Auth};
use halite_jobs::jid::micros_to_jid;
use halite_jobs::sqlite::Sqlite;
use halite_jobs::summary::summarise;
use halite_value::Value;
use std::io::{Read, Write};
use std::path::Path;

/// 2026-12-02T12:00:00Z.
const NOW: u128 = 1_796_212_800_000_000;
const HOUR: u128 = 3_600_000_000;

fn state(id: &str, fun: &str, result: &str, comment: &str, changes: &str, n: i64) -> String {
    let (module, f) = fun.split_once('.').unwrap();
    format!(
        r#""{module}_|-{id}_|-{id}_|-{f}": {{"result": {result}, "comment": {c}, "changes": {changes}, "name": "{id}", "__id__": "{id}", "__sls__": "app", "__run_num__": {n}, "duration": {d}}}"#,
        c = serde_json::to_string(comment).unwrap(),
        d = 10 * (n + 1)
    )
}

fn record(
    db: &mut Sqlite,
    at: u128,
    id: &str,
    fun: &str,
    ret: &str,
    retcode: i64,
    grains: Option<&str>,
) -> String {
    let jid = micros_to_jid(at);
    let v = Value::from_json_str(ret).unwrap();
    let s = summarise(&v, retcode, fun.starts_with("state."));
    let g = grains.map(|g| Value::from_json_str(g).unwrap());
    db.record_run(&jid, id, fun, &s, g.as_ref()).unwrap();
    jid
}

struct Fixture {
    _dir: tempfile::TempDir,
    app: App,
    web1: [String; 3],
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jobs.sqlite");
    let mut db = Sqlite::open(&path, 5.0).unwrap();
    let diff = r#"{"diff": "--- \n+++ \n@@ -1,2 +1,2 @@\n keep\n-old line\n+new line\n"}"#;
    let run1 = format!(
        "{{{}, {}, {}}}",
        state("a", "test.nop", "true", "fine", "{}", 0),
        state("b", "file.managed", "true", "in order", "{}", 1),
        state("c", "cmd.run", "true", "ran", "{}", 2)
    );
    let run2 = format!(
        "{{{}, {}, {}}}",
        state("a", "test.nop", "true", "fine", "{}", 0),
        state(
            "b",
            "file.managed",
            "true",
            "File /etc/app.conf updated",
            diff,
            1
        ),
        state("c", "cmd.run", "true", "ran", "{}", 2)
    );
    let run3 = format!(
        "{{{}, {}, {}}}",
        state("b", "file.managed", "true", "in order", "{}", 0),
        state(
            "c",
            "cmd.run",
            "false",
            "<script>alert(\"x\")</script> & failed",
            "{}",
            1
        ),
        state("d", "test.nop", "true", "new", "{}", 2)
    );
    let w1 = record(
        &mut db,
        NOW - 3 * HOUR,
        "web1",
        "state.apply",
        &run1,
        0,
        None,
    );
    let w2 = record(
        &mut db,
        NOW - 2 * HOUR,
        "web1",
        "state.apply",
        &run2,
        0,
        None,
    );
    let w3 = record(
        &mut db,
        NOW - HOUR,
        "web1",
        "state.apply",
        &run3,
        2,
        Some(
            r#"{"os": "Debian", "osrelease": "12", "kernelrelease": "6.1.0", "roles": ["web"], "evil": "<b>x</b>"}"#,
        ),
    );
    let changed = format!(
        "{{{}}}",
        state("b", "file.managed", "true", "updated", diff, 0)
    );
    record(
        &mut db,
        NOW - HOUR,
        "web2",
        "state.apply",
        &changed,
        0,
        Some(
            r#"{"os": "Debian", "osrelease": "11", "kernelrelease": "5.10", "roles": ["web", "cache"], "note": "=HYPERLINK(\"x\")"}"#,
        ),
    );
    // a ping after the highstate: the overview still judges web2 by its state run
    record(
        &mut db,
        NOW - HOUR / 6,
        "web2",
        "test.ping",
        "true",
        0,
        None,
    );
    let same = format!("{{{}}}", state("a", "test.nop", "true", "fine", "{}", 0));
    record(
        &mut db,
        NOW - 30 * HOUR,
        "db1",
        "state.apply",
        &same,
        0,
        None,
    );
    let pending = format!(
        "{{{}}}",
        state("b", "file.managed", "null", "would change", diff, 0)
    );
    record(
        &mut db,
        NOW - 2 * HOUR,
        "db2",
        "state.apply",
        &pending,
        0,
        Some(r#"{"os": "Ubuntu", "osrelease": "22.04", "kernelrelease": "5.15", "roles": ["db"]}"#),
    );
    record(
        &mut db,
        NOW - HOUR,
        "lb1",
        "state.apply",
        r#"{"_error": "Failed to connect", "stderr": "no route", "retcode": 255}"#,
        255,
        None,
    );
    record(&mut db, NOW - HOUR, "web3", "state.apply", &same, 0, None);
    let mut app = App::new(path);
    app.now_micros = Some(NOW);
    Fixture {
        _dir: dir,
        app,
        web1: [w1, w2, w3],
    }
}

fn get(app: &App, target: &str) -> Response {
    app.respond(&Request::get(target))
}

/// The number in `<span ... id="ID">N</span>`.
fn number(html: &str, id: &str) -> i64 {
    let key = format!("id=\"{id}\">");
    let at = html
        .find(&key)
        .unwrap_or_else(|| panic!("no #{id} in {html}"))
        + key.len();
    let digits: String = html[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

#[test]
fn the_overview_counts_hosts_by_their_last_state_run_and_lists_failures() {
    let f = fixture();
    let r = get(&f.app, "/");
    assert_eq!(r.status, 200);
    let h = r.text();
    for (cat, n) in [
        ("failed", 1),
        ("error", 1),
        ("unreported", 1),
        ("pending", 1),
        ("changed", 1),
        ("unchanged", 1),
        ("hosts", 6),
        ("failures", 2),
    ] {
        assert_eq!(number(&h, &format!("n-{cat}")), n, "{cat}");
    }
    // the failing state with its comment, escaped
    assert!(
        h.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; failed"),
        "{h}"
    );
    assert!(!h.contains("<script"), "{h}");
    assert!(h.contains("no state results came back (exit status 255)"));
    // the daily chart: 2026-12-02 has 8 runs, 2 of them changed; 2026-12-01 db1's one
    assert!(
        h.contains(r#"data-day="2026-12-02" data-status="changed" data-n="2""#),
        "{h}"
    );
    assert!(h.contains(r#"data-day="2026-12-02" data-status="ok" data-n="1""#));
    assert!(h.contains(r#"data-day="2026-12-01" data-status="unchanged" data-n="1""#));
    assert!(h.contains("2026-12-02: 8 runs"));
    assert!(h.contains("id=\"duration-chart\""));
    // 14 days on the chart: the first is 2026-11-19
    assert!(h.contains(">11-19</text>") && !h.contains(">11-18</text>"));
    // a category filter
    let only = get(&f.app, "/?status=unreported").text();
    assert!(only.contains("href=\"/host/db1\"") && !only.contains("href=\"/host/web3\""));
}

#[test]
fn the_unreported_age_is_configurable() {
    let mut f = fixture();
    f.app.unreported_hours = 48.0;
    let h = get(&f.app, "/").text();
    assert_eq!(number(&h, "n-unreported"), 0);
    assert_eq!(number(&h, "n-unchanged"), 2);
    f.app.unreported_hours = 0.5;
    let h = get(&f.app, "/").text();
    // every state run is older than half an hour
    assert_eq!(number(&h, "n-unreported"), 6);
}

#[test]
fn a_host_lists_its_runs_with_filters() {
    let f = fixture();
    let h = get(&f.app, "/host/web1").text();
    assert_eq!(number(&h, "n-all"), 3);
    assert_eq!(number(&h, "n-changed"), 1);
    assert_eq!(number(&h, "n-failed"), 1);
    assert_eq!(h.matches("<tr class=\"run\">").count(), 3);
    for jid in &f.web1 {
        assert!(h.contains(&format!("/run/{jid}/web1")), "{jid}");
    }
    // the grains are escaped too
    assert!(h.contains("&lt;b&gt;x&lt;/b&gt;") && !h.contains("<b>x"));
    let c = get(&f.app, "/host/web1?only=changed").text();
    assert_eq!(c.matches("<tr class=\"run\">").count(), 1);
    assert!(c.contains(&f.web1[1]) && !c.contains(&format!("/run/{}/", f.web1[0])));
    let x = get(&f.app, "/host/web1?only=failed").text();
    assert_eq!(x.matches("<tr class=\"run\">").count(), 1);
    assert!(x.contains(&format!("/run/{}/web1", f.web1[2])));
    let e = get(&f.app, "/host/lb1?only=failed").text();
    assert_eq!(e.matches("<tr class=\"run\">").count(), 1);
    assert_eq!(get(&f.app, "/host/nosuch").status, 404);
    // an id with odd characters is found through its percent-encoded link
    assert_eq!(get(&f.app, "/host/web%31").status, 200);
}

#[test]
fn a_run_shows_its_states_with_diffs_coloured_and_comments_escaped() {
    let f = fixture();
    let r = get(&f.app, &format!("/run/{}/web1", f.web1[1]));
    assert_eq!(r.status, 200);
    let h = r.text();
    assert_eq!(number(&h, "n-total"), 3);
    assert_eq!(number(&h, "n-changed"), 1);
    assert!(h.contains("<span class=\"add\">+new line</span>"), "{h}");
    assert!(h.contains("<span class=\"del\">-old line</span>"));
    assert!(h.contains("<span class=\"hunk\">@@ -1,2 +1,2 @@</span>"));
    assert!(h.contains("File /etc/app.conf updated"));
    assert!(h.contains("20 ms"));
    let h = get(&f.app, &format!("/run/{}/web1", f.web1[2])).text();
    assert_eq!(number(&h, "n-failed"), 1);
    assert!(h.contains("&lt;script&gt;") && !h.contains("<script"));
    assert!(h.contains("<tr class=\"st-False\">"));
    assert_eq!(get(&f.app, &format!("/run/{}/web2", f.web1[0])).status, 404);
}

#[test]
fn a_diff_names_states_added_removed_and_changed() {
    let f = fixture();
    let h = get(
        &f.app,
        &format!("/diff/web1?a={}&b={}", f.web1[0], f.web1[2]),
    )
    .text();
    assert_eq!(number(&h, "n-added"), 1);
    assert_eq!(number(&h, "n-removed"), 1);
    assert_eq!(number(&h, "n-changed-states"), 1);
    let added = &h[h.find("id=\"added\"").unwrap()..];
    assert!(added[..added.find("</table>").unwrap()].contains("<td>d</td>"));
    let removed = &h[h.find("id=\"removed\"").unwrap()..];
    assert!(removed[..removed.find("</table>").unwrap()].contains("<td>a</td>"));
    let changed = &h[h.find("id=\"changed\"").unwrap()..];
    let changed = &changed[..changed.find("</table>").unwrap()];
    assert!(
        changed.contains("<td>c</td>") && changed.contains("<td>result</td>"),
        "{changed}"
    );
    // b against its previous run (run 2): b's changes went, c failed, a went, d came
    let h = get(&f.app, &format!("/diff/web1?b={}", f.web1[2])).text();
    assert_eq!(number(&h, "n-changed-states"), 2);
    assert!(h.contains("<td>result</td>") && h.contains("<td>changes</td>"));
    // no a and no b: the last two runs
    let h2 = get(&f.app, "/diff/web1").text();
    assert_eq!(number(&h2, "n-changed-states"), 2);
    assert_eq!(
        get(&f.app, &format!("/diff/web1?b={}", f.web1[0])).status,
        404
    );
}

#[test]
fn grains_are_searched_by_key_path_and_glob_and_exported_as_csv() {
    let f = fixture();
    let n = |q: &str| number(&get(&f.app, &format!("/grains?q={q}")).text(), "n-matches");
    assert_eq!(n(""), 3);
    assert_eq!(n("os:debian"), 2);
    assert_eq!(n("os:Debian+osrelease:12"), 1);
    assert_eq!(n("os:Debian&q=osrelease:1*"), 2);
    assert_eq!(n("roles:cache"), 1);
    assert_eq!(n("os:Rocky"), 0);
    assert_eq!(n("note"), 1);
    let h = get(&f.app, "/grains?q=os%3AUbuntu").text();
    assert!(h.contains("href=\"/host/db2\"") && !h.contains("href=\"/host/web1\""));
    assert!(h.contains("value=\"os:Ubuntu\""));
    let e = get(&f.app, "/grains?q=%22%3E%3Cscript%3E").text();
    assert!(!e.contains("<script") && e.contains("&quot;&gt;&lt;script&gt;"));
    let c = get(&f.app, "/grains.csv?q=os:Debian+note");
    assert_eq!(c.content_type, "text/csv; charset=utf-8");
    assert_eq!(
        c.text(),
        "id,os,note,osrelease,kernelrelease\r\nweb2,Debian,\"'=HYPERLINK(\"\"x\"\")\",11,5.10\r\n"
    );
    let all = get(&f.app, "/grains.csv").text();
    assert_eq!(all.lines().count(), 4);
    assert!(all.starts_with("id,os,osrelease,kernelrelease\r\ndb2,Ubuntu,22.04,5.15\r\n"));
}

#[test]
fn metrics_give_each_host_s_last_run() {
    let f = fixture();
    let r = get(&f.app, "/metrics");
    assert_eq!(r.content_type, "text/plain; version=0.0.4; charset=utf-8");
    let m = r.text();
    let t = halite_dashboard::iso_to_unix(&micros_iso(NOW - HOUR)).unwrap();
    for line in [
        "# TYPE halite_last_run_status gauge".to_string(),
        "halite_last_run_status{id=\"web1\",status=\"failed\"} 1".into(),
        "halite_last_run_status{id=\"web1\",status=\"changed\"} 0".into(),
        "halite_last_run_status{id=\"web2\",status=\"changed\"} 1".into(),
        "halite_last_run_status{id=\"web2\",status=\"ok\"} 0".into(),
        "halite_last_run_status{id=\"lb1\",status=\"error\"} 1".into(),
        "halite_last_run_states{id=\"web1\",result=\"failed\"} 1".into(),
        "halite_last_run_states{id=\"web1\",result=\"total\"} 3".into(),
        "halite_last_run_duration_seconds{id=\"web1\"} 0.060".into(),
        "halite_last_run_retcode{id=\"lb1\"} 255".into(),
        format!("halite_last_run_timestamp_seconds{{id=\"web1\"}} {t:.3}"),
        "halite_hosts{status=\"unreported\"} 1".into(),
        "halite_hosts{status=\"failed\"} 1".into(),
    ] {
        assert!(m.lines().any(|l| l == line), "{line} missing in\n{m}");
    }
    // low cardinality: 6 hosts, 6 + 6 * 6 + 6 * 5 + 6 + 6 host series, 7 fleet series
    let series = m.lines().filter(|l| !l.starts_with('#')).count();
    assert_eq!(series, 6 + 36 + 30 + 6 + 6 + 7);
    assert_eq!(
        halite_dashboard::metrics::label("a\"b\\c\nd"),
        "a\\\"b\\\\c\\nd"
    );
}

#[test]
fn only_get_and_head_and_only_with_credentials_when_configured() {
    let mut f = fixture();
    for m in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        let mut req = Request::get("/");
        req.method = m.into();
        let r = f.app.respond(&req);
        assert_eq!(r.status, 405, "{m}");
        assert!(r
            .headers
            .iter()
            .any(|(k, v)| *k == "Allow" && v == "GET, HEAD"));
    }
    f.app.auth = Auth {
        token: Some("tok".into()),
        basic: Some(("ops".into(), "pw".into())),
    };
    let r = get(&f.app, "/metrics");
    assert_eq!(r.status, 401);
    assert!(!r.text().contains("halite_"));
    let with = |h: &str| {
        let mut req = Request::get("/metrics");
        req.headers.push(("authorization".into(), h.into()));
        f.app.respond(&req).status
    };
    assert_eq!(with("Bearer tok"), 200);
    assert_eq!(with("Bearer nope"), 401);
    assert_eq!(
        with(&format!("Basic {}", halite_dashboard::base64(b"ops:pw"))),
        200
    );
    assert_eq!(
        with(&format!("Basic {}", halite_dashboard::base64(b"ops:no"))),
        401
    );
}

#[test]
fn a_missing_store_is_said_not_made() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("none.sqlite");
    let app = App::new(path.clone());
    let r = get(&app, "/");
    assert_eq!(r.status, 503);
    assert!(r.text().contains("cannot be read"));
    assert!(!Path::new(&path).exists());
}

fn raw(addr: std::net::SocketAddr, request: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn the_server_answers_over_tcp() {
    let f = fixture();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let app = f.app.clone();
    std::thread::spawn(move || {
        let _ = halite_dashboard::http::serve(
            listener,
            std::sync::Arc::new(move |r: &Request| app.respond(r)),
        );
    });
    let get = raw(addr, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(get.starts_with("HTTP/1.1 200 OK\r\n"), "{get}");
    assert!(get.contains("Content-Security-Policy: default-src 'none'"));
    assert!(get.contains("id=\"n-failed\">1<"));
    let head = raw(addr, "HEAD /metrics HTTP/1.1\r\n\r\n");
    assert!(
        head.starts_with("HTTP/1.1 200 OK\r\n") && head.ends_with("\r\n\r\n"),
        "{head}"
    );
    let post = raw(addr, "POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc");
    assert!(
        post.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"),
        "{post}"
    );
    assert!(post.contains("Allow: GET, HEAD\r\n"));
    let bad = raw(addr, "nonsense\r\n\r\n");
    assert!(bad.starts_with("HTTP/1.1 400 "), "{bad}");
    let big = raw(
        addr,
        &format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(20_000)),
    );
    assert!(big.starts_with("HTTP/1.1 431 "), "{big}");
    let css = raw(addr, "GET /style.css HTTP/1.1\r\n\r\n");
    assert!(css.contains("Content-Type: text/css"));
}

#[test]
fn the_demo_store_has_what_it_promises() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demo.sqlite");
    let demo = halite_dashboard::demo::generate(
        &path,
        &halite_dashboard::demo::DemoSpec {
            hosts: 20,
            days: 3,
            runs_per_day: 4,
            now_micros: NOW,
            seed: 7,
        },
    )
    .unwrap();
    let mut app = App::new(path);
    app.now_micros = Some(NOW);
    let h = get(&app, "/").text();
    assert_eq!(number(&h, "n-hosts"), 20);
    assert_eq!(number(&h, "n-unreported"), 1);
    assert!(number(&h, "n-failed") >= 1);
    assert_eq!(number(&h, "n-error"), 1);
    let u = get(&app, "/?status=unreported").text();
    assert!(u.contains(&format!("href=\"/host/{}\"", demo.unreported)));
    let g = get(&app, "/grains?q=os:Debian").text();
    assert!(number(&g, "n-matches") > 0);
}

#[test]
fn a_store_without_the_status_index_counts_the_same_days() {
    let f = fixture();
    let before = get(&f.app, "/").text();
    let conn = rusqlite::Connection::open(&f.app.database).unwrap();
    conn.execute_batch("DROP INDEX halite_runs_by_status")
        .unwrap();
    drop(conn);
    let after = get(&f.app, "/").text();
    let chart = |h: &str| {
        let at = h.find("id=\"status-chart\"").unwrap();
        h[at..at + h[at..].find("</svg>").unwrap()].to_string()
    };
    assert_eq!(chart(&before), chart(&after));
    assert!(after.contains(r#"data-day="2026-12-02" data-status="changed" data-n="2""#));
}

//! The pages in a real browser: Debian's `chromium --headless` loads the overview, a host, a
//! run and the grains page from the dashboard served over a generated store (20 hosts x 7
//! days of hourly runs), and the numbers in the rendered DOM (`--dump-dom`) must be the
//! store's, counted here with SQL of the test's own. Each page is also screenshot
//! (1280x900) into `HALITE_DASHBOARD_SCREENSHOTS` when set (scripts/dashboard-demo.sh makes
//! the README's pictures with the real binary), else into a scratch folder, and checked to
//! be a PNG. Skipped, saying why, without a `chromium` on PATH.

use halite_dashboard::http::Request;
use halite_dashboard::{micros_iso, App};
use std::path::{Path, PathBuf};
use std::process::Command;

/// 2026-12-02T12:00:00Z.
const NOW: u128 = 1_796_212_800_000_000;

fn on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join(name))
            .find(|f| f.is_file())
    })
}

fn chromium(bin: &Path, args: &[&str], url: &str) -> String {
    let mut cmd = Command::new(bin);
    cmd.args([
        "--headless",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
    ]);
    // Chromium refuses to run as root with its sandbox on.
    if is_root() {
        cmd.arg("--no-sandbox");
    }
    let out = cmd.args(args).arg(url).output().expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium {args:?} {url}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(2) == Some("0"))
        })
        .unwrap_or(false)
}

fn number(dom: &str, id: &str) -> i64 {
    let key = format!("id=\"{id}\">");
    let at = dom
        .find(&key)
        .unwrap_or_else(|| panic!("no #{id} in the rendered page:\n{dom}"))
        + key.len();
    dom[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

#[test]
fn the_pages_render_the_store_s_numbers_in_chromium() {
    let Some(bin) = on_path("chromium") else {
        halite_testkit::skip_this_test("no chromium on PATH (Debian: apt-get install chromium)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jobs.sqlite");
    let demo = halite_dashboard::demo::generate(
        &db,
        &halite_dashboard::demo::DemoSpec {
            hosts: 20,
            days: 7,
            runs_per_day: 24,
            now_micros: NOW,
            seed: 2026,
        },
    )
    .unwrap();
    let mut app = App::new(db.clone());
    app.now_micros = Some(NOW);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let served = app.clone();
    std::thread::spawn(move || {
        let _ = halite_dashboard::http::serve(
            listener,
            std::sync::Arc::new(move |r: &Request| served.respond(r)),
        );
    });

    // The store's numbers, by the test's own SQL.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let cutoff = micros_iso(NOW - 24 * 3_600_000_000);
    let last: Vec<(String, String, String, String, i64)> = conn
        .prepare(
            "SELECT id, jid, status, started, failed FROM halite_runs r \
             WHERE started = (SELECT max(started) FROM halite_runs WHERE id = r.id)",
        )
        .unwrap()
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let count = |cat: &str| {
        last.iter()
            .filter(|(_, _, s, started, _)| {
                if *started < cutoff {
                    cat == "unreported"
                } else {
                    s == cat
                }
            })
            .count() as i64
    };
    let failures: i64 = last
        .iter()
        .map(|(_, _, s, _, f)| if s == "error" { 1 } else { *f })
        .sum();

    let shots = std::env::var_os("HALITE_DASHBOARD_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| dir.path().to_path_buf());
    let shoot = |name: &str, url: &str| {
        let png = shots.join(format!("dashboard-{name}.png"));
        let arg = format!("--screenshot={}", png.display());
        chromium(&bin, &[&arg, "--window-size=1280,900"], url);
        let bytes = std::fs::read(&png).unwrap();
        assert!(
            bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
            "{}",
            png.display()
        );
    };

    // overview
    let url = format!("{base}/");
    let dom = chromium(&bin, &["--dump-dom"], &url);
    assert_eq!(number(&dom, "n-hosts"), 20);
    for cat in [
        "failed",
        "error",
        "unreported",
        "pending",
        "changed",
        "unchanged",
    ] {
        if cat == "error" && count(cat) == 0 {
            continue;
        }
        assert_eq!(number(&dom, &format!("n-{cat}")), count(cat), "{cat}");
    }
    assert_eq!(count("unreported"), 1);
    assert_eq!(number(&dom, "n-failures"), failures);
    assert!(dom.contains(&format!("href=\"/host/{}\"", demo.failing)));
    assert!(dom.contains("<svg") && dom.contains("id=\"status-chart\""));
    shoot("overview", &url);

    // a host
    let host = &demo.hosts[0];
    let runs: i64 = conn
        .query_row(
            "SELECT count(*) FROM halite_runs WHERE id = ?1",
            [host],
            |r| r.get(0),
        )
        .unwrap();
    let changed: i64 = conn
        .query_row(
            "SELECT count(*) FROM halite_runs WHERE id = ?1 AND status = 'changed'",
            [host],
            |r| r.get(0),
        )
        .unwrap();
    let url = format!("{base}/host/{host}");
    let dom = chromium(&bin, &["--dump-dom"], &url);
    assert_eq!(number(&dom, "n-all"), runs);
    assert_eq!(number(&dom, "n-changed"), changed);
    assert_eq!(dom.matches("<tr class=\"run\">").count() as i64, runs);
    shoot("host", &url);

    // a changed run of that host, with its diff
    let (jid, total): (String, i64) = conn
        .query_row(
            "SELECT jid, total FROM halite_runs WHERE id = ?1 AND status = 'changed' \
             ORDER BY started DESC LIMIT 1",
            [host],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let url = format!("{base}/run/{jid}/{host}");
    let dom = chromium(&bin, &["--dump-dom"], &url);
    assert_eq!(number(&dom, "n-total"), total);
    assert!(dom.contains("<span class=\"add\">+"), "{dom}");
    shoot("run", &url);

    // grains
    let debian: i64 = conn
        .query_row(
            "SELECT count(*) FROM halite_grains WHERE json_extract(grains, '$.os') = 'Debian'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let url = format!("{base}/grains?q=os:Debian");
    let dom = chromium(&bin, &["--dump-dom"], &url);
    assert!(debian > 0);
    assert_eq!(number(&dom, "n-matches"), debian);
    shoot("grains", &url);
}

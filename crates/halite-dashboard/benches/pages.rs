//! Each page's answer time over a generated store of HOSTS (1,000) hosts x 7 days of hourly
//! runs (168,000 runs, 1.3 million states):
//!
//!   cargo bench -p halite-dashboard --bench pages [-- HOSTS]
//!
//! The store is made once at `target/dashboard-bench-HOSTS.sqlite` (a few minutes for
//! 1,000 hosts) and reused. Each page is asked `RUNS` (default 20) times after two warm-up
//! calls, through `App::respond` (the pages alone) and over a loopback TCP connection to
//! the server (what a browser waits for); printed: median and largest time, answer size.

use halite_dashboard::http::Request;
use halite_dashboard::App;
use std::io::{Read, Write};
use std::time::Instant;

/// 2026-12-02T12:00:00Z.
const NOW: u128 = 1_796_212_800_000_000;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let hosts: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target");
    let db = root.join(format!("dashboard-bench-{hosts}.sqlite"));
    let mut demo_hosts = Vec::new();
    if !db.exists() {
        let t = Instant::now();
        let tmp = db.with_extension("partial");
        let _ = std::fs::remove_file(&tmp);
        let d = halite_dashboard::demo::generate(
            &tmp,
            &halite_dashboard::demo::DemoSpec {
                hosts,
                days: 7,
                runs_per_day: 24,
                now_micros: NOW,
                seed: 2026,
            },
        )
        .expect("the store is made");
        // the WAL into the file, then the file into place
        let conn = rusqlite::Connection::open(&tmp).expect("opens");
        conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;")
            .expect("checkpoint");
        drop(conn);
        std::fs::rename(&tmp, &db).expect("renamed");
        eprintln!(
            "made {} ({} hosts x {} runs) in {:.0} s",
            db.display(),
            d.hosts.len(),
            d.jids.len(),
            t.elapsed().as_secs_f64()
        );
        demo_hosts = d.hosts;
    }
    let conn = rusqlite::Connection::open(&db).expect("opens");
    let (nruns, nstates): (i64, i64) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM halite_runs), (SELECT count(*) FROM halite_states)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("counts");
    if demo_hosts.is_empty() {
        demo_hosts = (0..hosts).map(halite_dashboard::demo::host_name).collect();
    }
    let host = &demo_hosts[0];
    let (jid_b, jid_a): (String, String) = conn
        .query_row(
            "SELECT max(jid), (SELECT max(jid) FROM halite_runs WHERE id = ?1 AND jid < \
             (SELECT max(jid) FROM halite_runs WHERE id = ?1)) FROM halite_runs WHERE id = ?1",
            [host],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("two runs");
    let changed: String = conn
        .query_row(
            "SELECT jid FROM halite_runs WHERE id = ?1 AND status = 'changed' ORDER BY jid DESC LIMIT 1",
            [host],
            |r| r.get(0),
        )
        .expect("a changed run");
    drop(conn);
    let size = std::fs::metadata(&db).map(|m| m.len()).unwrap_or(0);
    println!(
        "store: {hosts} hosts, {nruns} runs, {nstates} states, {:.0} MB",
        size as f64 / 1e6
    );
    let mut app = App::new(db);
    app.now_micros = Some(NOW);
    let pages = [
        "/".to_string(),
        "/?status=failed".into(),
        format!("/host/{host}"),
        format!("/host/{host}?only=changed"),
        format!("/run/{changed}/{host}"),
        format!("/diff/{host}?a={jid_a}&b={jid_b}"),
        "/grains?q=os:Debian".into(),
        "/grains?q=os:Debian+roles:web+osrelease:12*".into(),
        "/grains.csv?q=os:Debian".into(),
        "/metrics".into(),
    ];
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("binds");
    let addr = listener.local_addr().expect("addr");
    let served = app.clone();
    std::thread::spawn(move || {
        let _ = halite_dashboard::http::serve(
            listener,
            std::sync::Arc::new(move |r: &Request| served.respond(r)),
        );
    });
    let over_tcp = |target: &str| {
        let mut s = std::net::TcpStream::connect(addr).expect("connects");
        s.write_all(format!("GET {target} HTTP/1.1\r\nHost: b\r\n\r\n").as_bytes())
            .expect("sent");
        let mut out = Vec::new();
        s.read_to_end(&mut out).expect("read");
        assert!(out.starts_with(b"HTTP/1.1 200"), "{target}");
    };
    println!("\n| page | pages alone: median | largest | over TCP: median | largest | size |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for p in &pages {
        let req = Request::get(p);
        let mut bytes = 0;
        for _ in 0..2 {
            let r = app.respond(&req);
            assert_eq!(r.status, 200, "{p}");
            bytes = r.body.len();
            over_tcp(p);
        }
        let mut alone = Vec::new();
        let mut tcp = Vec::new();
        for _ in 0..runs {
            let t = Instant::now();
            let r = app.respond(&req);
            alone.push(t.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(r);
            let t = Instant::now();
            over_tcp(p);
            tcp.push(t.elapsed().as_secs_f64() * 1e3);
        }
        let shown = p
            .replace(host.as_str(), "HOST")
            .replace(&changed, "JID")
            .replace(&jid_a, "A")
            .replace(&jid_b, "B");
        println!(
            "| `{shown}` | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms | {:.0} kB |",
            median(alone.clone()),
            alone.iter().copied().fold(0.0, f64::max),
            median(tcp.clone()),
            tcp.iter().copied().fold(0.0, f64::max),
            bytes as f64 / 1e3
        );
    }
}

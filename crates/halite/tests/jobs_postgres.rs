//! Salt's `pgjsonb` returner against a real PostgreSQL (halite_testkit::postgres_server:
//! Debian's server binaries, a scratch data folder, loopback, started by the test): a local
//! call with `--return pgjsonb` lands in `salt_returns` with Salt's column meanings, and a
//! return made while the server is down is spooled and written by the next run (nothing
//! lost). Skipped, saying why, where no PostgreSQL server can be started.

use std::path::Path;
use std::process::Command;

fn halite(dir: &Path, extra: &[&str]) -> (serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .arg("-c")
        .arg(dir)
        .args(extra)
        .args([
            "--out",
            "json",
            "-l",
            "quiet",
            "state.sls",
            "a",
            "test=True",
        ])
        .output()
        .expect("halite");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    (
        v["local"].clone(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn returns_reach_postgres_with_salt_s_columns_and_survive_a_server_outage() {
    let mut pg = match halite_testkit::postgres_server::PgServer::start() {
        Ok(pg) => pg,
        Err(why) => {
            halite_testkit::skip_this_test(&why);
            return;
        }
    };
    let scratch = tempfile::tempdir().expect("tempdir");
    let d = scratch.path();
    std::fs::create_dir_all(d.join("srv")).expect("srv");
    std::fs::write(d.join("srv/a.sls"), "a:\n  test.succeed_with_changes: []\n").expect("sls");
    std::fs::write(
        d.join("minion"),
        format!(
            "file_client: local\nid: pgm\ncachedir: {0}/cache\nfile_roots: {{base: [{0}/srv]}}\npillar_roots: {{base: []}}\n{1}",
            d.display(),
            pg.returner_options()
        ),
    )
    .expect("minion");
    let (printed, _) = halite(d, &["--return", "pgjsonb"]);
    let mut c = pg.client("salt").expect("client");
    let rows = c
        .query(
            "SELECT fun, id, success, return, full_ret FROM salt_returns",
            &[],
        )
        .expect("query");
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert_eq!(
        (
            r.get::<_, String>(0),
            r.get::<_, String>(1),
            r.get::<_, String>(2)
        ),
        ("state.sls".into(), "pgm".into(), "true".into())
    );
    assert_eq!(
        r.get::<_, serde_json::Value>(3),
        printed,
        "return is the call's return"
    );
    let full: serde_json::Value = r.get(4);
    assert_eq!(
        (full["fun"].clone(), full["id"].clone()),
        ("state.sls".into(), "pgm".into())
    );
    assert_eq!(full["fun_args"], "['a', 'test=True']");
    // salt-call sends no load: no jids row
    let n: i64 = c
        .query_one("SELECT count(*) FROM jids", &[])
        .expect("count")
        .get(0);
    assert_eq!(n, 0);
    drop(c);
    // the server goes away: the run still succeeds, its return waits in the spool
    pg.stop();
    let (_, stderr) = halite(d, &["--return", "pgjsonb"]);
    assert!(stderr.contains("spooled"), "{stderr}");
    assert_eq!(
        std::fs::read_dir(d.join("cache/jobs_spool"))
            .expect("spool")
            .count(),
        1
    );
    // it comes back: the next run writes the spooled return first, then its own
    pg.restart().expect("restart");
    halite(d, &["--return", "pgjsonb"]);
    let mut c = pg.client("salt").expect("client");
    let n: i64 = c
        .query_one("SELECT count(*) FROM salt_returns", &[])
        .expect("count")
        .get(0);
    assert_eq!(n, 3, "no return lost");
    assert_eq!(
        std::fs::read_dir(d.join("cache/jobs_spool"))
            .expect("spool")
            .count(),
        0
    );
}

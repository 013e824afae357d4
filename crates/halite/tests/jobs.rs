//! A local call's return in the job store (salt-call's `--return`): `sqlite3` lands as
//! Salt 3007.8's `sqlite3` returner writes it (compared by hand with `salt-call --local
//! --return sqlite3` on the same minion config: `fun`, `id`, `fun_args` as Python's `str()`
//! of the argument list, `success` "1", `full_ret` the return as JSON, no `jids` row), with
//! halite's run and state rows beside it, and nothing is kept without a returner; `pgjsonb`
//! reaches a real PostgreSQL (halite_testkit::postgres_server: Debian's server binaries, a
//! scratch data folder, loopback, started by the test) with Salt's column meanings, and a
//! return made while the server is down is spooled and written by the next run. The
//! PostgreSQL test is skipped, saying why, where no server can be started.

use halite_testkit::sqlite_rows as rows;
use std::path::Path;
use std::process::Command;

/// A scratch minion (id `id`) whose tree has `a.sls`: one test.succeed_with_changes.
fn minion(d: &Path, id: &str, extra: &str) {
    std::fs::create_dir_all(d.join("srv")).expect("srv");
    std::fs::write(d.join("srv/a.sls"), "a:\n  test.succeed_with_changes: []\n").expect("sls");
    std::fs::write(
        d.join("minion"),
        format!(
            "file_client: local\nid: {id}\ncachedir: {0}/cache\nfile_roots: {{base: [{0}/srv]}}\npillar_roots: {{base: []}}\n{extra}",
            d.display()
        ),
    )
    .expect("minion");
}

/// `halite -c DIR EXTRA state.sls a test=True`: the printed return and standard error.
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
fn a_local_call_with_return_sqlite3_is_kept_as_salt_s_returner_keeps_it() {
    let scratch = tempfile::tempdir().expect("tempdir");
    let d = scratch.path();
    minion(
        d,
        "sqm",
        &format!("sqlite3.database: {}/salt.db\n", d.display()),
    );
    let run = |extra: &[&str]| halite(d, extra).0;
    run(&[]);
    assert!(!d.join("salt.db").exists(), "no returner: nothing kept");
    let printed = run(&["--return", "sqlite3"]);
    let db = d.join("salt.db");
    let r = rows(
        &db,
        "SELECT fun, id, fun_args, success, full_ret FROM salt_returns",
    );
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(&r[0][..4], &["state.sls", "sqm", "['a', 'test=True']", "1"]);
    let full: serde_json::Value = serde_json::from_str(&r[0][4]).expect("full_ret");
    assert_eq!(full, printed);
    assert_eq!(
        rows(&db, "SELECT count(*) FROM jids"),
        vec![vec!["0".to_string()]]
    );
    assert_eq!(
        rows(&db, "SELECT id, status, total, pending FROM halite_runs"),
        vec![vec![
            "sqm".to_string(),
            "pending".into(),
            "1".into(),
            "1".into()
        ]]
    );
    assert_eq!(
        rows(&db, "SELECT state_id, fun, result FROM halite_states"),
        vec![vec![
            "a".to_string(),
            "test.succeed_with_changes".into(),
            "None".into()
        ]]
    );
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
    minion(d, "pgm", &pg.returner_options());
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

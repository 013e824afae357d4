//! `halite --return sqlite3` (salt-call's `--return`): a local call's return lands in the
//! job store's database as Salt 3007.8's `sqlite3` returner writes it (compared by hand with
//! `salt-call --local --return sqlite3` on the same minion config: `fun`, `id`, `fun_args`
//! as Python's `str()` of the argument list, `success` "1", `full_ret` the return as JSON,
//! no `jids` row), with halite's run and state rows beside it; without a returner nothing
//! is kept.

use std::path::Path;
use std::process::Command;

fn rows(db: &Path, sql: &str) -> Vec<Vec<String>> {
    let script = "import sqlite3, sys, json\nc = sqlite3.connect(sys.argv[1])\nprint(json.dumps([[str(x) for x in r] for r in c.execute(sys.argv[2])]))";
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(db)
        .arg(sql)
        .output()
        .expect("python3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("rows")
}

#[test]
fn a_local_call_with_return_sqlite3_is_kept_as_salt_s_returner_keeps_it() {
    let scratch = tempfile::tempdir().expect("tempdir");
    let d = scratch.path();
    std::fs::create_dir_all(d.join("srv")).expect("srv");
    std::fs::write(d.join("srv/a.sls"), "a:\n  test.succeed_with_changes: []\n").expect("sls");
    std::fs::write(
        d.join("minion"),
        format!(
            "file_client: local\nid: sqm\ncachedir: {0}/cache\nfile_roots: {{base: [{0}/srv]}}\npillar_roots: {{base: []}}\nsqlite3.database: {0}/salt.db\n",
            d.display()
        ),
    )
    .expect("minion");
    let run = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_halite"))
            .arg("-c")
            .arg(d)
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
        v["local"].clone()
    };
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

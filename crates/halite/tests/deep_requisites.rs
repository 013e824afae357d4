//! Requisite chains deeper than the main thread's stack, in Salt 3007's order (where
//! `call_chunk` recurses once a level): halite runs them instead of overflowing its stack
//! (it used to abort with SIGABRT at a few hundred levels in a debug build), and a
//! requisite cycle Salt 3007 recurses on forever ends as Salt's RecursionError crash:
//! nothing on stdout, exit 1.

use std::path::Path;
use std::process::Command;

fn tree(dir: &Path, sls: &str, compat: &str) {
    let srv = dir.join("srv");
    std::fs::create_dir_all(&srv).expect("srv");
    std::fs::write(srv.join("t.sls"), sls).expect("sls");
    std::fs::write(
        dir.join("minion"),
        format!(
            "file_client: local\nfile_roots:\n  base: [{root}/srv]\ncachedir: {root}/cache\npki_dir: {root}/pki\nlog_file: {root}/log\nsalt_compat: \"{compat}\"\n",
            root = dir.display()
        ),
    )
    .expect("minion");
}

fn run(dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["-c"])
        .arg(dir)
        .args(["--out", "json", "state.sls", "t", "test=True"])
        .output()
        .expect("halite runs")
}

#[test]
fn a_3000_deep_require_chain_runs_in_3007_order() {
    let dir = tempfile_dir("deep-chain");
    let n = 3000;
    let mut sls = String::new();
    for i in 0..n {
        if i + 1 < n {
            sls.push_str(&format!(
                "c{i}:\n  test.nop:\n    - require:\n      - test: c{}\n",
                i + 1
            ));
        } else {
            sls.push_str(&format!("c{i}:\n  test.nop\n"));
        }
    }
    tree(&dir, &sls, "3007");
    let out = run(&dir);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("\"result\": true").count(), n);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_prereq_cycle_salt_3007_recurses_on_is_its_recursion_error() {
    let dir = tempfile_dir("prereq-cycle");
    // `prereq_in` of the state's own sls makes it prereq itself: Salt 3007's call_chunk
    // never marks a `prerequired` chunk active, so it calls itself until Python gives up.
    let sls = "a:\n  test.nop:\n    - prereq_in:\n      - sls: t\nb:\n  test.nop\n";
    tree(&dir, sls, "3007");
    let out = run(&dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("RecursionError"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("halite-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

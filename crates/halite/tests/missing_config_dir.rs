//! `-c` naming something that is not a directory: salt-call 3007.8 writes
//! "WARNING: CONFIG '<dir>' directory does not exist." to stderr at every log level, runs the
//! call on its defaults and exits as usual (recorded with
//! `salt-call --local -c /nonexistent [-l quiet] --out json test.ping`: stdout
//! `{"local": true}`, exit 0).

use std::process::Command;

fn halite(config_dir: &std::path::Path, extra: &[&str]) -> (String, String, i32) {
    let scratch = tempfile::tempdir().expect("scratch");
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-c"])
        .arg(config_dir)
        .args(extra)
        .args(["--out", "json", "test.ping"])
        .current_dir(scratch.path())
        .output()
        .expect("run halite");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn compact(json: &str) -> String {
    json.split_whitespace().collect()
}

#[test]
fn missing_config_dir_warns_like_salt_and_runs() {
    let scratch = tempfile::tempdir().expect("scratch");
    let missing = scratch.path().join("nonexistent");
    for extra in [&[][..], &["-l", "quiet"][..]] {
        let (stdout, stderr, rc) = halite(&missing, extra);
        assert_eq!(compact(&stdout), r#"{"local":true}"#, "{extra:?}");
        assert_eq!(rc, 0, "{extra:?}");
        assert_eq!(
            stderr,
            format!(
                "WARNING: CONFIG '{}' directory does not exist.\n",
                missing.display()
            ),
            "{extra:?}"
        );
    }
}

#[test]
fn config_dir_that_is_a_file_warns_like_salt() {
    let scratch = tempfile::tempdir().expect("scratch");
    let file = scratch.path().join("afile");
    std::fs::write(&file, "").expect("write");
    let (_, stderr, rc) = halite(&file, &[]);
    assert_eq!(rc, 0);
    assert_eq!(
        stderr,
        format!(
            "WARNING: CONFIG '{}' directory does not exist.\n",
            file.display()
        )
    );
}

#[test]
fn existing_config_dir_without_minion_file_is_silent() {
    let scratch = tempfile::tempdir().expect("scratch");
    let (stdout, stderr, rc) = halite(scratch.path(), &[]);
    assert_eq!(compact(&stdout), r#"{"local":true}"#);
    assert_eq!(rc, 0);
    assert!(!stderr.contains("does not exist"), "{stderr}");
}

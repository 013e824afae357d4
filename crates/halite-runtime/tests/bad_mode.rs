//! A mode chmod cannot take (`abc`, a list, a dict, `889`). Salt 3007.8 writes the file first
//! (a new one with mode 0600, an existing one with its new contents), then fails "Failed to
//! change mode to X"; for a new directory it creates it, then raises ValueError. halite fails
//! with the same result and comment (the exception's last line for the directory) and
//! writes nothing (docs/compat.md). Salt's answers are in tests/bad_mode/expected, recorded
//! by `scripts/oracle/record.sh crates/halite-runtime/tests/bad_mode`; test mode matches
//! Salt exactly.

use halite_exec::{ExecContext, FileRoots, Registry};
use halite_runtime::{apply_chunks, RunOptions, RuntimeEnv};
use halite_value::{Map, Value};
use std::path::{Path, PathBuf};

fn case() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/bad_mode")
}

fn recorded(n: u32, scratch: &str) -> Map {
    let text = std::fs::read_to_string(case().join(format!("expected/{n:02}.json")))
        .expect("recording")
        .replace("@SCRATCH@", scratch);
    match Value::from_json_str(&text).expect("json").get("local") {
        Some(Value::Map(m)) => m.clone(),
        _ => panic!("no results in {n:02}.json"),
    }
}

fn run(test: bool, scratch: &str) -> Map {
    let low = std::fs::read_to_string(case().join("expected/00.json"))
        .expect("lowstate")
        .replace("@SCRATCH@", scratch);
    let low = Value::from_json_str(&low).expect("json");
    let chunks: Vec<Map> = low
        .get("local")
        .and_then(Value::as_list)
        .expect("chunks")
        .iter()
        .filter_map(|c| c.as_map().cloned())
        .collect();
    let mut roots = FileRoots::default();
    roots
        .envs
        .insert("base".into(), vec![case().join("srv/salt")]);
    // The recording is Salt 3007.8's.
    let mut opts = Map::new();
    opts.insert(halite_value::SALT_COMPAT_KEY, Value::str("3007"));
    let ctx = ExecContext {
        file_roots: roots,
        saltenv: "base".into(),
        opts: Value::Map(opts),
        ..Default::default()
    };
    let env = RuntimeEnv::new(Registry::standard(), ctx);
    let opts = RunOptions {
        test,
        ..Default::default()
    };
    apply_chunks(chunks, &opts, &env).expect("the run is not aborted")
}

/// The comment as the golden harness compares tracebacks: the exception line.
fn last_line(v: Option<&Value>) -> String {
    let c = v.map(Value::py_str).unwrap_or_default();
    c.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string()
}

fn id_of(r: &Value) -> String {
    r.get("__id__").map(Value::py_str).unwrap_or_default()
}

#[test]
fn bad_mode_fails_like_salt_without_writing_anything() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = dir.path().to_string_lossy().into_owned();
    let salt = recorded(1, &s);
    let got = run(false, &s);
    assert_eq!(got.len(), salt.len());
    for (tag, want) in salt.iter() {
        let tag = tag.py_str();
        let have = got
            .get(tag.as_str())
            .unwrap_or_else(|| panic!("{tag} missing"));
        let id = id_of(want);
        if id == "setup" {
            continue;
        }
        assert_eq!(have.get("result"), Some(&Value::Bool(false)), "{id}");
        assert_eq!(want.get("result"), Some(&Value::Bool(false)), "{id}");
        // Nothing changed, so nothing is reported.
        assert_eq!(have.get("changes"), Some(&Value::Map(Map::new())), "{id}");
        let want_comment = if id == "m_exist" {
            // Salt wrote the contents, and its comment says so ("File X updated"); halite
            // refuses the mode first, with the comment Salt gives a new file.
            "Failed to change mode to 0abc".to_string()
        } else {
            last_line(want.get("comment"))
        };
        assert_eq!(last_line(have.get("comment")), want_comment, "{id}");
    }
    // Nothing was written: no new file or directory, and the existing file is as it was.
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .expect("scratch")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, vec!["exist".to_string()]);
    assert_eq!(
        std::fs::read_to_string(Path::new(&s).join("exist")).expect("exist"),
        "old\n"
    );
}

#[test]
fn bad_mode_in_test_mode_reports_like_salt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = dir.path().to_string_lossy().into_owned();
    let salt = recorded(2, &s);
    let got = run(true, &s);
    for (tag, want) in salt.iter() {
        let tag = tag.py_str();
        let have = got
            .get(tag.as_str())
            .unwrap_or_else(|| panic!("{tag} missing"));
        for key in ["result", "comment", "changes"] {
            assert_eq!(have.get(key), want.get(key), "{} {key}", id_of(want));
        }
    }
}

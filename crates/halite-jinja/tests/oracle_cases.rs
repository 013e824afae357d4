//! Replays the templates in tests/root/cases through halite-jinja and compares with the
//! text (or error) Salt 3007.8 produced, recorded by scripts/oracle/jinja_record.py.
//! Cases listed in tests/skip.txt (`name  reason`) are reported but not failed.

use halite_exec::{ExecContext, FileRoots, Registry};
use halite_jinja::JinjaEngine;
use halite_value::{Map, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn read_json(name: &str) -> Value {
    let text = std::fs::read_to_string(tests_dir().join("expected").join(name)).unwrap_or_default();
    Value::from_json_str(&text).unwrap_or_default()
}

fn engine() -> JinjaEngine {
    let mut roots = FileRoots::default();
    roots
        .envs
        .insert("base".into(), vec![tests_dir().join("root")]);
    let mut opts = Map::new();
    opts.insert("file_client", Value::str("local"));
    opts.insert("id", Value::str("testminion"));
    // The recordings are Salt 3007.8's.
    opts.insert(halite_value::SALT_COMPAT_KEY, Value::str("3007"));
    // the recorder's cachedir, as it appears (masked) in Salt's messages
    opts.insert("cachedir", Value::str("@SCRATCH@/cache"));
    let ctx = ExecContext {
        opts: Value::Map(opts),
        grains: read_json("grains.json"),
        pillar: read_json("pillar.json"),
        saltenv: "base".into(),
        file_roots: roots,
        ..Default::default()
    };
    JinjaEngine::new(Arc::new(Registry::standard()), Arc::new(ctx))
}

/// The variables Salt's `generate_sls_context` adds for sls `cases.NAME`.
fn sls_vars(name: &str) -> Map {
    let mut m = Map::new();
    m.insert("sls", Value::str(format!("cases.{name}")));
    m.insert("tplfile", Value::str(format!("cases/{name}.sls")));
    m.insert("tpldir", Value::str("cases"));
    m.insert("tpldot", Value::str("cases"));
    m.insert("slspath", Value::str("cases"));
    m.insert("sls_path", Value::str("cases"));
    m.insert("slsdotpath", Value::str("cases"));
    m.insert("slscolonpath", Value::str("cases"));
    m
}

fn skips() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(tests_dir().join("skip.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (n, r) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            (n.to_string(), r.trim().to_string())
        })
        .collect()
}

#[test]
fn oracle_cases() {
    let engine = engine();
    let skips = skips();
    let mut names: Vec<String> = std::fs::read_dir(tests_dir().join("root").join("cases"))
        .expect("cases dir")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".sls"))
                .map(str::to_string)
        })
        .collect();
    names.sort();
    let only = std::env::var("CASE").ok();
    let (mut passed, mut failed, mut skipped) = (0, Vec::new(), 0);
    for name in &names {
        if only.as_ref().is_some_and(|o| o != name) {
            continue;
        }
        let src =
            std::fs::read_to_string(tests_dir().join("root/cases").join(format!("{name}.sls")))
                .unwrap_or_default();
        let exp_dir = tests_dir().join("expected");
        let (expected, is_err) = match std::fs::read_to_string(exp_dir.join(format!("{name}.out")))
        {
            Ok(t) => (t, false),
            Err(_) => (
                std::fs::read_to_string(exp_dir.join(format!("{name}.err"))).unwrap_or_default(),
                true,
            ),
        };
        let got = engine.render(&src, &format!("cases/{name}.sls"), &sls_vars(name));
        let (got_text, got_err) = match got {
            Ok(t) => (t, false),
            Err(e) => (e.message, true),
        };
        let ok = got_text == expected && got_err == is_err;
        if ok {
            passed += 1;
            continue;
        }
        if let Some((_, reason)) = skips.iter().find(|(n, _)| n == name) {
            skipped += 1;
            halite_testkit::skip(&format!("jinja oracle case {name}"), reason);
            continue;
        }
        failed.push(name.clone());
        eprintln!(
            "FAIL {name}\n--- expected ({})\n{expected}\n--- got ({})\n{got_text}\n---",
            if is_err { "error" } else { "text" },
            if got_err { "error" } else { "text" }
        );
    }
    eprintln!(
        "{passed} passed, {} failed, {skipped} skipped",
        failed.len()
    );
    assert!(failed.is_empty(), "failing cases: {failed:?}");
}

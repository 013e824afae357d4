//! Golden cases recorded from Salt 3007.8 (scripts/oracle/runtime-record.sh regenerates them):
//! each case's `state.show_lowstate` output is fed to the runtime and the result is compared
//! with the recorded `state.apply` / `state.apply test=True` output. `start_time`, `duration`
//! and the `pid` in cmd changes are normalized; the scratch folder is `@SCRATCH@` on both sides.

use halite_exec::{ExecContext, FileRoots, Registry};
use halite_runtime::{apply_chunks, retcode, RunOptions, RuntimeEnv};
use halite_value::{Map, Value};
use std::path::{Path, PathBuf};

fn normalize(v: &mut Value) {
    if let Some(Value::Map(local)) = v.as_map_mut().and_then(|m| m.get_mut("local")) {
        for (_, r) in local.iter_mut() {
            if let Value::Map(r) = r {
                if r.contains_key("start_time") {
                    r.insert("start_time", Value::str("@TIME@"));
                }
                if r.contains_key("duration") {
                    r.insert("duration", Value::Int(0));
                }
                // Salt joins failed requisites from a Python set: their order is random there.
                if let Some(Value::Str(c)) = r.get("comment") {
                    if let Some(rest) = c.strip_prefix("One or more requisite failed: ") {
                        let mut items: Vec<&str> = rest.split(", ").collect();
                        items.sort_unstable();
                        let sorted = format!("One or more requisite failed: {}", items.join(", "));
                        r.insert("comment", Value::Str(sorted));
                    }
                }
                if let Some(Value::Map(ch)) = r.get_mut("changes") {
                    if let Some(Value::Int(_)) = ch.get("pid") {
                        ch.insert("pid", Value::Int(0));
                    }
                }
            }
        }
    }
}

fn minion_opts(case: &Path, opts: &mut RunOptions) {
    let Ok(text) = std::fs::read_to_string(case.join("minion")) else {
        return;
    };
    for line in text.lines() {
        if let Some((k, v)) = line.split_once(':') {
            let v = v.trim();
            if k.trim() == "failhard" {
                opts.failhard = v == "True" || v == "true";
            }
        }
    }
}

/// Runs one case; returns (passed, failures).
fn run_case(case: &Path) -> (usize, Vec<String>) {
    let commands: Vec<String> = std::fs::read_to_string(case.join("commands"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let expected = case.join("expected");
    let Some(low_idx) = commands.iter().position(|c| c == "state.show_lowstate") else {
        return (0, vec![]);
    };
    let low_text =
        std::fs::read_to_string(expected.join(format!("{low_idx:02}.json"))).unwrap_or_default();
    let pillar = commands
        .iter()
        .position(|c| c == "pillar.items")
        .and_then(|i| std::fs::read_to_string(expected.join(format!("{i:02}.json"))).ok())
        .and_then(|t| Value::from_json_str(&t).ok())
        .and_then(|v| v.get("local").cloned())
        .unwrap_or(Value::Map(Map::new()));
    let mut passed = 0;
    let mut failures = Vec::new();
    for (n, cmd) in commands.iter().enumerate() {
        if !cmd.starts_with("state.apply") {
            continue;
        }
        let scratch = tempfile::tempdir().expect("tempdir");
        let sp = scratch.path().to_string_lossy().to_string();
        let Ok(low) = Value::from_json_str(&low_text.replace("@SCRATCH@", &sp)) else {
            continue;
        };
        let Some(chunks) = low.get("local").and_then(Value::as_list) else {
            continue;
        };
        let chunks: Vec<Map> = chunks.iter().filter_map(|c| c.as_map().cloned()).collect();
        let mut opts = RunOptions::default();
        minion_opts(case, &mut opts);
        opts.test = cmd.contains("test=True");
        let mut roots = FileRoots::default();
        roots
            .envs
            .insert("base".into(), vec![case.join("srv/salt")]);
        let ctx = ExecContext {
            file_roots: roots,
            saltenv: "base".into(),
            pillar: pillar.clone(),
            ..Default::default()
        };
        let env = RuntimeEnv::new(Registry::standard(), ctx);
        let running = apply_chunks(chunks, &opts, &env);
        let rc = retcode(&running);
        let mut wrapped = Map::new();
        wrapped.insert("local", Value::Map(running));
        let got_text = Value::Map(wrapped).to_json().replace(&sp, "@SCRATCH@");
        let mut got = Value::from_json_str(&got_text).expect("own json");
        normalize(&mut got);
        let Ok(exp_text) = std::fs::read_to_string(expected.join(format!("{n:02}.json"))) else {
            continue;
        };
        let mut exp = Value::from_json_str(&exp_text).unwrap_or(Value::Null);
        normalize(&mut exp);
        let exp_rc: i32 = std::fs::read_to_string(expected.join(format!("{n:02}.rc")))
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(-1);
        let (g, e) = (got.to_json(), exp.to_json());
        if g == e && rc == exp_rc {
            passed += 1;
        } else {
            let name = case
                .file_name()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_default();
            let mut msg = format!("{name} #{n:02} `{cmd}`: rc got {rc} want {exp_rc}\n");
            for d in diff_lines(&e, &g) {
                msg.push_str(&d);
                msg.push('\n');
            }
            failures.push(msg);
        }
    }
    (passed, failures)
}

fn diff_lines(want: &str, got: &str) -> Vec<String> {
    let w: Vec<&str> = want.lines().collect();
    let g: Vec<&str> = got.lines().collect();
    let mut out = Vec::new();
    let n = w.len().max(g.len());
    for i in 0..n {
        let (a, b) = (
            w.get(i).copied().unwrap_or(""),
            g.get(i).copied().unwrap_or(""),
        );
        if a != b {
            out.push(format!("  line {i}: want {a}"));
            out.push(format!("  line {i}:  got {b}"));
            if out.len() > 12 {
                break;
            }
        }
    }
    out
}

fn case_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut v: Vec<PathBuf> = std::fs::read_dir(root)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.join("expected").is_dir())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn golden_cases() {
    let filter = std::env::var("CASE").ok();
    let mut total_pass = 0;
    let mut all_fail = Vec::new();
    for case in case_dirs() {
        if let Some(f) = &filter {
            if !case.to_string_lossy().contains(f.as_str()) {
                continue;
            }
        }
        let (p, f) = run_case(&case);
        total_pass += p;
        all_fail.extend(f);
    }
    eprintln!(
        "golden runs passed: {total_pass}, failed: {}",
        all_fail.len()
    );
    for f in &all_fail {
        eprintln!("{f}");
    }
    assert!(all_fail.is_empty(), "{} golden runs differ", all_fail.len());
}

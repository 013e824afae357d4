//! Golden cases recorded from Salt 3007.8 (`expected/`, replayed as `salt_compat: "3007"`) and
//! Salt 3008.4 (`expected-3008/`, as "3008"; scripts/oracle/runtime-record.sh regenerates them):
//! each case's `state.show_lowstate` output is fed to the runtime and the result is compared
//! with the recorded `state.apply` / `state.apply test=True` output. `start_time`, `duration`
//! and the `pid` in cmd changes are normalized; the scratch folder is `@SCRATCH@` on both sides.

use halite_exec::{ExecContext, FileRoots, Registry};
use halite_runtime::{
    apply_chunks, call_low, call_single, retcode, RunOptions, RuntimeEnv, SingleError,
};

/// Where the fixtures were recorded; cases that manage files inside their own folder (test mode
/// only) have this path in their data.
const RECORDED_ROOT: &str = "/work/main/crates/halite-runtime/tests/cases";
use halite_value::{Map, Value};
use std::path::{Path, PathBuf};

fn normalize(v: &mut Value) {
    if let Some(Value::Map(local)) = v.as_map_mut().and_then(|m| m.get_mut("local")) {
        if local.contains_key("__run_num__") {
            // state.low: one bare result.
            let mut one = Map::new();
            one.insert("low", Value::Map(std::mem::take(local)));
            normalize_results(&mut one);
            if let Some(Value::Map(r)) = one.remove("low") {
                *local = r;
            }
            return;
        }
        normalize_results(local);
    }
}

fn normalize_results(local: &mut Map) {
    {
        for (_, r) in local.iter_mut() {
            if let Value::Map(r) = r {
                if r.contains_key("start_time") {
                    r.insert("start_time", Value::str("@TIME@"));
                }
                if r.contains_key("duration") {
                    r.insert("duration", Value::Int(0));
                }
                // halite cannot print Python's traceback: compare its first and last lines.
                if let Some(Value::Str(c)) = r.get("comment") {
                    if let Some(tb) =
                        c.strip_prefix("An exception occurred in this state: Traceback")
                    {
                        let last = tb
                            .lines()
                            .rev()
                            .find(|l| !l.trim().is_empty())
                            .unwrap_or("");
                        let short =
                            format!("An exception occurred in this state: Traceback ... {last}");
                        r.insert("comment", Value::Str(short.into()));
                    }
                }
                // Salt joins failed requisites from a Python set: their order is random there.
                if let Some(Value::Str(c)) = r.get("comment") {
                    if let Some(rest) = c.strip_prefix("One or more requisite failed: ") {
                        let mut items: Vec<&str> = rest.split(", ").collect();
                        items.sort_unstable();
                        let sorted = format!("One or more requisite failed: {}", items.join(", "));
                        r.insert("comment", Value::Str(sorted.into()));
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

/// The few minion options the runtime reads, from the case's `minion` file (flat YAML).
/// Returns the config's `test` value.
fn minion_opts(case: &Path, opts: &mut RunOptions) -> bool {
    let mut test = false;
    let Ok(text) = std::fs::read_to_string(case.join("minion")) else {
        return test;
    };
    for line in text.lines() {
        if let Some((k, v)) = line.split_once(':') {
            let v = v.trim();
            let truthy = v == "True" || v == "true";
            match k.trim() {
                "failhard" => opts.failhard = truthy,
                "test" => test = truthy,
                "disabled_requisites" => {
                    opts.disabled_requisites = v
                        .trim_matches(['[', ']'])
                        .split(',')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect();
                }
                _ => {}
            }
        }
    }
    test
}

/// Runs one case's recordings of one release (`expected/` with `salt_compat: "3007"`,
/// `expected-3008/` with `"3008"`); returns (passed, failures).
fn run_case(case: &Path, release: Release) -> (usize, Vec<String>) {
    let commands: Vec<String> = std::fs::read_to_string(case.join("commands"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let expected = case.join(release.folder);
    let here = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .to_string_lossy()
        .to_string();
    let low_text = commands
        .iter()
        .position(|c| c == "state.show_lowstate")
        .and_then(|i| std::fs::read_to_string(expected.join(format!("{i:02}.json"))).ok())
        .unwrap_or_default()
        .replace(RECORDED_ROOT, &here)
        .replace("@CASE@", &case.to_string_lossy());
    // Salt 3008 masks `pillar.items` on the command line: the values come from 3007's.
    let pillar = commands
        .iter()
        .position(|c| c == "pillar.items")
        .and_then(|i| std::fs::read_to_string(case.join(format!("expected/{i:02}.json"))).ok())
        .and_then(|t| Value::from_json_str(&t).ok())
        .and_then(|v| v.get("local").cloned())
        .unwrap_or(Value::Map(Map::new()));
    let mut passed = 0;
    let mut failures = Vec::new();
    for (n, cmd) in commands.iter().enumerate() {
        if !cmd.starts_with("state.apply")
            && !cmd.starts_with("state.single")
            && !cmd.starts_with("state.low")
        {
            continue;
        }
        let scratch = tempfile::tempdir().expect("tempdir");
        let sp = scratch.path().to_string_lossy().to_string();
        let mut opts = RunOptions::default();
        let config_test = minion_opts(case, &mut opts);
        // test=True/False on the command line wins over `test:` in the minion config.
        opts.test = if cmd.contains("test=True") {
            true
        } else if cmd.contains("test=False") {
            false
        } else {
            config_test
        };
        let mut roots = FileRoots::default();
        roots
            .envs
            .insert("base".into(), vec![case.join("srv/salt")]);
        let mut ctx = ExecContext {
            file_roots: roots,
            saltenv: "base".into(),
            pillar: pillar.clone(),
            ..Default::default()
        };
        // scripts/oracle/record.py's minion config: the cache lives in the scratch folder;
        // the release is the recording's.
        if !matches!(ctx.opts, Value::Map(_)) {
            ctx.opts = Value::Map(Map::new());
        }
        if let Some(m) = ctx.opts.as_map_mut() {
            m.insert("cachedir", Value::Str(format!("{sp}/cache").into()));
            m.insert(halite_value::SALT_COMPAT_KEY, Value::str(release.compat));
        }
        let env = RuntimeEnv::new(Registry::standard(), ctx);
        let (local, rc) = if cmd.starts_with("state.apply") {
            let Ok(low) = Value::from_json_str(&low_text.replace("@SCRATCH@", &sp)) else {
                continue;
            };
            let Some(chunks) = low.get("local").and_then(Value::as_list) else {
                continue;
            };
            let chunks: Vec<Map> = chunks.iter().filter_map(|c| c.as_map().cloned()).collect();
            let running = match apply_chunks(chunks, &opts, &env) {
                Ok(running) => running,
                // Salt's own exception (a 3007 crash halite reproduces): salt-call printed
                // nothing and exited 1, which is what the recording must hold.
                Err(halite_runtime::Aborted::SaltCrash(why)) => {
                    let out = std::fs::read_to_string(expected.join(format!("{n:02}.json")))
                        .unwrap_or_default();
                    let rc = std::fs::read_to_string(expected.join(format!("{n:02}.rc")))
                        .unwrap_or_default();
                    if out.trim().is_empty() && rc.trim() == "1" {
                        passed += 1;
                    } else {
                        failures.push(format!(
                            "{}/{n:02}{} `{cmd}`: halite reproduces a Salt crash ({why}), Salt printed a result",
                            case.file_name().unwrap_or_default().to_string_lossy(),
                            release.suffix
                        ));
                    }
                    continue;
                }
                Err(other) => panic!("{case:?}: aborted: {other:?}"),
            };
            let rc = retcode(&running);
            (Value::Map(running), rc)
        } else if let Some(rest) = cmd.strip_prefix("state.single ") {
            // state.single FUN name=NAME [key=value ...]
            let words = shlex(rest);
            let fun = words.first().cloned().unwrap_or_default();
            let mut name = Value::Null;
            let mut kwargs = Map::new();
            for w in words.iter().skip(1) {
                if let Some((k, v)) = w.split_once('=') {
                    match k {
                        "name" => name = Value::str(v),
                        "test" => {}
                        _ => {
                            kwargs.insert(k, Value::str(v));
                        }
                    }
                }
            }
            match call_single(&fun, name, kwargs, &opts, &env) {
                Ok(running) => {
                    let rc = retcode(&running);
                    (Value::Map(running), rc)
                }
                Err(SingleError::Verify(errs)) => {
                    (Value::List(errs.into_iter().map(Value::from).collect()), 1)
                }
                Err(SingleError::Aborted(a)) => panic!("{case:?}: aborted: {a:?}"),
            }
        } else {
            // state.low '{json}' [test=True]: the bare result; test=True is not passed on.
            let words = shlex(cmd.strip_prefix("state.low ").unwrap_or(""));
            let Some(Value::Map(low)) = words.first().and_then(|w| Value::from_json_str(w).ok())
            else {
                continue;
            };
            opts.test = false;
            let ret = call_low(low, &opts, &env).expect("the run is not aborted");
            // salt-call's exit status for state.low (halite's CLI): Salt 3008's
            // `check_result` of one bare result is always false.
            let rc = if release.compat == "3008" {
                1
            } else {
                i32::from(matches!(ret.get("result"), Some(Value::Bool(false))))
            };
            (Value::Map(ret), rc)
        };
        let mut wrapped = Map::new();
        wrapped.insert("local", local);
        let got_text = Value::Map(wrapped).to_json().replace(&sp, "@SCRATCH@");
        let mut got = Value::from_json_str(&got_text).expect("own json");
        normalize(&mut got);
        let Ok(exp_text) = std::fs::read_to_string(expected.join(format!("{n:02}.json"))) else {
            continue;
        };
        // An empty file is a recording in progress.
        let exp_text = exp_text
            .replace(RECORDED_ROOT, &here)
            .replace("@CASE@", &case.to_string_lossy());
        let Ok(mut exp) = Value::from_json_str(&exp_text) else {
            continue;
        };
        // Salt 3008 turns missing and recursive requisites into compile errors: the run's
        // recording is that list, which halite-compile produces (golden.rs replays it).
        if cmd.starts_with("state.apply") && matches!(exp.get("local"), Some(Value::List(_))) {
            eprintln!(
                "skipped {}/{n:02}{}: Salt's answer is a compile error, not a run",
                case.file_name().unwrap_or_default().to_string_lossy(),
                release.suffix
            );
            continue;
        }
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
            let key = format!("{name}/{n:02}{}", release.suffix);
            let mut msg = format!("{key} `{cmd}`: rc got {rc} want {exp_rc}\n");
            for d in diff_lines(&e, &g) {
                msg.push_str(&d);
                msg.push('\n');
            }
            failures.push(msg);
        }
    }
    (passed, failures)
}

/// One Salt release's recordings.
#[derive(Clone, Copy)]
struct Release {
    folder: &'static str,
    compat: &'static str,
    /// Added to `case/NN` in messages.
    suffix: &'static str,
}

const RELEASES: [Release; 2] = [
    Release {
        folder: "expected",
        compat: "3007",
        suffix: "",
    },
    Release {
        folder: "expected-3008",
        compat: "3008",
        suffix: "@3008",
    },
];

/// Minimal shell-words split for the commands file (quotes only).
fn shlex(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut in_word = false;
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
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
        for release in RELEASES {
            let (p, f) = run_case(&case, release);
            total_pass += p;
            all_fail.extend(f);
        }
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

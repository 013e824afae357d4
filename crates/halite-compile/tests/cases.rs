//! Golden tests recorded from Salt 3007.8 (`expected/`, scripts/oracle/record.sh) and Salt
//! 3008.4 (`expected-3008/`): for every case under tests/cases and each release, the high data
//! `state.show_highstate` printed is compiled as that release and compared with what
//! `state.show_lowstate` printed (chunks or error list), byte for byte as JSON.
use halite_compile::{
    compile_call_high, compile_show_low_sls, compile_sls_id, try_compile_low_chunks,
    verify_high_as, CompileFailure, CompileOptions,
};
use halite_value::{Map, SaltCompat, Value};
use std::fs;
use std::path::{Path, PathBuf};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
}

fn commands(case: &Path) -> Vec<String> {
    fs::read_to_string(case.join("commands"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The folder holding a release's recording.
fn expected_dir(compat: SaltCompat) -> &'static str {
    match compat {
        SaltCompat::V3007 => "expected",
        SaltCompat::V3008 => "expected-3008",
    }
}

/// Cases whose 3008 recording halite does not match, with the reason (also in
/// tests/known-failures.txt at the repository root).
const KNOWN_3008: &[(&str, &str)] = &[
    (
        "fuzz_05",
        "the cycle Salt names depends on Python set order (PYTHONHASHSEED)",
    ),
    (
        "fuzz_28",
        "the names entry Salt names in the cycle depends on Python set order",
    ),
];

/// The "local" value of the release's NN.json, or None when salt-call printed no JSON.
fn expected_local(case: &Path, compat: SaltCompat, n: usize) -> Option<Value> {
    let dir = expected_dir(compat);
    let text = fs::read_to_string(case.join(format!("{dir}/{n:02}.json"))).ok()?;
    let v = Value::from_json_str(&text).ok()?;
    v.get("local").cloned()
}

fn options(case: &Path, compat: SaltCompat) -> CompileOptions {
    let mut opts = CompileOptions {
        salt_compat: compat,
        ..CompileOptions::default()
    };
    let minion = fs::read_to_string(case.join("minion")).unwrap_or_default();
    for line in minion.lines() {
        if let Some(rest) = line.strip_prefix("disabled_requisites:") {
            opts.disabled_requisites = rest
                .trim()
                .trim_matches(|c| c == '[' || c == ']')
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
        }
        if line.trim() == "state_auto_order: False" {
            opts.state_auto_order = false;
        }
    }
    opts
}

fn diff(expected: &str, actual: &str) -> String {
    similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .header("expected", "actual")
        .to_string()
}

fn errors_value(errors: Vec<String>) -> Value {
    Value::List(errors.into_iter().map(Value::from).collect())
}

/// Returns None when the case does not test compiling (rendering failed), else the outcome.
fn run_case(case: &Path, compat: SaltCompat) -> Option<Result<(), String>> {
    let cmds = commands(case);
    let high_n = cmds.iter().position(|c| c == "state.show_highstate")?;
    let low_n = cmds.iter().position(|c| c == "state.show_lowstate")?;
    let high = expected_local(case, compat, high_n)?;
    let Value::Map(high) = high else {
        return None; // show_highstate printed errors: a render-only case
    };
    let opts = options(case, compat);
    let actual = try_compile_low_chunks(high.clone(), &opts);
    let expected = expected_local(case, compat, low_n);
    let mut failures = Vec::new();
    match (expected, actual) {
        (None, Err(CompileFailure::Crash(_))) => {}
        (None, other) => failures.push(format!("Salt crashed, halite gave {other:?}")),
        (Some(expected), actual) => {
            let actual = outcome_value(actual);
            let (e, a) = (expected.to_json(), actual.to_json());
            if e != a {
                failures.push(diff(&e, &a));
            }
        }
    }
    check_show_sls(case, &cmds, &high, compat, &mut failures);
    check_show_low_sls(case, &cmds, &high, &opts, &mut failures);
    check_state_sls(case, &cmds, &high, &opts, &mut failures);
    if failures.is_empty() {
        Some(Ok(()))
    } else {
        Some(Err(failures.join("\n")))
    }
}

fn outcome_value(result: Result<Vec<Map>, CompileFailure>) -> Value {
    match result {
        Ok(chunks) => Value::List(chunks.into_iter().map(Value::Map).collect()),
        Err(CompileFailure::Errors(e)) => errors_value(e),
        Err(CompileFailure::Crash(c)) => Value::str(format!("CRASH {c}")),
    }
}

/// True when the top file targets a single sls (then `show_sls main` and friends render
/// the same states as show_highstate).
fn single_sls_top(case: &Path) -> bool {
    let top = fs::read_to_string(case.join("srv/salt/top.sls")).unwrap_or_default();
    top.lines()
        .filter(|l| l.trim_start().starts_with("- "))
        .count()
        == 1
}

/// `state.show_low_sls main`: verify_high then compile, without extend/requisite_in/exclude.
fn check_show_low_sls(
    case: &Path,
    cmds: &[String],
    high: &Map,
    opts: &CompileOptions,
    failures: &mut Vec<String>,
) {
    let Some(n) = cmds.iter().position(|c| c == "state.show_low_sls main") else {
        return;
    };
    if !single_sls_top(case) {
        return;
    }
    let Some(expected) = expected_local(case, opts.salt_compat, n) else {
        return;
    };
    let actual = outcome_value(compile_show_low_sls(high.clone(), opts));
    let (e, a) = (expected.to_json(), actual.to_json());
    if e != a {
        failures.push(format!("show_low_sls:\n{}", diff(&e, &a)));
    }
}

/// `state.sls main test=True` goes through `State.call_high`, `state.sls_id` through its own
/// verify_high + requisite_in: when they print a list of strings, that is the compile error
/// list; otherwise compiling must have succeeded.
fn check_state_sls(
    case: &Path,
    cmds: &[String],
    high: &Map,
    opts: &CompileOptions,
    failures: &mut Vec<String>,
) {
    for (n, cmd) in cmds.iter().enumerate() {
        let compile: fn(Map, &CompileOptions) -> Result<Vec<Map>, CompileFailure> =
            if cmd.starts_with("state.sls main") {
                compile_call_high
            } else if cmd.starts_with("state.sls_id ") {
                compile_sls_id
            } else {
                continue;
            };
        check_run_command(case, n, compile, high, opts, failures);
    }
}

/// A command that compiles then runs: its error list must match, or compiling must succeed.
fn check_run_command(
    case: &Path,
    n: usize,
    compile: fn(Map, &CompileOptions) -> Result<Vec<Map>, CompileFailure>,
    high: &Map,
    opts: &CompileOptions,
    failures: &mut Vec<String>,
) {
    if !single_sls_top(case) {
        return;
    }
    let Some(expected) = expected_local(case, opts.salt_compat, n) else {
        return;
    };
    let actual = compile(high.clone(), opts);
    match (&expected, actual) {
        (Value::List(_), actual) => {
            let (e, a) = (expected.to_json(), outcome_value(actual).to_json());
            if e != a {
                failures.push(format!("state.sls:\n{}", diff(&e, &a)));
            }
        }
        (_, Ok(_)) => {}
        (_, Err(e)) => failures.push(format!("state.sls ran, halite failed: {e:?}")),
    }
}

/// `state.show_sls main` error lists equal verify_high of the high data when the top file
/// targets only `main` (then both render the same sls set).
fn check_show_sls(
    case: &Path,
    cmds: &[String],
    high: &Map,
    compat: SaltCompat,
    failures: &mut Vec<String>,
) {
    let Some(n) = cmds.iter().position(|c| c == "state.show_sls main") else {
        return;
    };
    let top = fs::read_to_string(case.join("srv/salt/top.sls")).unwrap_or_default();
    if top
        .lines()
        .filter(|l| l.trim_start().starts_with("- "))
        .count()
        != 1
    {
        return;
    }
    let Some(expected) = expected_local(case, compat, n) else {
        return;
    };
    let errors = verify_high_as(high, compat);
    let actual = if errors.is_empty() {
        Value::Map(high.clone())
    } else {
        errors_value(errors)
    };
    let (e, a) = (expected.to_json(), actual.to_json());
    if e != a {
        failures.push(format!("show_sls:\n{}", diff(&e, &a)));
    }
}

#[test]
fn recorded_cases() {
    let mut dirs: Vec<PathBuf> = fs::read_dir(cases_dir())
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    dirs.sort();
    let (mut passed, mut skipped) = (0, Vec::new());
    let mut failed = Vec::new();
    for compat in SaltCompat::ALL {
        for case in &dirs {
            if !case.join(expected_dir(compat)).is_dir() {
                continue;
            }
            let name = case.file_name().map(|n| n.to_string_lossy().to_string());
            let name = format!("{}@{compat}", name.unwrap_or_default());
            let known = compat == SaltCompat::V3008
                && KNOWN_3008
                    .iter()
                    .any(|(k, _)| name.starts_with(&format!("{k}@")));
            match (run_case(case, compat), known) {
                (None, _) => skipped.push(name),
                (Some(Ok(())), false) => passed += 1,
                (Some(Ok(())), true) => {
                    failed.push(format!("=== {name} now matches: remove it from KNOWN_3008"))
                }
                (Some(Err(_)), true) => {}
                (Some(Err(msg)), false) => failed.push(format!("=== {name}\n{msg}")),
            }
        }
    }
    eprintln!(
        "compile cases: {passed} passed, {} failed, {} render-only ({})",
        failed.len(),
        skipped.len(),
        skipped.join(", ")
    );
    assert!(passed > 0, "no recorded cases found");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

//! Replays the calls recorded from Salt 3007.8 by `scripts/oracle/exec_record.py`
//! (tests/data/cases.json) against halite's registry, with the opts, grains and pillar Salt
//! saw (tests/data/context.json). Host-dependent cases are checked in `host_cases.rs`.

use halite_exec::{Args, ExecContext, ExecError, FileRoots, Registry};
use halite_value::{Map, Value};
use std::path::PathBuf;

/// Recorded cases halite deliberately does not replay, with the reason.
const SKIP: &[(&str, &str)] = &[
    (
        "cp.is_cached",
        "returns a path inside Salt's cache dir, which halite does not have",
    ),
    ("test.fib", "the second element is a timing"),
];

/// Single recorded calls skipped, by their Python repr, with the reason.
const SKIP_CALLS: &[(&str, &str)] = &[(
    "pillar.get['int_keys: 1', 'd']",
    "Salt finds the integer key 1 of a YAML pillar; the JSON fixture stores it as the string '1'",
)];

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The fixtures with the recording machine's tree path replaced by this checkout's.
fn load(name: &str, recorded_srv: &str) -> Value {
    let text = std::fs::read_to_string(data_dir().join(name)).expect("fixture");
    let srv = data_dir().join("srv");
    let text = if recorded_srv.is_empty() {
        text
    } else {
        text.replace(recorded_srv, &srv.to_string_lossy())
    };
    Value::from_json_str(&text).expect("json")
}

pub fn context() -> ExecContext {
    let raw = load("context.json", "");
    let recorded_srv = raw
        .get("srv")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let ctx = load("context.json", &recorded_srv);
    let srv = data_dir().join("srv");
    let mut roots = FileRoots::default();
    roots.envs.insert("base".into(), vec![srv.join("salt")]);
    roots.envs.insert("dev".into(), vec![srv.join("salt-dev")]);
    // The recording is Salt 3007.8's: halite behaves as that release.
    let mut opts = ctx.get("opts").cloned().unwrap_or_default();
    if let Value::Map(m) = &mut opts {
        m.insert(halite_value::SALT_COMPAT_KEY, Value::str("3007"));
    }
    ExecContext {
        opts,
        grains: ctx.get("grains").cloned().unwrap_or_default(),
        pillar: ctx.get("pillar").cloned().unwrap_or_default(),
        saltenv: "base".into(),
        file_roots: roots,
        ..Default::default()
    }
}

fn cases() -> Vec<Value> {
    let raw = load("context.json", "");
    let recorded_srv = raw
        .get("srv")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    match load("cases.json", &recorded_srv) {
        Value::List(l) => l.into_vec(),
        _ => vec![],
    }
}

#[test]
fn recorded_cases_match_salt() {
    let ctx = context();
    let reg = Registry::standard();
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases() {
        let fun = case
            .get("fun")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        if case.get("host").is_some_and(Value::truthy) || SKIP.iter().any(|(f, _)| *f == fun) {
            continue;
        }
        let args = Args::new(
            (case
                .get("args")
                .and_then(Value::as_list)
                .cloned()
                .unwrap_or_default())
            .into_vec(),
            case.get("kwargs")
                .and_then(Value::as_map)
                .cloned()
                .unwrap_or_else(Map::new),
        );
        let t0 = std::time::Instant::now();
        let got = reg.call(&ctx, &fun, &args);
        if t0.elapsed().as_millis() > 20 {
            eprintln!("slow: {fun} {:?}", t0.elapsed());
        }
        let desc = format!(
            "{fun}{:?}{:?}",
            args.args.iter().map(Value::py_repr).collect::<Vec<_>>(),
            args.kwargs
                .iter()
                .map(|(k, v)| format!("{}={}", k.py_str(), v.py_repr()))
                .collect::<Vec<_>>()
        );
        let call = format!(
            "{fun}[{}]",
            args.args
                .iter()
                .map(Value::py_repr)
                .collect::<Vec<_>>()
                .join(", ")
        );
        if SKIP_CALLS.iter().any(|(c, _)| *c == call) {
            continue;
        }
        checked += 1;
        match (case.get("ret"), case.get("error"), got) {
            (Some(want), _, Ok(got)) => {
                if want.to_json() != got.to_json() {
                    failures.push(format!(
                        "{desc}\n  want {}\n  got  {}",
                        want.to_json_styled(halite_value::JsonStyle::Compact),
                        got.to_json_styled(halite_value::JsonStyle::Compact)
                    ));
                }
            }
            (_, Some(err), got) => {
                let ty = err.get("type").and_then(Value::as_str).unwrap_or("");
                let msg = err.get("message").and_then(Value::as_str).unwrap_or("");
                match (ty, got) {
                    ("NotAvailable", Err(ExecError::NotAvailable(_))) => {}
                    ("NotAvailable", other) => failures.push(format!(
                        "{desc}: Salt has no such function, halite gave {other:?}"
                    )),
                    (_, Err(ExecError::Failed(m))) if m == msg => {}
                    (_, other) => failures.push(format!(
                        "{desc}\n  want error {ty}: {msg}\n  got  {other:?}"
                    )),
                }
            }
            (Some(_), _, Err(e)) => failures.push(format!("{desc}\n  want a value, got error {e}")),
            (None, None, _) => failures.push(format!("{desc}: malformed case")),
        }
    }
    assert!(checked > 100, "only {checked} cases");
    assert!(
        failures.is_empty(),
        "{} of {checked} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

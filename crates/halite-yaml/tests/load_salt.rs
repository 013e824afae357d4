//! `load(text, Schema::Salt)` against answers recorded from Salt 3007.8's loader
//! (scripts/oracle/yaml_corpus.py -> tests/fixtures/load_salt.json).

mod common;

use common::{fixture, input, name, tagged};
use halite_yaml::{load, salt_render_error_message, ErrorKind, Schema, YamlError};
use serde_json::{json, Value as Json};

fn kind_name(k: ErrorKind) -> &'static str {
    match k {
        ErrorKind::Scanner => "ScannerError",
        ErrorKind::Parser => "ParserError",
        ErrorKind::Composer => "ComposerError",
        ErrorKind::Constructor => "ConstructorError",
        ErrorKind::Other => "Other",
    }
}

fn error_json(e: &YamlError, marked: bool) -> Json {
    if !marked {
        return json!({ "type": kind_name(e.kind), "str": e.problem });
    }
    json!({
        "type": kind_name(e.kind),
        "problem": e.problem,
        "context": e.context,
        "line": e.line,
        "column": e.column,
        "str": e.pyyaml_str(),
    })
}

/// The recorded error, reduced to the fields halite models.
fn expected_error(err: &Json) -> (Json, bool) {
    let ty = err["type"].as_str().unwrap_or_default();
    let marked = matches!(
        ty,
        "ScannerError" | "ParserError" | "ComposerError" | "ConstructorError"
    );
    if !marked {
        return (json!({ "type": "Other", "str": err["str"] }), false);
    }
    let mut e = json!({
        "type": ty,
        "problem": err["problem"],
        "context": err["context"],
        "line": err["line"],
        "column": err["column"],
        "str": err["str"],
    });
    if e["context"].is_null() {
        e["context"] = Json::Null;
    }
    (e, true)
}

#[test]
fn salt_loader_matches_recorded_answers() {
    let cases = fixture("load_salt");
    let mut failures = Vec::new();
    for case in &cases {
        let text = input(case);
        let exp = &case["expected"];
        let got = match (exp.get("error"), load(&text, Schema::Salt)) {
            (Some(err), Err(e)) => {
                let (want, marked) = expected_error(err);
                let got = error_json(&e, marked);
                (got != want).then(|| format!("want {want}\n   got {got}"))
            }
            (None, Ok(v)) => {
                (tagged(&v) != *exp).then(|| format!("want {exp}\n   got {}", tagged(&v)))
            }
            (Some(err), Ok(v)) => Some(format!("want error {err}\n   got {}", tagged(&v))),
            (None, Err(e)) => Some(format!("want {exp}\n   got error {e:?}")),
        };
        if let Some(diff) = got {
            failures.push(format!("{} {:?}\n   {diff}", name(case), text));
        }
    }
    let _ = salt_render_error_message;
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

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

/// Known differences, each with the reason. Everything else must match exactly.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    (
        "int_12345678901234567890",
        "Value::Int is i64; larger Python ints become floats",
    ),
    (
        "int_9223372036854775808",
        "Value::Int is i64; larger Python ints become floats",
    ),
    (
        "tag_!!binary_aGVsbG8=",
        "Value has no bytes; !!binary decodes to a (lossy UTF-8) str",
    ),
    (
        "tag_!!set_{a, b}",
        "Value has no set; !!set is a mapping to None",
    ),
    (
        "err_percent_col0",
        "unknown %directives are accepted by saphyr",
    ),
    (
        "err_simple_key",
        "multi-line quoted implicit key: libyaml fails earlier (simple key)",
    ),
    ("err_directive_bad", "%YAML 2.0 is not rejected"),
    (
        "err_bom_middle",
        "a BOM inside a document: different parser error",
    ),
    (
        "less_indented_err_multiline_dq_key",
        "multi-line quoted implicit key: libyaml fails earlier (simple key)",
    ),
    (
        "less_indented_err_percent_flow",
        "`%` at column 0 inside `[...]`: libyaml scans a directive, saphyr a parser error",
    ),
    (
        "less_indented_bom_flow",
        "a BOM at column 0 inside `[...]`: libyaml skips it, saphyr rejects it",
    ),
    (
        "sls_jinja_comment_leftover",
        "`{#` (no space before #): saphyr rejects it, libyaml reads a comment",
    ),
];

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
        let known = KNOWN_DIFFERENCES.iter().any(|(n, _)| *n == name(case));
        if known != got.is_some() {
            let diff = got.unwrap_or_else(|| "listed in KNOWN_DIFFERENCES but matches now".into());
            failures.push(format!("{} {:?}\n   {diff}", name(case), text));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// `salt_render_error_message` is exactly the text of the SaltRenderError Salt's yaml
/// renderer raises (recorded in "render"), or the str() of the escaping exception.
#[test]
fn render_error_text_matches_salt() {
    let cases = fixture("load_salt");
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let render = &case["render"];
        let want = match (render.get("render_error"), render.get("render_exception")) {
            (Some(Json::String(s)), _) | (_, Some(Json::String(s))) => s.clone(),
            _ => continue,
        };
        if KNOWN_DIFFERENCES.iter().any(|(n, _)| *n == name(case)) {
            continue;
        }
        checked += 1;
        let text = input(case);
        let got = match load(&text, Schema::Salt) {
            Err(e) => salt_render_error_message(&e, &text),
            Ok(v) => format!("loaded {}", tagged(&v)),
        };
        if got != want {
            failures.push(format!("{}\n   want {want:?}\n   got  {got:?}", name(case)));
        }
    }
    assert!(checked > 50, "only {checked} render errors checked");
    assert!(
        failures.is_empty(),
        "{} render errors differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

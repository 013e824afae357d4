//! Shared helpers: the type-tagged JSON form written by scripts/oracle/yaml_corpus.py.
#![allow(dead_code)]

use halite_value::{py_float_repr, Value};
use serde_json::{json, Value as Json};

pub fn fixture(name: &str) -> Vec<Json> {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    match serde_json::from_str(&text) {
        Ok(Json::Array(items)) => items,
        other => panic!("{path}: not a JSON list: {other:?}"),
    }
}

/// `tagged()` of yaml_corpus.py, for a halite Value.
pub fn tagged(v: &Value) -> Json {
    match v {
        Value::Null => json!({ "null": null }),
        Value::Bool(b) => json!({ "bool": b }),
        Value::Int(i) => json!({ "int": i.to_string() }),
        Value::Float(f) => json!({ "float": py_float_repr(*f) }),
        Value::Str(s) => json!({ "str": s.as_str() }),
        Value::List(items) => json!({ "list": items.iter().map(tagged).collect::<Vec<_>>() }),
        Value::Map(m) => {
            json!({ "map": m.iter().map(|(k, v)| json!([tagged(k), tagged(v)])).collect::<Vec<_>>() })
        }
    }
}

pub fn name(case: &Json) -> String {
    case["name"].as_str().unwrap_or("?").to_string()
}

pub fn input(case: &Json) -> String {
    case["input"].as_str().unwrap_or_default().to_string()
}

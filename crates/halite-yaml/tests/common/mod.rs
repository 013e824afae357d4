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

/// xorshift64*: deterministic, no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

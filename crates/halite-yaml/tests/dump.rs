//! Dumpers against PyYAML/libyaml output recorded through Salt's own helpers
//! (scripts/oracle/yaml_corpus.py -> tests/fixtures/dump.json).

mod common;

use common::{fixture, name};
use halite_value::{Map, Value};
use halite_yaml::{
    dump, salt_serializer_yaml, salt_yaml_filter, salt_yaml_outputter, yaml_dquote, yaml_encode,
    yaml_squote, DumpOptions,
};
use serde_json::Value as Json;

/// The corpus value: JSON with "int:1"-style keys standing for non-string keys.
fn value_of(j: &Json) -> Value {
    match j {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) if !n.to_string().contains(['.', 'e', 'E']) => Value::Int(i),
            _ => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        Json::String(s) => Value::Str(s.clone().into()),
        Json::Array(items) => Value::List(items.iter().map(value_of).collect()),
        Json::Object(m) => {
            let mut map = Map::new();
            for (k, v) in m {
                map.insert(key_of(k), value_of(v));
            }
            Value::Map(map)
        }
    }
}

fn key_of(k: &str) -> Value {
    if let Some(i) = k.strip_prefix("int:") {
        return i.parse().map(Value::Int).unwrap_or(Value::Null);
    }
    if let Some(f) = k.strip_prefix("float:") {
        return f.parse().map(Value::Float).unwrap_or(Value::Null);
    }
    if let Some(b) = k.strip_prefix("bool:") {
        return Value::Bool(b == "true");
    }
    if k == "null:" {
        return Value::Null;
    }
    Value::str(k)
}

fn opts(flow: Option<bool>, indent: usize, unicode: bool, sort: bool) -> DumpOptions {
    DumpOptions {
        default_flow_style: flow,
        indent,
        allow_unicode: unicode,
        sort_keys: sort,
        ..DumpOptions::default()
    }
}

fn flavour(fl: &str, v: &Value) -> Option<String> {
    Some(match fl {
        "none_2_unicode_ordered" => dump(v, opts(None, 2, true, false)),
        "block_2_unicode_ordered" => dump(v, opts(Some(false), 2, true, false)),
        "flow_2_unicode_ordered" => dump(v, opts(Some(true), 2, true, false)),
        "block_4_unicode_ordered" => dump(v, opts(Some(false), 4, true, false)),
        "block_2_ascii_ordered" => dump(v, opts(Some(false), 2, false, false)),
        "none_2_ascii_sorted" => dump(v, opts(None, 2, false, true)),
        "block_2_unicode_sorted" => dump(v, opts(Some(false), 2, true, true)),
        "yaml_filter" => salt_yaml_filter(v, false),
        "yaml_outputter" => salt_yaml_outputter(v),
        "serializer_yaml" => salt_serializer_yaml(v),
        "yaml_encode" => yaml_encode(v)?,
        "yaml_dquote" => yaml_dquote(v.as_str()?),
        "yaml_squote" => yaml_squote(v.as_str()?),
        _ => return None,
    })
}

#[test]
fn dumpers_match_recorded_output() {
    let cases = fixture("dump");
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let input = case["input"].as_str().unwrap_or_default();
        let v = value_of(&serde_json::from_str(input).unwrap_or(Json::Null));
        let Some(expected) = case["expected"].as_object() else {
            continue;
        };
        for (fl, want) in expected {
            let Json::String(want) = want else { continue }; // recorded errors
            let Some(got) = flavour(fl, &v) else { continue };
            checked += 1;
            if &got != want {
                failures.push(format!(
                    "{} [{fl}]\n   want {want:?}\n   got  {got:?}",
                    name(case)
                ));
            }
        }
    }
    assert!(checked > 1000, "only {checked} checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

//! `load(text, Schema::Yaml12)` against serde_yaml 0.9 answers recorded through reclass-rs
//! (scripts/oracle/yaml12_corpus.py -> tests/fixtures/yaml12.json). reclass-rs does not
//! keep key order, so mappings are compared as sets of entries.

mod common;

use common::{fixture, input, name, tagged};
use halite_yaml::{load, Schema};
use serde_json::Value as Json;

/// Value::Int is i64; serde_yaml has u64 and i128/u128 integers.
const KNOWN_DIFFERENCES: &[&str] = &[
    "y12_057_9223372036854775808",
    "y12_058_18446744073709551615",
];

/// Sorts mapping entries recursively so order does not matter.
fn unordered(j: &Json) -> Json {
    match j {
        Json::Object(o) => {
            let mut out = serde_json::Map::new();
            for (k, v) in o {
                let v = if k == "map" {
                    let mut entries: Vec<Json> = v
                        .as_array()
                        .cloned()
                        .unwrap_or_default()
                        .iter()
                        .map(unordered)
                        .collect();
                    entries.sort_by_key(|e| e.to_string());
                    Json::Array(entries)
                } else {
                    unordered(v)
                };
                out.insert(k.clone(), v);
            }
            Json::Object(out)
        }
        Json::Array(a) => Json::Array(a.iter().map(unordered).collect()),
        other => other.clone(),
    }
}

#[test]
fn yaml12_matches_serde_yaml() {
    let cases = fixture("yaml12");
    let mut failures = Vec::new();
    for case in &cases {
        let text = input(case);
        let exp = &case["expected"];
        let differs = match (exp.get("error"), load(&text, Schema::Yaml12)) {
            (Some(_), Err(_)) => None,
            (None, Ok(v)) => {
                (unordered(&tagged(&v)) != unordered(exp)).then(|| format!("got {}", tagged(&v)))
            }
            (_, Ok(v)) => Some(format!("got {}", tagged(&v))),
            (_, Err(e)) => Some(format!("got error {e:?}")),
        };
        let known = KNOWN_DIFFERENCES.contains(&name(case).as_str());
        if differs.is_some() != known {
            failures.push(format!(
                "{} {text:?}\n   want {exp}\n   {}",
                name(case),
                differs.unwrap_or_default()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Error texts as reclass-rs prints them ("Error while rendering n: [path: ]<problem> at
/// line L column C"), for the document reclass-rs actually read (the case indented under
/// `parameters:`).
#[test]
fn yaml12_error_messages_match_serde_yaml() {
    let cases = fixture("yaml12");
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let Some(want) = case["expected"]["error"]["str"].as_str() else {
            continue;
        };
        let body: String = input(case).lines().map(|l| format!("  {l}\n")).collect();
        let doc = format!("parameters:\n{body}");
        let got = match load(&doc, Schema::Yaml12) {
            Ok(v) => format!("loaded {}", tagged(&v)),
            Err(e) => e.serde_yaml_message(),
        };
        checked += 1;
        if !want.ends_with(&got) {
            failures.push(format!("{}\n   want {want:?}\n   got  {got:?}", name(case)));
        }
    }
    assert!(checked >= 5, "only {checked} error cases");
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

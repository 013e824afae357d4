//! Replays tests/data/yaml_cases.json (random values and Salt 3007.8's `yaml` serializer
//! output for them, recorded by `scripts/oracle/exec_yaml_fuzz.py --record`).

use halite_value::Value;

#[test]
fn yaml_serializer_matches_salt() {
    let p = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/yaml_cases.json");
    let cases = Value::from_json_str(&std::fs::read_to_string(p).expect("fixture")).expect("json");
    let mut bad = Vec::new();
    let list = cases.as_list().cloned().unwrap_or_default();
    for c in &list {
        let v = c.get("value").cloned().unwrap_or_default();
        let want = c.get("yaml").and_then(Value::as_str).unwrap_or("");
        let got = halite_exec::yamldump::dump(&v);
        if got != want {
            bad.push(format!("{}\n  want {want:?}\n  got  {got:?}", v.py_repr()));
        }
    }
    assert!(list.len() >= 100);
    assert!(
        bad.is_empty(),
        "{} of {} differ:\n{}",
        bad.len(),
        list.len(),
        bad.join("\n")
    );
}

//! Shared by the tests that compare halite-value with Python on recorded cases.

use halite_value::Value;

/// The `cases` list of a fixture recorded from Python by a script under scripts/oracle
/// (`{"python": version, "cases": [...]}`).
pub fn recorded_cases(text: &str) -> Vec<Value> {
    let data = Value::from_json_str(text).expect("the fixture is JSON");
    let cases = data.get("cases").and_then(Value::as_list);
    cases.expect("a cases list").to_vec()
}

//! `yamlify_arg` against salt.utils.args.yamlify_arg (tests/fixtures/yamlify.json).

mod common;

use common::{fixture, input, name, tagged};
use halite_yaml::yamlify_arg;

/// Value::Int is i64: larger Python ints cannot be represented.
const KNOWN_DIFFERENCES: &[&str] = &["12345678901234567890"];

#[test]
fn yamlify_arg_matches_salt() {
    let cases = fixture("yamlify");
    let mut failures = Vec::new();
    for case in &cases {
        let got = tagged(&yamlify_arg(&input(case)));
        let differs = got != case["expected"];
        if differs != KNOWN_DIFFERENCES.contains(&name(case).as_str()) {
            failures.push(format!(
                "{:?}\n   want {}\n   got  {got}",
                input(case),
                case["expected"]
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

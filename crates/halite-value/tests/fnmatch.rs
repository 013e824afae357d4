//! `halite_value::fnmatch` against Python's `fnmatch.fnmatchcase` (what Salt matches top
//! globs, sls names, grains and config keys with), recorded by
//! scripts/oracle/fnmatch_record.py: classes, negation, `]` first in a class, reversed
//! (empty) ranges, a `[` that opens nothing, regex set operators inside classes, non-ASCII.

mod common;

use halite_value::{fnmatch, Value};

#[test]
fn fnmatch_matches_python_fnmatchcase() {
    let cases = common::recorded_cases(include_str!("data/fnmatch_python.json"));
    let (mut checked, mut matched) = (0, 0);
    for case in cases.iter() {
        let case = case.as_list().expect("[pattern, [[name, bool], ...]]");
        let pattern = case[0].as_str().expect("a pattern string");
        for pair in case[1].as_list().expect("a names list").iter() {
            let pair = pair.as_list().expect("[name, bool]");
            let name = pair[0].as_str().expect("a name string");
            let expected = matches!(pair[1], Value::Bool(true));
            assert_eq!(
                fnmatch(name, pattern),
                expected,
                "fnmatchcase({name:?}, {pattern:?})"
            );
            checked += 1;
            matched += usize::from(expected);
        }
    }
    assert!(
        checked > 5_000 && matched > 200,
        "{checked} cases, {matched} matches"
    );
}

//! `halite_value::py_float_repr` against Python's `repr(float)` (what Salt's outputters
//! print for a float, e.g. a `names` chunk's fractional `order`), recorded by
//! scripts/oracle/float_repr_record.py: random doubles of every magnitude, large values whose
//! shortest digits tie (Python rounds half to even), whole doubles just past 1e16, and
//! order-like values.

mod common;

use halite_value::py_float_repr;

#[test]
fn float_repr_matches_python_repr() {
    let cases = common::recorded_cases(include_str!("data/float_repr_python.json"));
    let mut failures = Vec::new();
    for case in cases.iter() {
        let case = case.as_list().expect("[bits, repr]");
        let bits = case[0].as_str().expect("hex bits");
        let bits = u64::from_str_radix(bits, 16).expect("16 hex digits");
        let expected = case[1].as_str().expect("a repr string");
        let got = py_float_repr(f64::from_bits(bits));
        if got != expected {
            failures.push(format!("{bits:016x}: {got} != {expected}"));
        }
    }
    assert!(cases.len() > 8_000, "{} cases", cases.len());
    assert!(
        failures.is_empty(),
        "{} mismatches: {:?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
}

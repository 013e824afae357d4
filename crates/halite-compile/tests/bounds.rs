//! Compile time bounds (issue 34, item 10): a declaration's `names` compiles in time linear
//! in their number, in both releases' orderings.
use halite_compile::{compile_call_high, CompileOptions};
use halite_value::{Map, SaltCompat, Value};
use std::time::{Duration, Instant};

/// `big: {test.nop: [{names: [n0, {n1: [{foo: 1}]}, ...]}, {order: 1}]}` with `n` names,
/// every other one a one-key dict (the dicts all hash alike by `Value`'s `Hash`).
fn high_with_names(n: usize) -> Map {
    let names: Vec<Value> = (0..n)
        .map(|i| {
            if i % 2 == 0 {
                Value::str(format!("n{i}"))
            } else {
                let mut over = Map::new();
                over.insert("foo", Value::Int(i as i64));
                let mut entry = Map::new();
                entry.insert(
                    Value::str(format!("n{i}")),
                    Value::List(vec![Value::Map(over)].into()),
                );
                Value::Map(entry)
            }
        })
        .collect();
    let mut arg = Map::new();
    arg.insert("names", Value::List(names.into()));
    let body = Map::from_iter([
        (
            Value::str("test"),
            Value::List(vec![Value::Map(arg), Value::str("nop")].into()),
        ),
        (Value::str("__sls__"), Value::str("big")),
        (Value::str("__env__"), Value::str("base")),
    ]);
    Map::from_iter([(Value::str("big"), Value::Map(body))])
}

fn compile_time(n: usize, compat: SaltCompat) -> Duration {
    let high = high_with_names(n);
    let opts = CompileOptions {
        salt_compat: compat,
        ..CompileOptions::default()
    };
    let start = Instant::now();
    let chunks = compile_call_high(high, &opts).expect("compiles");
    let took = start.elapsed();
    assert_eq!(chunks.len(), n);
    took
}

/// 80,000 names took minutes (a scan of the names seen so far for each name, and of the
/// graph's `(state, id)` node set for each chunk); now the time grows with the count: four
/// times the names may take at most eight times as long (quadratic code takes sixteen),
/// and 80,000 finish within a generous bound for a debug build on a busy machine.
#[test]
fn names_compile_is_linear() {
    for compat in [SaltCompat::V3008, SaltCompat::V3007] {
        let small = compile_time(20_000, compat);
        let large = compile_time(80_000, compat);
        assert!(
            large < Duration::from_secs(20),
            "{compat:?}: 80,000 names took {large:?}"
        );
        assert!(
            large.as_secs_f64() < 8.0 * small.as_secs_f64().max(0.01),
            "{compat:?}: 20,000 names took {small:?}, 80,000 took {large:?}"
        );
    }
}

/// Repeated names are still dropped as Salt drops them (`1`, `1.0` and `True` are one name;
/// equal dicts in any key order are one entry).
#[test]
fn names_dedup_keeps_python_equality() {
    let dict = |pairs: &[(&str, i64)]| {
        Value::Map(Map::from_iter(
            pairs.iter().map(|(k, v)| (Value::str(*k), Value::Int(*v))),
        ))
    };
    let names = vec![
        Value::Int(1),
        Value::str("a"),
        Value::Float(1.0),
        Value::Bool(true),
        dict(&[("x", 1), ("y", 2)]),
        dict(&[("y", 2), ("x", 1)]),
        dict(&[("x", 2), ("y", 1)]),
        Value::str("a"),
    ];
    let mut arg = Map::new();
    arg.insert("names", Value::List(names.into()));
    let body = Map::from_iter([
        (
            Value::str("test"),
            Value::List(vec![Value::Map(arg), Value::str("nop")].into()),
        ),
        (Value::str("__sls__"), Value::str("s")),
        (Value::str("__env__"), Value::str("base")),
    ]);
    let high = Map::from_iter([(Value::str("id"), Value::Map(body))]);
    let chunks = halite_compile::compile_high_data(&high, &CompileOptions::default());
    let got: Vec<String> = chunks
        .iter()
        .map(|c| c.get("name").map(Value::py_repr).unwrap_or_default())
        .collect();
    assert_eq!(got, ["1", "'a'", "'x'", "'x'"], "{chunks:?}");
}

//! Compiles the high data in a recorded `state.show_highstate` JSON file and prints the
//! low chunks (or errors) as `state.show_lowstate` would, with the time taken:
//! `cargo run --release -p halite-compile --example compile_file -- expected/00.json`
use halite_compile::{try_compile_low_chunks, CompileFailure, CompileOptions};
use halite_value::Value;
use std::time::Instant;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: compile_file SHOW_HIGHSTATE.json");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let high = match Value::from_json_str(&text)
        .ok()
        .and_then(|v| v.get("local").cloned())
    {
        Some(Value::Map(m)) => m,
        _ => {
            eprintln!("{path}: no high data under \"local\"");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let result = try_compile_low_chunks(high, &CompileOptions::default());
    let elapsed = start.elapsed();
    let out = match result {
        Ok(chunks) => Value::List(chunks.into_iter().map(Value::Map).collect()),
        Err(CompileFailure::Errors(e)) => Value::List(e.into_iter().map(Value::from).collect()),
        Err(CompileFailure::Crash(c)) => Value::Str(format!("CRASH {c}").into()),
    };
    let mut wrapped = halite_value::Map::new();
    wrapped.insert("local", out);
    println!("{}", Value::Map(wrapped).to_json());
    eprintln!("compiled in {elapsed:?}");
}

//! Compiles generated high data of 5,000 states (with `names`, requisites, `_in` forms,
//! `use`, by-name targets, sls requisites and an extend) and prints the time per compile.
//! Run: `cargo bench -p halite-compile`.
#![allow(clippy::manual_is_multiple_of)] // `is_multiple_of` is newer than the workspace MSRV (1.80)
use halite_compile::{compile_low_chunks, CompileOptions};
use halite_value::{Map, Value};
use std::time::Instant;

const STATES: usize = 5_000;

fn single(k: &str, v: Value) -> Value {
    let mut m = Map::new();
    m.insert(k, v);
    Value::Map(m)
}

fn req(state: &str, target: String) -> Value {
    single(state, Value::Str(target.into()))
}

fn state_body(i: usize) -> Map {
    let sls = format!("sls{}", i / 50);
    let mut args: Vec<Value> = vec![single("name", Value::Str(format!("/srv/file{i}").into()))];
    if i % 10 == 0 {
        args = vec![single(
            "names",
            Value::List(
                vec![
                    Value::Str(format!("/srv/n{i}a").into()),
                    single(
                        &format!("/srv/n{i}b"),
                        Value::List(vec![single("mode", Value::Int(600))].into()),
                    ),
                ]
                .into(),
            ),
        )];
    }
    args.push(single("mode", Value::Int(644)));
    if i > 0 {
        args.push(single(
            "require",
            Value::List(vec![req("file", format!("id{}", i - 1))].into()),
        ));
    }
    if i % 7 == 0 && i + 3 < STATES {
        args.push(single(
            "require_in",
            Value::List(
                vec![
                    req("file", format!("id{}", i + 3)),
                    req("file", format!("id{}", i + 2)),
                ]
                .into(),
            ),
        ));
    }
    if i % 11 == 0 && i + 5 < STATES && (i + 5) % 10 != 0 {
        // A by-name target: Salt scans the whole high data for it.
        args.push(single(
            "watch_in",
            Value::List(vec![req("file", format!("/srv/file{}", i + 5))].into()),
        ));
    }
    if i % 13 == 0 && i > 0 {
        args.push(single(
            "use",
            Value::List(vec![req("file", format!("id{}", i - 1))].into()),
        ));
    }
    if i % 97 == 0 && i > 100 {
        args.push(single(
            "onchanges_in",
            Value::List(
                vec![single(
                    "sls",
                    Value::Str(format!("sls{}", i / 50 - 1).into()),
                )]
                .into(),
            ),
        ));
    }
    args.push(Value::str("managed"));
    args.push(single("order", Value::Int(10_000 + i as i64)));
    let mut body = Map::new();
    body.insert("file", Value::List(args.into()));
    body.insert("__sls__", Value::Str(sls.into()));
    body.insert("__env__", Value::str("base"));
    body
}

fn generated_high() -> Map {
    let mut high = Map::new();
    for i in 0..STATES {
        high.insert(format!("id{i}"), Value::Map(state_body(i)));
    }
    let mut ext_body = Map::new();
    ext_body.insert(
        "file",
        Value::List(vec![single("user", Value::str("root"))].into()),
    );
    ext_body.insert("__sls__", Value::str("sls0"));
    ext_body.insert("__env__", Value::str("base"));
    high.insert(
        "__extend__",
        Value::List(vec![single("id42", Value::Map(ext_body))].into()),
    );
    high
}

/// Times each of Salt's steps once, to spot a slow one.
fn time_steps(high: &Map, opts: &CompileOptions) {
    let t = Instant::now();
    let mut high = high.clone();
    println!("clone of the high data: {:?}", t.elapsed());
    let t = Instant::now();
    let e1 = halite_compile::reconcile_extend(&mut high, false);
    let t1 = t.elapsed();
    let e2 = halite_compile::verify_high(&high);
    let t2 = t.elapsed();
    let e3 = halite_compile::requisite_in(&mut high, opts);
    let t3 = t.elapsed();
    halite_compile::apply_exclude(&mut high);
    let chunks = halite_compile::compile_high_data(&high, opts);
    let t4 = t.elapsed();
    println!(
        "steps: reconcile_extend {t1:?}, verify_high {:?}, requisite_in {:?}, compile {:?} \
         ({} errors, {} chunks)",
        t2 - t1,
        t3 - t2,
        t4 - t3,
        e1.len() + e2.len() + e3.len(),
        chunks.len()
    );
}

/// This process's user + system CPU time in ms (from /proc/self/stat), so that the figure
/// means something on a shared, overloaded machine; None where /proc is missing.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) * 10.0) // USER_HZ is 100 on Linux
}

fn main() {
    let high = generated_high();
    time_steps(&high, &CompileOptions::default());
    let opts = CompileOptions::default();
    let runs = 20;
    let cpu_start = cpu_ms();
    for _ in 0..runs {
        std::hint::black_box(high.clone());
    }
    if let (Some(a), Some(b)) = (cpu_start, cpu_ms()) {
        println!(
            "CPU time per clone+drop of the input: {:.2} ms",
            (b - a) / runs as f64
        );
    }
    let cpu_start = cpu_ms();
    let mut best = f64::MAX;
    let mut total = 0.0;
    let mut chunks = 0;
    for _ in 0..runs {
        let input = high.clone();
        let start = Instant::now();
        let result = compile_low_chunks(input, &opts);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        match result {
            Ok(c) => chunks = c.len(),
            Err(e) => {
                eprintln!("compile failed: {:?}", e.first());
                std::process::exit(1);
            }
        }
        best = best.min(ms);
        total += ms;
    }
    println!(
        "compile {STATES} states -> {chunks} chunks: best {best:.2} ms, mean {:.2} ms (wall)",
        total / runs as f64
    );
    if let (Some(a), Some(b)) = (cpu_start, cpu_ms()) {
        // Includes cloning the input for each run.
        println!(
            "CPU time per run (with input clone): {:.2} ms",
            (b - a) / runs as f64
        );
    }
}

//! `cargo bench -p halite-runtime --bench apply`: 5,000 generated low chunks (file.managed with
//! inline contents, file.directory, cmd.run guarded by unless, test states, requisites) applied
//! in a scratch folder: first run, second run (idempotent), test=True; then 1,000 states chained
//! by require. Prints wall-clock figures (no criterion: one run each, it is I/O bound).

use halite_exec::{ExecContext, Registry};
use halite_runtime::{apply_chunks, RunOptions, RuntimeEnv};
use halite_value::{Map, Value};
use std::time::Instant;

fn chunk(
    state: &str,
    fun: &str,
    id: &str,
    name: &str,
    order: usize,
    extra: &[(&str, Value)],
) -> Map {
    let mut m = Map::new();
    m.insert("state", Value::str(state));
    m.insert("name", Value::str(name));
    m.insert("__sls__", Value::str("bench"));
    m.insert("__env__", Value::str("base"));
    m.insert("__id__", Value::str(id));
    for (k, v) in extra {
        m.insert(*k, v.clone());
    }
    m.insert("order", Value::Int(10000 + order as i64));
    m.insert("fun", Value::str(fun));
    m
}

fn req(kind: &str, id: &str) -> Value {
    let mut m = Map::new();
    m.insert(kind, Value::str(id));
    Value::List(vec![Value::Map(m)].into())
}

fn mixed(dir: &str, n: usize) -> Vec<Map> {
    let mut v = Vec::with_capacity(n);
    let per = n / 5;
    for i in 0..per {
        v.push(chunk(
            "file",
            "directory",
            &format!("dir{i}"),
            &format!("{dir}/d{i}"),
            v.len(),
            &[],
        ));
    }
    for i in 0..per {
        v.push(chunk(
            "file",
            "managed",
            &format!("file{i}"),
            &format!("{dir}/d{i}/f.conf"),
            v.len(),
            &[
                (
                    "contents",
                    Value::Str(format!("key = {i}\nother = value\n").into()),
                ),
                ("require", req("file", &format!("dir{i}"))),
            ],
        ));
    }
    for i in 0..per {
        v.push(chunk(
            "cmd",
            "run",
            &format!("cmd{i}"),
            &format!("touch {dir}/d{i}/marker"),
            v.len(),
            &[(
                "unless",
                Value::Str(format!("test -e {dir}/d{i}/marker").into()),
            )],
        ));
    }
    for i in 0..per {
        v.push(chunk(
            "test",
            "succeed_without_changes",
            &format!("t{i}"),
            &format!("t{i}"),
            v.len(),
            &[],
        ));
    }
    for i in 0..per {
        v.push(chunk(
            "test",
            "nop",
            &format!("w{i}"),
            &format!("w{i}"),
            v.len(),
            &[("onchanges", req("file", &format!("file{i}")))],
        ));
    }
    v
}

fn chain(n: usize) -> Vec<Map> {
    (0..n)
        .map(|i| {
            // Each state requires the next one, so the whole chain is resolved depth-first
            // from the first chunk.
            let extra: Vec<(&str, Value)> = if i + 1 < n {
                vec![("require", req("test", &format!("c{}", i + 1)))]
            } else {
                vec![]
            };
            chunk("test", "nop", &format!("c{i}"), &format!("c{i}"), i, &extra)
        })
        .collect()
}

fn run(label: &str, chunks: Vec<Map>, test: bool, env: &RuntimeEnv) {
    let opts = RunOptions {
        test,
        ..Default::default()
    };
    let n = chunks.len();
    let t = Instant::now();
    let running = apply_chunks(chunks, &opts, env).expect("the run is not aborted");
    let el = t.elapsed();
    let failed = running
        .values()
        .filter(|r| matches!(r.get("result"), Some(Value::Bool(false))))
        .count();
    println!(
        "{label:<32} {n:>5} states {:>9.1} ms  ({failed} failed)",
        el.as_secs_f64() * 1000.0
    );
}

fn main() {
    // `cargo bench -p halite-runtime --bench apply -- chain` runs only the groups named.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let want = |g: &str| only.is_empty() || only.iter().any(|o| o == g);
    let scratch = tempfile::tempdir().expect("tempdir");
    let dir = scratch.path().to_string_lossy().to_string();
    let env = RuntimeEnv::new(Registry::standard(), ExecContext::default());
    if want("mixed") {
        run(
            "mixed 5000: test=True (fresh)",
            mixed(&dir, 5000),
            true,
            &env,
        );
        run("mixed 5000: first run", mixed(&dir, 5000), false, &env);
        run("mixed 5000: second run", mixed(&dir, 5000), false, &env);
        run("mixed 5000: test=True", mixed(&dir, 5000), true, &env);
    }
    if want("chain") {
        run("chain 1000 (require)", chain(1000), false, &env);
    }
}

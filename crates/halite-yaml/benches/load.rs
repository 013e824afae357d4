//! `cargo bench -p halite-yaml`: loads a generated 5,000-state SLS document (harness=false,
//! std only) and dumps it back, reporting the best and median of several runs. The document
//! has block scalars (`|`), so `load` reads it with the full loader; the same document with
//! the block scalars as one-line quoted strings is what the fast path reads (timed through
//! `load` and, for comparison, with the full loader alone). With an argument N it only loads
//! the document N times (for profilers); `N plain` loads the fast path's document.

use halite_yaml::fast_path::{load_fast, load_full};
use halite_yaml::{dump, load, DumpOptions, Schema};
use std::time::{Duration, Instant};

#[path = "../../../benches/support/cpu_time.rs"]
mod support;
use support::cpu_time;

/// 5,000 Salt states of the usual shapes: file.managed with context and requisites,
/// pkg.installed, service.running with watch, cmd.run with a block scalar.
fn document(states: usize, block_scalars: bool) -> String {
    let mut s = String::with_capacity(states * 300);
    for i in 0..states {
        match i % 4 {
            0 => s.push_str(&format!(
                "/etc/app{i}/config.conf:\n  file.managed:\n    - source: salt://app/files/config.conf\n    - user: root\n    - group: root\n    - mode: 0644\n    - template: jinja\n    - context:\n        port: {}\n        enabled: yes\n        ratio: 1.5\n    - require:\n      - pkg: pkg{i}\n",
                8000 + i
            )),
            1 => s.push_str(&format!("pkg{i}:\n  pkg.installed:\n    - name: package-{i}\n    - version: '1.2.{i}'\n")),
            2 => s.push_str(&format!(
                "service{i}:\n  service.running:\n    - name: svc{i}\n    - enable: True\n    - watch:\n      - file: /etc/app{i}/config.conf\n"
            )),
            _ if block_scalars => s.push_str(&format!(
                "run{i}:\n  cmd.run:\n    - name: |\n        echo step {i}\n        /usr/bin/true\n    - unless: test -f /tmp/done{i}\n    - onlyif: 'test -d /tmp'\n"
            )),
            _ => s.push_str(&format!(
                "run{i}:\n  cmd.run:\n    - name: \"echo step {i}\\n/usr/bin/true\\n\"\n    - unless: test -f /tmp/done{i}\n    - onlyif: 'test -d /tmp'\n"
            )),
        }
    }
    s
}

/// (best wall, median wall, mean CPU) over `runs`.
fn time<F: FnMut()>(runs: usize, mut f: F) -> (Duration, Duration, Duration) {
    let cpu0 = cpu_time();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    let cpu = (cpu_time() - cpu0) / runs as u32;
    times.sort();
    (times[0], times[runs / 2], cpu)
}

fn main() {
    let doc = document(5_000, true);
    let plain = document(5_000, false);
    if load_fast(&plain).is_none() || load_fast(&doc).is_some() {
        eprintln!("the fast path does not take the documents it should (only the second)");
        std::process::exit(1);
    }
    let value = match load(&doc, Schema::Salt) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("benchmark document does not load: {e}");
            std::process::exit(1);
        }
    };
    // `cargo bench -p halite-yaml -- N`: only N loads with Salt's rules (for profilers)
    if let Some(n) = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
    {
        let text = if std::env::args().any(|a| a == "plain") {
            &plain
        } else {
            &doc
        };
        for _ in 0..n {
            let _ = std::hint::black_box(load(std::hint::black_box(text), Schema::Salt));
        }
        return;
    }
    println!(
        "document: 5000 states, {} bytes, {} lines",
        doc.len(),
        doc.lines().count()
    );
    for (name, schema) in [
        ("load Schema::Salt", Schema::Salt),
        ("load Schema::Yaml12", Schema::Yaml12),
    ] {
        let (best, median, cpu) = time(15, || {
            let _ = std::hint::black_box(load(std::hint::black_box(&doc), schema));
        });
        println!("{name:24} best {best:>10.2?}  median {median:>10.2?}  cpu/op {cpu:>10.2?}");
    }
    println!(
        "document without block scalars (fast path): {} bytes",
        plain.len()
    );
    let (best, median, cpu) = time(15, || {
        let _ = std::hint::black_box(load(std::hint::black_box(&plain), Schema::Salt));
    });
    println!(
        "{:24} best {best:>10.2?}  median {median:>10.2?}  cpu/op {cpu:>10.2?}",
        "load (fast path)"
    );
    let (best, median, cpu) = time(15, || {
        let _ = std::hint::black_box(load_full(std::hint::black_box(&plain), Schema::Salt));
    });
    println!(
        "{:24} best {best:>10.2?}  median {median:>10.2?}  cpu/op {cpu:>10.2?}",
        "same, full loader"
    );
    let (best, median, cpu) = time(15, || {
        let _ = std::hint::black_box(dump(
            &value,
            DumpOptions {
                default_flow_style: Some(false),
                ..DumpOptions::default()
            },
        ));
    });
    println!(
        "{:24} best {best:>10.2?}  median {median:>10.2?}  cpu/op {cpu:>10.2?}",
        "dump block style"
    );
}

//! `cargo bench -p halite-validate`: `halite validate --output json` in-process on the SLS
//! `scripts/bench/validate.sh` generates (500 parameterised states), harness=false, std only.
//! Reports the best and median wall time and the mean CPU time of several runs; with an
//! argument `N` (`cargo bench -p halite-validate -- 200`) it runs N times (for profiling).

use halite_validate::cli::{run_in, OutputFormat, ValidateArgs};
use std::time::{Duration, Instant};

#[path = "../../../benches/support/cpu_time.rs"]
mod support;
use support::cpu_time;

/// The generator of `scripts/bench/validate.sh`, line for line.
fn document(n: usize) -> String {
    let mut s = String::from("{% set region = params.get('region', 'us-east-1') %}\n");
    for i in 0..n {
        s.push_str(&format!(
            "state-{i}-{{{{ params.get('env', 'dev') }}}}:
  test.present:
    - name: {{{{ params.get('app').get('name{}', 'app') }}}}-{i}
    - region: {{{{ region }}}}
    - size: {{{{ params['sizes'][{}].get('cores', {i}) }}}}
    - enabled: {{{{ params.get('flag{}', True) }}}}
    - tags: {{{{ params.get('tags').split(',') }}}}
  META:
    params:
      app:
        properties:
          name{}: {{}}

",
            i % 7,
            i % 3,
            i % 5,
            i % 7
        ));
    }
    s
}

fn main() {
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(30);
    let dir = std::env::temp_dir().join(format!("halite-validate-bench-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&dir)
        .and_then(|_| std::fs::write(dir.join("bench.sls"), document(500)))
    {
        eprintln!("cannot write the benchmark SLS: {e}");
        std::process::exit(1);
    }
    let args = ValidateArgs {
        sls: vec!["bench.sls".to_string()],
        params: vec![],
        output: OutputFormat::Json,
    };
    let mut len = 0;
    let cpu0 = cpu_time();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            match run_in(&dir, &args) {
                Ok((out, _)) => len = std::hint::black_box(out).len(),
                Err(e) => {
                    eprintln!("validate failed: {e}");
                    std::process::exit(1);
                }
            }
            t.elapsed()
        })
        .collect();
    let cpu = (cpu_time() - cpu0) / runs as u32;
    let _ = std::fs::remove_dir_all(&dir);
    times.sort();
    println!("validate 500 states: {len} bytes of JSON");
    println!(
        "{:24} best {:>10.2?}  median {:>10.2?}  cpu/op {cpu:>10.2?}",
        "validate --output json",
        times[0],
        times[runs / 2]
    );
}

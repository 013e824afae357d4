//! `cargo run -p halite-dashboard --example demo_store -- DB [HOSTS [DAYS [RUNS_PER_DAY]]]`:
//! a generated job store (halite_dashboard::demo) at DB, its last runs just before now.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(db) = args.first() else {
        eprintln!("usage: demo_store DB [HOSTS [DAYS [RUNS_PER_DAY]]]");
        std::process::exit(2);
    };
    let num = |i: usize, default: u64| -> u64 {
        match args.get(i).map(|a| a.parse::<u64>()) {
            None => default,
            Some(Ok(n)) => n,
            Some(Err(e)) => {
                eprintln!("demo_store: argument {i}: {e}");
                std::process::exit(2);
            }
        }
    };
    let spec = halite_dashboard::demo::DemoSpec {
        hosts: num(1, 20) as usize,
        days: num(2, 7) as u32,
        runs_per_day: num(3, 24) as u32,
        now_micros: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_micros())
            .unwrap_or(0),
        seed: 2026,
    };
    let t = std::time::Instant::now();
    match halite_dashboard::demo::generate(std::path::Path::new(db), &spec) {
        Ok(d) => eprintln!(
            "demo_store: {} hosts x {} runs into {db} in {:.1} s (unreported: {}, failing: {}, unreachable: {})",
            d.hosts.len(),
            d.jids.len(),
            t.elapsed().as_secs_f64(),
            d.unreported,
            d.failing,
            d.unreachable
        ),
        Err(e) => {
            eprintln!("demo_store: {e}");
            std::process::exit(1);
        }
    }
}

//! Shared by the crates' `cargo bench` harnesses (included with `#[path]`): the machine is
//! shared, so wall-clock times alone mislead.

use std::time::Duration;

/// This process's user+system CPU time from /proc/self/stat (clock ticks of 10 ms).
pub fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_comm = stat.rsplit(')').next().unwrap_or_default();
    let fields: Vec<&str> = after_comm.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // fields after ")" start at index 0 = state; utime is field 14 overall, i.e. 11 here
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

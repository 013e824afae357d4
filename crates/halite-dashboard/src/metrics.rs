//! `/metrics`: Prometheus' text exposition format (0.0.4), low cardinality: a few series a
//! host about the run the overview judges it by (its start, a 0/1 gauge a status, its
//! state counts, duration and exit status) and the fleet's hosts per category. No series
//! a state, a job or a grain.

use crate::http::Response;
use crate::pages::{category, unreported_cutoff, CATEGORIES};
use crate::store::Store;
use crate::{iso_to_unix, App};
use std::fmt::Write;

pub use crate::store::STATUSES;

/// A label value escaped as the format wants (`\\`, `\"`, `\n`).
pub fn label(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

fn family(out: &mut String, name: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge");
}

pub fn metrics(app: &App, store: &Store) -> rusqlite::Result<Response> {
    let runs = store.last_runs()?;
    let mut out = String::new();
    family(
        &mut out,
        "halite_last_run_timestamp_seconds",
        "When the host's last run started (Unix time).",
    );
    for r in &runs {
        let _ = writeln!(
            out,
            "halite_last_run_timestamp_seconds{{id=\"{}\"}} {:.3}",
            label(&r.id),
            iso_to_unix(&r.started).unwrap_or(0.0)
        );
    }
    family(
        &mut out,
        "halite_last_run_status",
        "1 for the status of the host's last run, 0 for the others.",
    );
    for r in &runs {
        for s in STATUSES {
            let _ = writeln!(
                out,
                "halite_last_run_status{{id=\"{}\",status=\"{s}\"}} {}",
                label(&r.id),
                u8::from(r.status == s)
            );
        }
    }
    family(
        &mut out,
        "halite_last_run_states",
        "States of the host's last run, by outcome (total, succeeded, failed, changed, pending).",
    );
    for r in &runs {
        for (k, n) in [
            ("total", r.total),
            ("succeeded", r.succeeded),
            ("failed", r.failed),
            ("changed", r.changed),
            ("pending", r.pending),
        ] {
            let _ = writeln!(
                out,
                "halite_last_run_states{{id=\"{}\",result=\"{k}\"}} {n}",
                label(&r.id)
            );
        }
    }
    family(
        &mut out,
        "halite_last_run_duration_seconds",
        "The states' durations of the host's last run, added up.",
    );
    for r in &runs {
        let _ = writeln!(
            out,
            "halite_last_run_duration_seconds{{id=\"{}\"}} {:.3}",
            label(&r.id),
            r.duration_ms / 1000.0
        );
    }
    family(
        &mut out,
        "halite_last_run_retcode",
        "The exit status of the host's last run.",
    );
    for r in &runs {
        let _ = writeln!(
            out,
            "halite_last_run_retcode{{id=\"{}\"}} {}",
            label(&r.id),
            r.retcode
        );
    }
    family(
        &mut out,
        "halite_hosts",
        "Hosts by the dashboard's category of their last run (unreported: older than dashboard_unreported_hours).",
    );
    let cutoff = unreported_cutoff(app);
    for c in CATEGORIES {
        let n = runs.iter().filter(|r| category(r, &cutoff) == c).count();
        let _ = writeln!(out, "halite_hosts{{status=\"{c}\"}} {n}");
    }
    Ok(Response::new(
        200,
        "text/plain; version=0.0.4; charset=utf-8",
        out,
    ))
}

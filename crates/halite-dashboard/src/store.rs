//! The dashboard's questions to the job store, as SQL over halite's tables
//! (`halite_runs`, `halite_states`, `halite_grains`; halite_jobs::sqlite has their schema).
//!
//! The database is opened read-only (`SQLITE_OPEN_READ_ONLY` and `PRAGMA query_only`), a
//! connection a request: opening costs about a tenth of a millisecond next to a page's
//! queries, and no connection is shared between the server's threads.

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Row};
use std::path::Path;

/// A host's run (a `halite_runs` row).
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub jid: String,
    pub id: String,
    pub fun: String,
    /// UTC, ISO 8601 (`2026-12-02T15:50:01.123456Z`).
    pub started: String,
    pub status: String,
    pub retcode: i64,
    pub total: i64,
    pub succeeded: i64,
    pub failed: i64,
    pub changed: i64,
    pub pending: i64,
    pub duration_ms: f64,
}

/// A state of a run (a `halite_states` row): what halite_jobs wrote it from.
pub use halite_jobs::summary::StateRow as State;

/// The statuses halite_jobs writes (halite_jobs::summary::Status).
pub const STATUSES: [&str; 6] = ["failed", "error", "pending", "changed", "unchanged", "ok"];

const RUN_COLUMNS: &str = "jid, id, fun, started, status, retcode, total, succeeded, failed, \
                           changed, pending, duration_ms";

fn run_of(r: &Row) -> rusqlite::Result<Run> {
    Ok(Run {
        jid: r.get(0)?,
        id: r.get(1)?,
        fun: r.get(2)?,
        started: r.get(3)?,
        status: r.get(4)?,
        retcode: r.get(5)?,
        total: r.get(6)?,
        succeeded: r.get(7)?,
        failed: r.get(8)?,
        changed: r.get(9)?,
        pending: r.get(10)?,
        duration_ms: r.get(11)?,
    })
}

fn state_of(r: &Row) -> rusqlite::Result<State> {
    Ok(State {
        tag: r.get(0)?,
        state_id: r.get(1)?,
        sls: r.get(2)?,
        name: r.get(3)?,
        fun: r.get(4)?,
        result: r.get(5)?,
        comment: r.get(6)?,
        changes: r.get(7)?,
        duration_ms: r.get(8)?,
        run_num: r.get(9)?,
    })
}

/// A read-only view of the store's database.
pub struct Store {
    conn: Connection,
}

/// Runs per status on one UTC day, with the durations of its state runs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DayCount {
    /// `YYYY-MM-DD`.
    pub day: String,
    /// (status, runs).
    pub counts: Vec<(String, i64)>,
    /// State runs (every status but `ok`): how many, their durations' sum and largest.
    pub state_runs: i64,
    pub duration_sum_ms: f64,
    pub duration_max_ms: f64,
}

impl Store {
    /// Opens the database at `path` for reading; a missing file is an error (nothing is
    /// made).
    pub fn open(path: &Path) -> rusqlite::Result<Store> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch("PRAGMA query_only = 1;")?;
        Ok(Store { conn })
    }

    /// Each host's run the overview judges it by, ordered by id: its latest run that
    /// applied states or failed (any status but `ok`), else its latest run. A
    /// `test.ping` (status `ok`) says nothing of the host's configuration, so it must not
    /// hide the last highstate's failure.
    ///
    /// One statement: the distinct ids come from the `(id, started)` index, and each
    /// host's run is found by walking that index backwards from its newest entry (two
    /// `LIMIT 1` subqueries), not by grouping every run.
    pub fn last_runs(&self) -> rusqlite::Result<Vec<Run>> {
        let sql = format!(
            "SELECT {cols} FROM (SELECT DISTINCT id AS hid FROM halite_runs) h \
             JOIN halite_runs r ON r.rowid = coalesce(\
               (SELECT rowid FROM halite_runs x WHERE x.id = h.hid AND x.status != 'ok' \
                ORDER BY x.started DESC LIMIT 1),\
               (SELECT rowid FROM halite_runs x WHERE x.id = h.hid \
                ORDER BY x.started DESC LIMIT 1)) \
             ORDER BY r.id",
            cols = RUN_COLUMNS
                .split(", ")
                .map(|c| format!("r.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let mut st = self.conn.prepare(&sql)?;
        let rows = st.query_map([], run_of)?;
        rows.collect()
    }

    /// A host's runs, newest first, at most `limit`; `only`: `changed` (status changed)
    /// or `failed` (failed or error).
    pub fn host_runs(
        &self,
        id: &str,
        only: Option<&str>,
        limit: usize,
    ) -> rusqlite::Result<Vec<Run>> {
        let filter = match only {
            Some("changed") => " AND status = 'changed'",
            Some("failed") => " AND status IN ('failed', 'error')",
            _ => "",
        };
        let sql = format!(
            "SELECT {RUN_COLUMNS} FROM halite_runs WHERE id = ?1{filter} \
             ORDER BY started DESC LIMIT ?2"
        );
        let mut st = self.conn.prepare(&sql)?;
        let rows = st.query_map(params![id, limit as i64], run_of)?;
        rows.collect()
    }

    /// A host's runs counted (all, changed, failed or error).
    pub fn host_counts(&self, id: &str) -> rusqlite::Result<(i64, i64, i64)> {
        self.conn.query_row(
            "SELECT count(*), coalesce(sum(status = 'changed'), 0), \
             coalesce(sum(status IN ('failed', 'error')), 0) FROM halite_runs WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    }

    /// One run of a host.
    pub fn run(&self, jid: &str, id: &str) -> rusqlite::Result<Option<Run>> {
        self.conn
            .query_row(
                &format!("SELECT {RUN_COLUMNS} FROM halite_runs WHERE jid = ?1 AND id = ?2"),
                [jid, id],
                run_of,
            )
            .optional()
    }

    /// The host's run before `started` (for "diff with the previous run").
    pub fn previous_run(&self, id: &str, started: &str) -> rusqlite::Result<Option<Run>> {
        self.conn
            .query_row(
                &format!(
                    "SELECT {RUN_COLUMNS} FROM halite_runs WHERE id = ?1 AND started < ?2 \
                     ORDER BY started DESC LIMIT 1"
                ),
                [id, started],
                run_of,
            )
            .optional()
    }

    /// A run's states in run order; `failed_only` keeps those whose result is False.
    pub fn states(&self, jid: &str, id: &str, failed_only: bool) -> rusqlite::Result<Vec<State>> {
        let filter = if failed_only {
            " AND result = 'False'"
        } else {
            ""
        };
        let mut st = self.conn.prepare(&format!(
            "SELECT tag, state_id, sls, name, fun, result, comment, changes, duration_ms, run_num \
             FROM halite_states WHERE jid = ?1 AND id = ?2{filter} ORDER BY run_num, tag"
        ))?;
        let rows = st.query_map([jid, id], state_of)?;
        rows.collect()
    }

    /// Runs per status on each of `days` (`YYYY-MM-DD`), with the state runs'
    /// durations. One query a status and day, each a range of the `(status, started,
    /// duration_ms)` index halite_jobs makes (`started` from `DAY` to `DAY~`: `T` sorts
    /// before `~`), so no table row is read and nothing is sorted: grouping the 168,000
    /// runs of a week by day and status in one statement sorted them in a temporary
    /// B-tree, ten times slower (docs/performance.md).
    ///
    /// A store made before halite_jobs had that index (it is made when `halite ssh` next
    /// opens the store; the dashboard only reads) gets one grouping statement instead:
    /// 84 queries without the index would each scan the table.
    pub fn daily(&self, days: &[String]) -> rusqlite::Result<Vec<DayCount>> {
        let indexed: bool = self.conn.query_row(
            "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'index' \
             AND name = 'halite_runs_by_status'",
            [],
            |r| r.get(0),
        )?;
        if !indexed {
            return self.daily_grouped(days);
        }
        let mut st = self.conn.prepare(
            "SELECT count(*), coalesce(sum(duration_ms), 0), coalesce(max(duration_ms), 0) \
             FROM halite_runs WHERE status = ?1 AND started >= ?2 AND started < ?3",
        )?;
        let mut out = Vec::with_capacity(days.len());
        for day in days {
            let mut d = DayCount {
                day: day.clone(),
                ..Default::default()
            };
            let end = format!("{day}~");
            for status in STATUSES {
                let (n, sum, max): (i64, f64, f64) = st
                    .query_row(params![status, day, end], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                    })?;
                if n == 0 {
                    continue;
                }
                if status != "ok" {
                    d.state_runs += n;
                    d.duration_sum_ms += sum;
                    d.duration_max_ms = d.duration_max_ms.max(max);
                }
                d.counts.push((status.to_string(), n));
            }
            out.push(d);
        }
        Ok(out)
    }

    /// [`Store::daily`] in one statement (a scan of the days' runs and a sort).
    fn daily_grouped(&self, days: &[String]) -> rusqlite::Result<Vec<DayCount>> {
        let mut st = self.conn.prepare(
            "SELECT substr(started, 1, 10), status, count(*), sum(duration_ms), max(duration_ms) \
             FROM halite_runs WHERE started >= ?1 GROUP BY 1, 2",
        )?;
        let first = days.first().cloned().unwrap_or_default();
        let rows = st.query_map([first], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, f64>(3)?,
                r.get::<_, f64>(4)?,
            ))
        })?;
        let mut out: Vec<DayCount> = days
            .iter()
            .map(|d| DayCount {
                day: d.clone(),
                ..Default::default()
            })
            .collect();
        for row in rows {
            let (day, status, n, sum, max) = row?;
            let Some(d) = out.iter_mut().find(|d| d.day == day) else {
                continue;
            };
            if status != "ok" {
                d.state_runs += n;
                d.duration_sum_ms += sum;
                d.duration_max_ms = d.duration_max_ms.max(max);
            }
            d.counts.push((status, n));
        }
        Ok(out)
    }

    /// `(id, value at each path)` for every host with grains, ordered by id; a value is
    /// its JSON text, None where the path is absent. SQLite walks each document
    /// (`json_extract`, in C, over the stored text) so only the asked values reach Rust.
    pub fn grains_at(
        &self,
        paths: &[String],
    ) -> rusqlite::Result<Vec<(String, Vec<Option<String>>)>> {
        let mut cols = String::new();
        for (i, _) in paths.iter().enumerate() {
            // `->` gives the JSON form of what is there (a string keeps its quotes), so a
            // string that looks like a list stays a string.
            cols.push_str(&format!(", grains -> ?{}", i + 1));
        }
        let mut st = self
            .conn
            .prepare(&format!("SELECT id{cols} FROM halite_grains ORDER BY id"))?;
        let n = paths.len();
        let rows = st.query_map(rusqlite::params_from_iter(paths.iter()), |r| {
            let id: String = r.get(0)?;
            let mut vals = Vec::with_capacity(n);
            for i in 0..n {
                vals.push(r.get::<_, Option<String>>(i + 1)?);
            }
            Ok((id, vals))
        })?;
        rows.collect()
    }

    /// A host's grains (JSON text) and the job that took them.
    pub fn grains_of(&self, id: &str) -> rusqlite::Result<Option<(String, String)>> {
        self.conn
            .query_row(
                "SELECT jid, grains FROM halite_grains WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
    }
}

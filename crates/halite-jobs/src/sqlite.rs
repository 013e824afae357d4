//! The store's database: one SQLite file (rusqlite with SQLite bundled: nothing to install).
//!
//! Salt's `sqlite3` returner tables, with its column meanings (salt/returners/
//! sqlite3_return.py, Salt 3007; 3008 moved the returner to an extension with the same
//! layout), so existing readers keep working:
//!
//! - `jids (jid TEXT PRIMARY KEY, load TEXT NOT NULL)`: the job as JSON;
//! - `salt_returns (fun, jid, id, fun_args, date, full_ret, success)`: one row a host's
//!   return: `fun_args` Python's `str()` of the argument list (NULL when empty), `date`
//!   `str(datetime.now())` (local time), `full_ret` the return as `json.dumps`, `success`
//!   as Salt writes it (`""` when the return has none, as salt-ssh's never has).
//!
//! And halite's own, for what those lack (the dashboard reads them):
//!
//! - `halite_runs`: a row a host and job: when it started (UTC, ISO 8601), the function,
//!   its status (`failed`, `pending`, `changed`, `unchanged`, `ok`, `error`), the exit
//!   status, the state counts and the states' total duration;
//! - `halite_states`: a row a state of such a run: tag, ID, SLS, name, function, result,
//!   comment, changes (JSON), duration, run order;
//! - `halite_grains`: each host's grains as last taken, with the job that took them.
//!
//! Salt expects its tables made beforehand; halite makes whichever are missing.

use crate::summary::RunSummary;
use halite_value::{JsonStyle, Map, Value};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS jids (
  jid TEXT PRIMARY KEY,
  load TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS salt_returns (
  fun TEXT KEY,
  jid TEXT KEY,
  id TEXT KEY,
  fun_args TEXT,
  date TEXT NOT NULL,
  full_ret TEXT NOT NULL,
  success TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS halite_runs (
  jid TEXT NOT NULL,
  id TEXT NOT NULL,
  fun TEXT NOT NULL,
  started TEXT NOT NULL,
  status TEXT NOT NULL,
  retcode INTEGER NOT NULL,
  total INTEGER NOT NULL,
  succeeded INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  changed INTEGER NOT NULL,
  pending INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  PRIMARY KEY (jid, id)
);
CREATE INDEX IF NOT EXISTS halite_runs_by_host ON halite_runs (id, started);
-- The dashboard's daily charts count a status's runs of a day, with their durations: each
-- count is one range of this covering index (no table row read, nothing sorted).
CREATE INDEX IF NOT EXISTS halite_runs_by_status ON halite_runs (status, started, duration_ms);
CREATE TABLE IF NOT EXISTS halite_states (
  jid TEXT NOT NULL,
  id TEXT NOT NULL,
  tag TEXT NOT NULL,
  state_id TEXT NOT NULL,
  sls TEXT NOT NULL,
  name TEXT NOT NULL,
  fun TEXT NOT NULL,
  result TEXT NOT NULL,
  comment TEXT NOT NULL,
  changes TEXT NOT NULL,
  duration_ms REAL NOT NULL,
  run_num INTEGER NOT NULL,
  PRIMARY KEY (jid, id, tag)
);
CREATE TABLE IF NOT EXISTS halite_grains (
  id TEXT PRIMARY KEY,
  jid TEXT NOT NULL,
  grains TEXT NOT NULL
);
";

/// An open store database.
pub struct Sqlite {
    conn: Connection,
}

fn json(v: &Value) -> String {
    v.to_json_styled(JsonStyle::Compact)
}

/// `str(datetime.datetime.now())`: local time, `YYYY-MM-DD HH:MM:SS.ffffff` (no fraction
/// when it is 0, as Python prints it).
fn python_now() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = now.as_secs() as libc::time_t;
    // SAFETY: localtime_r fills the zeroed struct we own; both pointers are valid.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    if unsafe { libc::localtime_r(&secs, &mut tm) }.is_null() {
        return String::new();
    }
    let base = format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
        tm.tm_year + 1900,
        tm.tm_mon + 1,
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min,
        tm.tm_sec
    );
    match now.subsec_micros() {
        0 => base,
        us => format!("{base}.{us:06}"),
    }
}

/// The UTC time of a jid as ISO 8601 (`2026-12-02T15:50:01.123456Z`).
pub fn jid_iso(jid: &str) -> String {
    if !crate::jid::is_jid(jid) {
        return String::new();
    }
    format!(
        "{}-{}-{}T{}:{}:{}.{}Z",
        &jid[..4],
        &jid[4..6],
        &jid[6..8],
        &jid[8..10],
        &jid[10..12],
        &jid[12..14],
        &jid[14..20]
    )
}

impl Sqlite {
    /// Opens (making it and its tables when missing) the database at `path`, waiting up to
    /// `timeout` seconds for another writer's lock (Salt's `sqlite3.timeout`).
    pub fn open(path: &Path, timeout: f64) -> rusqlite::Result<Sqlite> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(dir);
        }
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs_f64(timeout.max(0.0)))?;
        // WAL with `synchronous=NORMAL`: a commit is one append, synced at checkpoints (a crash
        // of the machine may lose the last runs, never corrupt the file).
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")?;
        conn.execute_batch(SCHEMA)?;
        Ok(Sqlite { conn })
    }

    /// `save_load(jid, load)`: the job into `jids` (a job saved twice keeps its first row).
    pub fn save_load(&self, jid: &str, load: &Map) -> rusqlite::Result<()> {
        self.conn.execute(
            "INSERT OR IGNORE INTO jids (jid, load) VALUES (?1, ?2)",
            params![jid, json(&Value::Map(load.clone()))],
        )?;
        Ok(())
    }

    /// `returner(ret)`: one `salt_returns` row of a load with `fun`, `jid`, `id`,
    /// `return` (and `fun_args`, `success` when it has them).
    pub fn returner(&self, load: &Map) -> rusqlite::Result<()> {
        let s = |k: &str| load.get(k).map(Value::py_str).unwrap_or_default();
        // `str(ret["fun_args"])`: a list comes as Python's repr, a text as it is
        let fun_args = load
            .get("fun_args")
            .filter(|a| a.truthy())
            .map(|a| match a {
                Value::List(_) => a.py_repr(),
                other => other.py_str(),
            });
        let success = load.get("success").map(Value::py_str).unwrap_or_default();
        self.conn.execute(
            "INSERT INTO salt_returns (fun, jid, id, fun_args, date, full_ret, success) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                s("fun"),
                s("jid"),
                s("id"),
                fun_args,
                python_now(),
                json(load.get("return").unwrap_or(&Value::Null)),
                success
            ],
        )?;
        Ok(())
    }

    /// halite's rows of a host's run (and its grains when taken), in one transaction.
    pub fn record_run(
        &mut self,
        jid: &str,
        id: &str,
        fun: &str,
        run: &RunSummary,
        grains: Option<&Value>,
    ) -> rusqlite::Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT OR REPLACE INTO halite_runs (jid, id, fun, started, status, retcode, total, \
             succeeded, failed, changed, pending, duration_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            params![
                jid,
                id,
                fun,
                jid_iso(jid),
                run.status.name(),
                run.retcode,
                run.total as i64,
                run.succeeded as i64,
                run.failed as i64,
                run.changed as i64,
                run.pending as i64,
                run.duration_ms
            ],
        )?;
        {
            let mut st = tx.prepare(
                "INSERT OR REPLACE INTO halite_states (jid, id, tag, state_id, sls, name, fun, \
                 result, comment, changes, duration_ms, run_num) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            )?;
            for r in &run.states {
                st.execute(params![
                    jid,
                    id,
                    r.tag,
                    r.state_id,
                    r.sls,
                    r.name,
                    r.fun,
                    r.result,
                    r.comment,
                    r.changes,
                    r.duration_ms,
                    r.run_num
                ])?;
            }
        }
        if let Some(g) = grains {
            tx.execute(
                "INSERT OR REPLACE INTO halite_grains (id, jid, grains) VALUES (?1, ?2, ?3)",
                params![id, jid, json(g)],
            )?;
        }
        tx.commit()
    }

    /// `get_load(jid)`.
    pub fn get_load(&self, jid: &str) -> rusqlite::Result<Map> {
        let text: Option<String> = self
            .conn
            .query_row("SELECT load FROM jids WHERE jid = ?1", [jid], |r| r.get(0))
            .optional()?;
        Ok(match text.and_then(|t| Value::from_json_str(&t).ok()) {
            Some(Value::Map(m)) => m,
            _ => Map::new(),
        })
    }

    /// `get_jid(jid)`: `{id: {"return": ...}}` from `salt_returns`.
    pub fn get_jid(&self, jid: &str) -> rusqlite::Result<Map> {
        let mut st = self
            .conn
            .prepare("SELECT id, full_ret FROM salt_returns WHERE jid = ?1")?;
        let rows = st.query_map([jid], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })?;
        let mut ret = Map::new();
        for row in rows {
            let (id, full) = row?;
            let mut m = Map::new();
            m.insert(
                "return",
                Value::from_json_str(&full).unwrap_or(Value::Str(full.into())),
            );
            ret.insert(id.as_str(), Value::Map(m));
        }
        Ok(ret)
    }

    /// Every job in `jids`: (jid, load), oldest first.
    pub fn jobs(&self) -> rusqlite::Result<Vec<(String, Map)>> {
        let mut st = self
            .conn
            .prepare("SELECT jid, load FROM jids ORDER BY jid")?;
        let rows = st.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        let mut out = Vec::new();
        for row in rows {
            let (jid, load) = row?;
            if let Ok(Value::Map(m)) = Value::from_json_str(&load) {
                out.push((jid, m));
            }
        }
        Ok(out)
    }

    /// Removes from Salt's tables the jobs older than `keep_seconds` (Salt's
    /// `keep_jobs_seconds`) and from halite's the runs older than `keep_runs_seconds`
    /// (the history the dashboard shows); 0 keeps everything.
    pub fn clean_old_jobs(
        &self,
        keep_seconds: u64,
        keep_runs_seconds: u64,
    ) -> rusqlite::Result<()> {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_micros())
            .unwrap_or(0);
        let cutoff =
            |secs: u64| crate::jid::micros_to_jid(now.saturating_sub(u128::from(secs) * 1_000_000));
        for (tables, keep) in [
            (["jids", "salt_returns"], keep_seconds),
            (["halite_runs", "halite_states"], keep_runs_seconds),
        ] {
            if keep == 0 {
                continue;
            }
            for table in tables {
                self.conn.execute(
                    &format!("DELETE FROM {table} WHERE substr(jid, 1, 20) < ?1"),
                    [&cutoff(keep)],
                )?;
            }
        }
        Ok(())
    }

    /// The connection, for readers (the dashboard, tests).
    pub fn conn(&self) -> &Connection {
        &self.conn
    }
}

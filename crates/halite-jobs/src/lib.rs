//! The job store: every fleet run kept, where Salt's tools and halite's dashboard read it.
//!
//! A run is a job (a jid, Salt's `gen_jid`): its load (`fun`, `arg`, `tgt`, `tgt_type`,
//! `user`) and each host's return. The store writes
//!
//! - Salt's local job cache under the master's `cachedir/jobs` ([`local_cache`]), as
//!   salt-ssh writes it, unless `master_job_cache` names another cache or `job_cache` is
//!   off: `salt-run jobs.lookup_jid JID` on the same master reads halite's jobs;
//! - Salt's `sqlite3` returner tables (`jids`, `salt_returns`) when `master_job_cache` or a
//!   returner (`--return`, `returner`) is `sqlite3`, and always halite's own tables
//!   (`halite_runs`, `halite_states`, `halite_grains`), into one SQLite file
//!   (`sqlite3.database`, default `cachedir/jobs.sqlite`; [`sqlite`]).
//!
//! A database that cannot be written (locked past `sqlite3.timeout`, unwritable) loses
//! nothing: the records go to `cachedir/jobs_spool/` and are written the next time the
//! store opens. Jobs older than `keep_jobs_seconds` (Salt's option, default 86400) are
//! removed when a run starts. The load's pillar arguments are masked by the caller.
//!
//! [`runner`] answers `salt-run jobs.*` over the store.

pub mod jid;
pub mod local_cache;
pub mod pgjsonb;
pub mod runner;
pub mod sqlite;
pub mod summary;

use halite_value::{msgpack, Map, Value};
use std::path::{Path, PathBuf};

/// What the store is told to do, from the master config and the command line.
#[derive(Debug, Clone)]
pub struct StoreConfig {
    pub cachedir: PathBuf,
    /// `job_cache` (default True): keep jobs at all.
    pub job_cache: bool,
    /// `master_job_cache` (default `local_cache`).
    pub master_job_cache: String,
    /// `--return` / `returner`: extra returners (`sqlite3` is the one halite has).
    pub returners: Vec<String>,
    /// `sqlite3.database`.
    pub database: PathBuf,
    /// `sqlite3.timeout` (seconds, default 5).
    pub timeout: f64,
    /// `keep_jobs_seconds` (default 86400; 0 keeps everything): Salt's job cache and
    /// returner tables.
    pub keep_jobs_seconds: u64,
    /// `halite_keep_runs_seconds` (default 30 days; 0 keeps everything): halite's own run
    /// and state rows, the history the dashboard draws.
    pub keep_runs_seconds: u64,
    /// `unique_jid`.
    pub unique_jid: bool,
    /// Salt's `pgjsonb` returner's PostgreSQL (`returner.pgjsonb.*`), when
    /// `master_job_cache` or a returner names it.
    pub pg: Option<pgjsonb::PgOptions>,
    /// `event_return` names `pgjsonb`: each host's return event (`salt/job/JID/ret/ID`,
    /// what salt-ssh fires) goes to `salt_events` too.
    pub pg_events: bool,
    /// The master's id (`salt_events.master_id`).
    pub master_id: String,
}

impl StoreConfig {
    /// The options of a master config (`opts`) whose cache is `cachedir`, with the
    /// command line's returners (`--return a,b`).
    pub fn from_opts(opts: &Map, cachedir: &Path, cli_returners: &[String]) -> StoreConfig {
        let get = |k: &str| opts.get(k).filter(|v| !v.is_null());
        let split = |v: &Value| -> Vec<String> {
            match v {
                Value::List(l) => l.iter().map(Value::py_str).collect(),
                other => other
                    .py_str()
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect(),
            }
        };
        let mut returners: Vec<String> = cli_returners
            .iter()
            .flat_map(|r| split(&Value::str(r.as_str())))
            .collect();
        if let Some(r) = get("returner") {
            returners.extend(split(r));
        }
        let database = get("sqlite3.database")
            .or_else(|| opts.get("sqlite3").and_then(|s| s.get("database")))
            .map(|v| PathBuf::from(v.py_str()))
            .unwrap_or_else(|| cachedir.join("jobs.sqlite"));
        let timeout = get("sqlite3.timeout")
            .or_else(|| opts.get("sqlite3").and_then(|s| s.get("timeout")))
            .and_then(|v| v.as_f64().or_else(|| v.py_str().parse().ok()))
            .unwrap_or(5.0);
        let keep_jobs_seconds = get("keep_jobs_seconds")
            .and_then(|v| v.as_i64().or_else(|| v.py_str().parse().ok()))
            .or_else(|| {
                get("keep_jobs")
                    .and_then(|v| v.as_i64().or_else(|| v.py_str().parse().ok()))
                    .map(|h| h * 3600)
            })
            .map_or(86_400, |s| s.max(0) as u64);
        let master_job_cache = get("master_job_cache")
            .map(Value::py_str)
            .unwrap_or_else(|| "local_cache".into());
        let event_returners = get("event_return").map(split).unwrap_or_default();
        let pg_events = event_returners.iter().any(|r| r == "pgjsonb");
        let pg = (master_job_cache == "pgjsonb"
            || returners.iter().any(|r| r == "pgjsonb")
            || pg_events)
            .then(|| pgjsonb::PgOptions::from_opts(opts));
        let keep_runs_seconds = get("halite_keep_runs_seconds")
            .and_then(|v| v.as_i64().or_else(|| v.py_str().parse().ok()))
            .map_or(30 * 86_400, |s| s.max(0) as u64);
        StoreConfig {
            keep_runs_seconds,
            pg,
            pg_events,
            master_id: get("id").map(Value::py_str).unwrap_or_default(),
            cachedir: cachedir.to_path_buf(),
            job_cache: get("job_cache").is_none_or(Value::truthy),
            master_job_cache,
            returners,
            database,
            timeout,
            keep_jobs_seconds,
            unique_jid: get("unique_jid").is_some_and(Value::truthy),
        }
    }

    fn salt_pg_returns(&self) -> bool {
        self.master_job_cache == "pgjsonb" || self.returners.iter().any(|r| r == "pgjsonb")
    }

    fn salt_sqlite(&self) -> bool {
        self.master_job_cache == "sqlite3" || self.returners.iter().any(|r| r == "sqlite3")
    }

    fn local(&self) -> bool {
        self.job_cache && self.master_job_cache == "local_cache"
    }
}

/// One host's return, as the store records it.
#[derive(Debug, Clone)]
pub struct HostReturn<'a> {
    pub id: &'a str,
    pub fun: &'a str,
    pub fun_args: &'a [Value],
    /// What the host returned for the function (the printed value), or salt-ssh's error
    /// dict.
    pub ret: &'a Value,
    pub retcode: i64,
    /// The run applied states (a `state.*` function that is not a `show_`).
    pub state_fun: bool,
    /// The host's grains when this run took them.
    pub grains: Option<&'a Value>,
    /// A `salt-call --return` (a local run), not a salt-ssh host: Salt's returner row holds
    /// the bare return, `fun_args` and `success` as salt-call sends them.
    pub salt_call: bool,
}

impl HostReturn<'_> {
    /// What salt-ssh caches for a host (its `ret[host]`): the metadata document of the
    /// remote `salt-call --metadata` (`jid`, `return`, `retcode`, `id`, `fun`,
    /// `fun_args`), or the error dict as it came.
    fn full_ret(&self, jid: &str) -> Value {
        if let Value::Map(m) = self.ret {
            if m.contains_key("_error") || (m.contains_key("stderr") && m.contains_key("retcode")) {
                return self.ret.clone();
            }
        }
        let mut m = Map::new();
        m.insert("jid", Value::str(jid));
        m.insert("return", self.ret.clone());
        m.insert("retcode", Value::Int(self.retcode));
        m.insert("id", Value::str(self.id));
        m.insert("fun", Value::str(self.fun));
        m.insert(
            "fun_args",
            Value::List(self.fun_args.iter().cloned().collect()),
        );
        Value::Map(m)
    }
}

/// The store, open for one run.
pub struct JobStore {
    cfg: StoreConfig,
    local: LocalCacheOrNone,
    db: Option<sqlite::Sqlite>,
    pg: Option<pgjsonb::Pg>,
    /// Why a database could not be used (its records are spooled).
    pub db_error: Option<String>,
}

type LocalCacheOrNone = Option<local_cache::LocalCache>;

/// A record waiting in the spool for the database.
fn spool_dir(cfg: &StoreConfig) -> PathBuf {
    cfg.cachedir.join("jobs_spool")
}

impl JobStore {
    /// Opens the store: the local cache, the database (its spool replayed into it); old
    /// jobs removed.
    pub fn open(cfg: StoreConfig) -> JobStore {
        let local = cfg
            .local()
            .then(|| local_cache::LocalCache::new(&cfg.cachedir));
        if let Some(l) = &local {
            l.clean_old_jobs(cfg.keep_jobs_seconds);
        }
        let (db, db_error) = match cfg.job_cache {
            false => (None, None),
            true => match sqlite::Sqlite::open(&cfg.database, cfg.timeout) {
                Ok(db) => (Some(db), None),
                Err(e) => (None, Some(format!("{}: {e}", cfg.database.display()))),
            },
        };
        let (pg, pg_error) = match (&cfg.pg, cfg.job_cache) {
            (Some(o), true) => match pgjsonb::Pg::connect(o) {
                Ok(pg) => (Some(pg), None),
                Err(e) => (None, Some(e)),
            },
            _ => (None, None),
        };
        let mut store = JobStore {
            cfg,
            local,
            db,
            pg,
            db_error: db_error.or(pg_error),
        };
        store.replay();
        if let Some(db) = &store.db {
            let _ = db.clean_old_jobs(store.cfg.keep_jobs_seconds, store.cfg.keep_runs_seconds);
        }
        if let Some(pg) = &mut store.pg {
            let _ = pg.clean_old_jobs(store.cfg.keep_jobs_seconds);
        }
        store
    }

    /// A new job: its id, its load saved (`fun`, `arg`, `tgt`, `tgt_type`, `user`; the
    /// `jid` is added), the targeted ids with it.
    pub fn start(&mut self, mut load: Map, minions: &[String]) -> std::io::Result<String> {
        let jid = match &self.local {
            Some(l) => l.prep_jid(None, self.cfg.unique_jid)?,
            None => jid::gen_jid(self.cfg.unique_jid),
        };
        load.insert("jid", Value::str(jid.as_str()));
        // salt-ssh's key order: jid first
        let mut ordered = Map::new();
        ordered.insert("jid", Value::str(jid.as_str()));
        for (k, v) in load.iter() {
            if k.py_str() != "jid" {
                ordered.insert(k.clone(), v.clone());
            }
        }
        if let Some(l) = &self.local {
            l.save_load(&jid, &ordered, minions)?;
        }
        // salt-ssh's `cachedir/proc/JID` (the load with the pid) while the job runs, which
        // `state.running` and `jobs.active` read; removed by [`JobStore::finish`].
        let proc_dir = self.cfg.cachedir.join("proc");
        if std::fs::create_dir_all(&proc_dir).is_ok() {
            let mut with_pid = ordered.clone();
            with_pid.insert("pid", Value::Int(i64::from(std::process::id())));
            let _ = std::fs::write(proc_dir.join(&jid), msgpack::encode(&Value::Map(with_pid)));
        }
        // salt-call's returners get no load (no master job cache: `master_job_cache` "")
        if self.cfg.salt_sqlite() && self.cfg.job_cache && !self.cfg.master_job_cache.is_empty() {
            let mut rec = Map::new();
            rec.insert("op", Value::str("load"));
            rec.insert("jid", Value::str(jid.as_str()));
            rec.insert("load", Value::Map(ordered.clone()));
            self.write(rec);
        }
        if self.cfg.salt_pg_returns() && self.cfg.job_cache && !self.cfg.master_job_cache.is_empty()
        {
            let mut rec = Map::new();
            rec.insert("op", Value::str("load"));
            rec.insert("to", Value::str("pg"));
            rec.insert("jid", Value::str(jid.as_str()));
            rec.insert("load", Value::Map(ordered));
            self.write(rec);
        }
        Ok(jid)
    }

    /// A host's return: into the local cache, Salt's returner table when configured, and
    /// halite's tables.
    pub fn host_return(&mut self, jid: &str, h: &HostReturn) -> std::io::Result<()> {
        let full = h.full_ret(jid);
        if let Some(l) = &self.local {
            let mut load = Map::new();
            load.insert("return", full.clone());
            l.returner(jid, h.id, &load)?;
        }
        if !self.cfg.job_cache {
            return Ok(());
        }
        let mut rec = Map::new();
        rec.insert("op", Value::str("return"));
        rec.insert("jid", Value::str(jid));
        rec.insert("id", Value::str(h.id));
        rec.insert("fun", Value::str(h.fun));
        rec.insert("full", full);
        rec.insert("ret", h.ret.clone());
        rec.insert("retcode", Value::Int(h.retcode));
        rec.insert("state_fun", Value::Bool(h.state_fun));
        rec.insert("salt_row", Value::Bool(self.cfg.salt_sqlite()));
        if h.salt_call {
            // salt/cli/caller.py: `ret["fun_args"] = opts["arg"]`, `ret["success"] = True`,
            // the return itself as `return`; sqlite3 stores True as 1 in the TEXT column.
            rec.insert("salt_full", h.ret.clone());
            if !h.fun_args.is_empty() {
                rec.insert(
                    "fun_args",
                    Value::str(Value::List(h.fun_args.iter().cloned().collect()).py_repr()),
                );
            }
            rec.insert("success", Value::str("1"));
        }
        if let Some(g) = h.grains {
            rec.insert("grains", g.clone());
        }
        if self.cfg.pg.is_some() {
            let mut pg = salt_row(&rec);
            pg.insert("to", Value::str("pg"));
            pg.insert("op", Value::str("pg_return"));
            pg.insert("rows", Value::Bool(self.cfg.salt_pg_returns()));
            pg.insert("event", Value::Bool(self.cfg.pg_events));
            pg.insert("master_id", Value::str(self.cfg.master_id.as_str()));
            self.write(pg);
        }
        self.write(rec);
        Ok(())
    }

    /// The job is over: its `proc` file goes.
    pub fn finish(&mut self, jid: &str) {
        let _ = std::fs::remove_file(self.cfg.cachedir.join("proc").join(jid));
    }

    /// Applies one record to its database (`to: pg` PostgreSQL, else the SQLite file), or
    /// spools it when that database is not there or refuses it.
    fn write(&mut self, rec: Map) {
        let res = match rec.get("to").map(Value::py_str).as_deref() {
            Some("pg") => self
                .pg
                .as_mut()
                .map(|pg| apply_pg(pg, &rec).map_err(|e| e.to_string())),
            _ => self
                .db
                .as_mut()
                .map(|db| apply(db, &rec).map_err(|e| e.to_string())),
        };
        match res {
            Some(Ok(())) => {}
            Some(Err(e)) => {
                self.db_error.get_or_insert(e);
                self.spool(&rec);
            }
            None => self.spool(&rec),
        }
    }

    fn spool(&self, rec: &Map) {
        let dir = spool_dir(&self.cfg);
        if std::fs::create_dir_all(&dir).is_err() {
            return;
        }
        static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let name = format!(
            "{}.{}.{:06}.p",
            jid::gen_jid(false),
            std::process::id(),
            SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        let _ = std::fs::write(dir.join(name), msgpack::encode(&Value::Map(rec.clone())));
    }

    /// Writes what the spool holds into the database, oldest first, removing each record
    /// written.
    fn replay(&mut self) {
        let Ok(rd) = std::fs::read_dir(spool_dir(&self.cfg)) else {
            return;
        };
        let mut files: Vec<PathBuf> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        for f in files {
            let Some(Value::Map(rec)) = std::fs::read(&f).ok().and_then(|b| msgpack::decode(&b))
            else {
                continue;
            };
            let done = match rec.get("to").map(Value::py_str).as_deref() {
                Some("pg") => self
                    .pg
                    .as_mut()
                    .is_some_and(|pg| apply_pg(pg, &rec).is_ok()),
                _ => self.db.as_mut().is_some_and(|db| apply(db, &rec).is_ok()),
            };
            if done {
                let _ = std::fs::remove_file(&f);
            }
        }
    }

    /// The database, when open.
    pub fn db(&self) -> Option<&sqlite::Sqlite> {
        self.db.as_ref()
    }

    pub fn config(&self) -> &StoreConfig {
        &self.cfg
    }
}

/// The returner load of Salt's row for a `return` record: `fun`, `jid`, `id`, `return`
/// (the host's full return for salt-ssh, the bare return for salt-call) and salt-call's
/// `fun_args`/`success`.
fn salt_row(rec: &Map) -> Map {
    let mut load = Map::new();
    for k in ["jid", "id"] {
        load.insert(k, rec.get(k).cloned().unwrap_or(Value::Null));
    }
    let full = rec.get("salt_full").or_else(|| rec.get("full"));
    load.insert("return", full.cloned().unwrap_or(Value::Null));
    load.insert("fun", rec.get("fun").cloned().unwrap_or(Value::Null));
    for k in ["fun_args", "success"] {
        if let Some(v) = rec.get(k) {
            load.insert(k, v.clone());
        }
    }
    load
}

/// One record into PostgreSQL: a job's load, or a host's return row and event.
fn apply_pg(pg: &mut pgjsonb::Pg, rec: &Map) -> Result<(), postgres::Error> {
    let s = |k: &str| rec.get(k).map(Value::py_str).unwrap_or_default();
    match s("op").as_str() {
        "load" => match rec.get("load") {
            Some(Value::Map(load)) => pg.save_load(&s("jid"), load),
            _ => Ok(()),
        },
        "pg_return" => {
            let mut load = rec.clone();
            for k in ["to", "op", "rows", "event", "master_id"] {
                load.remove(k);
            }
            if rec.get("rows").is_some_and(Value::truthy) {
                pg.returner(&load)?;
            }
            if rec.get("event").is_some_and(Value::truthy) {
                let tag = format!("salt/job/{}/ret/{}", s("jid"), s("id"));
                pg.event_return(&tag, &Value::Map(load), &s("master_id"))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// One record (`op`: `load` or `return`) into the database.
fn apply(db: &mut sqlite::Sqlite, rec: &Map) -> rusqlite::Result<()> {
    let s = |k: &str| rec.get(k).map(Value::py_str).unwrap_or_default();
    match s("op").as_str() {
        "load" => match rec.get("load") {
            Some(Value::Map(load)) => db.save_load(&s("jid"), load),
            _ => Ok(()),
        },
        "return" => {
            let jid = s("jid");
            let id = s("id");
            let fun = s("fun");
            if rec.get("salt_row").is_some_and(Value::truthy) {
                db.returner(&salt_row(rec))?;
            }
            let retcode = rec.get("retcode").and_then(Value::as_i64).unwrap_or(0);
            let state_fun = rec.get("state_fun").is_some_and(Value::truthy);
            let summary =
                summary::summarise(rec.get("ret").unwrap_or(&Value::Null), retcode, state_fun);
            db.record_run(&jid, &id, &fun, &summary, rec.get("grains"))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(dir: &Path, extra: &str) -> StoreConfig {
        let opts = match halite_value::Value::from_json_str(&format!("{{{extra}}}")) {
            Ok(Value::Map(m)) => m,
            _ => Map::new(),
        };
        StoreConfig::from_opts(&opts, dir, &[])
    }

    fn load(fun: &str, tgt: &str) -> Map {
        let mut m = Map::new();
        m.insert("tgt_type", Value::str("glob"));
        m.insert("tgt", Value::str(tgt));
        m.insert("user", Value::str("root"));
        m.insert("fun", Value::str(fun));
        m.insert("arg", Value::List(Default::default()));
        m
    }

    #[test]
    fn a_run_lands_in_the_local_cache_and_halite_s_tables() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = JobStore::open(cfg(dir.path(), r#""master_job_cache": "local_cache""#));
        let jid = store
            .start(load("test.ping", "*"), &["h1".into(), "h2".into()])
            .unwrap();
        let t = Value::Bool(true);
        for id in ["h2", "h1"] {
            store
                .host_return(
                    &jid,
                    &HostReturn {
                        id,
                        fun: "test.ping",
                        fun_args: &[],
                        ret: &t,
                        retcode: 0,
                        state_fun: false,
                        grains: None,
                        salt_call: false,
                    },
                )
                .unwrap();
        }
        let lc = local_cache::LocalCache::new(dir.path());
        assert_eq!(
            lc.get_minions(&jid),
            vec!["h1".to_string(), "h2".to_string()]
        );
        let got = lc.get_jid(&jid);
        assert_eq!(got.len(), 2);
        assert_eq!(
            got.get("h1")
                .and_then(|r| r.get("return"))
                .and_then(|r| r.get("return")),
            Some(&t)
        );
        assert_eq!(lc.get_load(&jid).get("fun"), Some(&Value::str("test.ping")));
        let n: i64 = store
            .db()
            .unwrap()
            .conn()
            .query_row(
                "SELECT count(*) FROM halite_runs WHERE jid = ?1 AND status = 'ok'",
                [&jid],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(n, 2);
        // Salt's own tables are only written for a sqlite3 returner
        let n: i64 = store
            .db()
            .unwrap()
            .conn()
            .query_row("SELECT count(*) FROM salt_returns", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 0);
    }

    #[test]
    fn salt_s_tables_age_by_keep_jobs_seconds_and_halite_s_by_keep_runs_seconds() {
        let dir = tempfile::tempdir().unwrap();
        let db = sqlite::Sqlite::open(&dir.path().join("j.sqlite"), 5.0).unwrap();
        // a run from two days ago
        let old = jid::micros_to_jid(
            (std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_micros())
                - 2 * 86_400 * 1_000_000,
        );
        db.save_load(&old, &load("test.ping", "*")).unwrap();
        let mut rec = Map::new();
        rec.insert("jid", Value::str(old.as_str()));
        rec.insert("id", Value::str("h1"));
        rec.insert("fun", Value::str("test.ping"));
        rec.insert("return", Value::Bool(true));
        db.returner(&rec).unwrap();
        let mut db = db;
        db.record_run(
            &old,
            "h1",
            "test.ping",
            &summary::summarise(&Value::Bool(true), 0, false),
            None,
        )
        .unwrap();
        db.clean_old_jobs(86_400, 30 * 86_400).unwrap();
        let count = |t: &str| -> i64 {
            db.conn()
                .query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
                .unwrap()
        };
        assert_eq!(
            (count("jids"), count("salt_returns")),
            (0, 0),
            "Salt's: a day"
        );
        assert_eq!(count("halite_runs"), 1, "halite's: 30 days");
        db.clean_old_jobs(86_400, 86_400).unwrap();
        assert_eq!(count("halite_runs"), 0);
    }

    #[test]
    fn an_unwritable_database_spools_and_the_next_open_replays() {
        let dir = tempfile::tempdir().unwrap();
        // a folder where the database file should be: it cannot be opened
        let db = dir.path().join("db.sqlite");
        std::fs::create_dir_all(&db).unwrap();
        let extra = format!(
            r#""master_job_cache": "sqlite3", "sqlite3.database": "{}""#,
            db.display()
        );
        let mut store = JobStore::open(cfg(dir.path(), &extra));
        assert!(store.db_error.is_some());
        let jid = store
            .start(load("state.apply", "h1"), &["h1".into()])
            .unwrap();
        let ret = Value::from_json_str(r#"{"test_|-a_|-a_|-nop": {"result": true, "changes": {"x": 1}, "comment": "", "__run_num__": 0}}"#).unwrap();
        store
            .host_return(
                &jid,
                &HostReturn {
                    id: "h1",
                    fun: "state.apply",
                    fun_args: &[],
                    ret: &ret,
                    retcode: 0,
                    state_fun: true,
                    grains: None,
                    salt_call: false,
                },
            )
            .unwrap();
        assert_eq!(
            std::fs::read_dir(dir.path().join("jobs_spool"))
                .unwrap()
                .count(),
            2
        );
        // the database comes back
        std::fs::remove_dir(&db).unwrap();
        let store = JobStore::open(cfg(dir.path(), &extra));
        assert!(store.db_error.is_none());
        let conn = store.db().unwrap().conn();
        let status: String = conn
            .query_row(
                "SELECT status FROM halite_runs WHERE jid = ?1",
                [&jid],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(status, "changed");
        let (fun, success, full): (String, String, String) = conn
            .query_row(
                "SELECT fun, success, full_ret FROM salt_returns WHERE jid = ?1",
                [&jid],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!((fun.as_str(), success.as_str()), ("state.apply", ""));
        assert!(full.contains("\"retcode\": 0"), "{full}");
        let load: String = conn
            .query_row("SELECT load FROM jids WHERE jid = ?1", [&jid], |r| r.get(0))
            .unwrap();
        assert!(load.starts_with(&format!("{{\"jid\": \"{jid}\"")), "{load}");
        assert_eq!(
            std::fs::read_dir(dir.path().join("jobs_spool"))
                .unwrap()
                .count(),
            0
        );
    }
}

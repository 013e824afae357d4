//! `salt-run jobs.*` over the store (salt/runners/jobs.py): the same answers from the
//! master job cache the config names (`local_cache` or `sqlite3`).

use crate::jid::jid_to_time;
use crate::{local_cache::LocalCache, sqlite::Sqlite, StoreConfig};
use halite_value::{Map, Value};

/// Where the jobs are read from.
pub enum Source {
    Local(LocalCache),
    Sqlite(Sqlite),
    Pg(std::cell::RefCell<crate::pgjsonb::Pg>),
}

impl Source {
    /// The master job cache `cfg` names.
    pub fn of(cfg: &StoreConfig) -> Result<Source, String> {
        match cfg.master_job_cache.as_str() {
            "local_cache" => Ok(Source::Local(LocalCache::new(&cfg.cachedir))),
            "sqlite3" => Sqlite::open(&cfg.database, cfg.timeout)
                .map(Source::Sqlite)
                .map_err(|e| format!("{}: {e}", cfg.database.display())),
            "pgjsonb" => {
                let o = cfg.pg.clone().unwrap_or_else(|| crate::pgjsonb::PgOptions::from_opts(&Map::new()));
                crate::pgjsonb::Pg::connect(&o).map(|pg| Source::Pg(std::cell::RefCell::new(pg)))
            }
            other => Err(format!(
                "Requested returner {other} is not available. Jobs cannot be retrieved. Check master log for details."
            )),
        }
    }

    fn get_load(&self, jid: &str) -> Map {
        match self {
            Source::Local(l) => l.get_load(jid),
            Source::Sqlite(s) => s.get_load(jid).unwrap_or_default(),
            Source::Pg(p) => p.borrow_mut().get_load(jid).unwrap_or_default(),
        }
    }

    fn get_jid(&self, jid: &str) -> Map {
        match self {
            Source::Local(l) => l.get_jid(jid),
            Source::Sqlite(s) => s.get_jid(jid).unwrap_or_default(),
            Source::Pg(p) => p.borrow_mut().get_jid(jid).unwrap_or_default(),
        }
    }

    fn jobs(&self) -> Vec<(String, Map)> {
        match self {
            Source::Local(l) => l.jobs(),
            Source::Sqlite(s) => s.jobs().unwrap_or_default(),
            Source::Pg(p) => p.borrow_mut().jobs().unwrap_or_default(),
        }
    }

    fn minions(&self, jid: &str) -> Vec<String> {
        match self.get_load(jid).get("Minions") {
            Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
            _ => Vec::new(),
        }
    }
}

/// `_format_job_instance(job)`.
fn format_job(job: &Map) -> Map {
    let mut ret = Map::new();
    if job.is_empty() {
        ret.insert(
            "Error",
            Value::str("Cannot contact returner or no job with this jid"),
        );
        return ret;
    }
    let get = |k: &str, d: &str| job.get(k).cloned().unwrap_or_else(|| Value::str(d));
    ret.insert("Function", get("fun", "unknown-function"));
    ret.insert(
        "Arguments",
        match job.get("arg") {
            Some(Value::List(l)) => Value::List(l.clone()),
            _ => Value::List(Default::default()),
        },
    );
    ret.insert("Target", get("tgt", "unknown-target"));
    ret.insert("Target-type", get("tgt_type", "list"));
    ret.insert("User", get("user", "root"));
    if let Some(m) = job.get("metadata") {
        ret.insert("Metadata", m.clone());
    }
    if let Some(m) = job.get("Minions") {
        ret.insert("Minions", m.clone());
    }
    ret
}

/// `_format_jid_instance(jid, job)`.
fn format_jid(jid: &str, job: &Map) -> Map {
    let mut ret = format_job(job);
    ret.insert("StartTime", Value::str(jid_to_time(jid)));
    ret
}

/// `salt.utils.jid.format_jid_instance` (what `local_cache.get_jids` lists: no `Minions`).
fn format_jid_listed(jid: &str, job: &Map) -> Map {
    let mut job = job.clone();
    job.remove("Minions");
    let mut ret = format_job(&job);
    ret.remove("Error");
    ret.insert("StartTime", Value::str(jid_to_time(jid)));
    ret
}

/// The filters of `jobs.list_jobs` / `jobs.last_run`.
#[derive(Debug, Default, Clone)]
pub struct JobFilter {
    /// `search_function`: fnmatch patterns, comma-separated.
    pub function: Option<String>,
    /// `search_target`.
    pub target: Option<String>,
    /// `start_time` / `end_time`: jobs started at or after / at or before (a date and time
    /// as [`time_key`] reads it).
    pub start_time: Option<String>,
    pub end_time: Option<String>,
}

/// A time as the 20 digits of a jid (`YYYYMMDDHHMMSSffffff`, missing parts zero), from what
/// `dateutil.parser.parse` reads most often: `2026-12-02`, `2026-12-02 15:40`,
/// `2026-12-02T15:40:05.393932`, `2026/12/02 15:40:05`, and the `StartTime` Salt prints
/// (`2026, Dec 02 15:40:05.393932`); `None` for anything else.
pub fn time_key(text: &str) -> Option<String> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let t = text.trim();
    // Salt's own StartTime: "YYYY, Mon DD HH:MM:SS.ffffff"
    let t = match t.split_once(", ") {
        Some((y, rest)) if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => {
            let (mon, rest) = rest.split_once(' ')?;
            let m = MONTHS.iter().position(|x| mon.eq_ignore_ascii_case(x))? + 1;
            format!("{y}-{m:02}-{rest}").replacen(' ', "T", 1)
        }
        _ => t.to_string(),
    };
    let mut digits = String::new();
    let mut groups: Vec<String> = Vec::new();
    for c in t.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else if !digits.is_empty() {
            groups.push(std::mem::take(&mut digits));
        }
    }
    if !digits.is_empty() {
        groups.push(digits);
    }
    let widths = [4usize, 2, 2, 2, 2, 2, 6];
    if groups.len() < 3 || groups.len() > widths.len() {
        return None;
    }
    let mut out = String::new();
    for (i, w) in widths.iter().enumerate() {
        match groups.get(i) {
            Some(g) if i == 6 => out.push_str(&format!("{g:0<6}")[..6]),
            Some(g) if g.len() <= *w => out.push_str(&format!("{g:0>w$}", w = *w)),
            Some(_) => return None,
            None => out.push_str(&"0".repeat(*w)),
        }
    }
    Some(out)
}

fn any_match(value: &str, patterns: &str) -> bool {
    patterns
        .split(',')
        .map(str::trim)
        .any(|p| halite_value::fnmatch(value, p))
}

/// `jobs.list_jobs(search_function=..., search_target=...)`: `{jid: {Function, Arguments,
/// Target, Target-type, User, StartTime}}`.
pub fn list_jobs(src: &Source, f: &JobFilter) -> Map {
    let mut out = Map::new();
    for (jid, load) in src.jobs() {
        let item = format_jid_listed(&jid, &load);
        if let Some(t) = &f.target {
            let targets: Vec<String> = match item.get("Target") {
                Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
                Some(v) => vec![v.py_str()],
                None => Vec::new(),
            };
            if !targets.iter().any(|x| any_match(x, t)) {
                continue;
            }
        }
        if let Some(fun) = &f.function {
            if !item
                .get("Function")
                .is_some_and(|v| any_match(&v.py_str(), fun))
            {
                continue;
            }
        }
        let started = jid.get(..20).unwrap_or_default();
        if let Some(start) = f.start_time.as_deref() {
            if time_key(start).is_none_or(|k| started < k.as_str()) {
                continue;
            }
        }
        if let Some(end) = f.end_time.as_deref() {
            if time_key(end).is_none_or(|k| started > k.as_str()) {
                continue;
            }
        }
        out.insert(jid.as_str(), Value::Map(item));
    }
    out
}

/// `jobs.list_job(jid)`: `{"jid", Function..., StartTime, Result}`.
pub fn list_job(src: &Source, jid: &str) -> Map {
    let mut ret = Map::new();
    ret.insert("jid", Value::str(jid));
    for (k, v) in format_jid(jid, &src.get_load(jid)).iter() {
        ret.insert(k.clone(), v.clone());
    }
    ret.insert("Result", Value::Map(src.get_jid(jid)));
    ret
}

/// `jobs.lookup_jid(jid, returned=True, missing=False)`: `{id: return}`.
pub fn lookup_jid(src: &Source, jid: &str, missing: bool) -> Map {
    let data = list_job(src, jid);
    let mut ret = Map::new();
    let returns = match data.get("Result") {
        Some(Value::Map(m)) => m.clone(),
        _ => Map::new(),
    };
    for (minion, r) in returns.iter() {
        ret.insert(
            minion.clone(),
            r.get("return").cloned().unwrap_or(Value::Null),
        );
    }
    if missing {
        for m in src.minions(jid) {
            if !returns.contains_key(m.as_str()) {
                ret.insert(m.as_str(), Value::str("Minion did not return"));
            }
        }
    }
    ret
}

/// `jobs.print_job(jid)`: `{jid: {Function..., StartTime, Result}}`.
pub fn print_job(src: &Source, jid: &str) -> Map {
    let mut job = format_jid(jid, &src.get_load(jid));
    job.insert("Result", Value::Map(src.get_jid(jid)));
    let mut ret = Map::new();
    ret.insert(jid, Value::Map(job));
    ret
}

/// `jobs.exit_success(jid)`: `{id: bool}` (a host that returned something truthy).
pub fn exit_success(src: &Source, jid: &str) -> Map {
    let data = list_job(src, jid);
    let result = match data.get("Result") {
        Some(Value::Map(m)) => m.clone(),
        _ => Map::new(),
    };
    let minions: Vec<String> = match data.get("Minions") {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        _ => Vec::new(),
    };
    let mut ret = Map::new();
    for m in minions {
        let ok = result
            .get(m.as_str())
            .and_then(|r| r.get("return"))
            .is_some_and(Value::truthy);
        ret.insert(m.as_str(), Value::Bool(ok));
    }
    for (m, r) in result.iter() {
        if r.get("return").is_some_and(Value::truthy) {
            ret.insert(m.clone(), Value::Bool(true));
        }
    }
    ret
}

/// `jobs.active()` over the store: the jobs whose controller is still running (a
/// `cachedir/proc/JID` file naming a live pid, as salt-ssh writes it): `{jid: {Function,
/// ..., StartTime, Running: [{id: pid}], Returned: [id]}}`, each targeted host that has not
/// returned yet under `Running`. (Salt's asks the minions; a salt-ssh master has none.)
pub fn active(src: &Source, cachedir: &std::path::Path) -> Map {
    let mut out = Map::new();
    let Ok(rd) = std::fs::read_dir(cachedir.join("proc")) else {
        return out;
    };
    let mut jids: Vec<String> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| crate::jid::is_jid(n))
        .collect();
    jids.sort();
    for jid in jids {
        let Some(Value::Map(job)) = std::fs::read(cachedir.join("proc").join(&jid))
            .ok()
            .and_then(|b| halite_value::msgpack::decode(&b))
        else {
            continue;
        };
        let pid = job.get("pid").and_then(Value::as_i64).unwrap_or(0);
        // SAFETY: kill with signal 0 only asks whether the pid exists.
        let alive = pid > 0 && unsafe { libc::kill(pid as libc::pid_t, 0) } == 0;
        if !alive {
            continue;
        }
        let mut item = format_jid(&jid, &job);
        let returned: Vec<String> = src.get_jid(&jid).keys().map(Value::py_str).collect();
        let running: Vec<Value> = src
            .minions(&jid)
            .into_iter()
            .filter(|m| !returned.contains(m))
            .map(|m| {
                let mut r = Map::new();
                r.insert(m.as_str(), Value::Int(pid));
                Value::Map(r)
            })
            .collect();
        item.remove("Minions");
        item.insert("Running", Value::List(running.into_iter().collect()));
        item.insert(
            "Returned",
            Value::List(returned.into_iter().map(Value::str).collect()),
        );
        out.insert(jid.as_str(), Value::Map(item));
    }
    out
}

/// `jobs.last_run(function=..., target=...)`: `print_job` of the latest matching job, or
/// `False`.
pub fn last_run(src: &Source, f: &JobFilter) -> Value {
    let jobs = list_jobs(src, f);
    let last = jobs.keys().map(Value::py_str).max();
    match last {
        Some(jid) => Value::Map(print_job(src, &jid)),
        None => Value::Bool(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_jid_digits() {
        assert_eq!(
            time_key("2026-12-02").as_deref(),
            Some("20261202000000000000")
        );
        assert_eq!(
            time_key("2026-12-02 15:40").as_deref(),
            Some("20261202154000000000")
        );
        assert_eq!(
            time_key("2026-12-02T15:40:05.393932").as_deref(),
            Some("20261202154005393932")
        );
        assert_eq!(
            time_key("2026, Dec 02 15:40:05.393932").as_deref(),
            Some("20261202154005393932")
        );
        assert_eq!(
            time_key("2026/12/2 1:02:03.5").as_deref(),
            Some("20261202010203500000")
        );
        assert_eq!(time_key("yesterday"), None);
        assert_eq!(time_key("12345-01-01"), None);
    }
}

//! Salt's local job cache (salt/returners/local_cache.py), as salt-ssh writes it under the
//! master's `cachedir/jobs`: a folder a job (`jid_dir`) holding `jid` (the id), `.load.p`
//! (the job: `jid`, `tgt_type`, `tgt`, `user`, `fun`, `arg`, msgpack), `.minions.p` (the
//! targeted ids, sorted) and a folder a host with `return.p` (`{"return": ...}`). So a
//! `salt-run jobs.lookup_jid` on the same master reads halite's jobs, and halite reads
//! salt-ssh's.

use crate::jid;
use halite_value::{msgpack, Map, Value};
use std::io::Write;
use std::path::{Path, PathBuf};

pub const LOAD_P: &str = ".load.p";
pub const MINIONS_P: &str = ".minions.p";
pub const RETURN_P: &str = "return.p";
pub const OUT_P: &str = "out.p";

/// `cachedir/jobs`.
#[derive(Debug, Clone)]
pub struct LocalCache {
    pub dir: PathBuf,
}

/// Writes `data` to `path` through a temp file and a rename (Salt's `atomic_open`).
fn atomic_write(path: &Path, data: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        path.file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default(),
        std::process::id()
    ));
    let res = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(data)?;
        std::fs::rename(&tmp, path)
    })();
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res
}

fn read_p(path: &Path) -> Option<Value> {
    let bytes = std::fs::read(path).ok()?;
    msgpack::decode(&bytes)
}

impl LocalCache {
    pub fn new(cachedir: &Path) -> LocalCache {
        LocalCache {
            dir: cachedir.join("jobs"),
        }
    }

    fn jid_dir(&self, jid: &str) -> PathBuf {
        jid::jid_dir(&self.dir, jid)
    }

    /// `prep_jid(passed_jid=None)`: a new id and its folder with the `jid` file.
    pub fn prep_jid(&self, passed: Option<&str>, unique: bool) -> std::io::Result<String> {
        for _ in 0..5 {
            let id = passed.map_or_else(|| jid::gen_jid(unique), str::to_string);
            let dir = self.jid_dir(&id);
            if dir.is_dir() && passed.is_none() {
                std::thread::sleep(std::time::Duration::from_micros(1));
                continue;
            }
            std::fs::create_dir_all(&dir)?;
            std::fs::write(dir.join("jid"), id.as_bytes())?;
            return Ok(id);
        }
        Err(std::io::Error::other(
            "prep_jid could not store a jid after 5 tries.",
        ))
    }

    /// `save_load(jid, load, minions)`: `.load.p` and `.minions.p` (sorted, merged with what
    /// is there).
    pub fn save_load(&self, jid: &str, load: &Map, minions: &[String]) -> std::io::Result<()> {
        let dir = self.jid_dir(jid);
        std::fs::create_dir_all(&dir)?;
        atomic_write(
            &dir.join(LOAD_P),
            &msgpack::encode(&Value::Map(load.clone())),
        )?;
        let tgt = load.get("tgt").map(Value::py_str).unwrap_or_default();
        if !tgt.is_empty() {
            let mut all: Vec<String> = match read_p(&dir.join(MINIONS_P)) {
                Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
                _ => Vec::new(),
            };
            all.extend(minions.iter().cloned());
            all.sort();
            all.dedup();
            let list = Value::List(all.into_iter().map(Value::str).collect());
            atomic_write(&dir.join(MINIONS_P), &msgpack::encode(&list))?;
        }
        Ok(())
    }

    /// `returner({"jid", "id", "return", ...})`: `ID/return.p` with the `return`, `retcode`
    /// and `success` keys the load has; a host that already returned for this job is kept
    /// (Salt logs the duplicate and ignores it).
    pub fn returner(&self, jid: &str, id: &str, load: &Map) -> std::io::Result<bool> {
        let dir = self.jid_dir(jid);
        if dir.join("nocache").exists() {
            return Ok(false);
        }
        if id.is_empty() || id.contains('/') || id == "." || id == ".." {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("a minion id {id:?} cannot name a job cache folder"),
            ));
        }
        let host = dir.join(id);
        match std::fs::create_dir(&host) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Ok(false),
            Err(e) => return Err(e),
        }
        let mut rec = Map::new();
        for key in ["return", "retcode", "success"] {
            if let Some(v) = load.get(key) {
                rec.insert(key, v.clone());
            }
        }
        atomic_write(&host.join(RETURN_P), &msgpack::encode(&Value::Map(rec)))?;
        if let Some(out) = load.get("out") {
            atomic_write(&host.join(OUT_P), &msgpack::encode(out))?;
        }
        Ok(true)
    }

    /// `get_load(jid)`: the job (with `Minions`, the sorted targeted ids, when known), or
    /// an empty map.
    pub fn get_load(&self, jid: &str) -> Map {
        let dir = self.jid_dir(jid);
        let mut load = match read_p(&dir.join(LOAD_P)) {
            Some(Value::Map(m)) => m,
            _ => return Map::new(),
        };
        let minions = self.get_minions(jid);
        if !minions.is_empty() {
            load.insert(
                "Minions",
                Value::List(minions.into_iter().map(Value::str).collect()),
            );
        }
        load
    }

    /// The targeted ids (`.minions.p`).
    pub fn get_minions(&self, jid: &str) -> Vec<String> {
        match read_p(&self.jid_dir(jid).join(MINIONS_P)) {
            Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
            _ => Vec::new(),
        }
    }

    /// `get_jid(jid)`: `{id: {"return": ..., ["retcode", "success", "out"]}}` of every host
    /// that returned, in the folder's order sorted (Salt lists the folder).
    pub fn get_jid(&self, jid: &str) -> Map {
        let dir = self.jid_dir(jid);
        let mut ret = Map::new();
        let Ok(rd) = std::fs::read_dir(&dir) else {
            return ret;
        };
        let mut names: Vec<String> = rd
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        names.sort();
        for name in names {
            let Some(data) = read_p(&dir.join(&name).join(RETURN_P)) else {
                continue;
            };
            let mut data = match data {
                Value::Map(m) if m.contains_key("return") => m,
                other => {
                    let mut m = Map::new();
                    m.insert("return", other);
                    m
                }
            };
            if let Some(out) = read_p(&dir.join(&name).join(OUT_P)) {
                data.insert("out", out);
            }
            ret.insert(name.as_str(), Value::Map(data));
        }
        ret
    }

    /// Every job: (jid, load), oldest first.
    pub fn jobs(&self) -> Vec<(String, Map)> {
        let mut out = Vec::new();
        let Ok(tops) = std::fs::read_dir(&self.dir) else {
            return out;
        };
        for top in tops.filter_map(|e| e.ok()) {
            let Ok(finals) = std::fs::read_dir(top.path()) else {
                continue;
            };
            for f in finals.filter_map(|e| e.ok()) {
                if let Some(Value::Map(load)) = read_p(&f.path().join(LOAD_P)) {
                    if let Some(jid) = load.get("jid").map(Value::py_str) {
                        out.push((jid, load));
                    }
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// `clean_old_jobs()`: removes the jobs whose `jid` file is older than `keep_seconds`
    /// (0 keeps everything), and folders without a `jid` file.
    pub fn clean_old_jobs(&self, keep_seconds: u64) {
        if keep_seconds == 0 {
            return;
        }
        let Ok(tops) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let now = std::time::SystemTime::now();
        for top in tops.filter_map(|e| e.ok()) {
            let Ok(finals) = std::fs::read_dir(top.path()) else {
                continue;
            };
            for f in finals.filter_map(|e| e.ok()) {
                let jid_file = f.path().join("jid");
                let old = match std::fs::metadata(&jid_file).and_then(|m| m.modified()) {
                    Ok(mtime) => now
                        .duration_since(mtime)
                        .is_ok_and(|age| age.as_secs() > keep_seconds),
                    Err(_) => true,
                };
                if old {
                    let _ = std::fs::remove_dir_all(f.path());
                }
            }
            let _ = std::fs::remove_dir(top.path());
        }
    }
}

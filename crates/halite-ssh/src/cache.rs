//! The controller's cache of what each host reported: `CACHEDIR/minions/ID/grains.json`
//! (salt-ssh keeps its own under `cachedir/minions/ID/` too), with when the grains were
//! gathered and how long that took. Reused until `--refresh` or the configured maximum age.

use halite_value::{Map, Value};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

pub fn minion_dir(cachedir: &Path, id: &str) -> PathBuf {
    // An id is a file name here: no separators, no `..`.
    let safe: String = id
        .chars()
        .map(|c| if c == '/' || c == '\0' { '_' } else { c })
        .collect();
    let safe = if safe == ".." || safe == "." {
        format!("_{safe}")
    } else {
        safe
    };
    cachedir.join("minions").join(safe)
}

fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

/// Cached data of `kind` (`grains`, `mine`) for `id`, unless older than `max_age` seconds.
pub fn read(cachedir: &Path, id: &str, kind: &str, max_age: Option<u64>) -> Option<Value> {
    let path = minion_dir(cachedir, id).join(format!("{kind}.json"));
    let text = std::fs::read_to_string(path).ok()?;
    let v = Value::from_json_str(&text).ok()?;
    if let Some(max) = max_age {
        let at = match v.get("gathered_at") {
            Some(Value::Float(f)) => *f,
            Some(Value::Int(i)) => *i as f64,
            _ => 0.0,
        };
        if now() - at > max as f64 {
            return None;
        }
    }
    v.get("data").cloned()
}

/// Stores `data` with the time it was gathered and how long that took.
pub fn write(
    cachedir: &Path,
    id: &str,
    kind: &str,
    data: &Value,
    seconds: f64,
) -> std::io::Result<()> {
    let dir = minion_dir(cachedir, id);
    std::fs::create_dir_all(&dir)?;
    let mut m = Map::new();
    m.insert("gathered_at", Value::Float(now()));
    m.insert("seconds", Value::Float(seconds));
    m.insert("data", data.clone());
    let tmp = dir.join(format!(".{kind}.json.tmp"));
    std::fs::write(&tmp, Value::Map(m).to_json())?;
    std::fs::rename(&tmp, dir.join(format!("{kind}.json")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_grains_round_trip_and_expire() {
        let dir = tempfile::tempdir().unwrap();
        let g = Value::from_json_str(r#"{"id": "web1", "os": "Debian"}"#).unwrap();
        write(dir.path(), "web1", "grains", &g, 0.5).unwrap();
        assert_eq!(read(dir.path(), "web1", "grains", None), Some(g.clone()));
        assert_eq!(read(dir.path(), "web1", "grains", Some(3600)), Some(g));
        assert_eq!(read(dir.path(), "web2", "grains", None), None);
        // Age the entry: rewrite gathered_at an hour back.
        let p = minion_dir(dir.path(), "web1").join("grains.json");
        let mut v = Value::from_json_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        if let Value::Map(m) = &mut v {
            m.insert("gathered_at", Value::Float(now() - 7200.0));
        }
        std::fs::write(&p, v.to_json()).unwrap();
        assert_eq!(read(dir.path(), "web1", "grains", Some(3600)), None);
    }
}

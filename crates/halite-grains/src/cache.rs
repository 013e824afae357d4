//! Salt's grains cache (`grains_cache: True`): the grains a run gathered, kept in
//! `cachedir/grains.cache.p` (msgpack, mode 0600) and served to later runs until the file
//! is `grains_cache_expiration` seconds old (salt/loader/__init__.py `grains()` and
//! `_load_cached_grains`). `halite ssh` turns it on for its hosts so that a catalog's apply
//! does not gather the grains the controller compiled it with again.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use halite_value::{Map, Value};

/// Salt's default `grains_cache_expiration`, seconds.
pub const DEFAULT_EXPIRATION: u64 = 300;

pub fn path(cachedir: &Path) -> PathBuf {
    cachedir.join("grains.cache.p")
}

/// The cached grains, or `None` when there is no cache file, it is older than
/// `expiration` seconds (whole seconds, as Salt's `int(time.time() - mtime)`), or it does
/// not hold a non-empty map (Salt then gathers again).
pub fn load(cachedir: &Path, expiration: u64) -> Option<Map> {
    let file = path(cachedir);
    let mtime = std::fs::metadata(&file).ok()?.modified().ok()?;
    let age = SystemTime::now()
        .duration_since(mtime)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    if age > expiration {
        tracing::debug!("grains cache expired ({age} s old, expiration {expiration} s)");
        return None;
    }
    match halite_value::msgpack::decode(&std::fs::read(&file).ok()?) {
        Some(Value::Map(m)) if !m.is_empty() => {
            tracing::debug!("grains from the cache {}", file.display());
            Some(m)
        }
        _ => {
            tracing::debug!(
                "grains cache {} unreadable: gathering again",
                file.display()
            );
            None
        }
    }
}

/// Writes the cache (mode 0600, as Salt's `set_umask(0o077)`); a failure is logged and
/// leaves no file behind, as in Salt.
pub fn store(cachedir: &Path, grains: &Map) {
    use std::os::unix::fs::OpenOptionsExt;
    let file = path(cachedir);
    let bytes = halite_value::msgpack::encode(&Value::Map(grains.clone()));
    let written = std::fs::create_dir_all(cachedir).and_then(|()| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&file)?;
        f.write_all(&bytes)
    });
    if let Err(e) = written {
        tracing::error!(
            "Unable to write to grains cache file {}: {e}",
            file.display()
        );
        let _ = std::fs::remove_file(&file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_grains_load_back_until_they_expire() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut g = Map::new();
        g.insert("id", Value::str("web1"));
        g.insert("num_cpus", Value::Int(2));
        assert_eq!(load(dir.path(), 300), None);
        store(dir.path(), &g);
        assert_eq!(load(dir.path(), 300), Some(g));
        let old = SystemTime::now() - std::time::Duration::from_secs(301);
        let f = std::fs::File::options()
            .write(true)
            .open(path(dir.path()))
            .expect("open");
        f.set_modified(old).expect("set mtime");
        assert_eq!(load(dir.path(), 300), None);
    }

    #[test]
    fn an_empty_or_corrupt_cache_is_gathered_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(path(dir.path()), b"\x80").expect("write");
        assert_eq!(load(dir.path(), 300), None);
        std::fs::write(path(dir.path()), b"not msgpack").expect("write");
        assert_eq!(load(dir.path(), 300), None);
    }
}

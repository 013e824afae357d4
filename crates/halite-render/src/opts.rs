//! Reading Salt's `__opts__` (a plain map) with Salt's defaults.

use halite_exec::FileRoots;
use halite_value::{Map, Value};
use std::path::PathBuf;

pub fn get_str<'a>(opts: &'a Map, key: &str) -> Option<&'a str> {
    opts.get(key).and_then(Value::as_str)
}

/// A boolean option; Salt treats any truthy value as true.
pub fn get_bool(opts: &Map, key: &str, default: bool) -> bool {
    opts.get(key).map(Value::truthy).unwrap_or(default)
}

/// `file_roots` / `pillar_roots`: `{env: [dir, ...]}` into a [`FileRoots`].
pub fn roots(opts: &Map, key: &str) -> FileRoots {
    let mut out = FileRoots::default();
    if let Some(Value::Map(envs)) = opts.get(key) {
        for (env, dirs) in envs.iter() {
            let dirs = match dirs {
                Value::List(l) => l.iter().map(|d| PathBuf::from(d.py_str())).collect(),
                Value::Str(s) => vec![PathBuf::from(s)],
                _ => Vec::new(),
            };
            out.envs.insert(env.py_str(), dirs);
        }
    }
    out
}

/// `saltenv` from the options, `None` when unset or null (Salt's default).
pub fn saltenv(opts: &Map) -> Option<String> {
    match opts.get("saltenv") {
        Some(Value::Null) | None => None,
        Some(v) => Some(v.py_str()),
    }
}

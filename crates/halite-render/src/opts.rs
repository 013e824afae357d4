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

/// `file_roots` / `pillar_roots`: `{env: [dir, ...]}` into a [`FileRoots`]. For `file_roots`,
/// `fileserver_followsymlinks: False` confines symlinks to the root (Salt's `roots` backend);
/// Salt's pillar client never checks, and halite's pillar roots follow symlinks too.
pub fn roots(opts: &Map, key: &str) -> FileRoots {
    let mut out = FileRoots {
        confine_symlinks: key == "file_roots" && !get_bool(opts, "fileserver_followsymlinks", true),
        ..FileRoots::default()
    };
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

/// The `renderer` option: the render pipe of a file without a `#!` line.
pub fn renderer(opts: &Map) -> &str {
    get_str(opts, "renderer").unwrap_or("jinja|yaml")
}

/// The `state_top` option as a path relative to the file roots.
pub fn state_top(opts: &Map) -> String {
    let top = get_str(opts, "state_top").unwrap_or("salt://top.sls");
    top.strip_prefix("salt://")
        .unwrap_or(top)
        .trim_start_matches('/')
        .to_string()
}

/// `_get_envs`: base, then the `file_roots` envs, or `env_order` when set.
pub fn envs(opts: &Map, file_roots: &FileRoots) -> Vec<String> {
    let envs = root_envs(file_roots);
    let mut env_order: Vec<String> = Vec::new();
    if let Some(Value::List(order)) = opts.get("env_order") {
        for e in order.iter().map(Value::py_str) {
            if !env_order.contains(&e) {
                env_order.push(e);
            }
        }
    }
    if env_order.is_empty() {
        envs
    } else {
        env_order.into_iter().filter(|e| envs.contains(e)).collect()
    }
}

/// `base`, then the other environments of `roots` in their order.
pub fn root_envs(roots: &FileRoots) -> Vec<String> {
    let mut envs = vec!["base".to_string()];
    for env in roots.envs.keys() {
        if !envs.contains(env) {
            envs.push(env.clone());
        }
    }
    envs
}

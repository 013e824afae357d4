//! Template loading as Salt's `SaltCacheLoader` does it: names are relative to the top of
//! the env's file roots (or `salt://` URLs); names starting with `./` or `../` are relative
//! to the importing template's directory and may not climb above the root.

use crate::preprocess::preprocess;
use halite_exec::ExecContext;
use halite_value::Map;
use minijinja::Environment;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Raw file contents read so far, keyed by saltenv + name (templates are parsed per render,
/// files are read once per engine).
#[derive(Debug, Default)]
pub struct SourceCache {
    files: Mutex<HashMap<(String, String), Option<String>>>,
}

impl SourceCache {
    /// The raw text of template `name` in `saltenv`, if the file exists.
    pub fn get(&self, ctx: &ExecContext, name: &str) -> Option<String> {
        let key = (ctx.saltenv.clone(), name.to_string());
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(hit) = files.get(&key) {
            return hit.clone();
        }
        let text = ctx
            .file_roots
            .find(&ctx.saltenv, name)
            .and_then(|p| std::fs::read(p).ok())
            .map(|b| String::from_utf8_lossy(&b).into_owned());
        files.insert(key, text.clone());
        text
    }
}

pub fn install(
    env: &mut Environment<'static>,
    ctx: &Arc<ExecContext>,
    cache: &Arc<SourceCache>,
    vars: &Map,
) {
    let tpldir = vars.get("tpldir").map(|v| v.py_str()).unwrap_or_default();
    env.set_path_join_callback(move |name, parent| resolve(name, parent, &tpldir).into());
    let ctx = ctx.clone();
    let cache = cache.clone();
    env.set_loader(move |name| {
        if name.split('/').next() == Some("..") {
            return Ok(None);
        }
        Ok(cache.get(&ctx, name).map(|src| preprocess(&src)))
    });
}

/// Resolves a relative (`./x`, `../x`) template name against the importing template's
/// directory (Salt: the `tpldir` global), normalized like `os.path.normpath`.
fn resolve(name: &str, parent: &str, tpldir: &str) -> String {
    let first = name.split('/').next().unwrap_or("");
    if first != "." && first != ".." {
        return name.to_string();
    }
    let base = match parent.rsplit_once('/') {
        Some((dir, _)) => dir.to_string(),
        None if parent.is_empty() => tpldir.to_string(),
        None => String::new(),
    };
    normpath(&format!("{base}/{name}"))
}

/// `os.path.normpath` for relative `/`-separated paths; keeps leading `..` components.
pub fn normpath(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for comp in path.split('/') {
        match comp {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else {
                    parts.push("..");
                }
            }
            c => parts.push(c),
        }
    }
    if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    }
}

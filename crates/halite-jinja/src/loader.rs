//! Template loading as Salt's `SaltCacheLoader` does it: names are relative to the top of
//! the env's file roots (or `salt://` URLs); names starting with `./` or `../` are relative
//! to the importing template's directory and may not climb above the root.

use crate::preprocess::{Delims, NO_CONTEXT_PREFIX};
use halite_exec::ExecContext;
use halite_value::Map;
use minijinja::Environment;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One template loaded during a render: its name, file text and the text minijinja got.
#[derive(Debug, Clone)]
pub struct LoadedTemplate {
    pub name: String,
    pub raw: String,
    pub compiled: String,
}

/// The templates a render loaded, for error messages that point into them.
pub type LoadedLog = Arc<Mutex<Vec<LoadedTemplate>>>;

/// Raw file contents read so far, keyed by saltenv + name (templates are parsed per render,
/// files are read once per engine).
#[derive(Debug, Default)]
pub struct SourceCache {
    files: Mutex<HashMap<(String, String), Option<String>>>,
    /// For a forked engine's cache: the engine's, consulted first and never written here
    /// (see [`crate::JinjaEngine::fork`]).
    parent: Option<Arc<SourceCache>>,
}

/// Template files a forked engine read itself (what its parent had not cached).
#[derive(Debug, Default)]
pub struct CachedFiles(HashMap<(String, String), Option<String>>);

impl SourceCache {
    /// An empty cache layered over `parent`.
    pub fn over(parent: Arc<SourceCache>) -> Self {
        SourceCache {
            files: Mutex::default(),
            parent: Some(parent),
        }
    }

    /// The cache forks layer over: the parent's, or this one.
    pub fn root(self: &Arc<Self>) -> Arc<SourceCache> {
        self.parent.clone().unwrap_or_else(|| self.clone())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(String, String), Option<String>>> {
        self.files.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The raw text of template `name` in `saltenv`, if the file exists.
    pub fn get(&self, ctx: &ExecContext, name: &str) -> Option<String> {
        let key = (ctx.saltenv.clone(), name.to_string());
        if let Some(parent) = &self.parent {
            if let Some(hit) = parent.lock().get(&key) {
                return hit.clone();
            }
        }
        let mut files = self.lock();
        if let Some(hit) = files.get(&key) {
            return hit.clone();
        }
        let text = ctx
            .file_roots
            .find(&ctx.saltenv, name)
            .and_then(|p| match halite_value::limits::read_input(&p) {
                Ok(b) => Some(b),
                Err(e) => {
                    if e.kind() == std::io::ErrorKind::FileTooLarge {
                        tracing::error!("{}: {e}", p.display());
                    }
                    None
                }
            })
            .map(|b| String::from_utf8_lossy(&b).into_owned());
        files.insert(key, text.clone());
        text
    }

    /// What this cache read itself.
    pub fn take(&self) -> CachedFiles {
        CachedFiles(std::mem::take(&mut *self.lock()))
    }

    /// Adds `files` this cache does not have yet (it keeps what it read first, as if it
    /// had read them itself in that order).
    pub fn absorb(&self, files: CachedFiles) {
        let mut own = self.lock();
        for (key, text) in files.0 {
            own.entry(key).or_insert(text);
        }
    }
}

pub fn install(
    env: &mut Environment<'static>,
    flags: &crate::SyntaxFlags,
    ctx: &Arc<ExecContext>,
    cache: &Arc<SourceCache>,
    vars: &Map,
    log: &LoadedLog,
) {
    let tpldir = vars.get("tpldir").map(|v| v.py_str()).unwrap_or_default();
    let join_tpldir = tpldir.clone();
    // Templates loaded by a relative name, and the `tpldir` they were resolved against: Salt's
    // loader leaves the `tpldir` global as it was for those, so their own relative names (and
    // their `tpldir`) resolve against the importer's folder, not their own.
    let relative_bases: Arc<Mutex<HashMap<String, String>>> = Arc::default();
    let join_bases = relative_bases.clone();
    env.set_path_join_callback(move |name, parent| {
        let parent = parent.strip_prefix(NO_CONTEXT_PREFIX).unwrap_or(parent);
        let (prefix, name) = match name.strip_prefix(NO_CONTEXT_PREFIX) {
            Some(n) => (NO_CONTEXT_PREFIX, n),
            None => ("", name),
        };
        let mut bases = join_bases.lock().unwrap_or_else(|e| e.into_inner());
        match resolve(name, parent, &join_tpldir, &bases) {
            Some((resolved, base)) => {
                bases.insert(resolved.clone(), base);
                format!("{prefix}{resolved}").into()
            }
            None => format!("{prefix}{name}").into(),
        }
    });
    let ctx = ctx.clone();
    let cache = cache.clone();
    let log = log.clone();
    // imported and included templates are in the render's syntax
    let flags = flags.clone();
    env.set_loader(move |name| {
        let (name, no_context) = match name.strip_prefix(NO_CONTEXT_PREFIX) {
            Some(n) => (n, true),
            None => (name, false),
        };
        // Salt's loader reads the name as a plain path below its cache of the file roots: a
        // `salt://` URL, a `?` query or a `|` escape is never found there.
        if name.split('/').next() == Some("..")
            || name.starts_with("salt://")
            || name.starts_with('|')
            || name.contains('?')
        {
            return Ok(None);
        }
        if name.starts_with('/') {
            // Salt's loader reads an absolute name from the local disk, outside the file
            // roots; halite refuses it (docs/compat.md).
            return Err(minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                format!(
                    "{name}: halite loads templates only from the file roots, not by absolute path"
                ),
            ));
        }
        Ok(cache.get(&ctx, name).map(|src| {
            let body = flags.preprocess(&src);
            let compiled = if no_context {
                let kept = relative_bases
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get(name)
                    .cloned();
                format!(
                    "{}{body}",
                    own_location_header(name, kept.as_deref(), flags.delims())
                )
            } else {
                body
            };
            if let Ok(mut l) = log.lock() {
                l.push(LoadedTemplate {
                    name: name.to_string(),
                    raw: src,
                    compiled: compiled.clone(),
                });
            }
            compiled
        }))
    });
    env.add_function("__nc", |name: minijinja::Value| match name.as_str() {
        Some(n) => minijinja::Value::from(format!("{NO_CONTEXT_PREFIX}{n}")),
        None => name,
    });
}

/// `{% set %}`s of the `tpldir`/`tplfile`/`tpldot` globals SaltCacheLoader.get_source sets
/// when it loads `name`: its own folder, or for a template loaded by a relative name the
/// `tpldir` that name was resolved against (`kept_tpldir`: Salt keeps the global as it was).
/// All on the first line, so line numbers stay.
fn own_location_header(name: &str, kept_tpldir: Option<&str>, d: &Delims) -> String {
    let dir = match kept_tpldir {
        Some(kept) => kept,
        None => name.rsplit_once('/').map(|(d, _)| d).unwrap_or_default(),
    };
    let tpldir = if dir.is_empty() { "." } else { dir };
    let (bs, be) = (&d.block_start, &d.block_end);
    format!(
        "{bs} set tpldir = {} {be}{bs} set tplfile = {} {be}{bs} set tpldot = {} {be}",
        quote(tpldir),
        quote(name),
        quote(&dir.replace('/', "."))
    )
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// Resolves a relative (`./x`, `../x`) template name against the importing template's
/// `tpldir` (Salt's `tpldir` global), normalized like `os.path.normpath`: the resolved name and
/// the base it was resolved against; `None` for a name that is not relative. The rendered
/// file itself is named by its path on disk (or `<template>`) and resolves against the
/// render's `tpldir`; a template loaded by a relative name against the base it was loaded
/// with (`bases`); any other loaded template against its own folder.
fn resolve(
    name: &str,
    parent: &str,
    tpldir: &str,
    bases: &HashMap<String, String>,
) -> Option<(String, String)> {
    let first = name.split('/').next().unwrap_or("");
    if first != "." && first != ".." {
        return None;
    }
    let base = if parent.is_empty() || parent.starts_with('/') || parent.starts_with('<') {
        tpldir.to_string()
    } else if let Some(kept) = bases.get(parent) {
        kept.clone()
    } else {
        match parent.rsplit_once('/') {
            Some((dir, _)) => dir.to_string(),
            None => String::new(),
        }
    };
    Some((normpath(&format!("{base}/{name}")), base))
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

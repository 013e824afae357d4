//! `salt.modules.cp`, against halite's local file server (Salt's `roots` backend as the
//! `local` file client sees it).

use crate::fileserver::split_salt_url;
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};
use std::path::Path;

/// `saltenv or __opts__['saltenv'] or 'base'`.
fn saltenv(ctx: &ExecContext, v: Option<&Value>) -> String {
    if let Some(v) = v.filter(|v| v.truthy()) {
        return v.py_str();
    }
    match ctx.opts.get("saltenv").filter(|v| v.truthy()) {
        Some(v) => v.py_str(),
        None => "base".into(),
    }
}

/// `cp.get_file_str(path, saltenv=None)`: the file's text, or False when it cannot be cached.
pub fn get_file_str(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cp.get_file_str", a, &["path", "saltenv"], 1)?;
    let env = saltenv(ctx, b.get(1));
    let path = b.str_or(0, "");
    let found = if path.starts_with("salt://") {
        ctx.file_roots.find(&env, &path)
    } else if Path::new(&path).is_absolute() && Path::new(&path).is_file() {
        // A local path is "cached" as itself.
        Some(path.clone().into())
    } else {
        None
    };
    match found {
        Some(p) => match std::fs::read(&p) {
            Ok(bytes) => Ok(Value::Str(String::from_utf8_lossy(&bytes).into())),
            Err(_) => Ok(Value::Bool(false)),
        },
        None => {
            let (rel, env) = split_salt_url(&path, &env);
            tracing::error!(
                "Unable to cache file 'salt://{}' from saltenv '{}'.",
                rel,
                env
            );
            Ok(Value::Bool(false))
        }
    }
}

/// `cp.list_states(saltenv=None)`: sorted sls names (`a/init.sls` -> `a`).
pub fn list_states(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cp.list_states", a, &["saltenv"], 0)?;
    let env = saltenv(ctx, b.get(0));
    let mut states: Vec<String> = ctx
        .file_roots
        .list_files(&env)
        .into_iter()
        .filter(|p| p.ends_with(".sls"))
        .map(|p| {
            if p.ends_with("/init.sls") {
                p.replace('/', ".")[..p.len() - 9].to_string()
            } else {
                p.replace('/', ".")[..p.len() - 4].to_string()
            }
        })
        .collect();
    states.sort();
    states.dedup();
    Ok(Value::List(states.into_iter().map(Value::from).collect()))
}

/// `cp.list_master(saltenv=None, prefix='')`.
pub fn list_master(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cp.list_master", a, &["saltenv", "prefix"], 0)?;
    let env = saltenv(ctx, b.get(0));
    let prefix = b.str_or(1, "");
    Ok(Value::List(
        ctx.file_roots
            .list_files(&env)
            .into_iter()
            .filter(|p| p.starts_with(&prefix))
            .map(Value::from)
            .collect(),
    ))
}

/// Directories below the roots of `saltenv` (Salt's `dir_list`: every parent directory of a
/// file or directory, relative, sorted).
pub(crate) fn list_dirs(ctx: &ExecContext, env: &str, prefix: &str) -> Vec<String> {
    let mut out = ctx.file_roots.list_dirs(env);
    out.retain(|d| d.starts_with(prefix));
    out
}

/// `cp.list_master_dirs(saltenv=None, prefix='')`.
pub fn list_master_dirs(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cp.list_master_dirs", a, &["saltenv", "prefix"], 0)?;
    let env = saltenv(ctx, b.get(0));
    Ok(Value::List(
        list_dirs(ctx, &env, &b.str_or(1, ""))
            .into_iter()
            .map(Value::from)
            .collect(),
    ))
}

/// `cp.list_master_symlinks(saltenv=None, prefix='')`: `{link: target}`.
pub fn list_master_symlinks(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cp.list_master_symlinks", a, &["saltenv", "prefix"], 0)?;
    let env = saltenv(ctx, b.get(0));
    let prefix = b.str_or(1, "");
    let mut out = Map::new();
    for root in ctx.file_roots.roots(&env) {
        collect_links(
            root,
            root,
            &prefix,
            ctx.file_roots.confine_symlinks,
            &mut out,
        );
    }
    Ok(Value::Map(out))
}

/// Salt's `roots._file_lists` "links": a symlink is listed when its target stays under the
/// root, or whatever it points to when symlinks are not followed (`fileserver_followsymlinks:
/// False`); with the default, a link out of the root is served as the file it points to.
fn collect_links(root: &Path, dir: &Path, prefix: &str, confined: bool, out: &mut Map) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    // os.walk's order: this folder's directories, then its files (each in listing order),
    // then the walk goes down
    let (dirs, files): (Vec<_>, Vec<_>) = entries
        .flatten()
        .map(|e| e.path())
        .partition(|p| p.is_dir());
    for path in dirs.iter().chain(&files) {
        if !path.is_symlink() {
            continue;
        }
        let rel = path
            .strip_prefix(root)
            .map(|r| r.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        if rel.starts_with(prefix) && !out.contains_key(&rel) {
            if let Ok(target) = std::fs::read_link(path) {
                if confined || link_stays_under(root, path, &target) {
                    out.insert(rel, Value::Str(target.to_string_lossy().into()));
                }
            }
        }
    }
    for path in dirs.iter().filter(|p| !p.is_symlink()) {
        collect_links(root, path, prefix, confined, out);
    }
}

/// Whether the symlink `link` (under `root`) to `target` resolves under `root`: Salt joins a
/// target starting with `..` to the link path itself and any other to its folder, then takes
/// `realpath(normpath(joined))` relative to `realpath(root)`.
fn link_stays_under(root: &Path, link: &Path, target: &Path) -> bool {
    let joined = if target.to_string_lossy().starts_with("..") {
        link.join(target)
    } else {
        link.parent().unwrap_or(root).join(target)
    };
    let mut norm = std::path::PathBuf::new();
    for comp in joined.components() {
        match comp {
            std::path::Component::ParentDir => {
                norm.pop();
            }
            std::path::Component::CurDir => {}
            c => norm.push(c),
        }
    }
    let real = norm.canonicalize().unwrap_or(norm);
    let real_root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    real.starts_with(real_root)
}

/// `cp.cache_file(path, saltenv)` as the file client answers it (`Client.get_url(path, '')`):
/// a `salt://` file is copied to `cachedir/files/SALTENV/PATH` (None when the roots do not
/// have it), a remote URL is fetched into `cachedir/extrn_files/...`
/// ([`crate::http::cache_url`]; Err is the MinionError's text), a local path or `file://`
/// URL is answered as itself (Err when it is not absolute).
pub fn cache_path(
    ctx: &ExecContext,
    path: &str,
    saltenv: &str,
    how: &crate::http::Fetch<'_>,
) -> Result<Option<std::path::PathBuf>, String> {
    let scheme = crate::http::scheme(path);
    match scheme.as_str() {
        "salt" => {
            let (rel, env) = split_salt_url(path, saltenv);
            let Some(found) = ctx.file_roots.find(&env, path) else {
                return Ok(None);
            };
            let cachedir = ctx
                .opts
                .get("cachedir")
                .map(Value::py_str)
                .unwrap_or_else(|| "/var/cache/salt/minion".into());
            let dest = Path::new(&cachedir)
                .join("files")
                .join(&env)
                .join(rel.trim_start_matches('/'));
            if let Some(dir) = dest.parent() {
                std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
            }
            std::fs::copy(&found, &dest).map_err(|e| e.to_string())?;
            Ok(Some(dest))
        }
        s if crate::http::FETCHED.contains(&s) => {
            crate::http::cache_url(&ctx.opts, path, saltenv, how).map(Some)
        }
        "swift" | "s3" => Err(format!(
            "halite: fetching {scheme}:// URLs is not supported ({path})"
        )),
        _ => {
            // `file://` or a plain path: os.path.join(netloc, path).rstrip('/')
            let p = path.strip_prefix("file://").unwrap_or(path);
            let p = p.trim_end_matches('/');
            if !p.starts_with('/') {
                return Err(format!("Path '{p}' is not absolute"));
            }
            Ok(Some(p.into()))
        }
    }
}

fn minion_error(e: String) -> ExecError {
    ExecError::Command(e)
}

/// `cp.cache_file(path, saltenv=None, source_hash=None, verify_ssl=True, use_etag=False)`.
pub fn cache_file(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "cp.cache_file",
        a,
        &["path", "saltenv", "source_hash", "verify_ssl", "use_etag"],
        1,
    )?;
    let env = saltenv(ctx, b.get(1));
    let path = b.str_or(0, "");
    let sh = b.opt(2).map(Value::py_str);
    let how = crate::http::Fetch {
        source_hash: sh.as_deref(),
        verify_ssl: Some(b.get(3).map(Value::truthy).unwrap_or(true)),
        ..Default::default()
    };
    match cache_path(ctx, &path, &env, &how).map_err(minion_error)? {
        Some(p) => Ok(Value::Str(p.to_string_lossy().into())),
        None => {
            tracing::error!("Unable to cache file '{}' from saltenv '{}'.", path, env);
            Ok(Value::Bool(false))
        }
    }
}

/// `cp.get_url(path, dest='', saltenv=None, makedirs=False, source_hash=None)`: with an
/// empty `dest` the cached copy's path, with a file `dest` the file fetched there (its
/// folder must exist unless `makedirs`; "" otherwise), a folder `dest` gets the URL's file
/// name; `dest=None` answers the contents.
pub fn get_url(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "cp.get_url",
        a,
        &["path", "dest", "saltenv", "makedirs", "source_hash"],
        1,
    )?;
    let env = saltenv(ctx, b.get(2));
    let path = b.str_or(0, "");
    let makedirs = b.truthy(3);
    let sh = b.opt(4).map(Value::py_str);
    // Client.get_url's own verify_ssl=True
    let how = crate::http::Fetch {
        source_hash: sh.as_deref(),
        verify_ssl: Some(true),
        ..Default::default()
    };
    let fail = || {
        tracing::error!("Unable to fetch file {} from saltenv {}.", path, env);
    };
    let dest = match b.get(1) {
        None => Some(String::new()),
        Some(Value::Str(s)) => Some(s.to_string()),
        Some(_) => None,
    };
    let scheme = crate::http::scheme(&path);
    let remote = crate::http::FETCHED.contains(&scheme.as_str());
    // the file client's answer when it has nothing: get_file's False for salt://, "" else
    let nothing = || {
        fail();
        Ok(if scheme == "salt" {
            Value::Bool(false)
        } else {
            Value::str("")
        })
    };
    let result: Option<String> = match dest {
        Some(d) if d.is_empty() => cache_path(ctx, &path, &env, &how)
            .map_err(minion_error)?
            .map(|p| p.to_string_lossy().into_owned()),
        Some(d) if remote || scheme == "salt" => {
            let dest = get_url_dest(&path, &d);
            let found = if scheme == "salt" {
                let (rel, senv) = split_salt_url(&path, &env);
                match ctx.file_roots.find(&senv, &rel) {
                    Some(f) => Some(f),
                    None => return nothing(),
                }
            } else {
                None
            };
            let dir = Path::new(&dest).parent().map(Path::to_path_buf);
            match dir {
                Some(dir) if !dir.is_dir() && !makedirs => None,
                dir => {
                    if let Some(dir) = dir.filter(|d| !d.is_dir()) {
                        std::fs::create_dir_all(&dir).map_err(|e| minion_error(e.to_string()))?;
                    }
                    match found {
                        // get_file: the file server's copy written to dest
                        Some(f) => {
                            std::fs::copy(&f, &dest).map_err(|e| minion_error(e.to_string()))?;
                        }
                        None => crate::http::get_to(&ctx.opts, &path, Path::new(&dest), &how)
                            .map_err(minion_error)?,
                    }
                    Some(dest)
                }
            }
        }
        Some(_) => cache_path(ctx, &path, &env, &how)
            .map_err(minion_error)?
            .map(|p| p.to_string_lossy().into_owned()),
        // get_url(no_cache=True): a remote file is read, not cached
        None if remote => {
            let data = crate::http::fetch_bytes(&ctx.opts, &path, &how).map_err(minion_error)?;
            Some(String::from_utf8_lossy(&data).into_owned())
        }
        None => {
            let p = cache_path(ctx, &path, &env, &how).map_err(minion_error)?;
            p.and_then(|p| std::fs::read(p).ok())
                .map(|d| String::from_utf8_lossy(&d).into_owned())
        }
    };
    match result {
        Some(r) if !r.is_empty() => Ok(Value::Str(r.into())),
        _ => nothing(),
    }
}

/// get_url's destination: a folder (or a name ending in `/`) gets the URL's last part when
/// the URL has a query or a path longer than `/` not ending in `/`, else `index.html`.
fn get_url_dest(url: &str, dest: &str) -> String {
    if !(Path::new(dest).is_dir() || dest.ends_with('/')) {
        return dest.to_string();
    }
    let scheme = crate::http::scheme(url);
    let rest = &url[scheme.len()..];
    let rest = rest.strip_prefix(":").unwrap_or(rest);
    let after_netloc = match rest.strip_prefix("//") {
        Some(r) => r.find('/').map_or("", |i| &r[i..]),
        None => rest,
    };
    let (upath, query) = after_netloc.split_once('?').unwrap_or((after_netloc, ""));
    let name = if !query.is_empty() || (upath.len() > 1 && !upath.ends_with('/')) {
        url.rsplit('/').next().unwrap_or("")
    } else {
        "index.html"
    };
    Path::new(dest).join(name).to_string_lossy().into_owned()
}

/// `cp.is_cached(path, saltenv=None)`: the cached copy's path when there is one, else "".
pub fn is_cached(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cp.is_cached", a, &["path", "saltenv"], 1)?;
    let env = saltenv(ctx, b.get(1));
    let path = b.str_or(0, "");
    let cachedir = ctx
        .opts
        .get("cachedir")
        .map(Value::py_str)
        .unwrap_or_else(|| "/var/cache/salt/minion".into());
    let scheme = crate::http::scheme(&path);
    let cached = if crate::http::REMOTE_PROTOS.contains(&scheme.as_str()) {
        crate::http::extrn_path(&cachedir, &path, &env)
    } else if scheme == "salt" {
        let (rel, env) = split_salt_url(&path, &env);
        Path::new(&cachedir)
            .join("files")
            .join(env)
            .join(rel.trim_start_matches('/'))
    } else {
        return Ok(Value::str(""));
    };
    Ok(Value::Str(if cached.is_file() {
        cached.to_string_lossy().into()
    } else {
        "".into()
    }))
}

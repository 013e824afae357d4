//! `file.recurse` (salt/states/file.py `recurse`, `_gen_recurse_managed_files`): a `salt://`
//! directory mirrored into `name`, each file through `file.managed` (templates, modes, atomic
//! writes), each directory through `file.directory`, symlinks (`keep_symlinks`) through
//! `file.symlink`; `clean` removes what the source does not have.
//!
//! Salt walks its managed files and directories in the order of a Python `set` (random per
//! process); halite goes in sorted order (Salt 3007: symlinks, then directories, then files,
//! with the files that are also kept symlinks last, as Salt does; Salt 3008: directories, then
//! files, then the symlinks, each after a link it points to), so a new directory and a new
//! subdirectory both report `directory: new` where Salt may report only the deeper one.

use super::directory::{clean_dir, gen_keep_files, join};
use super::{dirname, error, expanduser, is_dir, lexists, normalize_mode, not_absolute};
use crate::util::{extra_kwargs, fnmatch};
use crate::{StateCall, StateError};
use halite_value::{List, Map, Value};
use std::collections::BTreeSet;

/// The named parameters of `file.recurse`; the chunk's other keywords are its `**kwargs`.
const RECURSE_PARAMS: &[&str] = &[
    "name",
    "source",
    "keep_source",
    "clean",
    "require",
    "user",
    "group",
    "dir_mode",
    "file_mode",
    "sym_mode",
    "template",
    "context",
    "replace",
    "defaults",
    "include_empty",
    "backup",
    "include_pat",
    "exclude_pat",
    "maxdepth",
    "keep_symlinks",
    "force_symlinks",
    "win_owner",
    "win_perms",
    "win_deny_perms",
    "win_inheritance",
    "merge",
];

/// `salt.utils.stringutils.check_include_exclude(path, include_pat, exclude_pat)`: each pattern
/// a glob, or a regex (searched) after `E@`; a list matches when one of its patterns does.
pub(crate) fn check_include_exclude(
    path: &str,
    include_pat: Option<&Value>,
    exclude_pat: Option<&Value>,
) -> bool {
    let pats = |v: &Value| -> Vec<String> {
        match v {
            Value::List(l) => l.iter().map(Value::py_str).collect(),
            other => vec![other.py_str()],
        }
    };
    let hit = |p: &str| match p.strip_prefix("E@") {
        Some(re) => super::pyre::PyRegex::new(re)
            .map(|r| r.is_match(path))
            .unwrap_or(false),
        None => fnmatch(path, p),
    };
    let include = include_pat.filter(|p| p.truthy());
    let exclude = exclude_pat.filter(|p| p.truthy());
    let included = include.is_none_or(|p| pats(p).iter().any(|x| hit(x)));
    let excluded = exclude.is_some_and(|p| pats(p).iter().any(|x| hit(x)));
    included && !excluded
}

/// `_is_valid_relpath`: no `..` component, and no deeper than `maxdepth`.
fn is_valid_relpath(rel: &str, maxdepth: Option<i64>) -> bool {
    if format!("/{rel}/").contains("/../") {
        return false;
    }
    match maxdepth {
        Some(m) => (rel.trim_matches('/').matches('/').count() as i64) <= m,
        None => true,
    }
}

/// `posixpath.relpath(path, start)` for the fileserver's relative paths below `start` (a
/// directory ending in `/`): `None` for what is not below it (Salt's `../x`, which
/// `_is_valid_relpath` rejects anyway).
/// `cp.list_master_symlinks(saltenv, prefix)`: the file roots' symlinks below `prefix`,
/// link path to target; `None` when the call fails or returns no mapping.
fn master_symlinks(call: &StateCall, saltenv: &str, prefix: &str) -> Option<Map> {
    let mut kwargs = Map::new();
    kwargs.insert("saltenv", Value::str(saltenv));
    kwargs.insert("prefix", Value::str(prefix));
    match call.exec.call(
        call.ctx,
        "cp.list_master_symlinks",
        &halite_exec::Args::new(Vec::new(), kwargs),
    ) {
        Ok(Value::Map(found)) => Some(found),
        _ => None,
    }
}

fn rel_below(path: &str, start: &str) -> Option<String> {
    if path == start.trim_end_matches('/') {
        return Some(".".into());
    }
    path.strip_prefix(start)
        .map(|r| r.trim_end_matches('/').to_string())
}

/// `salt.utils.url.parse(url)`: the path and the `saltenv` of a `salt://` URL.
fn parse_salt_url(url: &str) -> (String, Option<String>) {
    let Some(rest) = url.strip_prefix("salt://") else {
        return (url.to_string(), None);
    };
    match rest.split_once("?saltenv=") {
        Some((path, env)) => (path.to_string(), Some(env.to_string())),
        None => (rest.to_string(), None),
    }
}

/// What `_gen_recurse_managed_files` returns: `(dest, salt:// source)` files, directories,
/// `(relative path, target)` symlinks and the paths `clean` keeps.
pub(crate) struct RecurseFiles {
    pub files: Vec<(String, String)>,
    pub dirs: Vec<String>,
    pub symlinks: Vec<(String, String)>,
    pub keep: BTreeSet<String>,
    /// Salt 3008: the symlinks are managed after the files (in this order), not before.
    pub symlinks_last: bool,
}

/// The arguments `_gen_recurse_managed_files` reads.
pub(crate) struct RecurseSpec<'a> {
    pub name: &'a str,
    pub source: &'a str,
    pub keep_symlinks: bool,
    pub include_pat: Option<&'a Value>,
    pub exclude_pat: Option<&'a Value>,
    pub maxdepth: Option<i64>,
    pub include_empty: bool,
}

/// `maxdepth` as Salt compares it (an int; `None` for none).
fn maxdepth_of(v: Option<&Value>) -> Result<Option<i64>, StateError> {
    match v.filter(|v| !v.is_null()) {
        None => Ok(None),
        Some(Value::Int(i)) => Ok(Some(*i)),
        Some(Value::Bool(b)) => Ok(Some(i64::from(*b))),
        Some(other) => Err(StateError::Other(format!(
            "TypeError: '>' not supported between instances of 'int' and '{}'",
            other.type_name()
        ))),
    }
}

/// The [`RecurseSpec`] of a `file.recurse` chunk (for `file.directory`'s `clean`, which keeps
/// what a required `file.recurse` manages).
pub(crate) fn spec_of(low: &Map) -> Result<RecurseSpec<'_>, StateError> {
    let arg = |k: &str| low.get(k).filter(|v| !v.is_null());
    let name = match low.get("name") {
        Some(Value::Str(s)) => s.as_str(),
        _ => "",
    };
    let source = match arg("source") {
        Some(Value::Str(s)) => s.as_str(),
        Some(other) => {
            return Err(StateError::Other(format!(
                "AttributeError: '{}' object has no attribute 'startswith'",
                other.type_name()
            )))
        }
        None => "",
    };
    Ok(RecurseSpec {
        name,
        source,
        keep_symlinks: arg("keep_symlinks").is_some_and(Value::truthy),
        include_pat: arg("include_pat"),
        exclude_pat: arg("exclude_pat"),
        maxdepth: maxdepth_of(arg("maxdepth"))?,
        include_empty: arg("include_empty").is_some_and(Value::truthy),
    })
}

/// `_gen_recurse_managed_files`.
pub(crate) fn gen_recurse_managed_files(
    call: &StateCall,
    spec: &RecurseSpec,
    env: &str,
) -> RecurseFiles {
    let (mut srcpath, senv) = parse_salt_url(spec.source);
    let senv = senv.unwrap_or_else(|| env.to_string());
    if !srcpath.ends_with('/') {
        srcpath.push('/');
    }
    let full_path = |rel: &str| join(spec.name, &normpath_rel(rel));
    let salt3008 = call.salt_compat().is_3008();
    // cp.list_master(senv, srcpath): the prefix is compared without its slashes.
    let prefix = srcpath.trim_matches('/').to_string();
    let mut fns: Vec<String> = call
        .ctx
        .file_roots
        .list_files(&senv)
        .into_iter()
        .filter(|f| f.starts_with(&prefix))
        .collect();
    let mut keep = BTreeSet::new();
    let mut vdir = BTreeSet::new();
    let mut symlinks: Vec<(String, String)> = Vec::new();
    let mut links: Vec<String> = Vec::new();
    if spec.keep_symlinks {
        if let Some(found) = master_symlinks(call, &senv, &srcpath) {
            for (lname, target) in found.iter() {
                let lname = lname.py_str();
                links.push(lname.clone());
                let Some(srel) = rel_below(&lname, &srcpath) else {
                    continue;
                };
                if !is_valid_relpath(&srel, spec.maxdepth)
                    || !check_include_exclude(&srel, spec.include_pat, spec.exclude_pat)
                {
                    continue;
                }
                let under = format!("{lname}/");
                if salt3008 {
                    // Salt 3008 (salt#66857's follow-up): the symlink itself leaves the file
                    // list too, so it is not also `file.managed`.
                    fns.retain(|f| *f != lname);
                }
                fns.retain(|f| !f.starts_with(&under));
                if salt3008 {
                    // 3008's `is_occupied`: a link below an accepted link is dropped.
                    let dest = full_path(&srel);
                    if symlinks
                        .iter()
                        .any(|(r, _)| dest.starts_with(&format!("{}/", full_path(r))))
                    {
                        continue;
                    }
                }
                symlinks.push((srel.clone(), target.py_str()));
                keep.insert(full_path(&srel));
            }
        }
        vdir.extend(keep.iter().cloned());
    }
    let mut files: BTreeSet<(String, String)> = BTreeSet::new();
    let mut dirs: BTreeSet<String> = BTreeSet::new();
    for f in &fns {
        if f.trim().is_empty() {
            continue;
        }
        let Some(rel) = rel_below(f, &srcpath) else {
            continue;
        };
        if !is_valid_relpath(&rel, spec.maxdepth)
            || !check_include_exclude(&rel, spec.include_pat, spec.exclude_pat)
        {
            continue;
        }
        let dest = full_path(&rel);
        let dir = dirname(&dest);
        keep.insert(dest.clone());
        if vdir.insert(dir.clone()) {
            dirs.insert(dir);
        }
        // salt.utils.url.create(fn_, saltenv=senv)
        let src = format!("salt://{f}?saltenv={senv}");
        files.insert((dest, src));
    }
    if spec.include_empty {
        for mdir in call.ctx.file_roots.list_dirs(&senv) {
            if !mdir.starts_with(&prefix) {
                continue;
            }
            let Some(rel) = rel_below(&mdir, &srcpath) else {
                continue;
            };
            if !is_valid_relpath(&rel, spec.maxdepth)
                || !check_include_exclude(&rel, spec.include_pat, spec.exclude_pat)
            {
                continue;
            }
            if spec.keep_symlinks && links.iter().any(|l| mdir.starts_with(&format!("{l}/"))) {
                continue;
            }
            if salt3008
                && symlinks
                    .iter()
                    .any(|(r, _)| full_path(r) == full_path(&rel))
            {
                // 3008's `is_occupied`: a directory a kept symlink stands for.
                continue;
            }
            let mdest = full_path(&rel);
            dirs.insert(mdest.clone());
            keep.insert(mdest);
        }
    }
    if salt3008 && spec.keep_symlinks && !spec.include_empty {
        // Salt 3008 drops a kept symlink to a directory of the source that nothing managed
        // here creates (an empty one without include_empty), until none is left to drop. It
        // joins the link's target to the recurse root, not to the link's own directory.
        let mdirs: BTreeSet<String> = call
            .ctx
            .file_roots
            .list_dirs(&senv)
            .into_iter()
            .filter(|d| d.starts_with(&prefix))
            .collect();
        let mut all_dirs: BTreeSet<String> = BTreeSet::new();
        for (dest, _) in &files {
            let mut d = dirname(dest);
            while d.len() > 1 && all_dirs.insert(d.clone()) {
                d = dirname(&d);
            }
        }
        loop {
            let before = symlinks.len();
            let snapshot = symlinks.clone();
            symlinks.retain(|(_, target)| {
                let in_source = if target.starts_with('/') {
                    normpath_posix(target)
                } else {
                    normpath_posix(&format!("{srcpath}{target}"))
                };
                if !mdirs.contains(in_source.trim_start_matches('/')) {
                    return true;
                }
                let full_tgt = normpath_posix(&full_path(target));
                files.iter().any(|(d, _)| *d == full_tgt)
                    || all_dirs.contains(&full_tgt)
                    || snapshot.iter().any(|(r, _)| full_path(r) == full_tgt)
            });
            if symlinks.len() == before {
                break;
            }
        }
    }
    if salt3008 {
        return RecurseFiles {
            files: files.into_iter().collect(),
            dirs: dirs.into_iter().collect(),
            symlinks: symlink_rounds(symlinks, &full_path),
            keep,
            symlinks_last: true,
        };
    }
    // The files that are also kept symlinks go last (salt#64630).
    let link_paths: BTreeSet<String> = symlinks.iter().map(|(r, _)| full_path(r)).collect();
    let (mut ordered, last): (Vec<_>, Vec<_>) = files
        .into_iter()
        .partition(|(dest, _)| !link_paths.contains(dest));
    ordered.extend(last);
    symlinks.sort();
    RecurseFiles {
        files: ordered,
        dirs: dirs.into_iter().collect(),
        symlinks,
        keep,
        symlinks_last: false,
    }
}

/// Salt 3008 manages the symlinks after the directories and files (salt#66857), each after
/// the link it points to; halite keeps the sorted order within a round.
fn symlink_rounds(
    mut symlinks: Vec<(String, String)>,
    full_path: &dyn Fn(&str) -> String,
) -> Vec<(String, String)> {
    symlinks.sort();
    let mut rounds: Vec<(String, String)> = Vec::new();
    let mut rest = symlinks;
    while !rest.is_empty() {
        let dests: BTreeSet<String> = rest.iter().map(|(r, _)| full_path(r)).collect();
        let (ready, later): (Vec<_>, Vec<_>) = rest.into_iter().partition(|(r, t)| {
            let abs = if t.starts_with('/') {
                normpath_posix(t)
            } else {
                normpath_posix(&join(&dirname(&full_path(r)), t))
            };
            !dests.contains(&abs) || abs == full_path(r)
        });
        if ready.is_empty() {
            rounds.extend(later);
            break;
        }
        rounds.extend(ready);
        rest = later;
    }
    rounds
}

/// Salt 3008's `_gen_recurse_managed_files` with `merge: True`: every source's paths, the
/// earlier source winning a path (`is_occupied`: the path, or a parent of it, is already a
/// file or symlink of this run, or the path is already a directory of it).
fn gen_recurse_merged(
    call: &StateCall,
    spec: &RecurseSpec,
    sources: &[String],
    env: &str,
) -> RecurseFiles {
    use std::collections::{BTreeMap, HashSet};
    let full_path = |rel: &str| join(spec.name, &normpath_rel(rel));
    let mut managed_files: BTreeMap<String, String> = BTreeMap::new();
    let mut managed_dirs: BTreeSet<String> = BTreeSet::new();
    let mut managed_symlinks: Vec<(String, String)> = Vec::new();
    let mut keep: BTreeSet<String> = BTreeSet::new();
    let mut all_dirs: HashSet<String> = HashSet::new();
    let mut ignored_dirs: HashSet<String> = HashSet::new();
    let parents = |p: &str| {
        let mut out = Vec::new();
        let mut d = dirname(p);
        loop {
            out.push(d.clone());
            if d == "/" || d.is_empty() {
                break;
            }
            d = dirname(&d);
        }
        out
    };
    let check = |path: &str, root: &str| -> Option<String> {
        if path.trim().is_empty() {
            return None;
        }
        let rel = rel_below(path, root)?;
        (is_valid_relpath(&rel, spec.maxdepth)
            && check_include_exclude(&rel, spec.include_pat, spec.exclude_pat))
        .then_some(rel)
    };
    for source in sources {
        let (mut root, senv) = parse_salt_url(source);
        let senv = senv.unwrap_or_else(|| env.to_string());
        if !root.ends_with('/') {
            root.push('/');
        }
        let prefix = root.trim_matches('/').to_string();
        let is_occupied = |dest: &str,
                           files: &BTreeMap<String, String>,
                           links: &[(String, String)],
                           all_dirs: &HashSet<String>| {
            all_dirs.contains(dest)
                || std::iter::once(dest.to_string())
                    .chain(parents(dest))
                    .any(|p| files.contains_key(&p) || links.iter().any(|(l, _)| *l == p))
        };
        let mut fns: Vec<String> = call
            .ctx
            .file_roots
            .list_files(&senv)
            .into_iter()
            .filter(|f| f.starts_with(&prefix))
            .collect();
        if spec.keep_symlinks {
            if let Some(found) = master_symlinks(call, &senv, &root) {
                for (lname, target) in found.iter() {
                    let (lname, ltarget) = (lname.py_str(), target.py_str());
                    let under = format!("{lname}/");
                    let before = fns.len();
                    fns.retain(|f| *f != lname);
                    let had_self = before != fns.len();
                    let before = fns.len();
                    fns.retain(|f| !f.starts_with(&under));
                    let target_was_dir = before != fns.len();
                    let _ = had_self;
                    let Some(rel) = check(&lname, &root) else {
                        continue;
                    };
                    let dest = full_path(&rel);
                    if is_occupied(&dest, &managed_files, &managed_symlinks, &all_dirs) {
                        continue;
                    }
                    let local_target = normpath_posix(&join(&dirname(&dest), &ltarget));
                    if target_was_dir && managed_files.contains_key(&local_target) {
                        ignored_dirs.insert(dest);
                        continue;
                    }
                    if !target_was_dir && managed_dirs.contains(&local_target) {
                        continue;
                    }
                    managed_symlinks.push((dest.clone(), ltarget));
                    keep.insert(dest);
                }
            }
        }
        for f in &fns {
            let Some(rel) = check(f, &root) else {
                continue;
            };
            let dest = full_path(&rel);
            if is_occupied(&dest, &managed_files, &managed_symlinks, &all_dirs) {
                continue;
            }
            keep.insert(dest.clone());
            managed_dirs.insert(dirname(&dest));
            all_dirs.extend(parents(&dest));
            managed_files.insert(dest, format!("salt://{f}?saltenv={senv}"));
        }
        let mdirs: Vec<String> = call
            .ctx
            .file_roots
            .list_dirs(&senv)
            .into_iter()
            .filter(|d| d.starts_with(&prefix))
            .collect();
        if spec.include_empty {
            for mdir in &mdirs {
                let Some(rel) = check(mdir, &root) else {
                    continue;
                };
                let dest = full_path(&rel);
                if ignored_dirs.contains(&dest)
                    || is_occupied(&dest, &managed_files, &managed_symlinks, &all_dirs)
                {
                    continue;
                }
                managed_dirs.insert(dest.clone());
                all_dirs.insert(dest.clone());
                keep.insert(dest);
            }
        } else if spec.keep_symlinks {
            // links to a source directory that nothing managed here creates are dropped,
            // until none is left to drop (the target joined to the recurse root, as Salt)
            loop {
                let snapshot = managed_symlinks.clone();
                let before = managed_symlinks.len();
                managed_symlinks.retain(|(_, target)| {
                    let in_source = normpath_posix(&format!("{root}{target}"));
                    if !mdirs.iter().any(|d| d == in_source.trim_start_matches('/')) {
                        return true;
                    }
                    let full_tgt = normpath_posix(&full_path(target));
                    managed_files.contains_key(&full_tgt)
                        || all_dirs.contains(&full_tgt)
                        || snapshot.iter().any(|(l, _)| *l == full_tgt)
                });
                if managed_symlinks.len() == before {
                    break;
                }
            }
        }
    }
    let rel_of = |dest: &str| {
        dest.strip_prefix(spec.name)
            .map(|r| r.trim_start_matches('/').to_string())
            .unwrap_or_else(|| dest.to_string())
    };
    let symlinks: Vec<(String, String)> = managed_symlinks
        .iter()
        .map(|(dest, target)| (rel_of(dest), target.clone()))
        .collect();
    RecurseFiles {
        files: managed_files.into_iter().collect(),
        dirs: managed_dirs.into_iter().collect(),
        symlinks: symlink_rounds(symlinks, &full_path),
        keep,
        symlinks_last: true,
    }
}

/// `os.path.normpath` of a POSIX path.
fn normpath_posix(p: &str) -> String {
    let abs = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for s in p.split('/') {
        match s {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            ".." if abs => {}
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    match (abs, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

/// `os.path.normpath` of a relative path (`.` stays `.`).
fn normpath_rel(rel: &str) -> String {
    let parts: Vec<&str> = rel
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    }
}

/// The comments of `recurse`: per path, in the order they came.
#[derive(Default)]
struct Comments(Vec<(String, Vec<String>)>);

impl Comments {
    fn add(&mut self, path: &str, comment: &Value) {
        let slot = match self.0.iter().position(|(p, _)| p == path) {
            Some(i) => &mut self.0[i].1,
            None => {
                self.0.push((path.to_string(), Vec::new()));
                &mut self.0.last_mut().expect("just pushed").1
            }
        };
        match comment {
            Value::List(l) => slot.extend(l.iter().map(Value::py_str)),
            other => slot.push(other.py_str()),
        }
    }

    /// "\n#### path ####\ncomment" blocks joined with newlines, stripped.
    fn flatten(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("\n#### {k} ####\n{}", v.join("\n")))
            .collect::<Vec<_>>()
            .join("\n")
            .trim()
            .to_string()
    }
}

/// The running result of `recurse`, merged from each file's state (`merge_ret`).
struct Merged {
    changes: Map,
    result: Value,
    comments: Comments,
}

impl Merged {
    fn merge(&mut self, path: &str, sub: &Map) {
        let sub_result = sub.get("result").cloned().unwrap_or(Value::Null);
        // The most "negative" result wins (False over None over True).
        if matches!(sub_result, Value::Bool(false)) || matches!(self.result, Value::Bool(true)) {
            self.result = sub_result.clone();
        }
        if !matches!(sub_result, Value::Bool(true)) {
            if let Some(c) = sub.get("comment").filter(|c| c.truthy()) {
                self.comments.add(path, c);
            }
        }
        if let Some(ch) = sub.get("changes").filter(|c| c.truthy()) {
            self.changes.insert(path, ch.clone());
        }
    }
}

/// A state of this module run for one path with the keyword arguments `recurse` gives it.
fn sub_call(
    call: &StateCall,
    fun: fn(&StateCall) -> Result<Map, StateError>,
    low: Map,
) -> Result<Map, StateError> {
    let sub = StateCall { low: &low, ..*call };
    fun(&sub)
}

/// The chunk keys every sub-state needs to see (`__env__`, `saltenv`).
fn base_low(call: &StateCall, name: &str) -> Map {
    let mut low = Map::new();
    low.insert("name", Value::str(name));
    for key in ["__env__", "saltenv", "__id__", "__sls__"] {
        if let Some(v) = call.low.get(key) {
            low.insert(key, v.clone());
        }
    }
    low
}

/// The `file.symlink` call `recurse` makes for a kept symlink.
fn symlink_low(call: &StateCall, path: &str, target: &str) -> Map {
    let mut low = base_low(call, path);
    low.insert("target", Value::str(target));
    low.insert("makedirs", Value::Bool(true));
    low.insert("force", Value::Bool(call.flag("force_symlinks", false)));
    low.insert("user", opt(call.arg("user")));
    low.insert("group", opt(call.arg("group")));
    low.insert("mode", opt(call.arg("sym_mode")));
    low
}

fn opt(v: Option<&Value>) -> Value {
    v.cloned().unwrap_or(Value::Null)
}

pub fn recurse(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = Map::new();
    ret.insert("name", Value::str(name.clone()));
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("result", Value::Bool(true));
    ret.insert("comment", Value::Map(Map::new()));
    if call.low.contains_key("mode") {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::str(
                "'mode' is not allowed in 'file.recurse'. Please use 'file_mode' and 'dir_mode'.",
            ),
        );
        return Ok(ret);
    }
    let dir_mode = normalize_mode(call.arg("dir_mode"));
    let keep_mode =
        matches!(call.arg("file_mode"), Some(Value::Str(m)) if m.eq_ignore_ascii_case("keep"));
    let file_mode = if keep_mode {
        None
    } else {
        normalize_mode(call.arg("file_mode"))
    };
    let user = call.arg_str("user");
    let group = call.arg_str("group");
    if let Some(err) = super::check_user_mode(user.as_deref(), group.as_deref(), call.test) {
        return Ok(error(ret, err));
    }
    if let Some(err) = not_absolute(&name) {
        return Ok(error(ret, err));
    }
    let sources: Vec<String> = match call.arg("source") {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(v) => vec![v.py_str()],
        None => Vec::new(),
    }
    .into_iter()
    .map(|s| s.trim_end_matches('/').to_string())
    .collect();
    // Salt 3008's `_filter_recurse_sources` raises these, reported as "Recurse failed: ...".
    let salt3008 = call.salt_compat().is_3008();
    for s in &sources {
        if !s.starts_with("salt://") {
            let prefix = if salt3008 { "Recurse failed: " } else { "" };
            return Ok(error(
                ret,
                format!("{prefix}Invalid source '{s}' (must be a salt:// URI)"),
            ));
        }
    }
    // __env__ is the state's own `saltenv` argument when it has one (State.call).
    let env = super::managed::saltenv_of(call);
    // file.source_list: the first source the file server has, as a file or a directory.
    let found = sources.iter().find(|s| {
        let (path, senv) = parse_salt_url(s);
        let senv = senv.unwrap_or_else(|| env.clone());
        let roots = &call.ctx.file_roots;
        // Salt 3008 takes only directories (`cp.list_master_dirs`).
        (!salt3008 && roots.find(&senv, &path).is_some()) || roots.find_dir(&senv, &path).is_some()
    });
    // Salt 3008's `merge`: every source the file server has, merged.
    let merge = salt3008 && call.flag("merge", false);
    let all_found: Vec<String> = if merge {
        sources
            .iter()
            .filter(|s| {
                let (path, senv) = parse_salt_url(s);
                let senv = senv.unwrap_or_else(|| env.clone());
                call.ctx.file_roots.find_dir(&senv, &path).is_some()
            })
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    let Some(source) = found.cloned() else {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::str("Recurse failed: none of the specified sources were found"),
        );
        return Ok(ret);
    };
    let (srcpath, senv) = parse_salt_url(&source);
    let senv = senv.unwrap_or_else(|| env.clone());
    if call.ctx.file_roots.find_dir(&senv, &srcpath).is_none() {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::Str(format!(
                "The directory '{srcpath}' does not exist on the salt fileserver in saltenv '{senv}'"
            ).into()),
        );
        return Ok(ret);
    }
    if !is_dir(&name) {
        if lexists(&name) {
            return Ok(error(
                ret,
                format!("The path {name} exists and is not a directory"),
            ));
        }
        if !call.test {
            if let Err(e) = makedirs_perms(
                &name,
                user.as_deref(),
                group.as_deref(),
                dir_mode.as_deref(),
            ) {
                return Ok(error(
                    ret,
                    format!("Failed to create directory {name}: {e}"),
                ));
            }
        }
    }
    let clean = call.flag("clean", false);
    let replace = call.flag("replace", true);
    let spec = RecurseSpec {
        name: &name,
        source: &source,
        keep_symlinks: call.flag("keep_symlinks", false),
        include_pat: call.arg("include_pat"),
        exclude_pat: call.arg("exclude_pat"),
        maxdepth: maxdepth_of(call.arg("maxdepth"))?,
        include_empty: call.flag("include_empty", false),
    };
    let managed = if merge {
        gen_recurse_merged(call, &spec, &all_found, &env)
    } else {
        gen_recurse_managed_files(call, &spec, &env)
    };
    let mut merged = Merged {
        changes: Map::new(),
        result: Value::Bool(true),
        comments: Comments::default(),
    };
    let replaced = |path: &str, comment: &str, diff: &str| {
        let mut r = Map::new();
        r.insert("name", Value::str(name.clone()));
        if call.test {
            r.insert("changes", Value::Map(Map::new()));
            r.insert("result", Value::Null);
            r.insert("comment", Value::str(comment));
        } else {
            let _ = if is_dir(path) {
                std::fs::remove_dir_all(path)
            } else {
                std::fs::remove_file(path)
            };
            let mut ch = Map::new();
            ch.insert("diff", Value::str(diff));
            r.insert("changes", Value::Map(ch));
            r.insert("result", Value::Bool(true));
            r.insert("comment", Value::str(""));
        }
        r
    };
    let symlinks_first: &[(String, String)] = if managed.symlinks_last {
        &[]
    } else {
        &managed.symlinks
    };
    for (srel, target) in symlinks_first {
        let path = join(&name, srel);
        let r = sub_call(call, super::misc::symlink, symlink_low(call, &path, target))?;
        if r.is_empty() {
            continue;
        }
        merged.merge(&path, &r);
    }
    for dir in &managed.dirs {
        if dir.rsplit('/').next() == Some("..") {
            continue;
        }
        if clean && lexists(dir) && !is_dir(dir) {
            let r = replaced(
                dir,
                &format!("Replacing {dir} with a directory"),
                "Replaced file with a directory",
            );
            merged.merge(dir, &r);
            if call.test {
                continue;
            }
        }
        let mut low = base_low(call, dir);
        low.insert("user", opt(call.arg("user")));
        low.insert("group", opt(call.arg("group")));
        low.insert("recurse", Value::List(List::new()));
        low.insert(
            "dir_mode",
            dir_mode.clone().map(Value::from).unwrap_or(Value::Null),
        );
        low.insert("file_mode", Value::Null);
        low.insert("makedirs", Value::Bool(true));
        low.insert("clean", Value::Bool(false));
        low.insert("require", Value::Null);
        let r = sub_call(call, super::directory::directory, low)?;
        merged.merge(dir, &r);
    }
    let mut pass = extra_kwargs(call.low, RECURSE_PARAMS);
    pass.remove("mode");
    pass.remove("makedirs");
    for (dest, src) in &managed.files {
        if clean && lexists(dest) && is_dir(dest) && replace {
            let r = replaced(
                dest,
                &format!("Replacing directory {dest} with a file"),
                "Replaced directory with a new file",
            );
            merged.merge(dest, &r);
            if call.test {
                continue;
            }
        }
        let mut low = base_low(call, dest);
        for (k, v) in pass.iter() {
            low.insert(k.clone(), v.clone());
        }
        low.insert("source", Value::str(src.clone()));
        low.insert("keep_source", Value::Bool(call.flag("keep_source", true)));
        low.insert("user", opt(call.arg("user")));
        low.insert("group", opt(call.arg("group")));
        let mode = if keep_mode {
            Value::str("keep")
        } else {
            file_mode.clone().map(Value::from).unwrap_or(Value::Null)
        };
        low.insert("mode", mode);
        low.insert("template", opt(call.arg("template")));
        low.insert("makedirs", Value::Bool(true));
        low.insert("replace", Value::Bool(replace));
        low.insert("context", opt(call.arg("context")));
        low.insert("defaults", opt(call.arg("defaults")));
        low.insert(
            "backup",
            call.low.get("backup").cloned().unwrap_or(Value::str("")),
        );
        let r = sub_call(call, super::managed::managed, low)?;
        merged.merge(dest, &r);
    }
    if managed.symlinks_last {
        // Salt 3008: the symlinks after the files, each after a link it points to.
        for (srel, target) in &managed.symlinks {
            let path = join(&name, srel);
            let r = sub_call(call, super::misc::symlink, symlink_low(call, &path, target))?;
            merged.merge(&path, &r);
        }
    }
    if clean {
        let mut keep: Vec<String> = managed.keep.iter().cloned().collect();
        keep.extend(gen_keep_files(
            &name,
            call.arg("require"),
            call.lowstate,
            None,
            call,
        )?);
        let mut removed = clean_dir(&name, &keep, call.arg("exclude_pat"), call.test);
        if !removed.is_empty() {
            // Salt returns `list(set)`: Python's set order, which varies per process; sorted here.
            removed.sort();
            if call.test {
                if matches!(merged.result, Value::Bool(true)) {
                    merged.result = Value::Null;
                }
                merged.comments.add(
                    "removed",
                    &Value::List(removed.into_iter().map(Value::from).collect()),
                );
            } else {
                merged.changes.insert(
                    "removed",
                    Value::List(removed.into_iter().map(Value::from).collect()),
                );
            }
        }
    }
    let mut comment = merged.comments.flatten();
    if comment.is_empty() {
        comment = format!("Recursively updated {name}");
    }
    if merged.changes.is_empty() && merged.result.truthy() {
        comment = format!("The directory {name} is in the correct state");
    }
    ret.insert("changes", Value::Map(merged.changes));
    ret.insert("result", merged.result);
    ret.insert("comment", Value::Str(comment.into()));
    Ok(ret)
}

/// `file.makedirs_perms(name, user, group, mode)`: the missing directories down to `name`,
/// each given the owner and mode.
fn makedirs_perms(
    name: &str,
    user: Option<&str>,
    group: Option<&str>,
    mode: Option<&str>,
) -> std::io::Result<()> {
    let trimmed = name.trim_end_matches('/');
    let parent = dirname(trimmed);
    if !parent.is_empty() && parent != trimmed && !lexists(&parent) {
        makedirs_perms(&parent, user, group, mode)?;
    }
    std::fs::create_dir(trimmed)?;
    let (r, _) = super::check_perms(
        trimmed,
        super::ret_ncrc(trimmed),
        user,
        group,
        mode,
        false,
        true,
    );
    if r.get("result")
        .is_some_and(|v| matches!(v, Value::Bool(false)))
    {
        return Err(std::io::Error::other(
            r.get("comment").map(Value::py_str).unwrap_or_default(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_exclude_like_salt() {
        let glob = Value::str("*.conf");
        let re = Value::str("E@^sub");
        let list = Value::List(vec![Value::str("*.css"), Value::str("*.js")].into());
        assert!(check_include_exclude("a.conf", Some(&glob), None));
        // fnmatch's `*` crosses `/`.
        assert!(check_include_exclude("sub/a.conf", Some(&glob), None));
        assert!(!check_include_exclude("sub/a.conf", Some(&glob), Some(&re)));
        assert!(check_include_exclude("js/app.js", Some(&list), None));
        assert!(!check_include_exclude("x.txt", Some(&list), None));
        assert!(!check_include_exclude("sub", None, Some(&re)));
        assert!(check_include_exclude("anything", None, None));
    }

    #[test]
    fn relpaths_and_depth() {
        assert!(is_valid_relpath("a/b", Some(1)));
        assert!(!is_valid_relpath("a/b/c", Some(1)));
        assert!(!is_valid_relpath("../x", None));
        assert!(is_valid_relpath(".", Some(0)));
        assert_eq!(rel_below("tree", "tree/").as_deref(), Some("."));
        assert_eq!(rel_below("tree/a/b", "tree/").as_deref(), Some("a/b"));
        assert_eq!(rel_below("tree2/a", "tree/"), None);
        assert_eq!(
            parse_salt_url("salt://x/y?saltenv=dev"),
            ("x/y".to_string(), Some("dev".to_string()))
        );
    }
}

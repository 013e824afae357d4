//! `file.directory` (salt/states/file.py `directory`, `_check_directory`, `_check_dir_meta`),
//! with `recurse` (user, group, mode, ignore_files, ignore_dirs, silent), `max_depth`, and
//! `clean` (`exclude_pat`, and the files of required `file` states kept: `_gen_keep_files`,
//! `_find_keep_files`, `_clean_dir`).

use super::managed::makedirs_;
use super::{
    changes_mut, check_perms, dirname, error, expanduser, is_dir, is_file, is_link, lexists,
    normalize_mode, not_absolute, ret_ncrc, stats,
};
use crate::util::fnmatch;
use crate::{StateCall, StateError};
use halite_value::{Map, Value};
use std::collections::{HashMap, HashSet};

/// `os.walk` output: `(root, dirs, files)` for each directory, top-down.
type Walk = Vec<(String, Vec<String>, Vec<String>)>;

/// `_check_dir_meta`.
fn check_dir_meta(
    name: &str,
    user: Option<&str>,
    group: Option<&str>,
    mode: Option<&str>,
    follow: bool,
) -> Map {
    let mut changes = Map::new();
    let Some(st) = stats(name, follow) else {
        changes.insert("directory", Value::str("new"));
        return changes;
    };
    if let Some(u) = user {
        if u != st.user && u != st.uid.to_string() {
            changes.insert("user", Value::str(u));
        }
    }
    if let Some(g) = group {
        if g != st.group && g != st.gid.to_string() {
            changes.insert("group", Value::str(g));
        }
    }
    if let Some(m) = mode {
        if m != st.mode && (follow || !is_link(name)) {
            changes.insert("mode", Value::str(m));
        }
    }
    changes
}

pub fn directory(call: &StateCall) -> Result<Map, StateError> {
    let mut name = expanduser(&call.name_str());
    let ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.directory"));
    }
    if name.len() > 1 && name.ends_with('/') {
        name.pop();
    }
    // The return keeps the name as given; the trailing slash is dropped for the work.
    let mut ret = ret;
    let clean = call.flag("clean", false);
    let max_depth = match call.arg("max_depth") {
        None => None,
        Some(Value::Int(d)) => Some(*d),
        Some(Value::Bool(b)) => Some(i64::from(*b)),
        Some(other) => {
            // `rel_depth >= max_depth` in `_depth_limited_walk` compares an int with it.
            return Err(StateError::Other(format!(
                "TypeError: '>=' not supported between instances of 'int' and '{}'",
                other.type_name()
            )));
        }
    };
    if max_depth.is_some() && clean {
        return Ok(error(ret, "Cannot specify both max_depth and clean"));
    }
    let require = call.arg("require");
    let exclude_pat = call.arg("exclude_pat");
    let user = call.arg_str("user");
    let group = call.arg_str("group");
    let follow = call.flag("follow_symlinks", false);
    let dir_mode = call.arg("dir_mode").or_else(|| call.arg("mode"));
    let dir_mode = normalize_mode(dir_mode);
    // `file_mode` defaults to the directory mode.
    let file_mode = normalize_mode(call.arg("file_mode")).or_else(|| dir_mode.clone());
    let recurse = match get_recurse_set(call.arg("recurse")) {
        Ok(r) => r,
        Err(e) => return Ok(error(ret, e)),
    };
    if let Some(err) = super::check_user_mode(user.as_deref(), group.as_deref(), call.test) {
        return Ok(error(ret, err));
    }
    if let Some(err) = not_absolute(&name) {
        return Ok(error(ret, err));
    }
    let allow_symlink = call.flag("allow_symlink", true);
    let force = call.flag("force", false);
    if is_file(&name) || (!allow_symlink && is_link(&name)) || (force && is_link(&name)) {
        if let Some(backupname) = call.arg_str("backupname") {
            // Move what is in the way to backupname (removing an old backup with force).
            if lexists(&backupname) {
                if !force {
                    return Ok(error(
                        ret,
                        format!("File exists where the backup target {backupname} should go"),
                    ));
                }
                if call.test {
                    changes_mut(&mut ret).insert(
                        "forced",
                        Value::str(format!(
                            "Existing file at backup path {backupname} would be removed"
                        )),
                    );
                } else {
                    let _ = if is_dir(&backupname) && !is_link(&backupname) {
                        std::fs::remove_dir_all(&backupname)
                    } else {
                        std::fs::remove_file(&backupname)
                    };
                }
            }
            if call.test {
                changes_mut(&mut ret).insert(
                    "backup",
                    Value::str(format!("{name} would be renamed to {backupname}")),
                );
                let mut new = Map::new();
                new.insert("directory", Value::str("new"));
                changes_mut(&mut ret).insert(name.as_str(), Value::Map(new));
                ret.insert(
                    "comment",
                    Value::str(format!(
                        "{name} would be backed up and replaced with a new directory"
                    )),
                );
                ret.insert("result", Value::Null);
                return Ok(ret);
            }
            if let Err(e) = std::fs::rename(&name, &backupname) {
                return Err(StateError::Other(format!(
                    "{}: [Errno {}] {}: '{name}' -> '{backupname}'",
                    match e.kind() {
                        std::io::ErrorKind::NotFound => "FileNotFoundError",
                        std::io::ErrorKind::PermissionDenied => "PermissionError",
                        _ => "OSError",
                    },
                    e.raw_os_error().unwrap_or(0),
                    std::io::Error::from_raw_os_error(e.raw_os_error().unwrap_or(0))
                        .to_string()
                        .split(" (os error")
                        .next()
                        .unwrap_or_default()
                )));
            }
        } else if force {
            if is_file(&name) {
                if call.test {
                    changes_mut(&mut ret)
                        .insert("forced", Value::str("File would be forcibly replaced"));
                } else {
                    let _ = std::fs::remove_file(&name);
                    changes_mut(&mut ret)
                        .insert("forced", Value::str("File was forcibly replaced"));
                }
            } else if is_link(&name) {
                if call.test {
                    changes_mut(&mut ret)
                        .insert("forced", Value::str("Symlink would be forcibly replaced"));
                } else {
                    let _ = std::fs::remove_file(&name);
                    changes_mut(&mut ret)
                        .insert("forced", Value::str("Symlink was forcibly replaced"));
                }
            }
        } else if is_file(&name) {
            return Ok(error(
                ret,
                format!("Specified location {name} exists and is a file"),
            ));
        } else if is_link(&name) {
            return Ok(error(
                ret,
                format!("Specified location {name} exists and is a symlink"),
            ));
        }
    }
    // _check_directory
    let mut tchanges = Map::new();
    let walk_l = if !recurse.is_empty() || clean {
        depth_limited_walk(&name, max_depth)
    } else {
        Vec::new()
    };
    if !recurse.is_empty() {
        let has = |k: &str| recurse.iter().any(|r| r == k);
        let ru = if has("user") { user.as_deref() } else { None };
        let rg = if has("group") { group.as_deref() } else { None };
        let (rdm, rfm) = if has("mode") {
            (dir_mode.as_deref(), file_mode.as_deref())
        } else {
            (None, None)
        };
        for (root, dirs, files) in &walk_l {
            if !has("ignore_files") {
                for f in files {
                    let path = join(root, f);
                    let Some(st) = stats(&path, follow) else {
                        continue;
                    };
                    let mut fchange = Map::new();
                    if let Some(u) = ru.filter(|u| *u != st.user && *u != st.uid.to_string()) {
                        fchange.insert("user", Value::str(u));
                    }
                    if let Some(g) = rg.filter(|g| *g != st.group && *g != st.gid.to_string()) {
                        fchange.insert("group", Value::str(g));
                    }
                    if let Some(m) = rfm.filter(|m| *m != st.mode && (follow || !is_link(&path))) {
                        fchange.insert("mode", Value::str(m));
                    }
                    if !fchange.is_empty() {
                        tchanges.insert(path.as_str(), Value::Map(fchange));
                    }
                }
            }
            if !has("ignore_dirs") {
                for d in dirs {
                    let path = join(root, d);
                    let f = check_dir_meta(&path, ru, rg, rdm, follow);
                    if !f.is_empty() {
                        tchanges.insert(path.as_str(), Value::Map(f));
                    }
                }
            }
        }
    }
    if !call.flag("children_only", false) {
        let f = check_dir_meta(
            &name,
            user.as_deref(),
            group.as_deref(),
            dir_mode.as_deref(),
            follow,
        );
        if !f.is_empty() {
            tchanges.insert(name.as_str(), Value::Map(f));
        }
    }
    if clean {
        let keep: HashSet<String> =
            gen_keep_files(&name, require, call.lowstate, Some(&walk_l), call)?
                .into_iter()
                .collect();
        // Salt 3008's `_check_directory` keeps a path when it is a substring of any kept
        // path (`any(path in s for s in keep)`): a directory above a kept file is no longer
        // reported as removed (nor is anything whose path is a prefix of a kept one).
        let salt3008 = call.salt_compat().is_3008();
        let kept = |path: &String| {
            if salt3008 {
                keep.iter().any(|k| k.contains(path.as_str()))
            } else {
                keep.contains(path)
            }
        };
        for (root, dirs, files) in &walk_l {
            for f in files.iter().chain(dirs) {
                let path = join(root, f);
                if kept(&path) || !check_exclude(&relpath(&path, &name), exclude_pat) {
                    continue;
                }
                let mut m = Map::new();
                m.insert("removed", Value::str("Removed due to clean"));
                tchanges.insert(path.as_str(), Value::Map(m));
            }
        }
    }
    if !is_dir(&name) {
        let mut m = Map::new();
        m.insert("directory", Value::str("new"));
        tchanges.insert(name.as_str(), Value::Map(m));
    }
    let (tresult, tcomment) = if !tchanges.is_empty() {
        let mut c = String::from("The following files will be changed:\n");
        for (f, ch) in tchanges.iter() {
            if let Value::Map(ch) = ch {
                for (k, v) in ch.iter() {
                    c.push_str(&format!(
                        "{}: {} - {}\n",
                        f.py_str(),
                        k.py_str(),
                        v.py_str()
                    ));
                }
            }
        }
        (Value::Null, c)
    } else {
        (
            Value::Bool(true),
            format!("The directory {name} is in the correct state"),
        )
    };
    if !tchanges.is_empty() {
        let ch = changes_mut(&mut ret);
        for (k, v) in tchanges.iter() {
            ch.insert(k.clone(), v.clone());
        }
    }
    if call.test || !ret.get("changes").map(Value::truthy).unwrap_or(false) {
        ret.insert("result", tresult);
        ret.insert("comment", Value::Str(tcomment.into()));
        return Ok(ret);
    }
    if !is_dir(&name) {
        // file.makedirs_perms reads the mode with `int(f"{mode}")`: Salt creates the
        // directory, then raises this; halite raises it before creating anything.
        if let Some(m) = dir_mode.as_deref().filter(|m| !super::py_int_parses(m)) {
            return Err(StateError::Other(format!(
                "ValueError: invalid literal for int() with base 10: {}",
                Value::str(m).py_repr()
            )));
        }
        let parent = dirname(&name);
        if !is_dir(&parent) {
            if call.flag("makedirs", false) {
                if let Err(e) = makedirs_(&parent, dir_mode.as_deref()) {
                    return Ok(error(
                        ret,
                        format!("Failed to create directory {name}: {e}"),
                    ));
                }
            } else {
                return Ok(error(ret, format!("No directory to create {name} in")));
            }
        }
        if makedirs_(&name, dir_mode.as_deref()).is_err() || !is_dir(&name) {
            return Ok(error(ret, format!("Failed to create directory {name}")));
        }
        if user.is_some() || group.is_some() || dir_mode.is_some() {
            // file.mkdir's check_perms works on a return of its own: the state's result
            // does not change (a mode chmod refuses, `889`, leaves the new directory as is).
            let _ = check_perms(
                &name,
                ret.clone(),
                user.as_deref(),
                group.as_deref(),
                dir_mode.as_deref(),
                false,
                follow,
            );
        }
        let mut m = Map::new();
        m.insert("directory", Value::str("new"));
        changes_mut(&mut ret).insert(name.as_str(), Value::Map(m));
        return Ok(ret);
    }
    let children_only = call.flag("children_only", false);
    let (mut ret, _) = if !children_only {
        check_perms(
            &name,
            ret,
            user.as_deref(),
            group.as_deref(),
            dir_mode.as_deref(),
            false,
            follow,
        )
    } else {
        (ret, None)
    };
    if !recurse.is_empty() {
        let has = |k: &str| recurse.iter().any(|r| r == k);
        if has("user") && user.is_none() {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::str("user not specified, but configured as a target for recursive ownership management"),
            );
        }
        if has("group") && group.is_none() {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::str("group not specified, but configured as a target for recursive ownership management"),
            );
        }
        let ru = if has("user") { user.clone() } else { None };
        let rg = if has("group") { group.clone() } else { None };
        let (rdm, rfm) = if has("mode") {
            (dir_mode.clone(), file_mode.clone())
        } else {
            (None, None)
        };
        if has("silent") {
            let mut m = Map::new();
            m.insert("recursion", Value::str("Changes silenced"));
            ret.insert("changes", Value::Map(m));
        }
        for (root, dirs, files) in &walk_l {
            if !has("ignore_files") {
                for f in files {
                    let path = join(root, f);
                    let (r, _) = check_perms(
                        &path,
                        ret,
                        ru.as_deref(),
                        rg.as_deref(),
                        rfm.as_deref(),
                        false,
                        follow,
                    );
                    ret = r;
                }
            }
            if !has("ignore_dirs") {
                for d in dirs {
                    let path = join(root, d);
                    let (r, _) = check_perms(
                        &path,
                        ret,
                        ru.as_deref(),
                        rg.as_deref(),
                        rdm.as_deref(),
                        false,
                        follow,
                    );
                    ret = r;
                }
            }
        }
    }
    if clean {
        let keep = gen_keep_files(&name, require, call.lowstate, Some(&walk_l), call)?;
        let mut removed = clean_dir(&name, &keep, exclude_pat, false);
        if !removed.is_empty() {
            // Salt returns `list(set)`: Python's set order, which varies per process; sorted here.
            removed.sort();
            changes_mut(&mut ret).insert(
                "removed",
                Value::List(removed.into_iter().map(Value::from).collect()),
            );
            ret.insert(
                "comment",
                Value::Str(format!("Files cleaned from directory {name}").into()),
            );
        }
    }
    if !ret.get("comment").map(Value::truthy).unwrap_or(false) {
        if children_only {
            ret.insert(
                "comment",
                Value::Str(format!("Directory {name}/* updated").into()),
            );
        } else if ret.get("changes").map(Value::truthy).unwrap_or(false) {
            ret.insert(
                "comment",
                Value::Str(format!("Directory {name} updated").into()),
            );
        }
    }
    if !ret.get("changes").map(Value::truthy).unwrap_or(false)
        && ret.get("result").map(Value::truthy).unwrap_or(false)
    {
        let orig = ret.get("comment").map(Value::py_str).unwrap_or_default();
        let mut c = format!("Directory {name} is in the correct state");
        if !orig.is_empty() {
            c = format!("{c}\n{orig}");
        }
        ret.insert("comment", Value::Str(c.into()));
    }
    Ok(ret)
}

/// `_get_recurse_set`: the `recurse` list, validated.
fn get_recurse_set(recurse: Option<&Value>) -> Result<Vec<String>, String> {
    const TYPES: [&str; 6] = [
        "user",
        "group",
        "mode",
        "ignore_files",
        "ignore_dirs",
        "silent",
    ];
    let Some(v) = recurse.filter(|v| v.truthy()) else {
        return Ok(Vec::new());
    };
    let Value::List(l) = v else {
        return Err("\"recurse\" must be formed as a list of strings".into());
    };
    let items: Vec<String> = l.iter().map(Value::py_str).collect();
    if l.iter().any(|x| !matches!(x, Value::Str(_)))
        || items.iter().any(|i| !TYPES.contains(&i.as_str()))
    {
        let list = TYPES
            .iter()
            .map(|t| format!("\"{t}\""))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(format!("Types for \"recurse\" limited to {list}."));
    }
    if items.iter().any(|i| i == "ignore_files") && items.iter().any(|i| i == "ignore_dirs") {
        return Err("Must not specify \"recurse\" options \"ignore_files\" and \"ignore_dirs\" at the same time.".into());
    }
    Ok(items)
}

/// `os.walk(top)` (top-down, directory order as listed, symlinked dirs listed but not entered).
fn walk(top: &str) -> Walk {
    let mut out = Vec::new();
    let mut stack = vec![top.to_string()];
    while let Some(root) = stack.pop() {
        let Some((dirs, files)) = list_dir(&root) else {
            continue;
        };
        // Descend in listing order (os.walk recurses into dirs in order).
        for d in dirs.iter().rev() {
            let p = join(&root, d);
            if !is_link(&p) {
                stack.push(p);
            }
        }
        out.push((root, dirs, files));
    }
    out
}

/// `os.path.join(a, b)` for a relative `b`.
pub(crate) fn join(a: &str, b: &str) -> String {
    if a.ends_with('/') {
        format!("{a}{b}")
    } else {
        format!("{a}/{b}")
    }
}

/// `os.path.normpath` (POSIX) for an absolute path.
pub(crate) fn normpath(p: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    // POSIX keeps exactly two leading slashes.
    let lead = if p.starts_with("//") && !p.starts_with("///") {
        "//"
    } else {
        "/"
    };
    format!("{lead}{}", parts.join("/"))
}

/// `os.path.relpath(path, start)` for two absolute paths.
fn relpath(path: &str, start: &str) -> String {
    let p = normpath(path);
    let s = normpath(start);
    let pp: Vec<&str> = p.split('/').filter(|x| !x.is_empty()).collect();
    let sp: Vec<&str> = s.split('/').filter(|x| !x.is_empty()).collect();
    let common = pp.iter().zip(&sp).take_while(|(a, b)| a == b).count();
    let mut rel: Vec<&str> = vec![".."; sp.len() - common];
    rel.extend(&pp[common..]);
    if rel.is_empty() {
        ".".into()
    } else {
        rel.join("/")
    }
}

/// `_depth_limited_walk(top, max_depth)`: `os.walk(top)` without the directories `max_depth`
/// or more levels below `top` (they are still listed in their parent's `dirs`).
fn depth_limited_walk(top: &str, max_depth: Option<i64>) -> Walk {
    let depth = |p: &str| p.trim_end_matches('/').matches('/').count() as i64;
    let top_depth = depth(top);
    walk(top)
        .into_iter()
        .filter(|(root, _, _)| max_depth.is_none_or(|m| depth(root) - top_depth < m))
        .collect()
}

/// `_gen_keep_files(name, require, walk_d)`: the paths of the `file` states this one requires
/// (`require: [{file: ID or name}]`, matched against every chunk of the run); a required
/// directory inside `name` keeps everything the walk found under it.
///
/// A required `file.recurse` keeps the files it manages (`_gen_recurse_managed_files`); without
/// a walk (`file.recurse`'s own `clean`) a required directory keeps everything on disk under it.
pub(crate) fn gen_keep_files(
    name: &str,
    require: Option<&Value>,
    lowstate: &[Map],
    walk_l: Option<&Walk>,
    call: &StateCall,
) -> Result<Vec<String>, StateError> {
    let walk_d: HashMap<&str, (&Vec<String>, &Vec<String>)> = walk_l
        .into_iter()
        .flatten()
        .map(|(r, d, f)| (r.as_str(), (d, f)))
        .collect();
    let is_child = |path: &str| !relpath(path, name).starts_with("..");
    let mut keep: Vec<String> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut add = |p: String, keep: &mut Vec<String>| {
        if seen.insert(p.clone()) {
            keep.push(p);
        }
    };
    let Some(Value::List(require)) = require else {
        return Ok(keep);
    };
    for comp in require {
        let Some(target) = comp.as_map().and_then(|m| m.get("file")) else {
            continue;
        };
        for low in lowstate {
            let (Some(lname), Some(lid)) = (low.get("name"), low.get("__id__")) else {
                continue;
            };
            if lname != target && lid != target {
                continue;
            }
            let fname = lname.py_str();
            if is_dir(&fname) {
                if !is_child(&fname) {
                    continue;
                }
                if low.get("fun").and_then(Value::as_str) == Some("recurse") {
                    let spec = super::recurse::spec_of(low)?;
                    let env = low
                        .get("__env__")
                        .map(Value::py_str)
                        .unwrap_or_else(|| "base".into());
                    for p in super::recurse::gen_recurse_managed_files(call, &spec, &env).keep {
                        add(p, &mut keep);
                    }
                } else if walk_l.is_none() {
                    // _process: everything on disk under it.
                    for (root, dirs, files) in walk(&fname) {
                        add(root.clone(), &mut keep);
                        for n in files.iter().chain(&dirs) {
                            add(join(&root, n), &mut keep);
                        }
                    }
                } else {
                    // _process_by_walk_d
                    let mut stack = vec![fname.clone()];
                    while let Some(dir) = stack.pop() {
                        if !is_dir(&dir) {
                            continue;
                        }
                        add(dir.clone(), &mut keep);
                        if let Some((dirs, files)) = walk_d.get(dir.as_str()) {
                            for f in files.iter() {
                                add(join(&dir, f), &mut keep);
                            }
                            for d in dirs.iter() {
                                add(join(&dir, d), &mut keep);
                                stack.push(join(&dir, d));
                            }
                        }
                    }
                }
            } else {
                add(fname, &mut keep);
            }
        }
    }
    Ok(keep)
}

/// `_find_keep_files(root, keep)`: the kept paths and every parent directory of them.
fn find_keep_files(root: &str, keep: &[String]) -> HashSet<String> {
    let mut real_keep = HashSet::new();
    real_keep.insert(root.to_string());
    for fname in keep.iter().filter(|f| f.starts_with('/')) {
        let mut p = normpath(fname);
        real_keep.insert(p.clone());
        loop {
            p = normpath(&dirname(&p));
            real_keep.insert(p.clone());
            if p.trim_start_matches('/').is_empty() {
                break;
            }
        }
    }
    real_keep
}

/// `salt.utils.stringutils.check_include_exclude(path, None, exclude_pat)`: false when a
/// pattern (a glob, or a regex after `E@`) matches.
fn check_exclude(path: &str, exclude_pat: Option<&Value>) -> bool {
    let Some(pat) = exclude_pat.filter(|p| p.truthy()) else {
        return true;
    };
    let pats: Vec<String> = match pat {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        other => vec![other.py_str()],
    };
    !pats.iter().any(|p| match p.strip_prefix("E@") {
        Some(re) => super::pyre::PyRegex::new(re)
            .map(|r| r.is_match(path))
            .unwrap_or(false),
        None => fnmatch(path, p),
    })
}

/// `_clean_dir(root, keep, exclude_pat)`: removes what is neither kept nor excluded, walking
/// top-down (a removed directory is not entered); returns the removed paths. In test mode
/// nothing is removed, so the walk goes on into what would be.
pub(crate) fn clean_dir(
    root: &str,
    keep: &[String],
    exclude_pat: Option<&Value>,
    test: bool,
) -> Vec<String> {
    let real_keep = find_keep_files(root, keep);
    let mut removed = Vec::new();
    let mut stack = vec![root.to_string()];
    while let Some(dir) = stack.pop() {
        let Some((dirs, files)) = list_dir(&dir) else {
            continue;
        };
        for n in dirs.iter().chain(&files) {
            let nfn = join(&dir, n);
            if real_keep.contains(&nfn) || !check_exclude(&relpath(&nfn, root), exclude_pat) {
                continue;
            }
            removed.push(nfn.clone());
            if test {
                continue;
            }
            let res = if is_dir(&nfn) && !is_link(&nfn) {
                std::fs::remove_dir_all(&nfn)
            } else {
                std::fs::remove_file(&nfn)
            };
            if let Err(e) = res {
                tracing::warn!("file clean: cannot remove {nfn}: {e}");
            }
        }
        for d in dirs.iter().rev() {
            let p = join(&dir, d);
            if !is_link(&p) {
                stack.push(p);
            }
        }
    }
    removed
}

/// One `os.scandir` level: `(dirs, files)` in listing order; a symlink to a directory counts
/// as a directory. `None` when the directory cannot be read (gone).
fn list_dir(dir: &str) -> Option<(Vec<String>, Vec<String>)> {
    let rd = std::fs::read_dir(dir).ok()?;
    let (mut dirs, mut files) = (Vec::new(), Vec::new());
    for e in rd.flatten() {
        let n = e.file_name().to_string_lossy().to_string();
        if e.path().is_dir() {
            dirs.push(n);
        } else {
            files.push(n);
        }
    }
    Some((dirs, files))
}

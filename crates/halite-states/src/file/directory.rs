//! `file.directory` (salt/states/file.py `directory`, `_check_directory`, `_check_dir_meta`),
//! with `recurse` (user, group, mode, ignore_files, ignore_dirs, silent); `clean` is reported
//! as not supported yet.

use super::managed::makedirs_;
use super::{
    changes_mut, check_perms, dirname, error, expanduser, is_abs, is_dir, is_file, is_link,
    normalize_mode, ret_ncrc, stats,
};
use crate::{StateCall, StateError};
use halite_value::{Map, Value};

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
    if call.flag("clean", false) {
        return Ok(error(
            ret,
            "halite: file.directory clean is not supported yet",
        ));
    }
    if call.arg("max_depth").is_some() {
        return Ok(error(
            ret,
            "halite: file.directory max_depth is not supported yet",
        ));
    }
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
    if !is_abs(&name) {
        return Ok(error(
            ret,
            format!("Specified file {name} is not an absolute path"),
        ));
    }
    let allow_symlink = call.flag("allow_symlink", true);
    let force = call.flag("force", false);
    if is_file(&name) || (!allow_symlink && is_link(&name)) || (force && is_link(&name)) {
        if force {
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
    if !recurse.is_empty() && is_dir(&name) {
        let has = |k: &str| recurse.iter().any(|r| r == k);
        let ru = if has("user") { user.as_deref() } else { None };
        let rg = if has("group") { group.as_deref() } else { None };
        let (rdm, rfm) = if has("mode") {
            (dir_mode.as_deref(), file_mode.as_deref())
        } else {
            (None, None)
        };
        for (root, dirs, files) in walk(&name) {
            if !has("ignore_files") {
                for f in &files {
                    let path = format!("{root}/{f}");
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
                for d in &dirs {
                    let path = format!("{root}/{d}");
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
        ret.insert("comment", Value::Str(tcomment));
        return Ok(ret);
    }
    if !is_dir(&name) {
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
            let (r, _) = check_perms(
                &name,
                ret.clone(),
                user.as_deref(),
                group.as_deref(),
                dir_mode.as_deref(),
                false,
                follow,
            );
            ret.insert(
                "result",
                r.get("result").cloned().unwrap_or(Value::Bool(true)),
            );
        }
        let mut m = Map::new();
        m.insert("directory", Value::str("new"));
        changes_mut(&mut ret).insert(name.as_str(), Value::Map(m));
        return Ok(ret);
    }
    let (mut ret, _) = if !call.flag("children_only", false) {
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
        for (root, dirs, files) in walk(&name) {
            if !has("ignore_files") {
                for f in &files {
                    let path = format!("{root}/{f}");
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
                for d in &dirs {
                    let path = format!("{root}/{d}");
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
    if !ret.get("comment").map(Value::truthy).unwrap_or(false)
        && ret.get("changes").map(Value::truthy).unwrap_or(false)
    {
        ret.insert("comment", Value::Str(format!("Directory {name} updated")));
    }
    if !ret.get("changes").map(Value::truthy).unwrap_or(false)
        && ret.get("result").map(Value::truthy).unwrap_or(false)
    {
        let orig = ret.get("comment").map(Value::py_str).unwrap_or_default();
        let mut c = format!("Directory {name} is in the correct state");
        if !orig.is_empty() {
            c = format!("{c}\n{orig}");
        }
        ret.insert("comment", Value::Str(c));
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
fn walk(top: &str) -> Vec<(String, Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    let mut stack = vec![top.to_string()];
    while let Some(root) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&root) else {
            continue;
        };
        let (mut dirs, mut files) = (Vec::new(), Vec::new());
        for e in rd.flatten() {
            let n = e.file_name().to_string_lossy().to_string();
            let p = e.path();
            if p.is_dir() {
                dirs.push(n);
            } else {
                files.push(n);
            }
        }
        // Descend in listing order (os.walk recurses into dirs in order).
        for d in dirs.iter().rev() {
            let p = format!("{root}/{d}");
            if !is_link(&p) {
                stack.push(p);
            }
        }
        out.push((root, dirs, files));
    }
    out
}

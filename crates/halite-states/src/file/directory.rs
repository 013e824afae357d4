//! `file.directory` (salt/states/file.py `directory`, `_check_directory`, `_check_dir_meta`),
//! without `recurse`/`clean` (reported as not supported yet).

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
    if call.arg("recurse").is_some() || call.flag("clean", false) {
        return Ok(error(
            ret,
            "halite: file.directory recurse/clean are not supported yet",
        ));
    }
    let user = call.arg_str("user");
    let group = call.arg_str("group");
    let follow = call.flag("follow_symlinks", false);
    let dir_mode = call.arg("dir_mode").or_else(|| call.arg("mode"));
    let dir_mode = normalize_mode(dir_mode);
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

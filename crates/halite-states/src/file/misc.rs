//! `file.absent`, `file.exists`, `file.missing`, `file.touch`, `file.copy`, `file.rename`,
//! `file.symlink` (salt/states/file.py).

use super::managed::makedirs_;
use super::{
    changes_mut, dirname, error, expanduser, group_name, is_dir, is_file, is_link, lexists,
    not_absolute, ret_nccr, ret_ncrc, user_name,
};
use crate::{StateCall, StateError};
use halite_value::{Map, Value};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

pub fn absent(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.absent"));
    }
    if let Some(err) = not_absolute(&name) {
        return Ok(error(ret, err));
    }
    if name == "/" {
        return Ok(error(ret, "Refusing to make \"/\" absent"));
    }
    if is_file(&name) || is_link(&name) {
        if call.test {
            ret.insert("result", Value::Null);
            changes_mut(&mut ret).insert("removed", Value::str(name.clone()));
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is set for removal").into()),
            );
            return Ok(ret);
        }
        if let Err(e) = std::fs::remove_file(&name) {
            return Ok(error(ret, e.to_string()));
        }
        ret.insert("comment", Value::Str(format!("Removed file {name}").into()));
        changes_mut(&mut ret).insert("removed", Value::str(name.clone()));
        return Ok(ret);
    } else if is_dir(&name) {
        if call.test {
            ret.insert("result", Value::Null);
            changes_mut(&mut ret).insert("removed", Value::str(name.clone()));
            ret.insert(
                "comment",
                Value::Str(format!("Directory {name} is set for removal").into()),
            );
            return Ok(ret);
        }
        if std::fs::remove_dir_all(&name).is_err() {
            return Ok(error(ret, format!("Failed to remove directory {name}")));
        }
        ret.insert(
            "comment",
            Value::Str(format!("Removed directory {name}").into()),
        );
        changes_mut(&mut ret).insert("removed", Value::str(name.clone()));
        return Ok(ret);
    }
    ret.insert(
        "comment",
        Value::Str(format!("File {name} is not present").into()),
    );
    Ok(ret)
}

pub fn exists(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.exists"));
    }
    if !Path::new(&name).exists() {
        return Ok(error(ret, format!("Specified path {name} does not exist")));
    }
    ret.insert("comment", Value::Str(format!("Path {name} exists").into()));
    Ok(ret)
}

pub fn missing(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.missing"));
    }
    if Path::new(&name).exists() {
        return Ok(error(ret, format!("Specified path {name} exists")));
    }
    ret.insert(
        "comment",
        Value::Str(format!("Path {name} is missing").into()),
    );
    Ok(ret)
}

pub fn touch(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = Map::new();
    ret.insert("name", Value::str(name.clone()));
    ret.insert("changes", Value::Map(Map::new()));
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.touch"));
    }
    if let Some(err) = not_absolute(&name) {
        return Ok(error(ret, err));
    }
    if call.arg("atime").is_some() || call.arg("mtime").is_some() {
        return Ok(error(
            ret,
            "halite: file.touch atime/mtime are not supported yet",
        ));
    }
    if call.test {
        // _check_touch
        if !Path::new(&name).exists() {
            ret.insert("result", Value::Null);
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is set to be created").into()),
            );
            changes_mut(&mut ret).insert("new", Value::str(name.clone()));
        } else {
            ret.insert("result", Value::Bool(true));
            ret.insert(
                "comment",
                Value::Str(format!("File {name} exists and has the correct times").into()),
            );
            changes_mut(&mut ret).insert("new", Value::str(name.clone()));
        }
        return Ok(ret);
    }
    if call.flag("makedirs", false) {
        let _ = makedirs_(&dirname(&name), None);
    }
    if !is_dir(&dirname(&name)) {
        return Ok(error(
            ret,
            format!("Directory not present to touch file {name}"),
        ));
    }
    let extant = Path::new(&name).exists();
    let ok = if extant {
        let now = std::time::SystemTime::now();
        std::fs::File::options()
            .write(true)
            .open(&name)
            .and_then(|f| {
                f.set_times(
                    std::fs::FileTimes::new()
                        .set_accessed(now)
                        .set_modified(now),
                )
            })
            .or_else(|_| std::fs::metadata(&name).map(|_| ()))
            .is_ok()
    } else {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&name)
            .is_ok()
    };
    ret.insert("result", Value::Bool(ok));
    if !extant && ok {
        ret.insert(
            "comment",
            Value::Str(format!("Created empty file {name}").into()),
        );
        changes_mut(&mut ret).insert("new", Value::str(name.clone()));
    } else if extant && ok {
        let kind = if is_dir(&name) { "directory" } else { "file" };
        ret.insert(
            "comment",
            Value::Str(format!("Updated times on {kind} {name}").into()),
        );
        changes_mut(&mut ret).insert("touched", Value::str(name.clone()));
    }
    Ok(ret)
}

fn copy_tree(src: &Path, dst: &Path) -> std::io::Result<()> {
    std::fs::create_dir(dst)?;
    for entry in std::fs::read_dir(src)? {
        let entry = entry?;
        let ft = entry.file_type()?;
        let to = dst.join(entry.file_name());
        if ft.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(entry.path())?, &to)?;
        } else if ft.is_dir() {
            copy_tree(&entry.path(), &to)?;
        } else {
            std::fs::copy(entry.path(), &to)?;
        }
    }
    Ok(())
}

pub fn copy(call: &StateCall) -> Result<Map, StateError> {
    let mut name = expanduser(&call.name_str());
    let source = expanduser(&call.arg_str("source").unwrap_or_default());
    let mut ret = ret_nccr(&name, &format!("Copied \"{source}\" to \"{name}\""));
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.copy"));
    }
    let mut changed = true;
    if let Some(err) = not_absolute(&name) {
        return Ok(error(ret, err));
    }
    if !Path::new(&source).exists() {
        return Ok(error(
            ret,
            format!("Source file \"{source}\" is not present"),
        ));
    }
    let force = call.flag("force", false);
    if is_dir(&name) && call.flag("subdir", false) {
        let base = Path::new(&source)
            .file_name()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        name = format!("{}/{base}", name.trim_end_matches('/'));
    }
    if lexists(&source) && lexists(&name) {
        if force && is_file(&name) && std::fs::read(&name).ok() == std::fs::read(&source).ok() {
            let c = ret.get("comment").map(Value::py_str).unwrap_or_default();
            ret.insert(
                "comment",
                Value::Str(format!("{c} - files are identical but force flag is set").into()),
            );
        }
        if !force {
            changed = false;
        } else if !call.test {
            let removed = if is_dir(&name) && !is_link(&name) {
                std::fs::remove_dir_all(&name)
            } else {
                std::fs::remove_file(&name)
            };
            if removed.is_err() {
                return Ok(error(
                    ret,
                    format!("Failed to delete \"{name}\" in preparation for forced move"),
                ));
            }
        }
    }
    if call.test {
        if changed {
            ret.insert(
                "comment",
                Value::Str(format!("File \"{source}\" is set to be copied to \"{name}\"").into()),
            );
            ret.insert("result", Value::Null);
        } else {
            ret.insert(
                "comment",
                Value::Str(
                    format!("The target file \"{name}\" exists and will not be overwritten").into(),
                ),
            );
            ret.insert("result", Value::Bool(true));
        }
        return Ok(ret);
    }
    if !changed {
        ret.insert(
            "comment",
            Value::Str(
                format!("The target file \"{name}\" exists and will not be overwritten").into(),
            ),
        );
        ret.insert("result", Value::Bool(true));
        return Ok(ret);
    }
    let dname = dirname(&name);
    if !is_dir(&dname) {
        if call.flag("makedirs", false) {
            let _ = makedirs_(&dname, None);
        } else {
            return Ok(error(
                ret,
                format!("The target directory {dname} is not present"),
            ));
        }
    }
    let res = if is_dir(&source) {
        copy_tree(Path::new(&source), Path::new(&name))
    } else {
        std::fs::copy(&source, &name).map(|_| ())
    };
    if res.is_err() {
        return Ok(error(
            ret,
            format!("Failed to copy \"{source}\" to \"{name}\""),
        ));
    }
    let mut ch = Map::new();
    ch.insert(name.as_str(), Value::str(source.clone()));
    ret.insert("changes", Value::Map(ch));
    // Not `preserve`: the user defaults to the one running, the group to that user's primary
    // group, the mode to the source's; check_perms edits the same return dict.
    if !call.flag("preserve", false) {
        let me = unsafe_geteuid();
        let user = call.arg_str("user").unwrap_or_else(|| user_name(me));
        let group = call
            .arg_str("group")
            .unwrap_or_else(|| group_name(primary_gid(me)));
        let mode = super::normalize_mode(call.arg("mode"))
            .or_else(|| super::stats(&source, true).map(|s| s.mode));
        let (r, _) = super::check_perms(
            &name,
            ret,
            Some(&user),
            Some(&group),
            mode.as_deref(),
            false,
            false,
        );
        ret = r;
    }
    Ok(ret)
}

pub fn rename(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let source = expanduser(&call.arg_str("source").unwrap_or_default());
    let mut ret = ret_nccr(&name, "");
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.rename"));
    }
    if let Some(err) = not_absolute(&name) {
        return Ok(error(ret, err));
    }
    if !lexists(&source) {
        ret.insert(
            "comment",
            Value::Str(
                format!("Source file \"{source}\" has already been moved out of place").into(),
            ),
        );
        return Ok(ret);
    }
    if lexists(&name) {
        if !call.flag("force", false) {
            ret.insert(
                "comment",
                Value::Str(
                    format!("The target file \"{name}\" exists and will not be overwritten").into(),
                ),
            );
            return Ok(ret);
        } else if !call.test && std::fs::remove_file(&name).is_err() {
            return Ok(error(
                ret,
                format!("Failed to delete \"{name}\" in preparation for forced move"),
            ));
        }
    }
    if call.test {
        ret.insert(
            "comment",
            Value::Str(format!("File \"{source}\" is set to be moved to \"{name}\"").into()),
        );
        ret.insert("result", Value::Null);
        return Ok(ret);
    }
    let dname = dirname(&name);
    if !is_dir(&dname) {
        if call.flag("makedirs", false) {
            let _ = makedirs_(&dname, None);
        } else {
            return Ok(error(
                ret,
                format!("The target directory {dname} is not present"),
            ));
        }
    }
    if std::fs::rename(&source, &name).is_err() {
        return Ok(error(
            ret,
            format!("Failed to move \"{source}\" to \"{name}\""),
        ));
    }
    ret.insert(
        "comment",
        Value::Str(format!("Moved \"{source}\" to \"{name}\"").into()),
    );
    let mut ch = Map::new();
    ch.insert(name.as_str(), Value::str(source));
    ret.insert("changes", Value::Map(ch));
    Ok(ret)
}

pub fn symlink(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let target = call.arg_str("target").unwrap_or_default();
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.symlink"));
    }
    let force = call.flag("force", false);
    let follow = call.flag("follow_symlinks", false);
    // The user defaults to the one running the state; the group to that user's group.
    let me = unsafe_geteuid();
    let user = call.arg_str("user").unwrap_or_else(|| user_name(me));
    let group = call
        .arg_str("group")
        .unwrap_or_else(|| group_name(primary_gid(me)));
    let mut preflight = Vec::new();
    if super::check_user(Some(&user), None).is_some() {
        preflight.push(format!("User {user} does not exist"));
    }
    if super::check_user(None, Some(&group)).is_some() {
        preflight.push(format!("Group {group} does not exist"));
    }
    if let Some(err) = not_absolute(&name) {
        preflight.push(err);
    }
    if !preflight.is_empty() {
        let mut msg = preflight.join(". ");
        if preflight.len() > 1 {
            msg.push('.');
        }
        return Ok(error(ret, msg));
    }
    let exists = |p: &str| {
        if follow {
            Path::new(p).exists()
        } else {
            lexists(p)
        }
    };
    // _symlink_check
    let mut tchanges = Map::new();
    let (tresult, mut tcomment) = if !exists(&name) && !is_link(&name) {
        tchanges.insert("new", Value::str(name.clone()));
        (
            Value::Null,
            format!("Symlink {name} to {target} is set for creation"),
        )
    } else if is_link(&name) {
        let cur = std::fs::read_link(&name)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        if cur != target {
            tchanges.insert("change", Value::str(name.clone()));
            (
                Value::Null,
                format!("Link {name} target is set to be changed to {target}"),
            )
        } else {
            (Value::Bool(true), format!("The symlink {name} is present"))
        }
    } else if force {
        (
            Value::Null,
            format!("The file or directory {name} is set for removal to make way for a new symlink targeting {target}"),
        )
    } else {
        (
            Value::Bool(false),
            format!("File or directory exists where the symlink {name} should be. Did you mean to use force?"),
        )
    };
    let parent = dirname(&name);
    if !is_dir(&parent) {
        if call.flag("makedirs", false) {
            if call.test {
                tcomment.push_str(&format!("\n{parent} will be created"));
            } else {
                let _ = makedirs_(&parent, None);
            }
        } else if call.test {
            tcomment.push_str(&format!("\nDirectory {parent} for symlink is not present"));
        } else {
            return Ok(error(
                ret,
                format!("Directory {parent} for symlink is not present"),
            ));
        }
    }
    if call.test {
        ret.insert("result", tresult);
        ret.insert("comment", Value::Str(tcomment.into()));
        ret.insert("changes", Value::Map(tchanges));
        return Ok(ret);
    }
    if is_link(&name) {
        let cur = std::fs::read_link(&name)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        if normpath(&cur) != normpath(&target) {
            let _ = std::fs::remove_file(&name);
        } else {
            let md = std::fs::symlink_metadata(&name).ok();
            let (cu, cg) = md
                .map(|m| (user_name(m.uid()), group_name(m.gid())))
                .unwrap_or_default();
            if cu == user && cg == group {
                ret.insert(
                    "comment",
                    Value::Str(
                        format!("Symlink {name} is present and owned by {user}:{group}").into(),
                    ),
                );
            } else {
                let uid = md_uid(&user);
                let gid = md_gid(&group);
                if std::os::unix::fs::lchown(&name, uid, gid).is_ok() {
                    ret.insert(
                        "comment",
                        Value::Str(
                            format!("Set ownership of symlink {name} to {user}:{group}").into(),
                        ),
                    );
                    changes_mut(&mut ret)
                        .insert("ownership", Value::Str(format!("{user}:{group}").into()));
                } else {
                    ret.insert("result", Value::Bool(false));
                    ret.insert(
                        "comment",
                        Value::Str(
                            format!("Failed to set ownership of symlink {name} to {user}:{group}")
                                .into(),
                        ),
                    );
                }
            }
            return Ok(ret);
        }
    } else if exists(&name) {
        if call.arg("backupname").is_some() {
            return Ok(error(
                ret,
                "halite: file.symlink backupname is not supported yet",
            ));
        } else if !force && !call.flag("atomic", false) {
            let kind = if is_file(&name) {
                "File"
            } else if is_dir(&name) {
                "Directory"
            } else {
                "File system entry"
            };
            return Ok(error(
                ret,
                format!("{kind} exists where the symlink {name} should be"),
            ));
        } else if is_dir(&name) && !is_link(&name) {
            let _ = std::fs::remove_dir_all(&name);
        } else {
            let _ = std::fs::remove_file(&name);
        }
    }
    if let Err(e) = std::os::unix::fs::symlink(&target, &name) {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::Str(format!("Unable to create new symlink {name} -> {target}: {e}").into()),
        );
        return Ok(ret);
    }
    ret.insert(
        "comment",
        Value::Str(format!("Created new symlink {name} -> {target}").into()),
    );
    changes_mut(&mut ret).insert("new", Value::str(name.clone()));
    let _ = std::os::unix::fs::lchown(&name, md_uid(&user), md_gid(&group));
    Ok(ret)
}

fn normpath(p: &str) -> String {
    let abs = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().map(|l| *l != "..").unwrap_or(false) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    if abs {
        format!("/{joined}")
    } else if joined.is_empty() {
        ".".into()
    } else {
        joined
    }
}

fn unsafe_geteuid() -> u32 {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() }
}

fn primary_gid(uid: u32) -> u32 {
    halite_exec::accounts::getpwuid(uid).map_or(0, |p| p.gid)
}

fn md_uid(user: &str) -> Option<u32> {
    halite_exec::accounts::getpwnam(user).map(|p| p.uid)
}

fn md_gid(group: &str) -> Option<u32> {
    halite_exec::accounts::getgrnam(group).map(|g| g.gid)
}

/// `file.pruned(name, recurse=False, ignore_errors=False, older_than=None)`: removes an
/// empty directory (and, with `recurse`, the empty directories under it), as `file.rmdir`.
pub fn pruned(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = Map::new();
    ret.insert("name", Value::str(name.as_str()));
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("comment", Value::str(""));
    ret.insert("result", Value::Bool(true));
    let ignore_errors = call.flag("ignore_errors", false);
    let recurse = ignore_errors || call.flag("recurse", false);
    if call.arg("older_than").is_some_and(Value::truthy) {
        return Ok(super::error(
            ret,
            "halite: file.pruned does not support older_than yet",
        ));
    }
    if !Path::new(&name).is_dir() {
        ret.insert(
            "comment",
            Value::str(format!("Directory {name} is not present")),
        );
        return Ok(ret);
    }
    if call.test {
        ret.insert("result", Value::Null);
        super::changes_mut(&mut ret).insert("deleted", Value::str(name.as_str()));
        ret.insert(
            "comment",
            Value::str(format!("Directory {name} is set for removal")),
        );
        return Ok(ret);
    }
    if !name.starts_with('/') {
        return Err(StateError::Invocation("File path must be absolute.".into()));
    }
    let mut deleted: Vec<String> = Vec::new();
    let mut errors: Vec<(String, String)> = Vec::new();
    let os_err = |e: &std::io::Error, p: &str| {
        let msg = std::io::Error::from_raw_os_error(e.raw_os_error().unwrap_or(0)).to_string();
        let msg = msg
            .split(" (os error")
            .next()
            .unwrap_or_default()
            .to_string();
        format!("[Errno {}] {msg}: '{p}'", e.raw_os_error().unwrap_or(0))
    };
    let mut ok = false;
    if recurse {
        // os.walk(path, topdown=False): the subdirectories, deepest first.
        fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
            if let Ok(rd) = std::fs::read_dir(dir) {
                for e in rd.flatten() {
                    let p = e.path();
                    if p.is_dir() && !p.is_symlink() {
                        walk(&p, out);
                        out.push(p);
                    }
                }
            }
        }
        let mut dirs = Vec::new();
        walk(Path::new(&name), &mut dirs);
        for d in dirs {
            let p = d.to_string_lossy().into_owned();
            match std::fs::remove_dir(&d) {
                Ok(()) => deleted.push(p),
                Err(e) => errors.push((p.clone(), os_err(&e, &p))),
            }
        }
        ok = errors.is_empty();
    }
    match std::fs::remove_dir(&name) {
        Ok(()) => {
            deleted.push(name.clone());
            ok = ok || !recurse;
        }
        Err(e) => {
            ok = false;
            errors.push((name.clone(), os_err(&e, &name)));
        }
    }
    let mut sorted = deleted.clone();
    sorted.sort();
    let sorted_v = || {
        Value::List(
            sorted
                .iter()
                .map(|s| Value::str(s.as_str()))
                .collect::<Vec<_>>()
                .into(),
        )
    };
    if ok {
        if recurse && !deleted.is_empty() {
            ret.insert(
                "comment",
                Value::str(format!(
                    "Recursively removed empty directories under {name}"
                )),
            );
            super::changes_mut(&mut ret).insert("deleted", sorted_v());
        } else if !recurse {
            ret.insert("comment", Value::str(format!("Removed directory {name}")));
            super::changes_mut(&mut ret).insert("deleted", Value::str(name.as_str()));
        }
        return Ok(ret);
    }
    if ignore_errors && !deleted.is_empty() {
        ret.insert(
            "comment",
            Value::str(format!(
                "Recursively removed empty directories under {name}"
            )),
        );
        super::changes_mut(&mut ret).insert("deleted", sorted_v());
        return Ok(ret);
    }
    let mut res = Map::new();
    res.insert(
        "deleted",
        Value::List(
            deleted
                .iter()
                .map(|s| Value::str(s.as_str()))
                .collect::<Vec<_>>()
                .into(),
        ),
    );
    res.insert(
        "errors",
        Value::List(
            errors
                .iter()
                .map(|(p, e)| {
                    Value::List(vec![Value::str(p.as_str()), Value::str(e.as_str())].into())
                })
                .collect::<Vec<_>>()
                .into(),
        ),
    );
    ret.insert("result", Value::Bool(false));
    ret.insert("changes", Value::Map(res));
    ret.insert(
        "comment",
        Value::str(format!("Failed to remove directory {name}")),
    );
    Ok(ret)
}

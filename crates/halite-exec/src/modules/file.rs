//! `salt.modules.file`: the read-only helpers templates use, and `touch`, `mkdir`, `write`.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// `os.path.expanduser`.
pub(crate) fn expanduser(p: &str) -> String {
    if p == "~" || p.starts_with("~/") {
        if let Ok(home) = std::env::var("HOME") {
            return format!("{}{}", home.trim_end_matches('/'), &p[1..]);
        }
    }
    p.to_string()
}

fn path_arg(fun: &str, a: &Args) -> Result<String, ExecError> {
    let b = bind(fun, a, &["path"], 1)?;
    Ok(b.str_or(0, ""))
}

/// `file.file_exists(path)`: `os.path.isfile`.
pub fn file_exists(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(
        Path::new(&expanduser(&path_arg("file.file_exists", a)?)).is_file(),
    ))
}

/// `file.directory_exists(path)`: `os.path.isdir`.
pub fn directory_exists(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(
        Path::new(&expanduser(&path_arg("file.directory_exists", a)?)).is_dir(),
    ))
}

/// `file.is_link(path)`: `os.path.islink`.
pub fn is_link(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(
        Path::new(&expanduser(&path_arg("file.is_link", a)?)).is_symlink(),
    ))
}

/// `os.path.basename`: the part after the last `/`.
pub fn basename(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let p = path_arg("file.basename", a)?;
    Ok(Value::Str(p.rsplit('/').next().unwrap_or("").into()))
}

/// `os.path.dirname`: the part before the last `/`, trailing slashes stripped unless all.
pub fn dirname(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let p = path_arg("file.dirname", a)?;
    Ok(Value::Str(py_dirname(&p).into()))
}

pub(crate) fn py_dirname(p: &str) -> String {
    match p.rfind('/') {
        None => String::new(),
        Some(i) => {
            let head = &p[..=i];
            if head.chars().all(|c| c == '/') {
                head.to_string()
            } else {
                head.trim_end_matches('/').to_string()
            }
        }
    }
}

/// `file.join(*args)`: `os.path.join`.
pub fn join(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    if a.args.is_empty() {
        return Err(ExecError::Failed(
            "join() missing 1 required positional argument: 'a'".into(),
        ));
    }
    let mut out = String::new();
    for (i, part) in a.args.iter().enumerate() {
        let s = part.py_str();
        if s.starts_with('/') || i == 0 {
            out = s;
        } else if out.is_empty() || out.ends_with('/') {
            out.push_str(&s);
        } else {
            out.push('/');
            out.push_str(&s);
        }
    }
    Ok(Value::Str(out.into()))
}

/// `file.normpath(path)`: `os.path.normpath`.
pub fn normpath(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Str(
        py_normpath(&path_arg("file.normpath", a)?).into(),
    ))
}

pub(crate) fn py_normpath(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    // POSIX allows exactly two leading slashes to be kept.
    let initial = if p.starts_with("//") && !p.starts_with("///") {
        2
    } else if p.starts_with('/') {
        1
    } else {
        0
    };
    let mut parts: Vec<&str> = Vec::new();
    for comp in p.split('/') {
        match comp {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else if initial == 0 {
                    parts.push("..");
                }
            }
            c => parts.push(c),
        }
    }
    let out = format!("{}{}", "/".repeat(initial), parts.join("/"));
    if out.is_empty() {
        ".".into()
    } else {
        out
    }
}

/// `file.readdir(path)`: `['.', '..'] + os.listdir(path)` (directory order).
pub fn readdir(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let p = expanduser(&path_arg("file.readdir", a)?);
    if !p.starts_with('/') {
        return Err(ExecError::Failed("Dir path must be absolute.".into()));
    }
    if !Path::new(&p).is_dir() {
        return Err(ExecError::Failed(
            "A valid directory was not specified.".into(),
        ));
    }
    let mut out = vec![Value::str("."), Value::str("..")];
    if let Ok(entries) = std::fs::read_dir(&p) {
        for e in entries.flatten() {
            out.push(Value::Str(e.file_name().to_string_lossy().into()));
        }
    }
    Ok(Value::List(out.into()))
}

/// `re.search` with Python's `$` (which also matches before a final newline).
fn py_search(re: &regex::Regex, line: &str) -> bool {
    re.is_match(line) || line.strip_suffix('\n').is_some_and(|l| re.is_match(l))
}

fn compile(pat: &str) -> Result<regex::Regex, ExecError> {
    regex::Regex::new(pat).map_err(|e| ExecError::Failed(e.to_string()))
}

/// `file.contains_regex(path, regex, lchar='')`: any line (lstripped of `lchar`) matches.
pub fn contains_regex(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.contains_regex", a, &["path", "regex", "lchar"], 2)?;
    let p = expanduser(&b.str_or(0, ""));
    let re = compile(&b.str_or(1, ""))?;
    let lchar: Vec<char> = b.str_or(2, "").chars().collect();
    let Ok(text) = std::fs::read_to_string(&p) else {
        return Ok(Value::Bool(false));
    };
    Ok(Value::Bool(text.split_inclusive('\n').any(|line| {
        let line = if lchar.is_empty() {
            line
        } else {
            line.trim_start_matches(lchar.as_slice())
        };
        py_search(&re, line)
    })))
}

/// `file.contains(path, text)`: `str(text).strip()` occurs in the file.
pub fn contains(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.contains", a, &["path", "text"], 2)?;
    let p = expanduser(&b.str_or(0, ""));
    let needle = b.str_or(1, "").trim().to_string();
    let Ok(text) = std::fs::read_to_string(&p) else {
        return Ok(Value::Bool(false));
    };
    Ok(Value::Bool(text.contains(&needle)))
}

/// `file.search(path, pattern, flags=8, ...)`: the pattern (MULTILINE) occurs in the file.
pub fn search(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "file.search",
        a,
        &[
            "path",
            "pattern",
            "flags",
            "bufsize",
            "ignore_if_missing",
            "multiline",
        ],
        2,
    )?;
    let p = expanduser(&b.str_or(0, ""));
    let re = compile(&format!("(?m){}", b.str_or(1, "")))?;
    match std::fs::read_to_string(&p) {
        Ok(text) => Ok(Value::Bool(re.is_match(&text))),
        Err(_) if b.truthy(4) => Ok(Value::Bool(false)),
        Err(_) => Err(ExecError::Failed(format!("{p} does not exist"))),
    }
}

/// `file.read(path, binary=False)`.
pub fn read(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.read", a, &["path", "binary"], 1)?;
    let p = b.str_or(0, "");
    std::fs::read(&p)
        .map(|bytes| Value::Str(String::from_utf8_lossy(&bytes).into()))
        .map_err(|e| {
            ExecError::Failed(format!(
                "[Errno {}] {}: '{}'",
                e.raw_os_error().unwrap_or(0),
                io_msg(&e),
                p
            ))
        })
}

fn io_msg(e: &std::io::Error) -> &'static str {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory",
        std::io::ErrorKind::PermissionDenied => "Permission denied",
        _ => "I/O error",
    }
}

fn stat(path: &str, follow: bool) -> Result<std::fs::Metadata, ExecError> {
    let p = expanduser(path);
    let md = if follow {
        std::fs::metadata(&p).or_else(|_| std::fs::symlink_metadata(&p))
    } else {
        std::fs::symlink_metadata(&p)
    };
    md.map_err(|_| ExecError::Failed(format!("Path not found: {p}")))
}

/// `file.get_user(path, follow_symlinks=True)`: owner name (the uid when it has no name).
pub fn get_user(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.get_user", a, &["path", "follow_symlinks"], 1)?;
    let md = stat(&b.str_or(0, ""), b.get(1).is_none_or(Value::truthy))?;
    Ok(super::useradd::user_name(md.uid())
        .map(Value::from)
        .unwrap_or(Value::Int(md.uid() as i64)))
}

/// `file.get_group(path, follow_symlinks=True)`: group name (the gid when it has no name).
pub fn get_group(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.get_group", a, &["path", "follow_symlinks"], 1)?;
    let md = stat(&b.str_or(0, ""), b.get(1).is_none_or(Value::truthy))?;
    Ok(super::useradd::group_name(md.gid())
        .map(Value::from)
        .unwrap_or(Value::Int(md.gid() as i64)))
}

/// `file.get_mode(path, follow_symlinks=True)`: `normalize_mode(oct(S_IMODE(mode)))`, "0644".
pub fn get_mode(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.get_mode", a, &["path", "follow_symlinks"], 1)?;
    let md = stat(&b.str_or(0, ""), b.get(1).is_none_or(Value::truthy))?;
    Ok(Value::Str(format!("{:04o}", md.mode() & 0o7777).into()))
}

fn os_error(e: &std::io::Error) -> ExecError {
    ExecError::Failed(
        std::io::Error::from_raw_os_error(e.raw_os_error().unwrap_or(0))
            .to_string()
            .split(" (os error")
            .next()
            .unwrap_or_default()
            .to_string(),
    )
}

/// `file.touch(name, atime=None, mtime=None)`: creates the file when missing, sets its times
/// (now, or the given epoch seconds), returns whether it exists.
pub fn touch(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.touch", a, &["name", "atime", "mtime"], 1)?;
    let name = expanduser(&b.str_or(0, ""));
    let secs = |i: usize| -> Result<Option<i64>, ExecError> {
        match b.opt(i) {
            None => Ok(None),
            Some(v) if !v.truthy() => Ok(None),
            Some(Value::Int(n)) => Ok(Some(*n)),
            Some(v) => v
                .py_str()
                .parse::<i64>()
                .map(Some)
                .map_err(|_| ExecError::Failed("atime and mtime must be integers".into())),
        }
    };
    let (atime, mtime) = (secs(1)?, secs(2)?);
    if !Path::new(&name).exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&name)
            .map_err(|e| os_error(&e))?;
    }
    let now = std::time::SystemTime::now();
    let at = |s: Option<i64>| match s {
        Some(s) => std::time::UNIX_EPOCH + std::time::Duration::from_secs(s.max(0) as u64),
        None => now,
    };
    let times = std::fs::FileTimes::new()
        .set_accessed(at(atime))
        .set_modified(at(mtime));
    std::fs::File::options()
        .append(true)
        .open(&name)
        .or_else(|_| std::fs::File::open(&name))
        .and_then(|f| f.set_times(times))
        .map_err(|e| os_error(&e))?;
    Ok(Value::Bool(Path::new(&name).exists()))
}

/// `file.mkdir(dir_path, user=None, group=None, mode=None)`: when the folder is missing,
/// `makedirs_perms`: each missing folder from the top made (`os.mkdir`, the umask's mode),
/// then given to `user`/`group` and `mode` as `check_perms` does (a user or group that does
/// not exist is skipped, as check_perms' unread result says); True.
pub fn mkdir(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.mkdir", a, &["dir_path", "user", "group", "mode"], 1)?;
    let dir = expanduser(&b.str_or(0, ""));
    let dir = py_normpath(&dir);
    if Path::new(&dir).is_dir() {
        return Ok(Value::Bool(true));
    }
    let id = |v: Option<&Value>, lookup: &dyn Fn(&str) -> Option<u32>| match v {
        None | Some(Value::Null) => None,
        Some(Value::Int(i)) => u32::try_from(*i).ok(),
        Some(v) => lookup(&v.py_str()),
    };
    let uid = id(b.opt(1), &|u| crate::process::getpwnam(u).map(|p| p.uid));
    let gid = id(b.opt(2), &|g| crate::process::getgrnam(g));
    // makedirs_perms: `int(f"{mode}")`, then check_perms reads its digits as octal
    let mode = match b.opt(3).filter(|m| m.truthy()) {
        Some(m) => {
            let text = m.py_str();
            let n: i64 = text.trim().replace('_', "").parse().map_err(|_| {
                ExecError::Failed(format!("invalid literal for int() with base 10: '{text}'"))
            })?;
            Some(u32::from_str_radix(&n.to_string(), 8).map_err(|_| {
                ExecError::Failed(format!("halite: file.mkdir mode {n} is not octal"))
            })?)
        }
        None => None,
    };
    // the missing folders, outermost first
    let mut missing = Vec::new();
    let mut p = Path::new(&dir);
    while !p.as_os_str().is_empty() && !p.exists() {
        missing.push(p.to_path_buf());
        match p.parent() {
            Some(parent) => p = parent,
            None => break,
        }
    }
    for path in missing.iter().rev() {
        match std::fs::create_dir(path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(os_error(&e)),
        }
        if uid.is_some() || gid.is_some() {
            std::os::unix::fs::chown(path, uid, gid).map_err(|e| os_error(&e))?;
        }
        if let Some(m) = mode {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(m))
                .map_err(|e| os_error(&e))?;
        }
    }
    Ok(Value::Bool(true))
}

/// `file.write(path, *args, **kwargs)`: each argument (or the `args` keyword) a line.
pub fn write(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let path = match (a.args.first(), a.kwargs.get("path")) {
        (Some(p), _) | (None, Some(p)) => expanduser(&p.py_str()),
        (None, None) => {
            return Err(ExecError::Failed(
                "write() missing 1 required positional argument: 'path'".into(),
            ))
        }
    };
    let mut lines: Vec<Value> = a.args.iter().skip(1).cloned().collect();
    if let Some(v) = a.kwargs.get("args") {
        lines = match v {
            Value::List(l) => l.iter().cloned().collect(),
            other => vec![other.clone()],
        };
    }
    let text: String = lines.iter().map(|l| format!("{}\n", l.py_str())).collect();
    std::fs::write(&path, text).map_err(|e| {
        ExecError::Failed(format!(
            "[Errno {}] {}: '{}'",
            e.raw_os_error().unwrap_or(0),
            io_msg(&e),
            path
        ))
    })?;
    Ok(Value::str(format!(
        "Wrote {} lines to \"{}\"",
        lines.len(),
        path
    )))
}

/// `file.group_to_gid(group)`: an int stays as it is; a name's gid, or `''` when unknown.
pub fn group_to_gid(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.group_to_gid", a, &["group"], 1)?;
    Ok(match b.get(0) {
        None | Some(Value::Null) => Value::str(""),
        Some(Value::Int(i)) => Value::Int(*i),
        Some(v) => {
            let name = v.py_str();
            super::useradd::group_entries()
                .into_iter()
                .find(|g| g.name == name)
                .map(|g| Value::Int(g.gid as i64))
                .unwrap_or(Value::str(""))
        }
    })
}

/// `file.gid_to_group(gid)`: the group's name; a gid without a group comes back as it is.
pub fn gid_to_group(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.gid_to_group", a, &["gid"], 1)?;
    let arg = b.get(0).cloned().unwrap_or(Value::Null);
    let gid = match &arg {
        Value::Int(i) => Value::Int(*i),
        Value::Bool(x) => Value::Int(*x as i64),
        other => match crate::salt_utils::py_int(&other.py_str()) {
            Some(i) => Value::Int(i),
            None => group_to_gid(ctx, &Args::new(vec![arg.clone()], Map::new()))?,
        },
    };
    let Value::Int(n) = gid else {
        return Ok(Value::str(""));
    };
    Ok(u32::try_from(n)
        .ok()
        .and_then(super::useradd::group_name)
        .map(Value::from)
        .unwrap_or(Value::Int(n)))
}

/// `file.user_to_uid(user)`: a name's uid, the current user's for None, `''` when unknown.
pub fn user_to_uid(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.user_to_uid", a, &["user"], 1)?;
    Ok(match b.get(0) {
        Some(Value::Int(i)) => Value::Int(*i),
        // SAFETY: geteuid has no preconditions and cannot fail.
        Some(Value::Null) | None => Value::Int(unsafe { libc::geteuid() } as i64),
        Some(v) => {
            let name = v.py_str();
            super::useradd::passwd_entries()
                .into_iter()
                .find(|p| p.name == name)
                .map(|p| Value::Int(p.uid as i64))
                .unwrap_or(Value::str(""))
        }
    })
}

/// `file.patch(originalfile, patchfile, options="", dry_run=False)`: the system `patch` run
/// as Salt runs it, through `cmd.run_all` without a shell: `PATCH OPTIONS [--dry-run]
/// [--forward] [--reject-file=-] -i PATCHFILE` then `-d ORIGINAL [--strip=0]` for a
/// directory or `ORIGINAL` for a file. `options` is a string (split as `shlex.split`) or a
/// list of words (the `file.patch` state passes a list). Returns run_all's dict.
pub fn patch(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "file.patch",
        a,
        &["originalfile", "patchfile", "options", "dry_run"],
        2,
    )?;
    let Some(patchpath) = super::cmd::which_path("patch") else {
        return Err(ExecError::Command(
            "patch executable not found. Is the distribution's patch package installed?".into(),
        ));
    };
    let mut cmd = vec![patchpath];
    match b.opt(2) {
        None => {}
        Some(Value::List(words)) => cmd.extend(words.iter().map(Value::py_str)),
        Some(other) => cmd.extend(super::cmd::shlex_split(&other.py_str())?),
    }
    if b.truthy(3) {
        let kernel = ctx.grains.get("kernel").map(Value::py_str);
        if matches!(kernel.as_deref(), Some("FreeBSD") | Some("OpenBSD")) {
            cmd.push("-C".into());
        } else {
            cmd.push("--dry-run".into());
        }
    }
    // no interactive prompt when the patch does not apply (the exit status still says so)
    if !cmd.iter().any(|o| o == "-N" || o == "--forward") {
        cmd.push("--forward".into());
    }
    let has_reject_file = cmd
        .iter()
        .any(|o| o == "-r" || o.starts_with("-r ") || o.starts_with("--reject-file"));
    if !has_reject_file {
        // patch would write rejected hunks to FILE.rej
        cmd.push("--reject-file=-".into());
    }
    let original = b.str_or(0, "");
    cmd.push("-i".into());
    cmd.push(b.str_or(1, ""));
    if Path::new(&original).is_dir() {
        cmd.push("-d".into());
        cmd.push(original);
        if !cmd
            .iter()
            .any(|o| o.starts_with("-p") || o.starts_with("--strip="))
        {
            cmd.push("--strip=0".into());
        }
    } else {
        cmd.push(original);
    }
    super::cmd::run_all_argv(ctx, &cmd, &[]).map(Value::Map)
}

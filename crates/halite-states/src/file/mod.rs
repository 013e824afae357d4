//! Salt's `file` state module (salt/states/file.py), split by function family:
//! `managed.rs` (managed, serialize), `directory.rs`, `recurse.rs`, `misc.rs` (absent, exists, missing, touch,
//! copy, rename, symlink), `patch.rs`, `edit.rs` (append, prepend, replace, comment, uncomment, line, blockreplace). Helpers here mirror
//! salt/modules/file.py (`check_perms`, `stats`) and salt/utils/files.py (`normalize_mode`,
//! atomic writes).

mod accumulated;
pub mod difflib;
mod directory;
mod edit;
mod managed;
mod misc;
mod patch;
mod pyre;
mod recurse;
mod serializers;
mod source_hash;

/// `file.managed` for the states that manage a file through it (`cron.file`).
pub(crate) use managed::managed;

use crate::StateRegistry;
use halite_value::{Map, Value};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("file.managed", managed::managed, &["name"]);
    r.register("file.serialize", managed::serialize, &["name"]);
    r.register("file.directory", directory::directory, &["name"]);
    r.register("file.recurse", recurse::recurse, &["name", "source"]);
    r.register("file.absent", misc::absent, &["name"]);
    r.register("file.exists", misc::exists, &["name"]);
    r.register("file.missing", misc::missing, &["name"]);
    r.register("file.touch", misc::touch, &["name"]);
    r.register("file.copy", misc::copy, &["name", "source"]);
    r.register("file.rename", misc::rename, &["name", "source"]);
    r.register("file.symlink", misc::symlink, &["name", "target"]);
    r.register("file.append", edit::append, &["name"]);
    r.register("file.prepend", edit::prepend, &["name"]);
    r.register("file.replace", edit::replace, &["name", "pattern", "repl"]);
    r.register("file.comment", edit::comment, &["name", "regex"]);
    r.register("file.uncomment", edit::uncomment, &["name", "regex"]);
    r.register("file.line", edit::line, &["name"]);
    r.register("file.blockreplace", edit::blockreplace, &["name"]);
    r.register("file.keyvalue", edit::keyvalue, &["name"]);
    r.register(
        "file.accumulated",
        accumulated::accumulated,
        &["name", "filename", "text"],
    );
    r.register("file.pruned", misc::pruned, &["name"]);
    r.register("file.patch", patch::patch, &["name"]);
}

/// `_error(ret, msg)`.
pub(crate) fn error(mut ret: Map, msg: impl Into<String>) -> Map {
    ret.insert("result", Value::Bool(false));
    ret.insert("comment", Value::Str(msg.into().into()));
    ret
}

/// `os.path.expanduser`.
pub(crate) fn expanduser(name: &str) -> String {
    if name == "~" || name.starts_with("~/") {
        let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
        return format!("{home}{}", &name[1..]);
    }
    name.to_string()
}

/// Python's `str()` of a state argument as Salt holds it: dicts from the SLS are
/// `OrderedDict`s (`OrderedDict([('a', 1)])`), also inside lists.
fn salt_str(v: &Value) -> String {
    fn repr(v: &Value) -> String {
        match v {
            Value::Map(m) if m.is_empty() => "OrderedDict()".into(),
            Value::Map(m) => {
                let items: Vec<String> = m
                    .iter()
                    .map(|(k, v)| format!("({}, {})", repr(k), repr(v)))
                    .collect();
                format!("OrderedDict([{}])", items.join(", "))
            }
            Value::List(l) => {
                let items: Vec<String> = l.iter().map(repr).collect();
                format!("[{}]", items.join(", "))
            }
            other => other.py_repr(),
        }
    }
    match v {
        Value::Map(_) | Value::List(_) => repr(v),
        other => other.py_str(),
    }
}

/// Whether a normalized mode is one `os.chmod` takes: octal digits, at most `07777`
/// (`file.set_mode`'s `int(mode, 8)`).
pub(crate) fn mode_is_valid(mode: &str) -> bool {
    let digits = mode.trim_start_matches('0');
    digits.is_empty() || (digits.bytes().all(|b| (b'0'..=b'7').contains(&b)) && digits.len() <= 4)
}

/// Whether Python's `int(text)` (base 10) reads `text`: spaces around, a sign, digits with
/// single underscores between them.
pub(crate) fn py_int_parses(text: &str) -> bool {
    let t = text.trim();
    let t = t.strip_prefix(['+', '-']).unwrap_or(t);
    !t.is_empty()
        && !t.starts_with('_')
        && !t.ends_with('_')
        && !t.contains("__")
        && t.bytes().all(|b| b.is_ascii_digit() || b == b'_')
}

/// `salt.utils.files.normalize_mode`: `644` -> `"0644"`, `"0o750"` -> `"0750"`.
pub(crate) fn normalize_mode(mode: Option<&Value>) -> Option<String> {
    let m = mode.filter(|v| !v.is_null())?;
    let s = salt_str(m).replace("0o", "0");
    let s = s
        .trim_matches('"')
        .trim_matches('\'')
        .trim_start_matches('0')
        .to_string();
    Some(format!("{s:0>4}"))
}

pub(crate) fn mode_bits(mode: &str) -> Option<u32> {
    u32::from_str_radix(mode, 8).ok()
}

pub(crate) fn user_name(uid: u32) -> String {
    halite_exec::accounts::getpwuid(uid).map_or_else(|| uid.to_string(), |p| p.name)
}

pub(crate) fn group_name(gid: u32) -> String {
    halite_exec::accounts::getgrgid(gid).map_or_else(|| gid.to_string(), |g| g.name)
}

pub(crate) fn user_uid(name: &str) -> Option<u32> {
    halite_exec::accounts::getpwnam(name).map(|p| p.uid)
}

pub(crate) fn group_gid(name: &str) -> Option<u32> {
    halite_exec::accounts::getgrnam(name).map(|g| g.gid)
}

/// `_check_user(user, group)`: "User X is not available Group Y is not available"; in test
/// mode Salt only logs it (the run goes on).
pub(crate) fn check_user_mode(
    user: Option<&str>,
    group: Option<&str>,
    test: bool,
) -> Option<String> {
    if test {
        return None;
    }
    check_user(user, group)
}

/// The `_check_user` test itself.
pub(crate) fn check_user(user: Option<&str>, group: Option<&str>) -> Option<String> {
    let mut err = String::new();
    if let Some(u) = user {
        if user_uid(u).is_none() && u.parse::<u32>().is_err() {
            err.push_str(&format!("User {u} is not available "));
        }
    }
    if let Some(g) = group {
        if group_gid(g).is_none() && g.parse::<u32>().is_err() {
            err.push_str(&format!("Group {g} is not available"));
        }
    }
    (!err.is_empty()).then_some(err)
}

pub(crate) struct Stats {
    pub user: String,
    pub group: String,
    pub uid: u32,
    pub gid: u32,
    pub mode: String,
}

pub(crate) fn stats(path: &str, follow: bool) -> Option<Stats> {
    let md = if follow {
        std::fs::metadata(path)
    } else {
        std::fs::symlink_metadata(path)
    }
    .ok()?;
    Some(stats_of(&md))
}

fn stats_of(md: &std::fs::Metadata) -> Stats {
    Stats {
        user: user_name(md.uid()),
        group: group_name(md.gid()),
        uid: md.uid(),
        gid: md.gid(),
        mode: format!("{:04o}", md.mode() & 0o7777),
    }
}

/// What `check_perms` works on: a name, or a file already open (the temp file a write is
/// about to rename into place).
///
/// Either way owner and mode are read and set through one file descriptor, never by name
/// again: a name is opened once (`O_PATH`, and `O_NOFOLLOW` when links are not followed),
/// so a symbolic link swapped in after that cannot redirect the chown or chmod to a file
/// elsewhere. A write sets them on its temp file before the rename, so the new contents
/// never appear under the name with the old or a looser mode, and a name swapped after
/// the rename is never touched (Salt chowns and chmods by name after the rename, a race
/// docs/compat.md lists).
pub(crate) enum PermTarget<'a> {
    Name { name: &'a str, follow: bool },
    Open(&'a std::fs::File),
}

/// An `O_PATH` descriptor of `name` (of the link itself when `follow` is false).
fn open_path(name: &str, follow: bool) -> Option<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut flags = libc::O_PATH;
    if !follow {
        flags |= libc::O_NOFOLLOW;
    }
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(name)
        .ok()
}

/// `fchownat(fd, "", uid, gid, AT_EMPTY_PATH)`: the inode the descriptor holds (a link
/// itself for an `O_PATH | O_NOFOLLOW` one).
fn fd_chown(f: &std::fs::File, uid: u32, gid: u32) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: a valid descriptor and a NUL-terminated empty path.
    let rc = unsafe { libc::fchownat(f.as_raw_fd(), c"".as_ptr(), uid, gid, libc::AT_EMPTY_PATH) };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// chmod of the inode the descriptor holds: `fchmod`, or for an `O_PATH` descriptor (which
/// `fchmod` refuses) through its `/proc/self/fd` entry, which names that inode and no path.
fn fd_chmod(f: &std::fs::File, bits: u32, name: &str) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: a valid descriptor.
    if unsafe { libc::fchmod(f.as_raw_fd(), bits as libc::mode_t) } == 0 {
        return Ok(());
    }
    let err = std::io::Error::last_os_error();
    if err.raw_os_error() != Some(libc::EBADF) {
        return Err(err);
    }
    let proc = format!("/proc/self/fd/{}", f.as_raw_fd());
    match std::fs::set_permissions(&proc, std::fs::Permissions::from_mode(bits)) {
        // no /proc mounted: by name, as Salt does
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !Path::new("/proc/self").exists() => {
            std::fs::set_permissions(name, std::fs::Permissions::from_mode(bits))
        }
        other => other,
    }
}

/// `file.check_perms(name, ret, user, group, mode)` (no attrs/selinux): applies ownership and
/// mode (not in test mode) and records `user`/`group`/`mode` changes; comments joined by "; ".
pub(crate) fn check_perms(
    name: &str,
    ret: Map,
    user: Option<&str>,
    group: Option<&str>,
    mode: Option<&str>,
    test: bool,
    follow: bool,
) -> (Map, Option<Stats>) {
    check_perms_of(
        PermTarget::Name { name, follow },
        ret,
        user,
        group,
        mode,
        test,
    )
}

/// [`check_perms`] on a [`PermTarget`]; `Open` behaves as a followed name (a temp file is
/// no link).
pub(crate) fn check_perms_of(
    target: PermTarget,
    mut ret: Map,
    user: Option<&str>,
    group: Option<&str>,
    mode: Option<&str>,
    test: bool,
) -> (Map, Option<Stats>) {
    let orig_comment = ret.get("comment").map(Value::py_str).unwrap_or_default();
    let mut comments: Vec<String> = Vec::new();
    let (opened, follow, name);
    let f: &std::fs::File = match target {
        PermTarget::Name {
            name: n,
            follow: fl,
        } => {
            let Some(o) = open_path(n, fl) else {
                return (ret, None);
            };
            (follow, name) = (fl, n);
            opened = o;
            &opened
        }
        PermTarget::Open(f) => {
            (follow, name) = (true, "");
            f
        }
    };
    let fstat = || f.metadata().ok().map(|md| stats_of(&md));
    let Some(md) = f.metadata().ok() else {
        return (ret, None);
    };
    let cur = stats_of(&md);
    // only a descriptor opened with O_NOFOLLOW can hold a link
    let is_link = md.file_type().is_symlink();
    let cuser = user.filter(|u| *u != cur.user && *u != cur.uid.to_string());
    let cgroup = group.filter(|g| *g != cur.group && *g != cur.gid.to_string());
    if (cuser.is_some() || cgroup.is_some()) && !test {
        let uid = user
            .and_then(|u| user_uid(u).or_else(|| u.parse().ok()))
            .unwrap_or(cur.uid);
        let gid = group
            .and_then(|g| group_gid(g).or_else(|| g.parse().ok()))
            .unwrap_or(cur.gid);
        if fd_chown(f, uid, gid).is_err() {
            ret.insert("result", Value::Bool(false));
        }
    }
    let mut cmode = false;
    if let Some(m) = mode {
        if !test && (follow || !is_link) && m != cur.mode {
            cmode = true;
            if let Some(bits) = mode_bits(m) {
                let _ = fd_chmod(f, bits, name);
            }
        }
    }
    let post = fstat().unwrap_or(cur);
    let changes = changes_mut(&mut ret);
    let mut failed = false;
    if let Some(u) = user {
        if u != post.user && u != post.uid.to_string() {
            if test {
                changes.insert("user", Value::str(u));
            } else {
                failed = true;
                comments.push(format!("Failed to change user to {u}"));
            }
        } else if cuser.is_some() {
            changes.insert("user", Value::str(u));
        }
    }
    if let Some(g) = group {
        if g != post.group && g != post.gid.to_string() {
            if test {
                changes.insert("group", Value::str(g));
            } else {
                failed = true;
                comments.push(format!("Failed to change group to {g}"));
            }
        } else if cgroup.is_some() {
            changes.insert("group", Value::str(g));
        }
    }
    if let Some(m) = mode {
        if follow || !is_link {
            if m != post.mode {
                if test {
                    changes.insert("mode", Value::str(m));
                } else {
                    failed = true;
                    comments.push(format!("Failed to change mode to {m}"));
                }
            } else if cmode {
                changes.insert("mode", Value::str(m));
            }
        }
    }
    let has_changes = !changes.is_empty();
    if failed {
        ret.insert("result", Value::Bool(false));
    }
    if !orig_comment.is_empty() {
        comments.insert(0, orig_comment);
    }
    ret.insert("comment", Value::Str(comments.join("; ").into()));
    if test && has_changes {
        ret.insert("result", Value::Null);
    }
    let cur_after = fstat();
    (ret, cur_after)
}

/// A new empty file (mode 0600) beside `path` to be renamed over it: `.<name>.halite-<pid>-<n>`,
/// noted in the run's temp-file journal first (a run killed before the rename leaves it; the
/// next state run removes it: halite-runtime's `lock`).
fn create_temp_beside(p: &Path) -> std::io::Result<(std::path::PathBuf, std::fs::File)> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = p.parent().unwrap_or(Path::new("/"));
    let base = p
        .file_name()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let mut n = 0u32;
    loop {
        let tmp = dir.join(format!(".{base}.halite-{}-{n}", std::process::id()));
        halite_exec::files::journal_temp(&tmp);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Write `data` to `path` atomically: a temp file in the same folder, rename. An existing
/// file keeps its mode and owner (as `salt.utils.files.copyfile` does); a new file gets
/// `new_mode`.
///
/// Replacing a file, the temp file is fdatasync'ed before the rename: the new data (and the
/// size needed to read it back) is on disk before the rename publishes it, so a crash leaves
/// the old contents or the new ones, never an empty file where a good one was. A new file is
/// not synced (as Salt syncs nothing): a crash can only lose the new file or leave it empty,
/// with no earlier contents lost, and the next run writes it again. The sync waits for the
/// disk (~0.3 ms a file here); the first run of benches/apply.sh creates 1,000 files, where
/// syncing each took ~0.35 s of its wall time (docs/performance.md "Runtime").
pub(crate) fn write_atomic(path: &str, data: &[u8], new_mode: u32) -> std::io::Result<()> {
    write_atomic_with(path, data, new_mode, |_| ())
}

/// [`write_atomic`], calling `before_rename` with the temp file, written and with its
/// mode and owner set, just before it is renamed over `path`: where `file.managed` sets
/// the state's owner and mode ([`PermTarget::Open`]).
pub(crate) fn write_atomic_with(
    path: &str,
    data: &[u8],
    new_mode: u32,
    before_rename: impl FnOnce(&std::fs::File),
) -> std::io::Result<()> {
    let p = Path::new(path);
    let existing = std::fs::metadata(p).ok();
    let (tmp, mut f) = create_temp_beside(p)?;
    let res = (|| {
        f.write_all(data)?;
        if existing.is_some() {
            f.sync_data()?;
        }
        match &existing {
            Some(md) => {
                f.set_permissions(std::fs::Permissions::from_mode(md.mode() & 0o7777))?;
                let _ = std::os::unix::fs::fchown(&f, Some(md.uid()), Some(md.gid()));
            }
            None => f.set_permissions(std::fs::Permissions::from_mode(new_mode))?,
        }
        before_rename(&f);
        std::fs::rename(&tmp, p)
    })();
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res
}

/// `os.utime(dst, ns=(atime, mtime))` with `src`'s times (the end of `shutil.copystat`).
fn copy_times(md: &std::fs::Metadata, dst: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dst.as_os_str().as_bytes())
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let times = [
        libc::timespec {
            tv_sec: md.atime() as libc::time_t,
            tv_nsec: md.atime_nsec() as _,
        },
        libc::timespec {
            tv_sec: md.mtime() as libc::time_t,
            tv_nsec: md.mtime_nsec() as _,
        },
    ];
    // SAFETY: a valid C path and two initialised timespecs.
    if unsafe { libc::utimensat(libc::AT_FDCWD, c.as_ptr(), times.as_ptr(), 0) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// [`write_atomic`] of a state's new contents with the state's owner and mode set on them
/// before they appear under `path` ([`PermTarget::Open`]): `check_perms`' answer for `ret`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_atomic_perms(
    path: &str,
    data: &[u8],
    new_mode: u32,
    ret: &Map,
    user: Option<&str>,
    group: Option<&str>,
    mode: Option<&str>,
) -> std::io::Result<(Map, Option<Stats>)> {
    let mut applied = None;
    write_atomic_with(path, data, new_mode, |f| {
        applied = Some(check_perms_of(
            PermTarget::Open(f),
            ret.clone(),
            user,
            group,
            mode,
            false,
        ));
    })?;
    applied.ok_or_else(|| std::io::Error::other("the new file's permissions were not set"))
}

/// `shutil.copy2(src, dst)`: the contents, mode, access and modification times; an existing
/// `dst` keeps its inode and owner. Refused when both name one file, as Python does
/// ("'a' and 'a' are the same file").
pub(crate) fn copy2(src: &str, dst: &str) -> std::io::Result<()> {
    let md = std::fs::metadata(src)?;
    if let Ok(d) = std::fs::metadata(dst) {
        if d.dev() == md.dev() && d.ino() == md.ino() {
            return Err(std::io::Error::other(format!(
                "{} and {} are the same file",
                Value::str(src).py_repr(),
                Value::str(dst).py_repr()
            )));
        }
    }
    std::fs::copy(src, dst)?;
    copy_times(&md, Path::new(dst))
}

/// `_mkstemp_copy(src)` then `shutil.move(temp, dst)` (file.replace's and file.line's
/// backups): a new file at `dst`, owned by this process, with `src`'s contents, mode and
/// times; an existing `dst` is replaced.
pub(crate) fn copy2_as_new(src: &str, dst: &str) -> std::io::Result<()> {
    let md = std::fs::metadata(src)?;
    let (tmp, f) = create_temp_beside(Path::new(dst))?;
    drop(f);
    let res = (|| {
        std::fs::copy(src, &tmp)?;
        copy_times(&md, &tmp)?;
        std::fs::rename(&tmp, dst)
    })();
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res
}

/// `config.backup_mode(backup)`: the state's `backup` when set, else the minion's
/// `backup_mode` (Salt's default is `""`, so pillar and grains are never consulted).
pub(crate) fn backup_mode(call: &crate::StateCall) -> String {
    match call.arg("backup").filter(|b| b.truthy()) {
        Some(b) => b.py_str(),
        None => call
            .ctx
            .opts
            .get("backup_mode")
            .filter(|v| !v.is_null())
            .map(Value::py_str)
            .unwrap_or_default(),
    }
}

/// Whether `salt.utils.files.copyfile(..., backup_mode, cachedir)` keeps a copy on the minion.
pub(crate) fn backs_up(mode: &str) -> bool {
    mode == "minion" || mode == "both"
}

/// `salt.utils.files.backup_minion(path, cachedir/file_backup)`: a copy of `path` (same mode
/// and owner) at `file_backup/<dirname without the leading slash>/<basename>_<stamp>`.
pub(crate) fn backup_minion(path: &str, cachedir: &str) -> std::io::Result<()> {
    let md = std::fs::metadata(path)?;
    let p = Path::new(path);
    let dname = p
        .parent()
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default();
    let bname = p
        .file_name()
        .map(|b| b.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stamp = crate::util::backup_stamp(std::time::SystemTime::now());
    let bkdir = Path::new(cachedir)
        .join("file_backup")
        .join(dname.trim_start_matches('/'));
    std::fs::create_dir_all(&bkdir)?;
    let bkpath = bkdir.join(format!("{bname}_{stamp}"));
    std::fs::copy(path, &bkpath)?;
    std::os::unix::fs::chown(&bkpath, Some(md.uid()), Some(md.gid()))?;
    std::fs::set_permissions(&bkpath, std::fs::Permissions::from_mode(md.mode() & 0o7777))
}

/// The minion's `cachedir`.
pub(crate) fn cachedir(call: &crate::StateCall) -> String {
    call.ctx
        .opts
        .get("cachedir")
        .map(Value::py_str)
        .unwrap_or_else(|| "/var/cache/salt/minion".into())
}

pub(crate) use halite_exec::files::mkstemp;

// Shared with archive.extracted.
pub(crate) use directory::normpath;
pub(crate) use managed::saltenv_of;
pub(crate) use source_hash::{hash_hex, source_sum_full, url_scheme, SumError};

/// `file.copy(src, dst)` for a file: the contents, then the source's owner, group and mode.
pub(crate) fn copy_with_perms(src: &str, dst: &str) -> std::io::Result<()> {
    let md = std::fs::metadata(src)?;
    std::fs::copy(src, dst)?;
    std::os::unix::fs::chown(dst, Some(md.uid()), Some(md.gid()))?;
    std::fs::set_permissions(dst, std::fs::Permissions::from_mode(md.mode() & 0o7777))
}

/// The process umask (read without changing it for long).
pub(crate) fn umask() -> u32 {
    // SAFETY: umask has no memory effects; the value is restored at once.
    unsafe {
        let m = libc::umask(0o022);
        libc::umask(m);
        m as u32
    }
}

pub(crate) fn is_abs(name: &str) -> bool {
    name.starts_with('/')
}

/// The file states' `if not os.path.isabs(name)` check and its message.
pub(crate) fn not_absolute(name: &str) -> Option<String> {
    (!is_abs(name)).then(|| format!("Specified file {name} is not an absolute path"))
}

pub(crate) fn lexists(p: &str) -> bool {
    std::fs::symlink_metadata(p).is_ok()
}

pub(crate) fn is_file(p: &str) -> bool {
    Path::new(p).is_file()
}

pub(crate) fn is_dir(p: &str) -> bool {
    Path::new(p).is_dir()
}

pub(crate) fn is_link(p: &str) -> bool {
    std::fs::symlink_metadata(p)
        .map(|m| m.file_type().is_symlink())
        .unwrap_or(false)
}

pub(crate) fn dirname(p: &str) -> String {
    match p.rfind('/') {
        Some(0) => "/".into(),
        Some(i) => p[..i].to_string(),
        None => String::new(),
    }
}

/// `{"name": name, "changes": {}, "result": True, "comment": ""}`.
pub(crate) fn ret_ncrc(name: &str) -> Map {
    crate::ret_ncrc(Value::str(name), Value::Bool(true), "")
}

/// `{"name": name, "changes": {}, "comment": "", "result": True}` (copy/rename order).
pub(crate) fn ret_nccr(name: &str, comment: &str) -> Map {
    let mut m = Map::new();
    m.insert("name", Value::str(name));
    m.insert("changes", Value::Map(Map::new()));
    m.insert("comment", Value::str(comment));
    m.insert("result", Value::Bool(true));
    m
}

pub(crate) fn changes_mut(ret: &mut Map) -> &mut Map {
    let v = ret.entry_or("changes", Value::Map(Map::new()));
    if !matches!(v, Value::Map(_)) {
        *v = Value::Map(Map::new());
    }
    match v {
        Value::Map(m) => m,
        _ => unreachable!("changes was just made a dict"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("halite-perms-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn mode_of(p: &Path) -> u32 {
        std::fs::symlink_metadata(p).unwrap().mode() & 0o7777
    }

    /// The race of issue 34: a link put where the managed file was renamed, before its mode
    /// is set, must not carry the chmod to the file it points at.
    #[test]
    fn perms_of_an_open_file_never_follow_a_swapped_in_link() {
        let d = scratch("open");
        let outside = d.join("outside");
        std::fs::write(&outside, "keep").unwrap();
        std::fs::set_permissions(&outside, std::fs::Permissions::from_mode(0o644)).unwrap();
        let name = d.join("managed");
        let name_s = name.to_str().unwrap();
        let mut seen = None;
        write_atomic_with(name_s, b"new", 0o600, |f| {
            // what the name holds now is still the old state: nothing yet
            assert!(
                !name.exists(),
                "the name appears only after the perms are set"
            );
            seen = Some(f.try_clone().unwrap());
        })
        .unwrap();
        let f = seen.unwrap();
        // the attacker's swap after the rename
        std::fs::remove_file(&name).unwrap();
        std::os::unix::fs::symlink(&outside, &name).unwrap();
        let (ret, st) = check_perms_of(
            PermTarget::Open(&f),
            Map::new(),
            None,
            None,
            Some("0640"),
            false,
        );
        assert_eq!(
            ret.get("changes").and_then(|c| c.get("mode")),
            Some(&Value::str("0640"))
        );
        assert_eq!(st.unwrap().mode, "0640");
        assert_eq!(mode_of(&outside), 0o644, "the outside file kept its mode");
        assert_eq!(f.metadata().unwrap().mode() & 0o7777, 0o640);
        let _ = std::fs::remove_dir_all(d);
    }

    /// By name, a link is followed or not as asked, and the inode opened is the one changed.
    #[test]
    fn perms_by_name_follow_links_only_when_asked() {
        let d = scratch("name");
        let target = d.join("target");
        std::fs::write(&target, "t").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o644)).unwrap();
        let link = d.join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let link_s = link.to_str().unwrap();
        // not followed: a link has no mode of its own, the target is left alone
        let _ = check_perms(link_s, Map::new(), None, None, Some("0600"), false, false);
        assert_eq!(mode_of(&target), 0o644);
        // followed: the target
        let (ret, _) = check_perms(link_s, Map::new(), None, None, Some("0600"), false, true);
        assert_eq!(mode_of(&target), 0o600);
        assert_eq!(ret.get("comment"), Some(&Value::str("")));
        // a name that does not exist: nothing, and no stats
        let (_, st) = check_perms(
            d.join("nope").to_str().unwrap(),
            Map::new(),
            None,
            None,
            Some("0600"),
            false,
            true,
        );
        assert!(st.is_none());
        let _ = std::fs::remove_dir_all(d);
    }
}

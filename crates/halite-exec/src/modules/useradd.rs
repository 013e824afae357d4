//! `salt.modules.useradd` (virtual name `user`, loaded on Linux): reads /etc/passwd and
//! /etc/group as `pwd`/`grp` see them on a host without NSS extras, and changes accounts
//! through shadow's tools as Salt runs them (`useradd`, `usermod`, `userdel`, `gpasswd`).

use crate::process::{self, CmdOptions, CmdResult, Program};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

pub(crate) struct Passwd {
    pub name: String,
    pub passwd: String,
    pub uid: u32,
    pub gid: u32,
    pub gecos: String,
    pub dir: String,
    pub shell: String,
}

/// The fields of the account file `path` (/etc/passwd, /etc/group) as `pwd`/`grp` read it
/// through NSS's files backend: a line with fewer than `min` fields, or a `#` comment, is
/// skipped.
fn file_entries<T>(path: &str, min: usize, entry: impl Fn(&[&str]) -> Option<T>) -> Vec<T> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            if f.len() < min {
                return None;
            }
            entry(&f)
        })
        .collect()
}

pub(crate) fn passwd_entries() -> Vec<Passwd> {
    file_entries("/etc/passwd", 7, |f| {
        Some(Passwd {
            name: f[0].into(),
            passwd: f[1].into(),
            uid: f[2].parse().ok()?,
            gid: f[3].parse().ok()?,
            gecos: f[4].into(),
            dir: f[5].into(),
            shell: f[6].into(),
        })
    })
}

/// An /etc/group entry.
pub(crate) struct Group {
    pub name: String,
    pub passwd: String,
    pub gid: u32,
    pub members: Vec<String>,
}

pub(crate) fn group_entries() -> Vec<Group> {
    file_entries("/etc/group", 4, |f| {
        Some(Group {
            name: f[0].into(),
            passwd: f[1].into(),
            gid: f[2].parse().ok()?,
            members: f[3]
                .split(',')
                .filter(|m| !m.is_empty())
                .map(String::from)
                .collect(),
        })
    })
}

pub(crate) fn user_name(uid: u32) -> Option<String> {
    passwd_entries()
        .into_iter()
        .find(|p| p.uid == uid)
        .map(|p| p.name)
}

pub(crate) fn group_name(gid: u32) -> Option<String> {
    group_entries()
        .into_iter()
        .find(|g| g.gid == gid)
        .map(|g| g.name)
}

/// `salt.utils.user.get_group_list(name)`: `os.getgrouplist` gives the gids (the primary one
/// and those of the groups listing the user), then every local group with one of those gids is
/// named, so two groups sharing a gid both appear. Sorted names.
pub(crate) fn group_list(name: &str, primary_gid: Option<u32>) -> Vec<String> {
    let groups = group_entries();
    let mut gids: Vec<u32> = primary_gid.into_iter().collect();
    gids.extend(
        groups
            .iter()
            .filter(|g| g.members.iter().any(|m| m == name))
            .map(|g| g.gid),
    );
    let mut out: Vec<String> = groups
        .into_iter()
        .filter(|g| gids.contains(&g.gid))
        .map(|g| g.name)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// `user.info(name, root=None)`: `{}` for an unknown user.
pub fn info(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("user.info", a, &["name", "root"], 1)?;
    let name = b.str_or(0, "");
    let Some(p) = passwd_entries().into_iter().find(|p| p.name == name) else {
        return Ok(Value::Map(Map::new()));
    };
    let mut gecos: Vec<String> = p.gecos.splitn(5, ',').map(String::from).collect();
    while gecos.len() < 5 {
        gecos.push(String::new());
    }
    let mut m = Map::new();
    m.insert("gid", Value::Int(p.gid as i64));
    m.insert(
        "groups",
        Value::List(
            group_list(&p.name, Some(p.gid))
                .into_iter()
                .map(Value::from)
                .collect(),
        ),
    );
    m.insert("home", Value::Str(p.dir.into()));
    m.insert("name", Value::Str(p.name.into()));
    m.insert("passwd", Value::Str(p.passwd.into()));
    m.insert("shell", Value::Str(p.shell.into()));
    m.insert("uid", Value::Int(p.uid as i64));
    for (k, v) in ["fullname", "roomnumber", "workphone", "homephone", "other"]
        .iter()
        .zip(gecos)
    {
        m.insert(*k, Value::Str(v.into()));
    }
    Ok(Value::Map(m))
}

/// `user.list_users(root=None)`: sorted user names.
pub fn list_users(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("user.list_users", a, &["root"], 0)?;
    let mut names: Vec<String> = passwd_entries().into_iter().map(|p| p.name).collect();
    names.sort();
    Ok(Value::List(names.into_iter().map(Value::from).collect()))
}

/// `user.list_groups(name)`.
pub fn list_groups(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("user.list_groups", a, &["name"], 1)?;
    let name = b.str_or(0, "");
    let gid = passwd_entries()
        .into_iter()
        .find(|p| p.name == name)
        .map(|p| p.gid);
    Ok(Value::List(
        group_list(&name, gid)
            .into_iter()
            .map(Value::from)
            .collect(),
    ))
}

/// Salt's `__virtual__`: the `pwd` module and a Linux kernel.
pub(crate) fn available() -> bool {
    cfg!(target_os = "linux")
}

/// `cmd.run_all(argv, python_shell=False)`: the tool's result; `Err` when it cannot start.
/// Like Salt's `cmd.*` it leaves the exit code in `__context__['retcode']`, which salt-call
/// exits with.
pub(crate) fn run_argv(ctx: &ExecContext, argv: &[String]) -> Result<CmdResult, ExecError> {
    let out = process::run(&Program::Argv(argv.to_vec()), &CmdOptions::default())
        .map_err(ExecError::Failed)?;
    ctx.retcode.set(out.retcode);
    Ok(out)
}

/// [`run_argv`] keeping the output's trailing whitespace (`rstrip=False`).
pub(crate) fn run_argv_raw(ctx: &ExecContext, argv: &[String]) -> Result<CmdResult, ExecError> {
    let opts = CmdOptions {
        no_rstrip: true,
        ..CmdOptions::default()
    };
    let out = process::run(&Program::Argv(argv.to_vec()), &opts).map_err(ExecError::Failed)?;
    ctx.retcode.set(out.retcode);
    Ok(out)
}

/// `salt.utils.path.which(cmd)` or Salt's "Command 'X' cannot be found".
pub(crate) fn which(cmd: &str) -> Result<String, ExecError> {
    let path = std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".into());
    // Salt's which also looks in the sbin folders a minion's PATH may lack.
    for dir in path.split(':').chain([
        "/bin",
        "/sbin",
        "/usr/bin",
        "/usr/sbin",
        "/usr/local/bin",
        "/usr/local/sbin",
    ]) {
        let p = std::path::Path::new(dir).join(cmd);
        if p.is_file() {
            return Ok(p.to_string_lossy().into_owned());
        }
    }
    Err(ExecError::Failed(format!(
        "Command '{cmd}' cannot be found"
    )))
}

fn passwd_of(name: &str) -> Option<Passwd> {
    passwd_entries().into_iter().find(|p| p.name == name)
}

fn info_of(name: &str) -> Value {
    info(
        &ExecContext::default(),
        &Args::new(vec![Value::str(name)], Map::new()),
    )
    .unwrap_or(Value::Map(Map::new()))
}

/// A positional argument as `str()` puts it on a command line.
fn arg_text(v: &Value) -> String {
    v.py_str()
}

/// `user.add(name, uid=None, gid=None, groups=None, home=None, shell=None, unique=True,
/// system=False, fullname='', roomnumber='', workphone='', homephone='', other='',
/// createhome=True, loginclass=None, nologinit=False, root=None, usergroup=None, local=False)`.
pub fn add(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "user.add",
        a,
        &[
            "name",
            "uid",
            "gid",
            "groups",
            "home",
            "shell",
            "unique",
            "system",
            "fullname",
            "roomnumber",
            "workphone",
            "homephone",
            "other",
            "createhome",
            "loginclass",
            "nologinit",
            "root",
            "usergroup",
            "local",
        ],
        1,
    )?;
    let name = b.str_or(0, "");
    let local = b.truthy(18);
    let mut cmd = vec![which(if local { "luseradd" } else { "useradd" })?];
    if let Some(shell) = b.opt(5).filter(|v| v.truthy()) {
        cmd.extend(["-s".into(), arg_text(shell)]);
    }
    if let Some(uid) = b.get(1).filter(|v| not_blank(v)) {
        cmd.extend(["-u".into(), arg_text(uid)]);
    }
    let groups: Option<Vec<String>> = b.opt(3).map(str_list);
    let usergroup = b.get(17);
    if let Some(gid) = b.get(2).filter(|v| not_blank(v)) {
        cmd.extend(["-g".into(), arg_text(gid)]);
    } else if usergroup.is_some_and(Value::truthy) {
        if !local {
            cmd.push("-U".into());
        }
    } else if groups.as_ref().is_some_and(|g| g.contains(&name)) {
        let defs = std::fs::read_to_string("/etc/login.defs").unwrap_or_default();
        for line in defs.split_inclusive('\n') {
            let head: String = line.chars().take(15).collect();
            if !head.contains("USERGROUPS_ENAB") {
                continue;
            }
            if line.contains("yes") {
                let gid = group_entries()
                    .into_iter()
                    .find(|g| g.name == name)
                    .map(|g| g.gid.to_string())
                    .unwrap_or_default();
                cmd.extend(["-g".into(), gid]);
            }
            break;
        }
    }
    if usergroup == Some(&Value::Bool(false)) {
        cmd.push(if local { "-n" } else { "-N" }.into());
    }
    if b.get(13).is_none_or(Value::truthy) {
        if !local {
            cmd.push("-m".into());
        }
    } else {
        cmd.push("-M".into());
    }
    if b.truthy(15) {
        cmd.push("-l".into());
    }
    if let Some(home) = b.opt(4) {
        cmd.extend(["-d".into(), arg_text(home)]);
    }
    if b.get(6).is_some_and(|v| !v.truthy()) {
        cmd.push("-o".into());
    }
    if b.truthy(7) {
        cmd.push("-r".into());
    }
    cmd.push(name.clone());
    let root = b.opt(16).map(Value::py_str);
    if let (Some(root), false) = (&root, local) {
        cmd.extend(["-R".into(), root.clone()]);
    }
    if run_argv(ctx, &cmd)?.retcode != 0 {
        return Ok(Value::Bool(false));
    }
    if let Some(groups) = groups.filter(|g| !g.is_empty()) {
        chgroups_list(ctx, &name, &groups, false)?;
    }
    for (i, key) in [
        (8, "fullname"),
        (9, "roomnumber"),
        (10, "workphone"),
        (11, "homephone"),
        (12, "other"),
    ] {
        if let Some(v) = b.opt(i).filter(|v| v.truthy()) {
            update_gecos(ctx, &name, key, Some(v))?;
        }
    }
    Ok(Value::Bool(true))
}

/// Python's `x not in (None, "")`.
fn not_blank(v: &Value) -> bool {
    !v.is_null() && v.as_str() != Some("")
}

/// A list argument, or a comma-separated string split as Salt splits it.
pub(crate) fn str_list(v: &Value) -> Vec<String> {
    match v {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        Value::Str(s) => s.split(',').map(String::from).collect(),
        other => vec![other.py_str()],
    }
}

/// `user.delete(name, remove=False, force=False, root=None, local=False)`.
pub fn delete(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "user.delete",
        a,
        &["name", "remove", "force", "root", "local"],
        1,
    )?;
    let local = b.truthy(4);
    let mut cmd = vec![which(if local { "luserdel" } else { "userdel" })?];
    if b.truthy(1) {
        cmd.push("-r".into());
    }
    if b.truthy(2) && !local {
        cmd.push("-f".into());
    }
    cmd.push(b.str_or(0, ""));
    if let (Some(root), false) = (b.opt(3), local) {
        cmd.extend(["-R".into(), root.py_str()]);
    }
    let ret = run_argv(ctx, &cmd)?;
    if ret.retcode == 0 {
        return Ok(Value::Bool(true));
    }
    // Debian's userdel exits 12 when the mail spool is missing; Salt treats that as done.
    Ok(Value::Bool(
        ret.retcode == 12
            && (ret.stderr.contains("var/mail") || ret.stderr.contains("var/spool/mail")),
    ))
}

/// `user.getent(refresh=False, root=None)`: `info` of every user, in /etc/passwd order.
pub fn getent(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("user.getent", a, &["refresh", "root"], 0)?;
    Ok(Value::List(
        passwd_entries()
            .into_iter()
            .map(|p| info_of(&p.name))
            .collect(),
    ))
}

/// `_chattrib(name, key, value, param, persist=False)`: `usermod PARAM VALUE NAME` unless
/// the value is already set; whether `info` shows the value afterwards.
fn chattrib(
    ctx: &ExecContext,
    name: &str,
    key: &str,
    value: &Value,
    param: &str,
    persist: bool,
) -> Result<Value, ExecError> {
    let pre = info_of(name);
    let Some(pre) = pre.as_map().filter(|m| !m.is_empty()) else {
        return Err(ExecError::Failed(format!("User '{name}' does not exist")));
    };
    if pre.get(key) == Some(value) {
        return Ok(Value::Bool(true));
    }
    let mut cmd = vec![which("usermod")?];
    if persist {
        cmd.push("-m".into());
    }
    cmd.extend([param.to_string(), arg_text(value), name.to_string()]);
    run_argv(ctx, &cmd)?;
    Ok(Value::Bool(info_of(name).get(key) == Some(value)))
}

macro_rules! chattrib_fn {
    ($fun:ident, $salt:literal, $arg:literal, $key:literal, $param:literal) => {
        #[doc = concat!("`user.", $salt, "(name, ", $arg, ", root=None)`.")]
        pub fn $fun(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
            let b = bind(concat!("user.", $salt), a, &["name", $arg, "root"], 2)?;
            let value = b.get(1).cloned().unwrap_or(Value::Null);
            chattrib(ctx, &b.str_or(0, ""), $key, &value, $param, false)
        }
    };
}

chattrib_fn!(chuid, "chuid", "uid", "uid", "-u");
chattrib_fn!(chgid, "chgid", "gid", "gid", "-g");
chattrib_fn!(chshell, "chshell", "shell", "shell", "-s");

/// `user.chhome(name, home, persist=False, root=None)`.
pub fn chhome(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("user.chhome", a, &["name", "home", "persist", "root"], 2)?;
    let value = b.get(1).cloned().unwrap_or(Value::Null);
    chattrib(ctx, &b.str_or(0, ""), "home", &value, "-d", b.truthy(2))
}

fn chgroups_list(
    ctx: &ExecContext,
    name: &str,
    groups: &[String],
    append: bool,
) -> Result<bool, ExecError> {
    let pw = passwd_of(name);
    let current: std::collections::BTreeSet<String> =
        group_list(name, pw.map(|p| p.gid)).into_iter().collect();
    let wanted: std::collections::BTreeSet<String> = groups.iter().cloned().collect();
    if current == wanted {
        return Ok(true);
    }
    let mut cmd = vec![which("usermod")?];
    if append {
        cmd.push("-a".into());
    }
    cmd.extend(["-G".into(), groups.join(","), name.to_string()]);
    let result = run_argv(ctx, &cmd)?;
    if result.retcode != 0 && result.stderr.contains("not found in") {
        let mut ok = true;
        for group in groups {
            let argv = vec![
                "gpasswd".into(),
                "-a".into(),
                name.to_string(),
                group.clone(),
            ];
            if run_argv(ctx, &argv)?.retcode != 0 {
                ok = false;
            }
        }
        return Ok(ok);
    }
    Ok(result.retcode == 0)
}

/// `user.chgroups(name, groups, append=False, root=None)`.
pub fn chgroups(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("user.chgroups", a, &["name", "groups", "append", "root"], 2)?;
    let groups = b.get(1).map(str_list).unwrap_or_default();
    Ok(Value::Bool(chgroups_list(
        ctx,
        &b.str_or(0, ""),
        &groups,
        b.truthy(2),
    )?))
}

const GECOS_KEYS: [&str; 5] = ["fullname", "roomnumber", "workphone", "homephone", "other"];

/// `_update_gecos(name, key, value)`: `usermod -c` with the five fields, trailing commas cut.
fn update_gecos(
    ctx: &ExecContext,
    name: &str,
    key: &str,
    value: Option<&Value>,
) -> Result<Value, ExecError> {
    let value = value
        .filter(|v| !v.is_null())
        .map(Value::py_str)
        .unwrap_or_default();
    let Some(pw) = passwd_of(name) else {
        return Err(ExecError::Failed(format!(
            "'getpwnam(): name not found: {name}'"
        )));
    };
    let mut fields: Vec<String> = pw.gecos.splitn(5, ',').map(String::from).collect();
    fields.resize(5, String::new());
    let idx = GECOS_KEYS.iter().position(|k| *k == key).unwrap_or(0);
    if fields[idx] == value {
        return Ok(Value::Bool(true));
    }
    fields[idx] = value.clone();
    let gecos = fields.join(",").trim_end_matches(',').to_string();
    run_argv(
        ctx,
        &[which("usermod")?, "-c".into(), gecos, name.to_string()],
    )?;
    let after = passwd_of(name)
        .map(|p| {
            let mut f: Vec<String> = p.gecos.splitn(5, ',').map(String::from).collect();
            f.resize(5, String::new());
            f[idx].clone()
        })
        .unwrap_or_default();
    Ok(Value::Bool(after == value))
}

macro_rules! gecos_fn {
    ($fun:ident, $key:literal) => {
        #[doc = concat!("`user.ch", $key, "(name, ", $key, ", root=None)`.")]
        pub fn $fun(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
            let b = bind(concat!("user.ch", $key), a, &["name", $key, "root"], 2)?;
            update_gecos(ctx, &b.str_or(0, ""), $key, b.get(1))
        }
    };
}

gecos_fn!(chfullname, "fullname");
gecos_fn!(chroomnumber, "roomnumber");
gecos_fn!(chworkphone, "workphone");
gecos_fn!(chhomephone, "homephone");
gecos_fn!(chother, "other");

/// `user.primary_group(name)`: `id -g -n NAME`.
pub fn primary_group(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("user.primary_group", a, &["name"], 1)?;
    let r = run_argv(
        ctx,
        &["id".into(), "-g".into(), "-n".into(), b.str_or(0, "")],
    )?;
    Ok(Value::str(if r.retcode == 0 {
        r.stdout.trim_end().to_string()
    } else {
        format!("{}{}", r.stdout, r.stderr).trim_end().to_string()
    }))
}

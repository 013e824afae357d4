//! `salt.modules.groupadd` (virtual name `group`, loaded on Linux): /etc/group as `grp` reads
//! it, changes through `groupadd`, `groupdel`, `groupmod` and `gpasswd` as Salt runs them.

use super::useradd::{group_entries, run_argv, which, Group};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

fn format_info(g: &Group) -> Value {
    let mut m = Map::new();
    m.insert("name", Value::str(&g.name));
    m.insert("passwd", Value::str(&g.passwd));
    m.insert("gid", Value::Int(g.gid as i64));
    m.insert(
        "members",
        Value::List(g.members.iter().map(Value::from).collect()),
    );
    Value::Map(m)
}

/// `group.info(name)` as a value (`{}` for an unknown group).
pub(crate) fn info_of(name: &str) -> Value {
    group_entries()
        .into_iter()
        .find(|e| e.name == name)
        .map(|e| format_info(&e))
        .unwrap_or(Value::Map(Map::new()))
}

/// `group.info(name, root=None)`.
pub fn info(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("group.info", a, &["name", "root"], 1)?;
    Ok(info_of(&b.str_or(0, "")))
}

/// `group.getent(refresh=False, root=None)`.
pub fn getent(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("group.getent", a, &["refresh", "root"], 0)?;
    Ok(Value::List(
        group_entries().iter().map(format_info).collect(),
    ))
}

/// `group.add(name, gid=None, system=False, root=None, non_unique=False, local=False)`.
/// Salt passes the gid as one argument, `-g 47001`, which groupadd accepts.
pub fn add(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "group.add",
        a,
        &["name", "gid", "system", "root", "non_unique", "local"],
        1,
    )?;
    let local = b.truthy(5);
    let mut cmd = vec![which(if local { "lgroupadd" } else { "groupadd" })?];
    if let Some(gid) = b.get(1).filter(|v| v.truthy()) {
        cmd.push(format!("-g {}", gid.py_str()));
        if b.truthy(4) && !local {
            cmd.push("-o".into());
        }
    }
    if b.truthy(2) {
        cmd.push("-r".into());
    }
    if let (Some(root), false) = (b.opt(3), local) {
        cmd.extend(["-R".into(), root.py_str()]);
    }
    cmd.push(b.str_or(0, ""));
    Ok(Value::Bool(run_argv(ctx, &cmd)?.retcode == 0))
}

/// `group.delete(name, root=None, local=False)`.
pub fn delete(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("group.delete", a, &["name", "root", "local"], 1)?;
    let local = b.truthy(2);
    let mut cmd = vec![which(if local { "lgroupdel" } else { "groupdel" })?];
    if let (Some(root), false) = (b.opt(1), local) {
        cmd.extend(["-R".into(), root.py_str()]);
    }
    cmd.push(b.str_or(0, ""));
    Ok(Value::Bool(run_argv(ctx, &cmd)?.retcode == 0))
}

/// `group.chgid(name, gid, root=None, non_unique=False)`: `groupmod -g GID NAME`.
pub fn chgid(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("group.chgid", a, &["name", "gid", "root", "non_unique"], 2)?;
    let name = b.str_or(0, "");
    let gid = b.get(1).cloned().unwrap_or(Value::Null);
    let pre = info_of(&name);
    if pre.as_map().is_none_or(Map::is_empty) {
        return Ok(Value::Bool(false));
    }
    if pre.get("gid") == Some(&gid) {
        return Ok(Value::Bool(true));
    }
    let param = if b.truthy(3) { "-og" } else { "-g" };
    run_argv(
        ctx,
        &[which("groupmod")?, param.into(), gid.py_str(), name.clone()],
    )?;
    Ok(Value::Bool(info_of(&name).get("gid") == Some(&gid)))
}

/// `group.adduser(name, username, root=None)`: `gpasswd --add USER GROUP`.
pub fn adduser(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("group.adduser", a, &["name", "username", "root"], 2)?;
    let mut cmd = vec![
        which("gpasswd")?,
        "--add".into(),
        b.str_or(1, ""),
        b.str_or(0, ""),
    ];
    if let Some(root) = b.opt(2) {
        cmd.extend(["--root".into(), root.py_str()]);
    }
    Ok(Value::Bool(run_argv(ctx, &cmd)?.retcode == 0))
}

/// `group.deluser(name, username, root=None)`: `gpasswd --del USER GROUP` when a member.
pub fn deluser(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("group.deluser", a, &["name", "username", "root"], 2)?;
    let (name, user) = (b.str_or(0, ""), b.str_or(1, ""));
    let member = group_entries()
        .into_iter()
        .find(|g| g.name == name)
        .is_some_and(|g| g.members.contains(&user));
    if !member {
        return Ok(Value::Bool(true));
    }
    let mut cmd = vec![which("gpasswd")?, "--del".into(), user, name];
    if let Some(root) = b.opt(2) {
        cmd.extend(["--root".into(), root.py_str()]);
    }
    Ok(Value::Bool(run_argv(ctx, &cmd)?.retcode == 0))
}

/// `group.members(name, members_list, root=None)`: `gpasswd --members LIST GROUP`.
pub fn members(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("group.members", a, &["name", "members_list", "root"], 2)?;
    let list = match b.get(1) {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect::<Vec<_>>().join(","),
        Some(v) => v.py_str(),
        None => String::new(),
    };
    let mut cmd = vec![which("gpasswd")?, "--members".into(), list, b.str_or(0, "")];
    if let Some(root) = b.opt(2) {
        cmd.extend(["--root".into(), root.py_str()]);
    }
    Ok(Value::Bool(run_argv(ctx, &cmd)?.retcode == 0))
}

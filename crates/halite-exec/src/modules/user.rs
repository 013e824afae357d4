//! `salt.modules.useradd` (virtual name `user`), read-only functions, from /etc/passwd and
//! /etc/group as `pwd`/`grp` see them on a host without NSS extras.

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

pub(crate) fn passwd_entries() -> Vec<Passwd> {
    let text = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            if f.len() < 7 {
                return None;
            }
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
        .collect()
}

/// (name, gid, members) of /etc/group.
pub(crate) fn group_entries() -> Vec<(String, u32, Vec<String>)> {
    let text = std::fs::read_to_string("/etc/group").unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            if f.len() < 4 {
                return None;
            }
            let members = f[3]
                .split(',')
                .filter(|m| !m.is_empty())
                .map(String::from)
                .collect();
            Some((f[0].to_string(), f[2].parse().ok()?, members))
        })
        .collect()
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
        .find(|g| g.1 == gid)
        .map(|g| g.0)
}

/// `salt.utils.user.get_group_list(name)`: sorted names of the user's groups, primary included.
pub(crate) fn group_list(name: &str, primary_gid: Option<u32>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (gname, gid, members) in group_entries() {
        if Some(gid) == primary_gid || members.iter().any(|m| m == name) {
            out.push(gname);
        }
    }
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

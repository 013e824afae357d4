//! `salt.modules.hosts`: the hosts file named by the `hosts.file` option (default
//! /etc/hosts), read and rewritten as Salt does (`add_host` and `set_comment` rewrite the
//! whole file one line per address; `set_host` and `rm_host` edit lines in place).

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// One entry of `_list_hosts()`: a comment line or an address with aliases (and comment).
#[derive(Clone)]
enum Entry {
    Comment(String),
    Addr {
        aliases: Vec<String>,
        comment: Option<String>,
    },
}

fn hosts_file(ctx: &ExecContext) -> String {
    let v = super::config::option(ctx, &Args::new(vec![Value::str("hosts.file")], Map::new()))
        .unwrap_or(Value::Null);
    if v.is_null() {
        String::new()
    } else {
        v.py_str()
    }
}

/// `_get_or_create_hostfile()`.
fn get_or_create(ctx: &ExecContext) -> Result<String, ExecError> {
    let hfn = hosts_file(ctx);
    if !std::path::Path::new(&hfn).exists() {
        std::fs::write(&hfn, "").map_err(|e| ExecError::Failed(format!("{hfn}: {e}")))?;
    }
    Ok(hfn)
}

/// `_list_hosts()`: keys `comment-N` or addresses, in file order.
fn list(ctx: &ExecContext) -> Vec<(String, Entry)> {
    let text = std::fs::read_to_string(hosts_file(ctx)).unwrap_or_default();
    let mut out: Vec<(String, Entry)> = Vec::new();
    let mut count = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('#') {
            out.push((format!("comment-{count}"), Entry::Comment(line.to_string())));
            count += 1;
            continue;
        }
        let (body, comment) = match line.find('#') {
            Some(i) => (
                line[..i].trim(),
                Some(line[i + 1..].trim_start().to_string()).filter(|c| !c.is_empty()),
            ),
            None => (line, None),
        };
        let mut comps = body.split_whitespace();
        let Some(ip) = comps.next() else {
            continue;
        };
        let pos = match out.iter().position(|(k, _)| k == ip) {
            Some(p) => p,
            None => {
                out.push((
                    ip.to_string(),
                    Entry::Addr {
                        aliases: Vec::new(),
                        comment: None,
                    },
                ));
                out.len() - 1
            }
        };
        if let Entry::Addr {
            aliases,
            comment: c,
        } = &mut out[pos].1
        {
            aliases.extend(comps.map(String::from));
            if comment.is_some() {
                *c = comment;
            }
        }
    }
    out
}

fn entry_value(e: &Entry) -> Value {
    match e {
        Entry::Comment(c) => Value::List(vec![Value::str(c.as_str())].into()),
        Entry::Addr { aliases, comment } => {
            let mut m = Map::new();
            m.insert(
                "aliases",
                Value::List(aliases.iter().map(Value::from).collect()),
            );
            if let Some(c) = comment {
                m.insert("comment", Value::str(c.as_str()));
            }
            Value::Map(m)
        }
    }
}

/// `hosts.list_hosts()`.
pub fn list_hosts(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("hosts.list_hosts", a, &[], 0)?;
    Ok(Value::Map(
        list(ctx)
            .iter()
            .map(|(k, e)| (Value::str(k.as_str()), entry_value(e)))
            .collect(),
    ))
}

fn aliases_of(hosts: &[(String, Entry)], ip: &str) -> Option<Vec<String>> {
    hosts
        .iter()
        .find(|(k, _)| k == ip)
        .and_then(|(_, e)| match e {
            Entry::Addr { aliases, .. } => Some(aliases.clone()),
            Entry::Comment(_) => None,
        })
}

/// `hosts.get_ip(host)`: the first address listing the alias, or `''`.
pub fn get_ip(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("hosts.get_ip", a, &["host"], 1)?;
    let host = b.str_or(0, "");
    for (ip, e) in list(ctx) {
        if let Entry::Addr { aliases, .. } = e {
            if aliases.contains(&host) {
                return Ok(Value::str(ip));
            }
        }
    }
    Ok(Value::str(""))
}

/// `hosts.get_alias(ip)`.
pub fn get_alias(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("hosts.get_alias", a, &["ip"], 1)?;
    let aliases = aliases_of(&list(ctx), &b.str_or(0, "")).unwrap_or_default();
    Ok(Value::List(aliases.iter().map(Value::from).collect()))
}

fn has_pair_in(hosts: &[(String, Entry)], ip: &str, alias: &Value) -> bool {
    let Some(aliases) = aliases_of(hosts, ip) else {
        return false;
    };
    match alias {
        Value::List(l) => l.iter().all(|x| aliases.contains(&x.py_str())),
        other => aliases.contains(&other.py_str()),
    }
}

/// `hosts.has_pair(ip, alias)`.
pub fn has_pair(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("hosts.has_pair", a, &["ip", "alias"], 2)?;
    let alias = b.get(1).cloned().unwrap_or(Value::Null);
    Ok(Value::Bool(has_pair_in(
        &list(ctx),
        &b.str_or(0, ""),
        &alias,
    )))
}

fn write(path: &str, text: &str) -> Result<(), ExecError> {
    std::fs::write(path, text).map_err(|e| ExecError::Failed(format!("{path}: {e}")))
}

/// Python's `bytes.split()` / `readlines()` on the file's lines, each with its newline.
fn read_lines(path: &str) -> Result<Vec<String>, ExecError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| ExecError::Failed(format!("{path}: {e}")))?;
    Ok(text.split_inclusive('\n').map(String::from).collect())
}

/// `hosts.set_host(ip, alias, comment=None)`: the first line of the address replaced, its
/// other lines removed, or a line appended.
pub fn set_host(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("hosts.set_host", a, &["ip", "alias", "comment"], 2)?;
    let (ip, alias) = (b.str_or(0, ""), b.str_or(1, ""));
    let hfn = get_or_create(ctx)?;
    if !std::path::Path::new(&hfn).is_file() {
        return Ok(Value::Bool(false));
    }
    let mut line_to_add = match b.opt(2).filter(|c| c.truthy()) {
        Some(c) => format!("{ip}\t\t{alias}\t\t# {}\n", c.py_str()),
        None => format!("{ip}\t\t{alias}\n"),
    };
    if alias.trim().is_empty() {
        line_to_add.clear();
    }
    let mut lines = read_lines(&hfn)?;
    let mut ovr = false;
    for line in lines.iter_mut() {
        let tmp = line.trim();
        if tmp.is_empty() || tmp.starts_with('#') {
            continue;
        }
        if tmp.split_whitespace().next() == Some(ip.as_str()) {
            if !ovr {
                *line = line_to_add.clone();
                ovr = true;
            } else {
                line.clear();
            }
        }
    }
    if !ovr {
        if let Some(last) = lines.last_mut() {
            if !last.ends_with('\n') {
                last.push('\n');
            }
        }
        lines.push(line_to_add);
    }
    write(&hfn, &lines.concat())?;
    Ok(Value::Bool(true))
}

/// `hosts.rm_host(ip, alias)`: the alias taken out of the address's lines (a line left with
/// no alias is removed).
pub fn rm_host(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("hosts.rm_host", a, &["ip", "alias"], 2)?;
    let (ip, alias) = (b.str_or(0, ""), b.str_or(1, ""));
    if !has_pair_in(&list(ctx), &ip, &Value::str(alias.as_str())) {
        return Ok(Value::Bool(true));
    }
    let hfn = get_or_create(ctx)?;
    let mut lines = read_lines(&hfn)?;
    for line in lines.iter_mut() {
        let tmp = line.trim().to_string();
        if tmp.is_empty() || tmp.starts_with('#') {
            continue;
        }
        let (host_info, comment) = match tmp.split_once('#') {
            Some((h, c)) => (h.to_string(), Some(c.trim_start().to_string())),
            None => (tmp.clone(), None),
        };
        let comps: Vec<&str> = host_info.split_whitespace().collect();
        if comps.first() == Some(&ip.as_str()) {
            let mut newline = format!("{}\t\t", comps[0]);
            for existing in &comps[1..] {
                if *existing == alias {
                    continue;
                }
                newline.push_str(existing);
                newline.push(' ');
            }
            if newline.trim() == ip {
                line.clear();
            } else {
                *line = match comment.filter(|c| !c.is_empty()) {
                    Some(c) => format!("{newline}# {c}\n"),
                    None => format!("{newline}\n"),
                };
            }
        }
    }
    write(&hfn, &lines.concat())?;
    Ok(Value::Bool(true))
}

/// `_write_hosts(hosts)`: one line per entry, stripped, each ending in a newline.
fn write_hosts(ctx: &ExecContext, hosts: &[(String, Entry)]) -> Result<(), ExecError> {
    let mut out = String::new();
    for (ip, e) in hosts {
        if ip.is_empty() {
            continue;
        }
        let line = match e {
            Entry::Comment(c) => c.clone(),
            Entry::Addr {
                aliases,
                comment: Some(c),
            } => format!("{ip}\t\t{}\t\t# {c}", aliases.join(" ")),
            Entry::Addr { aliases, .. } => format!("{ip}\t\t{}", aliases.join(" ")),
        };
        if !line.trim().is_empty() {
            out.push_str(line.trim());
            out.push('\n');
        }
    }
    let hfn = get_or_create(ctx)?;
    write(&hfn, &out)
}

/// `hosts.add_host(ip, alias)`: the alias added to the address, the file rewritten.
pub fn add_host(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("hosts.add_host", a, &["ip", "alias"], 2)?;
    let (ip, alias) = (b.str_or(0, ""), b.str_or(1, ""));
    let hfn = get_or_create(ctx)?;
    if !std::path::Path::new(&hfn).is_file() {
        return Ok(Value::Bool(false));
    }
    let mut hosts = list(ctx);
    if has_pair_in(&hosts, &ip, &Value::str(alias.as_str())) {
        return Ok(Value::Bool(true));
    }
    match hosts.iter_mut().find(|(k, _)| *k == ip) {
        Some((_, Entry::Addr { aliases, .. })) => aliases.push(alias),
        _ => hosts.push((
            ip,
            Entry::Addr {
                aliases: vec![alias],
                comment: None,
            },
        )),
    }
    write_hosts(ctx, &hosts)?;
    Ok(Value::Bool(true))
}

/// `hosts.set_comment(ip, comment)`.
pub fn set_comment(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("hosts.set_comment", a, &["ip", "comment"], 2)?;
    let (ip, new) = (b.str_or(0, ""), b.str_or(1, ""));
    let hfn = get_or_create(ctx)?;
    if !std::path::Path::new(&hfn).is_file() {
        return Ok(Value::Bool(false));
    }
    let mut hosts = list(ctx);
    let Some((_, Entry::Addr { comment, .. })) = hosts.iter_mut().find(|(k, _)| *k == ip) else {
        return Ok(Value::Bool(false));
    };
    if comment.as_deref() == Some(new.as_str()) {
        return Ok(Value::Bool(true));
    }
    *comment = Some(new);
    write_hosts(ctx, &hosts)?;
    Ok(Value::Bool(true))
}

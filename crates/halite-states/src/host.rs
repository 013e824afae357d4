//! Salt's `host` state module (salt/states/host.py): `present`, `absent`, `only`, through
//! the `hosts.*` execution functions.

use crate::util::salt;
use crate::{ret_ncrc, StateCall, StateError, StateRegistry};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("host.present", present, &["name", "ip"]);
    r.register("host.absent", absent, &["name", "ip"]);
    r.register("host.only", only, &["name", "hostnames"]);
}

fn ips(call: &StateCall) -> Vec<String> {
    match call.low.get("ip") {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(v) => vec![v.py_str()],
        None => Vec::new(),
    }
}

/// `salt.utils.validate.net.ip_addr`: an IPv4 or IPv6 address, optionally with a prefix.
fn is_ip(addr: &str) -> bool {
    let (ip, prefix) = match addr.split_once('/') {
        Some((ip, p)) => (ip, Some(p)),
        None => (addr, None),
    };
    match ip.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(_)) => {
            prefix.is_none_or(|p| p.parse::<u8>().is_ok_and(|n| n <= 32))
        }
        Ok(std::net::IpAddr::V6(_)) => {
            prefix.is_none_or(|p| p.parse::<u8>().is_ok_and(|n| n <= 128))
        }
        Err(_) => false,
    }
}

fn push_change(ret: &mut Map, kind: &str, addr: &str, item: &str) {
    let Some(Value::Map(ch)) = ret.get_mut("changes") else {
        return;
    };
    if !ch.contains_key(kind) {
        ch.insert(kind, Value::Map(Map::new()));
    }
    if let Some(Value::Map(by_addr)) = ch.get_mut(kind) {
        if !by_addr.contains_key(addr) {
            by_addr.insert(addr, Value::List(Vec::new().into()));
        }
        if let Some(Value::List(l)) = by_addr.get_mut(addr) {
            l.push(Value::str(item));
        }
    }
}

/// `host.present(name, ip, comment='', clean=False)`. Salt walks its to-do items as Python
/// sets; halite keeps the order of the `ip` list (the same for one address).
pub fn present(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = ret_ncrc(call.name(), Value::Bool(true), "");
    let ip = ips(call);
    let comment = call
        .arg("comment")
        .filter(|c| c.truthy())
        .map(Value::py_str);
    let clean = call.flag("clean", false);
    let all_hosts = salt(call, "hosts.list_hosts", vec![])?;
    let all = all_hosts.as_map().cloned().unwrap_or_default();
    let mut comments: Vec<String> = Vec::new();
    let mut to_add: Vec<(String, String)> = Vec::new();
    let mut update_comment: Vec<(String, String)> = Vec::new();
    let mut to_remove: Vec<(String, String)> = Vec::new();
    fn add_once(v: &mut Vec<(String, String)>, item: (String, String)) {
        if !v.contains(&item) {
            v.push(item);
        }
    }
    for addr in &ip {
        if !all.contains_key(addr) {
            add_once(&mut to_add, (addr.clone(), name.clone()));
            if let Some(c) = &comment {
                add_once(&mut update_comment, (addr.clone(), c.clone()));
            }
        }
    }
    let mut warnings: Vec<Value> = Vec::new();
    for (addr, info) in all.iter() {
        let addr = addr.py_str();
        let has_alias = info
            .get("aliases")
            .and_then(Value::as_list)
            .is_some_and(|l| l.iter().any(|a| a.py_str() == name));
        if !ip.contains(&addr) {
            if has_alias {
                if clean {
                    add_once(&mut to_remove, (addr.clone(), name.clone()));
                } else {
                    warnings.push(Value::Str(format!(
                        "Host {name} present for IP address {addr}. To get rid of this warning, either run this state with 'clean' set to True to remove {name} from {addr}, or add {addr} to the 'ip' argument."
                    ).into()));
                }
            }
        } else if has_alias {
            let cur = info.get("comment").map(Value::py_str);
            match (&comment, cur) {
                (Some(c), Some(cur)) if &cur != c => {
                    add_once(&mut update_comment, (addr.clone(), c.clone()))
                }
                (Some(c), None) => add_once(&mut update_comment, (addr.clone(), c.clone())),
                _ => comments.push(format!("Host {name} ({addr}) already present")),
            }
        } else if is_ip(&addr) {
            add_once(&mut to_add, (addr.clone(), name.clone()));
            if let Some(c) = &comment {
                add_once(&mut update_comment, (addr.clone(), c.clone()));
            }
        } else {
            ret.insert("result", Value::Bool(false));
            comments.push(format!("Invalid IP Address for {name} ({addr})"));
        }
    }
    for (addr, host) in &to_add {
        if call.test {
            ret.insert("result", Value::Null);
            comments.push(format!("Host {host} ({addr}) would be added"));
        } else if salt(
            call,
            "hosts.add_host",
            vec![Value::str(addr.as_str()), Value::str(host.as_str())],
        )?
        .truthy()
        {
            comments.push(format!("Added host {host} ({addr})"));
        } else {
            ret.insert("result", Value::Bool(false));
            comments.push(format!("Failed to add host {host} ({addr})"));
            continue;
        }
        push_change(&mut ret, "added", addr, host);
    }
    for (addr, c) in &update_comment {
        if call.test {
            comments.push(format!("Comment for {addr} ({c}) would be added"));
        } else if salt(
            call,
            "hosts.set_comment",
            vec![Value::str(addr.as_str()), Value::str(c.as_str())],
        )?
        .truthy()
        {
            comments.push(format!("Set comment for host {addr} ({c})"));
        } else {
            ret.insert("result", Value::Bool(false));
            comments.push(format!("Failed to add comment for host {addr} ({c})"));
            continue;
        }
        push_change(&mut ret, "comment_added", addr, c);
    }
    for (addr, host) in &to_remove {
        if call.test {
            ret.insert("result", Value::Null);
            comments.push(format!("Host {host} ({addr}) would be removed"));
        } else if salt(
            call,
            "hosts.rm_host",
            vec![Value::str(addr.as_str()), Value::str(host.as_str())],
        )?
        .truthy()
        {
            comments.push(format!("Removed host {host} ({addr})"));
        } else {
            ret.insert("result", Value::Bool(false));
            comments.push(format!("Failed to remove host {host} ({addr})"));
            continue;
        }
        push_change(&mut ret, "removed", addr, host);
    }
    ret.insert("comment", Value::Str(comments.join("\n").into()));
    if !warnings.is_empty() {
        ret.insert("warnings", Value::List(warnings.into()));
    }
    Ok(ret)
}

/// `host.absent(name, ip)`.
pub fn absent(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = ret_ncrc(call.name(), Value::Null, "");
    let mut comments = Vec::new();
    for ip in ips(call) {
        let pair = salt(
            call,
            "hosts.has_pair",
            vec![Value::str(ip.as_str()), Value::str(name.as_str())],
        )?;
        if !pair.truthy() {
            ret.insert("result", Value::Bool(true));
            comments.push(format!("Host {name} ({ip}) already absent"));
        } else if call.test {
            comments.push(format!("Host {name} ({ip}) needs to be removed"));
        } else if salt(
            call,
            "hosts.rm_host",
            vec![Value::str(ip.as_str()), Value::str(name.as_str())],
        )?
        .truthy()
        {
            let mut m = Map::new();
            m.insert("host", Value::str(name.as_str()));
            ret.insert("changes", Value::Map(m));
            ret.insert("result", Value::Bool(true));
            comments.push(format!("Removed host {name} ({ip})"));
        } else {
            ret.insert("result", Value::Bool(false));
            comments.push("Failed to remove host".to_string());
        }
    }
    ret.insert("comment", Value::Str(comments.join("\n").into()));
    Ok(ret)
}

/// `host.only(name, hostnames)`.
pub fn only(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = ret_ncrc(call.name(), Value::Null, "");
    let hostnames: Vec<String> = match call.low.get("hostnames") {
        Some(Value::List(l)) => l.iter().map(|h| h.py_str().trim().to_string()).collect(),
        Some(v) => vec![v.py_str().trim().to_string()],
        None => Vec::new(),
    };
    let old_list = salt(call, "hosts.get_alias", vec![Value::str(name.as_str())])?;
    let old: Vec<String> = old_list
        .as_list()
        .map(|l| l.iter().map(Value::py_str).collect())
        .unwrap_or_default();
    let (old, new) = (old.join(" "), hostnames.join(" "));
    if old == new {
        ret.insert(
            "comment",
            Value::Str(format!("IP address {name} already set to \"{new}\"").into()),
        );
        ret.insert("result", Value::Bool(true));
        return Ok(ret);
    }
    if call.test {
        ret.insert(
            "comment",
            Value::Str(format!("Would change {name} from \"{old}\" to \"{new}\"").into()),
        );
        return Ok(ret);
    }
    let done = salt(
        call,
        "hosts.set_host",
        vec![Value::str(name.as_str()), Value::str(new.as_str())],
    )?;
    ret.insert("result", done.clone());
    if !done.truthy() {
        ret.insert(
            "comment",
            Value::Str(
                format!("hosts.set_host failed to change {name} from \"{old}\" to \"{new}\"")
                    .into(),
            ),
        );
        return Ok(ret);
    }
    ret.insert(
        "comment",
        Value::Str(format!("successfully changed {name} from \"{old}\" to \"{new}\"").into()),
    );
    let mut inner = Map::new();
    inner.insert("old", Value::str(old));
    inner.insert("new", Value::str(new));
    let mut m = Map::new();
    m.insert(name.as_str(), Value::Map(inner));
    ret.insert("changes", Value::Map(m));
    Ok(ret)
}

//! `salt.modules.network`, the read-only address helpers templates use.

use crate::ipaddress::{addr_string, parse_addr, Network, NetworkError};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};
use std::net::IpAddr;

/// `ipaddress.ip_network(cidr, strict=False)` containment.
fn in_cidr(ip: IpAddr, cidr: &str) -> Option<bool> {
    let (net, len) = match cidr.split_once('/') {
        Some((n, l)) => (n.parse::<IpAddr>().ok()?, Some(l.parse::<u32>().ok()?)),
        None => (cidr.parse::<IpAddr>().ok()?, None),
    };
    match (ip, net) {
        (IpAddr::V4(a), IpAddr::V4(n)) => {
            let len = len.unwrap_or(32).min(32);
            let mask = if len == 0 { 0 } else { u32::MAX << (32 - len) };
            Some(u32::from(a) & mask == u32::from(n) & mask)
        }
        (IpAddr::V6(a), IpAddr::V6(n)) => {
            let len = len.unwrap_or(128).min(128);
            let mask = if len == 0 {
                0
            } else {
                u128::MAX << (128 - len)
            };
            Some(u128::from(a) & mask == u128::from(n) & mask)
        }
        _ => Some(false),
    }
}

/// Python's `ipaddress` `is_private` for the ranges that matter on a host.
fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(a) => {
            a.is_private()
                || a.is_loopback()
                || a.is_link_local()
                || a.octets()[0] == 0
                || (a.octets()[0] == 100 && (a.octets()[1] & 0xc0) == 64)
                || (a.octets()[0] == 192 && a.octets()[1] == 0 && a.octets()[2] == 0)
                || (a.octets()[0] == 192 && a.octets()[1] == 0 && a.octets()[2] == 2)
                || (a.octets()[0] == 198 && (a.octets()[1] & 0xfe) == 18)
                || (a.octets()[0] == 198 && a.octets()[1] == 51 && a.octets()[2] == 100)
                || (a.octets()[0] == 203 && a.octets()[1] == 0 && a.octets()[2] == 113)
                || a.octets()[0] >= 240
        }
        IpAddr::V6(a) => {
            let s = a.segments();
            a.is_loopback()
                || a.is_unspecified()
                || (s[0] & 0xfe00) == 0xfc00
                || (s[0] & 0xffc0) == 0xfe80
                || s[0] == 0x2001 && s[1] == 0xdb8
        }
    }
}

fn addrs(interface: Option<&str>, include_loopback: bool, v6: bool) -> Vec<IpAddr> {
    let mut out: Vec<IpAddr> = Vec::new();
    for i in halite_grains::interfaces() {
        if interface.is_some_and(|want| want != i.name) {
            continue;
        }
        if v6 {
            out.extend(i.inet6.iter().map(|a| IpAddr::V6(*a)));
        } else {
            out.extend(i.inet.iter().map(|a| IpAddr::V4(*a)));
        }
    }
    out.retain(|a| include_loopback || !a.is_loopback());
    out.sort();
    out.dedup();
    out
}

/// `network.ip_addrs(interface=None, include_loopback=False, cidr=None, type=None)`.
pub fn ip_addrs(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "network.ip_addrs",
        a,
        &["interface", "include_loopback", "cidr", "type"],
        0,
    )?;
    let iface = b.opt(0).map(Value::py_str);
    let mut list = addrs(iface.as_deref(), b.truthy(1), false);
    if let Some(cidr) = b.opt(2).filter(|c| c.truthy()) {
        let cidr = cidr.py_str();
        list.retain(|ip| in_cidr(*ip, &cidr).unwrap_or(false));
    } else {
        match b.opt(3).map(Value::py_str).as_deref() {
            Some("public") => list.retain(|ip| !is_private(*ip)),
            Some("private") => list.retain(|ip| is_private(*ip)),
            _ => {}
        }
    }
    Ok(Value::List(
        list.into_iter()
            .map(|ip| Value::Str(ip.to_string().into()))
            .collect(),
    ))
}

/// `network.ip_addrs6(interface=None, include_loopback=False, cidr=None)`.
pub fn ip_addrs6(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "network.ip_addrs6",
        a,
        &["interface", "include_loopback", "cidr"],
        0,
    )?;
    let iface = b.opt(0).map(Value::py_str);
    let mut list = addrs(iface.as_deref(), b.truthy(1), true);
    if let Some(cidr) = b.opt(2).filter(|c| c.truthy()) {
        let cidr = cidr.py_str();
        list.retain(|ip| in_cidr(*ip, &cidr).unwrap_or(false));
    }
    Ok(Value::List(
        list.into_iter()
            .map(|ip| Value::Str(ip.to_string().into()))
            .collect(),
    ))
}

/// `network.get_hostname()`: `socket.gethostname()`.
pub fn get_hostname(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("network.get_hostname", a, &[], 0)?;
    Ok(Value::Str(halite_grains::hostname().into()))
}

/// `network.get_fqdn()`: `socket.getfqdn()`.
pub fn get_fqdn(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("network.get_fqdn", a, &[], 0)?;
    Ok(Value::Str(halite_grains::getfqdn("").into()))
}

/// `network.hw_addr(iface)`: the MAC address, or Salt's message for an unknown interface.
pub fn hw_addr(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("network.hw_addr", a, &["iface"], 1)?;
    let name = b.str_or(0, "");
    Ok(
        match halite_grains::interfaces()
            .into_iter()
            .find(|i| i.name == name)
        {
            Some(i) => i.hwaddr.map(Value::from).unwrap_or(Value::str("")),
            None => Value::Str(
                format!(
                    "Interface \"{name}\" not in available interfaces: \"{}\"",
                    available()
                )
                .into(),
            ),
        },
    )
}

fn available() -> String {
    let names: Vec<String> = halite_grains::interfaces()
        .into_iter()
        .map(|i| i.name)
        .collect();
    names.join("\", \"")
}

/// `network.in_subnet(cidr)`: does any non-loopback address of the host lie in `cidr`.
pub fn in_subnet(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("network.in_subnet", a, &["cidr"], 1)?;
    let cidr = b.str_or(0, "");
    let all: Vec<IpAddr> = addrs(None, false, false)
        .into_iter()
        .chain(addrs(None, false, true))
        .collect();
    Ok(Value::Bool(
        all.into_iter()
            .any(|ip| in_cidr(ip, &cidr).unwrap_or(false)),
    ))
}

/// The scope `ip addr` prints for an IPv6 address.
fn scope6(a: &std::net::Ipv6Addr) -> &'static str {
    let s = a.segments();
    if a.is_loopback() {
        "host"
    } else if (s[0] & 0xffc0) == 0xfe80 {
        "link"
    } else if (s[0] & 0xffc0) == 0xfec0 {
        "site"
    } else {
        "global"
    }
}

/// `network.interfaces()`: `{name: {up, hwaddr, inet: [...], inet6: [...]}}`.
pub fn interfaces(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("network.interfaces", a, &[], 0)?;
    let mut out = Map::new();
    for i in halite_grains::interfaces() {
        let mut m = Map::new();
        m.insert("up", Value::Bool(i.up));
        if let Some(h) = &i.hwaddr {
            m.insert("hwaddr", Value::Str(h.clone().into()));
        }
        if !i.inet.is_empty() {
            let list = i
                .inet
                .iter()
                .zip(&i.inet_detail)
                .map(|(addr, (mask, bcast, label))| {
                    let mut e = Map::new();
                    e.insert("address", Value::Str(addr.to_string().into()));
                    e.insert("netmask", Value::Str(mask.to_string().into()));
                    e.insert(
                        "broadcast",
                        bcast
                            .map(|b| Value::Str(b.to_string().into()))
                            .unwrap_or(Value::Null),
                    );
                    e.insert("label", Value::Str(label.clone().into()));
                    Value::Map(e)
                })
                .collect();
            m.insert("inet", Value::List(list));
        }
        if !i.inet6.is_empty() {
            let list = i
                .inet6
                .iter()
                .zip(&i.inet6_prefix)
                .map(|(addr, prefix)| {
                    let mut e = Map::new();
                    e.insert("address", Value::Str(addr.to_string().into()));
                    e.insert("prefixlen", Value::Str(prefix.to_string().into()));
                    e.insert("scope", Value::str(scope6(addr)));
                    Value::Map(e)
                })
                .collect();
            m.insert("inet6", Value::List(list));
        }
        out.insert(i.name.clone(), Value::Map(m));
    }
    Ok(Value::Map(out))
}

/// `_subnets(proto, interfaces)`: the non-loopback networks of the host, sorted.
fn subnets_of(filter: Option<&Value>, v6: bool) -> Vec<Value> {
    let wanted = |name: &str| match filter {
        None | Some(Value::Null) => true,
        Some(Value::List(l)) => l.iter().any(|v| v.py_str() == name),
        Some(other) => other.py_str() == name,
    };
    let mut nets4: Vec<(u32, u32)> = Vec::new();
    let mut nets6: Vec<(u128, u32)> = Vec::new();
    for i in halite_grains::interfaces()
        .into_iter()
        .filter(|i| wanted(&i.name))
    {
        if v6 {
            for (addr, len) in i.inet6.iter().zip(&i.inet6_prefix) {
                if addr.is_loopback() {
                    continue;
                }
                let mask = if *len == 0 {
                    0
                } else {
                    u128::MAX << (128 - len.min(&128))
                };
                nets6.push((u128::from(*addr) & mask, *len));
            }
        } else {
            for (addr, (mask, _, _)) in i.inet.iter().zip(&i.inet_detail) {
                if addr.is_loopback() {
                    continue;
                }
                let m = u32::from(*mask);
                nets4.push((u32::from(*addr) & m, m.count_ones()));
            }
        }
    }
    nets4.sort();
    nets4.dedup();
    nets6.sort();
    nets6.dedup();
    if v6 {
        nets6
            .into_iter()
            .map(|(n, l)| Value::Str(format!("{}/{l}", std::net::Ipv6Addr::from(n)).into()))
            .collect()
    } else {
        nets4
            .into_iter()
            .map(|(n, l)| Value::Str(format!("{}/{l}", std::net::Ipv4Addr::from(n)).into()))
            .collect()
    }
}

/// `network.subnets(interfaces=None)`.
pub fn subnets(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("network.subnets", a, &["interfaces"], 0)?;
    Ok(Value::List((subnets_of(b.get(0), false)).into()))
}

/// `network.subnets6()`.
pub fn subnets6(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("network.subnets6", a, &[], 0)?;
    Ok(Value::List((subnets_of(None, true)).into()))
}

/// `ipaddress.ip_network(value, strict)` of a template value: a string, or an integer (the
/// address it numbers, a /32 or /128); anything else is Python's `ValueError`.
fn ip_network(v: &Value, strict: bool) -> Result<Network, ExecError> {
    let invalid = || {
        crate::note_python_error();
        ExecError::Failed(format!(
            "{} does not appear to be an IPv4 or IPv6 network",
            v.py_repr()
        ))
    };
    let parsed = match v {
        Value::Str(s) => Network::parse(s, strict),
        Value::Int(n) if *n >= 0 => {
            let addr = match u32::try_from(*n) {
                Ok(n) => IpAddr::V4(n.into()),
                Err(_) => IpAddr::V6((*n as u128).into()),
            };
            Network::parse(&addr_string(&addr), strict)
        }
        _ => return Err(invalid()),
    };
    parsed.map_err(|e| match e {
        NetworkError::Invalid => invalid(),
        NetworkError::HostBitsSet(net) => {
            crate::note_python_error();
            ExecError::Failed(format!("{net} has host bits set"))
        }
    })
}

/// `ipaddress.ip_address(value)` of a template value (a string or an integer).
fn ip_address(v: &Value) -> Result<IpAddr, ExecError> {
    let parsed = match v {
        Value::Str(s) => parse_addr(s),
        Value::Int(n) if *n >= 0 => Some(match u32::try_from(*n) {
            Ok(n) => IpAddr::V4(n.into()),
            Err(_) => IpAddr::V6((*n as u128).into()),
        }),
        _ => None,
    };
    parsed.ok_or_else(|| {
        crate::note_python_error();
        ExecError::Failed(format!(
            "{} does not appear to be an IPv4 or IPv6 address",
            v.py_repr()
        ))
    })
}

/// `network.calc_net(ip_addr, netmask=None)`: the network `ip_addr` (CIDR notation
/// accepted) lies in, `str(ip_network(ip_addr[/netmask], strict=False))`.
pub fn calc_net(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("network.calc_net", a, &["ip_addr", "netmask"], 1)?;
    let ip = b.get(0).cloned().unwrap_or_default();
    let ip = match b.opt(1) {
        Some(mask) => Value::Str(format!("{}/{}", ip.py_str(), mask.py_str()).into()),
        None => ip,
    };
    Ok(Value::Str(ip_network(&ip, false)?.to_string().into()))
}

/// `network.ip_in_subnet(ip_addr, cidr)`: salt.utils.network's `in_subnet(cidr, ip_addr)`,
/// which reads `cidr` strictly (an invalid one, host bits included, is false, as Salt
/// logs and answers) and takes one address or a list of them (any of them).
pub fn ip_in_subnet(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("network.ip_in_subnet", a, &["ip_addr", "cidr"], 2)?;
    let cidr = b.get(1).cloned().unwrap_or_default();
    let Ok(net) = ip_network(&cidr, true) else {
        // salt.utils.network.in_subnet logs "Invalid CIDR" and answers False
        crate::take_python_error();
        return Ok(Value::Bool(false));
    };
    let ip = b.get(0).cloned().unwrap_or_default();
    let addrs = match &ip {
        Value::List(items) => items.iter().cloned().collect(),
        one => vec![one.clone()],
    };
    for addr in &addrs {
        if net.contains(ip_address(addr)?) {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

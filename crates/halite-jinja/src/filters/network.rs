//! Salt's network filters (salt/utils/network.py): `is_ip`, `is_ipv4`, `is_ipv6`, `ipaddr`,
//! `ipv4`, `ipv6`, `ip_host`, `network_hosts`, `network_size`, `gen_mac`, `ipwrap`,
//! `filter_by_networks`, `mac_str_to_bytes`, on Python's
//! `ipaddress` rules (an address, or an interface `addr/prefix`, `addr/netmask`,
//! `addr/hostmask`; `options` such as `loopback,private` test its properties).

use super::{add, mut_list, to_list, FilterResult};
use crate::args::PyArgs;
use crate::repr::py_str;
use halite_exec::ipaddress::{addr_string, parse_addr, parse_prefix};
use minijinja::value::{Value, ValueKind};
use minijinja::{Environment, Error, ErrorKind, State};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

pub fn register(env: &mut Environment<'static>) {
    add(env, "is_ip", |_, v, a| {
        let options = options(&a)?;
        Ok(Value::from(
            is_ipv(&v, 4, options.as_deref()).is_some()
                || is_ipv(&v, 6, options.as_deref()).is_some(),
        ))
    });
    add(env, "is_ipv4", |_, v, a| {
        Ok(Value::from(
            is_ipv(&v, 4, options(&a)?.as_deref()).is_some(),
        ))
    });
    add(env, "is_ipv6", |_, v, a| {
        Ok(Value::from(
            is_ipv(&v, 6, options(&a)?.as_deref()).is_some(),
        ))
    });
    add(env, "ipaddr", |_, v, a| {
        Ok(out(ipaddr(&v, options(&a)?.as_deref())?))
    });
    add(env, "ipv4", |_, v, a| {
        Ok(out(ipv_filter(&v, 4, options(&a)?.as_deref())?))
    });
    add(env, "ipv6", |_, v, a| {
        Ok(out(ipv_filter(&v, 6, options(&a)?.as_deref())?))
    });
    add(env, "ip_host", |s, v, a| {
        per_address(s, v, a, |ip| Ok(Value::from(ip.interface_string())))
    });
    add(env, "network_hosts", |s, v, a| {
        per_address(s, v, a, |ip| {
            Ok(mut_list(
                ip.network_hosts()?.into_iter().map(Value::from).collect(),
            ))
        })
    });
    add(env, "network_size", |s, v, a| {
        per_address(s, v, a, |ip| Ok(ip.network_size()))
    });
    add(env, "gen_mac", gen_mac);
    add(env, "ipwrap", |_, v, _| {
        if is_list(&v) {
            let mut out = Vec::new();
            for x in to_list(&v)? {
                out.push(ip_bracket(x)?);
            }
            return Ok(mut_list(out));
        }
        ip_bracket(v)
    });
    add(env, "filter_by_networks", filter_by_networks);
    // network.mac_str_to_bytes: `08:00:27:13:69:77` or `080027136977` as 6 bytes
    add(env, "mac_str_to_bytes", |_, v, _| {
        let s = py_str(&v);
        let hex: String = match s.chars().count() {
            12 => s.clone(),
            17 => {
                let sep = s.chars().nth(2).unwrap_or(':');
                s.replace(sep, "")
            }
            _ => return Err(value_error("Invalid MAC address")),
        };
        let mut out = Vec::with_capacity(6);
        for i in (0..12).step_by(2) {
            let pair = hex.get(i..i + 2).unwrap_or("");
            out.push(u8::from_str_radix(pair, 16).map_err(|_| {
                value_error(&format!("invalid literal for int() with base 16: '{pair}'"))
            })?);
        }
        Ok(Value::from_bytes(out))
    });
}

fn value_error(msg: &str) -> Error {
    Error::new(ErrorKind::InvalidOperation, msg.to_string())
}

/// `ipwrap` of one value: an IPv6 address (or interface: Salt's `ip_bracket` then fails)
/// in brackets, anything else as it is.
fn ip_bracket(v: Value) -> FilterResult {
    if is_ipv(&v, 6, None).is_none() {
        return Ok(v);
    }
    let s = py_str(&v);
    let bare = s.trim_start_matches('[').trim_end_matches(']');
    match parse_addr(bare) {
        Some(a) => Ok(Value::from(format!("[{}]", addr_string(&a)))),
        None => Err(value_error(&format!(
            "'{bare}' does not appear to be an IPv4 or IPv6 address"
        ))),
    }
}

/// `network.filter_by_networks(values, networks)`: the addresses of a list (or of each list
/// of a dict, by key) inside any of the networks, once for each network holding them; all
/// of them when `networks` is None.
fn filter_by_networks(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let networks = match a.get(0, "networks") {
        None => {
            return Err(crate::args::type_error(
                "filter_by_networks() missing 1 required positional argument: 'networks'",
            ))
        }
        Some(n) if n.is_none() => return Ok(v),
        Some(n) => n,
    };
    let mut nets = Vec::new();
    for n in to_list(&networks)? {
        let text = py_str(&n);
        let ip = Ip::parse(&text).ok_or_else(|| {
            value_error(&format!(
                "'{text}' does not appear to be an IPv4 or IPv6 network"
            ))
        })?;
        let (net, _) = ip.network_bounds();
        if net != ip.bits() {
            return Err(value_error(&format!("{text} has host bits set")));
        }
        nets.push(ip);
    }
    let filter = |ips: &Value| -> FilterResult {
        let mut out = Vec::new();
        for ip in to_list(ips)? {
            let text = py_str(&ip);
            let addr = parse_addr(&text).ok_or_else(|| {
                value_error(&format!(
                    "'{text}' does not appear to be an IPv4 or IPv6 address"
                ))
            })?;
            let addr = Ip { addr, prefix: None };
            for net in &nets {
                if net.version() == addr.version() && addr.in_net(net.bits(), net.prefix_len()) {
                    out.push(ip.clone());
                }
            }
        }
        Ok(mut_list(out))
    };
    if let Some(entries) = crate::methods::map_entries(&v) {
        let out = crate::mutable::MutMap::default();
        for (k, ips) in entries {
            out.insert(k, filter(&ips)?);
        }
        return Ok(out.into_value());
    }
    if is_list(&v) || v.kind() == ValueKind::String {
        return filter(&v);
    }
    Err(value_error(&format!(
        "Do not know how to filter a <class '{}'>",
        crate::args::py_type(&v)
    )))
}

/// What `_ipv_filter` and friends return: an address text, a list of them, or `None`.
enum Filtered {
    None,
    One(String),
    Many(Vec<String>),
}

fn out(f: Filtered) -> Value {
    match f {
        Filtered::None => Value::from(()),
        Filtered::One(s) => Value::from(s),
        Filtered::Many(l) => mut_list(l.into_iter().map(Value::from).collect()),
    }
}

/// The `options` argument (a comma-separated string, or `None`).
fn options(a: &PyArgs) -> Result<Option<String>, Error> {
    match a.get_some(0, "options") {
        None => Ok(None),
        Some(v) if !v.is_true() => Ok(None),
        Some(v) => match v.as_str() {
            Some(s) => Ok(Some(s.to_string())),
            None => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "'{}' object has no attribute 'split'",
                    crate::args::py_type(&v)
                ),
            )),
        },
    }
}

fn is_list(v: &Value) -> bool {
    matches!(v.kind(), ValueKind::Seq | ValueKind::Iterable)
}

/// `_ipv_filter(value, version, options)`.
fn ipv_filter(v: &Value, version: u8, options: Option<&str>) -> Result<Filtered, Error> {
    if matches!(v.kind(), ValueKind::String | ValueKind::Bytes) {
        return Ok(match is_ipv(v, version, options) {
            Some(s) => Filtered::One(s),
            None => Filtered::None,
        });
    }
    if is_list(v) {
        let items = to_list(v)?;
        return Ok(Filtered::Many(
            items
                .iter()
                .filter_map(|x| is_ipv(x, version, options))
                .collect(),
        ));
    }
    Ok(Filtered::None)
}

/// `ipaddr(value, options)`: both versions.
fn ipaddr(v: &Value, options: Option<&str>) -> Result<Filtered, Error> {
    let v4 = ipv_filter(v, 4, options)?;
    let v6 = ipv_filter(v, 6, options)?;
    Ok(match (v4, v6) {
        (Filtered::Many(mut a), Filtered::Many(b)) => {
            a.extend(b);
            Filtered::Many(a)
        }
        // `ipv4_obj or ipv6_obj`
        (Filtered::One(s), _) if !s.is_empty() => Filtered::One(s),
        (Filtered::Many(a), _) if !a.is_empty() => Filtered::Many(a),
        (_, other) => other,
    })
}

/// `ip_host`, `network_hosts`, `network_size`: `f` of the one address a string names, or of
/// each address of a list (`_filter_ipaddr` with the `version` argument), `None` when there
/// is none.
fn per_address(_: &State, v: Value, a: PyArgs, f: impl Fn(&Ip) -> FilterResult) -> FilterResult {
    let opts = options(&a)?;
    let version = a.get_some(1, "version");
    let filtered = match version.as_ref().and_then(Value::as_i64) {
        Some(4)
            if version
                .as_ref()
                .is_some_and(|v| v.kind() == ValueKind::Number) =>
        {
            ipv_filter(&v, 4, opts.as_deref())?
        }
        Some(6)
            if version
                .as_ref()
                .is_some_and(|v| v.kind() == ValueKind::Number) =>
        {
            ipv_filter(&v, 6, opts.as_deref())?
        }
        _ if version.as_ref().is_some_and(|v| v.is_true()) => Filtered::None,
        _ => ipaddr(&v, opts.as_deref())?,
    };
    let list = match filtered {
        Filtered::None => return Ok(Value::from(())),
        Filtered::One(s) if s.is_empty() => return Ok(Value::from(())),
        Filtered::Many(l) if l.is_empty() => return Ok(Value::from(())),
        Filtered::One(s) => vec![s],
        Filtered::Many(l) => l,
    };
    let parse = |s: &str| {
        Ip::parse(s).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidOperation,
                format!("'{s}' does not appear to be an IPv4 or IPv6 interface"),
            )
        })
    };
    if !is_list(&v) {
        return f(&parse(&list[0])?);
    }
    let mut items = Vec::with_capacity(list.len());
    for s in &list {
        items.push(f(&parse(s)?)?);
    }
    Ok(mut_list(items))
}

/// `_is_ipv(ip_addr, version, options)`: the address (or interface) as Python prints it
/// when it is one of that version and passes the options.
fn is_ipv(v: &Value, version: u8, options: Option<&str>) -> Option<String> {
    let ip = match v.kind() {
        ValueKind::String => Ip::parse(v.as_str()?)?,
        ValueKind::Bytes => Ip::parse(std::str::from_utf8(v.as_bytes()?).ok()?)?,
        // ipaddress.ip_address(int)
        ValueKind::Number | ValueKind::Bool if v.is_integer() || v.kind() == ValueKind::Bool => {
            let n = if v.kind() == ValueKind::Bool {
                i128::from(v.is_true())
            } else {
                i128::try_from(v.clone()).ok()?
            };
            if n < 0 {
                return None;
            }
            if n < (1i128 << 32) {
                Ip::addr(IpAddr::V4(Ipv4Addr::from(n as u32)))?
            } else {
                Ip::addr(IpAddr::V6(Ipv6Addr::from(n as u128)))?
            }
        }
        _ => return None,
    };
    if ip.version() != version {
        return None;
    }
    if let Some(options) = options {
        let list: Vec<&str> = options.split(',').map(str::trim).collect();
        for (name, test) in OPTIONS {
            if list.contains(name) && !test(&ip) {
                return None;
            }
        }
    }
    Some(ip.to_string())
}

/// `_ip_options`' map, in its order.
type OptionTest = fn(&Ip) -> bool;
const OPTIONS: &[(&str, OptionTest)] = &[
    ("global", |ip| !ip.is_private()),
    ("link-local", Ip::is_link_local),
    ("linklocal", Ip::is_link_local),
    ("ll", Ip::is_link_local),
    ("link_local", Ip::is_link_local),
    ("loopback", Ip::is_loopback),
    ("lo", Ip::is_loopback),
    ("multicast", Ip::is_multicast),
    ("private", Ip::is_private),
    ("public", |ip| !ip.is_private()),
    ("reserved", Ip::is_reserved),
    ("site-local", Ip::is_site_local),
    ("sl", Ip::is_site_local),
    ("site_local", Ip::is_site_local),
    ("unspecified", Ip::is_unspecified),
];

/// An `ipaddress` address, or an interface (address with a prefix length).
struct Ip {
    addr: IpAddr,
    prefix: Option<u8>,
}

impl Ip {
    fn addr(addr: IpAddr) -> Option<Ip> {
        Some(Ip { addr, prefix: None })
    }

    /// `ip_address(s)`, else `ip_interface(s)`.
    fn parse(s: &str) -> Option<Ip> {
        if let Some(addr) = parse_addr(s) {
            return Ip::addr(addr);
        }
        let mut parts = s.split('/');
        let (a, p) = (parts.next()?, parts.next()?);
        if parts.next().is_some() {
            return None;
        }
        let addr = parse_addr(a)?;
        let prefix = parse_prefix(p, addr.is_ipv4())?;
        Some(Ip {
            addr,
            prefix: Some(prefix),
        })
    }

    fn version(&self) -> u8 {
        if self.addr.is_ipv4() {
            4
        } else {
            6
        }
    }

    fn max_prefix(&self) -> u8 {
        if self.addr.is_ipv4() {
            32
        } else {
            128
        }
    }

    fn bits(&self) -> u128 {
        match self.addr {
            IpAddr::V4(a) => u32::from(a) as u128,
            IpAddr::V6(a) => u128::from(a),
        }
    }

    fn in_net(&self, net: u128, len: u8) -> bool {
        let shift = self.max_prefix() - len;
        let ip = self.bits();
        if shift >= 128 {
            return true;
        }
        (ip >> shift) == (net >> shift)
    }

    fn in_v4(&self, net: [u8; 4], len: u8) -> bool {
        self.in_net(u32::from(Ipv4Addr::from(net)) as u128, len)
    }

    fn in_v6(&self, net: &str, len: u8) -> bool {
        net.parse::<Ipv6Addr>()
            .is_ok_and(|n| self.in_net(u128::from(n), len))
    }

    fn is_private(&self) -> bool {
        match self.addr {
            IpAddr::V4(_) => V4_PRIVATE.iter().any(|(n, l)| self.in_v4(*n, *l)),
            IpAddr::V6(a) => {
                if let Some(v4) = ipv4_mapped(a) {
                    return Ip::addr(IpAddr::V4(v4)).is_some_and(|ip| ip.is_private());
                }
                V6_PRIVATE.iter().any(|(n, l)| self.in_v6(n, *l))
            }
        }
    }

    fn is_link_local(&self) -> bool {
        match self.addr {
            IpAddr::V4(_) => self.in_v4([169, 254, 0, 0], 16),
            IpAddr::V6(_) => self.in_v6("fe80::", 10),
        }
    }

    /// An IPv6 interface is loopback or unspecified only with prefix 128 (its network must
    /// be too).
    fn whole_v6(&self) -> bool {
        self.prefix.is_none_or(|p| p == 128)
    }

    fn is_loopback(&self) -> bool {
        match self.addr {
            IpAddr::V4(_) => self.in_v4([127, 0, 0, 0], 8),
            IpAddr::V6(_) => self.bits() == 1 && self.whole_v6(),
        }
    }

    fn is_unspecified(&self) -> bool {
        match self.addr {
            IpAddr::V4(_) => self.bits() == 0,
            IpAddr::V6(_) => self.bits() == 0 && self.whole_v6(),
        }
    }

    fn is_multicast(&self) -> bool {
        match self.addr {
            IpAddr::V4(_) => self.in_v4([224, 0, 0, 0], 4),
            IpAddr::V6(_) => self.in_v6("ff00::", 8),
        }
    }

    fn is_reserved(&self) -> bool {
        match self.addr {
            IpAddr::V4(_) => self.in_v4([240, 0, 0, 0], 4),
            IpAddr::V6(_) => V6_RESERVED.iter().any(|(n, l)| self.in_v6(n, *l)),
        }
    }

    fn is_site_local(&self) -> bool {
        match self.addr {
            IpAddr::V4(_) => false,
            IpAddr::V6(_) => self.in_v6("fec0::", 10),
        }
    }

    /// `str(ipaddress.ip_interface(self))`: `addr/prefix`.
    fn interface_string(&self) -> String {
        format!(
            "{}/{}",
            addr_string(&self.addr),
            self.prefix.unwrap_or(self.max_prefix())
        )
    }

    fn prefix_len(&self) -> u8 {
        self.prefix.unwrap_or(self.max_prefix())
    }

    fn network_bounds(&self) -> (u128, u128) {
        let host_bits = (self.max_prefix() - self.prefix_len()) as u32;
        let mask: u128 = if host_bits >= 128 {
            u128::MAX
        } else {
            (1u128 << host_bits) - 1
        };
        let net = self.bits() & !mask;
        (net, net | mask)
    }

    /// `ip_network(self, strict=False).num_addresses`.
    fn network_size(&self) -> Value {
        let host_bits = (self.max_prefix() - self.prefix_len()) as u32;
        if host_bits >= 127 {
            // 2**127 and 2**128 do not fit an i128: minijinja has no bigger int
            return Value::from(
                (1u128 << host_bits.min(127)) as f64 * if host_bits == 128 { 2.0 } else { 1.0 },
            );
        }
        Value::from(1i128 << host_bits)
    }

    /// `[str(h) for h in ip_network(self, strict=False).hosts()]`: a /32 (/128) is its
    /// address, a /31 (/127) both, otherwise IPv4 leaves out the network and broadcast
    /// addresses and IPv6 the network (Subnet-Router anycast) address.
    fn network_hosts(&self) -> Result<Vec<String>, Error> {
        let (net, bcast) = self.network_bounds();
        let max = self.max_prefix();
        let len = self.prefix_len();
        let (first, last) = if len == max || len + 1 == max {
            (net, bcast)
        } else if self.addr.is_ipv4() {
            (net + 1, bcast - 1)
        } else {
            (net + 1, bcast)
        };
        if last - first >= 1 << 24 {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "network_hosts: {} has more hosts than halite lists",
                    self.interface_string()
                ),
            ));
        }
        Ok((first..=last)
            .map(|n| {
                if self.addr.is_ipv4() {
                    addr_string(&IpAddr::V4(Ipv4Addr::from(n as u32)))
                } else {
                    addr_string(&IpAddr::V6(Ipv6Addr::from(n)))
                }
            })
            .collect())
    }
}

impl std::fmt::Display for Ip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.prefix {
            None => f.write_str(&addr_string(&self.addr)),
            Some(_) => f.write_str(&self.interface_string()),
        }
    }
}

const V4_PRIVATE: &[([u8; 4], u8)] = &[
    ([0, 0, 0, 0], 8),
    ([10, 0, 0, 0], 8),
    ([127, 0, 0, 0], 8),
    ([169, 254, 0, 0], 16),
    ([172, 16, 0, 0], 12),
    ([192, 0, 0, 0], 29),
    ([192, 0, 0, 170], 31),
    ([192, 0, 2, 0], 24),
    ([192, 168, 0, 0], 16),
    ([198, 18, 0, 0], 15),
    ([198, 51, 100, 0], 24),
    ([203, 0, 113, 0], 24),
    ([240, 0, 0, 0], 4),
    ([255, 255, 255, 255], 32),
];

const V6_PRIVATE: &[(&str, u8)] = &[
    ("::1", 128),
    ("::", 128),
    ("::ffff:0:0", 96),
    ("100::", 64),
    ("2001::", 23),
    ("2001:2::", 48),
    ("2001:db8::", 32),
    ("2001:10::", 28),
    ("fc00::", 7),
    ("fe80::", 10),
];

const V6_RESERVED: &[(&str, u8)] = &[
    ("::", 8),
    ("100::", 8),
    ("200::", 7),
    ("400::", 6),
    ("800::", 5),
    ("1000::", 4),
    ("4000::", 3),
    ("6000::", 3),
    ("8000::", 3),
    ("a000::", 3),
    ("c000::", 3),
    ("e000::", 4),
    ("f000::", 5),
    ("f800::", 6),
    ("fe00::", 9),
];

fn ipv4_mapped(a: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = a.segments();
    (s[..5] == [0, 0, 0, 0, 0] && s[5] == 0xffff)
        .then(|| Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8))
}

/// `gen_mac(prefix='AC:DE:48')`: the prefix and three random bytes, upper-case hex.
fn gen_mac(_: &State, v: Value, _: PyArgs) -> FilterResult {
    let prefix = if v.is_none() {
        "AC:DE:48".to_string()
    } else {
        py_str(&v)
    };
    let bytes = super::hashes::urandom(3);
    Ok(Value::from(format!(
        "{prefix}:{:02X}:{:02X}:{:02X}",
        bytes[0], bytes[1], bytes[2]
    )))
}

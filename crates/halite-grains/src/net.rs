//! Network grains: interfaces and addresses (`getifaddrs`, the same netlink dump `ip addr`
//! prints), hostname/fqdn (`getaddrinfo` with `AI_CANONNAME`, as
//! `salt.utils.network.get_fqhostname`), default gateways (/proc/net/route and ipv6_route
//! instead of `ip route show`), resolv.conf, and reverse lookups for `fqdns`.

use crate::util::{read_trim, which};
use halite_value::{Map, Value};
use std::ffi::{CStr, CString};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

#[derive(Default)]
pub(crate) struct Iface {
    pub name: String,
    pub index: u32,
    pub hwaddr: Option<String>,
    pub up: bool,
    pub inet: Vec<Ipv4Addr>,
    pub inet6: Vec<Ipv6Addr>,
    /// Per IPv4 address: (netmask, broadcast, label).
    pub inet_detail: Vec<(Ipv4Addr, Option<Ipv4Addr>, String)>,
    /// Per IPv6 address: prefix length.
    pub inet6_prefix: Vec<u32>,
}

/// Interfaces in ifindex order (the order `ip addr show` prints them).
pub(crate) fn interfaces() -> Vec<Iface> {
    let mut out: Vec<Iface> = Vec::new();
    // Names, indexes and MAC addresses from sysfs (what `ip link show` prints).
    if let Ok(entries) = std::fs::read_dir("/sys/class/net") {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let base = format!("/sys/class/net/{name}");
            let index = read_trim(&format!("{base}/ifindex"))
                .and_then(|s| s.parse().ok())
                .unwrap_or(u32::MAX);
            let hwaddr = read_trim(&format!("{base}/address")).filter(|a| !a.is_empty());
            let flags = read_trim(&format!("{base}/flags"))
                .and_then(|f| u32::from_str_radix(f.trim_start_matches("0x"), 16).ok())
                .unwrap_or(0);
            out.push(Iface {
                name,
                index,
                hwaddr,
                up: flags & 1 != 0,
                ..Default::default()
            });
        }
    }
    out.sort_by_key(|i| i.index);
    // SAFETY: getifaddrs allocates a linked list we walk read-only and release with
    // freeifaddrs; every pointer is checked for NULL before it is dereferenced.
    unsafe {
        let mut head: *mut libc::ifaddrs = std::ptr::null_mut();
        if libc::getifaddrs(&mut head) == 0 {
            let mut cur = head;
            while !cur.is_null() {
                let ifa = &*cur;
                cur = ifa.ifa_next;
                if ifa.ifa_addr.is_null() || ifa.ifa_name.is_null() {
                    continue;
                }
                let name = CStr::from_ptr(ifa.ifa_name).to_string_lossy().into_owned();
                // Aliases (eth0:1) belong to their interface, as in `ip addr`.
                let base = name.split(':').next().unwrap_or(&name).to_string();
                let family = (*ifa.ifa_addr).sa_family as i32;
                let pos = match out.iter().position(|i| i.name == base) {
                    Some(p) => p,
                    None => {
                        out.push(Iface {
                            name: base.clone(),
                            index: u32::MAX,
                            ..Default::default()
                        });
                        out.len() - 1
                    }
                };
                let v4 = |p: *const libc::sockaddr| -> Option<Ipv4Addr> {
                    if p.is_null() || (*p).sa_family as i32 != libc::AF_INET {
                        return None;
                    }
                    let sa = &*(p as *const libc::sockaddr_in);
                    Some(Ipv4Addr::from(u32::from_be(sa.sin_addr.s_addr)))
                };
                if family == libc::AF_INET {
                    let sa = &*(ifa.ifa_addr as *const libc::sockaddr_in);
                    out[pos]
                        .inet
                        .push(Ipv4Addr::from(u32::from_be(sa.sin_addr.s_addr)));
                    let mask = v4(ifa.ifa_netmask).unwrap_or(Ipv4Addr::new(255, 255, 255, 255));
                    let bcast = if ifa.ifa_flags & libc::IFF_BROADCAST as u32 != 0 {
                        v4(ifa.ifa_ifu)
                    } else {
                        None
                    };
                    out[pos].inet_detail.push((mask, bcast, name.clone()));
                } else if family == libc::AF_INET6 {
                    let sa = &*(ifa.ifa_addr as *const libc::sockaddr_in6);
                    out[pos].inet6.push(Ipv6Addr::from(sa.sin6_addr.s6_addr));
                    let prefix = if ifa.ifa_netmask.is_null() {
                        128
                    } else {
                        let m = &*(ifa.ifa_netmask as *const libc::sockaddr_in6);
                        m.sin6_addr.s6_addr.iter().map(|b| b.count_ones()).sum()
                    };
                    out[pos].inet6_prefix.push(prefix);
                }
            }
            libc::freeifaddrs(head);
        }
    }
    out
}

/// `ip_interfaces`, `ip4_interfaces`, `ip6_interfaces`, `hwaddr_interfaces`, `ipv4`, `ipv6`.
pub(crate) struct NetGrains {
    pub hwaddr: Map,
    pub ip4: Map,
    pub ip6: Map,
    pub ip: Map,
    pub ipv4: Vec<Value>,
    pub ipv6: Vec<Value>,
    pub non_loopback: Vec<IpAddr>,
}

pub(crate) fn net_grains() -> NetGrains {
    let ifaces = interfaces();
    let (mut hwaddr, mut ip4, mut ip6, mut ip) = (Map::new(), Map::new(), Map::new(), Map::new());
    let mut v4: Vec<Ipv4Addr> = Vec::new();
    let mut v6: Vec<Ipv6Addr> = Vec::new();
    for i in &ifaces {
        if let Some(h) = &i.hwaddr {
            hwaddr.insert(i.name.clone(), Value::Str(h.clone().into()));
        }
        let a4: Vec<Value> = i
            .inet
            .iter()
            .map(|a| Value::Str(a.to_string().into()))
            .collect();
        let a6: Vec<Value> = i
            .inet6
            .iter()
            .map(|a| Value::Str(a.to_string().into()))
            .collect();
        ip4.insert(i.name.clone(), Value::List(a4.clone().into()));
        ip6.insert(i.name.clone(), Value::List(a6.clone().into()));
        ip.insert(
            i.name.clone(),
            Value::List(a4.into_iter().chain(a6).collect()),
        );
        v4.extend(i.inet.iter().copied());
        v6.extend(i.inet6.iter().copied());
    }
    v4.sort();
    v4.dedup();
    v6.sort();
    v6.dedup();
    let non_loopback = v4
        .iter()
        .filter(|a| !a.is_loopback())
        .map(|a| IpAddr::V4(*a))
        .chain(
            v6.iter()
                .filter(|a| !a.is_loopback())
                .map(|a| IpAddr::V6(*a)),
        )
        .collect();
    NetGrains {
        hwaddr,
        ip4,
        ip6,
        ip,
        ipv4: v4
            .iter()
            .map(|a| Value::Str(a.to_string().into()))
            .collect(),
        ipv6: v6
            .iter()
            .map(|a| Value::Str(a.to_string().into()))
            .collect(),
        non_loopback,
    }
}

/// `socket.gethostname()`.
pub(crate) fn gethostname() -> String {
    read_trim("/proc/sys/kernel/hostname").unwrap_or_else(|| crate::os::uname().nodename)
}

/// `getaddrinfo(host, family, flags)`: (canonical name, addresses).
fn getaddrinfo(host: &str, family: i32, canon: bool) -> Option<(Option<String>, Vec<IpAddr>)> {
    let c_host = CString::new(host).ok()?;
    // SAFETY: hints is zero-initialised as getaddrinfo requires; the result list is walked
    // read-only and freed with freeaddrinfo.
    unsafe {
        let mut hints: libc::addrinfo = std::mem::zeroed();
        hints.ai_family = family;
        if canon {
            hints.ai_flags = libc::AI_CANONNAME;
            hints.ai_socktype = libc::SOCK_STREAM;
            hints.ai_protocol = libc::IPPROTO_TCP;
        }
        let mut res: *mut libc::addrinfo = std::ptr::null_mut();
        if libc::getaddrinfo(c_host.as_ptr(), std::ptr::null(), &hints, &mut res) != 0 {
            return None;
        }
        let mut cname = None;
        let mut addrs = Vec::new();
        let mut cur = res;
        while !cur.is_null() {
            let ai = &*cur;
            if cname.is_none() && !ai.ai_canonname.is_null() {
                let s = CStr::from_ptr(ai.ai_canonname)
                    .to_string_lossy()
                    .into_owned();
                if !s.is_empty() {
                    cname = Some(s);
                }
            }
            if !ai.ai_addr.is_null() {
                match ai.ai_family {
                    libc::AF_INET => {
                        let sa = &*(ai.ai_addr as *const libc::sockaddr_in);
                        addrs.push(IpAddr::V4(Ipv4Addr::from(u32::from_be(sa.sin_addr.s_addr))));
                    }
                    libc::AF_INET6 => {
                        let sa = &*(ai.ai_addr as *const libc::sockaddr_in6);
                        addrs.push(IpAddr::V6(Ipv6Addr::from(sa.sin6_addr.s6_addr)));
                    }
                    _ => {}
                }
            }
            cur = ai.ai_next;
        }
        libc::freeaddrinfo(res);
        Some((cname, addrs))
    }
}

/// `salt.utils.network.get_fqhostname()`: the canonical name of the hostname, else
/// `socket.getfqdn()` (which falls back to the hostname itself).
pub(crate) fn fqhostname(host: &str) -> String {
    if let Some((Some(c), _)) = getaddrinfo(host, libc::AF_UNSPEC, true) {
        return c;
    }
    host.to_string()
}

/// Python's `socket.getfqdn(name)`: the reverse name of the first address `name` resolves to
/// (the hostname when `name` is empty); `name` itself when nothing resolves.
pub(crate) fn getfqdn(name: &str) -> String {
    let name = name.trim();
    let name = if name.is_empty() || name == "0.0.0.0" {
        gethostname()
    } else {
        name.to_string()
    };
    let Some((_, addrs)) = getaddrinfo(&name, libc::AF_UNSPEC, false) else {
        return name;
    };
    match addrs.first().and_then(|a| reverse_name(*a)) {
        Some(h) => h,
        None => name,
    }
}

/// `fqdn_ip4` / `fqdn_ip6`: the set of addresses the fqdn resolves to (Python's `list(set)`
/// order is arbitrary; halite keeps resolver order without duplicates).
pub(crate) fn fqdn_ips(fqdn: &str, v6: bool) -> Vec<Value> {
    let fam = if v6 { libc::AF_INET6 } else { libc::AF_INET };
    let mut out: Vec<String> = Vec::new();
    if let Some((_, addrs)) = getaddrinfo(fqdn, fam, false) {
        for a in addrs {
            let s = a.to_string();
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out.into_iter().map(Value::from).collect()
}

/// `network.fqdns()`: reverse lookups of the non-loopback addresses (`lookup`, each address
/// on a thread of its own, as Salt's thread pool), sorted.
pub(crate) fn fqdns(
    addrs: &[IpAddr],
    lookup: impl Fn(IpAddr) -> Option<String> + Send + Sync + Copy + 'static,
) -> Vec<Value> {
    let handles: Vec<_> = addrs
        .iter()
        .copied()
        .map(|a| (a, std::thread::Builder::new().spawn(move || lookup(a)).ok()))
        .collect();
    let mut names: Vec<String> = handles
        .into_iter()
        .filter_map(|(a, h)| match h {
            Some(h) => h.join().ok().flatten(),
            None => lookup(a),
        })
        .collect();
    names.sort();
    names.dedup();
    names.into_iter().map(Value::from).collect()
}

/// One address of `network.fqdns`: `socket.getfqdn(socket.gethostbyaddr(ip)[0])`.
pub(crate) fn reverse(addr: IpAddr) -> Option<String> {
    reverse_name(addr).map(|n| getfqdn(&n))
}

/// `getnameinfo(addr, NI_NAMEREQD)`.
fn reverse_name(addr: IpAddr) -> Option<String> {
    let mut host = [0 as libc::c_char; 1025];
    // SAFETY: the sockaddr is built on the stack with the right size for its family, and the
    // output buffer length is passed to getnameinfo.
    let rc = unsafe {
        match addr {
            IpAddr::V4(a) => {
                let mut sa: libc::sockaddr_in = std::mem::zeroed();
                sa.sin_family = libc::AF_INET as libc::sa_family_t;
                sa.sin_addr.s_addr = u32::from(a).to_be();
                libc::getnameinfo(
                    &sa as *const _ as *const libc::sockaddr,
                    std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t,
                    host.as_mut_ptr(),
                    host.len() as libc::socklen_t,
                    std::ptr::null_mut(),
                    0,
                    libc::NI_NAMEREQD,
                )
            }
            IpAddr::V6(a) => {
                let mut sa: libc::sockaddr_in6 = std::mem::zeroed();
                sa.sin6_family = libc::AF_INET6 as libc::sa_family_t;
                sa.sin6_addr.s6_addr = a.octets();
                libc::getnameinfo(
                    &sa as *const _ as *const libc::sockaddr,
                    std::mem::size_of::<libc::sockaddr_in6>() as libc::socklen_t,
                    host.as_mut_ptr(),
                    host.len() as libc::socklen_t,
                    std::ptr::null_mut(),
                    0,
                    libc::NI_NAMEREQD,
                )
            }
        }
    };
    if rc != 0 {
        return None;
    }
    // SAFETY: getnameinfo NUL-terminates the buffer on success.
    let name = unsafe { CStr::from_ptr(host.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    Some(fqhostname(&name))
}

/// `default_gateway()`: only when the `ip` binary exists, as in Salt.
pub(crate) fn gateways(g: &mut Map) {
    if which("ip").is_none() {
        return;
    }
    let mut any = false;
    let mut gw4 = Value::Bool(false);
    let mut gw6 = Value::Bool(false);
    if let Ok(text) = std::fs::read_to_string("/proc/net/route") {
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() < 8 || f[1] != "00000000" || f[7] != "00000000" {
                continue;
            }
            any = true;
            let gw = u32::from_str_radix(f[2], 16).unwrap_or(0);
            // The kernel prints the network-order address as a host-order integer.
            gw4 = if gw != 0 {
                Value::Str(Ipv4Addr::from(gw.to_ne_bytes()).to_string().into())
            } else {
                Value::Bool(true)
            };
            break;
        }
    }
    if let Ok(text) = std::fs::read_to_string("/proc/net/ipv6_route") {
        for line in text.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() < 10 || f[0] != "00000000000000000000000000000000" || f[1] != "00" {
                continue;
            }
            // Unreachable/blackhole default routes on lo are not "default" in `ip -6 route`.
            if f[9] == "lo" {
                continue;
            }
            any = true;
            gw6 = match u128::from_str_radix(f[4], 16) {
                Ok(0) | Err(_) => Value::Bool(true),
                Ok(n) => Value::Str(Ipv6Addr::from(n).to_string().into()),
            };
            break;
        }
    }
    g.insert("ip_gw", Value::Bool(any));
    g.insert("ip4_gw", gw4);
    g.insert("ip6_gw", gw6);
}

/// `salt.utils.dns.parse_resolv()` (systemd-resolved's file first, as Salt's `dns()`).
pub(crate) fn dns() -> Option<Map> {
    let path = if std::path::Path::new("/run/systemd/resolve/resolv.conf").exists() {
        "/run/systemd/resolve/resolv.conf"
    } else {
        "/etc/resolv.conf"
    };
    let text = std::fs::read_to_string(path).ok()?;
    let (mut ns, mut ns4, mut ns6) = (
        Vec::<String>::new(),
        Vec::<String>::new(),
        Vec::<String>::new(),
    );
    let mut search: Vec<Value> = Vec::new();
    let mut sortlist: Vec<Value> = Vec::new();
    let mut domain = String::new();
    let mut options: Vec<String> = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((directive, rest)) = words.split_first() else {
            continue;
        };
        let args: Vec<&str> = rest
            .iter()
            .take_while(|w| !w.starts_with(['#', ';']))
            .copied()
            .collect();
        match directive.to_lowercase().as_str() {
            "nameserver" => {
                let Some(a) = args.first() else { continue };
                match a.parse::<IpAddr>() {
                    Ok(ip) => {
                        let s = ip.to_string();
                        if !ns.contains(&s) {
                            ns.push(s.clone());
                        }
                        let list = if ip.is_ipv4() { &mut ns4 } else { &mut ns6 };
                        if !list.contains(&s) {
                            list.push(s);
                        }
                    }
                    Err(_) => continue,
                }
            }
            "domain" => {
                if let Some(a) = args.first() {
                    domain = a.to_string();
                }
            }
            "search" => search = args.iter().map(|s| Value::str(*s)).collect(),
            "sortlist" => {
                for a in args {
                    let v = Value::str(a);
                    if !sortlist.contains(&v) {
                        sortlist.push(v);
                    }
                }
            }
            "options" => {
                if let Some(a) = args.first() {
                    if !options.contains(&a.to_string()) {
                        options.push(a.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    let strs = |v: Vec<String>| Value::List(v.into_iter().map(Value::from).collect());
    let mut m = Map::new();
    m.insert("nameservers", strs(ns));
    m.insert("ip4_nameservers", strs(ns4));
    m.insert("ip6_nameservers", strs(ns6));
    m.insert("sortlist", Value::List(sortlist.into()));
    m.insert("domain", Value::Str(domain.into()));
    m.insert("search", Value::List(search.into()));
    m.insert("options", strs(options));
    Some(m)
}

//! Compares halite's core grains with `salt-call --local grains.items` recorded by
//! `scripts/oracle/grains_record.sh` (tests/data/grains.json, id `testminion`).
//!
//! The recording documents Salt's key order and value types. Its values are used only where
//! they do not depend on the host (`master`, `server_id`, the Salt and Python versions), or
//! where the only input they depend on is identical here (the os grains, when this host's
//! /etc/os-release is byte for byte the one recorded in tests/data/os-release). Every other
//! value is computed from this host at test time (/proc, /sys, `ip`, `getent`, ...) without
//! halite's code, or, where that is not reasonable, only its type is compared (the reason is
//! in [`expectation`]). Nothing here asks whether this is the recording machine.

use halite_value::{Map, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Grains Salt reports that halite does not: they describe Salt's own Python install.
const NOT_IMPLEMENTED: &[&str] = &["pythonexecutable", "pythonpath", "saltpath", "zmqversion"];
/// Grains that describe the running process or its environment (checked by
/// `per_process_grains_come_from_this_process`).
const PER_PROCESS: &[&str] = &["cwd", "pid", "path", "systempath", "shell", "locale_info"];
/// Grains Salt adds only on some hosts (virtualisation, init system, storage, firmware):
/// either side may lack them.
const HOST_OPTIONAL: &[&str] = &[
    "virtual_subtype",
    "systemd",
    "selinux",
    "lvm",
    "mdadm",
    "iscsi_iqn",
    "fc_wwn",
    "nvme_nqn",
    "biosversion",
    "biosreleasedate",
    "biosvendor",
    "boardname",
    "manufacturer",
    "productname",
    "serialnumber",
    "uuid",
    "virtual_hv_version",
    "virtual_hv_version_info",
    "virtual_hv_features",
    "virtual_hv_features_list",
    "hardware_virtualization",
    "dns",
    "machine_id",
    "kernelparams",
    "ip_gw",
    "ip4_gw",
    "ip6_gw",
];

fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn salt_grains() -> Map {
    let text = std::fs::read_to_string(data_path("grains.json")).expect("fixture");
    Value::from_json_str(&text)
        .expect("json")
        .get("local")
        .and_then(Value::as_map)
        .cloned()
        .expect("local")
}

fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var("PATH")
        .unwrap_or_default()
        .split(':')
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
}

/// Stdout of `prog args` when `prog` is installed and exits 0.
fn run(prog: &str, args: &[&str]) -> Option<String> {
    which(prog)?;
    let out = Command::new(prog).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn s(v: impl Into<String>) -> Value {
    Value::Str(v.into().into())
}

fn strs<I: IntoIterator<Item = String>>(items: I) -> Value {
    Value::List(items.into_iter().map(s).collect())
}

/// What a grain's value is checked against.
enum Want {
    /// The recorded Salt value (it does not depend on the host, or its inputs are the same).
    Recorded,
    /// Computed from this host now.
    Live(Value),
    /// Computed from this host now; lists compared as sets (Salt builds them from a set).
    LiveSet(Value),
    /// Only the type is compared, for the stated reason.
    TypeOnly(&'static str),
}

fn hostname() -> String {
    read("/proc/sys/kernel/hostname")
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// `/proc/cpuinfo` field of the first processor.
fn cpuinfo(field: &str) -> Option<String> {
    read("/proc/cpuinfo")?.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        (k.trim() == field).then(|| v.trim().to_string())
    })
}

fn meminfo_mb(field: &str) -> Option<i64> {
    read("/proc/meminfo")?.lines().find_map(|l| {
        let v = l.strip_prefix(field)?.strip_prefix(':')?;
        v.split_whitespace()
            .next()?
            .parse::<i64>()
            .ok()
            .map(|kb| kb / 1024)
    })
}

/// `ip -o link` / `ip -o addr`: interfaces in ifindex order with their addresses.
struct IpAddrs {
    /// (name, inet, inet6)
    ifaces: Vec<(String, Vec<String>, Vec<String>)>,
}

fn ip_addrs() -> Option<IpAddrs> {
    let links = run("ip", &["-o", "link", "show"])?;
    let addrs = run("ip", &["-o", "addr", "show"])?;
    let mut ifaces: Vec<(String, Vec<String>, Vec<String>)> = links
        .lines()
        .filter_map(|l| {
            // "2: eth0@if5: <...>": the name ends at ':' (and before '@' for a veth peer).
            let name = l.split(": ").nth(1)?;
            Some((name.split('@').next()?.to_string(), vec![], vec![]))
        })
        .collect();
    for l in addrs.lines() {
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.len() < 4 {
            continue;
        }
        let name = f[1];
        let addr = f[3].split('/').next().unwrap_or("").to_string();
        let Some(entry) = ifaces.iter_mut().find(|i| i.0 == name) else {
            continue;
        };
        match f[2] {
            "inet" => entry.1.push(addr),
            "inet6" => entry.2.push(addr),
            _ => {}
        }
    }
    Some(IpAddrs { ifaces })
}

/// Salt's `ip_addrs` / `ip_addrs6`: unique, sorted as addresses.
fn sorted_addrs(addrs: impl Iterator<Item = String>) -> Value {
    let mut v: Vec<std::net::IpAddr> = addrs.filter_map(|a| a.parse().ok()).collect();
    v.sort();
    v.dedup();
    strs(v.into_iter().map(|a| a.to_string()))
}

/// `ip -N route show`'s default routes, the way Salt's `default_gateway` reads them.
fn gateways() -> Option<(Value, Value, Value)> {
    let mut any = false;
    let mut fam = |v: &str| -> Option<Value> {
        let out = run("ip", &[v, "route", "show"])?;
        let mut gw = Value::Bool(false);
        for line in out.lines().filter(|l| l.starts_with("default")) {
            any = true;
            gw = Value::Bool(true);
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.get(1) == Some(&"via") {
                if let Some(ip) = f.get(2) {
                    gw = s(*ip);
                }
            }
        }
        Some(gw)
    };
    let (gw4, gw6) = (fam("-4")?, fam("-6")?);
    Some((Value::Bool(any), gw4, gw6))
}

/// `getent ahosts NAME`: (first canonical name, addresses).
fn getent(db: &str, name: &str) -> Option<(Option<String>, Vec<String>)> {
    let out = run("getent", &[db, name])?;
    let mut canon = None;
    let mut addrs = Vec::new();
    for l in out.lines() {
        let f: Vec<&str> = l.split_whitespace().collect();
        if let Some(a) = f.first() {
            if !addrs.contains(&a.to_string()) {
                addrs.push(a.to_string());
            }
        }
        if canon.is_none() {
            canon = f.get(2).map(|c| c.to_string());
        }
    }
    Some((canon, addrs))
}

/// Salt's `get_fqhostname`: the canonical name getaddrinfo gives the hostname.
fn fqdn() -> Option<String> {
    getent("ahosts", &hostname())?.0
}

/// /proc/cmdline split as Salt does (`shlex_split`, then `item.split("=")`), for a command
/// line without quotes or backslashes (where shlex is a whitespace split).
fn kernelparams() -> Option<Want> {
    let cmdline = read("/proc/cmdline")?;
    if cmdline.contains(['"', '\'', '\\']) {
        return Some(Want::TypeOnly(
            "a quoted /proc/cmdline needs shlex to split; not re-implemented here",
        ));
    }
    let items = cmdline.split_whitespace().map(|item| {
        let parts: Vec<&str> = item.split('=').collect();
        let value = if parts.len() == 2 {
            s(parts[1])
        } else {
            Value::Null
        };
        Value::List(vec![s(parts[0]), value].into())
    });
    Some(Want::Live(Value::List(items.collect())))
}

/// `salt.utils.dns.parse_resolv`'s nameservers, domain and search (the other keys by type).
fn dns(ours: &Value) -> Option<Want> {
    let path = ["/run/systemd/resolve/resolv.conf", "/etc/resolv.conf"]
        .into_iter()
        .find(|p| Path::new(p).exists())?;
    let text = read(path)?;
    let (mut ns, mut ns4, mut ns6) = (vec![], vec![], vec![]);
    let (mut domain, mut search) = (String::new(), vec![]);
    for line in text.lines() {
        let f: Vec<&str> = line
            .split_whitespace()
            .take_while(|w| !w.starts_with(['#', ';']))
            .collect();
        match f.as_slice() {
            ["nameserver", ip, ..] => {
                let Ok(ip) = ip.parse::<std::net::IpAddr>() else {
                    continue;
                };
                let a = ip.to_string();
                if !ns.contains(&a) {
                    ns.push(a.clone());
                }
                let fam = if ip.is_ipv4() { &mut ns4 } else { &mut ns6 };
                if !fam.contains(&a) {
                    fam.push(a);
                }
            }
            ["domain", d, ..] => domain = d.to_string(),
            ["search", rest @ ..] => search = rest.iter().map(|x| x.to_string()).collect(),
            _ => {}
        }
    }
    let mut m = ours.as_map().cloned().unwrap_or_default();
    m.insert("nameservers", strs(ns));
    m.insert("ip4_nameservers", strs(ns4));
    m.insert("ip6_nameservers", strs(ns6));
    m.insert("domain", s(domain));
    m.insert("search", strs(search));
    Some(Want::Live(Value::Map(m)))
}

/// The uid/gid line of /proc/self/status: (real, effective).
fn status_id(field: &str) -> Option<u32> {
    read("/proc/self/status")?.lines().find_map(|l| {
        l.strip_prefix(field)?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    })
}

fn name_of(db: &str, id: u32) -> Option<String> {
    read(db)?.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.len() > 2 && f[2] == id.to_string()).then(|| f[0].to_string())
    })
}

/// Does this host's /etc/os-release equal the one the recording was made with?
fn same_os_release() -> bool {
    let recorded = std::fs::read(data_path("os-release")).ok();
    let live = std::fs::read("/etc/os-release")
        .or_else(|_| std::fs::read("/usr/lib/os-release"))
        .ok();
    recorded.is_some() && recorded == live
}

/// How grain `key` is checked on this host; `ours` is halite's value (for keys compared
/// partly).
fn expectation(key: &str, ours: &Value, net: &Option<IpAddrs>) -> Want {
    let ip_missing = "`ip` is not installed (the expectation is computed from `ip -o addr`)";
    match key {
        "master" | "server_id" | "id" | "pythonversion" | "saltversion" | "saltversioninfo"
        | "package" => Want::Recorded,
        "os" | "os_family" | "oscodename" | "osfullname" | "lsb_distrib_id"
        | "lsb_distrib_release" | "lsb_distrib_codename" | "osrelease" | "osrelease_info"
        | "osmajorrelease" | "osfinger" | "ps" => {
            if same_os_release() {
                Want::Recorded
            } else {
                Want::TypeOnly("another distribution than the recording's (tests/data/os-release); values_derivable_on_any_host checks the os-release fields")
            }
        }
        "kernel" => Want::Live(s("Linux")),
        "nodename" | "localhost" => Want::Live(s(hostname())),
        "kernelrelease" => Want::Live(s(read("/proc/sys/kernel/osrelease")
            .unwrap_or_default()
            .trim())),
        "kernelversion" => Want::Live(s(read("/proc/sys/kernel/version")
            .unwrap_or_default()
            .trim())),
        "cpuarch" => match run("uname", &["-m"]) {
            Some(m) => Want::Live(s(m.trim())),
            None => Want::TypeOnly("no uname(1)"),
        },
        "osarch" => match run("dpkg", &["--print-architecture"]) {
            Some(a) => Want::Live(s(a.trim())),
            None => Want::TypeOnly("osarch comes from dpkg or rpm; only dpkg is read here"),
        },
        "machine_id" => match ["/etc/machine-id", "/var/lib/dbus/machine-id"]
            .iter()
            .find_map(|p| read(p))
        {
            Some(m) => Want::Live(s(m.trim())),
            None => Want::TypeOnly("no machine-id file"),
        },
        "num_cpus" => Want::Live(Value::Int(
            read("/proc/cpuinfo")
                .unwrap_or_default()
                .lines()
                .filter(|l| l.split(':').next().map(str::trim) == Some("processor"))
                .count() as i64,
        )),
        "cpu_model" => match cpuinfo("model name") {
            Some(m) => Want::Live(s(m)),
            None => Want::TypeOnly("no `model name` in /proc/cpuinfo (not x86)"),
        },
        "cpu_flags" => match cpuinfo("flags") {
            Some(f) => Want::Live(strs(f.split_whitespace().map(String::from))),
            None => Want::TypeOnly("no `flags` in /proc/cpuinfo (not x86)"),
        },
        "mem_total" => Want::Live(Value::Int(meminfo_mb("MemTotal").unwrap_or(0))),
        "swap_total" => Want::Live(Value::Int(meminfo_mb("SwapTotal").unwrap_or(0))),
        "kernelparams" => {
            kernelparams().unwrap_or(Want::TypeOnly("/proc/cmdline is not readable"))
        }
        "hwaddr_interfaces" => {
            let mut ifs: Vec<(u64, String, String)> = std::fs::read_dir("/sys/class/net")
                .map(|rd| {
                    rd.flatten()
                        .filter_map(|e| {
                            let name = e.file_name().to_string_lossy().into_owned();
                            let base = e.path();
                            let idx = read(&base.join("ifindex").to_string_lossy())?
                                .trim()
                                .parse()
                                .ok()?;
                            let addr = read(&base.join("address").to_string_lossy())?
                                .trim()
                                .to_string();
                            (!addr.is_empty()).then_some((idx, name, addr))
                        })
                        .collect()
                })
                .unwrap_or_default();
            ifs.sort();
            Want::Live(Value::Map(
                ifs.into_iter().map(|(_, n, a)| (s(n), s(a))).collect(),
            ))
        }
        "ip4_interfaces" | "ip6_interfaces" | "ip_interfaces" => match net {
            Some(net) => Want::Live(Value::Map(
                net.ifaces
                    .iter()
                    .map(|(n, v4, v6)| {
                        let addrs: Vec<String> = match key {
                            "ip4_interfaces" => v4.clone(),
                            "ip6_interfaces" => v6.clone(),
                            _ => v4.iter().chain(v6).cloned().collect(),
                        };
                        (s(n.clone()), strs(addrs))
                    })
                    .collect(),
            )),
            None => Want::TypeOnly(ip_missing),
        },
        "ipv4" | "ipv6" => match net {
            Some(net) => Want::Live(sorted_addrs(net.ifaces.iter().flat_map(|(_, v4, v6)| {
                if key == "ipv4" {
                    v4.clone()
                } else {
                    v6.clone()
                }
            }))),
            None => Want::TypeOnly(ip_missing),
        },
        "ip_gw" | "ip4_gw" | "ip6_gw" => match gateways() {
            Some((any, gw4, gw6)) => Want::Live(match key {
                "ip_gw" => any,
                "ip4_gw" => gw4,
                _ => gw6,
            }),
            None => Want::TypeOnly(ip_missing),
        },
        "fqdn" => match fqdn() {
            Some(f) => Want::Live(s(f)),
            None => Want::TypeOnly("getent cannot resolve the hostname"),
        },
        "host" | "domain" => match fqdn() {
            Some(f) => {
                let (h, d) = f.split_once('.').unwrap_or((&f, ""));
                Want::Live(s(if key == "host" { h } else { d }))
            }
            None => Want::TypeOnly("getent cannot resolve the hostname"),
        },
        "fqdn_ip4" | "fqdn_ip6" => {
            let v6 = key == "fqdn_ip6";
            let has_family = net.as_ref().map(|n| {
                n.ifaces
                    .iter()
                    .any(|(_, v4s, v6s)| !if v6 { v6s } else { v4s }.is_empty())
            });
            match (has_family, fqdn()) {
                (Some(false), _) => Want::Live(Value::List(Default::default())),
                (Some(true), Some(f)) => {
                    let db = if v6 { "ahostsv6" } else { "ahostsv4" };
                    // ahostsv6 maps IPv4 answers (AI_V4MAPPED); Salt's AF_INET6 query does not.
                    let addrs = getent(db, &f)
                        .map(|(_, a)| a)
                        .unwrap_or_default()
                        .into_iter()
                        .filter(|a| !a.starts_with("::ffff:"));
                    Want::LiveSet(strs(addrs))
                }
                _ => Want::TypeOnly("`ip` or getent missing"),
            }
        }
        "dns" => dns(ours).unwrap_or(Want::TypeOnly("no resolv.conf")),
        "fqdns" => Want::TypeOnly(
            "reverse DNS lookups of every address: a second lookup here could differ",
        ),
        "disks" | "ssds" => {
            let mut disks = vec![];
            let mut ssds = vec![];
            for e in std::fs::read_dir("/sys/block").into_iter().flatten().flatten() {
                let virtual_dev = std::fs::read_link(e.path())
                    .is_ok_and(|l| l.to_string_lossy().starts_with("../devices/virtual/"));
                if virtual_dev {
                    continue;
                }
                let name = e.file_name().to_string_lossy().into_owned();
                match read(&e.path().join("queue/rotational").to_string_lossy())
                    .as_deref()
                    .map(|f| f.chars().next())
                {
                    Some(Some('0')) => ssds.push(name),
                    Some(Some('1')) => disks.push(name),
                    _ => {}
                }
            }
            // Salt lists them in glob order (directory order); compared as sets.
            Want::LiveSet(strs(if key == "disks" { disks } else { ssds }))
        }
        "num_gpus" | "gpus" => match which("lspci") {
            None => Want::Live(if key == "gpus" {
                Value::List(Default::default())
            } else {
                Value::Int(0)
            }),
            Some(_) => Want::TypeOnly("parsing `lspci -vmm` is not re-implemented here"),
        },
        "transactional" => Want::Live(Value::Bool(which("transactional-update").is_some())),
        "efi" | "efi-secure-boot" => {
            let efi = ["/sys/firmware/efi/efivars", "/sys/firmware/efi/vars"]
                .iter()
                .any(|p| Path::new(p).exists());
            if key == "efi" || !efi {
                Want::Live(Value::Bool(efi))
            } else {
                Want::TypeOnly("reading the SecureBoot efivar is not re-implemented here")
            }
        }
        "zfs_support" | "zfs_feature_flags" => {
            let zfs = Path::new("/sys/module/zfs").exists() && which("zpool").is_some();
            if key == "zfs_support" || !zfs {
                Want::Live(Value::Bool(zfs))
            } else {
                Want::TypeOnly("`zpool get` is not re-implemented here")
            }
        }
        "uid" | "gid" | "username" | "groupname" => {
            let field = if matches!(key, "uid" | "username") {
                "Uid:"
            } else {
                "Gid:"
            };
            let Some(id) = status_id(field) else {
                return Want::TypeOnly("no /proc/self/status");
            };
            match key {
                "uid" | "gid" => Want::Live(Value::Int(i64::from(id))),
                "username" => Want::Live(name_of("/etc/passwd", id).map(s).unwrap_or_default()),
                _ => Want::Live(name_of("/etc/group", id).map(s).unwrap_or_default()),
            }
        }
        "systemd" => match run("systemctl", &["--version"]) {
            Some(out) => {
                let mut lines = out.lines();
                let version = lines
                    .next()
                    .and_then(|l| l.split_whitespace().nth(1))
                    .unwrap_or("UNDEFINED");
                let mut m = Map::new();
                m.insert("version", s(version));
                m.insert("features", s(lines.next().unwrap_or("")));
                Want::Live(Value::Map(m))
            }
            None => Want::TypeOnly("no systemctl"),
        },
        "init" => {
            if Path::new("/run/systemd/system").exists() {
                Want::Live(s("systemd"))
            } else {
                Want::TypeOnly("without systemd Salt inspects pid 1's binary; not re-implemented here")
            }
        }
        "virtual" | "virtual_subtype" => Want::TypeOnly(
            "Salt's virtual() weighs a dozen commands and files; re-implementing it here would copy halite",
        ),
        "zmqversion" | "pythonexecutable" | "pythonpath" | "saltpath" => {
            Want::TypeOnly("not implemented")
        }
        other if HOST_OPTIONAL.contains(&other) => {
            Want::TypeOnly("a host-optional grain without an expectation here")
        }
        other => panic!("no expectation for the `{other}` grain: add one to expectation()"),
    }
}

#[test]
fn keys_and_order_match_salt() {
    let salt = salt_grains();
    let ours = recorded_release_grains();
    let salt_keys: Vec<String> = salt.keys().map(Value::py_str).collect();
    let our_keys: Vec<String> = ours.keys().map(Value::py_str).collect();
    let optional = |k: &str| HOST_OPTIONAL.contains(&k) || NOT_IMPLEMENTED.contains(&k);
    let missing: Vec<&String> = salt_keys
        .iter()
        .filter(|k| !ours.contains_key(k) && !optional(k))
        .collect();
    assert!(
        missing.is_empty(),
        "grains Salt reports and halite lacks: {missing:?}"
    );
    let extra: Vec<&String> = our_keys
        .iter()
        .filter(|k| !salt.contains_key(k) && !optional(k))
        .collect();
    assert!(
        extra.is_empty(),
        "grains halite reports and Salt does not: {extra:?}"
    );
    // The host-optional grains whose presence this host decides.
    let has = |k: &str| ours.contains_key(k);
    assert_eq!(has("ip_gw"), which("ip").is_some(), "ip_gw iff `ip` exists");
    assert_eq!(
        has("kernelparams"),
        Path::new("/proc/cmdline").exists(),
        "kernelparams iff /proc/cmdline"
    );
    assert_eq!(
        has("machine_id"),
        ["/etc/machine-id", "/var/lib/dbus/machine-id"]
            .iter()
            .any(|p| Path::new(p).exists()),
        "machine_id iff a machine-id file"
    );
    let common_salt: Vec<&String> = salt_keys.iter().filter(|k| ours.contains_key(k)).collect();
    let common_ours: Vec<&String> = our_keys.iter().filter(|k| salt.contains_key(k)).collect();
    assert_eq!(common_salt, common_ours, "key order differs");
}

fn sorted_json(v: &Value) -> String {
    match v {
        Value::List(l) => {
            let mut items: Vec<String> = l.iter().map(Value::to_json).collect();
            items.sort();
            items.join(",")
        }
        other => other.to_json(),
    }
}

#[test]
fn values_match_salt() {
    let salt = salt_grains();
    let ours = recorded_release_grains();
    let net = ip_addrs();
    let mut diffs = Vec::new();
    let mut skipped = Vec::new();
    let mut keys: Vec<String> = salt.keys().map(Value::py_str).collect();
    keys.extend(
        ours.keys()
            .map(Value::py_str)
            .filter(|k| !salt.contains_key(k.as_str())),
    );
    for k in &keys {
        let Some(got) = ours.get(k.as_str()) else {
            continue;
        };
        if PER_PROCESS.contains(&k.as_str()) {
            continue;
        }
        let recorded = salt.get(k.as_str());
        let (want, got_cmp) = match expectation(k, got, &net) {
            Want::Recorded => match recorded {
                Some(r) => (r.to_json(), got.to_json()),
                None => continue,
            },
            Want::Live(v) => (v.to_json(), got.to_json()),
            Want::LiveSet(v) => (sorted_json(&v), sorted_json(got)),
            Want::TypeOnly(why) => {
                skipped.push(format!("{k} ({why})"));
                match recorded {
                    Some(r) if !r.is_null() && !got.is_null() => {
                        (r.type_name().to_string(), got.type_name().to_string())
                    }
                    _ => continue,
                }
            }
        };
        if want != got_cmp {
            diffs.push(format!("{k}: want {want} halite {got_cmp}"));
        }
    }
    eprintln!("compared by type only: {}", skipped.join("; "));
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

#[test]
fn per_process_grains_come_from_this_process() {
    let g = halite_grains::core_grains_for(Some("x"));
    assert_eq!(
        g.get("pid").and_then(Value::as_i64),
        Some(std::process::id() as i64)
    );
    let cwd = std::env::current_dir()
        .expect("cwd")
        .to_string_lossy()
        .into_owned();
    assert_eq!(g.get("cwd").and_then(Value::as_str), Some(cwd.as_str()));
    let path = std::env::var("PATH").unwrap_or_default();
    assert_eq!(g.get("path").and_then(Value::as_str), Some(path.trim()));
    let shell = std::env::var("SHELL").unwrap_or_else(|_| "/bin/sh".into());
    assert_eq!(g.get("shell").and_then(Value::as_str), Some(shell.as_str()));
    assert_eq!(g.get("id").and_then(Value::as_str), Some("x"));
    assert!(matches!(g.get("locale_info"), Some(Value::Map(_))));
}

#[test]
fn values_derivable_on_any_host() {
    let g = halite_grains::core_grains_for(Some("testminion"));
    let os_release = read("/etc/os-release").unwrap_or_default();
    let field = |k: &str| {
        os_release
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{k}=")))
            .map(|v| v.trim_matches('"').to_string())
    };
    if let Some(name) = field("NAME") {
        assert_eq!(
            g.get("osfullname").and_then(Value::as_str),
            Some(name.as_str())
        );
    }
    if let Some(ver) = field("VERSION_ID") {
        assert_eq!(
            g.get("osrelease").and_then(Value::as_str),
            Some(ver.as_str())
        );
        if let Ok(major) = ver.split('.').next().unwrap_or("").parse::<i64>() {
            assert_eq!(g.get("osmajorrelease").and_then(Value::as_i64), Some(major));
        }
    }
    for k in [
        "ipv4",
        "ipv6",
        "cpu_flags",
        "disks",
        "ssds",
        "gpus",
        "fqdns",
        "fqdn_ip4",
        "fqdn_ip6",
        "osrelease_info",
        "saltversioninfo",
    ] {
        assert!(
            matches!(g.get(k), Some(Value::List(_))),
            "{k} should be a list"
        );
    }
    for k in [
        "ip_interfaces",
        "ip4_interfaces",
        "ip6_interfaces",
        "hwaddr_interfaces",
        "locale_info",
    ] {
        assert!(
            matches!(g.get(k), Some(Value::Map(_))),
            "{k} should be a dict"
        );
    }
}

/// The core grains for minion `testminion` as Salt 3007.8 (the recording's release) reports
/// them: `saltversion` and `saltversioninfo` follow `salt_compat`.
fn recorded_release_grains() -> Map {
    halite_grains::core_grains_with(&halite_grains::GrainsOptions {
        id: "testminion".into(),
        salt_compat: halite_value::SaltCompat::V3007,
        ..Default::default()
    })
}

#[test]
fn saltversion_follows_salt_compat() {
    for compat in halite_value::SaltCompat::ALL {
        let g = halite_grains::core_grains_with(&halite_grains::GrainsOptions {
            id: "x".into(),
            enable_fqdns: false,
            salt_compat: compat,
            ..Default::default()
        });
        let (major, minor) = compat.version_info();
        assert_eq!(g.get("saltversion"), Some(&Value::str(compat.version())));
        assert_eq!(
            g.get("saltversioninfo"),
            Some(&Value::List(
                vec![Value::Int(major), Value::Int(minor)].into()
            ))
        );
        // Seen on the oracles' grains.items: 3008 added fibre_channel_host (after dns) and
        // ca_truststore ("certifi") and dropped the zfs grains.
        let salt3008 = compat.is_3008();
        assert_eq!(g.contains_key("fibre_channel_host"), salt3008);
        assert_eq!(g.contains_key("zfs_support"), !salt3008);
        assert_eq!(
            g.get("ca_truststore")
                .is_some_and(|v| v == &Value::str("certifi")),
            salt3008
        );
    }
}
